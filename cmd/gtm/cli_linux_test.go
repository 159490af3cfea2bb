package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/internal/schema"
	"os"
	"strings"
	"testing"
)

// runIn runs gtm in-process over a given collector.
func runIn(t *testing.T, c *collect.Collector, args ...string) (code int, stdout, stderr string, gui *guiOptions) {
	t.Helper()
	var out, errb bytes.Buffer
	e := env{
		stdout:       &out,
		stderr:       &errb,
		newCollector: func(string, map[int]string, platformOptions) (*collect.Collector, func()) { return c, func() {} },
		runGUI: func(_ context.Context, _ collect.Provider, o guiOptions) error {
			gui = &o
			return nil
		},
	}
	code = run(args, e)
	return code, out.String(), errb.String(), gui
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--bogus"}, "unknown flag: --bogus"},
		{[]string{"-i", "0"}, "--interval must be between"},
		{[]string{"-i", "-2"}, "--interval must be between"},
		{[]string{"-i", "abc"}, "invalid argument"},
		{[]string{"--gpu", "x"}, "invalid argument"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"--proc-root", "/no/such/dir", "--once"}, "--proc-root /no/such/dir is not a directory"},
		{[]string{"--llm-log", "abc", "--once"}, `--llm-log "abc": want PID=PATH`},
		{[]string{"--llm-log", "12=", "--once"}, "want PID=PATH"},
	} {
		code, stdout, stderr, _ := runIn(t, noGPU(), tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%v: code %d, stderr %q", tc.args, code, stderr)
		}
		if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
			t.Errorf("%v: stack trace on stderr", tc.args)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}} {
		code, stdout, _, _ := runIn(t, noGPU(), args...)
		if code != exitOK {
			t.Errorf("%v exit %d", args, code)
		}
		for _, want := range []string{"--once", "--json", "--interval", "--list-gpus", "--gpu N", "--version", "n/a (null in JSON), never as 0", "Exit status"} {
			if !strings.Contains(stdout, want) {
				t.Errorf("help lacks %q:\n%s", want, stdout)
			}
		}
		if strings.Contains(stdout, "[=true|false]") {
			t.Error("help shows pflag's [=true|false] noise")
		}
	}
	code, stdout, _, _ := runIn(t, noGPU(), "--version")
	if code != exitOK || stdout != "gtm "+version+"\n" {
		t.Errorf("version: %d %q", code, stdout)
	}
}

func TestNoDriver(t *testing.T) {
	code, stdout, stderr, _ := runIn(t, noGPU(), "--once")
	if code != exitOK || strings.Count(stdout, "\n") != 1 || !strings.Contains(stdout, "NVIDIA driver not found") || stderr != "" {
		t.Errorf("--once without driver: %d %q %q", code, stdout, stderr)
	}
	code, stdout, _, _ = runIn(t, noGPU(), "--json")
	var snap schema.Snapshot
	if code != exitOK || json.Unmarshal([]byte(stdout), &snap) != nil {
		t.Fatalf("--json: %d %q", code, stdout)
	}
	if snap.SchemaVersion != 1 || len(snap.Devices) != 0 || snap.Sources[0].OK || !strings.Contains(*snap.Sources[0].Error, "libnvidia-ml.so.1") {
		t.Errorf("--json without driver = %+v", snap)
	}
	code, _, stderr, _ = runIn(t, noGPU(), "--gpu", "7", "--once")
	if code != exitUsage || !strings.Contains(stderr, "--gpu 7 is out of range: there are no GPUs") {
		t.Errorf("--gpu 7 without GPUs: %d %q", code, stderr)
	}
}

func TestWithGPUs(t *testing.T) {
	code, stdout, _, _ := runIn(t, twoGPUCollector(t), "--once")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"GPU 0  NVIDIA GeForce RTX 4090", "GPU 1  NVIDIA A100", "Temp n/a", "llama-server -m models/qwen3-0.6b-q8_0.gguf -c 8192"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("--once lacks %q:\n%s", want, stdout)
		}
	}

	code, _, stderr, _ := runIn(t, twoGPUCollector(t), "--gpu", "7", "--json")
	if code != exitUsage || !strings.Contains(stderr, "--gpu 7 is out of range: valid GPUs are 0 to 1 (see gtm --list-gpus)") {
		t.Errorf("--gpu 7: %d %q", code, stderr)
	}
	code, _, stderr, _ = runIn(t, twoGPUCollector(t), "--gpu=-1")
	if code != exitUsage || !strings.Contains(stderr, "out of range") {
		t.Errorf("--gpu -1 must be refused before opening the window: %d %q", code, stderr)
	}

	code, stdout, _, _ = runIn(t, twoGPUCollector(t), "--gpu", "1", "--json")
	var snap schema.Snapshot
	if code != exitOK || json.Unmarshal([]byte(stdout), &snap) != nil {
		t.Fatalf("--gpu 1 --json: %d", code)
	}
	if len(snap.Devices) != 1 || snap.Devices[0].Index != 1 || len(snap.Processes) != 0 {
		t.Errorf("--gpu 1 kept other devices: %+v", snap.Devices)
	}

	code, stdout, _, _ = runIn(t, twoGPUCollector(t), "--list-gpus")
	if code != exitOK || strings.Count(stdout, "\n") != 2 || !strings.Contains(stdout, "0  NVIDIA  NVIDIA GeForce RTX 4090  PCI 00000000:01:00.0  GPU-aaaa  24.00 GiB") {
		t.Errorf("--list-gpus: %q", stdout)
	}
}

func TestJSONJoinsProcDetails(t *testing.T) {
	code, stdout, _, _ := runIn(t, twoGPUCollector(t), "--json")
	var snap schema.Snapshot
	if code != exitOK || json.Unmarshal([]byte(stdout), &snap) != nil {
		t.Fatalf("exit %d", code)
	}
	found := false
	for _, p := range snap.Processes {
		if p.PID == 4242 {
			found = true
			if *p.Name != "llama-server" || *p.Cwd != "/srv/llm" || *p.VRAMBytes != 6<<30 || p.StartTime == nil {
				t.Errorf("4242 = %+v", p)
			}
		}
	}
	if !found {
		t.Error("NVML process 4242 missing")
	}
}

func TestGUIModeAndErrors(t *testing.T) {
	code, _, _, gui := runIn(t, twoGPUCollector(t), "-i", "2.5", "--gpu", "1")
	if code != exitOK || gui == nil || gui.Interval.Seconds() != 2.5 || *gui.GPU != 1 {
		t.Errorf("gui opts = %+v, code %d", gui, code)
	}
	var out, errb bytes.Buffer
	code = run(nil, env{stdout: &out, stderr: &errb,
		newCollector: func(string, map[int]string, platformOptions) (*collect.Collector, func()) { return noGPU(), func() {} },
		runGUI:       func(context.Context, collect.Provider, guiOptions) error { return errors.New("no display found") }})
	if code != exitRuntime || !strings.Contains(errb.String(), "gtm: no display found") {
		t.Errorf("GUI failure: %d %q", code, errb.String())
	}
}

func TestWriteErrorIsRuntimeError(t *testing.T) {
	var errb bytes.Buffer
	code := run([]string{"--json"}, env{stdout: failingWriter{}, stderr: &errb,
		newCollector: func(string, map[int]string, platformOptions) (*collect.Collector, func()) { return noGPU(), func() {} }})
	if code != exitRuntime || !strings.Contains(errb.String(), "writing output") {
		t.Errorf("write failure: %d %q", code, errb.String())
	}
}

func TestReplay(t *testing.T) {
	golden := "../../app/snapshot/testdata/snapshot.golden.json"
	code, stdout, _, _ := runIn(t, noGPU(), "--replay", golden, "--gpu", "1", "--once")
	if code != exitOK || !strings.Contains(stdout, "GPU 1  NVIDIA A100-SXM4-80GB") || strings.Contains(stdout, "GPU 0 ") {
		t.Errorf("replay --gpu 1: %d\n%s", code, stdout)
	}
	code, _, stderr, _ := runIn(t, noGPU(), "--replay", "no-such-file.json")
	if code != exitRuntime || !strings.Contains(stderr, "--replay no-such-file.json: open no-such-file.json: no such file") {
		t.Errorf("missing replay file: %d %q", code, stderr)
	}
	bad := t.TempDir() + "/bad.json"
	must(t, os.WriteFile(bad, []byte(`{"schema_version": 99}`), 0o644))
	code, _, stderr, _ = runIn(t, noGPU(), "--replay", bad, "--json")
	if code != exitRuntime || !strings.Contains(stderr, "schema_version 99 is not supported") {
		t.Errorf("wrong schema: %d %q", code, stderr)
	}
	must(t, os.WriteFile(bad, []byte("garbage"), 0o644))
	code, _, stderr, _ = runIn(t, noGPU(), "--replay", bad)
	if code != exitRuntime || !strings.Contains(stderr, "not a gtm snapshot") {
		t.Errorf("garbage: %d %q", code, stderr)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestParseLLMLogs(t *testing.T) {
	got, err := parseLLMLogs([]string{"4242=/var/log/llama.log", "7=rel/path=with=equals.log"})
	if err != nil || got[4242] != "/var/log/llama.log" || got[7] != "rel/path=with=equals.log" {
		t.Errorf("parseLLMLogs = %v, %v", got, err)
	}
	for _, bad := range []string{"", "=x", "0=x", "-3=x", "x=y"} {
		if _, err := parseLLMLogs([]string{bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
