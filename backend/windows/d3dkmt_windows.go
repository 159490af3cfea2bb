package windows

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

// D3DKMT (gdi32) gives an adapter's PCI location from its LUID, which is
// how DXGI adapters are paired with NVML devices.
var (
	gdi32                 = windows.NewLazySystemDLL("gdi32.dll")
	procOpenAdapterByLUID = gdi32.NewProc("D3DKMTOpenAdapterFromLuid")
	procQueryAdapterInfo  = gdi32.NewProc("D3DKMTQueryAdapterInfo")
	procCloseAdapter      = gdi32.NewProc("D3DKMTCloseAdapter")
)

const kmtqaiAdapterAddress = 6 // KMTQAITYPE_ADAPTERADDRESS

type openAdapterFromLUID struct {
	LUIDLow  uint32
	LUIDHigh int32
	Adapter  uint32
}

type queryAdapterInfo struct {
	Adapter  uint32
	Type     uint32
	Data     unsafe.Pointer
	DataSize uint32
}

// adapterAddress is D3DKMT_ADAPTERADDRESS.
type adapterAddress struct {
	Bus, Device, Function uint32
}

// adapterPCI reads the PCI location of the adapter with this LUID.
func adapterPCI(high int32, low uint32) (*PCIAddr, error) {
	if err := procQueryAdapterInfo.Find(); err != nil {
		return nil, fmt.Errorf("gdi32 has no D3DKMTQueryAdapterInfo: %w", err)
	}
	open := openAdapterFromLUID{LUIDLow: low, LUIDHigh: high}
	if r, _, _ := procOpenAdapterByLUID.Call(uintptr(unsafe.Pointer(&open))); r != 0 {
		return nil, fmt.Errorf("D3DKMTOpenAdapterFromLuid: NTSTATUS 0x%08x", uint32(r))
	}
	defer procCloseAdapter.Call(uintptr(unsafe.Pointer(&open.Adapter)))
	var addr adapterAddress
	q := queryAdapterInfo{Adapter: open.Adapter, Type: kmtqaiAdapterAddress, Data: unsafe.Pointer(&addr), DataSize: uint32(unsafe.Sizeof(addr))}
	if r, _, _ := procQueryAdapterInfo.Call(uintptr(unsafe.Pointer(&q))); r != 0 {
		return nil, fmt.Errorf("D3DKMTQueryAdapterInfo(ADAPTERADDRESS): NTSTATUS 0x%08x", uint32(r))
	}
	return &PCIAddr{Bus: addr.Bus, Device: addr.Device, Function: addr.Function}, nil
}
