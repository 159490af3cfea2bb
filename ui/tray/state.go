// Package tray is gtm's tray icon: what it says (title, tooltip, menu
// labels), the icon it draws and when it alerts, all derived from
// schema.Snapshot values as plain data, plus the controller that hands them to
// a tray host (fyne.io/systray on the desktop, a recorder in tests).
package tray

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// Level is how full the GPU shown by the icon is.
type Level int

const (
	// LevelUnknown: no VRAM reading (no GPU, or the driver hid it).
	LevelUnknown Level = iota
	LevelNormal
	// LevelHigh is ≥ 80 %.
	LevelHigh
	// LevelCritical is ≥ 95 %.
	LevelCritical
)

// Level thresholds in whole percent, as shown.
const (
	HighPercent     = 80
	CriticalPercent = 95
)

func (l Level) String() string {
	switch l {
	case LevelNormal:
		return "normal"
	case LevelHigh:
		return "high"
	case LevelCritical:
		return "critical"
	}
	return "unknown"
}

// LevelOf is the level of a rounded VRAM percentage.
func LevelOf(percent int) Level {
	switch {
	case percent >= CriticalPercent:
		return LevelCritical
	case percent >= HighPercent:
		return LevelHigh
	}
	return LevelNormal
}

// Menu sizes: the menu has fixed slots that are re-labelled and hidden,
// never rebuilt.
const (
	MaxGPULines = 8
	TopProcs    = 3
)

// DemoBanner is how recorded demo data is labelled wherever it is shown.
const DemoBanner = report.DemoBanner

// Options are what the tray shows beside the snapshot itself.
type Options struct {
	// GPU is the device the icon shows (--gpu); nil picks the fullest.
	GPU    *int
	Paused bool
	// Demo marks recorded demo data (also set when the snapshot says so).
	Demo bool
}

// State is everything the tray shows for one snapshot.
type State struct {
	Title   string
	Tooltip string
	// Icon: the shown GPU's rounded VRAM percentage and its level;
	// Known is false when there is no reading (then Percent is 0 and
	// must not be shown).
	Icon IconKey
	// GPULines are the disabled menu lines, one per GPU (or one saying
	// why there is none).
	GPULines []string
	// Top are up to TopProcs processes, largest VRAM first.
	Top    []ProcItem
	Paused bool
	Demo   bool
	// NoGPU is true when the snapshot has no readable device.
	NoGPU bool
}

// IconKey is what the icon depends on; the icon is redrawn and set only
// when it changes.
type IconKey struct {
	Known   bool
	Percent int
	Level   Level
}

// ProcItem is one "top process" menu line.
type ProcItem struct {
	PID   int
	Label string
}

// FromSnapshot derives the tray's state from a snapshot. s may be nil
// (nothing collected yet).
func FromSnapshot(s *schema.Snapshot, o Options) State {
	st := State{Paused: o.Paused, Demo: o.Demo || (s != nil && s.Demo)}
	if s == nil {
		st.Title = "gtm · collecting…"
		st.Tooltip = st.Title
		st.GPULines = []string{"Collecting…"}
		return st
	}
	var lines []string
	if len(s.Devices) == 0 {
		st.NoGPU = true
		reason := NoGPUReason(s)
		lines = []string{"gtm · no GPU readings (" + reason + ")"}
		st.GPULines = []string{"No GPU readings: " + reason}
	} else {
		for _, d := range s.Devices {
			lines = append(lines, GPULine(d)+powerText(d))
			st.GPULines = append(st.GPULines, GPUMenuLine(d))
		}
		if len(st.GPULines) > MaxGPULines {
			more := len(st.GPULines) - (MaxGPULines - 1)
			st.GPULines = append(st.GPULines[:MaxGPULines-1], fmt.Sprintf("… and %d more GPUs (see the window)", more))
		}
		st.Icon = iconKeyOf(s, o.GPU)
	}
	st.Top = topProcesses(s, TopProcs)
	if len(st.Top) > 0 {
		lines = append(lines, st.Top[0].Label)
	}

	title := "gtm"
	switch {
	case st.NoGPU:
		title += " · no GPU readings"
	case st.Icon.Known:
		title += fmt.Sprintf(" · %d %%", st.Icon.Percent)
	default:
		title += " · VRAM n/a"
	}
	var head []string
	if st.Demo {
		title += " · recorded demo"
		head = append(head, DemoBanner)
	}
	if st.Paused {
		title += " · paused"
		head = append(head, "Paused — showing readings from "+s.TakenAt.Local().Format("15:04:05"))
	}
	st.Title = title
	st.Tooltip = strings.Join(append(head, lines...), "\n")
	return st
}

// GPULine is one GPU in the tooltip: "GPU 0 · 12.3 / 24.0 GiB (51 %)";
// a reading the driver did not give is n/a, never 0.
func GPULine(d schema.Device) string {
	return fmt.Sprintf("GPU %d · %s", d.Index, memText(d))
}

// powerText is the card's power for the tooltip, " · 300 W"; "" when not
// read.
func powerText(d schema.Device) string {
	w := d.PowerW
	if d.Energy != nil && d.Energy.PowerW != nil {
		w = d.Energy.PowerW // over the refresh, from the counter where there is one
	}
	if w == nil {
		return ""
	}
	return fmt.Sprintf(" · %.0f W", *w)
}

// GPUMenuLine is one GPU in the menu, with its name.
func GPUMenuLine(d schema.Device) string {
	name := ""
	if d.Name != nil && *d.Name != "" {
		name = " " + *d.Name
	}
	return fmt.Sprintf("GPU %d%s · %s", d.Index, name, memText(d))
}

func memText(d schema.Device) string {
	used, total := d.MemoryUsedBytes, d.MemoryTotalBytes
	switch {
	case used == nil && total == nil:
		return "VRAM n/a"
	case used == nil:
		return "n/a / " + gib(*total) + " GiB"
	case total == nil || *total == 0:
		return gib(*used) + " GiB / n/a"
	}
	return fmt.Sprintf("%s / %s GiB (%d %%)", gib(*used), gib(*total), roundPercent(*used, *total))
}

func gib(b uint64) string { return fmt.Sprintf("%.1f", float64(b)/(1<<30)) }

func roundPercent(used, total uint64) int {
	return int(math.Round(100 * float64(used) / float64(total)))
}

// Percent is a device's VRAM use in percent (unrounded); ok is false
// without both readings.
func Percent(d schema.Device) (pct float64, ok bool) {
	if d.MemoryUsedBytes == nil || d.MemoryTotalBytes == nil || *d.MemoryTotalBytes == 0 {
		return 0, false
	}
	return 100 * float64(*d.MemoryUsedBytes) / float64(*d.MemoryTotalBytes), true
}

// iconKeyOf picks the device the icon shows: the chosen one, else the
// fullest with a reading.
func iconKeyOf(s *schema.Snapshot, gpu *int) IconKey {
	var best IconKey
	for _, d := range s.Devices {
		if gpu != nil && d.Index != *gpu {
			continue
		}
		if d.MemoryUsedBytes == nil || d.MemoryTotalBytes == nil || *d.MemoryTotalBytes == 0 {
			continue
		}
		p := roundPercent(*d.MemoryUsedBytes, *d.MemoryTotalBytes)
		if !best.Known || p > best.Percent {
			best = IconKey{Known: true, Percent: p, Level: LevelOf(p)}
		}
	}
	return best
}

// NoGPUReason turns the failed GPU source of a snapshot into plain words:
// "NVIDIA driver not found" rather than the library's file name.
func NoGPUReason(s *schema.Snapshot) string {
	for _, src := range s.Sources {
		if src.OK || src.Error == nil || *src.Error == "" {
			continue
		}
		if src.Name == "procfs" || strings.HasPrefix(src.Name, "proc") {
			continue // process details, not a GPU source
		}
		return plainReason(*src.Error)
	}
	return "the driver reports no devices"
}

// plainReason keeps the first clause of an error: what happened, without
// the parenthesised technical detail.
func plainReason(msg string) string {
	if i := strings.Index(msg, " ("); i > 0 {
		msg = msg[:i]
	}
	if i := strings.Index(msg, ": "); i > 0 && i < len(msg)-2 && strings.HasPrefix(msg, "NVML") {
		msg = msg[i+2:]
	}
	return strings.TrimSuffix(strings.TrimSpace(msg), ".")
}

// topProcesses are the rows holding the most VRAM: measured first by size;
// a row with only an inferred size is ordered by it and marked (* matched,
// ? guessed), as the window marks it. Rows with no size at all are left out.
func topProcesses(s *schema.Snapshot, n int) []ProcItem {
	type row struct {
		p    *schema.Process
		size uint64
		mark string
	}
	var rows []row
	for i := range s.Processes {
		p := &s.Processes[i]
		switch {
		case p.VRAMBytes != nil:
			rows = append(rows, row{p, *p.VRAMBytes, ""})
		case p.VRAMInferredBytes != nil:
			mark := "*"
			if p.VRAMInferredBy != nil && *p.VRAMInferredBy == schema.Guess {
				mark = "?"
			}
			rows = append(rows, row{p, *p.VRAMInferredBytes, mark})
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if (rows[i].mark == "") != (rows[j].mark == "") {
			return rows[i].mark == ""
		}
		return rows[i].size > rows[j].size
	})
	multi := len(s.Devices) > 1
	var out []ProcItem
	for _, r := range rows {
		if len(out) == n {
			break
		}
		label := fmt.Sprintf("%s %s GiB%s", procName(r.p), gib(r.size), r.mark)
		if m := modelLabel(r.p); m != "" {
			label += " · " + m
		}
		if multi && r.p.DeviceIndex != nil {
			label += fmt.Sprintf(" (GPU %d)", *r.p.DeviceIndex)
		}
		out = append(out, ProcItem{PID: r.p.PID, Label: label})
	}
	return out
}

func procName(p *schema.Process) string {
	if p.Name != nil && *p.Name != "" {
		return sanitize(*p.Name)
	}
	return "PID " + p.PIDLabel
}

// modelLabel names the process's strongest model, as the window's MODEL
// column does, with its quantization: "Qwen3-8B Q4_K_M".
func modelLabel(p *schema.Process) string {
	m := report.ModelSummary(*p)
	if m == "" || m == report.NA {
		return ""
	}
	base, more, hasMore := strings.Cut(strings.Replace(m, ".gguf", "", 1), " +")
	for _, mod := range p.Models {
		if mod.Candidate || mod.Quantization == nil || *mod.Quantization == "" {
			continue
		}
		q := *mod.Quantization
		switch {
		case len(base) > len(q) && strings.HasSuffix(base, q) && strings.ContainsRune("-_.", rune(base[len(base)-len(q)-1])):
			base = base[:len(base)-len(q)-1] + " " + q // "Qwen3-8B-Q4_K_M" → "Qwen3-8B Q4_K_M"
		case !strings.Contains(base, q):
			base += " " + q
		}
		break
	}
	m = base
	if hasMore {
		m += " +" + more
	}
	return sanitize(m)
}

// sanitize keeps process-supplied text to one printable line: tray hosts
// render it as markup-free text, but a newline would break the layout.
func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}
