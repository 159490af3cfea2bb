package main

import (
	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/report"
	"strings"
	"testing"
)

func TestDesktopFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--tray", "--once"}, "--tray is for the desktop app"},
		{[]string{"--tray", "--json"}, "--tray is for the desktop app"},
		{[]string{"--alert-vram", "0.0001", "--json"}, "--alert-vram is for the desktop app"},
		{[]string{"--alert-vram", "150"}, "--alert-vram wants a percentage"},
		{[]string{"--alert-vram", "-5"}, "--alert-vram wants a percentage"},
	} {
		code, _, stderr, gui := runIn(t, noGPU(), tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || gui != nil {
			t.Errorf("%v: code %d, stderr %q", tc.args, code, stderr)
		}
	}
	code, _, stderr, gui := runIn(t, noGPU(), "--tray", "--alert-vram", "85")
	if code != exitOK || gui == nil || !gui.Tray || gui.AlertVRAM != 85 || !gui.Live {
		t.Fatalf("code %d %q, gui %+v", code, stderr, gui)
	}
}

func TestDemoOnlyWhenAsked(t *testing.T) {
	// Without --demo a machine with no GPU says so; it never shows the demo.
	code, stdout, _, _ := runIn(t, noGPU(), "--json")
	if code != exitOK || strings.Contains(stdout, `"demo"`) || strings.Contains(stdout, "RTX 4090") {
		t.Fatalf("--json without --demo: code %d\n%s", code, stdout)
	}
	code, stdout, _, _ = runIn(t, noGPU(), "--once")
	if code != exitOK || strings.Contains(stdout, "RTX 4090") || strings.Contains(stdout, report.DemoBanner) {
		t.Fatalf("--once without --demo: code %d\n%s", code, stdout)
	}
	code, stdout, _, _ = runIn(t, noGPU(), "--demo", "--once")
	if code != exitOK || !strings.HasPrefix(stdout, report.DemoBanner+"\n") || !strings.Contains(stdout, "RTX 4090") {
		t.Fatalf("--demo --once is not labelled: code %d\n%s", code, stdout)
	}
	// With it, the JSON says so.
	code, stdout, stderr, _ := runIn(t, noGPU(), "--demo", "--json")
	if code != exitOK {
		t.Fatalf("--demo --json: %d %s", code, stderr)
	}
	snap, err := capture.ReadSnapshot(strings.NewReader(stdout))
	if err != nil || !snap.Demo || len(snap.Devices) == 0 || !strings.Contains(stdout, "\n  \"demo\": true") {
		t.Fatalf("--demo --json: %v demo=%v devices=%d", err, snap != nil && snap.Demo, len(snap.Devices))
	}
	code, _, stderr, _ = runIn(t, noGPU(), "--demo", "--replay", "x.json")
	if code != exitUsage || !strings.Contains(stderr, "--demo and --replay") {
		t.Errorf("--demo --replay: %d %q", code, stderr)
	}
	// The window gets the demo timeline, labelled, with a way back.
	code, _, _, gui := runIn(t, noGPU(), "--demo")
	if code != exitOK || gui == nil || !gui.StartDemo || gui.Live || gui.NewLive == nil || gui.Demo == nil {
		t.Errorf("--demo window options %+v", gui)
	}
	code, _, _, gui = runIn(t, noGPU())
	if code != exitOK || gui == nil || gui.StartDemo || !gui.Live || gui.Demo == nil {
		t.Errorf("plain window options %+v", gui)
	}
}
