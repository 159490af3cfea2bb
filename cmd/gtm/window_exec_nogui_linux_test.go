//go:build nogui

package main

import "testing"

// TestWantsWindowIsRun: wantsWindow, which decides what a headless gtm
// hands to gtm-window, agrees with run: a command line run opens the
// window for is one wantsWindow hands off, and one wantsWindow keeps is
// never one run opens the window for. A command line handed off that run
// does not open the window for is a usage error the window build reports.
func TestWantsWindowIsRun(t *testing.T) {
	const capture = "../../assets/demo/capture.jsonl"
	for _, args := range [][]string{
		nil, {"--demo"}, {"--tray"}, {"-i", "2"}, {"--replay", capture}, {"--alert-vram", "90"}, {"--gpu", "0"},
		{"--once"}, {"--json"}, {"--list-gpus"}, {"--help"}, {"-h"}, {"--version"}, {"--json", "--demo"},
		{"--once", "--replay", capture}, {"-i", "0"}, {"--alert-vram", "101"}, {"--demo", "--replay", capture},
		{"--bogus"}, {"frobnicate"}, {"model"}, {"record", "--help"}, {"serve", "--bogus"}, {"--", "x"},
	} {
		wants := wantsWindow(args)
		code, _, _, gui := runIn(t, noGPU(), args...)
		switch {
		case gui != nil && !wants:
			t.Errorf("%q: run opens the window, wantsWindow keeps it", args)
		case gui == nil && wants && code != exitUsage:
			t.Errorf("%q: wantsWindow hands it off, run exits %d without a window", args, code)
		}
	}
}
