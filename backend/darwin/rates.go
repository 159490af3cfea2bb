package darwin

import (
	"strconv"
	"time"
)

// Rates turns cumulative per-client GPU times into each process's GPU %
// between two samples. The rate is taken per client and summed per
// process: when one of a process's clients closes, the others' work still
// counts (a per-process sum of cumulative times would drop and hide it).
type Rates struct {
	prev   map[string]uint64
	prevAt time.Time
	have   bool
}

// clientKey tells clients apart across samples: the registry ID when
// ioreg printed one, else the PID and the client's order in that process.
func clientKey(c Client, ordinal int) string {
	if c.ID != 0 {
		return "id" + strconv.FormatUint(c.ID, 10)
	}
	return strconv.Itoa(c.PID) + "#" + strconv.Itoa(ordinal)
}

// Update records one sample taken at now and returns each listed process's
// GPU % since the previous one (0–100). It returns nil on the first
// sample, or when no time has passed: a rate needs two readings.
func (r *Rates) Update(clients []Client, now time.Time) map[int]float64 {
	cur := make(map[string]uint64, len(clients))
	ordinal := map[int]int{}
	busyNs := map[int]uint64{}
	for _, c := range clients {
		if !c.HasTime {
			continue
		}
		k := clientKey(c, ordinal[c.PID])
		ordinal[c.PID]++
		cur[k] = c.GPUTimeNs
		if _, seen := busyNs[c.PID]; !seen {
			busyNs[c.PID] = 0
		}
		if p, ok := r.prev[k]; ok {
			if c.GPUTimeNs >= p {
				busyNs[c.PID] += c.GPUTimeNs - p
			}
			// A smaller value is a new client reusing the key: its time
			// since creation is unknown, so it adds nothing.
		} else if r.have {
			// Not there at the previous sample: all its time is since then.
			busyNs[c.PID] += c.GPUTimeNs
		}
	}
	elapsed := now.Sub(r.prevAt)
	first := !r.have
	r.prev, r.prevAt, r.have = cur, now, true
	if first || elapsed <= 0 {
		return nil
	}
	out := make(map[int]float64, len(busyNs))
	for pid, ns := range busyNs {
		out[pid] = min(100, 100*float64(ns)/float64(elapsed.Nanoseconds()))
	}
	return out
}
