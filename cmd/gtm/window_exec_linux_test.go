package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// standInWindow is a gtm-window that prints its PID, its arguments (one a
// line) and GTM_TEST_PROBE from its environment, and exits.
const standInWindow = "#!/bin/sh\necho \"stand-in pid=$$\"\nfor a in \"$@\"; do echo \"arg=$a\"; done\necho \"probe=$GTM_TEST_PROBE\"\n"

// installHeadless copies the headless binary to dir/rel and returns its path.
func installHeadless(t *testing.T, dir, rel string) string {
	t.Helper()
	needBinary(t)
	p := filepath.Join(dir, rel)
	must(t, os.MkdirAll(filepath.Dir(p), 0o755))
	copyExecutable(t, headlessBinary, p)
	return p
}

// copyExecutable copies the program src to dst (a copy, not a link: gtm
// looks for gtm-window beside the file it runs from).
func copyExecutable(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	must(t, err)
	must(t, os.WriteFile(dst, b, 0o755))
}

// writeFile writes content to dir/rel with mode.
func writeFile(t *testing.T, dir, rel, content string, mode os.FileMode) {
	t.Helper()
	p := filepath.Join(dir, rel)
	must(t, os.MkdirAll(filepath.Dir(p), 0o755))
	must(t, os.WriteFile(p, []byte(content), mode))
}

// runGtm runs bin with args (GTM_TEST_PROBE set) and returns its PID, exit
// code and output. A minute is far more than any of these takes; it only
// stops a gtm that would exec itself for ever.
func runGtm(t *testing.T, bin string, args ...string) (pid, code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "GTM_TEST_PROBE=kept across exec", "DISPLAY=", "WAYLAND_DISPLAY=")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	must(t, cmd.Start())
	err := cmd.Wait()
	if ctx.Err() != nil {
		t.Fatalf("%s %q did not finish in a minute (exec loop?)", bin, args)
	}
	code = cmd.ProcessState.ExitCode()
	if ee, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	} else if ok && ee.ExitCode() < 0 {
		t.Fatalf("%s %q: %v", bin, args, err)
	}
	return cmd.Process.Pid, code, out.String(), errb.String()
}

// TestHeadlessExecsWindow: a headless gtm asked for the window becomes the
// gtm-window beside it, or in ../libexec/gtm/ (the packages' layout):
// the same process (exec, not a child), the same arguments, the same
// environment.
func TestHeadlessExecsWindow(t *testing.T) {
	for _, layout := range []struct{ gtm, window string }{
		{"bin/gtm", "bin/gtm-window"},
		{"usr/bin/gtm", "usr/libexec/gtm/gtm-window"},
	} {
		dir := t.TempDir()
		gtm := installHeadless(t, dir, layout.gtm)
		writeFile(t, dir, layout.window, standInWindow, 0o755)
		for _, args := range [][]string{nil, {"--demo"}, {"--tray", "-i", "2.5"}, {"--replay", "a capture.jsonl", "--gpu", "1"}, {"-i", "0"}} {
			pid, code, stdout, stderr := runGtm(t, gtm, args...)
			want := "stand-in pid=" + strconv.Itoa(pid) + "\n"
			for _, a := range args {
				want += "arg=" + a + "\n"
			}
			want += "probe=kept across exec\n"
			if code != 0 || stdout != want || stderr != "" {
				t.Errorf("%s %q: exit %d, stdout %q (want %q), stderr %q", layout.gtm, args, code, stdout, want, stderr)
			}
		}
	}
}

// TestHeadlessAnswersItself: output that ends gtm, its help, its version,
// the subcommands and a usage error never start gtm-window, even with one
// beside it.
func TestHeadlessAnswersItself(t *testing.T) {
	dir := t.TempDir()
	gtm := installHeadless(t, dir, "gtm")
	writeFile(t, dir, "gtm-window", standInWindow, 0o755)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--json"}, 0, `"schema_version": 1`},
		{[]string{"--once", "--demo"}, 0, "Recorded demo"},
		{[]string{"--json", "--tray"}, 2, "--tray is for the desktop app"},
		{[]string{"--list-gpus"}, 0, ""},
		{[]string{"--help"}, 0, "Usage:"},
		{[]string{"--version"}, 0, "gtm "},
		{[]string{"inspect", "--help"}, 0, "gtm inspect"},
		{[]string{"--bogus"}, 2, "unknown flag: --bogus"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	} {
		_, code, stdout, stderr := runGtm(t, gtm, tc.args...)
		if code != tc.code || strings.Contains(stdout, "stand-in") || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", tc.args, code, stdout, stderr)
		}
	}
}

// TestHeadlessWithoutWindowSaysWhere: with no gtm-window, the headless gtm
// names both places it looked.
func TestHeadlessWithoutWindowSaysWhere(t *testing.T) {
	dir := t.TempDir()
	gtm := installHeadless(t, dir, "bin/gtm")
	_, code, stdout, stderr := runGtm(t, gtm, "--demo")
	for _, want := range []string{"built without the window", filepath.Join(dir, "bin", "gtm-window"), filepath.Join(dir, "libexec", "gtm", "gtm-window"), "gtm --once"} {
		if code != 1 || stdout != "" || !strings.Contains(stderr, want) {
			t.Errorf("exit %d, stderr %q: want %q", code, stderr, want)
		}
	}
	if strings.Count(stderr, "\n") != 1 {
		t.Errorf("want one line: %q", stderr)
	}
}

// TestHeadlessBrokenWindow: a gtm-window that cannot be run is an error
// naming it, not a silent fallback.
func TestHeadlessBrokenWindow(t *testing.T) {
	dir := t.TempDir()
	gtm := installHeadless(t, dir, "gtm")
	writeFile(t, dir, "gtm-window", standInWindow, 0o644)
	_, code, stdout, stderr := runGtm(t, gtm)
	want := "gtm: cannot start the window: " + filepath.Join(dir, "gtm-window") + ": permission denied\n"
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q (want %q)", code, stdout, stderr, want)
	}
}

// TestHeadlessAsWindowDoesNotLoop: a headless build installed as
// gtm-window would find itself; it answers like a headless gtm instead of
// exec'ing itself for ever.
func TestHeadlessAsWindowDoesNotLoop(t *testing.T) {
	dir := t.TempDir()
	gtm := installHeadless(t, dir, "gtm")
	installHeadless(t, dir, "gtm-window")
	_, code, _, stderr := runGtm(t, gtm)
	if code != 1 || !strings.Contains(stderr, "installed as gtm-window, where the window build belongs ("+filepath.Join(dir, "gtm-window")+")") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestHeadlessRefusesUntrustedWindow: gtm often runs as root and exec hands
// gtm-window that trust, so a gtm-window another user could have written
// (the file or its folder writable by others, or owned by someone who is
// neither root nor gtm's owner) is refused, naming why, and never run.
func TestHeadlessRefusesUntrustedWindow(t *testing.T) {
	type setup func(t *testing.T, window string)
	cases := map[string]struct {
		setup setup
		want  string
	}{
		"file writable by others": {func(t *testing.T, w string) { must(t, os.Chmod(w, 0o757)) }, "is writable by other users (mode 0757)"},
		"file writable by its group": {func(t *testing.T, w string) {
			must(t, os.Chmod(w, 0o775))
			must(t, os.Chown(w, -1, 65534))
		}, "is writable by other users (mode 0775)"},
		"folder writable by others": {func(t *testing.T, w string) { must(t, os.Chmod(filepath.Dir(w), os.ModeSticky|0o777)) }, "is writable by other users (mode 1777)"},
		"file of another user":      {func(t *testing.T, w string) { must(t, os.Chown(w, 65534, -1)) }, "belongs to uid 65534, neither root nor gtm's owner"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if os.Geteuid() != 0 && (strings.Contains(name, "another user") || strings.Contains(name, "group")) {
				t.Skip("chown needs root")
			}
			dir := t.TempDir()
			gtm := installHeadless(t, dir, "bin/gtm")
			window := filepath.Join(dir, "bin", "gtm-window")
			writeFile(t, dir, "bin/gtm-window", standInWindow, 0o755)
			tc.setup(t, window)
			_, code, stdout, stderr := runGtm(t, gtm, "--demo")
			if code != 1 || strings.Contains(stdout, "stand-in") || !strings.Contains(stderr, "cannot start the window: "+window+": ") || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, stdout, stderr, tc.want)
			}
		})
	}
	// The same file, root's or gtm's owner's and written by nobody else, runs.
	dir := t.TempDir()
	gtm := installHeadless(t, dir, "bin/gtm")
	writeFile(t, dir, "bin/gtm-window", standInWindow, 0o755)
	if _, code, stdout, _ := runGtm(t, gtm, "--demo"); code != 0 || !strings.Contains(stdout, "stand-in") {
		t.Errorf("a trusted gtm-window did not run: exit %d, stdout %q", code, stdout)
	}
}
