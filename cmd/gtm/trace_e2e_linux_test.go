package main

// File-open tracing end to end: real fanotify (as root), real child
// processes that read a model and close it, the stand-in NVIDIA driver.

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

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
