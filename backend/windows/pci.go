package windows

import (
	"fmt"
	"strconv"
	"strings"
)

// PCIAddr is a PCI location without its domain: D3DKMT reports bus,
// device and function only, so matching ignores NVML's domain.
type PCIAddr struct {
	Bus, Device, Function uint32
}

func (a PCIAddr) String() string {
	return fmt.Sprintf("%02x:%02x.%x", a.Bus, a.Device, a.Function)
}

// ParseBusID reads NVML's bus id, "00000000:01:00.0" (domain:bus:device.
// function, hexadecimal; older drivers print a 4-digit domain).
func ParseBusID(s string) (PCIAddr, error) {
	bad := fmt.Errorf("PCI bus id %q is not domain:bus:device.function", s)
	parts := strings.Split(strings.TrimSpace(s), ":")
	if len(parts) != 3 {
		return PCIAddr{}, bad
	}
	devFn := strings.Split(parts[2], ".")
	if len(devFn) != 2 {
		return PCIAddr{}, bad
	}
	var out [4]uint64
	for i, f := range []string{parts[0], parts[1], devFn[0], devFn[1]} {
		v, err := strconv.ParseUint(f, 16, 32)
		if err != nil || f == "" {
			return PCIAddr{}, bad
		}
		out[i] = v
	}
	if out[1] > 0xff || out[2] > 31 || out[3] > 7 {
		return PCIAddr{}, bad
	}
	return PCIAddr{Bus: uint32(out[1]), Device: uint32(out[2]), Function: uint32(out[3])}, nil
}

// Pairing says which NVML device (by position) belongs to an adapter, or
// why none does.
type Pairing struct {
	Device int    // -1 when unpaired
	Reason string // why unpaired; "" when paired
}

// PairByPCI pairs adapters with NVML devices by PCI location, never by
// name or order: a pairing must be unique both ways (one device at the
// adapter's location, and no other adapter there). devices holds each
// NVML device's location, nil when NVML could not give it.
func PairByPCI(adapters []Adapter, devices []*PCIAddr) []Pairing {
	out := make([]Pairing, len(adapters))
	for i, a := range adapters {
		out[i] = Pairing{Device: -1}
		if a.PCI == nil {
			out[i].Reason = "its PCI location could not be read"
			continue
		}
		var hits []int
		for j, d := range devices {
			if d != nil && *d == *a.PCI {
				hits = append(hits, j)
			}
		}
		twins := 0
		for _, b := range adapters {
			if b.PCI != nil && *b.PCI == *a.PCI {
				twins++
			}
		}
		switch {
		case len(hits) == 0:
			out[i].Reason = "no NVML device at PCI " + a.PCI.String()
		case len(hits) > 1:
			out[i].Reason = fmt.Sprintf("%d NVML devices at PCI %s", len(hits), a.PCI)
		case twins > 1:
			out[i].Reason = fmt.Sprintf("%d adapters at PCI %s", twins, a.PCI)
		default:
			out[i].Device = hits[0]
		}
	}
	return out
}
