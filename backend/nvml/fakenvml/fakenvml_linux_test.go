package fakenvml_test

import (
	"debug/elf"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
)

// open writes m, points the library at it and initialises NVML through
// go-nvml, as gtm does.
func open(t *testing.T, m fakenvml.Machine) (nvml.Interface, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "machine")
	if err := m.Write(path); err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakenvml.MachineEnv, path)
	lib := nvml.New(nvml.WithLibraryPath(fakenvml.LibraryPath(t)))
	if ret := lib.Init(); ret != nvml.SUCCESS {
		t.Fatalf("Init: %v", ret)
	}
	t.Cleanup(func() { lib.Shutdown() })
	return lib, path
}

func device(t *testing.T, lib nvml.Interface, i int) nvml.Device {
	t.Helper()
	d, ret := lib.DeviceGetHandleByIndex(i)
	if ret != nvml.SUCCESS {
		t.Fatalf("handle %d: %v", i, ret)
	}
	return d
}

func check[T comparable](t *testing.T, what string, got T, ret nvml.Return, want T) {
	t.Helper()
	if ret != nvml.SUCCESS || got != want {
		t.Errorf("%s = %v (%v), want %v", what, got, ret, want)
	}
}

// h100Energy is the H100's energy counter, mJ: above 2^32, so a 32-bit
// slip would show.
var h100Energy = uint64(9_876_543_210_123)

func h100(procs ...fakenvml.Process) fakenvml.GPU {
	return fakenvml.GPU{
		Name: "NVIDIA H100 80GB HBM3", UUID: "GPU-11111111-2222-3333-4444-555555555555", PCIBusID: "00000000:1A:00.0",
		MemoryTotal: 80 << 30, MemoryUsed: 30 << 30, MemoryReserved: 512 << 20,
		GPUUtil: 87, MemoryUtil: 41, TemperatureC: 66, PowerMilliwatts: 412345, PowerLimitMilliwatts: 700000,
		SMClockMHz: 1980, MemoryClockMHz: 2619, VideoClockMHz: 1755, EncoderUtil: 3, DecoderUtil: 9,
		PCIeRxKBps: 1200, PCIeTxKBps: 3400, EnergyMillijoules: &h100Energy,
		Processes: procs,
	}
}

func TestReadingsThroughGoNVML(t *testing.T) {
	lib, _ := open(t, fakenvml.Machine{DriverVersion: "550.54.15", GPUs: []fakenvml.GPU{
		h100(
			fakenvml.Process{PID: 4242, UsedMemory: 20 << 30, Sample: &fakenvml.Sample{SM: 75, Memory: 30, Encoder: 4, Decoder: 12}},
			fakenvml.Process{PID: 5151, UsedMemory: fakenvml.NotAvailable, Lists: []string{"compute", "graphics"}},
			fakenvml.Process{PID: 6161, UsedMemory: 1 << 30, Lists: []string{"mps"}},
			fakenvml.Process{PID: 7171, Unlisted: true, Sample: &fakenvml.Sample{SM: 5}},
		),
		{Name: "NVIDIA L4", UUID: "GPU-2", PCIBusID: "00000000:3B:00.0", MemoryTotal: 24 << 30},
	}})
	n, ret := lib.DeviceGetCount()
	check(t, "count", n, ret, 2)
	v, ret := lib.SystemGetDriverVersion()
	check(t, "driver", v, ret, "550.54.15")

	d := device(t, lib, 0)
	checkIdentity(t, d)
	checkCounters(t, d)
	checkProcesses(t, d)

	// The second GPU: no processes, no samples.
	d1 := device(t, lib, 1)
	if procs, ret := d1.GetComputeRunningProcesses(); ret != nvml.SUCCESS || len(procs) != 0 {
		t.Errorf("empty compute list = %+v (%v)", procs, ret)
	}
	if _, ret := d1.GetProcessUtilization(0); ret != nvml.ERROR_NOT_FOUND {
		t.Errorf("no samples: %v, want NOT_FOUND", ret)
	}
	// No energy_mj: a card without the counter.
	if _, ret := d1.GetTotalEnergyConsumption(); ret != nvml.ERROR_NOT_SUPPORTED {
		t.Errorf("energy without a counter: %v, want NOT_SUPPORTED", ret)
	}
	// Entry points the stand-in does not implement.
	if _, ret := d.GetFanSpeed(); ret != nvml.ERROR_NOT_SUPPORTED {
		t.Errorf("fan speed: %v, want NOT_SUPPORTED", ret)
	}
	if nvml.ERROR_GPU_IS_LOST.Error() != "GPU is lost" {
		t.Errorf("error string = %q", nvml.ERROR_GPU_IS_LOST.Error())
	}
}

// checkIdentity checks the first GPU's name, UUID and PCI address.
func checkIdentity(t *testing.T, d nvml.Device) {
	t.Helper()
	s, ret := d.GetName()
	check(t, "name", s, ret, "NVIDIA H100 80GB HBM3")
	s, ret = d.GetUUID()
	check(t, "uuid", s, ret, "GPU-11111111-2222-3333-4444-555555555555")
	pci, ret := d.GetPciInfo()
	check(t, "pci bus", pci.Bus, ret, 0x1a)
	busID := string(func() []byte {
		var b []byte
		for _, c := range pci.BusId {
			if c == 0 {
				break
			}
			b = append(b, byte(c))
		}
		return b
	}())
	check(t, "pci bus id", busID, ret, "00000000:1A:00.0")
}

// checkCounters checks the first GPU's memory, utilisation, temperature,
// power, energy, clocks, codec and PCIe readings.
func checkCounters(t *testing.T, d nvml.Device) {
	t.Helper()
	m2, ret := d.GetMemoryInfo_v2()
	check(t, "memory v2", m2.Total+m2.Used+m2.Reserved+m2.Free, ret, 80<<30+30<<30+512<<20+(80<<30-30<<30-512<<20))
	m1, ret := d.GetMemoryInfo()
	check(t, "memory v1 used (reserved included)", m1.Used, ret, 30<<30+512<<20)
	u, ret := d.GetUtilizationRates()
	check(t, "utilization", u, ret, nvml.Utilization{Gpu: 87, Memory: 41})
	temp, ret := d.GetTemperature(nvml.TEMPERATURE_GPU)
	check(t, "temperature", temp, ret, 66)
	p, ret := d.GetPowerUsage()
	check(t, "power", p, ret, 412345)
	mj, ret := d.GetTotalEnergyConsumption()
	check(t, "energy", mj, ret, h100Energy)
	p, ret = d.GetEnforcedPowerLimit()
	check(t, "power limit", p, ret, 700000)
	for typ, want := range map[nvml.ClockType]uint32{nvml.CLOCK_SM: 1980, nvml.CLOCK_MEM: 2619, nvml.CLOCK_VIDEO: 1755} {
		c, ret := d.GetClockInfo(typ)
		check(t, "clock", c, ret, want)
	}
	e, _, ret := d.GetEncoderUtilization()
	check(t, "encoder", e, ret, 3)
	e, _, ret = d.GetDecoderUtilization()
	check(t, "decoder", e, ret, 9)
	kb, ret := d.GetPcieThroughput(nvml.PCIE_UTIL_RX_BYTES)
	check(t, "pcie rx", kb, ret, 1200)
	kb, ret = d.GetPcieThroughput(nvml.PCIE_UTIL_TX_BYTES)
	check(t, "pcie tx", kb, ret, 3400)
}

// checkProcesses checks the first GPU's compute, graphics and MPS lists
// and its per-process samples.
func checkProcesses(t *testing.T, d nvml.Device) {
	t.Helper()
	compute, ret := d.GetComputeRunningProcesses()
	if ret != nvml.SUCCESS || len(compute) != 2 || compute[0].Pid != 4242 || compute[0].UsedGpuMemory != 20<<30 ||
		compute[1].Pid != 5151 || compute[1].UsedGpuMemory != fakenvml.NotAvailable {
		t.Errorf("compute list = %+v (%v)", compute, ret)
	}
	graphics, ret := d.GetGraphicsRunningProcesses()
	if ret != nvml.SUCCESS || len(graphics) != 1 || graphics[0].Pid != 5151 {
		t.Errorf("graphics list = %+v (%v)", graphics, ret)
	}
	mps, ret := d.GetMPSComputeRunningProcesses()
	if ret != nvml.SUCCESS || len(mps) != 1 || mps[0].Pid != 6161 {
		t.Errorf("mps list = %+v (%v)", mps, ret)
	}
	before := uint64(time.Now().UnixMicro())
	samples, ret := d.GetProcessUtilization(before - 1)
	if ret != nvml.SUCCESS || len(samples) != 2 || samples[0].Pid != 4242 || samples[0].SmUtil != 75 ||
		samples[0].EncUtil != 4 || samples[0].DecUtil != 12 || samples[1].Pid != 7171 || samples[0].TimeStamp < before {
		t.Errorf("samples = %+v (%v)", samples, ret)
	}
}

func TestFailuresAndLostGPU(t *testing.T) {
	g := h100()
	g.Fail = []fakenvml.Failure{
		{Func: "nvmlDeviceGetTemperature", Return: "NOT_SUPPORTED"},
		{Func: "nvmlDeviceGetMemoryInfo", Return: "GPU_IS_LOST", After: 2}, // matches _v2
	}
	other := h100()
	lib, path := open(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g, other},
		Fail: []fakenvml.Failure{{Func: "nvmlDeviceGetPowerUsage", Return: "NO_PERMISSION"}}})
	d, d1 := device(t, lib, 0), device(t, lib, 1)
	if _, ret := d.GetTemperature(nvml.TEMPERATURE_GPU); ret != nvml.ERROR_NOT_SUPPORTED {
		t.Errorf("temperature: %v", ret)
	}
	if _, ret := d1.GetTemperature(nvml.TEMPERATURE_GPU); ret != nvml.SUCCESS {
		t.Errorf("a GPU's rule leaked to another GPU: %v", ret)
	}
	for _, dev := range []nvml.Device{d, d1} {
		if _, ret := dev.GetPowerUsage(); ret != nvml.ERROR_NO_PERMISSION {
			t.Errorf("machine-wide rule: %v", ret)
		}
	}
	for i := 0; i < 2; i++ {
		if _, ret := d.GetMemoryInfo_v2(); ret != nvml.SUCCESS {
			t.Fatalf("call %d before the loss: %v", i+1, ret)
		}
	}
	if _, ret := d.GetMemoryInfo_v2(); ret != nvml.ERROR_GPU_IS_LOST {
		t.Fatalf("third memory call: %v, want GPU_IS_LOST", ret)
	}
	// Lost latches: every call on that GPU fails from now on.
	if _, ret := d.GetName(); ret != nvml.ERROR_GPU_IS_LOST {
		t.Errorf("name after loss: %v", ret)
	}
	if _, ret := d.GetComputeRunningProcesses(); ret != nvml.ERROR_GPU_IS_LOST {
		t.Errorf("processes after loss: %v", ret)
	}
	if _, ret := d1.GetMemoryInfo_v2(); ret != nvml.SUCCESS {
		t.Errorf("the other GPU: %v", ret)
	}

	// Rewriting the file is a new machine: counters and the latch reset.
	g.Fail = nil
	g.MemoryUsed = 1 << 30
	if err := (fakenvml.Machine{GPUs: []fakenvml.GPU{g, other}}).Write(path); err != nil {
		t.Fatal(err)
	}
	if m, ret := d.GetMemoryInfo_v2(); ret != nvml.SUCCESS || m.Used != 1<<30 {
		t.Errorf("after rewrite: %+v %v", m, ret)
	}
	// A GPU gone from the file is lost to old handles.
	if err := (fakenvml.Machine{GPUs: []fakenvml.GPU{g}}).Write(path); err != nil {
		t.Fatal(err)
	}
	if _, ret := d1.GetName(); ret != nvml.ERROR_GPU_IS_LOST {
		t.Errorf("removed GPU: %v", ret)
	}
	if n, _ := lib.DeviceGetCount(); n != 1 {
		t.Errorf("count after removal = %d", n)
	}
}

func TestInitFailsOnBrokenMachines(t *testing.T) {
	lib := nvml.New(nvml.WithLibraryPath(fakenvml.LibraryPath(t)))
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, []byte("gpu\nmemory_total=lots\n"), 0o644)
	for name, path := range map[string]string{"malformed": bad, "missing": filepath.Join(dir, "none")} {
		t.Setenv(fakenvml.MachineEnv, path)
		if ret := lib.Init(); ret != nvml.ERROR_UNKNOWN {
			t.Errorf("%s machine file: Init = %v, want UNKNOWN", name, ret)
			lib.Shutdown()
		}
	}
	// A failing nvmlInit is a rule like any other.
	ok := filepath.Join(dir, "ok")
	(fakenvml.Machine{Fail: []fakenvml.Failure{{Func: "nvmlInit", Return: "DRIVER_NOT_LOADED"}}}).Write(ok)
	t.Setenv(fakenvml.MachineEnv, ok)
	if ret := lib.Init(); ret != nvml.ERROR_DRIVER_NOT_LOADED {
		t.Errorf("Init = %v, want DRIVER_NOT_LOADED", ret)
	}
}

func TestFormatRejectsWhatTheLibraryCannotRead(t *testing.T) {
	for name, m := range map[string]fakenvml.Machine{
		"newline":    {GPUs: []fakenvml.GPU{{Name: "a\nprocess"}}},
		"pid":        {GPUs: []fakenvml.GPU{{Processes: []fakenvml.Process{{PID: -1}}}}},
		"many GPUs":  {GPUs: make([]fakenvml.GPU, fakenvml.MaxGPUs+1)},
		"many procs": {GPUs: []fakenvml.GPU{{Processes: make([]fakenvml.Process, fakenvml.MaxProcesses+1)}}},
	} {
		if _, err := m.Format(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestEveryGoNVMLSymbolIsDefined: go-nvml binds its C calls lazily, so a
// symbol the stand-in lacks kills the process on first use. Every nvml
// symbol this binary (which links go-nvml, as gtm does) imports must be
// exported by the library.
func TestEveryGoNVMLSymbolIsDefined(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	imported := dynamicSymbols(t, exe, func(s elf.Symbol) bool { return s.Section == elf.SHN_UNDEF })
	exported := dynamicSymbols(t, fakenvml.LibraryPath(t), func(s elf.Symbol) bool { return s.Section != elf.SHN_UNDEF })
	n := 0
	for name := range imported {
		if !strings.HasPrefix(name, "nvml") {
			continue
		}
		n++
		if !exported[name] {
			t.Errorf("%s is not in the stand-in library (add it to testdata/symbols.txt)", name)
		}
	}
	if n < 100 {
		t.Fatalf("only %d nvml symbols imported: is go-nvml linked?", n)
	}
}

func dynamicSymbols(t *testing.T, path string, keep func(elf.Symbol) bool) map[string]bool {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.DynamicSymbols()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, s := range syms {
		if keep(s) {
			out[s.Name] = true
		}
	}
	return out
}
