package ui

import (
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/gputaskman/gtm/app/history"
)

// allCharts is the charts dropdown's first choice.
const allCharts = "All charts"

// chartsPanel shows the eight history charts in a grid that reflows with
// the width, or one of them large (the dropdown and `c`).
type chartsPanel struct {
	root   *fyne.Container
	pick   *widget.Select
	charts [history.NumMetrics]*Chart
	large  *Chart
	grid   *fyne.Container
	body   *fyne.Container
	mode   int // -1 all, else the metric shown large
}

func newChartsPanel() *chartsPanel {
	c := &chartsPanel{mode: -1}
	objs := make([]fyne.CanvasObject, history.NumMetrics)
	for m := range c.charts {
		c.charts[m] = NewChart(history.Metric(m))
		objs[m] = c.charts[m]
	}
	c.grid = container.New(&reflowGrid{minWidth: 220, height: 96}, objs...)
	c.large = NewChart(history.MetricGPU)
	c.large.large = true
	opts := []string{allCharts}
	for _, n := range history.MetricNames {
		opts = append(opts, n)
	}
	c.pick = widget.NewSelect(opts, func(s string) {
		mode := -1
		for i, n := range history.MetricNames {
			if n == s {
				mode = i
			}
		}
		c.setMode(mode)
	})
	c.pick.Selected = allCharts
	c.body = container.NewStack(c.grid)
	c.root = container.NewBorder(nil, nil, nil, nil, c.body)
	return c
}

// setMode shows all charts (-1) or one metric large.
func (c *chartsPanel) setMode(mode int) {
	if mode == c.mode {
		return
	}
	c.mode = mode
	if mode < 0 {
		c.body.Objects = []fyne.CanvasObject{c.grid}
		c.pick.Selected = allCharts
	} else {
		src := c.charts[mode]
		c.large.metric, c.large.color, c.large.title = src.metric, src.color, src.title
		c.large.SetSeries(src.series, src.end, src.span, src.gapAfter)
		c.body.Objects = []fyne.CanvasObject{c.large}
		c.pick.Selected = history.MetricNames[mode]
	}
	c.pick.Refresh()
	c.body.Refresh()
}

// cycle steps All → GPU → … → Decoder → All (`c`).
func (c *chartsPanel) cycle() {
	next := c.mode + 1
	if next >= int(history.NumMetrics) {
		next = -1
	}
	c.setMode(next)
}

// update redraws the charts from the history; only the visible ones draw.
// growthSince marks on the VRAM chart where the device's steady growth
// began (zero: none). It returns the time span shown.
func (c *chartsPanel) update(h *history.History, dev int, end, growthSince time.Time) time.Duration {
	span := chartSpan(h, dev, end)
	gap := gapAfter(h.Interval())
	c.charts[history.MetricVRAM].marker = growthSince
	c.large.marker = time.Time{}
	if c.mode == int(history.MetricVRAM) {
		c.large.marker = growthSince
	}
	for m, ch := range c.charts {
		s := h.Series(dev, history.Metric(m))
		if c.mode == -1 {
			ch.SetSeries(s, end, span, gap)
		} else {
			// Hidden charts keep their data for when they show again,
			// without drawing.
			ch.series, ch.end, ch.span, ch.gapAfter = s, end, span, gap
			ch.value, ch.scale = chartValue(s), chartScale(s)
			if m == c.mode {
				c.large.SetSeries(s, end, span, gap)
			}
		}
	}
	return span
}

// chartSpan is the time the charts cover: the history's whole span once
// it is full, before that what has been collected (at least a minute,
// whole minutes), so a fresh window or a short capture fills the charts
// instead of a sliver at their right edge.
func chartSpan(h *history.History, dev int, end time.Time) time.Duration {
	full := time.Duration(h.Capacity()) * h.Interval()
	s := h.Series(dev, history.MetricGPU)
	if s.Len() == 0 {
		return time.Minute
	}
	first, _ := s.At(0)
	have := end.Sub(first)
	span := max(time.Minute, (have+time.Minute-1)/time.Minute*time.Minute)
	return min(span, full)
}

// gapAfter is how far apart two samples may be and still be joined: a few
// intervals, so one late refresh does not break the line but a pause does.
func gapAfter(interval time.Duration) time.Duration {
	return time.Duration(math.Max(2.5*float64(interval), float64(interval+time.Second)))
}

// reflowGrid lays out equal cells in as many columns as fit minWidth,
// filling the width; rows are height tall.
type reflowGrid struct {
	minWidth, height float32
}

// cols is how many columns fit, evened out so the last row is not mostly
// empty (8 charts in 5 columns become 4 + 4).
func (g *reflowGrid) cols(width float32, n int) int {
	c := max(1, min(int(width/g.minWidth), n))
	rows := (n + c - 1) / c
	return (n + rows - 1) / rows
}

func (g *reflowGrid) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) == 0 {
		return
	}
	cols := g.cols(size.Width, len(objs))
	rows := (len(objs) + cols - 1) / cols
	gap := float32(6)
	w := (size.Width - gap*float32(cols-1)) / float32(cols)
	h := max(g.height, (size.Height-gap*float32(rows-1))/float32(rows))
	if float32(rows)*h > size.Height {
		// Too narrow for the rows to fit: charts get shorter instead.
		h = max(40, (size.Height-gap*float32(rows-1))/float32(rows))
	}
	for i, o := range objs {
		r, c := i/cols, i%cols
		o.Move(fyne.NewPos(float32(c)*(w+gap), float32(r)*(h+gap)))
		o.Resize(fyne.NewSize(w, h))
	}
}

func (g *reflowGrid) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(g.minWidth, 2*g.height)
}
