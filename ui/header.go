package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/internal/schema"
)

// Header shows the selected device (name, PCI id, mode, VRAM bar, engines,
// clocks, I/O, failed sources) and, beside it, the system's CPU and RAM.
type Header struct {
	root     *fyne.Container
	selector *widget.Select
	title    *canvas.Text
	ident    *canvas.Text
	vramText *canvas.Text
	bar      *VRAMBar
	tiles    []*statTile
	tilesBox *fyne.Container
	titleRow *fyne.Container
	vramRow  *fyne.Container
	// relayout is set when a change moved things (a text's width, a line
	// shown or hidden): the window lays out again, once.
	relayout bool
	failed   *widget.Label
	// split divides the card's power among idle, processes and the
	// unattributed rest (estimated); hidden without a power figure.
	split *widget.Label
	// forecast says when the GPU would be full at its steady growth
	// (inferred); hidden without one.
	forecast *widget.Label
	sysCPU   *statTile
	sysRAM   *statTile
	sysSwap  *statTile

	// OnSelectDevice is called when the user picks another device.
	OnSelectDevice func(index int)
	options        []string
	indexes        []int
}

// Stat tiles in the order shown.
const (
	tileGPU = iota
	tileMem
	tileTemp
	tilePower
	tileClocks
	tilePCIe
	tileVideo
	numTiles
)

var tileNames = [numTiles]string{"GPU", "Memory activity (not bandwidth)", "Temperature", "Power / limit", "Clocks SM · Mem · Video", "PCIe rx / tx", "Encoder / decoder"}

func newHeader() *Header {
	h := &Header{}
	h.title = canvas.NewText("Collecting…", theme.Color(theme.ColorNameForeground))
	h.title.TextStyle.Bold = true
	h.title.TextSize = theme.TextSize() * 1.3
	h.ident = canvas.NewText("", theme.Color(theme.ColorNamePlaceHolder))
	h.vramText = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	h.vramText.TextStyle.Bold = true
	h.bar = NewVRAMBar()
	h.selector = widget.NewSelect(nil, func(choice string) {
		for i, o := range h.options {
			if o == choice && h.OnSelectDevice != nil {
				h.OnSelectDevice(h.indexes[i])
			}
		}
	})
	h.selector.Hide()
	h.split = widget.NewLabel("")
	h.split.Importance = widget.LowImportance
	h.split.Hide()
	h.forecast = widget.NewLabel("")
	h.forecast.Importance = widget.WarningImportance
	h.forecast.Hide()
	h.failed = widget.NewLabel("")
	h.failed.Wrapping = fyne.TextWrapWord
	h.failed.Importance = widget.WarningImportance
	h.failed.Hide()

	tiles := container.NewHBox()
	h.tilesBox = tiles
	for i := 0; i < numTiles; i++ {
		t := newStatTile(tileNames[i])
		h.tiles = append(h.tiles, t)
		tiles.Add(t.box)
	}
	h.sysCPU = newStatTile("CPU")
	h.sysRAM = newStatTile("RAM used / total")
	h.sysSwap = newStatTile("Swap used / total")
	sysTitle := canvas.NewText("System", theme.Color(theme.ColorNameForeground))
	sysTitle.TextStyle.Bold = true
	system := container.NewVBox(sysTitle, h.sysCPU.box, h.sysRAM.box, h.sysSwap.box)

	h.titleRow = container.NewHBox(h.selector, h.title, layout.NewSpacer(), h.ident)
	h.vramRow = container.NewBorder(nil, nil, container.NewVBox(h.vramText), nil, h.bar)
	device := container.NewVBox(h.titleRow, h.vramRow, h.forecast, tiles, h.split, h.failed)
	h.root = container.NewBorder(nil, nil, nil, container.NewHBox(widget.NewSeparator(), system), device)
	return h
}

// statTile is a small caption above a bold reading.
type statTile struct {
	box     *fyne.Container
	caption *canvas.Text
	value   *canvas.Text
}

func newStatTile(caption string) *statTile {
	t := &statTile{caption: canvas.NewText(caption, theme.Color(theme.ColorNamePlaceHolder)),
		value: canvas.NewText(report.NA, theme.Color(theme.ColorNameForeground))}
	t.caption.TextSize = theme.TextSize() * 0.8
	t.value.TextStyle.Bold = true
	t.box = container.NewPadded(container.NewVBox(t.caption, t.value))
	return t
}

// set shows a reading; it reports whether the text changed (the row of
// tiles then needs laying out again, as widths change).
func (t *statTile) set(v string) bool {
	if t.value.Text == v {
		return false
	}
	t.value.Text = v
	t.value.Refresh()
	return true
}

// relayout lays c out again after a text in it changed width. Unlike
// c.Refresh it does not refresh (re-render) every object inside: the texts
// that changed refreshed themselves, while a refresh of the header once a
// second re-shaped every label in it, selector and legend included.
// Children whose size changes lay themselves out as they are resized.
func relayout(c *fyne.Container) {
	if c.Layout != nil {
		c.Layout.Layout(c.Objects, c.Size())
	}
}

// setText changes a text only when it differs; it reports a change.
func setText(t *canvas.Text, s string) bool {
	if t.Text == s {
		return false
	}
	t.Text = s
	t.Refresh()
	return true
}

// update shows device dev of s; it changes only what differs.
func (h *Header) update(s *schema.Snapshot, dev int) {
	h.updateSelector(s, dev)
	h.updateSystem(s)
	var d *schema.Device
	for i := range s.Devices {
		if s.Devices[i].Index == dev {
			d = &s.Devices[i]
		}
	}
	if d == nil {
		msg := report.NoGPUMessage(s)
		if msg == "" {
			msg = fmt.Sprintf("GPU %d is not in this snapshot.", dev)
		}
		h.setTitle(msg, hostLabel(s.Host))
		if setText(h.vramText, "") {
			relayout(h.vramRow)
		}
		if h.bar.set(vramSplit{}) {
			h.relayout = true
		}
		h.setTiles([numTiles]string{report.NA, report.NA, report.NA, report.NA, report.NA, report.NA, report.NA})
		h.setForecast("")
		setHiding(h.split, "", &h.relayout)
		h.setFailed(failedSources(s))
		return
	}
	h.setTitle(fmt.Sprintf("GPU %d · %s", d.Index, report.FormatString(d.Name)),
		fmt.Sprintf("PCI %s · %s", report.FormatString(d.PCIBusID), h.modeLabel(s.Host)))
	vram := "VRAM " + report.FormatBytes(d.MemoryUsedBytes) + " / " + report.FormatBytes(d.MemoryTotalBytes)
	if d.MemoryUsedBytes != nil && d.MemoryTotalBytes != nil && *d.MemoryTotalBytes > 0 {
		vram += fmt.Sprintf(" (%.0f %%)", 100*float64(*d.MemoryUsedBytes)/float64(*d.MemoryTotalBytes))
	}
	if setText(h.vramText, vram+"  ") {
		relayout(h.vramRow)
	}
	if h.bar.set(splitVRAM(s, dev)) {
		h.relayout = true
	}

	h.setTiles([numTiles]string{
		tileGPU:    report.FormatPercent(d.GPUUtilPercent),
		tileMem:    report.FormatPercent(d.MemoryUtilPercent),
		tileTemp:   report.FormatUnit(d.TemperatureC, "°C"),
		tilePower:  roundedUnit(d.PowerW, "W") + " / " + roundedUnit(d.PowerLimitW, "W"),
		tileClocks: mhz(d.SMClockMHz) + " · " + mhz(d.MemoryClockMHz) + " · " + mhz(d.VideoClockMHz) + " MHz",
		tilePCIe:   report.FormatRate(d.PCIeRxBytesPerS) + " / " + report.FormatRate(d.PCIeTxBytesPerS),
		tileVideo:  report.FormatPercent(d.EncoderUtilPct) + " / " + report.FormatPercent(d.DecoderUtilPct),
	})
	h.setForecast(warnings(s, *d))
	setHiding(h.split, report.PowerLine(*d), &h.relayout)
	h.setFailed(failedSources(s))
}

func (h *Header) setTiles(vals [numTiles]string) {
	changed := false
	for i, v := range vals {
		if h.tiles[i].set(v) {
			changed = true
		}
	}
	if changed {
		relayout(h.tilesBox)
	}
}

func (h *Header) modeLabel(host schema.Host) string {
	return host.Mode
}

func (h *Header) setTitle(title, ident string) {
	a := setText(h.title, title)
	b := setText(h.ident, ident)
	if a || b {
		relayout(h.titleRow)
	}
}

// warnings are the device's forecast and the engine pressures of the
// processes on it, a line each.
func warnings(s *schema.Snapshot, d schema.Device) string {
	var lines []string
	if f := report.ForecastLine(d); f != "" {
		lines = append(lines, f)
	}
	seen := map[string]bool{}
	for _, p := range s.Processes {
		if p.DeviceIndex == nil || *p.DeviceIndex != d.Index {
			continue
		}
		for _, line := range append(report.PressureLines(p), report.SpillLine(p)) {
			if line != "" && !seen[line] {
				seen[line] = true
				lines = append(lines, line)
			}
		}
	}
	return strings.Join(lines, "\n")
}

// setHiding sets l's text, hidden when empty, and asks for a relayout
// when it changed.
func setHiding(l *widget.Label, text string, relayout *bool) {
	if l.Text == text {
		return
	}
	// The window is laid out again only when the label appears, goes or
	// changes its number of lines: the power split's figures change every
	// refresh, and a whole-window relayout each second costs CPU.
	hidden := text == ""
	if hidden != l.Hidden || strings.Count(text, "\n") != strings.Count(l.Text, "\n") {
		*relayout = true
	}
	l.Hidden = hidden
	l.SetText(text)
}

func (h *Header) setForecast(text string) { setHiding(h.forecast, text, &h.relayout) }

func (h *Header) setFailed(text string) {
	if h.failed.Text == text {
		return
	}
	h.failed.SetText(text)
	h.failed.Hidden = text == ""
	h.relayout = true
}

func (h *Header) updateSelector(s *schema.Snapshot, dev int) {
	if len(s.Devices) < 2 {
		if h.selector.Visible() {
			h.selector.Hide()
			h.titleRow.Refresh()
		}
		return
	}
	opts := make([]string, 0, len(s.Devices))
	idx := make([]int, 0, len(s.Devices))
	sel := ""
	for _, d := range s.Devices {
		o := fmt.Sprintf("GPU %d", d.Index)
		opts = append(opts, o)
		idx = append(idx, d.Index)
		if d.Index == dev {
			sel = o
		}
	}
	if strings.Join(opts, "\n") != strings.Join(h.options, "\n") {
		h.options, h.indexes = opts, idx
		h.selector.SetOptions(opts)
	}
	if h.selector.Selected != sel {
		// Setting Selected directly does not call OnChanged (it is us,
		// not the user).
		h.selector.Selected = sel
		h.selector.Refresh()
	}
	if !h.selector.Visible() {
		h.selector.Show()
		h.titleRow.Refresh()
	}
}

func (h *Header) updateSystem(s *schema.Snapshot) {
	used, total := systemRAM(s)
	su, st := systemSwap(s)
	a := h.sysCPU.set(report.FormatPercent(systemCPU(s)))
	b := h.sysRAM.set(report.FormatBytes(used) + " / " + report.FormatBytes(total))
	c := h.sysSwap.set(report.FormatBytes(su) + " / " + report.FormatBytes(st))
	if a || b || c {
		relayout(h.root)
	}
}

func roundedUnit(v *float64, unit string) string {
	if v == nil {
		return report.NA
	}
	return strconv.FormatFloat(*v, 'f', 0, 64) + " " + unit
}

func mhz(v *float64) string {
	if v == nil {
		return report.NA
	}
	return strconv.FormatFloat(*v, 'f', 0, 64)
}

func hostLabel(h schema.Host) string {
	return fmt.Sprintf("%s (%s, %s)", report.FormatString(h.Hostname), h.OS, h.Mode)
}

// failedSources says in plain words which readings could not be taken and
// why, one sentence per source; "" when every source was read.
func failedSources(s *schema.Snapshot) string {
	var parts []string
	for _, src := range s.Sources {
		if src.OK {
			continue
		}
		parts = append(parts, "Could not read "+sourceWords(src.Name)+": "+errorWords(src.Error)+".")
	}
	return strings.Join(parts, " ")
}

func sourceWords(name string) string {
	base, gpu, _ := strings.Cut(name, ".gpu")
	suffix := ""
	if gpu != "" {
		suffix = " of GPU " + gpu
	}
	switch base {
	case "nvml":
		return "the NVIDIA driver (NVML)"
	case "nvml.processes":
		return "the GPU process list" + suffix
	case "nvml.process_utilization":
		return "per-process GPU activity" + suffix
	case "procfs":
		return "process details (/proc)"
	}
	return name + suffix
}

// errorPhrases turns the driver's return codes into words.
var errorPhrases = strings.NewReplacer(
	"ERROR_NO_PERMISSION", "no permission (root can see more)",
	"ERROR_NOT_SUPPORTED", "not supported by this GPU or driver",
	"ERROR_GPU_IS_LOST", "the GPU has fallen off the bus",
	"ERROR_UNINITIALIZED", "the driver is not initialised",
	"ERROR_DRIVER_NOT_LOADED", "the NVIDIA kernel driver is not loaded",
	"ERROR_LIBRARY_NOT_FOUND", "the NVIDIA driver library is not installed",
	"ERROR_TIMEOUT", "the driver timed out",
)

func errorWords(e *string) string {
	if e == nil {
		return "unknown error"
	}
	return errorPhrases.Replace(*e)
}
