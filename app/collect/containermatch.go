package collect

import (
	"sort"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// Inside a container with its own PID namespace, NVML reports host PIDs,
// which mean nothing in our /proc, and we cannot learn the host PID of our
// own processes. Both namespaces number processes in creation order, so the
// driver's unresolved PIDs are paired with the container's processes that
// have libcuda mapped, by order (the seed README's container pairing):
//
//   - "matched" (*): the counts agree, so only one pairing fits; or a
//     process that started while gtm watched appeared together with a new
//     driver PID, which pins that pair for as long as both live.
//   - "guess" (?): the counts differ (another container on the same GPU, or
//     a local process that has not created its context yet), so the order
//     pairing is only a heuristic. Guesses are recomputed every refresh and
//     never become evidence for themselves.
//
// Driver PIDs left over are shown as H:<pid>, outside this container.

// ContainerGPUProcesses lists our processes that have libcuda mapped: the
// candidates for the driver's unresolved PIDs.
type ContainerGPUProcesses interface {
	CUDAProcesses() []backend.LocalGPUProcess
}

// Pairing is the local process a driver PID was paired with, and how.
type Pairing struct {
	Local backend.LocalGPUProcess
	By    schema.Provenance // schema.Matched or schema.Guess
}

// ContainerMatcher pairs driver PIDs with local processes across refreshes.
// It keeps the pins established by processes seen starting.
type ContainerMatcher struct {
	pins      map[int]backend.LocalGPUProcess // driver PID → pinned local process
	prevHost  map[int]bool
	prevLocal map[backend.LocalGPUProcess]bool
	started   bool
}

// Match pairs the driver's PIDs (in host numbering) with local candidates.
// Driver PIDs missing from the result are left unpaired.
func (m *ContainerMatcher) Match(hostPIDs []int, local []backend.LocalGPUProcess) map[int]Pairing {
	hosts := uniqueSorted(hostPIDs)
	locals := append([]backend.LocalGPUProcess(nil), local...)
	sort.Slice(locals, func(i, j int) bool {
		if !locals[i].Start.Equal(locals[j].Start) {
			return locals[i].Start.Before(locals[j].Start)
		}
		return locals[i].PID < locals[j].PID
	})
	hostSet := make(map[int]bool, len(hosts))
	for _, h := range hosts {
		hostSet[h] = true
	}
	localSet := make(map[backend.LocalGPUProcess]bool, len(locals))
	for _, l := range locals {
		localSet[l] = true
	}
	if m.pins == nil {
		m.pins = map[int]backend.LocalGPUProcess{}
	}
	// A pin lives while both of its processes do.
	for h, l := range m.pins {
		if !hostSet[h] || !localSet[l] {
			delete(m.pins, h)
		}
	}
	// Processes that appeared together since the last refresh pin each
	// other, in creation order, when as many of each appeared.
	if m.started {
		var newHosts []int
		for _, h := range hosts {
			if !m.prevHost[h] {
				newHosts = append(newHosts, h)
			}
		}
		var newLocals []backend.LocalGPUProcess
		for _, l := range locals {
			if !m.prevLocal[l] && !pinnedLocal(m.pins, l) {
				newLocals = append(newLocals, l)
			}
		}
		if len(newHosts) > 0 && len(newHosts) == len(newLocals) {
			for i, h := range newHosts {
				m.pins[h] = newLocals[i]
			}
		}
	}
	m.started, m.prevHost, m.prevLocal = true, hostSet, localSet

	out := make(map[int]Pairing, len(hosts))
	var freeHosts []int
	for _, h := range hosts {
		if l, ok := m.pins[h]; ok {
			out[h] = Pairing{Local: l, By: schema.Matched}
		} else {
			freeHosts = append(freeHosts, h)
		}
	}
	var freeLocals []backend.LocalGPUProcess
	for _, l := range locals {
		if !pinnedLocal(m.pins, l) {
			freeLocals = append(freeLocals, l)
		}
	}
	by := schema.Matched
	if len(freeHosts) != len(freeLocals) {
		by = schema.Guess
	}
	for i := 0; i < len(freeHosts) && i < len(freeLocals); i++ {
		out[freeHosts[i]] = Pairing{Local: freeLocals[i], By: by}
	}
	return out
}

func pinnedLocal(pins map[int]backend.LocalGPUProcess, l backend.LocalGPUProcess) bool {
	for _, p := range pins {
		if p == l {
			return true
		}
	}
	return false
}

func uniqueSorted(in []int) []int {
	seen := make(map[int]bool, len(in))
	out := make([]int, 0, len(in))
	for _, v := range in {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	sort.Ints(out)
	return out
}
