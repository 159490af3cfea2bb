// Package wslmatch gives Linux processes under WSL a GPU memory size.
//
// Windows owns the GPU under WSL. It charges all Linux GPU memory to the VM
// worker process (vmwp.exe), which exposes one GPU-memory counter instance
// per guest GPU context, all with the same name: sizes without owners.
// Measured on WSL2 (driver 610.88): every Linux process that opens /dev/dxg
// gets exactly one context (an NVML-only process too, at 0 bytes), and
// Windows lists the contexts newest first, keeping that order as contexts
// come and go. Contexts of other distros, WSLg, Docker and services we
// cannot see are interleaved by their own age.
//
// Matcher follows the contexts from sample to sample and names an owner
// only with evidence:
//
//   - matched (*): only one explanation fits, or every one that fits gives
//     the same size. Established by a new Linux process and a new context
//     appearing together; by elimination; by this monitor's own context
//     being the only zero-byte candidate at start; or by candidate contexts
//     that are all exactly the same size.
//   - guess (?): newer process ↔ newer context, contexts from outside
//     assumed oldest. Cached foreign sizes may rank extra candidates but
//     never establish ownership. A guess is recomputed every refresh and is
//     never evidence for itself.
//   - none: no context could be assigned (e.g. the process has not created
//     its context yet).
//
// An exited process's context is held aside until it disappears, so it is
// not handed to a newcomer; a context that grows by gigabytes between
// refreshes (weights uploading) keeps an established owner.
package wslmatch

import (
	"math"
	"sort"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// Proc is a Linux process holding /dev/dxg. Start tells a reused PID apart.
type Proc struct {
	PID   int
	Start time.Time
}

// Sample is one refresh's view.
type Sample struct {
	// Contexts are vmwp.exe's GPU memory instances, newest first, in bytes.
	Contexts []uint64
	// Procs are the Linux processes holding /dev/dxg, the monitor included.
	Procs []Proc
}

// Result is one process's size and how its owner was established.
type Result struct {
	Bytes uint64
	By    schema.Provenance // schema.Matched or schema.Guess
}

type context struct {
	id      int
	size    uint64
	age     int   // refreshes since it appeared
	owner   *Proc // established owner (a pin); nil when none
	exited  bool  // its owner exited: held aside until it disappears
	initial bool  // present in the first sample
	// born is the refresh that first listed it.
	born int
}

// canOwn reports whether p may own c: c is free, and c was not listed
// before p was first seen holding /dev/dxg — a process creates its context
// after opening the device, so a context that already existed is someone
// else's.
func (m *Matcher) canOwn(p Proc, c *context) bool {
	if c.owner != nil || c.exited {
		return false
	}
	return c.born >= m.first[p.PID]
}

func (m *Matcher) candidates(p Proc, ctxs []*context) []*context {
	var out []*context
	for _, c := range ctxs {
		if m.canOwn(p, c) {
			out = append(out, c)
		}
	}
	return out
}

// Matcher keeps the contexts and established owners across refreshes. It
// is not safe for concurrent use.
type Matcher struct {
	// Self is the monitor's own PID: at start its context is the only
	// zero-byte candidate, if there is exactly one.
	Self int
	// Hints are foreign context sizes seen while only the monitor ran;
	// nil for none.
	Hints *Hints

	tracked []*context
	nextID  int
	steps   int
	pins    map[Proc]*context
	seen    map[Proc]int // process → refreshes since first seen
	first   map[int]int  // PID of a live process → the refresh it was first seen in
}

// Step takes one sample and returns each process's size, keyed by PID.
// Processes with no assignable context are absent.
func (m *Matcher) Step(s Sample) map[int]Result {
	if m.pins == nil {
		m.pins = map[Proc]*context{}
		m.seen = map[Proc]int{}
		m.first = map[int]int{}
	}
	step := m.steps
	first := step == 0
	m.steps++

	live := map[Proc]bool{}
	for _, p := range s.Procs {
		live[p] = true
	}
	// Owners that exited: their contexts are held aside.
	for p, c := range m.pins {
		if !live[p] {
			c.exited, c.owner = true, nil
			delete(m.pins, p)
		}
	}
	for p := range m.seen {
		if !live[p] {
			delete(m.seen, p)
			if !livePID(live, p.PID) {
				delete(m.first, p.PID)
			}
		}
	}
	for p := range live {
		if _, ok := m.seen[p]; ok {
			m.seen[p]++
		} else {
			m.seen[p], m.first[p.PID] = 0, step
		}
	}
	// Processes without a context may be about to get one: new contexts
	// are cheaper to explain while some are waiting.
	waiting := 0
	for p := range live {
		if _, ok := m.pins[p]; !ok {
			waiting++
		}
	}
	m.align(s.Contexts, waiting, first, step)

	if first {
		m.pinMonitor(live)
	} else {
		m.pinAppearedTogether(live)
	}
	m.eliminate(live)
	if m.Hints != nil {
		m.Hints.observe(m, live)
	}
	return m.assign(live)
}

func livePID(live map[Proc]bool, pid int) bool {
	for p := range live {
		if p.PID == pid {
			return true
		}
	}
	return false
}

// align maps the new context list onto the tracked one: k new contexts at
// the front, then the survivors in their old order. Among all alignments
// it takes the cheapest: unchanged sizes are free, a context held aside or
// a foreign one may disappear, a live owner's context should not.
func (m *Matcher) align(sizes []uint64, newProcs int, first bool, step int) {
	if first {
		m.tracked = m.tracked[:0]
		for _, sz := range sizes {
			m.tracked = append(m.tracked, &context{id: m.id(), size: sz, initial: true, born: step})
		}
		return
	}
	p, c := len(m.tracked), len(sizes)
	const inf = math.MaxFloat64 / 4
	// g[i][j]: cost of aligning tracked[i:] with sizes[j:] without new
	// contexts (deletions only).
	cells := make([]float64, (p+1)*(c+1))
	g := make([][]float64, p+1)
	for i := range g {
		g[i] = cells[i*(c+1) : (i+1)*(c+1)]
	}
	for i := p; i >= 0; i-- {
		for j := c; j >= 0; j-- {
			switch {
			case j == c:
				if i == p {
					g[i][j] = 0
				} else {
					g[i][j] = m.delCost(m.tracked[i]) + g[i+1][j]
				}
			case p-i < c-j:
				g[i][j] = inf
			default:
				best := m.delCost(m.tracked[i]) + g[i+1][j]
				if v := matchCost(m.tracked[i], sizes[j]) + g[i+1][j+1]; v <= best {
					best = v
				}
				g[i][j] = best
			}
		}
	}
	bestK, best := 0, inf
	for k := 0; k <= c; k++ {
		cost := g[0][k]
		for n := 0; n < k; n++ {
			if n < newProcs {
				cost += 0.5
			} else {
				cost += 2
			}
		}
		if cost < best {
			bestK, best = k, cost
		}
	}
	next := make([]*context, 0, c)
	for j := 0; j < bestK; j++ {
		next = append(next, &context{id: m.id(), size: sizes[j], born: step})
	}
	i, j := 0, bestK
	for j < c {
		t := m.tracked[i]
		if v := matchCost(t, sizes[j]) + g[i+1][j+1]; v <= g[i][j]+1e-9 && p-i >= c-j {
			t.size = sizes[j]
			t.age++
			next = append(next, t)
			i, j = i+1, j+1
			continue
		}
		m.dropped(t)
		i++
	}
	for ; i < p; i++ {
		m.dropped(m.tracked[i])
	}
	m.tracked = next
}

func (m *Matcher) id() int { m.nextID++; return m.nextID }

func matchCost(t *context, size uint64) float64 {
	switch {
	case t.size == size:
		return 0
	case t.exited:
		return 2 // an exited owner's context does not grow
	}
	return 1 // grew or shrank; an owner keeps it however much it grew
}

func (m *Matcher) delCost(t *context) float64 {
	switch {
	case t.exited:
		return 0.5
	case t.owner != nil:
		return 10
	}
	return 2
}

// dropped notes a context that disappeared.
func (m *Matcher) dropped(t *context) {
	if t.owner != nil {
		delete(m.pins, *t.owner)
	}
	if m.Hints != nil && t.owner == nil && !t.exited {
		m.Hints.forget(t.size) // an observed foreign exit clears its hint
	}
}

// free are the contexts no one owns and no exited owner holds.
func (m *Matcher) free() []*context {
	var out []*context
	for _, c := range m.tracked {
		if c.owner == nil && !c.exited {
			out = append(out, c)
		}
	}
	return out
}

// unpinned are live processes without an established context, newest
// first.
func (m *Matcher) unpinned(live map[Proc]bool) []Proc {
	var out []Proc
	for p := range live {
		if _, ok := m.pins[p]; !ok {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Start.Equal(out[j].Start) {
			return out[i].Start.After(out[j].Start)
		}
		return out[i].PID > out[j].PID
	})
	return out
}

func (m *Matcher) pin(p Proc, c *context) {
	pp := p
	c.owner = &pp
	m.pins[p] = c
}

// pinMonitor: at start, the monitor's context is the only zero-byte one.
// Several zero-byte contexts pin nothing: any of them may later grow.
func (m *Matcher) pinMonitor(live map[Proc]bool) {
	var self *Proc
	for p := range live {
		if p.PID == m.Self {
			pp := p
			self = &pp
		}
	}
	if self == nil {
		return
	}
	var zero []*context
	for _, c := range m.candidates(*self, m.free()) {
		if c.size == 0 {
			zero = append(zero, c)
		}
	}
	if len(zero) == 1 {
		m.pin(*self, zero[0])
	}
}

// pinAppearedTogether: processes and contexts that appeared in the last
// two refreshes, in equal numbers, belong together, newest with newest.
func (m *Matcher) pinAppearedTogether(live map[Proc]bool) {
	var procs []Proc
	for _, p := range m.unpinned(live) {
		if m.seen[p] <= 1 {
			procs = append(procs, p)
		}
	}
	var ctxs []*context
	for _, c := range m.free() {
		if c.age <= 1 && !c.initial {
			ctxs = append(ctxs, c)
		}
	}
	if len(procs) == 0 || len(procs) != len(ctxs) {
		return
	}
	for i := range procs {
		if !m.canOwn(procs[i], ctxs[i]) {
			return // the order pairing contradicts start times
		}
	}
	for i := range procs {
		m.pin(procs[i], ctxs[i])
	}
}

// eliminate: one process without a context and one context without an
// owner belong together, once the process has been seen for a refresh
// (a brand-new process may not have created its context yet).
func (m *Matcher) eliminate(live map[Proc]bool) {
	procs, ctxs := m.unpinned(live), m.free()
	if len(procs) == 1 && len(ctxs) == 1 && m.seen[procs[0]] >= 1 && m.canOwn(procs[0], ctxs[0]) {
		m.pin(procs[0], ctxs[0])
	}
}

// assign reports pins as matched and the rest as guesses (or matched when
// every candidate has the same size).
func (m *Matcher) assign(live map[Proc]bool) map[int]Result {
	out := map[int]Result{}
	for p, c := range m.pins {
		out[p.PID] = Result{Bytes: c.size, By: schema.Matched}
	}
	procs, ctxs := m.unpinned(live), m.free()
	if len(procs) == 0 || len(ctxs) == 0 {
		return out
	}
	// Every candidate of a process the same size: its size is exact,
	// whichever of them is its own.
	var guessing []Proc
	for _, p := range procs {
		cs := m.candidates(p, ctxs)
		if len(cs) == 0 {
			continue // no context it could own: n/a
		}
		// One candidate alone proves nothing (it may be foreign while
		// the process has not created its own): that is elimination's
		// job, with its stricter conditions.
		same := len(cs) >= 2
		for _, c := range cs[1:] {
			if c.size != cs[0].size {
				same = false
			}
		}
		if same {
			out[p.PID] = Result{Bytes: cs[0].size, By: schema.Matched}
			continue
		}
		guessing = append(guessing, p)
	}
	if len(guessing) == 0 {
		return out
	}
	// Guess, newer process ↔ newer context. Extra contexts are assumed
	// foreign: first those whose size a hint names, then the oldest.
	cands := ctxs
	if extra := len(cands) - len(procs); extra > 0 && m.Hints != nil {
		cands = m.Hints.rankOut(cands, extra)
	}
	if len(cands) > len(procs) {
		cands = cands[:len(procs)] // newest first: keep the newest
	}
	if len(procs) > len(cands) {
		// More processes than contexts: the newest have likely not
		// created theirs yet.
		procs = procs[len(procs)-len(cands):]
	}
	taken := map[*context]bool{}
	for _, p := range procs {
		for _, c := range cands {
			if !taken[c] && m.canOwn(p, c) {
				taken[c] = true
				if _, done := out[p.PID]; !done {
					out[p.PID] = Result{Bytes: c.size, By: schema.Guess}
				}
				break
			}
		}
	}
	return out
}
