package drm

import (
	"bufio"
	"strconv"
	"strings"
)

// Client is what one fdinfo file says about a DRM client.
type Client struct {
	Driver string // drm-driver: amdgpu, i915, xe
	PDev   string // drm-pdev: the PCI address, e.g. 0000:03:00.0
	ID     uint64 // drm-client-id, unique per device
	HasID  bool

	// Memory per region ("vram", "gtt", "system", "local0", "vram0" …),
	// in bytes, by kind: "memory" (legacy drm-memory-*, resident), "total",
	// "shared", "resident".
	Memory map[string]map[string]uint64

	// EngineNS is cumulative busy time per engine (drm-engine-<name>, ns).
	EngineNS map[string]uint64
	// Cycles and TotalCycles are xe's busy counters (drm-cycles-<name>,
	// drm-total-cycles-<name>): busy = Δcycles / Δtotal.
	Cycles      map[string]uint64
	TotalCycles map[string]uint64
	// Capacity is how many engines of a class the client may use
	// (drm-engine-capacity-<name>, default 1).
	Capacity map[string]uint64
}

// maxFdinfoLines bounds parsing of a hostile or odd file.
const maxFdinfoLines = 512

// ParseFdinfo parses one /proc/PID/fdinfo/FD file. ok is false when the file
// is not a DRM client's (no drm-driver key).
func ParseFdinfo(text string) (c Client, ok bool) {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 4096), 4096)
	for n := 0; sc.Scan() && n < maxFdinfoLines; n++ {
		key, val, found := strings.Cut(sc.Text(), ":")
		if !found || !strings.HasPrefix(key, "drm-") {
			continue
		}
		val = strings.TrimSpace(val)
		switch {
		case key == "drm-driver":
			c.Driver = val
		case key == "drm-pdev":
			c.PDev = val
		case key == "drm-client-id":
			if id, err := strconv.ParseUint(val, 10, 64); err == nil {
				c.ID, c.HasID = id, true
			}
		case strings.HasPrefix(key, "drm-engine-capacity-"):
			if v, err := strconv.ParseUint(val, 10, 64); err == nil && v > 0 {
				c.Capacity = put(c.Capacity, strings.TrimPrefix(key, "drm-engine-capacity-"), v)
			}
		case strings.HasPrefix(key, "drm-engine-"):
			if v, ok := parseUnit(val, "ns"); ok {
				c.EngineNS = put(c.EngineNS, strings.TrimPrefix(key, "drm-engine-"), v)
			}
		case strings.HasPrefix(key, "drm-total-cycles-"):
			if v, err := strconv.ParseUint(val, 10, 64); err == nil {
				c.TotalCycles = put(c.TotalCycles, strings.TrimPrefix(key, "drm-total-cycles-"), v)
			}
		case strings.HasPrefix(key, "drm-cycles-"):
			if v, err := strconv.ParseUint(val, 10, 64); err == nil {
				c.Cycles = put(c.Cycles, strings.TrimPrefix(key, "drm-cycles-"), v)
			}
		default:
			for _, kind := range []string{"memory", "total", "shared", "resident"} {
				region, found := strings.CutPrefix(key, "drm-"+kind+"-")
				if !found || region == "" {
					continue
				}
				if v, ok := parseBytes(val); ok {
					if c.Memory == nil {
						c.Memory = map[string]map[string]uint64{}
					}
					c.Memory[kind] = put(c.Memory[kind], region, v)
				}
				break
			}
		}
	}
	return c, c.Driver != ""
}

func put(m map[string]uint64, k string, v uint64) map[string]uint64 {
	if m == nil {
		m = map[string]uint64{}
	}
	m[k] = v
	return m
}

// parseUnit reads "123 ns" (the unit is required to match when present).
func parseUnit(s, unit string) (uint64, bool) {
	num, u, _ := strings.Cut(s, " ")
	if u != "" && strings.TrimSpace(u) != unit {
		return 0, false
	}
	v, err := strconv.ParseUint(num, 10, 64)
	return v, err == nil
}

// parseBytes reads "169984 KiB", "12 MiB" or a plain byte count.
func parseBytes(s string) (uint64, bool) {
	num, unit, _ := strings.Cut(s, " ")
	v, err := strconv.ParseUint(num, 10, 64)
	if err != nil {
		return 0, false
	}
	var mul uint64
	switch strings.TrimSpace(unit) {
	case "":
		mul = 1
	case "KiB":
		mul = 1 << 10
	case "MiB":
		mul = 1 << 20
	case "GiB":
		mul = 1 << 30
	default:
		return 0, false
	}
	if v > ^uint64(0)/mul {
		return 0, false
	}
	return v * mul, true
}

// VRAM is the client's resident device-local memory, and GTT its
// GPU-accessible system memory, in bytes; ok is false when the driver gave
// no such figure. Region names differ by driver: amdgpu "vram"/"gtt", xe
// "vram0"/"gtt", i915 "local0" (discrete cards) and "system0".
func (c Client) VRAM() (uint64, bool) { return c.region("vram", "vram0", "local0") }

// GTT is the client's GPU-accessible system memory (see VRAM).
func (c Client) GTT() (uint64, bool) { return c.region("gtt", "system0") }

func (c Client) region(names ...string) (uint64, bool) {
	// Resident is what occupies the region now; the legacy drm-memory-*
	// keys mean the same on drivers that have no drm-resident-*.
	for _, kind := range []string{"resident", "memory"} {
		var sum uint64
		found := false
		for _, n := range names {
			if v, ok := c.Memory[kind][n]; ok {
				sum += v
				found = true
			}
		}
		if found {
			return sum, true
		}
	}
	return 0, false
}

// Shared reports whether any drm-shared-* counter is above zero: some of
// the client's buffers are shared with other clients (dma-buf), so its
// memory cannot be charged to it alone.
func (c Client) Shared() bool {
	for _, v := range c.Memory["shared"] {
		if v > 0 {
			return true
		}
	}
	return false
}
