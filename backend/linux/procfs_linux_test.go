package linux

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

var bootTime = time.Unix(1764662400, 0).UTC()

func TestLookupFakeTree(t *testing.T) {
	p := NewProcFS("testdata/proc")
	info := p.Lookup(4242)
	if !info.Exists || info.Restricted {
		t.Fatalf("info = %+v", info)
	}
	if *info.Name != "llama-server" {
		t.Errorf("name = %q (comm file wins over stat's truncated name)", *info.Name)
	}
	if *info.Exe != "/opt/llama.cpp/bin/llama-server" || *info.Cwd != "/srv/llm" {
		t.Errorf("exe/cwd = %q %q", *info.Exe, *info.Cwd)
	}
	if want := []string{"llama-server", "-m", "models/qwen3-0.6b-q8_0.gguf", "-c", "8192"}; !reflect.DeepEqual(info.Cmdline, want) {
		t.Errorf("cmdline = %q", info.Cmdline)
	}
	if *info.PPID != 1 {
		t.Errorf("ppid = %d (stat's command name holds ') ' and must not shift fields)", *info.PPID)
	}
	if want := bootTime.Add(1000 * time.Second); !info.StartTime.Equal(want) {
		t.Errorf("start = %v, want %v", info.StartTime, want)
	}
	if *info.User != "root" {
		t.Errorf("user = %q", *info.User)
	}
}

func TestLookupOddProcesses(t *testing.T) {
	p := NewProcFS("testdata/proc")
	deleted := p.Lookup(4343)
	if *deleted.Exe != "/usr/bin/python3.11" {
		t.Errorf("deleted exe = %q", *deleted.Exe)
	}
	if *deleted.User != "4000123" {
		t.Errorf("unknown uid must be shown as the number, got %q", *deleted.User)
	}
	kthread := p.Lookup(777)
	if kthread.Cmdline == nil || len(kthread.Cmdline) != 0 {
		t.Errorf("kernel thread cmdline = %#v, want empty, not nil", kthread.Cmdline)
	}
	if kthread.Exe != nil {
		t.Errorf("kernel thread exe = %q", *kthread.Exe)
	}
	gone := p.Lookup(99999)
	if gone.Exists || gone.Name != nil || gone.StartTime != nil {
		t.Errorf("vanished pid = %+v", gone)
	}
}

func TestLookupRestricted(t *testing.T) {
	p := NewProcFS("testdata/proc")
	p.readlink = func(string) (string, error) { return "", &fs.PathError{Op: "readlink", Err: fs.ErrPermission} }
	info := p.Lookup(4242)
	if !info.Restricted || info.Exe != nil || info.Cwd != nil {
		t.Errorf("restricted = %+v", info)
	}
	if info.Name == nil || info.Cmdline == nil {
		t.Error("readable details must still be filled")
	}
}

// copyTree copies the fixture so a test can change it.
func copyTree(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS("testdata/proc")); err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestPIDReuseIsRefused(t *testing.T) {
	root := copyTree(t)
	p := NewProcFS(root)
	first := p.Lookup(4343)
	// The same PID now belongs to a newer process.
	stat := "4343 (bash) S 1 4343 4343 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 900000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0\n"
	must(t, os.WriteFile(filepath.Join(root, "4343/stat"), []byte(stat), 0o644))
	must(t, os.WriteFile(filepath.Join(root, "4343/comm"), []byte("bash\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(root, "4343/cmdline"), []byte("bash\x00"), 0o644))
	second := p.Lookup(4343)
	if *second.Name != "bash" || second.StartTime.Equal(*first.StartTime) || second.Cmdline[0] != "bash" {
		t.Errorf("reused PID kept old details: %+v", second)
	}
	// With an unchanged start time, details come from the cache: a
	// rewritten cmdline is not re-read.
	must(t, os.WriteFile(filepath.Join(root, "4343/cmdline"), []byte("other\x00"), 0o644))
	if third := p.Lookup(4343); third.Cmdline[0] != "bash" {
		t.Errorf("cache not used: %q", third.Cmdline)
	}
	p.Forget(map[int]bool{})
	if fourth := p.Lookup(4343); fourth.Cmdline[0] != "other" {
		t.Errorf("Forget did not drop the cache: %q", fourth.Cmdline)
	}
}

func TestExecInvalidatesCache(t *testing.T) {
	root := copyTree(t)
	p := NewProcFS(root)
	before := p.Lookup(4343)
	// Same PID and start time, new program: an exec.
	stat := "4343 (llama-server) S 4242 4343 4343 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 250000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0\n"
	must(t, os.WriteFile(filepath.Join(root, "4343/stat"), []byte(stat), 0o644))
	must(t, os.WriteFile(filepath.Join(root, "4343/comm"), []byte("llama-server\n"), 0o644))
	after := p.Lookup(4343)
	if *after.Name != "llama-server" || !after.StartTime.Equal(*before.StartTime) {
		t.Errorf("exec not noticed: %+v", after)
	}
}

func TestParseStatErrors(t *testing.T) {
	for _, bad := range []string{"", "12 no parens", "12 (x) S 1", "12 (x) S notanumber 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"} {
		if _, err := parseStat([]byte(bad)); err == nil {
			t.Errorf("parseStat(%q) accepted", bad)
		}
	}
	root := copyTree(t)
	must(t, os.WriteFile(filepath.Join(root, "4242/stat"), []byte("garbage"), 0o644))
	info := NewProcFS(root).Lookup(4242)
	if !info.Exists || info.Name != nil {
		t.Errorf("corrupt stat = %+v", info)
	}
}

func TestHealth(t *testing.T) {
	if h := NewProcFS("testdata/proc").Health(); !h.OK {
		t.Errorf("health = %+v", h)
	}
	if h := NewProcFS(t.TempDir()).Health(); h.OK || h.Error == nil {
		t.Errorf("empty root reported healthy: %+v", h)
	}
}

// TestLookupRealChild reads a real child process from the real kernel.
func TestLookupRealChild(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	cmd := exec.Command("sleep", "30")
	cmd.Dir = t.TempDir()
	before := time.Now().Add(-2 * time.Second)
	must(t, cmd.Start())
	pid := cmd.Process.Pid
	p := NewProcFS("/proc")
	// Right after fork the child is still a copy of this test binary; the
	// cache must notice the exec (a new command name) and read again.
	info := p.Lookup(pid)
	for deadline := time.Now().Add(5 * time.Second); (info.Name == nil || *info.Name != "sleep" || len(info.Cmdline) == 0) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
		info = p.Lookup(pid)
	}
	if !info.Exists || *info.Name != "sleep" || strings.Join(info.Cmdline, " ") != "sleep 30" {
		t.Errorf("child = %+v", info)
	}
	if *info.PPID != os.Getpid() {
		t.Errorf("ppid = %d, want %d", *info.PPID, os.Getpid())
	}
	if info.StartTime.Before(before) || info.StartTime.After(time.Now().Add(2*time.Second)) {
		t.Errorf("start time %v is not now", info.StartTime)
	}
	if info.Exe == nil || filepath.Base(*info.Exe) != "sleep" {
		t.Errorf("exe = %v", info.Exe)
	}
	wantCwd, _ := filepath.EvalSymlinks(cmd.Dir)
	if info.Cwd == nil || *info.Cwd != wantCwd {
		t.Errorf("cwd = %v, want %s", info.Cwd, wantCwd)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if gone := p.Lookup(pid); gone.Exists {
		t.Errorf("exited child still exists: %+v", gone)
	}
}

func TestDetectHost(t *testing.T) {
	h := DetectHost("testdata/proc", t.TempDir())
	if h.Mode != "native" || !h.SharesHostPIDs || h.OS != "linux" {
		t.Errorf("fixture host = %+v", h)
	}

	root := copyTree(t)
	fsRoot := t.TempDir()
	must(t, os.WriteFile(filepath.Join(fsRoot, ".dockerenv"), nil, 0o644))
	must(t, os.RemoveAll(filepath.Join(root, "2")))
	if h := DetectHost(root, fsRoot); h.Mode != "container" || h.SharesHostPIDs {
		t.Errorf("container with own PID namespace = %+v", h)
	}

	root = copyTree(t)
	must(t, os.WriteFile(filepath.Join(root, "1/cgroup"), []byte("0::/kubepods/besteffort/pod1\n"), 0o644))
	if h := DetectHost(root, t.TempDir()); h.Mode != "container" || !h.SharesHostPIDs {
		t.Errorf("container sharing host PIDs = %+v", h)
	}

	root = copyTree(t)
	must(t, os.WriteFile(filepath.Join(root, "version"), []byte("Linux version 5.15.167.4-microsoft-standard-WSL2\n"), 0o644))
	if h := DetectHost(root, t.TempDir()); h.Mode != "wsl" || h.SharesHostPIDs {
		t.Errorf("wsl = %+v", h)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestZombie: a process that exited but is not reaped is marked Exited,
// whether first seen as a zombie (its empty cmdline is unknown, not a
// kernel thread's []) or seen alive before (cached details kept).
func TestZombie(t *testing.T) {
	root := copyTree(t)
	p := NewProcFS(root)
	alive := p.Lookup(4343)
	if alive.Exited {
		t.Fatal("a running process is marked exited")
	}
	stat, err := os.ReadFile(filepath.Join(root, "4343/stat"))
	must(t, err)
	i := strings.LastIndexByte(string(stat), ')')
	zombie := string(stat[:i+2]) + "Z" + string(stat[i+3:])
	must(t, os.WriteFile(filepath.Join(root, "4343/stat"), []byte(zombie), 0o644))
	must(t, os.WriteFile(filepath.Join(root, "4343/cmdline"), nil, 0o644))
	if z := p.Lookup(4343); !z.Exited || len(z.Cmdline) == 0 {
		t.Errorf("zombie seen alive before: %+v", z)
	}
	p.Forget(map[int]bool{})
	if z := p.Lookup(4343); !z.Exited || z.Cmdline != nil || z.Name == nil {
		t.Errorf("zombie first seen dead: %+v", z)
	}
}

// A process can make its command line megabytes long; only MaxCmdline
// bytes are read, and the info says it was cut.
func TestCmdlineIsCapped(t *testing.T) {
	root := copyTree(t)
	arg := strings.Repeat("A", 100<<10)
	huge := strings.Repeat(arg+"\x00", 20) // 2 MB
	must(t, os.WriteFile(filepath.Join(root, "4343/cmdline"), []byte(huge), 0o644))
	info := NewProcFS(root).Lookup(4343)
	n := 0
	for _, a := range info.Cmdline {
		n += len(a) + 1
	}
	if !info.CmdlineTruncated || n > MaxCmdline+1 || len(info.Cmdline) != 2 {
		t.Errorf("truncated=%v, %d bytes in %d args", info.CmdlineTruncated, n, len(info.Cmdline))
	}
	must(t, os.WriteFile(filepath.Join(root, "4242/cmdline"), []byte(strings.Repeat("B", MaxCmdline)), 0o644))
	if info := NewProcFS(root).Lookup(4242); info.CmdlineTruncated || len(info.Cmdline[0]) != MaxCmdline {
		t.Errorf("a command line of exactly the cap: truncated=%v", info.CmdlineTruncated)
	}
}

// TestGone: a process reaped between open and read gives ESRCH; that is
// an exited process, not one hidden by permissions.
func TestGone(t *testing.T) {
	for _, err := range []error{
		&fs.PathError{Op: "read", Path: "/proc/9/stat", Err: syscall.ESRCH},
		&fs.PathError{Op: "open", Path: "/proc/9/stat", Err: syscall.ENOENT},
	} {
		if !gone(err) {
			t.Errorf("%v is not gone", err)
		}
	}
	if gone(&fs.PathError{Op: "open", Path: "/proc/9/stat", Err: syscall.EACCES}) {
		t.Error("EACCES counted as gone")
	}
}

// TestStartTicks: a start time the source gave turns back into its stat
// ticks exactly (the file-open trace keys openers by them); a time on no
// tick after boot is none it gave.
func TestStartTicks(t *testing.T) {
	p := NewProcFS("testdata/proc")
	start := *p.Lookup(4242).StartTime
	if got, ok := p.StartTicks(start); !ok || got != 100000 {
		t.Errorf("StartTicks(%v) = %d, %v; want 100000 (1000 s after boot)", start, got, ok)
	}
	if got, ok := p.StartTicks(start.Add(10 * time.Millisecond)); !ok || got != 100001 {
		t.Errorf("a tick later: %d, %v", got, ok)
	}
	for _, bad := range []time.Time{start.Add(time.Nanosecond), start.Add(5 * time.Millisecond), bootTime.Add(-10 * time.Millisecond), {}} {
		if got, ok := p.StartTicks(bad); ok {
			t.Errorf("StartTicks(%v) = %d, want none", bad, got)
		}
	}

	live := NewProcFS("/proc")
	b, err := os.ReadFile("/proc/self/stat")
	must(t, err)
	st, err := parseStat(b)
	must(t, err)
	if got, ok := live.StartTicks(*live.Lookup(os.Getpid()).StartTime); !ok || got != st.startTicks {
		t.Errorf("this process: %d, %v; stat says %d", got, ok, st.startTicks)
	}
}
