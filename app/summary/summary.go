// Package summary is `gtm summary`: peaks and averages over a capture, as
// text and as JSON (docs/summary.md).
package summary

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/internal/schema"
)

// Version is the version of `gtm summary --json`'s schema
// (docs/summary.md).
const Version = 1

// Summary is `gtm summary`: a capture in figures. Every figure is
// measured; inferred VRAM (owner matched by evidence) is left out and the
// processes that had only that are counted. A mean is over the snapshots
// where the value was measured, never counting unknown as zero.
type Summary struct {
	Version         int              `json:"summary_version"`
	Snapshots       int              `json:"snapshots"`
	From            time.Time        `json:"from"`
	To              time.Time        `json:"to"`
	DurationSeconds float64          `json:"duration_seconds"`
	Devices         []DeviceSummary  `json:"devices"`
	Processes       []ProcessSummary `json:"processes"`
	Models          []ModelSeen      `json:"models"`
	// InferredOnly counts process rows whose VRAM was never measured but
	// was inferred at least once: excluded from every figure.
	InferredOnly int `json:"processes_with_only_inferred_vram"`
	// LeakSuspects and FullForecasts are inferred from the readings
	// (trends.go); [] when the capture held none.
	LeakSuspects     []LeakSuspect     `json:"leak_suspects"`
	FullForecasts    []FullForecast    `json:"full_forecasts"`
	PressureEpisodes []PressureEpisode `json:"pressure_episodes"`
	// Energy is the capture's energy, measured per GPU and estimated per
	// process, model and pod (energy.go).
	Energy *EnergySummary `json:"energy"`
	Notes  []string       `json:"notes"`
}

// Stat is a measured series' peak (and when), mean and sample count; all
// null when the value was never measured.
type Stat struct {
	Peak    *float64   `json:"peak"`
	PeakAt  *time.Time `json:"peak_at"`
	Mean    *float64   `json:"mean"`
	Samples int        `json:"samples"`
}

// DeviceSummary is one adapter over the capture. Adapters are told apart
// by UUID, else PCI bus ID, else index and name: two cards of the same
// model are two entries.
type DeviceSummary struct {
	Index            int     `json:"index"`
	Name             *string `json:"name"`
	UUID             *string `json:"uuid"`
	Listed           int     `json:"snapshots_listed"`
	MemoryTotalBytes *uint64 `json:"memory_total_bytes"`
	MemoryUsedBytes  Stat    `json:"memory_used_bytes"`
	ProcessVRAMBytes Stat    `json:"measured_process_vram_bytes"`
	GPUUtilPercent   Stat    `json:"gpu_util_percent"`
}

// ProcessSummary is one process (PID and start time) on one device.
type ProcessSummary struct {
	DeviceIndex  int        `json:"device_index"`
	PID          int        `json:"pid"`
	PIDLabel     string     `json:"pid_label"`
	Name         *string    `json:"name"`
	StartTime    *time.Time `json:"start_time"`
	Category     *string    `json:"category"`
	FirstSeen    time.Time  `json:"first_seen"`
	LastSeen     time.Time  `json:"last_seen"`
	Listed       int        `json:"snapshots_listed"`
	VRAMBytes    Stat       `json:"vram_bytes"`
	InferredOnly bool       `json:"inferred_only"`
}

// ModelSeen is a model file some process held or named during the capture
// (candidates, found only among installed files, are left out).
type ModelSeen struct {
	Path      string    `json:"path"`
	Name      *string   `json:"name"`
	Processes []string  `json:"processes"`
	Evidence  []string  `json:"evidence"`
	FirstSeen time.Time `json:"first_seen"`
	LastSeen  time.Time `json:"last_seen"`
}

// stat accumulates one series.
type stat struct {
	n      int
	sum    float64
	peak   float64
	peakAt time.Time
}

func (s *stat) add(v float64, at time.Time) {
	if s.n == 0 || v > s.peak {
		s.peak, s.peakAt = v, at
	}
	s.n++
	s.sum += v
}

func (s *stat) result() Stat {
	if s.n == 0 {
		return Stat{}
	}
	peak, mean, at := s.peak, s.sum/float64(s.n), s.peakAt
	return Stat{Peak: &peak, PeakAt: &at, Mean: &mean, Samples: s.n}
}

type devAcc struct {
	out             DeviceSummary
	used, procs, gp stat
}

type procAcc struct {
	out      ProcessSummary
	vram     stat
	inferred bool
}

// accumulator gathers a capture's devices, processes and models in the
// order first seen.
type accumulator struct {
	devOrder   []string
	devs       map[string]*devAcc
	procOrder  []string
	procs      map[string]*procAcc
	modelOrder []string
	models     map[string]*ModelSeen
}

// Summarize sums up a capture (snapshots in the order taken). It
// recomputes the snapshots' trends from their readings (in place).
func Summarize(snaps []*schema.Snapshot) *Summary {
	s := &Summary{Version: Version, Snapshots: len(snaps), Devices: []DeviceSummary{},
		Processes: []ProcessSummary{}, Models: []ModelSeen{}, LeakSuspects: []LeakSuspect{}, FullForecasts: []FullForecast{}, PressureEpisodes: []PressureEpisode{}, Notes: []string{}}
	s.Energy = summarizeEnergy(snaps)
	if len(snaps) == 0 {
		return s
	}
	s.From, s.To = snaps[0].TakenAt, snaps[len(snaps)-1].TakenAt
	s.DurationSeconds = s.To.Sub(s.From).Seconds()

	acc := &accumulator{devs: map[string]*devAcc{}, procs: map[string]*procAcc{}, models: map[string]*ModelSeen{}}
	for _, snap := range snaps {
		keyOf := acc.addDevices(snap)
		for i := range snap.Processes {
			acc.addProcess(&snap.Processes[i], keyOf, snap.TakenAt)
		}
	}
	acc.finish(s)
	s.addTrends(snaps)
	if s.InferredOnly > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%d %s had only inferred VRAM (owner matched by evidence); inferred sizes are excluded from every figure",
			s.InferredOnly, textfmt.Plural(s.InferredOnly, "process", "processes")))
	}
	s.Notes = append(s.Notes, "means are over the snapshots where the value was measured; unknown readings are not counted as zero")
	return s
}

// addDevices takes one snapshot's device readings and returns its device
// indexes' adapter keys.
func (acc *accumulator) addDevices(snap *schema.Snapshot) map[int]string {
	at := snap.TakenAt
	keyOf := map[int]string{}
	for _, d := range snap.Devices {
		k := adapterKey(d)
		keyOf[d.Index] = k
		a := acc.devs[k]
		if a == nil {
			a = &devAcc{out: DeviceSummary{Index: d.Index, Name: d.Name, UUID: d.UUID}}
			acc.devs[k] = a
			acc.devOrder = append(acc.devOrder, k)
		}
		a.out.Listed++
		if d.MemoryTotalBytes != nil {
			a.out.MemoryTotalBytes = d.MemoryTotalBytes
		}
		if d.MemoryUsedBytes != nil {
			a.used.add(float64(*d.MemoryUsedBytes), at)
		}
		if d.GPUUtilPercent != nil {
			a.gp.add(*d.GPUUtilPercent, at)
		}
		if sum, ok := snap.MeasuredVRAM(d.Index); ok {
			a.procs.add(float64(sum), at)
		}
	}
	return keyOf
}

// addProcess takes one row: a process on an adapter (keyOf tells which),
// told apart from a reused PID by its start time.
func (acc *accumulator) addProcess(p *schema.Process, keyOf map[int]string, at time.Time) {
	dk := "none"
	dev := -1
	if p.DeviceIndex != nil {
		dev = *p.DeviceIndex
		if k, ok := keyOf[dev]; ok {
			dk = k
		}
	}
	k := dk + "|" + p.PIDLabel + "|" + startKey(p.StartTime)
	a := acc.procs[k]
	if a == nil {
		a = &procAcc{out: ProcessSummary{DeviceIndex: dev, PID: p.PID, PIDLabel: p.PIDLabel, Name: p.Name,
			StartTime: p.StartTime, FirstSeen: at}}
		acc.procs[k] = a
		acc.procOrder = append(acc.procOrder, k)
	}
	a.out.Listed++
	a.out.LastSeen = at
	if p.Category != nil {
		a.out.Category = p.Category
	}
	if p.VRAMBytes != nil {
		a.vram.add(float64(*p.VRAMBytes), at)
	} else if p.VRAMInferredBytes != nil {
		a.inferred = true
	}
	acc.addModels(p, at)
}

// addModels notes the models a row held or named; candidates (installed
// files) say nothing about what ran.
func (acc *accumulator) addModels(p *schema.Process, at time.Time) {
	for _, m := range p.Models {
		if m.Candidate {
			continue
		}
		ms := acc.models[m.Path]
		if ms == nil {
			ms = &ModelSeen{Path: m.Path, FirstSeen: at, Processes: []string{}, Evidence: []string{}}
			acc.models[m.Path] = ms
			acc.modelOrder = append(acc.modelOrder, m.Path)
		}
		ms.LastSeen = at
		if m.Name != nil {
			ms.Name = m.Name
		}
		who := report.FormatString(p.Name) + " " + p.PIDLabel
		ms.Processes = addUnique(ms.Processes, who)
		for _, e := range m.Evidence {
			ms.Evidence = addUnique(ms.Evidence, e)
		}
	}
}

// finish writes what was gathered into s: devices and models in the order
// first seen, processes by device, peak VRAM (largest first), then PID.
func (acc *accumulator) finish(s *Summary) {
	for _, k := range acc.devOrder {
		a := acc.devs[k]
		a.out.MemoryUsedBytes, a.out.ProcessVRAMBytes, a.out.GPUUtilPercent = a.used.result(), a.procs.result(), a.gp.result()
		s.Devices = append(s.Devices, a.out)
	}
	for _, k := range acc.procOrder {
		a := acc.procs[k]
		a.out.VRAMBytes = a.vram.result()
		a.out.InferredOnly = a.inferred && a.vram.n == 0
		if a.out.InferredOnly {
			s.InferredOnly++
		}
		s.Processes = append(s.Processes, a.out)
	}
	sort.SliceStable(s.Processes, func(i, j int) bool {
		a, b := s.Processes[i], s.Processes[j]
		if a.DeviceIndex != b.DeviceIndex {
			return a.DeviceIndex < b.DeviceIndex
		}
		pa, pb := peakOf(a.VRAMBytes), peakOf(b.VRAMBytes)
		if pa != pb {
			return pa > pb
		}
		return a.PID < b.PID
	})
	for _, k := range acc.modelOrder {
		s.Models = append(s.Models, *acc.models[k])
	}
}

// adapterKey identifies an adapter across snapshots: UUID, else PCI bus
// ID, else index and name.
func adapterKey(d schema.Device) string {
	switch {
	case d.UUID != nil:
		return "uuid:" + *d.UUID
	case d.PCIBusID != nil:
		return "pci:" + *d.PCIBusID
	}
	return "index:" + strconv.Itoa(d.Index) + ":" + report.FormatString(d.Name)
}

func startKey(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func peakOf(s Stat) float64 {
	if s.Peak == nil {
		return -1
	}
	return *s.Peak
}

func addUnique(list []string, v string) []string {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

// WriteJSON writes the summary as indented JSON (docs/summary.md).
func (s *Summary) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteText writes the summary for people: per device, per process, the
// models seen, the leak suspects, and what the figures leave out.
func (s *Summary) WriteText(w io.Writer, label string) error {
	if err := s.deviceTable(label).Write(w, false); err != nil {
		return err
	}
	if err := s.processTable().Write(w, false); err != nil {
		return err
	}
	if err := s.trendTable().Write(w, false); err != nil {
		return err
	}
	if err := s.energyTable().Write(w, false); err != nil {
		return err
	}
	return s.notesTable().Write(w, false)
}

// deviceTable is the heading and each GPU's measured peaks and means.
func (s *Summary) deviceTable(label string) *textfmt.Table {
	t := &textfmt.Table{}
	t.Add(textfmt.Cell{Text: fmt.Sprintf("gtm summary  %s: %d %s, %s → %s (%s)", escape.Text(label), s.Snapshots,
		textfmt.Plural(s.Snapshots, "snapshot", "snapshots"), textfmt.Stamp(s.From), textfmt.Stamp(s.To), textfmt.Elapsed(s.DurationSeconds)), Colour: textfmt.ColourBold})
	if len(s.Devices) == 0 {
		t.Add(textfmt.Plain(""))
		t.Add(textfmt.Plain("No GPU in the capture."))
	}
	for _, d := range s.Devices {
		t.Add(textfmt.Plain(""))
		head := fmt.Sprintf("GPU %d  %s", d.Index, report.FormatString(d.Name))
		if d.UUID != nil {
			head += "  " + *d.UUID
		}
		head += fmt.Sprintf("  (listed in %d of %d snapshots; %s)", d.Listed, s.Snapshots, report.FormatBytes(d.MemoryTotalBytes))
		t.Add(textfmt.Cell{Text: escape.Text(head), Colour: textfmt.ColourBold})
		t.Add(textfmt.Plain("  (measured)"), textfmt.Num("PEAK"), textfmt.Plain("WHEN"), textfmt.Num("MEAN"), textfmt.Num("SAMPLES"))
		t.Add(s.statRow("  memory used", d.MemoryUsedBytes, bytesOf, bytesOf)...)
		t.Add(s.statRow("  listed processes", d.ProcessVRAMBytes, bytesOf, bytesOf)...)
		t.Add(s.statRow("  GPU busy", d.GPUUtilPercent, percentPeak, percentMean)...)
	}
	return t
}

// processTable is each process's measured VRAM, the models seen and the
// notes.
func (s *Summary) processTable() *textfmt.Table {
	t := &textfmt.Table{}
	t.Add(textfmt.Plain(""))
	t.Add(textfmt.Cell{Text: "Processes: measured VRAM", Colour: textfmt.ColourBold})
	t.Add(textfmt.Plain("  GPU"), textfmt.Plain("PID"), textfmt.Plain("NAME"), textfmt.Num("LISTED"), textfmt.Num("PEAK"), textfmt.Plain("WHEN"), textfmt.Num("MEAN"), textfmt.Num("SAMPLES"), textfmt.Plain(""))
	for _, p := range s.Processes {
		row := []textfmt.Cell{textfmt.Plain("  " + strconv.Itoa(p.DeviceIndex)), textfmt.Plain(p.PIDLabel), textfmt.Plain(report.FormatString(p.Name)),
			textfmt.Num(fmt.Sprintf("%d/%d", p.Listed, s.Snapshots))}
		st := s.statRow("", p.VRAMBytes, bytesOf, bytesOf)
		row = append(row, st[1:]...)
		note := ""
		if p.InferredOnly {
			note = "inferred only: excluded"
		}
		t.Add(append(row, textfmt.Plain(note))...)
	}
	if len(s.Processes) == 0 {
		t.Add(textfmt.Plain("  no GPU processes listed"))
	}
	if len(s.Models) > 0 {
		t.Add(textfmt.Plain(""))
		t.Add(textfmt.Cell{Text: "Models seen (a file a process held or named; not proof of GPU residency)", Colour: textfmt.ColourBold})
		for _, m := range s.Models {
			name := filepath.Base(m.Path)
			if m.Name != nil {
				name = *m.Name + " (" + name + ")"
			}
			t.Add(textfmt.Plain(fmt.Sprintf("  %s  in %s  %s → %s  [%s]", name, strings.Join(m.Processes, ", "),
				s.when(&m.FirstSeen), s.when(&m.LastSeen), strings.Join(m.Evidence, ", "))))
		}
	}
	return t
}

// notesTable is what the figures leave out.
func (s *Summary) notesTable() *textfmt.Table {
	t := &textfmt.Table{}
	t.Add(textfmt.Plain(""))
	for _, n := range s.Notes {
		t.Add(textfmt.Plain(strings.ToUpper(n[:1]) + n[1:] + "."))
	}
	return t
}

// when shows a time of the capture: the time of day, with the date when
// the capture spans a day or more.
func (s *Summary) when(ts *time.Time) string {
	if ts == nil {
		return ""
	}
	if s.DurationSeconds >= 86400 {
		return ts.UTC().Format("2006-01-02 15:04:05")
	}
	return ts.UTC().Format("15:04:05")
}

// statRow is a Stat's cells: label, peak, when, mean and samples; n/a
// when nothing was measured.
func (s *Summary) statRow(label string, st Stat, peak, mean func(float64) string) []textfmt.Cell {
	if st.Peak == nil {
		return []textfmt.Cell{textfmt.Plain(label), textfmt.Num(report.NA), textfmt.Plain(""), textfmt.Num(report.NA), textfmt.Num("0")}
	}
	return []textfmt.Cell{textfmt.Plain(label), textfmt.Num(peak(*st.Peak)), textfmt.Plain(s.when(st.PeakAt)),
		textfmt.Num(mean(*st.Mean)), textfmt.Num(strconv.Itoa(st.Samples))}
}

func bytesOf(v float64) string     { return textfmt.Bytes(uint64(v)) }
func percentPeak(v float64) string { return textfmt.TrimFloat(v) + "%" }
func percentMean(v float64) string { return textfmt.Float(v, 1) + "%" }
