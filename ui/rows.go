package ui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// The process table's columns.
const (
	colPID = iota
	colName
	colVRAM
	colTrend
	colGPU
	colPower
	colIdle
	colCPU
	colRSS
	colCategory
	colModel
	colRuntime
	colUser
	colSM
	colEnc
	colDec
	colSpill
	colPaged
	colPod
	numCols
)

// columnTitles are the table's headings. What people look for first (who,
// how much VRAM and where it is heading, how busy, idle how long, how much
// CPU and RAM beside it)
// comes first, so it stays in view beside the process pane; then what it is
// (category, model, runtime, user), the engines, and spill and paged,
// which only Windows has. The Kubernetes pod (namespace/pod/container)
// closes the row: blank outside a pod.
var columnTitles = [numCols]string{"PID", "Name", "VRAM", "Trend", "GPU %", "Power", "Idle for", "CPU %", "RSS", "Category", "Model (evidence)",
	"Runtime", "User", "SM %", "Enc %", "Dec %", "Spill", "Paged", "Pod"}

// columnWidths in the table, in the order above.
var columnWidths = [numCols]float32{70, 116, 84, 112, 62, 128, 70, 60, 86, 86, 200, 130, 70, 54, 54, 54, 62, 62, 180}

// numericCols are right-aligned.
var numericCols = map[int]bool{colVRAM: true, colPower: true, colSpill: true, colPaged: true, colGPU: true, colSM: true, colEnc: true,
	colDec: true, colCPU: true, colRSS: true, colIdle: true}

// SortKey is what the table is sorted by: one of the columns.
type SortKey int

// sortCycle is the order `s` steps through, as in the original tool.
var sortCycle = []int{colVRAM, colGPU, colSpill, colPaged, colName}

// procRow is one process row: the process and what the window adds to it.
type procRow struct {
	p        *schema.Process
	idle     time.Duration
	idleOK   bool
	linuxRow bool // spill and paged do not exist here: blank, not n/a
}

func (r *procRow) key() rowKey { return rowKey{pid: r.p.PID, label: r.p.PIDLabel} }

// rowKey identifies a row across refreshes (the PID label keeps H:/W:
// rows of the same number apart).
type rowKey struct {
	pid   int
	label string
}

// pidLabel is the PID as the table shows it, with the provenance marker of
// an inferred VRAM owner: `*` matched, `?` guessed.
func pidLabel(p *schema.Process) string {
	if p.VRAMBytes == nil && p.VRAMInferredBytes != nil && p.VRAMInferredBy != nil {
		switch *p.VRAMInferredBy {
		case schema.Matched:
			return p.PIDLabel + "*"
		case schema.Guess:
			return p.PIDLabel + "?"
		}
	}
	return p.PIDLabel
}

// vramOf is the size the table shows and sorts by: measured, else the
// inferred size (marked in the PID column and the cell).
func vramOf(p *schema.Process) (uint64, bool) {
	if p.VRAMBytes != nil {
		return *p.VRAMBytes, true
	}
	if p.VRAMInferredBytes != nil {
		return *p.VRAMInferredBytes, true
	}
	return 0, false
}

func (r *procRow) cell(col int) string {
	p := r.p
	switch col {
	case colPID:
		return pidLabel(p)
	case colName:
		return report.FormatString(p.Name)
	case colUser:
		return report.FormatString(p.User)
	case colCategory:
		return report.FormatString(p.Category)
	case colRuntime:
		if p.Runtimes == nil {
			return report.NA
		}
		names := make([]string, 0, len(p.Runtimes))
		for _, rt := range p.Runtimes {
			names = append(names, rt.Name)
		}
		return strings.Join(names, ", ")
	case colPod:
		return report.PodLabel(*p)
	case colModel:
		s := report.ModelSummary(*p)
		if ev := modelEvidence(p); ev != "" {
			s += " (" + ev + ")"
		}
		return s
	case colVRAM:
		if p.VRAMBytes != nil {
			return report.FormatBytes(p.VRAMBytes)
		}
		if p.VRAMInferredBytes != nil {
			mark := "?"
			if p.VRAMInferredBy != nil && *p.VRAMInferredBy == schema.Matched {
				mark = "*"
			}
			return report.FormatBytes(p.VRAMInferredBytes) + mark
		}
		return report.NA
	case colTrend:
		return report.TrendCell(p.VRAMTrend)
	case colPower:
		return report.PowerCell(*p)
	case colSpill:
		return r.windowsOnly(p.SpillBytes)
	case colPaged:
		return r.windowsOnly(p.PagedBytes)
	case colGPU:
		return report.FormatPercent(p.GPUUtilPercent)
	case colSM:
		return report.FormatPercent(p.SMUtilPercent)
	case colEnc:
		return report.FormatPercent(p.EncoderUtilPercent)
	case colDec:
		return report.FormatPercent(p.DecoderUtilPercent)
	case colCPU:
		return report.FormatPercent(processCPU(p))
	case colRSS:
		return report.FormatBytes(processRSS(p))
	case colIdle:
		if !r.idleOK {
			// Holding VRAM but no reading of its GPU use: unknown. Holding
			// nothing (or unknown VRAM): idle time does not apply.
			if v, ok := vramOf(p); ok && v > 0 {
				return report.NA
			}
			return ""
		}
		return formatIdle(r.idle)
	}
	return ""
}

// windowsOnly shows a Windows-only counter: blank on a Linux row (the
// counter does not exist there), n/a when it exists but was not read.
func (r *procRow) windowsOnly(b *uint64) string {
	if b == nil && r.linuxRow {
		return ""
	}
	return report.FormatBytes(b)
}

// modelEvidence is the strongest model's evidence ("mapped+cmdline").
func modelEvidence(p *schema.Process) string {
	for _, m := range p.Models {
		if !m.Candidate {
			return strings.Join(m.Evidence, "+")
		}
	}
	if len(p.Models) > 0 {
		return "candidate"
	}
	return ""
}

// formatIdle shows an idle time: "–" when busy, seconds under a minute,
// then minutes, then hours and minutes.
func formatIdle(d time.Duration) string {
	switch {
	case d <= 0:
		return "–"
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Minutes()))
	default:
		return fmt.Sprintf("%d h %02d min", int(d.Hours()), int(d.Minutes())%60)
	}
}

// sortRows orders rows by col: numbers largest first, text A–Z, or the
// other way round when reverse is set. Unknown values always go last; ties
// keep PID order so rows do not jump between refreshes.
func sortRows(rows []procRow, col int, reverse bool) {
	slices.SortStableFunc(rows, func(a, b procRow) int {
		ak, bk := known(&a, col), known(&b, col)
		if ak != bk {
			if ak {
				return -1
			}
			return 1
		}
		c := 0
		if ak {
			c = compareCol(&a, &b, col)
		}
		if reverse {
			c = -c
		}
		if c == 0 {
			c = cmp.Compare(a.p.PID, b.p.PID)
			if c == 0 {
				c = strings.Compare(a.p.PIDLabel, b.p.PIDLabel)
			}
		}
		return c
	})
}

// known reports whether a row has a value in col (unknowns sort last in
// either direction).
func known(r *procRow, col int) bool {
	switch col {
	case colPID:
		return true
	case colName, colUser, colCategory, colRuntime, colModel, colPod:
		s := r.cell(col)
		return s != report.NA && s != ""
	}
	_, ok := numeric(r, col)
	return ok
}

// compareCol compares two rows that both have a value in col, in the
// column's natural order: larger numbers first, text A–Z.
func compareCol(a, b *procRow, col int) int {
	switch col {
	case colPID:
		return cmp.Compare(a.p.PID, b.p.PID)
	case colName, colUser, colCategory, colRuntime, colModel, colPod:
		return cmp.Compare(strings.ToLower(a.cell(col)), strings.ToLower(b.cell(col)))
	}
	av, _ := numeric(a, col)
	bv, _ := numeric(b, col)
	return cmp.Compare(bv, av)
}

func numeric(r *procRow, col int) (float64, bool) {
	p := r.p
	f := func(v *float64) (float64, bool) {
		if v == nil {
			return 0, false
		}
		return *v, true
	}
	u := func(v *uint64) (float64, bool) {
		if v == nil {
			return 0, false
		}
		return float64(*v), true
	}
	switch col {
	case colVRAM:
		v, ok := vramOf(p)
		return float64(v), ok
	case colPower:
		if p.Power == nil || p.Power.Watts == nil {
			return 0, false
		}
		return *p.Power.Watts, true
	case colTrend:
		// Growth first: the rate, fastest on top; unknown last.
		if p.VRAMTrend == nil {
			return 0, false
		}
		return p.VRAMTrend.BytesPerSecond, true
	case colSpill:
		return u(p.SpillBytes)
	case colPaged:
		return u(p.PagedBytes)
	case colGPU:
		return f(p.GPUUtilPercent)
	case colSM:
		return f(p.SMUtilPercent)
	case colEnc:
		return f(p.EncoderUtilPercent)
	case colDec:
		return f(p.DecoderUtilPercent)
	case colCPU:
		return f(processCPU(p))
	case colRSS:
		return u(processRSS(p))
	case colIdle:
		return float64(r.idle), r.idleOK
	}
	return 0, false
}
