package windows

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gputaskman/gtm/internal/schema"
)

// NVMLSource names the NVIDIA device telemetry in snapshots.
const NVMLSource = "nvml"

// ErrNoNVML is why there is no NVIDIA telemetry when the driver's
// nvml.dll cannot be loaded.
var ErrNoNVML = errors.New("NVIDIA driver's nvml.dll not found: temperature, power and clocks are unknown")

// ErrNVMLClosed is the nvml source after gtm shut NVML down on its way out.
var ErrNVMLClosed = errors.New("NVML was shut down: gtm is ending")

// nvmlReturn is an nvmlReturn_t.
type nvmlReturn uint32

// NVML return codes gtm tells apart (nvml.h).
const (
	nvmlSuccess   nvmlReturn = 0
	nvmlGPUIsLost nvmlReturn = 15
)

// NVML enums (nvml.h).
const (
	nvmlTemperatureGPU = 0
	nvmlClockSM        = 1
	nvmlClockMem       = 2
	nvmlClockVideo     = 3
	nvmlPCIeTxBytes    = 0
	nvmlPCIeRxBytes    = 1
)

// nvmlDevice is the part of an NVML device handle gtm reads; nvml.dll
// gives it on Windows, tests fake it.
type nvmlDevice interface {
	BusID() (string, nvmlReturn)
	Temperature(sensor uint32) (uint32, nvmlReturn)
	PowerUsage() (uint32, nvmlReturn) // milliwatts
	EnforcedPowerLimit() (uint32, nvmlReturn)
	Clock(kind uint32) (uint32, nvmlReturn) // MHz
	Utilization() (gpu, memory uint32, ret nvmlReturn)
	EncoderUtilization() (uint32, nvmlReturn)
	DecoderUtilization() (uint32, nvmlReturn)
	PCIeThroughput(counter uint32) (uint32, nvmlReturn) // KB/s
}

// Telemetry is one NVML device's readings; nil is unknown.
type Telemetry struct {
	BusID   string
	PCI     *PCIAddr
	Lost    bool
	Reading schema.Device // only the fields NVML gives are set
}

// readTelemetry reads one device. A call that fails leaves its field nil;
// GPU_IS_LOST stops reading (a lost GPU answers every call the same way).
func readTelemetry(d nvmlDevice) Telemetry {
	var t Telemetry
	ok := func(ret nvmlReturn) bool {
		if ret == nvmlGPUIsLost {
			t.Lost = true
		}
		return ret == nvmlSuccess && !t.Lost
	}
	if id, ret := d.BusID(); ok(ret) {
		t.BusID = id
		if a, err := ParseBusID(id); err == nil {
			t.PCI = &a
		}
	}
	r := &t.Reading
	f := func(v uint32) *float64 { return schema.Ptr(float64(v)) }
	if v, ret := d.Temperature(nvmlTemperatureGPU); ok(ret) {
		r.TemperatureC = f(v)
	}
	if mw, ret := d.PowerUsage(); ok(ret) {
		r.PowerW = schema.Ptr(float64(mw) / 1000)
	}
	if mw, ret := d.EnforcedPowerLimit(); ok(ret) {
		r.PowerLimitW = schema.Ptr(float64(mw) / 1000)
	}
	for _, c := range []struct {
		kind uint32
		dst  **float64
	}{{nvmlClockSM, &r.SMClockMHz}, {nvmlClockMem, &r.MemoryClockMHz}, {nvmlClockVideo, &r.VideoClockMHz}} {
		if v, ret := d.Clock(c.kind); ok(ret) {
			*c.dst = f(v)
		}
	}
	if g, m, ret := d.Utilization(); ok(ret) {
		r.GPUUtilPercent, r.MemoryUtilPercent = f(g), f(m)
	}
	if v, ret := d.EncoderUtilization(); ok(ret) {
		r.EncoderUtilPct = f(v)
	}
	if v, ret := d.DecoderUtilization(); ok(ret) {
		r.DecoderUtilPct = f(v)
	}
	if kb, ret := d.PCIeThroughput(nvmlPCIeRxBytes); ok(ret) {
		r.PCIeRxBytesPerS = schema.Ptr(uint64(kb) * 1024)
	}
	if kb, ret := d.PCIeThroughput(nvmlPCIeTxBytes); ok(ret) {
		r.PCIeTxBytesPerS = schema.Ptr(uint64(kb) * 1024)
	}
	if t.Lost {
		t.Reading = schema.Device{} // nothing from a lost GPU is current
	}
	return t
}

// ApplyTelemetry fills each device (devices[i] is adapters[i]) from the
// NVML device paired with it by PCI location. The WDDM counters' readings
// win: NVML fills only what they left unknown (temperature, power,
// clocks, memory controller load, PCIe; GPU, encoder and decoder load
// when the counters had none). It returns the nvml source: why telemetry
// is missing for any NVIDIA adapter, or OK.
func ApplyTelemetry(devices []schema.Device, adapters []Adapter, tel []Telemetry) schema.SourceStatus {
	locs := make([]*PCIAddr, len(tel))
	for i := range tel {
		locs[i] = tel[i].PCI
	}
	var why []string
	for i, p := range PairByPCI(adapters, locs) {
		a := adapters[i]
		if p.Device < 0 {
			if a.VendorID == VendorNVIDIA {
				why = append(why, fmt.Sprintf("GPU %d (%s): %s", i, a.Name, p.Reason))
			}
			continue
		}
		t := tel[p.Device]
		d := &devices[i]
		d.PCIBusID = schema.Ptr(t.BusID)
		if t.Lost {
			why = append(why, fmt.Sprintf("GPU %d (%s): NVML reports the GPU lost", i, a.Name))
			continue
		}
		fillMissing(d, &t.Reading)
	}
	if len(why) > 0 {
		return schema.Failed(NVMLSource, fmt.Errorf("no NVIDIA telemetry for %s; those readings stay unknown", strings.Join(why, "; ")))
	}
	return schema.OK(NVMLSource)
}

// fillMissing copies each of src's readings into dst where dst has none.
func fillMissing(dst, src *schema.Device) {
	for _, f := range []struct{ d, s **float64 }{
		{&dst.TemperatureC, &src.TemperatureC}, {&dst.PowerW, &src.PowerW}, {&dst.PowerLimitW, &src.PowerLimitW},
		{&dst.SMClockMHz, &src.SMClockMHz}, {&dst.MemoryClockMHz, &src.MemoryClockMHz}, {&dst.VideoClockMHz, &src.VideoClockMHz},
		{&dst.GPUUtilPercent, &src.GPUUtilPercent}, {&dst.MemoryUtilPercent, &src.MemoryUtilPercent},
		{&dst.EncoderUtilPct, &src.EncoderUtilPct}, {&dst.DecoderUtilPct, &src.DecoderUtilPct},
	} {
		if *f.d == nil {
			*f.d = *f.s
		}
	}
	if dst.PCIeRxBytesPerS == nil {
		dst.PCIeRxBytesPerS = src.PCIeRxBytesPerS
	}
	if dst.PCIeTxBytesPerS == nil {
		dst.PCIeTxBytesPerS = src.PCIeTxBytesPerS
	}
}
