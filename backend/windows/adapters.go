package windows

import (
	"sort"
	"strings"
)

// Adapter is one graphics adapter as DXGI describes it.
type Adapter struct {
	LUID           string // "0x00000000_0x0000d1e3", as in counter instance names
	Name           string
	VendorID       uint32
	DeviceID       uint32
	DedicatedBytes uint64
	Software       bool     // the Basic Render Driver / WARP
	PCI            *PCIAddr // from D3DKMT; nil when it could not be read
}

// PCI vendor IDs.
const (
	VendorNVIDIA = 0x10de
	VendorAMD    = 0x1002
	VendorIntel  = 0x8086
)

// VendorName names a PCI vendor for snapshots.
func VendorName(id uint32) string {
	switch id {
	case VendorNVIDIA:
		return "NVIDIA"
	case VendorAMD:
		return "AMD"
	case VendorIntel:
		return "Intel"
	}
	return "other"
}

// OrderAdapters numbers adapters as --list-gpus and --gpu do: hardware
// only, NVIDIA first, then the others, each group by dedicated memory
// (largest first), ties by LUID so the order is stable.
func OrderAdapters(in []Adapter) []Adapter {
	out := make([]Adapter, 0, len(in))
	for _, a := range in {
		if !a.Software {
			out = append(out, a)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		ni, nj := out[i].VendorID == VendorNVIDIA, out[j].VendorID == VendorNVIDIA
		if ni != nj {
			return ni
		}
		if out[i].DedicatedBytes != out[j].DedicatedBytes {
			return out[i].DedicatedBytes > out[j].DedicatedBytes
		}
		return out[i].LUID < out[j].LUID
	})
	return out
}

// luidString formats a LUID as counter instance names do (lower case).
func luidString(high int32, low uint32) string {
	return strings.ToLower(formatHex(uint32(high)) + "_" + formatHex(low))
}

func formatHex(v uint32) string {
	const digits = "0123456789abcdef"
	b := []byte("0x00000000")
	for i := 9; i >= 2; i-- {
		b[i] = digits[v&0xf]
		v >>= 4
	}
	return string(b)
}
