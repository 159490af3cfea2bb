package wddm

import (
	"math"
	"testing"
)

const luid = "luid_0x00000000_0x0000D1E3_phys_0"

func inst(pid string) string { return "pid_" + pid + "_" + luid }

func TestParseInstance(t *testing.T) {
	in, err := ParseInstance("pid_4321_luid_0x00000000_0x0000D1E3_phys_0_eng_3_engtype_VideoDecode")
	if err != nil || in.PID != 4321 || in.LUID != "0x00000000_0x0000d1e3" || in.Phys != 0 || in.Engine != 3 || in.EngType != "VideoDecode" {
		t.Fatalf("%+v %v", in, err)
	}
	in, err = ParseInstance("luid_0x00000000_0x0000D1E3_phys_0")
	if err != nil || in.PID != -1 || in.Engine != -1 {
		t.Errorf("adapter instance: %+v %v", in, err)
	}
	for _, bad := range []string{"", "_Total", "pid_x_luid_0x0_0x0_phys_0", "pid_1_luid_0x00000000_0x0000D1E3",
		"pid_1_luid_0x00000000_0x0000D1E3_phys_0_extra", "pid_99999999999_luid_0x00000000_0x0000D1E3_phys_0",
		"pid_1_luid_0x00000000_0x0000D1E3_phys_0_eng_1_engtype_\x1b[2J"} {
		if _, err := ParseInstance(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestAccountPrefersLocalAndEstimatesPaged(t *testing.T) {
	cs := CounterSet{
		Local:     []Item{{inst("100"), 1 << 30}, {inst("200"), 1503238553}},
		NonLocal:  []Item{{inst("100"), 256 << 20}, {inst("200"), 0}},
		Dedicated: []Item{{inst("100"), 1 << 30}, {inst("200"), 15.3 * (1 << 30)}},
		Shared:    []Item{{inst("100"), 300 << 20}, {inst("200"), 1 << 30}},
		Committed: []Item{{inst("100"), 2 << 30}, {inst("200"), 1 << 30}},
		Names:     map[int]string{200: "dwm.exe"},
	}
	procs, _, bad := Account(cs)
	if bad != 0 || len(procs) != 2 {
		t.Fatalf("procs %+v bad %d", procs, bad)
	}
	p, dwm := procs[0], procs[1]
	if *p.VRAM != 1<<30 || *p.Spill != 256<<20 || p.Fallback || *p.Paged != 2<<30-(1<<30)-(256<<20) {
		t.Errorf("pid 100: vram %d spill %d paged %d", *p.VRAM, *p.Spill, *p.Paged)
	}
	// DWM: Local Usage (1.4 GiB), not the inflated Dedicated Usage (15.3 GiB);
	// committed below local+nonlocal → paged 0, not negative.
	if dwm.Name != "dwm.exe" || *dwm.VRAM != 1503238553 || *dwm.Paged != 0 {
		t.Errorf("dwm: %+v vram %d paged %d", dwm, *dwm.VRAM, *dwm.Paged)
	}
}

func TestAccountFallsBackToDedicatedShared(t *testing.T) {
	cs := CounterSet{
		Local:     []Item{{inst("100"), 1 << 30}}, // no Non Local: the pair cannot be added
		Dedicated: []Item{{inst("100"), 3 << 30}},
		Shared:    []Item{{inst("100"), 1 << 20}},
		Committed: []Item{{inst("100"), 5 << 30}},
	}
	procs, _, _ := Account(cs)
	p := procs[0]
	if !p.Fallback || *p.VRAM != 3<<30 || *p.Spill != 1<<20 || p.Paged != nil {
		t.Errorf("fallback: %+v", p)
	}
}

func TestAccountPagedUnavailableWithoutCommitted(t *testing.T) {
	procs, _, _ := Account(CounterSet{Local: []Item{{inst("1"), 10}}, NonLocal: []Item{{inst("1"), 5}}})
	if procs[0].Paged != nil {
		t.Error("paged must be unavailable when Total Committed is missing")
	}
}

func TestAccountVMWorkerContextsInOrder(t *testing.T) {
	cs := CounterSet{
		Local:    []Item{{inst("7000"), 0}, {inst("7000"), 5 << 30}, {inst("7000"), 300 << 20}},
		NonLocal: []Item{{inst("7000"), 0}, {inst("7000"), 0}, {inst("7000"), 0}},
		Names:    map[int]string{7000: "vmwp.exe"},
	}
	procs, _, _ := Account(cs)
	p := procs[0]
	if len(p.Contexts) != 3 || p.Contexts[1] != 5<<30 || p.Contexts[2] != 300<<20 || *p.VRAM != 5<<30+300<<20 {
		t.Errorf("contexts %v vram %d", p.Contexts, *p.VRAM)
	}
}

func TestAccountEnginesBusiestNeverSummed(t *testing.T) {
	e := func(n, typ string) string { return "pid_100_" + luid + "_eng_" + n + "_engtype_" + typ }
	cs := CounterSet{Engine: []Item{
		{e("0", "3D"), 70}, {e("1", "Copy"), 20}, {e("2", "Copy"), 45},
		{e("3", "VideoDecode"), 10}, {e("4", "VideoEncode"), 5}, {e("5", "Compute_0"), 90},
		{e("6", "3D"), 250}, // a counter glitch: clamped, never past 100
	}}
	procs, _, _ := Account(cs)
	p := procs[0]
	if p.Engines["Copy"] != 45 || p.Engines["3D"] != 100 {
		t.Errorf("engines %v", p.Engines)
	}
	if g := p.GPUPercent(); g == nil || *g != 100 {
		t.Errorf("gpu %v", g)
	}
	if sm := p.EngineClass("3D", "Compute"); *sm != 100 {
		t.Errorf("sm %v", *sm)
	}
	if dec := p.EngineClass("VideoDecode"); *dec != 10 {
		t.Errorf("dec %v", *dec)
	}
	if (Process{}).GPUPercent() != nil {
		t.Error("no engines must be nil, not 0")
	}
}

func TestAccountBadItemsSkipped(t *testing.T) {
	cs := CounterSet{
		Local:            []Item{{"garbage", 1}, {inst("1"), math.NaN()}, {inst("2"), -5}, {inst("3"), 1e300}, {inst("4"), 7}},
		AdapterDedicated: []Item{{luid, 8 << 30}, {inst("9"), 1}},
		AdapterShared:    []Item{{luid, 1 << 30}},
	}
	procs, adapters, bad := Account(cs)
	if bad != 5 || len(procs) != 1 || procs[0].PID != 4 {
		t.Errorf("procs %+v bad %d", procs, bad)
	}
	if len(adapters) != 1 || *adapters[0].DedicatedBytes != 8<<30 || *adapters[0].SharedBytes != 1<<30 {
		t.Errorf("adapters %+v", adapters)
	}
}

func FuzzParseInstance(f *testing.F) {
	f.Add("pid_4321_luid_0x00000000_0x0000D1E3_phys_0_eng_3_engtype_VideoDecode")
	f.Add("luid_0x00000000_0x0000D1E3_phys_0")
	f.Fuzz(func(t *testing.T, s string) {
		in, err := ParseInstance(s)
		if err == nil && (in.LUID == "" || in.Phys < 0) {
			t.Fatalf("%q: %+v", s, in)
		}
	})
}
