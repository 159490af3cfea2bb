package tray

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"

	"github.com/gputaskman/gtm/assets"
	"github.com/gputaskman/gtm/internal/schema"
)

var update = flag.Bool("update", false, "rewrite golden files")

// recHost records what the controller hands to the tray host.
type recHost struct {
	mu       sync.Mutex
	icons    [][]byte
	titles   []string
	tooltips []string
	items    []*recItem
}

type recItem struct {
	mu        sync.Mutex
	label     string
	checkable bool
	enabled   bool
	checked   bool
	visible   bool
	sets      int // label changes
	clicks    chan struct{}
}

func (h *recHost) SetIcon(b []byte) { h.mu.Lock(); h.icons = append(h.icons, b); h.mu.Unlock() }
func (h *recHost) SetTitle(s string) {
	h.mu.Lock()
	h.titles = append(h.titles, s)
	h.mu.Unlock()
}
func (h *recHost) SetTooltip(s string) {
	h.mu.Lock()
	h.tooltips = append(h.tooltips, s)
	h.mu.Unlock()
}
func (h *recHost) AddSeparator() {}
func (h *recHost) AddItem(label string, checkable bool) Item {
	it := &recItem{label: label, checkable: checkable, enabled: true, visible: true, clicks: make(chan struct{})}
	h.items = append(h.items, it)
	return it
}

func (i *recItem) SetLabel(s string) { i.mu.Lock(); i.label = s; i.sets++; i.mu.Unlock() }
func (i *recItem) SetEnabled(b bool) { i.mu.Lock(); i.enabled = b; i.mu.Unlock() }
func (i *recItem) SetChecked(b bool) { i.mu.Lock(); i.checked = b; i.mu.Unlock() }
func (i *recItem) SetVisible(b bool) { i.mu.Lock(); i.visible = b; i.mu.Unlock() }
func (i *recItem) Clicked() <-chan struct{} {
	return i.clicks
}

func (h *recHost) find(label string) *recItem {
	for _, it := range h.items {
		it.mu.Lock()
		l, v := it.label, it.visible
		it.mu.Unlock()
		if l == label && v {
			return it
		}
	}
	return nil
}

// ramp is a replayed sequence: GPU 0 climbing from 10 GiB to 23.5 of 24
// GiB in 0.05 GiB steps with a little jitter, then falling back; many
// snapshots, few distinct rounded percentages.
func ramp() []*schema.Snapshot {
	var out []*schema.Snapshot
	used := 10.0
	for i := 0; i < 600; i++ {
		switch {
		case i < 270:
			used += 0.05
		case i > 400:
			used -= 0.05
		}
		jitter := float64(i%3-1) * 0.004
		s := snap([]schema.Device{device(0, "RTX 3090", used+jitter, 24)}, []schema.Process{proc(4242, 0, "llama-server", used-0.5, "", "")})
		s.TakenAt = taken.Add(time.Duration(i) * time.Second)
		out = append(out, s)
	}
	return out
}

func TestIconSetOnlyWhenPercentOrLevelChanges(t *testing.T) {
	h := &recHost{}
	tr := New(h, Actions{}, Settings{AlertThreshold: 90})
	caps := ramp()
	distinct := 1 // the "collecting" icon before the first snapshot
	var last IconKey
	for i, s := range caps {
		st := FromSnapshot(s, Options{})
		if i == 0 || st.Icon != last {
			distinct++
		}
		last = st.Icon
		tr.Update(st)
	}
	if got := tr.IconSets(); got != distinct || len(h.icons) != distinct {
		t.Fatalf("icon set %d times (host saw %d), want %d: once per distinct rounded %% or level", got, len(h.icons), distinct)
	}
	if distinct >= len(caps)/5 {
		t.Fatalf("the ramp should repeat percentages (%d distinct of %d)", distinct, len(caps))
	}
	// Replaying the same snapshot again sets nothing.
	n := len(h.icons)
	tr.Update(FromSnapshot(caps[len(caps)-1], Options{}))
	if len(h.icons) != n {
		t.Errorf("same snapshot set the icon again")
	}
	// The tooltip changed with every new GiB reading, but never twice
	// for the same text.
	for i := 1; i < len(h.tooltips); i++ {
		if h.tooltips[i] == h.tooltips[i-1] {
			t.Fatalf("tooltip set twice to %q", h.tooltips[i])
		}
	}
}

func TestMenuIsRelabelledNotRebuilt(t *testing.T) {
	h := &recHost{}
	tr := New(h, Actions{}, Settings{AlertThreshold: 90})
	n := len(h.items)
	tr.Update(FromSnapshot(oneGPU(), Options{}))
	tr.Update(FromSnapshot(threeGPUs(), Options{}))
	tr.Update(FromSnapshot(noGPU(), Options{}))
	tr.Update(FromSnapshot(oneGPU(), Options{Paused: true}))
	if len(h.items) != n {
		t.Fatalf("menu grew from %d to %d items: rebuilt instead of re-labelled", n, len(h.items))
	}
	if h.find("Resume") == nil || h.find("Pause") != nil {
		t.Errorf("pause item not re-labelled")
	}
	// Unused GPU lines are hidden, not removed.
	hidden := 0
	for _, it := range h.items {
		if !it.visible {
			hidden++
		}
	}
	if hidden == 0 {
		t.Errorf("no hidden slots")
	}
	gpuLine := h.find("GPU 0 NVIDIA GeForce RTX 3090 · 12.3 / 24.0 GiB (51 %)")
	if gpuLine == nil || gpuLine.enabled {
		t.Errorf("GPU line missing or clickable: %+v", gpuLine)
	}
	// The same state again touches no label.
	sets := 0
	for _, it := range h.items {
		sets += it.sets
	}
	tr.Update(FromSnapshot(oneGPU(), Options{Paused: true}))
	after := 0
	for _, it := range h.items {
		after += it.sets
	}
	if after != sets {
		t.Errorf("unchanged state re-labelled %d items", after-sets)
	}
}

func TestMenuActions(t *testing.T) {
	h := &recHost{}
	got := make(chan string, 10)
	tr := New(h, Actions{
		ShowWindow:     func() { got <- "show" },
		ShowProcess:    func(pid int) { got <- "process " + strconv.Itoa(pid) },
		SetPaused:      func(p bool) { got <- "paused " + boolT(p) },
		SetAlerts:      func(on bool) { got <- "alerts " + boolT(on) },
		SetTrendAlerts: func(on bool) { got <- "trend alerts " + boolT(on) },
		SetAutostart:   func(on bool) error { got <- "autostart " + boolT(on); return nil },
		SetDemo:        func(on bool) { got <- "demo " + boolT(on) },
		Quit:           func() { got <- "quit" },
	}, Settings{AlertThreshold: 90, AutostartAvailable: true})
	tr.Update(FromSnapshot(oneGPU(), Options{}))
	click := func(label, want string) {
		t.Helper()
		it := h.find(label)
		if it == nil {
			t.Fatalf("no visible item %q", label)
		}
		it.clicks <- struct{}{}
		select {
		case g := <-got:
			if g != want {
				t.Errorf("click %q did %q, want %q", label, g, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("click %q did nothing", label)
		}
	}
	click("Show window", "show")
	click("llama-server 9.8 GiB · Qwen3-8B Q4_K_M", "process 4242")
	click("Xorg 0.4 GiB", "process 1700")
	click("Pause", "paused true")
	click("Alert when VRAM ≥ 90 %", "alerts true")
	click("Alert on VRAM leaks and GPUs filling up", "trend alerts true")
	click("Start at login", "autostart true")
	click("Quit", "quit")
	if s := tr.Settings(); !s.AlertsOn || !s.Autostart || !s.TrendAlertsOn {
		t.Errorf("toggles not kept: %+v", s)
	}
	it := h.find("Alert when VRAM ≥ 90 %")
	if !it.checked || !it.checkable {
		t.Errorf("alerts item not a checked checkbox: %+v", it)
	}
	tr.Update(FromSnapshot(noGPU(), Options{}))
	click("Show a recorded demo", "demo true")
}

func TestAutostartFailureKeepsTheToggle(t *testing.T) {
	h := &recHost{}
	done := make(chan struct{}, 1)
	tr := New(h, Actions{SetAutostart: func(bool) error { done <- struct{}{}; return os.ErrPermission }},
		Settings{AlertThreshold: 90, AutostartAvailable: true})
	h.find("Start at login").clicks <- struct{}{}
	<-done
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if it := h.find("Start at login"); it != nil && !tr.Settings().Autostart && !it.checked {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("failed autostart toggled anyway: %+v", tr.Settings())
}

func boolT(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func TestIconGoldens(t *testing.T) {
	cases := map[string]IconKey{
		"normal":   {Known: true, Percent: 51, Level: LevelNormal},
		"high":     {Known: true, Percent: 86, Level: LevelHigh},
		"critical": {Known: true, Percent: 97, Level: LevelCritical},
		"unknown":  {},
	}
	for name, k := range cases {
		path := filepath.Join("testdata", "icon-"+name+".png")
		got := IconPNG(k)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./ui/tray -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s icon differs from %s (look at it, then -update)", name, path)
		}
		if _, err := png.Decode(bytes.NewReader(got)); err != nil {
			t.Errorf("%s: not a PNG: %v", name, err)
		}
	}
}

func TestIconFillFollowsPercent(t *testing.T) {
	col := levelColors[LevelNormal]
	filled := func(p int) int {
		img := DrawIcon(IconKey{Known: true, Percent: p, Level: LevelNormal})
		n := 0
		for x := 0; x < IconSize; x++ {
			if img.NRGBAAt(x, 30) == col {
				n++
			}
		}
		return n
	}
	if a, b, c := filled(0), filled(50), filled(100); !(a == 0 && b > 0 && c > b) {
		t.Errorf("fill widths 0%%=%d 50%%=%d 100%%=%d", a, b, c)
	}
	if filled(1) == 0 {
		t.Errorf("1 %% shows no fill")
	}
	// Each level has its own colour.
	seen := map[[4]uint8]Level{}
	for _, l := range []Level{LevelNormal, LevelHigh, LevelCritical} {
		c := DrawIcon(IconKey{Known: true, Percent: 100, Level: l}).NRGBAAt(30, 30)
		k := [4]uint8{c.R, c.G, c.B, c.A}
		if other, dup := seen[k]; dup {
			t.Errorf("%v and %v share a colour", l, other)
		}
		seen[k] = l
	}
}

func TestLevels(t *testing.T) {
	want := map[int]Level{0: LevelNormal, 79: LevelNormal, 80: LevelHigh, 94: LevelHigh, 95: LevelCritical, 100: LevelCritical}
	for p, l := range want {
		if got := LevelOf(p); got != l {
			t.Errorf("LevelOf(%d) = %v, want %v", p, got, l)
		}
	}
	got := []IconKey{}
	for _, used := range []float64{19.1, 19.2, 22.8} { // 79.6 % rounds to 80
		got = append(got, FromSnapshot(snap([]schema.Device{device(0, "x", used, 24)}, nil), Options{}).Icon)
	}
	want2 := []IconKey{{true, 80, LevelHigh}, {true, 80, LevelHigh}, {true, 95, LevelCritical}}
	if !reflect.DeepEqual(got, want2) {
		t.Errorf("icon keys %+v, want %+v", got, want2)
	}
}

// TestIconSetsOverTheDemoCapture replays the shipped capture (four minutes,
// one snapshot a second, two GPUs) through the controller, for the fullest
// GPU and for GPU 0 (where llama-server loads its model).
func TestIconSetsOverTheDemoCapture(t *testing.T) {
	snaps, err := capture.Read(bytes.NewReader(assets.DemoCapture))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{{}, {GPU: ptr(0)}} {
		name := "the fullest GPU"
		if o.GPU != nil {
			name = "GPU 0"
		}
		h := &recHost{}
		tr := New(h, Actions{}, Settings{AlertThreshold: 90})
		want := 1 // the "collecting" icon
		last := FromSnapshot(nil, o).Icon
		for _, s := range snaps {
			st := FromSnapshot(s, o)
			if st.Icon != last {
				want++
				last = st.Icon
			}
			tr.Update(st)
		}
		if got := len(h.icons); got != want || tr.IconSets() != want {
			t.Errorf("%s: icon set %d times over %d snapshots, want %d", name, got, len(snaps), want)
		}
		if want*4 > len(snaps) {
			t.Errorf("%s: %d icon changes in %d snapshots: the capture should hold percentages for a while", name, want, len(snaps))
		}
		t.Logf("%s: %d snapshots, %d icon sets, %d tooltip sets", name, len(snaps), len(h.icons), len(h.tooltips))
	}
}
