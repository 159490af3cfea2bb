package windows

import (
	"fmt"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

var (
	dxgi                   = windows.NewLazySystemDLL("dxgi.dll")
	procCreateDXGIFactory1 = dxgi.NewProc("CreateDXGIFactory1")
	iidIDXGIFactory1       = windows.GUID{Data1: 0x770aae78, Data2: 0xf26f, Data3: 0x4dba, Data4: [8]byte{0xa8, 0x29, 0x25, 0x3c, 0x83, 0xd1, 0xb3, 0x87}}
)

// Vtable slots: IUnknown (3), IDXGIObject (4), then IDXGIFactory's
// EnumAdapters…CreateSoftwareAdapter (5), IDXGIFactory1's EnumAdapters1.
const (
	slotRelease       = 2
	slotEnumAdapters1 = 12
	slotGetDesc1      = 10 // IDXGIAdapter1: IUnknown 3 + IDXGIObject 4 + IDXGIAdapter 3
	dxgiNotFound      = 0x887A0002
	dxgiFlagSoftware  = 2
)

// adapterDesc1 is DXGI_ADAPTER_DESC1.
type adapterDesc1 struct {
	Description           [128]uint16
	VendorID              uint32
	DeviceID              uint32
	SubSysID              uint32
	Revision              uint32
	DedicatedVideoMemory  uintptr
	DedicatedSystemMemory uintptr
	SharedSystemMemory    uintptr
	LuidLow               uint32
	LuidHigh              int32
	Flags                 uint32
}

// comObject is a COM interface pointer: its first word is the vtable.
type comObject struct{ vtbl *[32]uintptr }

func (o *comObject) call(slot int, args ...uintptr) uintptr {
	r, _, _ := syscall.SyscallN(o.vtbl[slot], append([]uintptr{uintptr(unsafe.Pointer(o))}, args...)...)
	return r
}

// listAdapters enumerates the graphics adapters through DXGI.
func listAdapters() ([]Adapter, error) {
	if err := dxgi.Load(); err != nil {
		return nil, fmt.Errorf("dxgi.dll: %w", err)
	}
	var factory *comObject
	if r, _, _ := procCreateDXGIFactory1.Call(uintptr(unsafe.Pointer(&iidIDXGIFactory1)), uintptr(unsafe.Pointer(&factory))); r != 0 {
		return nil, fmt.Errorf("DXGI could not list adapters (CreateDXGIFactory1: %s)", hresult(r))
	}
	defer factory.call(slotRelease)
	var out []Adapter
	for i := uintptr(0); i < 64; i++ {
		var adapter *comObject
		r := factory.call(slotEnumAdapters1, i, uintptr(unsafe.Pointer(&adapter)))
		if uint32(r) == dxgiNotFound {
			break
		}
		if r != 0 {
			return out, fmt.Errorf("EnumAdapters1: 0x%08x", uint32(r))
		}
		var d adapterDesc1
		r = adapter.call(slotGetDesc1, uintptr(unsafe.Pointer(&d)))
		adapter.call(slotRelease)
		if r != 0 {
			continue
		}
		a := Adapter{
			LUID: luidString(d.LuidHigh, d.LuidLow), Name: windows.UTF16ToString(d.Description[:]),
			VendorID: d.VendorID, DeviceID: d.DeviceID, DedicatedBytes: uint64(d.DedicatedVideoMemory),
			Software: d.Flags&dxgiFlagSoftware != 0,
		}
		if !a.Software {
			a.PCI, _ = adapterPCI(d.LuidHigh, d.LuidLow) // nil: the pairing says why
		}
		out = append(out, a)
	}
	return out, nil
}

// hresult names the DXGI errors seen in practice.
func hresult(r uintptr) string {
	switch uint32(r) {
	case 0x887A0004:
		return "0x887a0004 DXGI_ERROR_UNSUPPORTED: no DXGI driver, e.g. a remote or emulated session"
	case 0x80004002:
		return "0x80004002 E_NOINTERFACE: DXGI 1.1 is not available"
	}
	return fmt.Sprintf("0x%08x", uint32(r))
}
