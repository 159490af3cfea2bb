package drm

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

const amdFdinfo = `pos:	0
flags:	02100002
mnt_id:	24
drm-driver:	amdgpu
drm-client-id:	%ID%
drm-pdev:	0000:03:00.0
pasid:	32774
drm-memory-vram:	169984 KiB
drm-memory-gtt: 	2048 KiB
drm-memory-cpu: 	0 KiB
drm-engine-gfx:	%GFX% ns
drm-engine-compute:	0 ns
drm-engine-enc:	0 ns
drm-engine-dec:	%DEC% ns
`

const xeFdinfo = `drm-driver:	xe
drm-client-id:	7
drm-pdev:	0000:00:02.0
drm-total-system0:	4 MiB
drm-shared-system0:	0
drm-total-vram0:	300 MiB
drm-shared-vram0:	0
drm-resident-vram0:	256 MiB
drm-total-gtt:	8 MiB
drm-resident-gtt:	8 MiB
drm-cycles-rcs:	%CYC%
drm-total-cycles-rcs:	%TOT%
drm-engine-capacity-vcs:	2
`

func TestParseFdinfoAmdgpu(t *testing.T) {
	c, ok := ParseFdinfo(fill(amdFdinfo, "%ID%", "15", "%GFX%", "2125840000", "%DEC%", "5"))
	if !ok || c.Driver != "amdgpu" || c.PDev != "0000:03:00.0" || !c.HasID || c.ID != 15 {
		t.Fatalf("header: %+v", c)
	}
	if v, ok := c.VRAM(); !ok || v != 169984<<10 {
		t.Errorf("vram %d %v", v, ok)
	}
	if v, ok := c.GTT(); !ok || v != 2048<<10 {
		t.Errorf("gtt %d %v", v, ok)
	}
	if c.EngineNS["gfx"] != 2125840000 || c.EngineNS["dec"] != 5 {
		t.Errorf("engines %v", c.EngineNS)
	}
}

func TestParseFdinfoXePrefersResident(t *testing.T) {
	c, ok := ParseFdinfo(fill(xeFdinfo, "%CYC%", "1", "%TOT%", "2"))
	if !ok {
		t.Fatal("not parsed")
	}
	if v, _ := c.VRAM(); v != 256<<20 {
		t.Errorf("vram = %d, want resident 256 MiB (not total 300)", v)
	}
	if c.Capacity["vcs"] != 2 || c.Cycles["rcs"] != 1 || c.TotalCycles["rcs"] != 2 {
		t.Errorf("xe engines %+v", c)
	}
}

func TestParseFdinfoNotDRM(t *testing.T) {
	if _, ok := ParseFdinfo("pos:\t0\nflags:\t02\nmnt_id:\t9\n"); ok {
		t.Error("a plain file's fdinfo parsed as a DRM client")
	}
	if _, ok := parseBytes("12 PiB"); ok {
		t.Error("unknown unit accepted")
	}
	if _, ok := parseBytes("18446744073709551615 KiB"); ok {
		t.Error("overflow accepted")
	}
}

// fakeMachine builds /proc and /sys trees with one AMD card.
type fakeMachine struct {
	t         *testing.T
	proc, sys string
	nextFD    map[int]int
}

func newFakeMachine(t *testing.T) *fakeMachine {
	root := t.TempDir()
	m := &fakeMachine{t: t, proc: filepath.Join(root, "proc"), sys: filepath.Join(root, "sys"), nextFD: map[int]int{}}
	m.card("card0", "0x1002", "0000:03:00.0", map[string]string{
		"mem_info_vram_total": "17163091968", "mem_info_vram_used": "1073741824",
		"gpu_busy_percent": "37", "mem_busy_percent": "5",
		"hwmon/hwmon3/temp1_input": "54000", "hwmon/hwmon3/power1_average": "41000000",
		"hwmon/hwmon3/power1_cap": "203000000", "hwmon/hwmon3/freq1_input": "2450000000",
		"product_name": "Radeon RX 7800 XT",
	})
	m.card("card1", "0x10de", "0000:01:00.0", nil) // NVML's
	return m
}

func (m *fakeMachine) card(node, vendor, pdev string, files map[string]string) {
	dev := filepath.Join(m.sys, "class", "drm", node, "device")
	m.write(filepath.Join(dev, "vendor"), vendor+"\n")
	m.write(filepath.Join(dev, "device"), "0x747e\n")
	m.write(filepath.Join(dev, "uevent"), "DRIVER=amdgpu\nPCI_SLOT_NAME="+pdev+"\n")
	for k, v := range files {
		m.write(filepath.Join(dev, k), v+"\n")
	}
	// connectors are not devices
	m.write(filepath.Join(m.sys, "class", "drm", node+"-DP-1", "status"), "connected\n")
}

func (m *fakeMachine) write(path, s string) {
	m.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		m.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		m.t.Fatal(err)
	}
}

// open gives pid an fd on node with the given fdinfo text.
func (m *fakeMachine) open(pid int, node, fdinfo string) {
	m.t.Helper()
	fd := 3 + m.nextFD[pid]
	m.nextFD[pid]++
	dir := filepath.Join(m.proc, strconv.Itoa(pid))
	if err := os.MkdirAll(filepath.Join(dir, "fd"), 0o755); err != nil {
		m.t.Fatal(err)
	}
	if err := os.Symlink("/dev/dri/"+node, filepath.Join(dir, "fd", strconv.Itoa(fd))); err != nil {
		m.t.Fatal(err)
	}
	m.write(filepath.Join(dir, "fdinfo", strconv.Itoa(fd)), fdinfo)
}

func (m *fakeMachine) setFdinfo(pid, fd int, text string) {
	m.write(filepath.Join(m.proc, strconv.Itoa(pid), "fdinfo", strconv.Itoa(fd)), text)
}

func amd(id, gfx, dec string) string {
	return fill(amdFdinfo, "%ID%", id, "%GFX%", gfx, "%DEC%", dec)
}

func fill(s string, kv ...string) string { return strings.NewReplacer(kv...).Replace(s) }

func TestSysfsDeviceReadingsAndNVIDIASkipped(t *testing.T) {
	m := newFakeMachine(t)
	s := New(m.proc, m.sys)
	got := s.Sample(context.Background(), time.Second)
	if len(got.Devices) != 1 {
		t.Fatalf("want only the AMD card, got %d devices", len(got.Devices))
	}
	d := got.Devices[0]
	if d.Vendor != "AMD" || *d.Name != "Radeon RX 7800 XT" || *d.PCIBusID != "0000:03:00.0" {
		t.Errorf("identity %+v", d)
	}
	if *d.MemoryTotalBytes != 17163091968 || *d.MemoryUsedBytes != 1<<30 || *d.GPUUtilPercent != 37 || *d.MemoryUtilPercent != 5 {
		t.Errorf("memory/util %+v", d)
	}
	if *d.TemperatureC != 54 || *d.PowerW != 41 || *d.PowerLimitW != 203 || *d.SMClockMHz != 2450 {
		t.Errorf("hwmon %v %v %v %v", *d.TemperatureC, *d.PowerW, *d.PowerLimitW, *d.SMClockMHz)
	}
	if d.MemoryClockMHz != nil || d.PCIeRxBytesPerS != nil || d.EncoderUtilPct != nil {
		t.Error("readings sysfs does not give must stay nil, not 0")
	}
}

func TestNoAMDOrIntelCardNoRowsNoScan(t *testing.T) {
	root := t.TempDir()
	s := New(filepath.Join(root, "proc"), filepath.Join(root, "sys"))
	got := s.Sample(context.Background(), time.Second)
	if len(got.Devices) != 0 || len(got.Usage) != 0 || len(got.Sources) != 0 {
		t.Errorf("no DRM card must give an empty sample: %+v", got)
	}
}

func TestPrivateRenderClientIsCharged(t *testing.T) {
	m := newFakeMachine(t)
	m.open(100, "renderD128", amd("15", "0", "0"))
	u := New(m.proc, m.sys).Sample(context.Background(), time.Second).Usage
	if len(u) != 1 || u[0].PID != 100 || u[0].DeviceIndex != 0 {
		t.Fatalf("usage %+v", u)
	}
	if u[0].VRAMBytes == nil || *u[0].VRAMBytes != 169984<<10 || u[0].SpillBytes == nil || *u[0].SpillBytes != 2048<<10 {
		t.Errorf("private client not charged: %+v", u[0])
	}
	if u[0].SMUtilPercent != nil || u[0].GPUUtilPercent != nil {
		t.Error("engine load needs two samples: must be nil on the first, not 0")
	}
}

func TestDupedFdCountsOnce(t *testing.T) {
	m := newFakeMachine(t)
	m.open(100, "renderD128", amd("15", "0", "0"))
	m.open(100, "renderD128", amd("15", "0", "0"))
	u := New(m.proc, m.sys).Sample(context.Background(), time.Second).Usage
	if len(u) != 1 || *u[0].VRAMBytes != 169984<<10 {
		t.Errorf("one client through two fds counted twice: %+v", u)
	}
}

func TestSharedClientIsNotAttributed(t *testing.T) {
	for name, setup := range map[string]func(m *fakeMachine){
		"two holders (fd passed)": func(m *fakeMachine) {
			m.open(100, "renderD128", amd("15", "0", "0"))
			m.open(200, "renderD128", amd("15", "0", "0"))
		},
		"primary node": func(m *fakeMachine) {
			m.open(100, "card0", amd("15", "0", "0"))
		},
		"drm-shared above zero": func(m *fakeMachine) {
			m.open(100, "renderD128", amd("15", "0", "0")+"drm-shared-vram:\t4 KiB\n")
		},
		"no client id": func(m *fakeMachine) {
			m.open(100, "renderD128", strings.Replace(amd("15", "0", "0"), "drm-client-id:\t15\n", "", 1))
		},
	} {
		t.Run(name, func(t *testing.T) {
			m := newFakeMachine(t)
			setup(m)
			u := New(m.proc, m.sys).Sample(context.Background(), time.Second).Usage
			if len(u) == 0 {
				t.Fatal("no rows")
			}
			for _, r := range u {
				if r.PID == 100 && (r.VRAMBytes != nil || r.SpillBytes != nil || len(r.Notes) != 1 || r.Notes[0] != NoteSharedClient) {
					t.Errorf("shared client charged: %+v", r)
				}
			}
		})
	}
}

func TestEngineBusyBetweenSamples(t *testing.T) {
	m := newFakeMachine(t)
	m.open(100, "renderD128", amd("15", "1000000000", "0"))
	s := New(m.proc, m.sys)
	now := time.Unix(1000, 0)
	s.Now = func() time.Time { return now }
	s.Sample(context.Background(), time.Second)
	now = now.Add(2 * time.Second)
	m.setFdinfo(100, 3, amd("15", "2500000000", "200000000")) // gfx +1.5 s, dec +0.2 s in 2 s
	u := s.Sample(context.Background(), time.Second).Usage
	if len(u) != 1 || u[0].SMUtilPercent == nil {
		t.Fatalf("usage %+v", u)
	}
	if *u[0].SMUtilPercent != 75 || *u[0].DecoderUtilPercent != 10 || *u[0].EncoderUtilPercent != 0 || *u[0].GPUUtilPercent != 75 {
		t.Errorf("busy: sm %v dec %v enc %v gpu %v", *u[0].SMUtilPercent, *u[0].DecoderUtilPercent, *u[0].EncoderUtilPercent, *u[0].GPUUtilPercent)
	}
}

func TestXeCyclesAndCapacity(t *testing.T) {
	prev := busy{cycles: map[string]uint64{"rcs": 100, "vcs": 0}, totalCycles: map[string]uint64{"rcs": 1000, "vcs": 1000}}
	cur := busy{cycles: map[string]uint64{"rcs": 400, "vcs": 1000}, totalCycles: map[string]uint64{"rcs": 2000, "vcs": 2000},
		capacity: map[string]uint64{"vcs": 2}}
	p := percents(prev, cur, 0)
	if p["rcs"] != 30 || p["vcs"] != 50 {
		t.Errorf("xe busy %v (want rcs 30, vcs 50 with two engines)", p)
	}
	// A client id reused by a new client: counters go backwards, no value.
	if got := percents(cur, prev, 1e9); len(got) != 0 {
		t.Errorf("backwards counters gave %v", got)
	}
}

func TestEngineClasses(t *testing.T) {
	for name, want := range map[string]int{"gfx": classCompute, "compute": classCompute, "render": classCompute, "rcs": classCompute,
		"ccs": classCompute, "enc": classEncoder, "enc_1": classEncoder, "dec": classDecoder, "video": classOther, "vcs": classOther,
		"copy": classOther, "dma": classOther, "vcn_unified": classOther} {
		if got := engineClass(name); got != want {
			t.Errorf("%s: class %d, want %d", name, got, want)
		}
	}
}

// intelCard adds an Intel card whose hwmon has only the energy counter, as
// i915 and xe give (no power reading).
func (m *fakeMachine) intelCard(files map[string]string) {
	m.card("card2", "0x8086", "0000:00:02.0", files)
}

func TestHwmonEnergyCounterAndPowerBeside(t *testing.T) {
	m := newFakeMachine(t)
	// The AMD card: power1_average and an energy counter (µJ).
	m.write(filepath.Join(m.sys, "class/drm/card0/device/hwmon/hwmon3/energy1_input"), "123456789000\n")
	// The Intel card: xe's card (energy1) and package (energy2) counters,
	// no power reading.
	m.intelCard(map[string]string{"hwmon/hwmon5/energy1_input": "2000500000", "hwmon/hwmon5/energy2_input": "9000000000"})
	got := New(m.proc, m.sys).Sample(context.Background(), time.Second).Devices
	if len(got) != 2 {
		t.Fatalf("devices %d, want AMD and Intel", len(got))
	}
	amd, intel := got[1], got[0] // ordered by PCI address
	if amd.Vendor != "AMD" || intel.Vendor != "Intel" {
		t.Fatalf("order %s %s", amd.Vendor, intel.Vendor)
	}
	if amd.Energy == nil || amd.Energy.EnergyJoules == nil || *amd.Energy.EnergyJoules != 123456.789 {
		t.Errorf("AMD energy %+v, want 123456.789 J", amd.Energy)
	}
	if amd.PowerW == nil || *amd.PowerW != 41 {
		t.Errorf("AMD power %v, want 41 W from power1_average", amd.PowerW)
	}
	if intel.Energy == nil || intel.Energy.EnergyJoules == nil || *intel.Energy.EnergyJoules != 2000.5 {
		t.Errorf("Intel energy %+v, want the card's 2000.5 J (energy1, not the package's energy2)", intel.Energy)
	}
	if intel.PowerW != nil {
		t.Errorf("Intel power %v: no power file, must stay null (not worked out here)", *intel.PowerW)
	}
	for _, d := range got {
		e := d.Energy
		if e != nil && (e.PowerW != nil || e.IdleFloorW != nil || e.EnergySinceStartJoules != nil || e.PowerSource != nil) {
			t.Errorf("the backend fills only the counter: %+v", e)
		}
	}
}

func TestHwmonPowerWhereverTheCardKeepsIt(t *testing.T) {
	for name, files := range map[string]map[string]string{
		"power1_input only":        {"hwmon/hwmon3/power1_input": "17500000"},
		"second channel":           {"hwmon/hwmon3/power2_average": "17500000", "hwmon/hwmon3/power3_input": "99000000"},
		"second hwmon folder":      {"hwmon/hwmon10/temp1_input": "40000", "hwmon/hwmon2/power1_average": "17500000"},
		"folders in number order":  {"hwmon/hwmon2/power1_average": "17500000", "hwmon/hwmon10/power1_average": "99000000"},
		"average before input":     {"hwmon/hwmon3/power1_average": "17500000", "hwmon/hwmon3/power1_input": "99000000"},
		"unreadable channel skips": {"hwmon/hwmon3/power1_average": "n/a", "hwmon/hwmon3/power2_average": "17500000"},
	} {
		t.Run(name, func(t *testing.T) {
			m := newFakeMachine(t)
			if err := os.RemoveAll(filepath.Join(m.sys, "class/drm/card0/device/hwmon")); err != nil {
				t.Fatal(err)
			}
			for k, v := range files {
				m.write(filepath.Join(m.sys, "class/drm/card0/device", k), v+"\n")
			}
			d := New(m.proc, m.sys).Sample(context.Background(), time.Second).Devices[0]
			if d.PowerW == nil || *d.PowerW != 17.5 {
				t.Errorf("power %v, want 17.5 W", d.PowerW)
			}
			if d.Energy != nil {
				t.Errorf("no energy file, yet an energy block %+v", d.Energy)
			}
		})
	}
}

func TestHwmonNeitherPowerNorEnergy(t *testing.T) {
	m := newFakeMachine(t)
	m.intelCard(map[string]string{"hwmon/hwmon5/temp1_input": "35000"})
	got := New(m.proc, m.sys).Sample(context.Background(), time.Second).Devices
	if intel := got[0]; intel.Vendor != "Intel" || intel.PowerW != nil || intel.Energy != nil || *intel.TemperatureC != 35 {
		t.Errorf("Intel card with no power or energy: %+v", intel)
	}
}
