package windows

import (
	"math"
	"strings"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/wddm"
	"github.com/gputaskman/gtm/internal/schema"
)

// Assemble turns ordered adapters and one counter sample into devices and
// per-process rows, so the Windows source is a thin reader around it.
// Device GPU % is the busiest engine, each engine's load being the sum of
// its processes' (as Task Manager shows it); used memory is the adapter's
// Dedicated Usage.
func Assemble(adapters []Adapter, cs wddm.CounterSet) (backend.Sample, int) {
	procs, usage, bad := wddm.Account(cs)
	var out backend.Sample
	index := map[string]int{}
	usedBy := map[string]*uint64{}
	for _, a := range usage {
		usedBy[a.LUID] = a.DedicatedBytes
	}
	busy := engineBusy(cs.Engine)
	for i, a := range adapters {
		index[a.LUID] = i
		d := schema.Device{Index: i, Vendor: VendorName(a.VendorID), Name: schema.Ptr(a.Name), UUID: schema.Ptr(a.LUID)}
		if a.DedicatedBytes > 0 {
			d.MemoryTotalBytes = schema.Ptr(a.DedicatedBytes)
		}
		d.MemoryUsedBytes = usedBy[a.LUID]
		if b, ok := busy[a.LUID]; ok {
			d.GPUUtilPercent = schema.Ptr(b.gpu)
			if b.hasEnc {
				d.EncoderUtilPct = schema.Ptr(b.enc)
			}
			if b.hasDec {
				d.DecoderUtilPct = schema.Ptr(b.dec)
			}
		}
		out.Devices = append(out.Devices, d)
	}
	for _, p := range procs {
		i, ok := index[p.LUID]
		if !ok {
			continue // a software or unlisted adapter
		}
		u := backend.ProcessUsage{
			PID: p.PID, DeviceIndex: i, Kinds: []string{"wddm"},
			VRAMBytes: p.VRAM, SpillBytes: p.Spill, PagedBytes: p.Paged,
			SMUtilPercent:      p.EngineClass("3D", "Compute"),
			EncoderUtilPercent: p.EngineClass("VideoEncode"),
			DecoderUtilPercent: p.EngineClass("VideoDecode"),
			GPUUtilPercent:     p.GPUPercent(),
		}
		if p.Fallback {
			u.Notes = append(u.Notes, NoteFallback)
		}
		out.Usage = append(out.Usage, u)
	}
	return out, bad
}

// NoteFallback marks rows read from Dedicated/Shared Usage.
const NoteFallback = "Dedicated/Shared Usage (Local/Non Local could not be read): shared surfaces count against every process that maps them, so rows may add up to more than the adapter holds"

type adapterBusy struct {
	gpu, enc, dec  float64
	hasEnc, hasDec bool
}

// engineBusy sums each engine's load over processes, then takes the
// busiest engine per adapter (and per video engine type).
func engineBusy(items []wddm.Item) map[string]adapterBusy {
	type engKey struct {
		luid string
		eng  int
		typ  string
	}
	sum := map[engKey]float64{}
	for _, it := range items {
		in, err := wddm.ParseInstance(it.Instance)
		if err != nil || in.Engine < 0 || math.IsNaN(it.Value) || it.Value < 0 {
			continue
		}
		sum[engKey{in.LUID, in.Engine, in.EngType}] += it.Value
	}
	out := map[string]adapterBusy{}
	for k, v := range sum {
		v = math.Min(v, 100)
		b := out[k.luid]
		b.gpu = math.Max(b.gpu, v)
		switch {
		case strings.HasPrefix(k.typ, "VideoEncode"):
			b.enc, b.hasEnc = math.Max(b.enc, v), true
		case strings.HasPrefix(k.typ, "VideoDecode"):
			b.dec, b.hasDec = math.Max(b.dec, v), true
		}
		out[k.luid] = b
	}
	return out
}
