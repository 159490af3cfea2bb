package windows

import (
	"testing"

	"github.com/gputaskman/gtm/backend/wddm"
)

// A desktop with an llama-server on CUDA, DWM and a browser on an NVIDIA
// card, plus an integrated GPU (recorded-style counter set).
func item(n string, v float64) wddm.Item { return wddm.Item{Instance: n, Value: v} }

func TestAssembleDevicesAndRows(t *testing.T) {
	nv := "luid_0x00000000_0x0000D1E3_phys_0"
	ig := "luid_0x00000000_0x00010A2F_phys_0"
	p := func(pid, l string) string { return "pid_" + pid + "_" + l }
	e := func(pid, l, n, typ string) string { return p(pid, l) + "_eng_" + n + "_engtype_" + typ }
	cs := wddm.CounterSet{
		Local:     []wddm.Item{item(p("6120", nv), 9<<30), item(p("1288", nv), 1<<30), item(p("9312", nv), 512<<20), item(p("1288", ig), 64<<20)},
		NonLocal:  []wddm.Item{item(p("6120", nv), 128<<20), item(p("1288", nv), 200<<20), item(p("9312", nv), 100<<20), item(p("1288", ig), 0)},
		Committed: []wddm.Item{item(p("6120", nv), 10<<30)},
		Engine: []wddm.Item{
			item(e("6120", nv, "0", "3D"), 60), item(e("1288", nv, "0", "3D"), 30), item(e("9312", nv, "0", "3D"), 20), // one engine: 110 → 100
			item(e("9312", nv, "4", "VideoDecode"), 12),
		},
		AdapterDedicated: []wddm.Item{item(nv, 10.5*(1<<30)), item(ig, 64<<20)},
	}
	adapters := OrderAdapters([]Adapter{
		{LUID: "0x00000000_0x00010a2f", Name: "Intel(R) UHD Graphics", VendorID: VendorIntel, DedicatedBytes: 128 << 20},
		{LUID: "0x00000000_0x0000d1e3", Name: "NVIDIA GeForce RTX 4080 SUPER", VendorID: VendorNVIDIA, DedicatedBytes: 16 << 30},
	})
	s, bad := Assemble(adapters, cs)
	if bad != 0 || len(s.Devices) != 2 {
		t.Fatalf("devices %+v bad %d", s.Devices, bad)
	}
	d := s.Devices[0]
	if *d.Name != "NVIDIA GeForce RTX 4080 SUPER" || d.Vendor != "NVIDIA" || *d.MemoryTotalBytes != 16<<30 || *d.MemoryUsedBytes != 11274289152 {
		t.Errorf("device 0: %+v", d)
	}
	if *d.GPUUtilPercent != 100 || *d.DecoderUtilPct != 12 || d.EncoderUtilPct != nil || d.TemperatureC != nil {
		t.Errorf("device 0 load: gpu %v dec %v", *d.GPUUtilPercent, *d.DecoderUtilPct)
	}
	var server, dwmIGPU bool
	for _, u := range s.Usage {
		if u.PID == 6120 {
			server = true
			if u.DeviceIndex != 0 || *u.VRAMBytes != 9<<30 || *u.SpillBytes != 128<<20 || *u.PagedBytes != 10<<30-9<<30-128<<20 || *u.SMUtilPercent != 60 {
				t.Errorf("server row %+v", u)
			}
		}
		if u.PID == 1288 && u.DeviceIndex == 1 {
			dwmIGPU = true
			if u.PagedBytes != nil {
				t.Error("no Total Committed: paged must be unavailable")
			}
		}
	}
	if !server || !dwmIGPU {
		t.Errorf("rows %+v", s.Usage)
	}
}
