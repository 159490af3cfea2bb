package trend

import (
	"fmt"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// SpillFullPercent is how full a GPU must be for a rising spill to mean
// the process is spilling because it does not fit: below it, shared
// memory may be pinned buffers allocated on purpose.
const SpillFullPercent = 95

// hostSeries are the series beside VRAM: a process's spill (Windows'
// non-local memory, an APU's GTT on Linux) and, for a process that
// offloads a model to host memory, its resident RAM.
type hostSeries struct {
	spill, rss *Tracker[procKey]
	// spilling remembers since when each process has been spilling.
	spilling map[procKey]time.Time
}

func newHostSeries(p Params) hostSeries {
	return hostSeries{spill: NewTracker[procKey](p), rss: NewTracker[procKey](p), spilling: map[procKey]time.Time{}}
}

// add fills p's spill and RSS trends and whether it is spilling now;
// full is how full p's GPU is (percent; ok false when unknown).
func (h *hostSeries) add(p *schema.Process, k procKey, at time.Time, full float64, fullOK bool) {
	p.SpillTrend, p.Spilling, p.RSSTrend = nil, nil, nil
	if p.RSSBytes != nil && p.LLM != nil && p.LLM.Host != nil {
		p.RSSTrend = toSchema(h.rss.Add(k, Point{At: at, Bytes: float64(*p.RSSBytes)}))
	}
	if p.SpillBytes == nil {
		return
	}
	t := h.spill.Add(k, Point{At: at, Bytes: float64(*p.SpillBytes)})
	p.SpillTrend = toSchema(t)
	rising := t.Shape == Growth || t.Shape == WarmUp
	if !rising || !fullOK || full < SpillFullPercent {
		delete(h.spilling, k)
		return
	}
	since, ok := h.spilling[k]
	if !ok {
		since = at
		h.spilling[k] = since
	}
	rate := "rising"
	if t.Shape == Growth {
		rate = "+" + perMinute(t.Slope.PerSecond)
	}
	gpu := "its GPU"
	if p.DeviceIndex != nil {
		gpu = fmt.Sprintf("GPU %d", *p.DeviceIndex)
	}
	p.Spilling = &schema.Pressure{Kind: "spilling", Since: since, Source: "inferred",
		Text: fmt.Sprintf("spilling to shared memory: slow (spill %s while %s is %.0f %% full)", rate, gpu, full)}
}

// sweep forgets the processes not added to since the last sweep.
func (h *hostSeries) sweep() {
	h.spill.Sweep()
	h.rss.Sweep()
	for k := range h.spilling {
		if !h.spill.Has(k) {
			delete(h.spilling, k)
		}
	}
}

// perMinute is bytes/s as "120.0 MiB/min" (binary units, one decimal).
func perMinute(bytesPerSecond float64) string {
	v := bytesPerSecond * 60
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	i := 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	return fmt.Sprintf("%.1f %s/min", v, units[i])
}

// devicesFull is each device's used share of its total, in percent.
func devicesFull(s *schema.Snapshot) map[int]float64 {
	out := map[int]float64{}
	for _, d := range s.Devices {
		if d.MemoryUsedBytes != nil && d.MemoryTotalBytes != nil && *d.MemoryTotalBytes > 0 {
			out[d.Index] = 100 * float64(*d.MemoryUsedBytes) / float64(*d.MemoryTotalBytes)
		}
	}
	return out
}
