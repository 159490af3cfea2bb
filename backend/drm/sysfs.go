package drm

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/gputaskman/gtm/internal/schema"
)

// Card is one DRM device gtm reads through sysfs.
type Card struct {
	Node   string // "card0"
	Dir    string // <sys>/class/drm/card0/device
	PDev   string // PCI address, as fdinfo's drm-pdev
	Vendor string // "AMD", "Intel"
	Driver string // amdgpu, i915, xe
	Name   string
}

var cardNode = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^card[0-9]+$`) })

const (
	vendorNVIDIA = "0x10de"
	vendorAMD    = "0x1002"
	vendorIntel  = "0x8086"
)

// FindCards lists the AMD and Intel DRM devices under sysRoot (normally
// /sys), ordered by PCI address. NVIDIA devices are skipped: NVML reads them.
func FindCards(sysRoot string) ([]Card, error) {
	base := filepath.Join(sysRoot, "class", "drm")
	entries, err := os.ReadDir(base)
	if err != nil {
		return nil, err
	}
	var cards []Card
	seen := map[string]bool{}
	for _, e := range entries {
		if !cardNode().MatchString(e.Name()) {
			continue
		}
		dir := filepath.Join(base, e.Name(), "device")
		vendor := readTrim(filepath.Join(dir, "vendor"))
		var vname string
		switch vendor {
		case vendorAMD:
			vname = "AMD"
		case vendorIntel:
			vname = "Intel"
		default: // NVIDIA (NVML's), virtual and unknown devices
			continue
		}
		c := Card{Node: e.Name(), Dir: dir, Vendor: vname}
		c.PDev = ueventValue(filepath.Join(dir, "uevent"), "PCI_SLOT_NAME")
		if c.PDev == "" || seen[c.PDev] {
			continue
		}
		seen[c.PDev] = true
		if l, err := os.Readlink(filepath.Join(dir, "driver")); err == nil {
			c.Driver = filepath.Base(l)
		}
		c.Name = readTrim(filepath.Join(dir, "product_name"))
		if c.Name == "" {
			c.Name = fmt.Sprintf("%s GPU [%s:%s]", vname, strings.TrimPrefix(vendor, "0x"), strings.TrimPrefix(readTrim(filepath.Join(dir, "device")), "0x"))
		}
		cards = append(cards, c)
	}
	sort.Slice(cards, func(i, j int) bool { return cards[i].PDev < cards[j].PDev })
	return cards, nil
}

// Read takes the device readings sysfs and hwmon offer. Anything a driver
// does not expose stays nil.
func (c Card) Read(index int) schema.Device {
	d := schema.Device{Index: index, Vendor: c.Vendor, Name: schema.Ptr(c.Name), PCIBusID: schema.Ptr(c.PDev)}
	d.MemoryTotalBytes = readUint(filepath.Join(c.Dir, "mem_info_vram_total"))
	d.MemoryUsedBytes = readUint(filepath.Join(c.Dir, "mem_info_vram_used"))
	d.GPUUtilPercent = pct(readUint(filepath.Join(c.Dir, "gpu_busy_percent")))
	d.MemoryUtilPercent = pct(readUint(filepath.Join(c.Dir, "mem_busy_percent")))
	if hw := c.hwmon(); hw != "" {
		d.TemperatureC = scaled(readUint(filepath.Join(hw, "temp1_input")), 1e-3)
		d.PowerW = scaled(readUint(filepath.Join(hw, "power1_average")), 1e-6)
		if d.PowerW == nil {
			d.PowerW = scaled(readUint(filepath.Join(hw, "power1_input")), 1e-6)
		}
		d.PowerLimitW = scaled(readUint(filepath.Join(hw, "power1_cap")), 1e-6)
		d.SMClockMHz = scaled(readUint(filepath.Join(hw, "freq1_input")), 1e-6)
		d.MemoryClockMHz = scaled(readUint(filepath.Join(hw, "freq2_input")), 1e-6)
	}
	if d.SMClockMHz == nil { // i915 keeps its actual frequency on the card
		d.SMClockMHz = scaled(readUint(filepath.Join(c.Dir, "..", "gt_act_freq_mhz")), 1)
	}
	return d
}

func (c Card) hwmon() string {
	m, _ := filepath.Glob(filepath.Join(c.Dir, "hwmon", "hwmon*"))
	sort.Strings(m)
	if len(m) == 0 {
		return ""
	}
	return m[0]
}

func readTrim(path string) string {
	b, err := readSmall(path)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// readSmall reads a sysfs attribute; they are a page at most.
func readSmall(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, 4096)
	n, err := f.Read(buf)
	if n == 0 && err != nil {
		return nil, err
	}
	return buf[:n], nil
}

func readUint(path string) *uint64 {
	s := readTrim(path)
	if s == "" {
		return nil
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return nil
	}
	return &v
}

func ueventValue(path, key string) string {
	for _, line := range strings.Split(readTrim(path), "\n") {
		if v, ok := strings.CutPrefix(line, key+"="); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func pct(v *uint64) *float64 {
	if v == nil || *v > 100 {
		return nil
	}
	f := float64(*v)
	return &f
}

func scaled(v *uint64, k float64) *float64 {
	if v == nil {
		return nil
	}
	f := float64(*v) * k
	return &f
}
