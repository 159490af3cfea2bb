package procmaps

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

// TestMain lets this test binary act as maptest's mapper child.
func TestMain(m *testing.M) {
	maptest.MaybeRunChild()
	os.Exit(m.Run())
}

// A real process maps generated files; its real maps must give one entry
// per file however it was reached.
func TestScanRealProcess(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, size int) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	lib := write("libggml-cuda.so", 2*4096)
	cudart := write("libcudart.so.12", 3*4096)
	model := write("model.gguf", 4*4096)
	spaced := write("My Models/llama 3 8B.gguf", 4096)
	scratch := write("scratch.bin", 4096)
	symlink := filepath.Join(dir, "link.gguf")
	hardlink := filepath.Join(dir, "hardlink.gguf")
	if err := os.Symlink(model, symlink); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(model, hardlink); err != nil {
		t.Fatal(err)
	}

	pid := maptest.StartMapper(t, lib, cudart, model, model, symlink, hardlink, spaced, scratch)
	if err := os.Remove(scratch); err != nil {
		t.Fatal(err)
	}
	m, err := Scan("/proc", pid)
	if err != nil {
		t.Fatal(err)
	}

	// The model: twice directly, once through a symlink (the kernel shows
	// the target) and once through a hard link (another path, same inode).
	var models []Entry
	for _, e := range m.Entries {
		if e.Path == model || e.Path == hardlink || e.Path == symlink {
			models = append(models, e)
		}
	}
	if len(models) != 1 {
		t.Fatalf("model.gguf gives %d entries, want 1: %+v", len(models), models)
	}
	if e := models[0]; e.Regions != 4 || e.Size != 4*4*4096 || !e.Shared || e.Exec || e.Deleted {
		t.Errorf("model entry %+v, want 4 shared regions of 16 KiB", e)
	}

	if e := find(t, m, scratch); !e.Deleted || e.Size != 4096 {
		t.Errorf("scratch entry %+v, want deleted", e)
	}
	if e := find(t, m, spaced); e.Size != 4096 || e.Deleted {
		t.Errorf("spaced entry %+v", e)
	}
	libs := map[string]Entry{}
	for _, e := range m.Libraries() {
		libs[e.Path] = e
	}
	if e, ok := libs[lib]; !ok || e.Size != 2*4096 {
		t.Errorf("libggml-cuda.so: %+v, found %v", e, ok)
	}
	if _, ok := libs[cudart]; !ok {
		t.Errorf("libcudart.so.12 not among libraries %q", paths(m.Libraries()))
	}
	for _, e := range m.Entries {
		if e.Path == "" || e.Path[0] != '/' {
			t.Errorf("non-file entry %+v", e)
		}
	}
}

// The test binary itself: its executable is mapped and executable.
func TestScanSelf(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	exe, _ = filepath.EvalSymlinks(exe)
	m, err := Scan("", os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if e := find(t, m, exe); !e.Exec || e.Regions < 2 {
		t.Errorf("executable entry %+v", e)
	}
	if m.Truncated || m.Skipped != 0 {
		t.Errorf("truncated %v, skipped %d", m.Truncated, m.Skipped)
	}
}

func TestScanExitedProcess(t *testing.T) {
	var pid int
	t.Run("mapper", func(t *testing.T) {
		pid = maptest.StartMapper(t, maptest.TempFile(t, "a.gguf", 10))
	})
	// The mapper was killed and reaped when its subtest ended.
	if _, err := Scan("/proc", pid); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Scan of exited pid %d: %v, want fs.ErrNotExist", pid, err)
	}
}

// BenchmarkScanSelf reads this test process's real maps: the kernel's
// formatting included, unlike BenchmarkScan500.
func BenchmarkScanSelf(b *testing.B) {
	pid := os.Getpid()
	for b.Loop() {
		if _, err := Scan("/proc", pid); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(mustRead(b, pid))), "maps-bytes")
}

func mustRead(b *testing.B, pid int) []byte {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "maps"))
	if err != nil {
		b.Fatal(err)
	}
	return data
}
