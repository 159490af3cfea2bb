package darwin

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/internal/schema"
)

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParsePlistTypes(t *testing.T) {
	doc := `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
 <key>s</key><string>a &amp; b</string><key>i</key><integer>-3</integer>
 <key>u</key><integer>18446744073709551615</integer><key>r</key><real>1.5</real>
 <key>t</key><true/><key>f</key><false/><key>d</key><data>AAEC
 Aw==</data><key>a</key><array><integer>1</integer><dict/></array><key>e</key><string></string>
</dict></plist>`
	v, err := ParsePlist([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	m := v.(map[string]any)
	if m["s"] != "a & b" || m["i"] != int64(-3) || m["u"] != uint64(math.MaxUint64) || m["r"] != 1.5 ||
		m["t"] != true || m["f"] != false || string(m["d"].([]byte)) != "\x00\x01\x02\x03" || m["e"] != "" {
		t.Fatalf("values: %#v", m)
	}
	if a := m["a"].([]any); len(a) != 2 || a[0] != int64(1) {
		t.Fatalf("array: %#v", a)
	}
}

// Bad input is a one-line error, never a panic or an unbounded read.
func TestParsePlistRejects(t *testing.T) {
	deep := "<plist>" + strings.Repeat("<array>", maxPlistDepth+5) + strings.Repeat("</array>", maxPlistDepth+5) + "</plist>"
	for name, doc := range map[string]string{
		"empty":       "",
		"not plist":   "<html></html>",
		"key missing": "<plist><dict><string>x</string></dict></plist>",
		"no value":    "<plist><dict><key>k</key></dict></plist>",
		"bad integer": "<plist><integer>12x</integer></plist>",
		"bad real":    "<plist><real>fast</real></plist>",
		"bad data":    "<plist><data>!!</data></plist>",
		"unknown":     "<plist><blob/></plist>",
		"truncated":   "<plist><dict><key>k</key><string>v",
		"too deep":    deep,
		"empty plist": "<plist></plist>",
	} {
		if _, err := ParsePlist([]byte(doc)); err == nil {
			t.Errorf("%s: no error", name)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: multi-line error %q", name, err)
		}
	}
	if _, err := ParsePlist(make([]byte, maxPlistBytes+1)); err == nil {
		t.Error("oversized input accepted")
	}
}

func TestParseIORegDeviceAndClients(t *testing.T) {
	accs, err := ParseIOReg(fixture(t, "ioreg-accelerator-1.plist"))
	if err != nil {
		t.Fatal(err)
	}
	if len(accs) != 1 {
		t.Fatalf("%d accelerators", len(accs))
	}
	a := accs[0]
	if *a.Model != "Apple M4" || *a.AllocSystemBytes != 5<<30 || *a.InUseSystemBytes != 4<<30 || *a.UtilPercent != 99 {
		t.Fatalf("stats: %+v", a)
	}
	if len(a.Clients) != 5 || a.Clients[0].PID != 383 || a.Clients[0].Name != "WindowServer" ||
		a.Clients[0].GPUTimeNs != 8e9 || a.Clients[0].ID != 4294970001 {
		t.Fatalf("clients: %+v", a.Clients)
	}
	accs, err = ParseIOReg(fixture(t, "ioreg-accelerator-2.plist"))
	if err != nil {
		t.Fatal(err)
	}
	last := accs[0].Clients[len(accs[0].Clients)-1]
	if last.Name != "com.apple.WebKit.GPU" || !last.HasTime || last.GPUTimeNs != 1e8 {
		t.Fatalf("top-level accumulatedGPUTime: %+v", last)
	}
}

// A missing statistic is nil (n/a), never 0.
func TestParseIORegMissingStatsAreNil(t *testing.T) {
	doc := `<plist><array><dict><key>IOClass</key><string>AGX</string></dict></array></plist>`
	accs, err := ParseIOReg([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	a := accs[0]
	if a.Model != nil || a.AllocSystemBytes != nil || a.InUseSystemBytes != nil || a.UtilPercent != nil {
		t.Fatalf("%+v", a)
	}
	if _, err := ParseIOReg([]byte(`<plist><array/></plist>`)); err == nil {
		t.Fatal("no accelerators: no error")
	}
}

func TestParseCreator(t *testing.T) {
	pid, name, err := ParseCreator("pid 1234, Google Chrome Helper (GPU)")
	if err != nil || pid != 1234 || name != "Google Chrome Helper (GPU)" {
		t.Fatal(pid, name, err)
	}
	for _, bad := range []string{"", "1234, x", "pid , x", "pid -1, x", "pid 0, kernel"} {
		if _, _, err := ParseCreator(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Rule: per-process GPU % is the rate between samples, per client; a closed
// client never hides the others' work.
func TestRatesClosedClientNeverHidesOthers(t *testing.T) {
	t0 := time.Unix(1000, 0)
	a1, _ := ParseIOReg(fixture(t, "ioreg-accelerator-1.plist"))
	a2, _ := ParseIOReg(fixture(t, "ioreg-accelerator-2.plist"))
	var r Rates
	if got := r.Update(a1[0].Clients, t0); got != nil {
		t.Fatalf("first sample has rates: %v", got)
	}
	got := r.Update(a2[0].Clients, t0.Add(2*time.Second))
	want := map[int]float64{383: 3, 9120: 98, 611: 0, 7001: 5}
	for pid, w := range want {
		if math.Abs(got[pid]-w) > 1e-9 {
			t.Errorf("pid %d: %.3f%%, want %.3f%%", pid, got[pid], w)
		}
	}
}

// Without registry IDs, clients are told apart by their order in the
// process; a counter that went backwards adds nothing, and rates cap at 100.
func TestRatesWithoutIDs(t *testing.T) {
	t0 := time.Unix(0, 0)
	var r Rates
	r.Update([]Client{{PID: 5, GPUTimeNs: 1e9, HasTime: true}, {PID: 5, GPUTimeNs: 5e9, HasTime: true}}, t0)
	got := r.Update([]Client{{PID: 5, GPUTimeNs: 1.5e9, HasTime: true}, {PID: 5, GPUTimeNs: 4e9, HasTime: true}}, t0.Add(time.Second))
	if got[5] != 50 {
		t.Fatalf("got %v, want 50", got[5])
	}
	got = r.Update([]Client{{PID: 5, GPUTimeNs: 9e9, HasTime: true}}, t0.Add(2*time.Second))
	if got[5] != 100 {
		t.Fatalf("got %v, want the 100 cap", got[5])
	}
	if got := r.Update(nil, t0.Add(2*time.Second)); got != nil {
		t.Fatalf("no time passed: %v", got)
	}
}

func TestParseFootprint(t *testing.T) {
	for file, want := range map[string]uint64{
		"footprint-python-bytes.txt":           2147483648 + 67108864,
		"footprint-windowserver-formatted.txt": (402 + 96) << 20,
		"footprint-no-graphics.txt":            0,
	} {
		got, err := ParseFootprint(fixture(t, file))
		if err != nil || got != want {
			t.Errorf("%s: %d, %v; want %d", file, got, err, want)
		}
	}
	for _, bad := range []string{"", "footprint: insufficient privileges\n",
		"  Dirty Clean Reclaimable Regions Category\nlots of (graphics)\n"} {
		if _, err := ParseFootprint([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestParseProcArgs(t *testing.T) {
	b := []byte{3, 0, 0, 0}
	b = append(b, "/opt/homebrew/bin/llama-server\x00\x00\x00\x00llama-server\x00-m\x00/models/q.gguf\x00HOME=/Users/a\x00"...)
	exe, args, err := ParseProcArgs(b)
	if err != nil || exe != "/opt/homebrew/bin/llama-server" || strings.Join(args, " ") != "llama-server -m /models/q.gguf" {
		t.Fatal(exe, args, err)
	}
	for _, bad := range [][]byte{nil, {1, 0, 0}, {0xff, 0xff, 0xff, 0xff, 'a', 0}, {1, 0, 0, 0, 'a'}} {
		if _, _, err := ParseProcArgs(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// Rule: scans skip other apps' sandbox containers and system files without
// opening them.
func TestMayOpenSkipsSandboxContainers(t *testing.T) {
	for p, want := range map[string]bool{
		"/Users/a/models/llama.gguf":                                         true,
		"/opt/homebrew/lib/libggml.dylib":                                    true,
		"/Users/a/Library/Containers/com.other.app/Data/model.bin":           false,
		"/Users/a/Library/Group Containers/group.com.x/Library/cache.db":     false,
		"/Users/b/library/containers/x/y":                                    false,
		"/Users/a/models/../Library/Containers/com.x/Data/f":                 false,
		"/var/root/Library/Containers/x":                                     false,
		"/System/Library/Extensions/AGXMetalG16G.bundle/Contents/MacOS/AGXM": false,
		"/usr/lib/libSystem.B.dylib":                                         false,
		"/Users/a/Library/ContainersBackup/f":                                true,
		"relative/path":                                                      false,
		"":                                                                   false,
	} {
		if got := MayOpen(p); got != want {
			t.Errorf("MayOpen(%q) = %v, want %v", p, got, want)
		}
	}
	for p, want := range map[string]string{
		"/Users/a/Library/Containers/com.other.app/Data/model.gguf": ReasonContainer,
		"/System/Library/Frameworks/Metal.framework/Metal":          ReasonSystem,
		"model.gguf":                 ReasonRelative,
		"/Users/a/models/llama.gguf": "",
	} {
		if got := WhyNotOpen(p); got != want {
			t.Errorf("WhyNotOpen(%q) = %q, want %q", p, got, want)
		}
	}
}

// fakeOS replays ioreg outputs and answers footprint from a table.
type fakeOS struct {
	ioreg     [][]byte
	calls     int
	footprint map[int]string
}

func (f *fakeOS) exec(_ context.Context, name string, args ...string) ([]byte, error) {
	switch name {
	case "ioreg":
		b := f.ioreg[min(f.calls, len(f.ioreg)-1)]
		f.calls++
		return b, nil
	case "footprint":
		pid := args[len(args)-1]
		for p, out := range f.footprint {
			if pid == strconv.Itoa(p) {
				return []byte(out), nil
			}
		}
		return nil, errors.New("exit status 1")
	}
	return nil, errors.New("unknown command " + name)
}

// Rules: device memory is "Alloc system memory" out of physical RAM; the
// 3D/compute/copy/video split, spill, paged, clocks, power and temperature
// are n/a (nil); idle processes are left out except WindowServer; a Metal
// process above 10 % GPU is marked graphics (3D/game unless something more
// specific applies); footprint memory appears once measured, with a note
// while it is n/a.
func TestSourceSampleRules(t *testing.T) {
	f := &fakeOS{
		ioreg:     [][]byte{fixture(t, "ioreg-accelerator-1.plist"), fixture(t, "ioreg-accelerator-2.plist")},
		footprint: map[int]string{9120: string(fixture(t, "footprint-python-bytes.txt"))},
	}
	clock := time.Unix(5000, 0)
	s := NewBackend(f.exec)
	s.Now = func() time.Time { clock = clock.Add(2 * time.Second); return clock }
	s.Poller.Now = s.Now
	s.MemSize = func() (uint64, error) { return 16 << 30, nil }
	s.StartTime = func(pid int) (time.Time, bool) { return time.Unix(int64(pid), 0), pid != 7001 }
	s.Measurable = func(pid int) bool { return pid != 383 }

	out := s.Sample(context.Background(), time.Second)
	if f.calls != 2 {
		t.Fatalf("first sample read ioreg %d times, want 2 (a rate needs two readings)", f.calls)
	}
	if len(out.Sources) != 1 || !out.Sources[0].OK {
		t.Fatalf("sources %+v", out.Sources)
	}
	d := out.Devices[0]
	if d.Vendor != "apple" || *d.Name != "Apple M4" || *d.MemoryTotalBytes != 16<<30 || *d.MemoryUsedBytes != 7<<30 || *d.GPUUtilPercent != 98 {
		t.Fatalf("device %+v", d)
	}
	if d.TemperatureC != nil || d.PowerW != nil || d.SMClockMHz != nil || d.MemoryClockMHz != nil ||
		d.MemoryUtilPercent != nil || d.EncoderUtilPct != nil || d.PCIeRxBytesPerS != nil {
		t.Fatalf("unavailable device counters must be nil: %+v", d)
	}
	rows := map[int]backend.ProcessUsage{}
	for _, u := range out.Usage {
		rows[u.PID] = u
		if u.SMUtilPercent != nil || u.EncoderUtilPercent != nil || u.DecoderUtilPercent != nil || u.SpillBytes != nil || u.PagedBytes != nil {
			t.Errorf("pid %d: engine split, spill and paged must be n/a: %+v", u.PID, u)
		}
	}
	if _, ok := rows[611]; ok {
		t.Error("idle Finder is listed")
	}
	ws, ok := rows[383]
	if !ok || *ws.GPUUtilPercent != 3 || ws.VRAMBytes != nil || ws.Notes[0] != NoteMemoryRoot || contains(ws.Kinds, "graphics") {
		t.Errorf("WindowServer %+v", ws)
	}
	py := rows[9120]
	if *py.GPUUtilPercent != 98 || !contains(py.Kinds, "graphics") || py.VRAMBytes != nil || py.Notes[0] != NoteMemoryPending {
		t.Errorf("Python before footprint: %+v", py)
	}
	if wk := rows[7001]; *wk.GPUUtilPercent != 5 || contains(wk.Kinds, "graphics") || wk.Notes[0] != NoteMemoryGone {
		t.Errorf("WebKit: %+v", wk)
	}

	// Python and the idle Finder are ours (WindowServer is not; WebKit's
	// start time is unknown): both are new, so both are measured.
	if n := s.Poller.Pass(context.Background()); n != 2 {
		t.Fatalf("pass ran footprint %d times, want 2", n)
	}
	out = s.Sample(context.Background(), time.Second)
	for _, u := range out.Usage {
		if u.PID == 9120 && (u.VRAMBytes == nil || *u.VRAMBytes != 2147483648+67108864 || len(u.Notes) != 0) {
			t.Errorf("Python after footprint: %+v", u)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestSourceIORegFailureIsReported(t *testing.T) {
	s := NewBackend(func(context.Context, string, ...string) ([]byte, error) { return nil, errors.New("not found") })
	out := s.Sample(context.Background(), time.Second)
	if len(out.Devices) != 0 || len(out.Sources) != 1 || out.Sources[0].OK || !strings.Contains(*out.Sources[0].Error, "ioreg: not found") {
		t.Fatalf("%+v", out)
	}
}

// Rule: a Metal process above 10 % GPU is classified 3D/game unless
// something more specific applies (AI runtime, browser, compositor). The
// backend marks it "graphics"; classification reads that mark.
func TestMetalAbove10PercentIs3DUnlessMoreSpecific(t *testing.T) {
	f := &fakeOS{ioreg: [][]byte{fixture(t, "ioreg-accelerator-1.plist"), fixture(t, "ioreg-accelerator-2.plist")}}
	clock := time.Unix(0, 0)
	s := NewBackend(f.exec)
	s.Now = func() time.Time { clock = clock.Add(2 * time.Second); return clock }
	graphics := map[int]bool{}
	for _, u := range s.Sample(context.Background(), time.Second).Usage {
		graphics[u.PID] = contains(u.Kinds, "graphics")
	}
	if !graphics[9120] || graphics[383] || graphics[611] || graphics[7001] {
		t.Fatalf("graphics marks %v: want only the 98 %% process", graphics)
	}
	for _, c := range []struct {
		in   inspect.CategoryInput
		want string
	}{
		{inspect.CategoryInput{Name: "Python", Graphics: graphics[9120]}, schema.CategoryGraphics},
		{inspect.CategoryInput{Name: "Python", Graphics: graphics[9120], Runtimes: []string{"PyTorch"}}, schema.CategoryAI},
		{inspect.CategoryInput{Name: "Safari", Graphics: true, Exe: "/Applications/Firefox.app/Contents/MacOS/firefox"}, schema.CategoryBrowser},
		{inspect.CategoryInput{Name: "WindowServer", Graphics: true}, schema.CategoryCompositor},
		{inspect.CategoryInput{Name: "Finder", Graphics: graphics[611]}, schema.CategoryOther},
		// Safari's GPU process draws for a browser, busy or not
		{inspect.CategoryInput{Name: "com.apple.WebKit.GPU", Graphics: graphics[7001]}, schema.CategoryBrowser},
	} {
		if got := inspect.Categorize(c.in); got != c.want {
			t.Errorf("%+v: %s, want %s", c.in, got, c.want)
		}
	}
}
