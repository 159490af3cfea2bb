package wddm

import (
	"math"
	"sort"
	"strings"
)

// Item is one counter value of one instance, as PDH's formatted counter
// arrays give them. Several items may share a name (the VM worker has one
// per guest GPU context); their order is kept.
type Item struct {
	Instance string  `json:"n"`
	Value    float64 `json:"v"`
}

// CounterSet is one sample of the counters gtm reads. A nil slice means the
// counter could not be read at all; an empty one that it had no instances.
type CounterSet struct {
	Local, NonLocal, Dedicated, Shared, Committed []Item // GPU Process Memory
	Engine                                        []Item // GPU Engine\Utilization Percentage
	AdapterDedicated, AdapterShared               []Item // GPU Adapter Memory
	// Names maps PIDs to process image names ("vmwp.exe"), when known.
	Names map[int]string
}

// Process is one process's use of one adapter.
type Process struct {
	PID  int
	LUID string
	Name string
	// VRAM and Spill are Local / Non Local Usage, or Dedicated / Shared
	// when the preferred pair cannot be read; nil when neither.
	VRAM, Spill *uint64
	// Fallback is true when VRAM/Spill came from Dedicated/Shared Usage,
	// which double-count shared surfaces.
	Fallback bool
	// Paged is the estimate max(Total Committed - Local - Non Local, 0);
	// nil when any input is missing.
	Paged *uint64
	// Contexts are the Local (or Dedicated) Usage values of each instance
	// with this process's name, in counter order: the VM worker's guest
	// GPU contexts.
	Contexts []uint64
	// Engines is the busiest engine per engine type, in percent.
	Engines map[string]float64
}

// GPUPercent is the busiest engine type's load; nil when no engine was
// read.
func (p Process) GPUPercent() *float64 {
	if len(p.Engines) == 0 {
		return nil
	}
	best := 0.0
	for _, v := range p.Engines {
		best = math.Max(best, v)
	}
	return &best
}

// EngineClass is the busiest engine of the types whose name starts with
// one of the prefixes ("3D", "Compute" for SM %; "VideoEncode"; "VideoDecode");
// nil when the process has none of them.
func (p Process) EngineClass(prefixes ...string) *float64 {
	var best *float64
	for t, v := range p.Engines {
		for _, pre := range prefixes {
			if strings.HasPrefix(t, pre) {
				if best == nil || v > *best {
					x := v
					best = &x
				}
			}
		}
	}
	return best
}

// Adapter is one adapter's memory use.
type Adapter struct {
	LUID           string
	DedicatedBytes *uint64
	SharedBytes    *uint64
}

// Account turns a counter sample into processes (ordered by PID, then
// adapter) and adapters (ordered by LUID). Items whose instance name does
// not parse are skipped and counted in bad.
func Account(cs CounterSet) (procs []Process, adapters []Adapter, bad int) {
	accs := accounts{}
	bad += accs.addMemory(cs)
	bad += accs.addEngines(cs.Engine)
	adapters, badAdapters := accountAdapters(cs)
	return accs.processes(cs.Names), adapters, bad + badAdapters
}

// accountKey is one process on one adapter.
type accountKey struct {
	pid  int
	luid string
}

// account gathers one process's counters on one adapter.
type account struct {
	vals     map[string]uint64
	has      map[string]bool
	contexts []uint64
	engines  map[string]float64
}

type accounts map[accountKey]*account

func (as accounts) get(k accountKey) *account {
	a := as[k]
	if a == nil {
		a = &account{vals: map[string]uint64{}, has: map[string]bool{}}
		as[k] = a
	}
	return a
}

// addMemory adds the GPU Process Memory counters; it returns how many
// items were bad.
func (as accounts) addMemory(cs CounterSet) (bad int) {
	memory := []struct {
		name  string
		items []Item
	}{{"local", cs.Local}, {"nonlocal", cs.NonLocal}, {"dedicated", cs.Dedicated}, {"shared", cs.Shared}, {"committed", cs.Committed}}
	for _, m := range memory {
		for _, it := range m.items {
			in, err := ParseInstance(it.Instance)
			if err != nil || in.PID < 0 || in.Engine >= 0 {
				bad++
				continue
			}
			v, ok := bytesOf(it.Value)
			if !ok {
				bad++
				continue
			}
			a := as.get(accountKey{in.PID, in.LUID})
			a.vals[m.name] += v
			a.has[m.name] = true
			// Contexts come from the preferred counter; Dedicated only
			// when there is no Local at all.
			if m.name == "local" || (m.name == "dedicated" && cs.Local == nil) {
				a.contexts = append(a.contexts, v)
			}
		}
	}
	return bad
}

// addEngines keeps the busiest engine of each type per process; it
// returns how many items were bad.
func (as accounts) addEngines(items []Item) (bad int) {
	for _, it := range items {
		in, err := ParseInstance(it.Instance)
		if err != nil || in.PID < 0 || in.Engine < 0 {
			bad++
			continue
		}
		if math.IsNaN(it.Value) || math.IsInf(it.Value, 0) || it.Value < 0 {
			bad++
			continue
		}
		a := as.get(accountKey{in.PID, in.LUID})
		if a.engines == nil {
			a.engines = map[string]float64{}
		}
		v := math.Min(it.Value, 100)
		if v > a.engines[in.EngType] {
			a.engines[in.EngType] = v
		} else if _, ok := a.engines[in.EngType]; !ok {
			a.engines[in.EngType] = v
		}
	}
	return bad
}

// processes picks each process's VRAM and spill from the preferred
// counter pair (Local / Non Local), else Dedicated / Shared, ordered by
// PID, then adapter.
func (as accounts) processes(names map[int]string) []Process {
	var procs []Process
	for k, a := range as {
		p := Process{PID: k.pid, LUID: k.luid, Name: names[k.pid], Contexts: a.contexts, Engines: a.engines}
		switch {
		case a.has["local"] && a.has["nonlocal"]:
			p.VRAM, p.Spill = ptr(a.vals["local"]), ptr(a.vals["nonlocal"])
			if a.has["committed"] {
				paged := uint64(0)
				if used := a.vals["local"] + a.vals["nonlocal"]; a.vals["committed"] > used {
					paged = a.vals["committed"] - used
				}
				p.Paged = &paged
			}
		case a.has["dedicated"] || a.has["shared"]:
			p.Fallback = true
			if a.has["dedicated"] {
				p.VRAM = ptr(a.vals["dedicated"])
			}
			if a.has["shared"] {
				p.Spill = ptr(a.vals["shared"])
			}
		}
		procs = append(procs, p)
	}
	sort.Slice(procs, func(i, j int) bool {
		if procs[i].PID != procs[j].PID {
			return procs[i].PID < procs[j].PID
		}
		return procs[i].LUID < procs[j].LUID
	})
	return procs
}

// accountAdapters sums the GPU Adapter Memory counters per adapter,
// ordered by LUID; bad counts the items skipped.
func accountAdapters(cs CounterSet) (adapters []Adapter, bad int) {
	byLUID := map[string]*Adapter{}
	for _, m := range []struct {
		items     []Item
		dedicated bool
	}{{cs.AdapterDedicated, true}, {cs.AdapterShared, false}} {
		for _, it := range m.items {
			in, err := ParseInstance(it.Instance)
			if err != nil || in.PID >= 0 {
				bad++
				continue
			}
			v, ok := bytesOf(it.Value)
			if !ok {
				bad++
				continue
			}
			ad := byLUID[in.LUID]
			if ad == nil {
				ad = &Adapter{LUID: in.LUID}
				byLUID[in.LUID] = ad
			}
			if m.dedicated {
				ad.DedicatedBytes = addPtr(ad.DedicatedBytes, v)
			} else {
				ad.SharedBytes = addPtr(ad.SharedBytes, v)
			}
		}
	}
	for _, a := range byLUID {
		adapters = append(adapters, *a)
	}
	sort.Slice(adapters, func(i, j int) bool { return adapters[i].LUID < adapters[j].LUID })
	return adapters, bad
}

// maxBytes bounds a plausible counter value (1 PiB): anything larger, or
// negative, or not finite, is a bad reading.
const maxBytes = 1 << 50

func bytesOf(v float64) (uint64, bool) {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > maxBytes {
		return 0, false
	}
	return uint64(v), true
}

func ptr(v uint64) *uint64 { return &v }

func addPtr(p *uint64, v uint64) *uint64 {
	if p == nil {
		return &v
	}
	x := *p + v
	return &x
}
