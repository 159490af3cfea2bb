package drm

import "strings"

// Engine classes as the snapshot shows them. Unified video engines (AMD
// vcn_unified, Intel video/vcs) encode and decode, so they count towards
// GPU % only, never as encoder or decoder load.
const (
	classCompute = iota // 3D / graphics / compute: the SM % column
	classEncoder
	classDecoder
	classOther // copy, DMA, unified video …: GPU % only
)

func engineClass(name string) int {
	n := strings.ToLower(name)
	switch {
	case strings.HasPrefix(n, "enc"):
		return classEncoder
	case strings.HasPrefix(n, "dec"):
		return classDecoder
	case n == "gfx" || n == "compute" || n == "render" || n == "rcs" || n == "ccs" || strings.HasPrefix(n, "gfx") || strings.HasPrefix(n, "comp"):
		return classCompute
	}
	return classOther
}

// busy is one client's engine counters at one moment.
type busy struct {
	ns          map[string]uint64
	cycles      map[string]uint64
	totalCycles map[string]uint64
	capacity    map[string]uint64
}

func busyOf(c Client) busy {
	return busy{ns: c.EngineNS, cycles: c.Cycles, totalCycles: c.TotalCycles, capacity: c.Capacity}
}

// percents turns two readings of one client into busy % per engine. dtNS
// is the wall time between them. Counters that went backwards (a reused
// client id) give nothing.
func percents(prev, cur busy, dtNS float64) map[string]float64 {
	out := map[string]float64{}
	capOf := func(e string) float64 {
		if c := cur.capacity[e]; c > 0 {
			return float64(c)
		}
		return 1
	}
	if dtNS > 0 {
		for e, v := range cur.ns {
			p, ok := prev.ns[e]
			if !ok || v < p {
				continue
			}
			out[e] = clampPct(float64(v-p) / dtNS * 100 / capOf(e))
		}
	}
	for e, v := range cur.cycles {
		p, ok1 := prev.cycles[e]
		t, ok2 := cur.totalCycles[e]
		pt, ok3 := prev.totalCycles[e]
		if !ok1 || !ok2 || !ok3 || v < p || t <= pt {
			continue
		}
		out[e] = clampPct(float64(v-p) / float64(t-pt) * 100 / capOf(e))
	}
	return out
}

func clampPct(v float64) float64 {
	switch {
	case v < 0 || v != v:
		return 0
	case v > 100:
		return 100
	}
	return v
}
