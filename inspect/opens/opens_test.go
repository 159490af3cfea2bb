package opens

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestIsModelName(t *testing.T) {
	for _, c := range []struct {
		path string
		want bool
	}{
		{"/m/llama.gguf", true},
		{"/m/LLAMA.GGUF", true},
		{"/m/model.safetensors", true},
		{"/m/model-00001-of-00002.safetensors", true},
		{"/m/encoder.onnx", true},
		{"/m/pytorch_model.bin", true},
		{"/m/w.pt", true},
		{"/m/w.PTH", true},
		{"/m/sd.ckpt", true},
		{"/m/m.tflite", true},
		{"/m/m.engine", true},
		{"/m/m.plan", true},
		{"/m/m.mlmodel", true},
		{"/m/m.ggml", true},
		{"/root/.ollama/models/blobs/sha256-6a0746a1ec1a", true},
		{"/opt/whisper/ggml-base.en", true},
		{"/opt/whisper/ggml-base.en.bin", true},
		{"sha256-abc", true},
		{"/m/notes.txt", false},
		{"/m/gguf", false},
		{"/m/.gguf.swp", false},
		{"/m/libggml.so", false},
		{"/m/x.ggufx", false},
		{"/m/sha256sum.txt", false},
		{"/m/dir.gguf/", false},
		{"", false},
		{"/proc/1/x.gguf", false},
		{"/sys/x.bin", false},
		{"/dev/shm/x.safetensors", false},
		{"/device/x.gguf", true}, // /dev's prefix but not under it
		{"/procs/x.onnx", true},
		{`C:\models\Llama.GGUF`, true}, // Windows names, from ETW
		{`C:\Users\u\.ollama\models\blobs\sha256-6a07`, true},
		{`C:\models\notes.txt`, false},
		{`C:\models\gguf`, false},
	} {
		if got := IsModelName(c.path); got != c.want {
			t.Errorf("IsModelName(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

func TestDefaultPaths(t *testing.T) {
	home := t.TempDir()
	for _, d := range []string{".ollama/models", ".cache/lm-studio/models", "hf/hub", ".cache/huggingface/hub"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HF_HOME": filepath.Join(home, "hf"), "OLLAMA_MODELS": "relative/ignored"}
	got := DefaultPaths(home, func(k string) string { return env[k] })
	for _, want := range []string{".ollama/models", ".cache/lm-studio/models", "hf/hub", ".cache/huggingface/hub"} {
		if !slices.Contains(got, filepath.Join(home, want)) {
			t.Errorf("DefaultPaths lacks %s: %v", want, got)
		}
	}
	if slices.Contains(got, filepath.Join(home, ".lmstudio", "models")) {
		t.Errorf("DefaultPaths lists a missing dir: %v", got)
	}
	for _, p := range got {
		if !filepath.IsAbs(p) {
			t.Errorf("relative path %q", p)
		}
		// Only the test's own dirs are checked again: others' (/data,
		// /models) may come and go meanwhile.
		if strings.HasPrefix(p, home) && !dirExists(p) {
			t.Errorf("%q is no existing dir", p)
		}
	}
	if DefaultPaths("", nil) == nil && dirExists("/root") {
		t.Error("DefaultPaths with no home left out /root")
	}
}

func dirExists(p string) bool { fi, err := os.Stat(p); return err == nil && fi.IsDir() }

func TestNilTracer(t *testing.T) {
	var tr *Tracer
	if tr.Opened(Proc{PID: 1}) != nil || tr.Close() != nil || len(tr.Stats().Marked) != 0 {
		t.Error("a nil Tracer returned something")
	}
	tr.Forget(func(Proc) bool { return false })
}

// pr is process pid, started at a fixed tick.
func pr(pid int) Proc { return Proc{PID: pid, Start: 4200} }

// fakeStore is a store on a clock the test moves.
func fakeStore(o Options) (*store, *time.Time) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := newStore(o)
	s.now = func() time.Time { return now }
	return &s, &now
}

func paths(os []Open) []string {
	var p []string
	for _, o := range os {
		p = append(p, o.Path)
	}
	return p
}

func TestStorePerPID(t *testing.T) {
	s, now := fakeStore(Options{PerPID: 3})
	var st Stats
	for _, p := range []string{"a", "b", "c", "d", "b"} {
		*now = now.Add(time.Second)
		s.add(pr(7), p, *now, &st)
	}
	got := s.opened(pr(7), &st)
	if want := []string{"b", "d", "c"}; !slices.Equal(paths(got), want) {
		t.Errorf("opens %v, want %v (newest first, a re-open moves to the front)", paths(got), want)
	}
	if st.Kept != 5 || st.Dropped != 1 {
		t.Errorf("kept %d dropped %d, want 5 and 1", st.Kept, st.Dropped)
	}
	got[0].Path = "changed"
	if s.opened(pr(7), &st)[0].Path != "b" {
		t.Error("Opened returned the store's own slice")
	}
	if s.opened(pr(8), &st) != nil {
		t.Error("an unknown PID has opens")
	}
}

func TestStoreMaxPIDs(t *testing.T) {
	s, now := fakeStore(Options{MaxPIDs: 2})
	var st Stats
	for _, pid := range []int{1, 2, 1, 3} { // 2 opened least recently when 3 comes
		*now = now.Add(time.Second)
		s.add(pr(pid), "m.gguf", *now, &st)
	}
	if len(s.procs) != 2 || s.opened(pr(2), &st) != nil || s.opened(pr(1), &st) == nil || s.opened(pr(3), &st) == nil {
		t.Errorf("kept %v, want 1 and 3", s.procs)
	}
	if st.Dropped != 1 {
		t.Errorf("dropped %d, want 1", st.Dropped)
	}
}

func TestStoreMaxAge(t *testing.T) {
	s, now := fakeStore(Options{MaxAge: time.Minute})
	var st Stats
	s.add(pr(1), "old.gguf", *now, &st)
	*now = now.Add(50 * time.Second)
	s.add(pr(1), "new.gguf", *now, &st)
	s.add(pr(2), "x.onnx", now.Add(-45*time.Second), &st)
	*now = now.Add(20 * time.Second)
	if got := paths(s.opened(pr(1), &st)); !slices.Equal(got, []string{"new.gguf"}) {
		t.Errorf("opens %v, want only new.gguf", got)
	}
	s.forget(func(Proc) bool { return true }, &st)
	if _, ok := s.procs[pr(2)]; ok {
		t.Error("Forget kept a process whose opens all aged out")
	}
	if st.Dropped != 2 {
		t.Errorf("dropped %d, want 2", st.Dropped)
	}
	*now = now.Add(time.Hour)
	if s.opened(pr(1), &st) != nil || len(s.procs) != 0 {
		t.Error("aged-out opens returned")
	}
}

func TestStoreForget(t *testing.T) {
	s, now := fakeStore(Options{})
	var st Stats
	for pid := 1; pid <= 4; pid++ {
		s.add(pr(pid), "m.gguf", *now, &st)
	}
	s.forget(func(p Proc) bool { return p.PID%2 == 0 }, &st)
	if len(s.procs) != 2 || s.opened(pr(1), &st) != nil || s.opened(pr(2), &st) == nil {
		t.Errorf("after Forget: %v", s.procs)
	}
	if st.Dropped != 0 {
		t.Errorf("an exited process counted as dropped: %d", st.Dropped)
	}
}

// TestStorePIDReused: a process that got an earlier opener's PID is
// another process; it neither sees the earlier opens nor shares their
// slots.
func TestStorePIDReused(t *testing.T) {
	s, now := fakeStore(Options{})
	var st Stats
	first, later := Proc{PID: 7, Start: 100}, Proc{PID: 7, Start: 101}
	s.add(first, "/m/attacker.gguf", *now, &st)
	if s.opened(later, &st) != nil {
		t.Error("a later process with the PID was given the first one's open")
	}
	s.add(later, "/m/own.gguf", *now, &st)
	if got := paths(s.opened(later, &st)); !slices.Equal(got, []string{"/m/own.gguf"}) {
		t.Errorf("later process opened %v", got)
	}
	if got := s.opened(first, &st); len(got) != 1 || got[0].Proc != first || got[0].Path != "/m/attacker.gguf" {
		t.Errorf("first process opened %+v", got)
	}
	s.forget(func(p Proc) bool { return p == later }, &st)
	if s.opened(first, &st) != nil || s.opened(later, &st) == nil {
		t.Error("Forget told the processes apart by PID only")
	}
}

func TestParseStart(t *testing.T) {
	for _, c := range []struct {
		stat string
		want uint64
		ok   bool
	}{
		{"42 (llama-server) S 1 42 42 0 -1 4194560 1 0 0 0 3 4 0 0 20 0 9 0 123456 10000 300", 123456, true},
		{"42 (a) b) c) R 1 42 42 0 -1 4194560 1 0 0 0 3 4 0 0 20 0 9 0 77 10000 300\n", 77, true},
		{"42 (x) S 1 42 42 0 -1 4194560 1 0 0 0 3 4 0 0 20 0 9 0", 0, false},
		{"42 (x) S 1 42 42 0 -1 4194560 1 0 0 0 3 4 0 0 20 0 9 0 -5 1", 0, false},
		{"42 x S 1", 0, false},
	} {
		if got, ok := parseStart([]byte(c.stat)); got != c.want || ok != c.ok {
			t.Errorf("parseStart(%q) = %d, %v; want %d, %v", c.stat, got, ok, c.want, c.ok)
		}
	}
}

func TestStoreDefaults(t *testing.T) {
	s := newStore(Options{PerPID: -1})
	if s.perPID != DefaultPerPID || s.maxPIDs != DefaultMaxPIDs || s.maxAge != DefaultMaxAge || s.maxBytes != DefaultMaxBytes {
		t.Errorf("defaults %d %d %v %d", s.perPID, s.maxPIDs, s.maxAge, s.maxBytes)
	}
}

// heapHeld is the live heap after a collection.
func heapHeld() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// longPaths fills s as an attacker would: every process of the count
// bounds opens PerPID model files of the longest names the kernel gives.
func longPaths(s *store, st *Stats, now time.Time) {
	dir := "/m/" + strings.Repeat("d", 250) + "/"
	for len(dir) < 3800 {
		dir += strings.Repeat("d", 250) + "/"
	}
	for pid := 1; pid <= s.maxPIDs; pid++ {
		for i := range s.perPID {
			s.add(pr(pid), fmt.Sprintf("%s%d-%d.gguf", dir, pid, i), now, st)
		}
	}
}

// TestStoreByteBound: the count bounds alone let 1024 processes × 16 opens
// of ~4 KiB paths hold 64 MiB; the byte bound holds the store to MaxBytes,
// the least recently opening processes going first.
func TestStoreByteBound(t *testing.T) {
	s, now := fakeStore(Options{})
	var st Stats
	before := heapHeld()
	longPaths(s, &st, *now)
	held := int64(heapHeld()) - int64(before)
	runtime.KeepAlive(s)
	t.Logf("%d processes, %d opens kept, %d bytes accounted; heap held %.2f MiB", len(s.procs), st.Kept-st.Dropped, s.bytes, float64(held)/(1<<20))
	if held > 2*DefaultMaxBytes {
		t.Errorf("the store holds %.1f MiB of heap, bound %d MiB", float64(held)/(1<<20), DefaultMaxBytes>>20)
	}
	if s.bytes > DefaultMaxBytes || s.bytes != accounted(s) {
		t.Errorf("accounted %d bytes, counted %d, bound %d", s.bytes, accounted(s), DefaultMaxBytes)
	}
	if st.OverBytes == 0 || st.OverBytes > st.Dropped || st.Kept-st.Dropped != uint64(opensKept(s)) {
		t.Errorf("stats %+v with %d opens kept", st, opensKept(s))
	}
	if s.procs[pr(s.maxPIDs)] == nil || s.procs[pr(1)] != nil {
		t.Error("the byte bound dropped the newest process, or kept the oldest")
	}
}

func TestStoreByteBoundOneProcess(t *testing.T) {
	s, now := fakeStore(Options{MaxBytes: 1}) // raised to one open's worth
	var st Stats
	long := "/m/" + strings.Repeat("x", MaxPath-20) + ".gguf"
	s.add(pr(1), "/m/a.gguf", *now, &st)
	s.add(pr(1), long, *now, &st)
	if got := paths(s.opened(pr(1), &st)); !slices.Equal(got, []string{long}) || st.OverBytes != 1 {
		t.Errorf("kept %d paths, %d over bytes; want the newest, long one", len(got), st.OverBytes)
	}
	s.add(pr(2), "/m/b.gguf", *now, &st)
	if s.procs[pr(1)] != nil || s.bytes != accounted(s) {
		t.Errorf("a second process did not push out the first: %v, %d bytes", s.procs, s.bytes)
	}
	s.add(pr(2), "/m/"+strings.Repeat("y", MaxPath)+".gguf", *now, &st)
	if st.TooLong != 1 || len(s.procs[pr(2)].opens) != 1 {
		t.Errorf("a path over PATH_MAX kept: %+v", st)
	}
}

// accounted recounts what the store's opens cost.
func accounted(s *store) int {
	n := 0
	for _, p := range s.procs {
		n += procOverhead
		for _, o := range p.opens {
			n += openCost(o)
		}
	}
	return n
}

func opensKept(s *store) int {
	n := 0
	for _, p := range s.procs {
		n += len(p.opens)
	}
	return n
}

// BenchmarkStoreLongPaths fills a store as TestStoreByteBound does: the
// heap it holds then, and what an open costs to add.
func BenchmarkStoreLongPaths(b *testing.B) {
	b.ReportAllocs()
	var held int64
	for range b.N {
		b.StopTimer()
		before := heapHeld()
		s, now := fakeStore(Options{})
		var st Stats
		b.StartTimer()
		longPaths(s, &st, *now)
		b.StopTimer()
		held = int64(heapHeld()) - int64(before)
		runtime.KeepAlive(s)
		b.StartTimer()
	}
	b.ReportMetric(float64(held)/(1<<20), "MiB-held")
}

// FuzzParseStart: a stat line is another process's text (its command name
// is its own to choose); any bytes give a start or none, never a panic,
// and a start given is the 20th field after the last ')'.
func FuzzParseStart(f *testing.F) {
	f.Add([]byte("42 (llama-server) S 1 42 42 0 -1 4194560 1 0 0 0 3 4 0 0 20 0 9 0 123456 10000 300"))
	f.Add([]byte("42 (a) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17) 0 99 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"))
	f.Fuzz(func(t *testing.T, b []byte) {
		start, ok := parseStart(b)
		if !ok {
			return
		}
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) < 20 {
			t.Fatalf("start %d from %d fields", start, len(f))
		}
		if want, err := strconv.ParseUint(f[19], 10, 64); err != nil || want != start {
			t.Fatalf("start %d from %q", start, b)
		}
	})
}
