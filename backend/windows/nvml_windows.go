package windows

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// nvmlLib is nvml.dll, loaded at run time: the NVIDIA driver installs it
// in System32 (older drivers under Program Files\NVIDIA Corporation\NVSMI).
// gtm never ships it.
type nvmlLib struct {
	dll   *windows.LazyDLL
	procs map[string]*windows.LazyProc
}

// loadNVML finds and initialises nvml.dll; ErrNoNVML when it is absent.
func loadNVML() (nvmlLibrary, error) {
	dll := windows.NewLazySystemDLL("nvml.dll")
	if dll.Load() != nil {
		dir := os.Getenv("ProgramW6432")
		if dir == "" {
			dir = os.Getenv("ProgramFiles")
		}
		if dir == "" {
			return nil, ErrNoNVML
		}
		dll = windows.NewLazyDLL(filepath.Join(dir, "NVIDIA Corporation", "NVSMI", "nvml.dll"))
		if dll.Load() != nil {
			return nil, ErrNoNVML
		}
	}
	l := &nvmlLib{dll: dll, procs: map[string]*windows.LazyProc{}}
	for _, name := range []string{"nvmlInit_v2", "nvmlDeviceGetCount_v2", "nvmlDeviceGetHandleByIndex_v2", "nvmlDeviceGetPciInfo_v3",
		"nvmlDeviceGetTemperature", "nvmlDeviceGetPowerUsage", "nvmlDeviceGetEnforcedPowerLimit", "nvmlDeviceGetClockInfo",
		"nvmlDeviceGetUtilizationRates", "nvmlDeviceGetEncoderUtilization", "nvmlDeviceGetDecoderUtilization", "nvmlDeviceGetPcieThroughput",
		"nvmlShutdown"} {
		p := dll.NewProc(name)
		if p.Find() != nil {
			return nil, fmt.Errorf("nvml.dll has no %s: the NVIDIA driver is too old", name)
		}
		l.procs[name] = p
	}
	if r := l.call("nvmlInit_v2"); r != nvmlSuccess {
		return nil, fmt.Errorf("nvmlInit_v2 failed (NVML error %d)", r)
	}
	return l, nil
}

// shutdown ends gtm's NVML session (nvmlShutdown), once, as gtm ends.
func (l *nvmlLib) shutdown() error {
	if r := l.call("nvmlShutdown"); r != nvmlSuccess {
		return fmt.Errorf("nvmlShutdown failed (NVML error %d)", r)
	}
	return nil
}

func (l *nvmlLib) call(name string, args ...uintptr) nvmlReturn {
	r, _, _ := syscall.SyscallN(l.procs[name].Addr(), args...)
	return nvmlReturn(uint32(r))
}

// devices returns a handle for every device NVML can open.
func (l *nvmlLib) devices() ([]nvmlDevice, error) {
	var n uint32
	if r := l.call("nvmlDeviceGetCount_v2", uintptr(unsafe.Pointer(&n))); r != nvmlSuccess {
		return nil, fmt.Errorf("nvmlDeviceGetCount_v2 failed (NVML error %d)", r)
	}
	var out []nvmlDevice
	for i := uint32(0); i < n && i < 64; i++ {
		var h uintptr
		if l.call("nvmlDeviceGetHandleByIndex_v2", uintptr(i), uintptr(unsafe.Pointer(&h))) == nvmlSuccess {
			out = append(out, dllDevice{l, h})
		}
	}
	return out, nil
}

// pciInfo is nvmlPciInfo_t (nvml.h, v3).
type pciInfo struct {
	BusIDLegacy    [16]byte
	Domain         uint32
	Bus            uint32
	Device         uint32
	PCIDeviceID    uint32
	PCISubSystemID uint32
	BusID          [32]byte
}

// dllDevice is an nvmlDevice_t read through nvml.dll.
type dllDevice struct {
	l *nvmlLib
	h uintptr
}

func (d dllDevice) u32(name string, args ...uintptr) (uint32, nvmlReturn) {
	var v uint32
	r := d.l.call(name, append(append([]uintptr{d.h}, args...), uintptr(unsafe.Pointer(&v)))...)
	return v, r
}

func (d dllDevice) BusID() (string, nvmlReturn) {
	var p pciInfo
	r := d.l.call("nvmlDeviceGetPciInfo_v3", d.h, uintptr(unsafe.Pointer(&p)))
	return windows.ByteSliceToString(p.BusID[:]), r
}
func (d dllDevice) Temperature(s uint32) (uint32, nvmlReturn) {
	return d.u32("nvmlDeviceGetTemperature", uintptr(s))
}
func (d dllDevice) PowerUsage() (uint32, nvmlReturn) { return d.u32("nvmlDeviceGetPowerUsage") }
func (d dllDevice) EnforcedPowerLimit() (uint32, nvmlReturn) {
	return d.u32("nvmlDeviceGetEnforcedPowerLimit")
}
func (d dllDevice) Clock(k uint32) (uint32, nvmlReturn) {
	return d.u32("nvmlDeviceGetClockInfo", uintptr(k))
}
func (d dllDevice) Utilization() (uint32, uint32, nvmlReturn) {
	var u [2]uint32 // nvmlUtilization_t: gpu, memory
	r := d.l.call("nvmlDeviceGetUtilizationRates", d.h, uintptr(unsafe.Pointer(&u)))
	return u[0], u[1], r
}
func (d dllDevice) EncoderUtilization() (uint32, nvmlReturn) {
	return d.coder("nvmlDeviceGetEncoderUtilization")
}
func (d dllDevice) DecoderUtilization() (uint32, nvmlReturn) {
	return d.coder("nvmlDeviceGetDecoderUtilization")
}
func (d dllDevice) coder(name string) (uint32, nvmlReturn) {
	var v, periodUs uint32
	r := d.l.call(name, d.h, uintptr(unsafe.Pointer(&v)), uintptr(unsafe.Pointer(&periodUs)))
	return v, r
}
func (d dllDevice) PCIeThroughput(c uint32) (uint32, nvmlReturn) {
	return d.u32("nvmlDeviceGetPcieThroughput", uintptr(c))
}
