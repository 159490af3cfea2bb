package windows

import (
	"strings"
	"testing"

	"github.com/gputaskman/gtm/internal/schema"
)

func TestParseBusID(t *testing.T) {
	for _, c := range []struct {
		in   string
		want PCIAddr
		ok   bool
	}{
		{"00000000:01:00.0", PCIAddr{1, 0, 0}, true},
		{"0000:65:00.0", PCIAddr{0x65, 0, 0}, true}, // legacy 4-digit domain
		{"00000000:C1:1F.7", PCIAddr{0xc1, 0x1f, 7}, true},
		{"00000000:01:00", PCIAddr{}, false},
		{"01:00.0", PCIAddr{}, false},
		{"00000000:100:00.0", PCIAddr{}, false}, // bus > 0xff
		{"00000000:01:20.0", PCIAddr{}, false},  // device > 31
		{"00000000:01:00.8", PCIAddr{}, false},  // function > 7
		{"00000000:0x:00.0", PCIAddr{}, false},
		{"", PCIAddr{}, false},
	} {
		got, err := ParseBusID(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseBusID(%q) = %v, %v; want %v ok=%v", c.in, got, err, c.want, c.ok)
		}
	}
}

func pci(bus, dev uint32) *PCIAddr { return &PCIAddr{Bus: bus, Device: dev} }

// Rule: NVML telemetry belongs to an adapter only by a unique PCI match
// (not name, not order).
func TestPairByPCI(t *testing.T) {
	nv := func(name string, loc *PCIAddr) Adapter {
		return Adapter{Name: name, VendorID: VendorNVIDIA, PCI: loc}
	}
	for _, c := range []struct {
		name     string
		adapters []Adapter
		devices  []*PCIAddr
		want     []int
		reasons  []string
	}{
		{"unique match, listed in another order", []Adapter{nv("A", pci(0x65, 0)), nv("B", pci(1, 0))},
			[]*PCIAddr{pci(1, 0), pci(0x65, 0)}, []int{1, 0}, []string{"", ""}},
		{"no PCI address", []Adapter{nv("A", nil)}, []*PCIAddr{pci(1, 0)}, []int{-1}, []string{"PCI location could not be read"}},
		{"no device there", []Adapter{nv("A", pci(2, 0))}, []*PCIAddr{pci(1, 0)}, []int{-1}, []string{"no NVML device at PCI 02:00.0"}},
		{"two NVML candidates", []Adapter{nv("A", pci(1, 0))}, []*PCIAddr{pci(1, 0), pci(1, 0)}, []int{-1}, []string{"2 NVML devices at PCI 01:00.0"}},
		{"two adapters at one location", []Adapter{nv("A", pci(1, 0)), nv("B", pci(1, 0))}, []*PCIAddr{pci(1, 0)},
			[]int{-1, -1}, []string{"2 adapters at PCI 01:00.0", "2 adapters at PCI 01:00.0"}},
		{"NVML device without a bus id", []Adapter{nv("A", pci(1, 0))}, []*PCIAddr{nil}, []int{-1}, []string{"no NVML device"}},
		{"same bus, other function", []Adapter{nv("A", &PCIAddr{1, 0, 1})}, []*PCIAddr{pci(1, 0)}, []int{-1}, []string{"no NVML device at PCI 01:00.1"}},
	} {
		got := PairByPCI(c.adapters, c.devices)
		for i, p := range got {
			if p.Device != c.want[i] || !strings.Contains(p.Reason, c.reasons[i]) || (c.reasons[i] == "") != (p.Reason == "") {
				t.Errorf("%s: adapter %d paired %+v, want device %d reason %q", c.name, i, p, c.want[i], c.reasons[i])
			}
		}
	}
}

// fakeNVML is one device; ret overrides a call's result by name.
type fakeNVML struct {
	bus string
	ret map[string]nvmlReturn
}

func (f fakeNVML) r(name string) nvmlReturn { return f.ret[name] }
func (f fakeNVML) BusID() (string, nvmlReturn) {
	return f.bus, f.r("bus")
}
func (f fakeNVML) Temperature(s uint32) (uint32, nvmlReturn) {
	if s != nvmlTemperatureGPU {
		panic("wrong sensor")
	}
	return 61, f.r("temp")
}
func (f fakeNVML) PowerUsage() (uint32, nvmlReturn)         { return 215500, f.r("power") }
func (f fakeNVML) EnforcedPowerLimit() (uint32, nvmlReturn) { return 320000, f.r("limit") }
func (f fakeNVML) Clock(k uint32) (uint32, nvmlReturn) {
	return map[uint32]uint32{nvmlClockSM: 2505, nvmlClockMem: 11201, nvmlClockVideo: 1950}[k], f.r("clock")
}
func (f fakeNVML) Utilization() (uint32, uint32, nvmlReturn) { return 97, 40, f.r("util") }
func (f fakeNVML) EncoderUtilization() (uint32, nvmlReturn)  { return 0, f.r("enc") }
func (f fakeNVML) DecoderUtilization() (uint32, nvmlReturn)  { return 3, f.r("dec") }
func (f fakeNVML) PCIeThroughput(c uint32) (uint32, nvmlReturn) {
	return map[uint32]uint32{nvmlPCIeRxBytes: 2000, nvmlPCIeTxBytes: 100}[c], f.r("pcie")
}

func TestReadTelemetry(t *testing.T) {
	tel := readTelemetry(fakeNVML{bus: "00000000:01:00.0", ret: map[string]nvmlReturn{"enc": 3, "limit": 4}})
	r := tel.Reading
	if tel.PCI == nil || *tel.PCI != (PCIAddr{Bus: 1}) || tel.Lost {
		t.Fatalf("telemetry %+v", tel)
	}
	if *r.TemperatureC != 61 || *r.PowerW != 215.5 || *r.SMClockMHz != 2505 || *r.MemoryClockMHz != 11201 || *r.VideoClockMHz != 1950 ||
		*r.GPUUtilPercent != 97 || *r.MemoryUtilPercent != 40 || *r.DecoderUtilPct != 3 || *r.PCIeRxBytesPerS != 2000*1024 || *r.PCIeTxBytesPerS != 100*1024 {
		t.Errorf("reading %+v", r)
	}
	// Rule: a call that fails (not supported, no permission) is unknown, never 0.
	if r.EncoderUtilPct != nil || r.PowerLimitW != nil {
		t.Errorf("failed calls must stay nil: enc %v limit %v", r.EncoderUtilPct, r.PowerLimitW)
	}
	lost := readTelemetry(fakeNVML{bus: "00000000:01:00.0", ret: map[string]nvmlReturn{"power": nvmlGPUIsLost}})
	if !lost.Lost || lost.Reading.TemperatureC != nil || lost.Reading.SMClockMHz != nil {
		t.Errorf("a lost GPU keeps no readings: %+v", lost)
	}
}

func TestApplyTelemetry(t *testing.T) {
	adapters := []Adapter{
		{Name: "NVIDIA GeForce RTX 4080 SUPER", VendorID: VendorNVIDIA, PCI: pci(1, 0)},
		{Name: "Intel(R) UHD Graphics", VendorID: VendorIntel, PCI: pci(0, 2)},
	}
	tel := []Telemetry{readTelemetry(fakeNVML{bus: "00000000:01:00.0"})}
	devices := []schema.Device{{Index: 0, GPUUtilPercent: schema.Ptr(55.0)}, {Index: 1}}
	src := ApplyTelemetry(devices, adapters, tel)
	if !src.OK {
		t.Fatalf("source %+v", src)
	}
	d := devices[0]
	// Rule: the WDDM counters' GPU % wins; NVML fills what they lack.
	if *d.GPUUtilPercent != 55 || *d.TemperatureC != 61 || *d.PowerW != 215.5 || *d.MemoryUtilPercent != 40 || *d.PCIBusID != "00000000:01:00.0" {
		t.Errorf("NVIDIA device %+v", d)
	}
	if devices[1].TemperatureC != nil || devices[1].PCIBusID != nil {
		t.Errorf("the Intel adapter got NVIDIA readings: %+v", devices[1])
	}

	// No unique match: readings stay nil and the source says why.
	devices = []schema.Device{{Index: 0}, {Index: 1}}
	adapters[0].PCI = nil
	src = ApplyTelemetry(devices, adapters, tel)
	if src.OK || !strings.Contains(*src.Error, "GPU 0 (NVIDIA GeForce RTX 4080 SUPER): its PCI location could not be read") || strings.Contains(*src.Error, "Intel") {
		t.Errorf("source %+v", src)
	}
	if devices[0].TemperatureC != nil || devices[0].PowerW != nil || devices[0].SMClockMHz != nil {
		t.Errorf("unpaired device got readings: %+v", devices[0])
	}
}

// fakeLibrary is nvml.dll loaded: its devices, and how often it was shut down.
type fakeLibrary struct {
	devs      []nvmlDevice
	shutdowns int
}

func (f *fakeLibrary) devices() ([]nvmlDevice, error) { return f.devs, nil }
func (f *fakeLibrary) shutdown() error                { f.shutdowns++; return nil }

// Rule: a machine without an NVIDIA adapter never loads nvml.dll and its
// nvml source is a quiet note, not an error; with one, a missing
// nvml.dll is an error naming what stays unknown.
func TestTelemetryQuietWithoutNVIDIA(t *testing.T) {
	loads := 0
	tl := telemetry{load: func() (nvmlLibrary, error) { loads++; return nil, ErrNoNVML }}
	amd := []Adapter{{Name: "AMD Radeon RX 9060 XT", VendorID: VendorAMD}, {Name: "Intel(R) UHD Graphics", VendorID: VendorIntel}}
	for i := 0; i < 3; i++ {
		src := tl.sample(make([]schema.Device, 2), amd)
		if !src.OK || src.Error != nil || src.Note == nil || *src.Note != NoteNoNVIDIA {
			t.Fatalf("source %+v: want ok with the note %q", src, NoteNoNVIDIA)
		}
	}
	if loads != 0 {
		t.Errorf("nvml.dll loaded %d times on a machine without an NVIDIA adapter", loads)
	}

	nv := []Adapter{{Name: "NVIDIA GeForce RTX 3060", VendorID: VendorNVIDIA, PCI: pci(1, 0)}}
	for i := 0; i < 3; i++ {
		src := tl.sample(make([]schema.Device, 1), nv)
		if src.OK || src.Error == nil || *src.Error != ErrNoNVML.Error() || src.Note != nil {
			t.Fatalf("source %+v: want the error %q", src, ErrNoNVML)
		}
	}
	if loads != 1 {
		t.Errorf("nvml.dll load tried %d times; once is enough", loads)
	}
}

// nvmlShutdown is called once when gtm ends, and only if NVML started.
func TestTelemetryShutsNVMLDownOnce(t *testing.T) {
	lib := &fakeLibrary{devs: []nvmlDevice{fakeNVML{bus: "00000000:01:00.0"}}}
	tl := telemetry{load: func() (nvmlLibrary, error) { return lib, nil }}
	nv := []Adapter{{Name: "NVIDIA GeForce RTX 3060", VendorID: VendorNVIDIA, PCI: pci(1, 0)}}
	devices := make([]schema.Device, 1)
	if src := tl.sample(devices, nv); !src.OK || devices[0].TemperatureC == nil {
		t.Fatalf("source %+v device %+v", src, devices[0])
	}
	if err := tl.close(); err != nil || lib.shutdowns != 1 {
		t.Fatalf("close: %v, %d shutdowns; want one", err, lib.shutdowns)
	}
	if err := tl.close(); err != nil || lib.shutdowns != 1 {
		t.Errorf("a second close shut NVML down again (%d)", lib.shutdowns)
	}
	if src := tl.sample(make([]schema.Device, 1), nv); src.OK || *src.Error != ErrNVMLClosed.Error() {
		t.Errorf("after close: %+v; a closed NVML is not read or reloaded", src)
	}

	never := telemetry{load: func() (nvmlLibrary, error) { t.Fatal("loaded"); return nil, nil }}
	if err := never.close(); err != nil {
		t.Errorf("closing an NVML never started: %v", err)
	}
}
