package energy

import (
	"math"

	"github.com/gputaskman/gtm/internal/schema"
)

// split fills each process's Power from the card's active power, and the
// card's ProcessesW and UnattributedW. Shares are over the processes with
// a sample; a process without one gets none, and widens the others' error
// bars by its count's fraction of the card's processes.
func (a *Annotator) split(d *schema.Device, procs []*schema.Process, r reading) {
	e := d.Energy
	reason := cardReason(d, procs)
	ws := make([]float64, len(procs))
	known := make([]bool, len(procs))
	var total float64
	missing := 0
	for i, p := range procs {
		ws[i], known[i] = weight(p)
		if known[i] {
			total += ws[i]
		} else {
			missing++
		}
	}
	var sum float64
	for i, p := range procs {
		k := procKey{device: d.Index, pid: p.PID}
		if p.StartTime != nil {
			k.start = *p.StartTime
		}
		a.seen[k] = true
		pp := &schema.ProcessPower{Method: Method, Source: "estimated"}
		p.Power = pp
		if j, ok := a.procs[k]; ok {
			pp.EnergyJoules = schema.Ptr(j)
		}
		switch {
		case reason != "":
			pp.Reason = schema.Ptr(reason)
			continue
		case !known[i]:
			pp.Reason = schema.Ptr(ReasonNoSample)
			continue
		}
		share := 0.0
		if total > 0 {
			share = ws[i] / total
		}
		pp.Share = schema.Ptr(share)
		if e.ActiveW == nil {
			pp.Reason = schema.Ptr(ReasonNoFloor)
			continue
		}
		w := *e.ActiveW * share
		pp.Watts = schema.Ptr(w)
		errW := w*float64(missing)/float64(len(procs)) + *e.ActiveW*shareError(share, total, len(procs)-missing) + share*r.swingW
		pp.ErrorWatts = schema.Ptr(errW)
		sum += w
		a.procs[k] += w * r.interval
		pp.EnergyJoules = schema.Ptr(a.procs[k])
	}
	if e.ActiveW == nil || (reason != "" && len(procs) > 0) {
		return
	}
	e.ProcessesW = schema.Ptr(sum)
	e.UnattributedW = schema.Ptr(math.Max(0, *e.ActiveW-sum))
}

// shareError bounds how far a share s (of total engine percent over n
// sampled processes) moves when each reading is off by its resolution:
// the process's own reading moves s by quantum/total×(1−s), each other's
// by quantum/total×s. Below the resolution the split says nothing: the
// whole active power is in doubt.
func shareError(s, total float64, n int) float64 {
	if n == 0 || total < quantum*float64(n) {
		return 1
	}
	return quantum / total * ((1 - s) + s*float64(n-1))
}
