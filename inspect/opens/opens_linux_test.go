package opens

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// A re-executed test binary with openEnv set opens, reads a byte of and
// closes every file the variable lists (a file of names, one a line), then
// exits: an opener in another process, as the tracer ignores its own PID.
const openEnv = "GTM_OPENS_TEST_OPEN"

// With rateEnv ("opens/s,seconds") the child opens the listed files
// over and over at that pace instead: a steady load.
const rateEnv = "GTM_OPENS_TEST_RATE"

// With holdEnv the child says "opened" on stdout once it has opened the
// files, then lives until its stdin closes.
const holdEnv = "GTM_OPENS_TEST_HOLD"

func TestMain(m *testing.M) {
	if list := os.Getenv(openEnv); list != "" {
		if r := os.Getenv(rateEnv); r != "" {
			os.Exit(openAtRate(list, r))
		}
		code := openAll(list)
		if code == 0 && os.Getenv(holdEnv) != "" {
			fmt.Println("opened")
			io.Copy(io.Discard, os.Stdin)
		}
		os.Exit(code)
	}
	os.Exit(m.Run())
}

func openAll(list string) int {
	data, err := os.ReadFile(list)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var b [1]byte
	for _, name := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		fd, err := unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		unix.Read(fd, b[:])
		unix.Close(fd)
	}
	return 0
}

func openAtRate(list, spec string) int {
	var rate, secs int
	if _, err := fmt.Sscanf(spec, "%d,%d", &rate, &secs); err != nil || rate <= 0 {
		return 2
	}
	data, err := os.ReadFile(list)
	if err != nil {
		return 2
	}
	names := strings.Split(strings.TrimSpace(string(data)), "\n")
	// Opens in bursts every 10 ms, as programs open files: a few at once.
	per := max(rate/100, 1)
	t0 := time.Now()
	for i := 0; time.Since(t0) < time.Duration(secs)*time.Second; i++ {
		for j := range per {
			fd, err := unix.Open(names[(i*per+j)%len(names)], unix.O_RDONLY|unix.O_CLOEXEC, 0)
			if err == nil {
				unix.Close(fd)
			}
		}
		time.Sleep(time.Until(t0.Add(time.Duration(i+1) * 10 * time.Millisecond)))
	}
	return 0
}

func writeList(t testing.TB, names []string) string {
	t.Helper()
	list := filepath.Join(t.TempDir(), "list")
	if err := os.WriteFile(list, []byte(strings.Join(names, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return list
}

// opener runs a child that opens names in order and lives until the test
// ends (or holder's end is called): an opener that exits before gtm reads
// its events is dropped (TestExitedOpener).
func opener(t testing.TB, names []string) Proc {
	t.Helper()
	p, _ := holder(t, names)
	return p
}

// holder is opener, with what ends the child (and waits for it).
func holder(t testing.TB, names []string) (Proc, func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), openEnv+"="+writeList(t, names), holdEnv+"=1")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	end := sync.OnceFunc(func() { in.Close(); cmd.Wait() })
	t.Cleanup(end)
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "opened\n" {
		end()
		t.Fatalf("opener: %q, %v", line, cmd.ProcessState)
	}
	p := proc(t, cmd.Process.Pid)
	return p, end
}

// exiter runs a child that opens names and exits; it returns its PID once
// the child is reaped.
func exiter(t testing.TB, names []string) int {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), openEnv+"="+writeList(t, names))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("opener: %v: %s", err, out)
	}
	return cmd.Process.Pid
}

// proc is the live process pid.
func proc(t testing.TB, pid int) Proc {
	t.Helper()
	start, ok := StartTicks("/proc", pid)
	if !ok {
		t.Fatalf("no start for pid %d", pid)
	}
	return Proc{PID: pid, Start: start}
}

// start starts a tracer, or skips saying why fanotify is not usable here.
func start(t testing.TB, o Options) *Tracer {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("fanotify needs root; running as uid", os.Geteuid())
	}
	tr, err := Start(o)
	if errors.Is(err, ErrNeedsCap) || errors.Is(err, ErrUnsupported) {
		t.Skip("fanotify refused:", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Close() })
	return tr
}

// realDir is a fresh directory with symlinks resolved, as the kernel names
// its files.
func realDir(t testing.TB, parent string) string {
	t.Helper()
	d, err := os.MkdirTemp(parent, "opens")
	if err != nil {
		t.Skip("no dir under", parent, err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	if d, err = filepath.EvalSymlinks(d); err != nil {
		t.Fatal(err)
	}
	return d
}

func writeFiles(t testing.TB, dir string, names ...string) []string {
	t.Helper()
	var out []string
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("GGUF any bytes"), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// waitFor polls until ok or five seconds pass: events are read on the
// tracer's goroutine, shortly after the opener exits.
func waitFor(ok func() bool) bool {
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if ok() {
			return true
		}
	}
	return ok()
}

func TestChildOpensModels(t *testing.T) {
	dir := realDir(t, "")
	tr := start(t, Options{Paths: []string{dir}})
	files := writeFiles(t, dir, "m.gguf", "enc.onnx", "w.safetensors", "notes.txt", "config.json")
	before := time.Now()
	p := opener(t, files)
	after := time.Now()
	want := []string{files[2], files[1], files[0]} // newest first
	if !waitFor(func() bool { return len(tr.Opened(p)) >= 3 }) {
		t.Fatalf("Opened(%v) = %v, want %v; stats %+v", p, tr.Opened(p), want, tr.Stats())
	}
	got := tr.Opened(p)
	if !slices.Equal(paths(got), want) {
		t.Errorf("Opened = %v, want %v", paths(got), want)
	}
	for _, o := range got {
		if o.Proc != p || o.At.Before(before) || o.At.After(after.Add(5*time.Second)) {
			t.Errorf("open %+v: opener or time outside %v [%v, %v]", o, p, before, after)
		}
	}
	// Not Unpinned: the whole filesystem is marked, so a process elsewhere
	// (another test package running beside this one) that opens a model
	// file and exits before its event is read counts there; pinning has its
	// own tests (TestExitedOpener).
	st := tr.Stats()
	if st.Kept < 3 || st.Events < 5 || !slices.Contains(st.Marked, dir) || st.ByPID != "" {
		t.Errorf("stats %+v", st)
	}
	t.Logf("root filesystem %s: marked %v, mount only %v", fsType(dir), st.Marked, st.MountOnly)
	if tr.Opened(proc(t, os.Getpid())) != nil {
		t.Error("gtm's own opens kept")
	}
	if tr.Opened(Proc{PID: p.PID, Start: p.Start + 1}) != nil {
		t.Error("another process with the opener's PID has its opens")
	}

	tr.Forget(func(q Proc) bool { return q != p })
	if tr.Opened(p) != nil {
		t.Error("Forget kept an exited process")
	}
}

func TestOwnOpensIgnored(t *testing.T) {
	dir := realDir(t, "")
	tr := start(t, Options{Paths: []string{dir}})
	files := writeFiles(t, dir, "own.gguf", "marker.gguf")
	if _, err := os.ReadFile(files[0]); err != nil {
		t.Fatal(err)
	}
	pid := opener(t, files[1:]) // a later event proves the first was read
	if !waitFor(func() bool { return tr.Opened(pid) != nil }) {
		t.Fatal("child's open not seen")
	}
	if got := tr.Opened(proc(t, os.Getpid())); got != nil {
		t.Errorf("own opens kept: %v", got)
	}
}

func TestTmpfs(t *testing.T) {
	var sf unix.Statfs_t
	if err := unix.Statfs("/dev/shm", &sf); err != nil || sf.Type != unix.TMPFS_MAGIC {
		t.Skip("/dev/shm is no tmpfs here")
	}
	dir := realDir(t, "/dev/shm")
	tr := start(t, Options{Paths: []string{dir}})
	files := writeFiles(t, dir, "m.gguf")
	// /dev/shm's files are under /dev, which IsModelName refuses: a model
	// there is no store, and the filter's rule holds.
	pid := opener(t, files)
	st := tr.Stats()
	t.Logf("tmpfs: marked %v, mount only %v", st.Marked, st.MountOnly)
	if !waitFor(func() bool { return tr.Stats().Events > 0 }) {
		t.Fatal("no event from a tmpfs")
	}
	if got := tr.Opened(pid); got != nil {
		t.Errorf("a file under /dev kept: %v", got)
	}
}

// tmpfsDir mounts a private tmpfs for the test: its only events are the
// test's own.
func tmpfsDir(t testing.TB) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root")
	}
	d := realDir(t, "")
	if err := unix.Mount("gtm-opens-test", d, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=256m"); err != nil {
		t.Skip("cannot mount a tmpfs:", err)
	}
	t.Cleanup(func() { unix.Unmount(d, unix.MNT_DETACH) })
	return d
}

func TestPrivateTmpfs(t *testing.T) {
	dir := tmpfsDir(t)
	tr := start(t, Options{Paths: []string{dir, filepath.Join(dir)}})
	files := writeFiles(t, dir, "a.onnx")
	pid := opener(t, files)
	if !waitFor(func() bool { return tr.Opened(pid) != nil }) {
		t.Fatalf("open on a tmpfs not seen; stats %+v", tr.Stats())
	}
	if st := tr.Stats(); len(st.Marked) != 1 || len(st.MountOnly) != 0 {
		t.Errorf("marks %+v, want one filesystem mark", st)
	}
}

// TestOverlayfs: a container's root. Linux 6.18 refuses name-reporting
// marks on overlayfs (EOPNOTSUPP; also ramfs, proc, sysfs, devpts) and
// accepts fd ones: the tracer reads it by fd and sees files of both layers
// under the merged path.
func TestOverlayfs(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting an overlay needs root")
	}
	base := realDir(t, "")
	for _, d := range []string{"lower", "upper", "work", "merged"} {
		if err := os.Mkdir(filepath.Join(base, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFiles(t, filepath.Join(base, "lower"), "low.gguf")
	merged := filepath.Join(base, "merged")
	opts := fmt.Sprintf("lowerdir=%s/lower,upperdir=%s/upper,workdir=%s/work", base, base, base)
	if err := unix.Mount("overlay", merged, "overlay", 0, opts); err != nil {
		t.Skip("cannot mount an overlay:", err)
	}
	t.Cleanup(func() { unix.Unmount(merged, unix.MNT_DETACH) })
	tr := start(t, Options{Paths: []string{merged}})
	st := tr.Stats()
	t.Logf("overlayfs: marked %v, by fd %v, mount only %v", st.Marked, st.PerEventFD, st.MountOnly)
	if len(st.Marked) != 1 {
		t.Fatalf("overlay not marked: %+v", st)
	}
	want := []string{filepath.Join(merged, "low.gguf"), writeFiles(t, merged, "up.onnx")[0]}
	pid := opener(t, want[1:])
	pid2 := opener(t, want[:1])
	if !waitFor(func() bool { return tr.Opened(pid) != nil && tr.Opened(pid2) != nil }) {
		t.Fatalf("opens on an overlay not seen: %v %v; %+v", tr.Opened(pid), tr.Opened(pid2), tr.Stats())
	}
	if got := []string{tr.Opened(pid2)[0].Path, tr.Opened(pid)[0].Path}; !slices.Equal(got, want) {
		t.Errorf("paths %v, want %v", got, want)
	}
}

func TestMountFallback(t *testing.T) {
	refuseFS = true
	t.Cleanup(func() { refuseFS = false })
	dir := tmpfsDir(t)
	tr := start(t, Options{Paths: []string{dir}})
	st := tr.Stats()
	if len(st.MountOnly) != 1 || !strings.HasPrefix(st.MountOnly[0], dir+": filesystem mark refused") {
		t.Fatalf("mount only %v", st.MountOnly)
	}
	files := writeFiles(t, dir, "a.pt")
	pid := opener(t, files)
	if !waitFor(func() bool { return tr.Opened(pid) != nil }) {
		t.Fatal("open through a mount mark not seen")
	}
}

func TestMarks(t *testing.T) {
	a, b := realDir(t, ""), realDir(t, "")
	missing := filepath.Join(a, "missing")
	file := writeFiles(t, a, "f.txt")[0]
	tr := start(t, Options{Paths: []string{"", a, b, missing, file}})
	st := tr.Stats()
	if !slices.Equal(st.Marked, []string{a}) {
		t.Errorf("marked %v, want %s once (%s is on its filesystem)", st.Marked, a, b)
	}
	if len(st.Refused) != 2 || !strings.HasPrefix(st.Refused[0], missing+": ") || st.Refused[1] != file+": not a directory" {
		t.Errorf("refused %q", st.Refused)
	}

	if os.Geteuid() == 0 {
		if _, err := Start(Options{Paths: []string{missing}}); err == nil || !strings.Contains(err.Error(), missing) {
			t.Errorf("Start with nothing to mark: %v", err)
		}
		if _, err := Start(Options{}); err == nil {
			t.Error("Start with no paths succeeded")
		}
	}
}

func TestBounds(t *testing.T) {
	dir := tmpfsDir(t)
	tr := start(t, Options{Paths: []string{dir}, PerPID: 2, MaxPIDs: 2})
	files := writeFiles(t, dir, "1.gguf", "2.gguf", "3.gguf", "4.gguf")
	p1 := opener(t, files)
	if !waitFor(func() bool { return tr.Stats().Kept == 4 }) {
		t.Fatalf("stats %+v", tr.Stats())
	}
	if got := paths(tr.Opened(p1)); !slices.Equal(got, []string{files[3], files[2]}) {
		t.Errorf("PerPID 2 kept %v", got)
	}
	p2 := opener(t, files[:1])
	p3 := opener(t, files[:1])
	if !waitFor(func() bool { return tr.Opened(p3) != nil }) {
		t.Fatal("third opener not seen")
	}
	if tr.Opened(p1) != nil || tr.Opened(p2) == nil {
		t.Errorf("MaxPIDs 2 kept p1 %v, p2 %v", tr.Opened(p1), tr.Opened(p2))
	}
	if st := tr.Stats(); st.Dropped != 4 {
		t.Errorf("dropped %d, want 4 (2 by PerPID, 2 with p1)", st.Dropped)
	}
}

func TestClose(t *testing.T) {
	dir := tmpfsDir(t)
	tr := start(t, Options{Paths: []string{dir}})
	var fans []int
	for _, g := range tr.sys.groups {
		fans = append(fans, g.fd)
		if link, _ := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", g.fd)); link != "anon_inode:[fanotify]" {
			t.Fatalf("fd %d is %q", g.fd, link)
		}
	}
	pid := opener(t, writeFiles(t, dir, "a.gguf"))
	waitFor(func() bool { return tr.Opened(pid) != nil })
	t0 := time.Now()
	if err := tr.Close(); err != nil {
		t.Fatal(err)
	}
	for _, g := range tr.sys.groups {
		select {
		case <-g.done:
		default:
			t.Fatal("Close returned with a reader running")
		}
	}
	if d := time.Since(t0); d > time.Second {
		t.Errorf("Close took %v", d)
	}
	for _, fan := range fans {
		if link, _ := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", fan)); link == "anon_inode:[fanotify]" {
			t.Error("a fanotify fd is still open")
		}
	}
	if err := tr.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if tr.Opened(pid) == nil {
		t.Error("opens gone after Close")
	}
}

func TestErrNeedsCap(t *testing.T) {
	if os.Geteuid() != 0 {
		if _, err := Start(Options{Paths: []string{"/"}}); !errors.Is(err, ErrNeedsCap) {
			t.Errorf("unprivileged Start: %v", err)
		}
		return
	}
	// Drop the effective uid on this thread only (a raw setresuid, not
	// Go's all-threads one): the effective capabilities go with it.
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		if _, _, e := unix.RawSyscall(unix.SYS_SETRESUID, ^uintptr(0), 65534, ^uintptr(0)); e != 0 {
			errc <- fmt.Errorf("setresuid: %w", e)
			return
		}
		tr, err := Start(Options{Paths: []string{"/"}})
		if err == nil {
			tr.Close()
		}
		errc <- err
	}()
	err := <-errc
	if !errors.Is(err, ErrNeedsCap) {
		t.Errorf("Start as uid 65534: %v, want ErrNeedsCap", err)
	}
	if err.Error() != "file-open tracing needs root or CAP_SYS_ADMIN; models read and closed stay candidates" {
		t.Errorf("message %q", err)
	}
}

func TestInitErr(t *testing.T) {
	for _, c := range []struct {
		in   error
		want error
		says string
	}{
		{unix.EPERM, ErrNeedsCap, "CAP_SYS_ADMIN"},
		{unix.ENOSYS, ErrUnsupported, "ENOSYS"},
		{unix.EINVAL, ErrUnsupported, "EINVAL"},
		{unix.EMFILE, unix.EMFILE, "fanotify_init"},
	} {
		got := initErr(c.in)
		if !errors.Is(got, c.want) || !strings.Contains(got.Error(), c.says) {
			t.Errorf("initErr(%v) = %v", c.in, got)
		}
	}
}

// fdCount is how many descriptors this process has open.
func fdCount(t testing.TB) int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	return len(ents)
}

// storm creates n small non-model files with a model file every step,
// returning every name in open order and the model names.
func storm(t testing.TB, dir string, n, step int) (all, models []string) {
	t.Helper()
	for i := range n {
		name := filepath.Join(dir, fmt.Sprintf("f%06d.txt", i))
		if i%step == step/2 {
			name = filepath.Join(dir, fmt.Sprintf("m%06d.safetensors", i))
			models = append(models, name)
		}
		if err := os.WriteFile(name, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		all = append(all, name)
	}
	return all, models
}

// byFD makes the test read events by fd, as on filesystems and kernels
// that refuse name-reporting marks.
func byFD(t testing.TB) {
	refuseFID = true
	t.Cleanup(func() { refuseFID = false })
}

func TestStormNoLeak(t *testing.T) {
	for _, mode := range []string{"by name", "by fd"} {
		t.Run(mode, func(t *testing.T) {
			if mode == "by fd" {
				byFD(t)
			}
			dir := tmpfsDir(t)
			all, models := storm(t, dir, 5000, 500)
			before := fdCount(t)
			tr := start(t, Options{Paths: []string{dir}, PerPID: 16})
			if st := tr.Stats(); (len(st.PerEventFD) == 1) != (mode == "by fd") {
				t.Fatalf("%s: per-event fd %v", mode, st.PerEventFD)
			}
			pid, end := holder(t, all)
			if !waitFor(func() bool { return tr.Stats().Events >= uint64(len(all)) }) {
				t.Fatalf("stats %+v, want %d events", tr.Stats(), len(all))
			}
			end() // its pipes and pidfd are closed
			st := tr.Stats()
			if st.Overflows != 0 {
				t.Errorf("%d overflows for %d events", st.Overflows, len(all))
			}
			slices.Reverse(models)
			if got := paths(tr.Opened(pid)); !slices.Equal(got, models) {
				t.Errorf("kept %v, want %v", got, models)
			}
			// The tracer holds its groups, a dir per filesystem marked by
			// name and an eventfd; nothing per event (no file's fd, no
			// opener's pidfd).
			held := len(tr.sys.groups) + len(tr.sys.mounts) + 1
			if n := fdCount(t); n != before+held {
				t.Errorf("%d fds with the tracer, %d before and %d held: event fds leak", n, before, held)
			}
			tr.Close()
			if n := fdCount(t); n != before {
				t.Errorf("%d fds after Close, %d before", n, before)
			}
		})
	}
}

func TestByFD(t *testing.T) {
	byFD(t)
	dir := realDir(t, "")
	tr := start(t, Options{Paths: []string{dir}})
	files := writeFiles(t, dir, "x.gguf", "y.txt")
	pid := opener(t, files)
	if !waitFor(func() bool { return tr.Opened(pid) != nil }) {
		t.Fatalf("open read by fd not seen; stats %+v", tr.Stats())
	}
	if got := paths(tr.Opened(pid)); !slices.Equal(got, files[:1]) {
		t.Errorf("kept %v", got)
	}
	if st := tr.Stats(); len(st.PerEventFD) != 1 || len(tr.sys.groups) != 2 {
		t.Errorf("per-event fd %v, %d groups", st.PerEventFD, len(tr.sys.groups))
	}
}

func fsType(dir string) string {
	var sf unix.Statfs_t
	if unix.Statfs(dir, &sf) != nil {
		return "?"
	}
	switch sf.Type {
	case unix.EXT4_SUPER_MAGIC:
		return "ext4"
	case unix.TMPFS_MAGIC:
		return "tmpfs"
	case unix.XFS_SUPER_MAGIC:
		return "xfs"
	case unix.BTRFS_SUPER_MAGIC:
		return "btrfs"
	case unix.OVERLAYFS_SUPER_MAGIC:
		return "overlayfs"
	}
	return fmt.Sprintf("%#x", sf.Type)
}

func TestCloseDuringStorm(t *testing.T) {
	dir := tmpfsDir(t)
	all, _ := storm(t, dir, 2000, 1000)
	list := filepath.Join(t.TempDir(), "list")
	if err := os.WriteFile(list, []byte(strings.Join(all, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	tr := start(t, Options{Paths: []string{dir}})
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), openEnv+"="+list, rateEnv+"=100000,3")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	if !waitFor(func() bool { return tr.Stats().Events > 1000 }) {
		t.Fatal("no storm")
	}
	t0 := time.Now()
	tr.Close()
	if d := time.Since(t0); d > time.Second {
		t.Errorf("Close during a storm took %v", d)
	}
}

// TestExitedOpener: an opener gone before gtm reads its events leaves
// nothing: its PID may be another process's by then.
func TestExitedOpener(t *testing.T) {
	for _, mode := range []string{"pinned", "unpinned"} {
		t.Run(mode, func(t *testing.T) {
			if mode == "unpinned" {
				refusePIDFD = true
				t.Cleanup(func() { refusePIDFD = false })
			}
			dir := tmpfsDir(t)
			tr := start(t, Options{Paths: []string{dir}})
			if st := tr.Stats(); (st.ByPID == "") != (mode == "pinned") {
				t.Fatalf("%s: by PID %q", mode, st.ByPID)
			}
			files := writeFiles(t, dir, "a.gguf", "b.onnx")
			readGate.Lock()
			exiter(t, files)
			readGate.Unlock()
			// Until both opens are accounted for, one way or the other
			// (Events also counts this test's own opens writing the files).
			if !waitFor(func() bool { st := tr.Stats(); return st.Kept+st.Unpinned >= 2 }) {
				t.Fatalf("stats %+v", tr.Stats())
			}
			if st := tr.Stats(); st.Kept != 0 || st.Unpinned != 2 {
				t.Errorf("an exited opener's opens kept: %+v", st)
			}
		})
	}
}

// pidnsEnv marks the test binary run again as PID 1 of a PID namespace of
// its own, with its own /proc: there it may choose the next PID
// (ns_last_pid) without touching the machine's.
const pidnsEnv = "GTM_OPENS_TEST_PIDNS"

// inPIDNS runs the calling test again in a PID namespace of its own and
// reports its result here; it returns true where the test is to run.
func inPIDNS(t *testing.T) bool {
	t.Helper()
	if os.Getenv(pidnsEnv) != "" {
		return true
	}
	if os.Geteuid() != 0 {
		t.Skip("a PID namespace needs root")
	}
	cmd := exec.Command("unshare", "--pid", "--fork", "--mount-proc", os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), pidnsEnv+"=1")
	out, err := cmd.CombinedOutput()
	t.Logf("in a PID namespace of its own:\n%s", out)
	switch {
	case errors.Is(err, exec.ErrNotFound):
		t.Skip("no unshare(1)")
	case err != nil && strings.HasPrefix(string(out), "unshare:"):
		t.Skipf("no PID namespace here: %s", out)
	case err != nil:
		t.Fatal(err)
	case strings.Contains(string(out), "--- SKIP: "+t.Name()+" "):
		t.Skip("skipped in its PID namespace")
	}
	return false
}

// ticksNow is CLOCK_BOOTTIME in clock ticks, the clock /proc/PID/stat
// dates starts by.
func ticksNow(t testing.TB) uint64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_BOOTTIME, &ts); err != nil {
		t.Fatal(err)
	}
	return uint64(ts.Nano() / int64(10*time.Millisecond))
}

// holderAt is holder as PID pid, which must be free: the namespace's next
// PID is set to it (Go's threads take PIDs too, so it may take tries).
// It waits for the next clock tick first, so the new process's start is
// not that of an earlier one with the PID.
func holderAt(t *testing.T, pid int, names []string) (Proc, func()) {
	t.Helper()
	then := ticksNow(t)
	for ticksNow(t) <= then {
		time.Sleep(time.Millisecond)
	}
	for range 20 {
		if err := os.WriteFile("/proc/sys/kernel/ns_last_pid", []byte(strconv.Itoa(pid-1)), 0); err != nil {
			t.Skip("cannot choose the next PID:", err)
		}
		p, end := holder(t, names)
		if p.PID == pid {
			return p, end
		}
		end()
	}
	t.Skipf("PID %d not given again in 20 tries", pid)
	return Proc{}, nil
}

// TestPIDReuse: a process opens attacker.gguf and exits; another is given
// its PID. Whether gtm reads the open before or after the PID is reused,
// the later process is not credited with it.
func TestPIDReuse(t *testing.T) {
	if !inPIDNS(t) {
		return
	}
	t.Run("read after reuse", func(t *testing.T) {
		dir := tmpfsDir(t)
		tr := start(t, Options{Paths: []string{dir}})
		files := writeFiles(t, dir, "attacker.gguf", "own.gguf")
		readGate.Lock() // gtm reads nothing until the PID is another's
		pid := exiter(t, files[:1])
		later, _ := holderAt(t, pid, files[1:])
		readGate.Unlock()
		if !waitFor(func() bool { return tr.Opened(later) != nil }) {
			t.Fatalf("the later process's open not seen: %+v", tr.Stats())
		}
		if got := paths(tr.Opened(later)); !slices.Equal(got, files[1:]) {
			t.Errorf("PID %d reused: the later process opened %v, want only %v", pid, got, files[1:])
		}
		if st := tr.Stats(); st.Unpinned != 1 {
			t.Errorf("the exited opener's open not dropped: %+v", st)
		}
	})
	t.Run("read before reuse", func(t *testing.T) {
		dir := tmpfsDir(t)
		tr := start(t, Options{Paths: []string{dir}})
		files := writeFiles(t, dir, "attacker.gguf", "own.gguf")
		first, end := holder(t, files[:1])
		if !waitFor(func() bool { return tr.Opened(first) != nil }) {
			t.Fatalf("the first process's open not seen: %+v", tr.Stats())
		}
		end()
		later, _ := holderAt(t, first.PID, files[1:])
		if !waitFor(func() bool { return tr.Opened(later) != nil }) {
			t.Fatalf("the later process's open not seen: %+v", tr.Stats())
		}
		if got := paths(tr.Opened(later)); !slices.Equal(got, files[1:]) {
			t.Errorf("PID %d reused: the later process opened %v, want only %v", first.PID, got, files[1:])
		}
		if got := paths(tr.Opened(first)); !slices.Equal(got, files[:1]) {
			t.Errorf("the first process opened %v", got)
		}
	})
}
