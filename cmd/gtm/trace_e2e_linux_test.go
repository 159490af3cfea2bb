package main

// File-open tracing end to end: real fanotify (as root), real child
// processes that read a model and close it, the stand-in NVIDIA driver.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

// The opener child: with GTM_TEST_OPEN set, the test binary waits for the
// file GTM_TEST_GO, then reads the model and closes it, as whisper.cpp
// loads, and keeps running (its VRAM is the stand-in driver's).
const (
	openEnv = "GTM_TEST_OPEN"
	goEnv   = "GTM_TEST_GO"
)

func maybeRunOpener() {
	path := os.Getenv(openEnv)
	if path == "" {
		return
	}
	for {
		if _, err := os.Stat(os.Getenv(goEnv)); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if f, err := os.Open(path); err == nil {
		_, _ = io.Copy(io.Discard, f)
		f.Close()
	}
	time.Sleep(time.Hour)
	os.Exit(0)
}

// startOpener starts an opener child whose command line is argv.
func startOpener(t *testing.T, argv []string, model, goFile string) int {
	t.Helper()
	exe, err := os.Executable()
	must(t, err)
	cmd := &exec.Cmd{Path: exe, Args: argv, Env: append(os.Environ(), openEnv+"="+model, goEnv+"="+goFile)}
	must(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd.Process.Pid
}

// A whisper-style load: a process reads a model file and closes it, then
// its VRAM rises. With --trace-opens gtm names the file with "opened"
// evidence and its time; alone that is history (not confirmed); with
// its command line naming the file too, the rise confirms it.
func TestTraceOpensNamesReadAndCloseLoads(t *testing.T) {
	needBinary(t)
	if os.Geteuid() != 0 {
		t.Skip("file-open tracing needs root (fanotify)")
	}
	dir := t.TempDir()
	alone, named := filepath.Join(dir, "ggml-small.gguf"), filepath.Join(dir, "m2.gguf")
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(alone))
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(named))
	goFile := filepath.Join(dir, "go")
	a := startOpener(t, []string{"whisper-server", "--port", "8080"}, alone, goFile)
	b := startOpener(t, []string{"whisper-server", "--model", named}, named, goFile)
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100()}})

	out := filepath.Join(t.TempDir(), "capture.jsonl")
	cmd := exec.Command(headlessBinary, "record", "-o", out, "-i", "0.5", "--duration", "4.2", "--trace-opens", "--trace-path", dir)
	cmd.Env = fakenvml.Env(m.libDir, m.path)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	must(t, cmd.Start())
	for i := 0; ; i++ { // the trace runs before the first snapshot
		if b, _ := os.ReadFile(out); bytes.Count(b, []byte("\n")) >= 1 {
			break
		}
		if i > 1000 {
			t.Fatalf("gtm record wrote nothing: %s", errb.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	must(t, os.WriteFile(goFile, nil, 0o644))
	time.Sleep(700 * time.Millisecond)
	m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: a, UsedMemory: 500 << 20}, fakenvml.Process{PID: b, UsedMemory: 700 << 20})}})
	if err := cmd.Wait(); err != nil {
		t.Fatalf("gtm record: %v %s", err, errb.String())
	}
	if strings.Contains(errb.String(), "file-open tracing") {
		t.Skipf("the kernel refused fanotify here: %s", errb.String())
	}
	fh, err := os.Open(out)
	must(t, err)
	defer fh.Close()
	snaps, err := capture.Read(fh)
	must(t, err)
	last := snaps[len(snaps)-1]

	model := func(pid int, path string) string {
		r := findRow(last, pid, 0)
		if r == nil {
			t.Fatalf("no row for PID %d", pid)
		}
		for _, x := range r.Models {
			if x.Path == path {
				return strings.Join(x.Evidence, "+") + map[bool]string{true: " confirmed", false: ""}[x.Confirmed] +
					map[bool]string{true: " at", false: ""}[x.OpenedAt != nil] + " " + strOf(x.Format)
			}
		}
		return "missing from " + mustJSON(t, r.Models)
	}
	if got := model(a, alone); got != "opened at gguf" {
		t.Errorf("read and closed, named by nothing else: %s, want opened (history, not confirmed)", got)
	}
	if got := model(b, named); got != "opened+cmdline confirmed at gguf" {
		t.Errorf("read and closed, named on the command line, VRAM rose: %s, want confirmed", got)
	}
}

// Without CAP_SYS_ADMIN: one line says what is missing, and gtm works
// (run as nobody, the binary copied where nobody may run it).
func TestTraceOpensWithoutCapability(t *testing.T) {
	needBinary(t)
	if os.Geteuid() != 0 {
		code, _, stderr := runBinary(t, "--once", "--trace-opens")
		if code != exitOK || !strings.Contains(stderr, "file-open tracing needs root or CAP_SYS_ADMIN") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
		return
	}
	dir, err := os.MkdirTemp("", "gtm-nobody-")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	must(t, os.Chmod(dir, 0o755))
	bin := filepath.Join(dir, "gtm")
	b, err := os.ReadFile(headlessBinary)
	must(t, err)
	must(t, os.WriteFile(bin, b, 0o755))
	cmd := exec.Command(bin, "--once", "--trace-opens")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("gtm as nobody: %v, stderr %q", err, errb.String())
	}
	if !strings.Contains(errb.String(), "gtm: file-open tracing needs root or CAP_SYS_ADMIN; models read and closed stay candidates") {
		t.Errorf("stderr %q", errb.String())
	}
}

func TestTraceFlagsUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--once", "--trace-path", "/models"}, "--trace-path needs --trace-opens"},
		{[]string{"--once", "--trace-opens", "--replay", "x.json"}, "--trace-opens watches this machine; it does not apply to --replay"},
		{[]string{"record", "--trace-path", "/models"}, "--trace-path needs --trace-opens"},
		{[]string{"serve", "--trace-opens", "--replay", "x.json"}, "--trace-opens watches this machine"},
	} {
		var out, errb strings.Builder
		code := run(c.args, env{stdout: &out, stderr: &errb, newCollector: func(string, map[int]string, platformOptions) (*collect.Collector, func()) {
			t.Fatalf("%v: collected", c.args)
			return nil, nil
		}})
		if code != exitUsage || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errb.String(), c.want)
		}
	}
}

// The PID-reuse attack runs as PID 1 of a PID namespace of its own, where
// it may choose the next PID (ns_last_pid) without touching the machine's:
// with reuseEnv set to the gtm binary, the test binary plays it in the
// directory reuseDirEnv names and prints the PID it had reused.
const (
	reuseEnv    = "GTM_TEST_PIDREUSE"
	reuseDirEnv = "GTM_TEST_PIDREUSE_DIR"
)

func maybeRunPIDReuse() {
	bin := os.Getenv(reuseEnv)
	if bin == "" {
		return
	}
	pid, err := playPIDReuse(bin, os.Getenv(reuseDirEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, "pid reuse:", err)
		os.Exit(1)
	}
	fmt.Println(pid)
	os.Exit(0)
}

// playPIDReuse: gtm records with --trace-opens and is stopped; cat reads
// attacker.gguf and exits; a whisper-style loader is given cat's PID,
// reads own.gguf and holds VRAM; gtm goes on and reads both opens only
// now, after cat's PID became the loader's.
func playPIDReuse(bin, dir string) (int, error) {
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "GTM_TEST_PIDREUSE") })
	out := filepath.Join(dir, "capture.jsonl")
	gtm := exec.Command(bin, "record", "-o", out, "-i", "0.3", "--duration", "3", "--trace-opens", "--trace-path", dir)
	gtm.Env, gtm.Stderr = env, os.Stderr
	if err := gtm.Start(); err != nil {
		return 0, err
	}
	defer gtm.Wait()
	defer gtm.Process.Kill()
	for i := 0; ; i++ { // the trace runs before the first snapshot
		if b, _ := os.ReadFile(out); bytes.Count(b, []byte("\n")) >= 1 {
			break
		}
		if i > 2000 {
			return 0, errors.New("gtm record wrote nothing")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := gtm.Process.Signal(syscall.SIGSTOP); err != nil {
		return 0, err
	}
	for !stopped(gtm.Process.Pid) { // a signal is taken when the process next runs
		time.Sleep(time.Millisecond)
	}
	cat := exec.Command("cat", filepath.Join(dir, "attacker.gguf"))
	if err := cat.Run(); err != nil {
		return 0, err
	}
	pid := cat.Process.Pid
	// The loader starts on a later clock tick than cat, as a PID wrapping
	// round would have it; within one tick (10 ms) starts are one.
	then := bootTicks()
	for bootTicks() <= then {
		time.Sleep(time.Millisecond)
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	goFile := filepath.Join(dir, "go")
	for try := 0; ; try++ { // Go's threads take PIDs too
		if try == 20 {
			return 0, fmt.Errorf("cannot choose the next PID: %d not given again in 20 tries", pid)
		}
		if err := os.WriteFile("/proc/sys/kernel/ns_last_pid", []byte(strconv.Itoa(pid-1)), 0); err != nil {
			return 0, fmt.Errorf("cannot choose the next PID: %w", err)
		}
		loader := &exec.Cmd{Path: exe, Args: []string{"whisper-server", "--port", "8080"},
			Env: append(env, openEnv+"="+filepath.Join(dir, "own.gguf"), goEnv+"="+goFile)}
		if err := loader.Start(); err != nil {
			return 0, err
		}
		defer loader.Wait()
		defer loader.Process.Kill()
		if loader.Process.Pid == pid {
			break
		}
		loader.Process.Kill()
	}
	if err := os.WriteFile(goFile, nil, 0o644); err != nil {
		return 0, err
	}
	m := fakenvml.Machine{GPUs: []fakenvml.GPU{h100(fakenvml.Process{PID: pid, UsedMemory: 700 << 20})}}
	if err := m.Write(os.Getenv(fakenvml.MachineEnv)); err != nil {
		return 0, err
	}
	if err := gtm.Process.Signal(syscall.SIGCONT); err != nil {
		return 0, err
	}
	if err := gtm.Wait(); err != nil {
		return 0, fmt.Errorf("gtm record: %w", err)
	}
	return pid, nil
}

// stopped reports whether pid is stopped by a signal (state T).
func stopped(pid int) bool {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	i := bytes.LastIndexByte(b, ')')
	return i >= 0 && len(b) > i+2 && b[i+2] == 'T'
}

// bootTicks is CLOCK_BOOTTIME in the clock ticks /proc/PID/stat dates
// starts by.
func bootTicks() int64 {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_BOOTTIME, &ts)
	return ts.Nano() / int64(10*time.Millisecond)
}

// An attacker's process reads attacker.gguf and exits; a model loader is
// given its PID before gtm reads the open (gtm is stopped meanwhile, as a
// busy machine delays it). The loader's row names its own model, opened,
// and not attacker.gguf.
func TestTraceOpensPIDReuse(t *testing.T) {
	needBinary(t)
	if os.Geteuid() != 0 {
		t.Skip("file-open tracing and PID namespaces need root")
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Skip("no unshare(1)")
	}
	dir := t.TempDir()
	attacker, own := filepath.Join(dir, "attacker.gguf"), filepath.Join(dir, "own.gguf")
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(attacker))
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(own))
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100()}})

	// gtm takes the driver's PIDs for its own where PID 2 is the kernel's
	// kthreadd (the initial PID namespace); the stand-in driver reports
	// the namespace's PIDs, so there PID 2 is a sleep named kthreadd.
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep(1)")
	}
	kthreadd := filepath.Join(t.TempDir(), "kthreadd")
	must(t, os.Symlink(sleep, kthreadd))
	cmd := exec.Command("unshare", "--pid", "--fork", "--mount-proc", "sh", "-c", `"$0" 600 & exec "$@"`, kthreadd, os.Args[0])
	cmd.Env = append(fakenvml.Env(m.libDir, m.path), reuseEnv+"="+headlessBinary, reuseDirEnv+"="+dir)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	stdout, err := cmd.Output()
	switch {
	case strings.Contains(errb.String(), "file-open tracing"):
		t.Skipf("the kernel refused fanotify here: %s", errb.String())
	case strings.Contains(errb.String(), "cannot choose the next PID"), strings.Contains(errb.String(), "unshare:"):
		t.Skipf("no PID namespace of its own here: %s", errb.String())
	case err != nil:
		t.Fatalf("%v: %s", err, errb.String())
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(stdout)))
	must(t, err)
	fh, err := os.Open(filepath.Join(dir, "capture.jsonl"))
	must(t, err)
	defer fh.Close()
	snaps, err := capture.Read(fh)
	must(t, err)
	r := findRow(snaps[len(snaps)-1], pid, 0)
	if r == nil {
		t.Fatalf("no row for PID %d", pid)
	}
	var names []string
	for _, x := range r.Models {
		names = append(names, x.Path+" "+strings.Join(x.Evidence, "+"))
	}
	if !slices.Contains(names, own+" opened") {
		t.Errorf("the loader's own read-and-close load is not named: %q; %s; %s", names, mustJSON(t, r), errb.String())
	}
	for _, n := range names {
		if strings.HasPrefix(n, attacker) {
			t.Errorf("PID %d reused: the loader is credited with the exited process's open: %q", pid, names)
		}
	}
}
