package ui

import (
	"image"
	"image/color"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/gputaskman/gtm/app/history"

	"github.com/gputaskman/gtm/internal/schema"
)

// series builds a GPU series from readings one second apart (nil: none).
func series(vals ...*float64) (history.Series, time.Time) {
	h := history.New(time.Duration(len(vals))*time.Second, time.Second)
	var end time.Time
	for i, v := range vals {
		end = t0.Add(time.Duration(i) * time.Second)
		h.Add(&schema.Snapshot{TakenAt: end, Devices: []schema.Device{{Index: 0, GPUUtilPercent: v}}})
	}
	return h.Series(0, history.MetricGPU), end
}

func TestPlotGapsAndZeros(t *testing.T) {
	s, end := series(ptr(50.0), ptr(0.0), ptr(0.0), nil, nil, ptr(100.0), ptr(100.0))
	const w, h = 61, 11 // 10 px per second
	ys := plotColumns(s, end, 6*time.Second, 2500*time.Millisecond, w, h, nil)
	// 0..20: 50 % falling to 0 on the baseline, then flat on it.
	if ys[0] != 5 || ys[10] != 10 || ys[15] != 10 || ys[20] != 10 {
		t.Errorf("zeros not on the baseline: %v", ys[:21])
	}
	// 21..49: no reading: a gap, not a line at 0.
	for x := 21; x < 50; x++ {
		if ys[x] != -1 {
			t.Fatalf("column %d = %d inside the gap", x, ys[x])
		}
	}
	// 50..60: 100 % at the top.
	if ys[50] != 0 || ys[60] != 0 {
		t.Errorf("100%% not at the top: %v", ys[50:])
	}
}

func TestPlotGapWhenSamplesFarApart(t *testing.T) {
	h := history.New(time.Minute, time.Second)
	for _, sec := range []int{0, 1, 20, 21} { // paused between 1 and 20
		h.Add(&schema.Snapshot{TakenAt: t0.Add(time.Duration(sec) * time.Second), Devices: []schema.Device{{Index: 0, GPUUtilPercent: ptr(40.0)}}})
	}
	ys := plotColumns(h.Series(0, history.MetricGPU), t0.Add(21*time.Second), 21*time.Second, 2500*time.Millisecond, 22, 11, nil)
	if ys[1] < 0 || ys[20] < 0 {
		t.Fatalf("samples not drawn: %v", ys)
	}
	for x := 2; x < 20; x++ {
		if ys[x] != -1 {
			t.Fatalf("paused stretch joined at column %d: %v", x, ys)
		}
	}
}

func TestChartDrawsOnlyWhereThereAreReadings(t *testing.T) {
	test.NewTempApp(t)
	s, end := series(ptr(0.0), ptr(0.0), nil, nil, ptr(60.0))
	c := NewChart(history.MetricGPU)
	c.Resize(fyne.NewSize(300, 120))
	c.SetSeries(s, end, 4*time.Second, 1500*time.Millisecond)
	r := test.TempWidgetRenderer(t, c).(*chartRenderer)
	img := r.draw(41, 21).(*image.RGBA)
	// The plot paints its background inside a one-pixel border; a reading
	// is the line's colour (the faint grid is not at column 20).
	bg := color.RGBAModel.Convert(r.plotBg).(color.RGBA)
	line := color.RGBA(c.color)
	if img.RGBAAt(20, 1) != bg {
		t.Fatal("background not painted")
	}
	if b := img.RGBAAt(20, 0); b == bg || b == line {
		t.Errorf("no border at the top of the gap: %v", b)
	}
	if img.RGBAAt(0, 20) != line || img.RGBAAt(10, 20) != line {
		t.Error("zero readings are not drawn on the baseline")
	}
	for y := 1; y < 20; y++ {
		if img.RGBAAt(20, y) != bg {
			t.Errorf("pixel drawn in the gap at (20,%d)", y)
		}
	}
	if img.RGBAAt(20, 20) == line {
		t.Error("the gap's baseline is drawn as a reading")
	}
	if _, v, _ := c.Texts(); v != "60%" {
		t.Errorf("value = %q", v)
	}
	// Missing newest reading: n/a, not 0.
	s2, end2 := series(ptr(10.0), nil)
	c.SetSeries(s2, end2, time.Second, 1500*time.Millisecond)
	if _, v, _ := c.Texts(); v != "n/a" {
		t.Errorf("value with no reading = %q", v)
	}
}

func TestChartScalesPrinted(t *testing.T) {
	h := history.New(time.Minute, time.Second)
	h.Add(&schema.Snapshot{TakenAt: t0, Devices: []schema.Device{{Index: 0, PowerW: ptr(120.0), PowerLimitW: ptr(450.0),
		SMClockMHz: ptr(1800.0), MemoryTotalBytes: ptr(uint64(24 << 30)), MemoryUsedBytes: ptr(uint64(6 << 30))}}})
	cases := map[history.Metric]string{
		history.MetricGPU: "0–100 %", history.MetricTemperature: "0–120 °C", history.MetricPower: "0–450 W (limit)",
		history.MetricSMClock: "0–2000 MHz (highest seen)", history.MetricVRAM: "0–24.00 GiB (total)",
		history.MetricMemActivity: "0–100 % (activity, not bandwidth)",
	}
	for m, want := range cases {
		if got := chartScale(h.Series(0, m)); got != want {
			t.Errorf("%v scale = %q, want %q", m, got, want)
		}
	}
	if got := chartValue(h.Series(0, history.MetricVRAM)); got != "6.00 GiB / 24.00 GiB" {
		t.Errorf("VRAM value = %q", got)
	}
}

func TestVRAMBarNormalised(t *testing.T) {
	s := testSnapshot()
	// Shared surfaces counted twice: the rows add up to 30 GiB on a
	// 24 GiB card.
	s.Processes[0].VRAMBytes = ptr(uint64(20 << 30))
	s.Processes[2].VRAMBytes = ptr(uint64(10 << 30))
	s.Devices[0].MemoryUsedBytes = ptr(uint64(23 << 30))
	v := splitVRAM(s, 0)
	if want := "Bar normalised: processes add up to 30.00 GiB, more than 23.00 GiB the card reports in use (shared memory counted more than once). Legend values are raw."; v.Note != want {
		t.Errorf("note = %q", v.Note)
	}
	if !v.Normalised || v.Note == "" {
		t.Fatalf("not normalised: %+v", v)
	}
	var drawn uint64
	for _, b := range v.Drawn {
		drawn += b
	}
	if drawn > v.Total || drawn < v.Total-v.Total/100 {
		t.Errorf("drawn %d of %d", drawn, v.Total)
	}
	// The legend keeps raw values.
	if v.Raw[0] != 20<<30 || v.Raw[3] != 10<<30 {
		t.Errorf("raw = %v", v.Raw)
	}
	w := newWindow(t)
	w.Update(s)
	legend := w.header.bar.Legend()
	if len(legend) < 2 || legend[0] != "AI 20.00 GiB" || legend[1] != "compositor 10.00 GiB" {
		t.Errorf("legend = %q", legend)
	}
	// More than in use but less than the total: still normalised (the
	// free part is the driver's, not what is left after the rows).
	s4 := testSnapshot()
	s4.Devices[0].MemoryUsedBytes = ptr(uint64(4 << 30))
	if v4 := splitVRAM(s4, 0); !v4.Normalised || v4.Raw[7] != 20<<30 || v4.Drawn[0]+v4.Drawn[3] > 4<<30 {
		t.Errorf("rows above used: %+v", v4)
	}
	// Within the total: not normalised, the gap is "not attributed".
	v2 := splitVRAM(testSnapshot(), 0)
	if v2.Normalised || v2.Raw[6] != (9<<30)-(6<<30)-(512<<20) || v2.Raw[7] != 15<<30 {
		t.Errorf("plain split = %+v", v2)
	}
	// An unknown total draws nothing rather than guessing.
	s3 := testSnapshot()
	s3.Devices[0].MemoryTotalBytes = nil
	if v3 := splitVRAM(s3, 0); v3.Known {
		t.Errorf("split with unknown total = %+v", v3)
	}
}

// drawBlended is the plain way to paint a plot, pixel by pixel with
// alpha blending; chartRenderer.draw must give the same image faster.
func drawBlended(r *chartRenderer, w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	paintEmptyPlot(img, r.plotBg, toNRGBA(r.fg))
	c := r.c
	ys := plotColumns(c.series, c.end, c.span, c.gapAfter, w, h, nil)
	fill := c.color
	fill.A = 0x38
	thick := 1
	if h > 120 {
		thick = 2
	}
	for x, y := range ys {
		if y < 0 {
			continue
		}
		for yy := y + 1; yy < h; yy++ {
			blend(img, x, yy, fill)
		}
		lo, hi := y, y
		if x > 0 && ys[x-1] >= 0 {
			lo, hi = min(lo, ys[x-1]), max(hi, ys[x-1])
		}
		for yy := lo - thick + 1; yy <= hi; yy++ {
			if yy >= 0 && yy < h {
				img.SetRGBA(x, yy, color.RGBA(c.color))
			}
		}
	}
	return img
}

func TestChartDrawMatchesBlending(t *testing.T) {
	test.NewTempApp(t)
	var vals []*float64
	for i := 0; i < 90; i++ {
		switch {
		case i%17 == 5, i%17 == 6:
			vals = append(vals, nil) // gaps
		default:
			vals = append(vals, ptr(float64(i*37%101)))
		}
	}
	s, end := series(vals...)
	for _, m := range []history.Metric{history.MetricGPU, history.MetricPower} {
		c := NewChart(m)
		c.SetSeries(s, end, 89*time.Second, 1500*time.Millisecond)
		r := test.TempWidgetRenderer(t, c).(*chartRenderer)
		for _, size := range [][2]int{{41, 21}, {215, 50}, {400, 160}, {215, 50}} {
			got := r.draw(size[0], size[1]).(*image.RGBA)
			want := drawBlended(r, size[0], size[1])
			for i := range want.Pix {
				if got.Pix[i] != want.Pix[i] {
					x, y := (i/4)%size[0], (i/4)/size[0]
					t.Fatalf("%v at %dx%d: pixel (%d,%d) = %v, want %v", m, size[0], size[1], x, y,
						got.RGBAAt(x, y), want.RGBAAt(x, y))
				}
			}
		}
	}
}

// BenchmarkChartDraw is one plot of the grid (eight are drawn on every
// refresh).
func BenchmarkChartDraw(b *testing.B) {
	test.NewTempApp(b)
	var vals []*float64
	for i := 0; i < 600; i++ {
		vals = append(vals, ptr(float64(i*37%101)))
	}
	s, end := series(vals...)
	c := NewChart(history.MetricGPU)
	c.SetSeries(s, end, 599*time.Second, 1500*time.Millisecond)
	r := newChartRenderer(c)
	b.ReportAllocs()
	for b.Loop() {
		r.draw(215, 50)
	}
}
