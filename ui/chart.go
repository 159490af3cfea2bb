package ui

import (
	"image/color"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
	"github.com/gputaskman/gtm/app/history"
	"github.com/gputaskman/gtm/app/report"
)

// Chart is one metric's history: a title, the latest reading, the plot and
// its fixed scale. The plot is a single raster, redrawn only when SetSeries
// gives it new data (see chart_render.go).
type Chart struct {
	widget.BaseWidget

	metric history.Metric
	color  color.NRGBA

	series   history.Series
	end      time.Time     // the right edge of the plot
	span     time.Duration // how much time the plot shows
	gapAfter time.Duration // samples further apart are not joined

	title, value, scale string
	large               bool
	// marker is where a trend began (the foot of a steady growth), drawn
	// as a dashed line; zero for none.
	marker time.Time
}

// NewChart makes an empty chart for one metric.
func NewChart(m history.Metric) *Chart {
	c := &Chart{metric: m, color: metricColors[m], title: m.String(), value: report.NA, span: history.DefaultSpan, gapAfter: 3 * time.Second}
	c.ExtendBaseWidget(c)
	return c
}

// metricColors follow the usual task-manager conventions (GPU blue, memory
// purple, temperature orange, power red, video engines green/teal).
var metricColors = [history.NumMetrics]color.NRGBA{
	history.MetricGPU:         {0x3d, 0x8b, 0xfd, 0xff},
	history.MetricSMClock:     {0x5a, 0xc8, 0xfa, 0xff},
	history.MetricVRAM:        {0xa3, 0x71, 0xf7, 0xff},
	history.MetricMemActivity: {0xd0, 0x7c, 0xe8, 0xff},
	history.MetricTemperature: {0xf5, 0x9e, 0x0b, 0xff},
	history.MetricPower:       {0xef, 0x44, 0x44, 0xff},
	history.MetricEncoder:     {0x22, 0xc5, 0x5e, 0xff},
	history.MetricDecoder:     {0x14, 0xb8, 0xa6, 0xff},
}

// SetSeries shows new samples. end is the time at the plot's right edge
// (the newest snapshot), span the time it covers, and samples further
// apart than gapAfter leave a gap (collection was paused or stalled).
func (c *Chart) SetSeries(s history.Series, end time.Time, span, gapAfter time.Duration) {
	c.series, c.end, c.span, c.gapAfter = s, end, span, gapAfter
	c.value = chartValue(s)
	c.scale = chartScale(s)
	c.Refresh()
}

// SetMarker marks where a trend began (zero: no marker).
func (c *Chart) SetMarker(at time.Time) {
	if !c.marker.Equal(at) {
		c.marker = at
		c.Refresh()
	}
}

// Marker is the time marked (zero: none).
func (c *Chart) Marker() time.Time { return c.marker }

// SetTitle names the chart (the metric's name by default).
func (c *Chart) SetTitle(title string) {
	if c.title != title {
		c.title = title
		c.Refresh()
	}
}

// Texts returns the title, latest value and scale (for tests).
func (c *Chart) Texts() (title, value, scale string) { return c.title, c.value, c.scale }

// chartValue formats the newest sample; a missing one is n/a.
func chartValue(s history.Series) string {
	_, v, ok := s.Last()
	if !ok || math.IsNaN(float64(v)) {
		return report.NA
	}
	f := float64(v)
	switch s.Metric {
	case history.MetricSMClock:
		return report.FormatUnit(&f, "MHz")
	case history.MetricVRAM:
		b := uint64(f)
		out := report.FormatBytes(&b)
		if s.Max > 0 && s.MaxLabel == "total" {
			t := uint64(s.Max)
			out += " / " + report.FormatBytes(&t)
		}
		return out
	case history.MetricTemperature:
		return report.FormatUnit(&f, "°C")
	case history.MetricPower:
		f = math.Round(f)
		return report.FormatUnit(&f, "W")
	default:
		return report.FormatPercent(&f)
	}
}

// chartScale prints the fixed scale, saying where it comes from.
func chartScale(s history.Series) string {
	if s.Max <= 0 {
		return "scale: waiting for a reading"
	}
	switch s.Metric {
	case history.MetricGPU, history.MetricEncoder, history.MetricDecoder:
		return "0–100 %"
	case history.MetricMemActivity:
		return "0–100 % (activity, not bandwidth)"
	case history.MetricTemperature:
		return "0–120 °C"
	case history.MetricVRAM:
		b := uint64(s.Max)
		return "0–" + report.FormatBytes(&b) + " (" + s.MaxLabel + ")"
	case history.MetricPower:
		return "0–" + report.FormatUnit(&s.Max, "W") + " (" + s.MaxLabel + ")"
	case history.MetricSMClock:
		return "0–" + report.FormatUnit(&s.Max, "MHz") + " (" + s.MaxLabel + ")"
	}
	return ""
}

// plotColumns maps the series onto w pixel columns of a plot h pixels
// high: ys[x] is the line's row at column x (0 is the top), or -1 where
// there is no reading. A missing sample, or two samples further apart than
// gapAfter, leave columns at -1; a reading of 0 sits on the bottom row.
func plotColumns(s history.Series, end time.Time, span, gapAfter time.Duration, w, h int, ys []int) []int {
	if cap(ys) < w {
		ys = make([]int, w)
	}
	ys = ys[:w]
	for i := range ys {
		ys[i] = -1
	}
	if w < 2 || h < 2 || s.Max <= 0 || span <= 0 {
		return ys
	}
	start := end.Add(-span)
	xOf := func(t time.Time) float64 { return float64(t.Sub(start)) / float64(span) * float64(w-1) }
	yOf := func(v float32) float64 {
		f := float64(v) / s.Max
		f = max(0, min(1, f))
		return (1 - f) * float64(h-1)
	}
	var prevT time.Time
	prevV := float32(math.NaN())
	n := s.Len()
	for i := 0; i < n; i++ {
		t, v := s.At(i)
		if t.Before(start.Add(-gapAfter)) || t.After(end) {
			prevT, prevV = t, v
			continue
		}
		if math.IsNaN(float64(v)) {
			prevT, prevV = t, v
			continue
		}
		x1, y1 := xOf(t), yOf(v)
		if !math.IsNaN(float64(prevV)) && !prevT.IsZero() && t.Sub(prevT) <= gapAfter {
			x0, y0 := xOf(prevT), yOf(prevV)
			from := int(math.Ceil(x0))
			for x := max(from, 0); x <= int(x1) && x < w; x++ {
				f := 0.0
				if x1 > x0 {
					f = (float64(x) - x0) / (x1 - x0)
				}
				ys[x] = int(math.Round(y0 + f*(y1-y0)))
			}
		}
		if x := int(math.Round(x1)); x >= 0 && x < w {
			ys[x] = int(math.Round(y1))
		}
		prevT, prevV = t, v
	}
	return ys
}

// CreateRenderer implements fyne.Widget.
func (c *Chart) CreateRenderer() fyne.WidgetRenderer { return newChartRenderer(c) }
