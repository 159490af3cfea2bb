package procmaps

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

func paths(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Path)
	}
	return out
}

func find(t *testing.T, m *Maps, path string) Entry {
	t.Helper()
	for _, e := range m.Entries {
		if e.Path == path {
			return e
		}
	}
	t.Fatalf("no entry for %q in %q", path, paths(m.Entries))
	return Entry{}
}

// testdata/proc/4242 is a llama-server on CUDA: the GGUF is mapped in three
// regions plus once through a bind mount; anonymous, pseudo and shared
// anonymous regions are mixed in.
func TestScanFakeTree(t *testing.T) {
	m, err := Scan("testdata/proc", 4242)
	if err != nil {
		t.Fatal(err)
	}
	if m.PID != 4242 || m.Truncated || m.Skipped != 0 {
		t.Errorf("PID %d, Truncated %v, Skipped %d", m.PID, m.Truncated, m.Skipped)
	}
	wantFiles := []string{
		"/usr/local/bin/llama-server",
		"/models/qwen3-0.6b-q8_0.gguf",
		"/home/alice/My Models/llama 3 8B.Q4_K_M.gguf",
		"/dev/nvidiactl",
		"/dev/nvidia0",
		"/dev/nvidia-uvm",
		"/memfd:cuda-ipc",
		"/tmp/ggml-cache.bin",
		"/usr/lib/locale/locale-archive",
	}
	if got := paths(m.Files()); !reflect.DeepEqual(got, wantFiles) {
		t.Errorf("Files()\n got %q\nwant %q", got, wantFiles)
	}
	wantLibs := []string{
		"/usr/lib/x86_64-linux-gnu/libcuda.so.560.35.03",
		"/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.560.35.03",
		"/usr/local/cuda-12.4/targets/x86_64-linux/lib/libcudart.so.12.4.127",
		"/usr/local/cuda-12.4/targets/x86_64-linux/lib/libcublasLt.so.12.4.5.8",
		"/usr/local/cuda-12.4/targets/x86_64-linux/lib/libcublas.so.12.4.5.8",
		"/opt/llama.cpp/build/bin/libggml-cuda.so",
		"/opt/llama.cpp/build/bin/libggml-cpu-haswell.so",
		"/opt/llama.cpp/build/bin/libggml-base.so",
		"/opt/llama.cpp/build/bin/libggml.so",
		"/opt/llama.cpp/build/bin/libllama.so",
		"/usr/lib/x86_64-linux-gnu/libgomp.so.1.0.0",
		"/usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.33",
		"/usr/lib/x86_64-linux-gnu/libm.so.6",
		"/usr/lib/x86_64-linux-gnu/libgcc_s.so.1",
		"/usr/lib/x86_64-linux-gnu/libc.so.6",
		"/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2",
	}
	if got := paths(m.Libraries()); !reflect.DeepEqual(got, wantLibs) {
		t.Errorf("Libraries()\n got %q\nwant %q", got, wantLibs)
	}
	if n := len(m.Files()) + len(m.Libraries()); n != len(m.Entries) {
		t.Errorf("Files+Libraries = %d entries, Entries %d", n, len(m.Entries))
	}

	gguf := find(t, m, "/models/qwen3-0.6b-q8_0.gguf")
	want := Entry{Path: "/models/qwen3-0.6b-q8_0.gguf", Dev: Dev{0xfd, 2}, Inode: 1234567,
		Size: 0x20000000 + 0x8000000 + 0x4000000 + 0x1000000, Regions: 4, Shared: true}
	if gguf != want {
		t.Errorf("GGUF entry\n got %+v\nwant %+v", gguf, want)
	}
	exe := find(t, m, "/usr/local/bin/llama-server")
	if !exe.Exec || exe.Shared || exe.Regions != 4 || exe.Size != 0x1e3000 {
		t.Errorf("executable entry %+v", exe)
	}
	if e := find(t, m, "/tmp/ggml-cache.bin"); !e.Deleted || !e.Shared {
		t.Errorf("deleted entry %+v", e)
	}
	if e := find(t, m, "/dev/nvidiactl"); e.Regions != 2 || e.Size != 0x400000 {
		t.Errorf("nvidiactl entry %+v", e)
	}
	if e := find(t, m, "/usr/lib/x86_64-linux-gnu/libcuda.so.560.35.03"); !e.Exec || e.Deleted || e.Regions != 5 {
		t.Errorf("libcuda entry %+v", e)
	}
}

func TestScanDedupByPathWithoutInode(t *testing.T) {
	m := scanString(t, `1000-2000 r--p 00000000 00:00 0 /proc-less/file
3000-5000 r--p 00000000 00:00 0 /proc-less/file
5000-6000 r--p 00000000 00:00 0 /proc-less/other
6000-7000 r--p 00000000 fd:01 5 /a
7000-8000 r--p 00000000 fd:02 5 /a
`)
	got := fmt.Sprint(paths(m.Entries), m.Entries[0].Size, m.Entries[0].Regions)
	if want := "[/proc-less/file /proc-less/other /a /a] 12288 2"; got != want {
		t.Errorf("got %s, want %s (same inode on two devices is two files)", got, want)
	}
}

func TestScanSkipsMalformedAndOverlongLines(t *testing.T) {
	long := "1000-2000 r--p 00000000 fd:01 9 /" + strings.Repeat("x", MaxLineLen+10) + "\n"
	m := scanString(t, "not a maps line\n"+long+"3000-4000 r--p 00000000 fd:01 1 /ok.gguf")
	if got := paths(m.Entries); !reflect.DeepEqual(got, []string{"/ok.gguf"}) || m.Skipped != 2 || m.Truncated {
		t.Errorf("entries %q, skipped %d, truncated %v", got, m.Skipped, m.Truncated)
	}
	// An over-long last line without a newline.
	m = scanString(t, "3000-4000 r--p 00000000 fd:01 1 /ok.gguf\n"+strings.TrimSuffix(long, "\n"))
	if len(m.Entries) != 1 || m.Skipped != 1 {
		t.Errorf("entries %q, skipped %d", paths(m.Entries), m.Skipped)
	}
}

func TestScanLimitsTruncate(t *testing.T) {
	var b strings.Builder
	for i := range 10 {
		fmt.Fprintf(&b, "%x-%x r--p 00000000 fd:01 %d /lib%d.so\n", i*0x1000, (i+1)*0x1000, i+1, i)
	}
	in := b.String()
	threeLines := len(strings.Join(strings.SplitAfter(in, "\n")[:3], ""))
	for _, tc := range []struct {
		name      string
		lim       limits
		entries   int
		truncated bool
	}{
		{"all", limits{lines: 10, bytes: len(in)}, 10, false},
		{"lines", limits{lines: 4, bytes: len(in)}, 4, true},
		{"bytes", limits{lines: 100, bytes: threeLines + 5}, 3, true},
	} {
		m, err := scan(strings.NewReader(in), tc.lim)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Entries) != tc.entries || m.Truncated != tc.truncated {
			t.Errorf("%s: %d entries, truncated %v; want %d, %v", tc.name, len(m.Entries), m.Truncated, tc.entries, tc.truncated)
		}
	}
}

func TestScanErrors(t *testing.T) {
	if _, err := Scan("testdata/proc", 999999); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("vanished process: %v, want fs.ErrNotExist", err)
	}
	if _, err := Scan("testdata/proc", 0); err == nil {
		t.Error("pid 0 accepted")
	}

	// Root (CI) reads any maps file, so permission errors are injected.
	defer func(f func(string) (io.ReadCloser, error)) { openFile = f }(openFile)
	openFile = func(name string) (io.ReadCloser, error) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
	}
	if _, err := Scan("", 1); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("permission denied: %v, want fs.ErrPermission", err)
	}
	// A process exiting mid-read gives ESRCH: that is "gone" too.
	openFile = func(string) (io.ReadCloser, error) {
		return io.NopCloser(io.MultiReader(strings.NewReader("1000-2000 r--p 00000000 fd:01 1 /a\n"), errReader{syscall.ESRCH})), nil
	}
	if _, err := Scan("", 1); !errors.Is(err, fs.ErrNotExist) || !errors.Is(err, syscall.ESRCH) {
		t.Errorf("exit mid-read: %v, want fs.ErrNotExist", err)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

func scanString(t *testing.T, s string) *Maps {
	t.Helper()
	m, err := scan(strings.NewReader(s), limits{lines: MaxLines, bytes: MaxBytes})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Permission errors from the real kernel, when not running as root.
func TestScanPermissionFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any file")
	}
	dir := t.TempDir()
	if err := os.MkdirAll(dir+"/7", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/7/maps", []byte("x"), 0o000); err != nil {
		t.Fatal(err)
	}
	if _, err := Scan(dir, 7); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("got %v, want fs.ErrPermission", err)
	}
}
