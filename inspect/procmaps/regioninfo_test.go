package procmaps

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
)

// fixtureRecords reads testdata/darwin/regions-llama-server.bin: answers
// of proc_pidinfo(PROC_PIDREGIONPATHINFO) built from <sys/proc_info.h>.
func fixtureRecords(t testing.TB) [][]byte {
	t.Helper()
	b, err := os.ReadFile("testdata/darwin/regions-llama-server.bin")
	if err != nil {
		t.Fatal(err)
	}
	if len(b)%RegionPathInfoSize != 0 {
		t.Fatalf("fixture is %d bytes, not a multiple of %d", len(b), RegionPathInfoSize)
	}
	var out [][]byte
	for len(b) > 0 {
		out = append(out, b[:RegionPathInfoSize])
		b = b[RegionPathInfoSize:]
	}
	return out
}

// fakePIDInfo answers like the kernel: the first region that ends after
// arg (the one holding it, or the next), 0 past the last. failAt makes
// the call with that index (from 0) fail; calls counts them.
type fakePIDInfo struct {
	records [][]byte
	failAt  int
	calls   int
	flavors []int
}

func (f *fakePIDInfo) call(pid, flavor int, arg uint64, buf []byte) int {
	f.calls++
	f.flavors = append(f.flavors, flavor)
	if f.failAt > 0 && f.calls-1 == f.failAt {
		return 0
	}
	for _, rec := range f.records {
		addr := binary.LittleEndian.Uint64(rec[offAddress:])
		size := binary.LittleEndian.Uint64(rec[offSize:])
		if addr+size > arg {
			return copy(buf, rec)
		}
	}
	return 0
}

func TestDecodeRegionPathInfoFixture(t *testing.T) {
	recs := fixtureRecords(t)
	r, err := DecodeRegionPathInfo(recs[0])
	if err != nil {
		t.Fatal(err)
	}
	want := RegionInfo{Address: 0x100000000, Size: 0x4000, Protection: vmProtRead | vmProtExecute, ShareMode: 1,
		Dev: 1<<24 | 14, Inode: 1001, Path: "/opt/homebrew/Cellar/llama.cpp/5400/bin/llama-server"}
	if r != want {
		t.Fatalf("record 0:\n got %+v\nwant %+v", r, want)
	}
	// An anonymous region: decoded, with no path, device or inode.
	r, err = DecodeRegionPathInfo(recs[1])
	if err != nil || r.Path != "" || r.Dev != 0 || r.Inode != 0 || r.Address != 0x100004000 {
		t.Fatalf("record 1: %+v, %v", r, err)
	}
	// The model's second region: shared, read-only, at an offset.
	r, err = DecodeRegionPathInfo(recs[7])
	if err != nil {
		t.Fatal(err)
	}
	if reg := r.Region(); reg.Perm != Read|Shared || reg.Offset != 0x100000000 || reg.Dev != (Dev{Major: 1, Minor: 14}) {
		t.Fatalf("record 7 as a region: %+v (perm %s)", reg, reg.Perm)
	}
}

// Bad input is a one-line error, never a panic or a guessed path.
func TestDecodeRegionPathInfoRejects(t *testing.T) {
	rec := fixtureRecords(t)[0]
	if _, err := DecodeRegionPathInfo(rec[:RegionPathInfoSize-1]); err == nil {
		t.Error("a short buffer decoded")
	}
	unterminated := append([]byte(nil), rec...)
	for i := offPath; i < offPath+maxPathLen; i++ {
		unterminated[i] = 'a'
	}
	if _, err := DecodeRegionPathInfo(unterminated); err == nil {
		t.Error("a path with no NUL decoded")
	}
	wraps := append([]byte(nil), rec...)
	binary.LittleEndian.PutUint64(wraps[offAddress:], ^uint64(0)-10)
	if _, err := DecodeRegionPathInfo(wraps); err == nil {
		t.Error("a region wrapping past the top of memory decoded")
	}
}

// The walk visits every region once, passes over the one with no file,
// and folds the model's two regions into one entry.
func TestWalkRegionsFixture(t *testing.T) {
	f := &fakePIDInfo{records: fixtureRecords(t)}
	m, err := WalkRegions(42, f.call, 0)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range m.Entries {
		paths = append(paths, e.Path)
	}
	want := []string{
		"/opt/homebrew/Cellar/llama.cpp/5400/bin/llama-server",
		"/opt/homebrew/Cellar/llama.cpp/5400/lib/libggml-metal.0.dylib",
		"/opt/homebrew/Cellar/llama.cpp/5400/lib/libllama.dylib",
		"/opt/homebrew/Cellar/llama.cpp/5400/lib/libggml-base.dylib",
		"/System/Library/Extensions/AGXMetalG16G_B0.bundle/Contents/MacOS/AGXMetalG16G_B0",
		"/Users/ann/models/qwen2.5-7b-instruct-q4_k_m.gguf",
		"/Users/ann/Library/Containers/com.example.notes/Data/embed.gguf",
		"/usr/lib/dyld",
	}
	if len(paths) != len(want) {
		t.Fatalf("entries %q, want %q", paths, want)
	}
	for i := range want {
		if paths[i] != want[i] {
			t.Errorf("entry %d: %q, want %q", i, paths[i], want[i])
		}
	}
	gguf := m.Entries[5]
	if gguf.Regions != 2 || gguf.Size != 0x11a000000 || !gguf.Shared || gguf.Exec || gguf.Inode != 2001 {
		t.Errorf("model entry %+v", gguf)
	}
	if !m.Entries[1].Exec || m.PID != 42 || m.Truncated || m.Skipped != 0 {
		t.Errorf("maps %+v", m)
	}
	if f.calls != 11 { // ten regions, then the call past the last
		t.Errorf("%d calls, want 11", f.calls)
	}
	for _, fl := range f.flavors {
		if fl != PROC_PIDREGIONPATHINFO {
			t.Fatalf("flavor %d, want PROC_PIDREGIONPATHINFO", fl)
		}
	}
	if len(m.Libraries()) != 3 {
		t.Errorf("libraries %v", m.Libraries())
	}
}

// Rule: the walk is bounded. A process that never runs out of regions
// costs max calls and is marked Truncated.
func TestWalkRegionsBounded(t *testing.T) {
	tmpl := fixtureRecords(t)[2]
	calls := 0
	endless := func(pid, flavor int, arg uint64, buf []byte) int {
		calls++
		n := copy(buf, tmpl)
		binary.LittleEndian.PutUint64(buf[offAddress:], arg)
		binary.LittleEndian.PutUint64(buf[offSize:], 0x4000)
		binary.LittleEndian.PutUint64(buf[offInode:], arg) // a new file each time
		return n
	}
	m, err := WalkRegions(7, endless, 100)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 100 || !m.Truncated || len(m.Entries) != 100 {
		t.Fatalf("calls %d, truncated %v, %d entries", calls, m.Truncated, len(m.Entries))
	}
}

// Rule: the walk stops at the first failure and keeps what it read; a
// first call that fails is an error.
func TestWalkRegionsStopsOnError(t *testing.T) {
	f := &fakePIDInfo{records: fixtureRecords(t), failAt: 3}
	m, err := WalkRegions(42, f.call, 0)
	if err != nil {
		t.Fatal(err)
	}
	if f.calls != 4 || len(m.Entries) != 2 { // llama-server, (anonymous), libggml-metal
		t.Fatalf("calls %d, entries %+v", f.calls, m.Entries)
	}
	none := func(int, int, uint64, []byte) int { return 0 }
	if _, err := WalkRegions(42, none, 0); !errors.Is(err, ErrNoRegions) {
		t.Fatalf("first call failing: %v", err)
	}
	if _, err := WalkRegions(0, none, 0); err == nil {
		t.Fatal("pid 0 walked")
	}
}

// A short answer or one that does not decode ends the walk, counted as
// skipped; one that does not advance ends it too (never an endless loop).
func TestWalkRegionsOddAnswers(t *testing.T) {
	recs := fixtureRecords(t)
	short := func(pid, flavor int, arg uint64, buf []byte) int {
		if arg == 0 {
			return copy(buf, recs[0])
		}
		return 96 // a proc_regioninfo without the path part
	}
	m, err := WalkRegions(1, short, 0)
	if err != nil || len(m.Entries) != 1 || m.Skipped != 1 {
		t.Fatalf("short answer: %+v, %v", m, err)
	}
	calls := 0
	stuck := func(pid, flavor int, arg uint64, buf []byte) int {
		calls++
		return copy(buf, recs[0]) // always the first region, whatever arg says
	}
	m, err = WalkRegions(1, stuck, 0)
	if err != nil || calls != 2 || len(m.Entries) != 1 {
		t.Fatalf("stuck walk: %d calls, %+v, %v", calls, m, err)
	}
	zero := append([]byte(nil), recs[0]...)
	binary.LittleEndian.PutUint64(zero[offSize:], 0)
	calls = 0
	empty := func(pid, flavor int, arg uint64, buf []byte) int { calls++; return copy(buf, zero) }
	if m, err = WalkRegions(1, empty, 0); err != nil || calls != 1 || len(m.Entries) != 0 {
		t.Fatalf("zero-sized region: %d calls, %+v, %v", calls, m, err)
	}
}

func TestWalkError(t *testing.T) {
	if err := WalkError(5, false, false); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("gone: %v", err)
	}
	if err := WalkError(5, true, false); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("another user's: %v", err)
	}
	if err := WalkError(5, true, true); !errors.Is(err, ErrNoRegions) || errors.Is(err, fs.ErrPermission) {
		t.Errorf("ours, yet nothing: %v", err)
	}
}

func TestDarwinDev(t *testing.T) {
	if d := DarwinDev(1<<24 | 14); d != (Dev{Major: 1, Minor: 14}) {
		t.Fatalf("%+v", d)
	}
	if d := DarwinDev(0xff123456); d != (Dev{Major: 0xff, Minor: 0x123456}) {
		t.Fatalf("%+v", d)
	}
}

func BenchmarkWalkRegions(b *testing.B) {
	f := &fakePIDInfo{records: fixtureRecords(b)}
	for b.Loop() {
		if _, err := WalkRegions(42, f.call, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// Encoding a decoded fixture record gives its bytes back, path and all
// (the fixture's other fields, such as page counts, are not kept).
func TestEncodeRegionPathInfoRoundTrip(t *testing.T) {
	for i, rec := range fixtureRecords(t) {
		r, err := DecodeRegionPathInfo(rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeRegionPathInfo(EncodeRegionPathInfo(r))
		if err != nil || back != r {
			t.Fatalf("record %d: %+v → %+v, %v", i, r, back, err)
		}
	}
	long := RegionInfo{Address: 1, Size: 1, Path: "/" + strings.Repeat("a", 2000)}
	if back, err := DecodeRegionPathInfo(EncodeRegionPathInfo(long)); err != nil || len(back.Path) != maxPathLen-1 {
		t.Fatalf("long path: %d bytes, %v", len(back.Path), err)
	}
}

func TestReplayRegionsWalksTheFixture(t *testing.T) {
	m, err := WalkRegions(3, ReplayRegions(fixtureRecords(t)), 0)
	if err != nil || len(m.Entries) != 8 {
		t.Fatalf("%+v, %v", m, err)
	}
	if n := ReplayRegions(fixtureRecords(t))(3, 2, 0, make([]byte, RegionPathInfoSize)); n != 0 {
		t.Fatalf("another flavor answered %d bytes", n)
	}
}

// BenchmarkWalkRegions3000: decoding and folding a big process's walk
// (3,000 regions over 600 files), without the system calls.
func BenchmarkWalkRegions3000(b *testing.B) {
	var answers [][]byte
	for i := range 3000 {
		answers = append(answers, EncodeRegionPathInfo(RegionInfo{Address: uint64(1+i) << 20, Size: 1 << 16, Protection: 5,
			Dev: 1<<24 | 14, Inode: uint64(i % 600), Path: "/opt/homebrew/lib/libsomething-" + strings.Repeat("x", i%600%40) + ".dylib"}))
	}
	for b.Loop() {
		if _, err := WalkRegions(42, indexedReplay(answers), 0); err != nil {
			b.Fatal(err)
		}
	}
}

// indexedReplay is ReplayRegions for answers laid out one after another,
// found in O(1) so the benchmark measures the walk, not the fake.
func indexedReplay(answers [][]byte) PIDInfoFunc {
	next := 0
	return func(pid, flavor int, arg uint64, buf []byte) int {
		if next >= len(answers) {
			return 0
		}
		next++
		return copy(buf, answers[next-1])
	}
}
