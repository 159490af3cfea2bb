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

	"github.com/gputaskman/gtm/internal/procroot"
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
	hw := c.hwmons()
	d.TemperatureC = inUnits(firstOf(hw, "temp1_input"), 1e3)
	// Power: amdgpu's power1_average (or power1_input on newer parts);
	// i915 and xe give none, only the energy counter below.
	d.PowerW = inUnits(lowestChannel(hw, "power", "_average"), 1e6)
	if d.PowerW == nil {
		d.PowerW = inUnits(lowestChannel(hw, "power", "_input"), 1e6)
	}
	// Energy: i915's and xe's energy1_input (xe's energy1 is the card,
	// energy2 the package), in µJ, measured by the card.
	if j := inUnits(lowestChannel(hw, "energy", "_input"), 1e6); j != nil {
		d.Energy = &schema.DeviceEnergy{EnergyJoules: j}
	}
	d.PowerLimitW = inUnits(firstOf(hw, "power1_cap"), 1e6)
	d.SMClockMHz = inUnits(firstOf(hw, "freq1_input"), 1e6)
	d.MemoryClockMHz = inUnits(firstOf(hw, "freq2_input"), 1e6)
	if d.SMClockMHz == nil { // i915 keeps its actual frequency on the card
		d.SMClockMHz = inUnits(readUint(filepath.Join(c.Dir, "..", "gt_act_freq_mhz")), 1)
	}
	return d
}

// hwmons lists the card's hwmon folders in number order (hwmon2 before
// hwmon10); most cards have one.
func (c Card) hwmons() []string {
	m, _ := filepath.Glob(filepath.Join(c.Dir, "hwmon", "hwmon*"))
	sort.Slice(m, func(i, j int) bool { return hwmonNumber(m[i]) < hwmonNumber(m[j]) })
	return m
}

func hwmonNumber(dir string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(dir), "hwmon"))
	if err != nil {
		return int(^uint(0) >> 1) // not hwmonN: last
	}
	return n
}

// firstOf reads name in the first hwmon folder that has a number there.
func firstOf(dirs []string, name string) *uint64 {
	for _, d := range dirs {
		if v := readUint(filepath.Join(d, name)); v != nil {
			return v
		}
	}
	return nil
}

// lowestChannel reads kindN<suffix> (energy1_input, power2_average) with
// the lowest channel N that holds a number, in the first hwmon folder
// with one. Channel 1 is the card's own sensor where a driver has several.
func lowestChannel(dirs []string, kind, suffix string) *uint64 {
	for _, d := range dirs {
		m, _ := filepath.Glob(filepath.Join(d, kind+"*"+suffix))
		type ch struct {
			n    int
			path string
		}
		var chans []ch
		for _, p := range m {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), kind), suffix))
			if err == nil && n >= 0 {
				chans = append(chans, ch{n, p})
			}
		}
		sort.Slice(chans, func(i, j int) bool { return chans[i].n < chans[j].n })
		for _, c := range chans {
			if v := readUint(c.path); v != nil {
				return v
			}
		}
	}
	return nil
}

func readTrim(path string) string {
	b, err := readSmall(path)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// maxAttr bounds a sysfs attribute: the kernel hands out at most a page.
const maxAttr = 4096

// readSmall reads a sysfs attribute: a regular file of at most a page,
// opened without blocking (procroot's reader). A FIFO or device node in a
// tree that is not the kernel's is refused, not waited on or read for ever.
func readSmall(path string) ([]byte, error) {
	return procroot.ReadFile(path, maxAttr)
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

// inUnits converts a raw sysfs count (µW, µJ, m°C, Hz) by dividing by
// per: a division, so that a round count gives the exact decimal.
func inUnits(v *uint64, per float64) *float64 {
	if v == nil {
		return nil
	}
	f := float64(*v) / per
	return &f
}
