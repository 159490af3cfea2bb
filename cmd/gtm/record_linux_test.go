package main

import (
	"bytes"
	"context"
	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/internal/schema"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
)

// runWithSource runs gtm in-process and returns the source the window
// would have been given.
func runWithSource(t *testing.T, c *collect.Collector, args ...string) (code int, stdout, stderr string, src collect.Provider) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, env{
		stdout:       &out,
		stderr:       &errb,
		newCollector: func(string, map[int]string, platformOptions) (*collect.Collector, func()) { return c, func() {} },
		runGUI:       func(_ context.Context, s collect.Provider, _ guiOptions) error { src = s; return nil },
	})
	return code, out.String(), errb.String(), src
}

func readCaptureT(t *testing.T, path string) []*schema.Snapshot {
	t.Helper()
	snaps, err := readCaptureFile(path)
	if err != nil {
		t.Fatalf("reading %s back: %v", path, err)
	}
	return snaps
}

func TestRecordToFileThenReplay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cap.jsonl")
	code, stdout, stderr, _ := runWithSource(t, twoGPUCollector(t), "record", "-o", path, "--duration", "150ms", "-i", "0.05")
	if code != exitOK || stdout != "" || !strings.Contains(stderr, "wrote 3 snapshots to "+path) {
		t.Fatalf("record: %d %q %q", code, stdout, stderr)
	}
	raw, err := os.ReadFile(path)
	must(t, err)
	if n := bytes.Count(raw, []byte("\n")); n != 3 || raw[len(raw)-1] != '\n' {
		t.Errorf("want 3 complete lines, got %d:\n%s", n, raw)
	}
	snaps := readCaptureT(t, path)
	if len(snaps) != 3 || len(snaps[0].Devices) != 2 || snaps[0].Processes[0].PID != 4242 {
		t.Fatalf("capture: %d snapshots, first %+v", len(snaps), snaps[0])
	}
	for i := 1; i < len(snaps); i++ {
		if !snaps[i].TakenAt.After(snaps[i-1].TakenAt) {
			t.Errorf("snapshot %d not after %d", i, i-1)
		}
	}

	// --json and --once on a capture print its last snapshot.
	code, stdout, stderr, _ = runWithSource(t, noGPU(), "--replay", path, "--json")
	if code != exitOK {
		t.Fatalf("replay --json: %d %s", code, stderr)
	}
	last, err := capture.ReadSnapshot(strings.NewReader(stdout))
	if err != nil || !last.TakenAt.Equal(snaps[2].TakenAt) {
		t.Errorf("replay --json printed %v (err %v), want the last snapshot %v", last.TakenAt, err, snaps[2].TakenAt)
	}
	code, stdout, _, _ = runWithSource(t, noGPU(), "--replay", path, "--once")
	if code != exitOK || !strings.Contains(stdout, "NVIDIA GeForce RTX 4090") {
		t.Errorf("replay --once: %d\n%s", code, stdout)
	}

	// The window gets a timeline over the whole capture, at its start.
	code, _, _, src := runWithSource(t, noGPU(), "--replay", path, "--gpu", "1")
	tl, ok := src.(*capture.Timeline)
	if code != exitOK || !ok || tl.Len() != 3 || tl.Position() != 0 || !tl.Playing() {
		t.Fatalf("window source = %T (code %d)", src, code)
	}
	if got := tl.Collect(t.Context()); !got.TakenAt.Equal(snaps[0].TakenAt) {
		t.Error("the --gpu check moved the timeline")
	}
}

func TestRecordToStdout(t *testing.T) {
	code, stdout, stderr, _ := runWithSource(t, noGPU(), "record", "--duration", "1", "-i", "0.5")
	if code != exitOK || stderr != "" || strings.Count(stdout, "\n") != 2 {
		t.Fatalf("record to stdout: %d %q\n%s", code, stderr, stdout)
	}
	snaps, err := capture.Read(strings.NewReader(stdout))
	if err != nil || len(snaps) != 2 || snaps[0].Sources[0].OK {
		t.Errorf("stdout capture: %v %d", err, len(snaps))
	}
}

func TestRecordErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--duration", "abc"}, exitUsage, `--duration "abc": want a duration such as 30s`},
		{[]string{"--duration", "-5s"}, exitUsage, "must be positive"},
		{[]string{"--duration", "0"}, exitUsage, "must be positive"},
		{[]string{"-i", "0"}, exitUsage, "--interval must be between"},
		{[]string{"out.jsonl"}, exitUsage, `unexpected argument "out.jsonl"`},
		{[]string{"--bogus"}, exitUsage, "unknown flag: --bogus"},
		{[]string{"--proc-root", "/no/such"}, exitUsage, "--proc-root /no/such is not a directory"},
		{[]string{"--llm-log", "x"}, exitUsage, "want PID=PATH"},
		{[]string{"-o", "/no/such/dir/cap.jsonl", "--duration", "1"}, exitRuntime, "gtm record: open /no/such/dir/cap.jsonl: no such file or directory"},
	} {
		code, stdout, stderr, _ := runWithSource(t, noGPU(), append([]string{"record"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%v: code %d, stderr %q", tc.args, code, stderr)
		}
		if tc.code == exitRuntime && strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: runtime error is not one line: %q", tc.args, stderr)
		}
	}

	var errb bytes.Buffer
	code := run([]string{"record", "--duration", "1"}, env{stdout: failingWriter{}, stderr: &errb,
		newCollector: func(string, map[int]string, platformOptions) (*collect.Collector, func()) { return noGPU(), func() {} }})
	if code != exitRuntime || errb.String() != "gtm record: writing standard output: disk full\n" {
		t.Errorf("write failure: %d %q", code, errb.String())
	}
}

func TestRecordHelp(t *testing.T) {
	code, stdout, _, _ := runWithSource(t, noGPU(), "record", "--help")
	for _, want := range []string{"gtm record [-o FILE] [--duration D] [-i N]", "-o, --output FILE", "--duration D", "-i, --interval N", "JSONL", "--replay", "Exit status"} {
		if code != exitOK || !strings.Contains(stdout, want) {
			t.Errorf("record --help lacks %q:\n%s", want, stdout)
		}
	}
	_, stdout, _, _ = runWithSource(t, noGPU(), "--help")
	if !strings.Contains(stdout, "gtm record") {
		t.Error("gtm --help does not mention record")
	}
}

// TestBinaryRecordStopsCleanlyOnSignal records with the real binary until
// SIGINT or SIGTERM and checks that every line, the last included, is a
// complete snapshot.
func TestBinaryRecordStopsCleanlyOnSignal(t *testing.T) {
	needBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		path := filepath.Join(t.TempDir(), "cap.jsonl")
		cmd := exec.Command(headlessBinary, "record", "-o", path, "-i", "0.02")
		var errb bytes.Buffer
		cmd.Stderr = &errb
		must(t, cmd.Start())
		deadline := time.Now().Add(20 * time.Second)
		for {
			b, _ := os.ReadFile(path)
			if bytes.Count(b, []byte("\n")) >= 3 {
				break
			}
			if time.Now().After(deadline) {
				_ = cmd.Process.Kill()
				t.Fatalf("%v: no 3 lines after 20 s: %s", sig, errb.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
		must(t, cmd.Process.Signal(sig))
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%v: %v %s", sig, err, errb.String())
		}
		raw, err := os.ReadFile(path)
		must(t, err)
		if raw[len(raw)-1] != '\n' {
			t.Errorf("%v: last line incomplete", sig)
		}
		snaps := readCaptureT(t, path)
		if !strings.Contains(errb.String(), "wrote ") || len(snaps) < 3 {
			t.Errorf("%v: %d snapshots, stderr %q", sig, len(snaps), errb.String())
		}
	}
}

func TestBinaryRecordFullDisk(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	code, stdout, stderr := runBinary(t, "record", "-o", "/dev/full", "--duration", "1")
	if code != exitRuntime || stdout != "" || stderr != "gtm record: writing /dev/full: write /dev/full: no space left on device\n" {
		t.Errorf("/dev/full: %d %q", code, stderr)
	}
}

// TestE2ERecordCPUAndRAM records a real busy child process that the
// stand-in driver lists on a GPU: its CPU load and resident RAM, and the
// machine's, are measured; CPU load is null on the first snapshot (one
// reading has nothing to compare with) and measured after.
func TestE2ERecordCPUAndRAM(t *testing.T) {
	busy := exec.Command("sh", "-c", "while :; do :; done")
	must(t, busy.Start())
	t.Cleanup(func() { _ = busy.Process.Kill(); _ = busy.Wait() })
	pid := busy.Process.Pid
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(fakenvml.Process{PID: pid, UsedMemory: 1 << 30})}})

	path := filepath.Join(t.TempDir(), "cap.jsonl")
	code, _, stderr := m.run("record", "-o", path, "--duration", "1.5", "-i", "0.5")
	if code != 0 {
		t.Fatalf("record: %d %s", code, stderr)
	}
	snaps := readCaptureT(t, path)
	if len(snaps) != 3 {
		t.Fatalf("%d snapshots, want 3", len(snaps))
	}
	for i, s := range snaps {
		row := findRow(s, pid, 0)
		if row == nil || s.System == nil {
			t.Fatalf("snapshot %d: no row for %d or no system block", i, pid)
		}
		if row.RSSBytes == nil || *row.RSSBytes == 0 || s.System.MemoryTotalBytes == nil || s.System.MemoryUsedBytes == nil {
			t.Errorf("snapshot %d: RSS %v, system %+v", i, row.RSSBytes, s.System)
		}
		if i == 0 {
			if row.CPUPercent != nil || s.System.CPUPercent != nil {
				t.Errorf("first snapshot has CPU %% (%v, %v); one reading cannot give it", row.CPUPercent, s.System.CPUPercent)
			}
			continue
		}
		// A shell spinning on a core: above zero however loaded the
		// machine is, at most one core's share.
		if row.CPUPercent == nil || s.System.CPUPercent == nil {
			t.Fatalf("snapshot %d: process CPU %v, system CPU %v", i, row.CPUPercent, s.System.CPUPercent)
		}
		if p := *row.CPUPercent; p <= 0 || p > 100/float64(runtime.NumCPU())+5 {
			t.Errorf("snapshot %d: busy child at %.1f %% of %d CPUs", i, p, runtime.NumCPU())
		}
	}
	// --json is one reading: CPU load unknown, never 0.
	snap := m.json()
	if row := findRow(snap, pid, 0); row == nil || row.CPUPercent != nil || snap.System == nil || snap.System.CPUPercent != nil || row.RSSBytes == nil {
		t.Errorf("--json: row %+v system %+v", row, snap.System)
	}
}
