// Package diff is `gtm diff`: what changed between two snapshots, as text
// and as JSON (docs/diff.md).
package diff

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// Version is the version of `gtm diff --json`'s schema (docs/diff.md),
// independent of the snapshot's.
const Version = 1

// HideBelow is how far a process's measured VRAM must move to be shown
// in the text diff (16 MiB); --json keeps every process.
const HideBelow = 16 << 20

// Change states, for a counter compared across two snapshots.
const (
	StateMeasured        = "measured"          // known on both sides; change is after - before
	StateBecameKnown     = "became_known"      // null before, a value after
	StateBecameUnknown   = "became_unknown"    // a value before, null after
	StateUnknown         = "unknown"           // null on both sides
	StateNotListedBefore = "not_listed_before" // the process or device is only in the after snapshot
	StateNotListedAfter  = "not_listed_after"  // only in the before snapshot
)

// How two process rows were paired.
const (
	PairedByPIDStart  = "pid+start"  // same PID and start time
	PairedByPID       = "pid"        // same PID and name; a start time was unknown
	PairedByNamePorts = "name+ports" // same name and listening ports (a restart)
	PairedByName      = "name"       // the only process of that name on both sides
)

// Diff is `gtm diff`: what changed between two snapshots. Device and
// process counters are measured only; reported and estimated LLM parts are
// listed per process as segments and never added into anything.
type Diff struct {
	Version int  `json:"diff_version"`
	Before  Side `json:"before"`
	After   Side `json:"after"`
	// ElapsedSeconds is after.taken_at - before.taken_at.
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	// TextHidesBelowBytes: the text output leaves out processes whose
	// measured VRAM moved less than this and nothing else changed.
	TextHidesBelowBytes uint64          `json:"text_hides_below_bytes"`
	Devices             []DeviceDiff    `json:"devices"`
	Processes           []ProcessChange `json:"processes"`
	// ServedModels are the models served across processes or GPUs on
	// either side, paired by server and model name.
	ServedModels []ServedChange `json:"served_models"`
}

// ServedChange is one served model before and after: its measured VRAM
// (all its processes), and how many processes and which GPUs it spans.
type ServedChange struct {
	Server          string      `json:"server"`
	Model           *string     `json:"model"`
	VRAM            BytesChange `json:"vram_bytes"`
	ProcessesBefore *int        `json:"processes_before"` // null: not served before
	ProcessesAfter  *int        `json:"processes_after"`
	DevicesBefore   []int       `json:"devices_before"`
	DevicesAfter    []int       `json:"devices_after"`
}

// Side names one of the two snapshots.
type Side struct {
	Label    string    `json:"label"`
	TakenAt  time.Time `json:"taken_at"`
	Hostname *string   `json:"hostname"`
}

// BytesChange is one byte counter on both sides. Change is set only when
// both sides are measured (State "measured"); PerMinute is then Change
// over the time between the two snapshots, when that is known: an average
// rate between two readings, not a trend (a trend needs the readings in
// between: gtm summary of a capture).
type BytesChange struct {
	Before    *uint64  `json:"before"`
	After     *uint64  `json:"after"`
	Change    *int64   `json:"change"`
	PerMinute *float64 `json:"change_per_minute"`
	State     string   `json:"state"`
}

// NumberChange is one non-byte reading (percent, °C, W) on both sides.
type NumberChange struct {
	Before *float64 `json:"before"`
	After  *float64 `json:"after"`
	Change *float64 `json:"change"`
	State  string   `json:"state"`
}

// DeviceDiff is one GPU on both sides, paired by UUID (else PCI bus ID,
// else index and name).
type DeviceDiff struct {
	Index       int         `json:"index"`
	IndexBefore *int        `json:"index_before"`
	IndexAfter  *int        `json:"index_after"`
	Name        *string     `json:"name"`
	UUID        *string     `json:"uuid"`
	MemoryTotal BytesChange `json:"memory_total_bytes"`
	MemoryUsed  BytesChange `json:"memory_used_bytes"`
	ProcessVRAM BytesChange `json:"measured_process_vram_bytes"`
	// ProcessVRAMNote is set when a process's memory became known or
	// unknown: the total then gains or loses it without any memory moving.
	ProcessVRAMNote *string      `json:"measured_process_vram_note"`
	GPUUtil         NumberChange `json:"gpu_util_percent"`
	MemoryUtil      NumberChange `json:"memory_util_percent"`
	TemperatureC    NumberChange `json:"temperature_c"`
	PowerW          NumberChange `json:"power_w"`
	// Energy is the energy the card used between the snapshots (energy.go);
	// null when neither side has an energy reading.
	Energy *EnergyChange `json:"energy"`
}

// ProcessRef identifies a process row on one side.
type ProcessRef struct {
	PID         int        `json:"pid"`
	PIDLabel    string     `json:"pid_label"`
	Name        *string    `json:"name"`
	StartTime   *time.Time `json:"start_time"`
	Category    *string    `json:"category"`
	ListenPorts []int      `json:"listen_ports"`
	// Namespace, Pod and Container name the Kubernetes pod and container;
	// null outside a pod or when unnamed.
	Namespace *string `json:"namespace"`
	Pod       *string `json:"pod"`
	Container *string `json:"container_name"`
}

// ProcessChange is one process on one device, on both sides. A side where
// it is not listed is null: it was not running or used too little GPU to be
// listed — not zero.
type ProcessChange struct {
	DeviceIndex int         `json:"device_index"`
	PairedBy    *string     `json:"paired_by"`
	Restarted   bool        `json:"restarted"`
	Before      *ProcessRef `json:"before"`
	After       *ProcessRef `json:"after"`

	VRAM         BytesChange  `json:"vram_bytes"`
	VRAMInferred BytesChange  `json:"vram_inferred_bytes"`
	GPUUtil      NumberChange `json:"gpu_util_percent"`
	Spill        BytesChange  `json:"spill_bytes"`
	Paged        BytesChange  `json:"paged_bytes"`
	// Energy is the process's estimated energy between the snapshots
	// (energy.go); null when neither side has one.
	Energy *EnergyChange `json:"energy"`

	// Segments are the LLM parts (weights, KV cache, compute, output),
	// each reported or estimated: listed beside the measured VRAM, never
	// added into it.
	Segments []SegmentChange `json:"segments"`
	NCtx     *NCtxChange     `json:"n_ctx"`
	// Model files that appear are evidence the process opened or named
	// them, not GPU growth.
	ModelsAppeared []ModelRef `json:"models_appeared"`
	ModelsGone     []ModelRef `json:"models_gone"`

	HiddenInText bool `json:"hidden_in_text"`
}

// SegmentChange is one LLM part on both sides. Change is set only when
// both sides have it from the same source (two estimates, or two reports):
// an estimate against a report is not a change in memory.
type SegmentChange struct {
	Part   string       `json:"part"`
	Before *schema.Part `json:"before"`
	After  *schema.Part `json:"after"`
	Change *int64       `json:"change"`
}

// NCtxChange is the context size on both sides, with where each came from.
type NCtxChange struct {
	Before       *uint64 `json:"before"`
	BeforeSource *string `json:"before_source"`
	After        *uint64 `json:"after"`
	AfterSource  *string `json:"after_source"`
}

// ModelRef names a model file in a diff.
type ModelRef struct {
	Path     string   `json:"path"`
	Name     *string  `json:"name"`
	Role     string   `json:"role"`
	Evidence []string `json:"evidence"`
}

// Compare diffs two snapshots. It refuses (error) to compare different
// adapters that share a name, since their numbers would read as changes.
func Compare(before, after *schema.Snapshot) (*Diff, error) {
	d := &Diff{
		Version:             Version,
		Before:              Side{TakenAt: before.TakenAt, Hostname: before.Host.Hostname},
		After:               Side{TakenAt: after.TakenAt, Hostname: after.Host.Hostname},
		ElapsedSeconds:      after.TakenAt.Sub(before.TakenAt).Seconds(),
		TextHidesBelowBytes: HideBelow,
		Devices:             []DeviceDiff{},
		Processes:           []ProcessChange{},
		ServedModels:        diffServed(before.ServedModels, after.ServedModels),
	}
	pairs, err := pairDevices(before.Devices, after.Devices)
	if err != nil {
		return nil, err
	}
	for _, p := range pairs {
		dd := diffDevice(before, after, p)
		rows := diffProcesses(before, after, p)
		for _, c := range rows {
			if c.VRAM.State == StateBecameKnown || c.VRAM.State == StateBecameUnknown {
				note := "a process's memory became known or unknown, so the total's change is not all growth or release"
				dd.ProcessVRAMNote = &note
				break
			}
		}
		d.Devices = append(d.Devices, dd)
		d.Processes = append(d.Processes, rows...)
	}
	sortChanges(d.Processes)
	if !before.TakenAt.IsZero() && !after.TakenAt.IsZero() && d.ElapsedSeconds > 0 {
		d.addRates()
	}
	return d, nil
}

// addRates sets the per-minute rate of every measured VRAM change.
func (d *Diff) addRates() {
	rate := func(c *BytesChange) {
		if c.Change != nil {
			r := float64(*c.Change) / d.ElapsedSeconds * 60
			c.PerMinute = &r
		}
	}
	for i := range d.Devices {
		rate(&d.Devices[i].MemoryUsed)
		rate(&d.Devices[i].ProcessVRAM)
	}
	for i := range d.Processes {
		rate(&d.Processes[i].VRAM)
	}
	for i := range d.ServedModels {
		rate(&d.ServedModels[i].VRAM)
	}
}

// devicePair is a device on both sides; b or a is nil when it is listed on
// one side only.
type devicePair struct{ b, a *schema.Device }

// pairDevices pairs GPUs by UUID, else PCI bus ID, else index and name.
// Devices left unpaired on both sides with the same name are different
// adapters sharing a name: an error, never a silent comparison.
func pairDevices(before, after []schema.Device) ([]devicePair, error) {
	usedB := make([]bool, len(before))
	var pairs []devicePair
	var loneA []*schema.Device
	for i := range after {
		a := &after[i]
		match := -1
		for j := range before {
			if !usedB[j] && sameAdapter(&before[j], a) {
				match = j
				break
			}
		}
		if match < 0 {
			loneA = append(loneA, a)
			pairs = append(pairs, devicePair{a: a})
			continue
		}
		usedB[match] = true
		pairs = append(pairs, devicePair{b: &before[match], a: a})
	}
	for j := range before {
		if usedB[j] {
			continue
		}
		b := &before[j]
		for _, a := range loneA {
			if a.Name != nil && b.Name != nil && *a.Name == *b.Name {
				return nil, fmt.Errorf("GPU %d before and GPU %d after are different adapters that share the name %q (%s); refusing to compare them",
					b.Index, a.Index, *a.Name, identityDiff(b, a))
			}
		}
		pairs = append(pairs, devicePair{b: b})
	}
	sort.SliceStable(pairs, func(i, j int) bool { return pairIndex(pairs[i]) < pairIndex(pairs[j]) })
	return pairs, nil
}

func sameAdapter(b, a *schema.Device) bool {
	switch {
	case b.UUID != nil && a.UUID != nil:
		return *b.UUID == *a.UUID
	case b.PCIBusID != nil && a.PCIBusID != nil && (b.Name == nil || a.Name == nil || *b.Name == *a.Name):
		return *b.PCIBusID == *a.PCIBusID
	}
	return b.Index == a.Index && eqStr(b.Name, a.Name)
}

func identityDiff(b, a *schema.Device) string {
	if b.UUID != nil && a.UUID != nil {
		return fmt.Sprintf("UUID %s vs %s", *b.UUID, *a.UUID)
	}
	if b.PCIBusID != nil && a.PCIBusID != nil {
		return fmt.Sprintf("PCI %s vs %s", *b.PCIBusID, *a.PCIBusID)
	}
	return "they cannot be told apart"
}

func pairIndex(p devicePair) int {
	if p.a != nil {
		return p.a.Index
	}
	return p.b.Index
}

func diffDevice(before, after *schema.Snapshot, p devicePair) DeviceDiff {
	var b, a schema.Device
	dd := DeviceDiff{Index: pairIndex(p)}
	if p.b != nil {
		b = *p.b
		dd.IndexBefore = &p.b.Index
		dd.Name, dd.UUID = b.Name, b.UUID
	}
	if p.a != nil {
		a = *p.a
		dd.IndexAfter = &p.a.Index
		dd.Name, dd.UUID = a.Name, a.UUID
	}
	listed := listedState(p.b != nil, p.a != nil)
	dd.MemoryTotal = bytesChange(b.MemoryTotalBytes, a.MemoryTotalBytes, listed)
	dd.MemoryUsed = bytesChange(b.MemoryUsedBytes, a.MemoryUsedBytes, listed)
	var sb, sa *uint64
	if p.b != nil {
		if v, ok := before.MeasuredVRAM(p.b.Index); ok {
			sb = &v
		}
	}
	if p.a != nil {
		if v, ok := after.MeasuredVRAM(p.a.Index); ok {
			sa = &v
		}
	}
	dd.ProcessVRAM = bytesChange(sb, sa, listed)
	dd.GPUUtil = numberChange(b.GPUUtilPercent, a.GPUUtilPercent, listed)
	dd.MemoryUtil = numberChange(b.MemoryUtilPercent, a.MemoryUtilPercent, listed)
	dd.TemperatureC = numberChange(b.TemperatureC, a.TemperatureC, listed)
	dd.PowerW = numberChange(b.PowerW, a.PowerW, listed)
	dd.Energy = deviceEnergy(p.b, p.a)
	return dd
}

// listedState is "" when both sides list the thing, else which side lacks it.
func listedState(b, a bool) string {
	switch {
	case !b:
		return StateNotListedBefore
	case !a:
		return StateNotListedAfter
	}
	return ""
}

func bytesChange(b, a *uint64, listed string) BytesChange {
	c := BytesChange{Before: b, After: a, State: listed}
	if listed != "" {
		return c
	}
	switch {
	case b != nil && a != nil:
		v := int64(*a) - int64(*b)
		c.Change, c.State = &v, StateMeasured
	case b == nil && a != nil:
		c.State = StateBecameKnown
	case b != nil && a == nil:
		c.State = StateBecameUnknown
	default:
		c.State = StateUnknown
	}
	return c
}

func numberChange(b, a *float64, listed string) NumberChange {
	c := NumberChange{Before: b, After: a, State: listed}
	if listed != "" {
		return c
	}
	switch {
	case b != nil && a != nil:
		v := *a - *b
		c.Change, c.State = &v, StateMeasured
	case b == nil && a != nil:
		c.State = StateBecameKnown
	case b != nil && a == nil:
		c.State = StateBecameUnknown
	default:
		c.State = StateUnknown
	}
	return c
}

// rowPair is a process row on both sides of one device pair.
type rowPair struct {
	b, a *schema.Process
	by   string
}

func rowsOn(s *schema.Snapshot, d *schema.Device) []*schema.Process {
	if d == nil {
		return nil
	}
	var out []*schema.Process
	for i := range s.Processes {
		if s.Processes[i].OnDevice(d.Index) {
			out = append(out, &s.Processes[i])
		}
	}
	return out
}

func diffProcesses(before, after *schema.Snapshot, dp devicePair) []ProcessChange {
	pairs := pairRows(rowsOn(before, dp.b), rowsOn(after, dp.a))
	out := make([]ProcessChange, 0, len(pairs))
	for _, p := range pairs {
		out = append(out, diffRow(pairIndex(dp), p))
	}
	return out
}

// pairRows pairs the process rows of one device: by PID and start time (a
// reused PID — same PID, another start time — is never paired by PID), then
// by name and listening ports, then by a name that only one process has on
// each side (a reload restarts a server under a new PID). Rows left over
// are listed on one side only.
func pairRows(before, after []*schema.Process) []rowPair {
	usedB := make([]bool, len(before))
	usedA := make([]bool, len(after))
	var out []rowPair
	pair := func(i, j int, by string) {
		usedB[j], usedA[i] = true, true
		out = append(out, rowPair{b: before[j], a: after[i], by: by})
	}

	for i, a := range after {
		for j, b := range before {
			if usedB[j] || a.PID != b.PID || a.PIDLabel != b.PIDLabel {
				continue
			}
			switch {
			case a.StartTime != nil && b.StartTime != nil:
				if a.StartTime.Equal(*b.StartTime) {
					pair(i, j, PairedByPIDStart)
				}
			case eqStr(a.Name, b.Name):
				pair(i, j, PairedByPID)
			}
			break
		}
	}

	// Name and ports, then a unique name: each must single out one row on
	// both sides, counting every row of the device, not only those left.
	for i, a := range after {
		if usedA[i] || a.Name == nil || len(a.ListenPorts) == 0 || portsCount(after, *a.Name, a.ListenPorts) != 1 {
			continue
		}
		for j, b := range before {
			if !usedB[j] && b.Name != nil && *b.Name == *a.Name && slices.Equal(b.ListenPorts, a.ListenPorts) &&
				portsCount(before, *b.Name, b.ListenPorts) == 1 {
				pair(i, j, PairedByNamePorts)
				break
			}
		}
	}
	for i, a := range after {
		if usedA[i] || a.Name == nil || nameCount(after, *a.Name) != 1 || nameCount(before, *a.Name) != 1 {
			continue
		}
		for j, b := range before {
			if !usedB[j] && b.Name != nil && *b.Name == *a.Name {
				pair(i, j, PairedByName)
				break
			}
		}
	}
	for i, a := range after {
		if !usedA[i] {
			out = append(out, rowPair{a: a})
		}
	}
	for j, b := range before {
		if !usedB[j] {
			out = append(out, rowPair{b: b})
		}
	}
	return out
}

// nameCount is how many rows have the name.
func nameCount(rows []*schema.Process, name string) int {
	n := 0
	for _, r := range rows {
		if r.Name != nil && *r.Name == name {
			n++
		}
	}
	return n
}

// portsCount is how many rows have the name and listen on exactly ports.
func portsCount(rows []*schema.Process, name string, ports []int) int {
	n := 0
	for _, r := range rows {
		if r.Name != nil && *r.Name == name && slices.Equal(r.ListenPorts, ports) {
			n++
		}
	}
	return n
}

func refOf(p *schema.Process) *ProcessRef {
	if p == nil {
		return nil
	}
	return &ProcessRef{PID: p.PID, PIDLabel: p.PIDLabel, Name: p.Name, StartTime: p.StartTime,
		Category: p.Category, ListenPorts: p.ListenPorts,
		Namespace: p.Namespace, Pod: p.Pod, Container: p.ContainerName}
}

func diffRow(device int, rp rowPair) ProcessChange {
	var b, a schema.Process
	if rp.b != nil {
		b = *rp.b
	}
	if rp.a != nil {
		a = *rp.a
	}
	listed := listedState(rp.b != nil, rp.a != nil)
	c := ProcessChange{
		DeviceIndex:  device,
		Before:       refOf(rp.b),
		After:        refOf(rp.a),
		VRAM:         bytesChange(b.VRAMBytes, a.VRAMBytes, listed),
		VRAMInferred: bytesChange(b.VRAMInferredBytes, a.VRAMInferredBytes, listed),
		GPUUtil:      numberChange(b.GPUUtilPercent, a.GPUUtilPercent, listed),
		Spill:        bytesChange(b.SpillBytes, a.SpillBytes, listed),
		Paged:        bytesChange(b.PagedBytes, a.PagedBytes, listed),
		Segments:     []SegmentChange{},
	}
	if rp.by != "" {
		by := rp.by
		c.PairedBy = &by
		c.Restarted = a.PID != b.PID || (a.StartTime != nil && b.StartTime != nil && !a.StartTime.Equal(*b.StartTime))
	}
	c.Segments = diffSegments(b.LLM, a.LLM)
	c.NCtx = diffNCtx(b.LLM, a.LLM)
	c.ModelsAppeared, c.ModelsGone = diffModels(rp.b, rp.a)
	c.Energy = processEnergy(rp)
	c.HiddenInText = !c.notable()
	return c
}

func diffSegments(b, a *schema.LLM) []SegmentChange {
	parts := func(l *schema.LLM) [6]*schema.Part {
		if l == nil {
			return [6]*schema.Part{}
		}
		return l.Parts()
	}
	pb, pa := parts(b), parts(a)
	out := []SegmentChange{}
	for i, name := range schema.PartNames {
		if pb[i] == nil && pa[i] == nil {
			continue
		}
		s := SegmentChange{Part: name, Before: pb[i], After: pa[i]}
		if pb[i] != nil && pa[i] != nil && pb[i].Source == pa[i].Source {
			v := int64(pa[i].Bytes) - int64(pb[i].Bytes)
			s.Change = &v
		}
		out = append(out, s)
	}
	return out
}

func diffNCtx(b, a *schema.LLM) *NCtxChange {
	var c NCtxChange
	if b != nil {
		c.Before, c.BeforeSource = b.NCtx, b.NCtxSource
	}
	if a != nil {
		c.After, c.AfterSource = a.NCtx, a.NCtxSource
	}
	if c.Before == nil && c.After == nil {
		return nil
	}
	return &c
}

// diffModels lists model files (by path) that one side has and the other
// does not. A process listed on one side only has no model changes: its
// models are simply its own.
func diffModels(b, a *schema.Process) (appeared, gone []ModelRef) {
	appeared, gone = []ModelRef{}, []ModelRef{}
	if b == nil || a == nil {
		return appeared, gone
	}
	has := func(list []schema.Model, path string) bool {
		for _, m := range list {
			if m.Path == path {
				return true
			}
		}
		return false
	}
	ref := func(m schema.Model) ModelRef {
		return ModelRef{Path: m.Path, Name: m.Name, Role: m.Role, Evidence: m.Evidence}
	}
	// A side that was not inspected (models null) says nothing about
	// which files came or went.
	if b.Models == nil || a.Models == nil {
		return appeared, gone
	}
	for _, m := range a.Models {
		if !has(b.Models, m.Path) {
			appeared = append(appeared, ref(m))
		}
	}
	for _, m := range b.Models {
		if !has(a.Models, m.Path) {
			gone = append(gone, ref(m))
		}
	}
	return appeared, gone
}

// notable: worth a line in the text diff. A process is hidden only when
// its measured VRAM moved less than HideBelow and nothing else about
// it changed.
func (c *ProcessChange) notable() bool {
	big := func(v *int64) bool { return v != nil && (*v >= HideBelow || *v <= -HideBelow) }
	small := func(v *uint64) bool { return v != nil && *v < HideBelow }
	switch c.VRAM.State {
	case StateNotListedBefore:
		return !small(c.VRAM.After)
	case StateNotListedAfter:
		return !small(c.VRAM.Before)
	case StateBecameKnown, StateBecameUnknown:
		return true
	}
	if c.Restarted || big(c.VRAM.Change) || len(c.ModelsAppeared)+len(c.ModelsGone) > 0 {
		return true
	}
	if c.VRAMInferred.State == StateBecameKnown || c.VRAMInferred.State == StateBecameUnknown || big(c.VRAMInferred.Change) {
		return true
	}
	for _, s := range c.Segments {
		if s.Before == nil || s.After == nil || s.Before.Source != s.After.Source || big(s.Change) {
			return true
		}
	}
	if c.NCtx != nil && !eqU64(c.NCtx.Before, c.NCtx.After) {
		return true
	}
	return false
}

// sortChanges orders by device, then by how far measured VRAM moved
// (largest first; processes listed on one side by their size), then PID.
// The changes are large structs: an index is sorted, then applied once.
func sortChanges(cs []ProcessChange) {
	type key struct {
		dev    int
		weight int64
		pid    int
	}
	keys := make([]key, len(cs))
	for i, c := range cs {
		k := key{dev: c.DeviceIndex, weight: -1}
		switch {
		case c.VRAM.Change != nil:
			k.weight = abs64(*c.VRAM.Change)
		case c.VRAM.After != nil:
			k.weight = int64(*c.VRAM.After)
		case c.VRAM.Before != nil:
			k.weight = int64(*c.VRAM.Before)
		}
		if c.After != nil {
			k.pid = c.After.PID
		} else {
			k.pid = c.Before.PID
		}
		keys[i] = k
	}
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		a, b := keys[i], keys[j]
		switch {
		case a.dev != b.dev:
			return a.dev - b.dev
		case a.weight != b.weight:
			if a.weight > b.weight {
				return -1
			}
			return 1
		}
		return a.pid - b.pid
	})
	sorted := make([]ProcessChange, len(cs))
	for i, j := range idx {
		sorted[i] = cs[j]
	}
	copy(cs, sorted)
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func eqStr(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func eqU64(a, b *uint64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// WriteJSON writes the diff as indented JSON (docs/diff.md).
func (d *Diff) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(d)
}

// diffServed pairs served models by server and model name, in the after
// side's order, then those gone.
func diffServed(before, after []schema.ServedModel) []ServedChange {
	key := func(m *schema.ServedModel) string {
		k := m.Server + "\x00"
		if m.Model != nil {
			k += *m.Model
		}
		return k
	}
	count := func(m *schema.ServedModel) *int {
		pids := map[int]bool{}
		for _, p := range m.Processes {
			pids[p.PID] = true
		}
		n := len(pids)
		return &n
	}
	byKey := map[string]*schema.ServedModel{}
	for i := range before {
		byKey[key(&before[i])] = &before[i]
	}
	out := []ServedChange{}
	used := map[string]bool{}
	add := func(b, a *schema.ServedModel) {
		m := a
		if m == nil {
			m = b
		}
		c := ServedChange{Server: m.Server, Model: m.Model}
		var vb, va *uint64
		if b != nil {
			vb, c.ProcessesBefore, c.DevicesBefore = b.VRAMBytes, count(b), b.Devices
		}
		if a != nil {
			va, c.ProcessesAfter, c.DevicesAfter = a.VRAMBytes, count(a), a.Devices
		}
		c.VRAM = bytesChange(vb, va, listedState(b != nil, a != nil))
		out = append(out, c)
	}
	for i := range after {
		k := key(&after[i])
		b := byKey[k]
		if used[k] {
			b = nil // two groups of one name after: the first takes the pair
		}
		used[k] = true
		add(b, &after[i])
	}
	for i := range before {
		if !used[key(&before[i])] {
			add(&before[i], nil)
		}
	}
	return out
}
