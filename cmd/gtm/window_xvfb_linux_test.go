//go:build !nogui

package main

// The real window under a virtual X server (Xvfb, software GL): it opens,
// takes keys through the X server (xdotool's XTEST), and quits cleanly on
// q, Ctrl+Q, SIGTERM and the window's close button, with and without a
// DBus session bus.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
)

var (
	guiBinaryOnce sync.Once
	guiBinaryPath string
	guiBinaryErr  error
)

// guiBinary builds the window build of gtm once per test run.
func guiBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the tests on a real display are left to make test")
	}
	guiBinaryOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gtm-gui-")
		if err != nil {
			guiBinaryErr = err
			return
		}
		guiBinaryPath = filepath.Join(dir, "gtm")
		// The same build as make's: go.mod gives every build the patched Fyne.
		out, err := exec.Command("go", "build", "-o", guiBinaryPath, ".").CombinedOutput()
		if err != nil {
			guiBinaryErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if guiBinaryErr != nil {
		t.Fatal(guiBinaryErr)
	}
	return guiBinaryPath
}

// xvfb starts a virtual X server for the test and returns its DISPLAY.
func xvfb(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the tests on a real display are left to make test")
	}
	for _, tool := range []string{"Xvfb", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (scripts/install-deps.sh installs it)", tool)
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1360x900x24", "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		if n == "" {
			t.Fatal("Xvfb did not start")
		}
		return ":" + n
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not start in 20 s")
	}
	return ""
}

// guiRun is gtm's window running under Xvfb.
type guiRun struct {
	t       *testing.T
	display string
	cmd     *exec.Cmd
	stderr  bytes.Buffer
	done    chan error
	window  string
}

// startGUI starts the window with env (DISPLAY added) and waits until its
// window is mapped.
func startGUI(t *testing.T, display string, env []string, wrap []string, args ...string) *guiRun {
	t.Helper()
	return startGUIBinary(t, guiBinary(t), display, env, wrap, args...)
}

// startGUIBinary is startGUI with the gtm binary bin.
func startGUIBinary(t *testing.T, bin, display string, env []string, wrap []string, args ...string) *guiRun {
	t.Helper()
	g := &guiRun{t: t, display: display, done: make(chan error, 1)}
	argv := append(append([]string{}, wrap...), bin)
	argv = append(argv, args...)
	g.cmd = exec.Command(argv[0], argv[1:]...)
	g.cmd.Env = append(env, "DISPLAY="+display, "XDG_RUNTIME_DIR="+privateTempDir(t), "LIBGL_ALWAYS_SOFTWARE=1", "WAYLAND_DISPLAY=")
	g.cmd.Stderr = &g.stderr
	if err := g.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { g.done <- g.cmd.Wait() }()
	t.Cleanup(func() {
		if g.cmd.ProcessState == nil {
			g.cmd.Process.Kill()
			<-g.done
		}
	})
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		out, err := g.xdotool("search", "--onlyvisible", "--name", "^gtm — GPU task manager")
		if err == nil && out != "" {
			g.window = strings.Fields(out)[0]
			// Let the first snapshot arrive and draw.
			time.Sleep(1500 * time.Millisecond)
			return g
		}
		select {
		case err := <-g.done:
			t.Fatalf("gtm exited before showing its window: %v\n%s", err, g.stderr.String())
		case <-time.After(300 * time.Millisecond):
		}
	}
	t.Fatalf("no gtm window after 60 s\n%s", g.stderr.String())
	return nil
}

func (g *guiRun) xdotool(args ...string) (string, error) {
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+g.display)
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// key types keys into the window through the X server.
func (g *guiRun) key(keys ...string) {
	g.t.Helper()
	if _, err := g.xdotool("windowfocus", "--sync", g.window); err != nil {
		g.t.Fatalf("xdotool windowfocus: %v", err)
	}
	if _, err := g.xdotool(append([]string{"key", "--delay", "50"}, keys...)...); err != nil {
		g.t.Fatalf("xdotool key: %v", err)
	}
}

// gtmPID is gtm's PID: the command's, or its child's when it runs under
// a wrapper (dbus-run-session).
func (g *guiRun) gtmPID() int {
	pid := g.cmd.Process.Pid
	for range 3 {
		if exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid)); exe == guiBinaryPath {
			return pid
		}
		kids, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", pid, pid))
		f := strings.Fields(string(kids))
		if len(f) == 0 {
			break
		}
		fmt.Sscan(f[len(f)-1], &pid)
	}
	g.t.Fatalf("gtm's process not found under %d", g.cmd.Process.Pid)
	return 0
}

func (g *guiRun) title() string {
	out, _ := g.xdotool("getwindowname", g.window)
	return out
}

// waitExit wants gtm to exit with status 0 within 15 s.
func (g *guiRun) waitExit(why string) {
	g.t.Helper()
	select {
	case err := <-g.done:
		if err != nil {
			g.t.Errorf("%s: gtm exited with %v\n%s", why, err, g.stderr.String())
		}
		if s := g.stderr.String(); strings.Contains(s, "panic") || strings.Contains(s, "goroutine ") {
			g.t.Errorf("%s: gtm's stderr:\n%s", why, s)
		}
	case <-time.After(15 * time.Second):
		g.t.Errorf("%s: gtm still running after 15 s", why)
	}
}

// noDBus is the environment without a session bus.
func noDBus() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DBUS_SESSION_BUS_ADDRESS=") && !strings.HasPrefix(kv, "DISPLAY=") {
			env = append(env, kv)
		}
	}
	return env
}

// withDBus wraps the command in its own session bus when the machine has
// dbus-run-session.
func withDBus(t *testing.T) []string {
	if _, err := exec.LookPath("dbus-run-session"); err != nil {
		t.Skip("dbus-run-session is not installed")
	}
	return []string{"dbus-run-session", "--"}
}

func replayFile(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs("../../assets/demo/capture.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWindowXvfbQuitKeys(t *testing.T) {
	display := xvfb(t)
	for _, c := range []struct {
		name string
		keys []string
		bus  bool
	}{
		{"q without DBus", []string{"q"}, false},
		{"Ctrl+Q without DBus", []string{"ctrl+q"}, false},
		{"q with DBus", []string{"q"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var wrap []string
			if c.bus {
				wrap = withDBus(t)
			}
			g := startGUI(t, display, noDBus(), wrap, "--replay", replayFile(t))
			g.key(c.keys...)
			g.waitExit(c.name)
		})
	}
}

// TestWindowXvfbThroughHeadless: the window as a user starts it, through
// the headless gtm, which becomes the real gtm-window beside it: the window
// opens in the process started (exec, not a child), and q quits it with
// status 0.
func TestWindowXvfbThroughHeadless(t *testing.T) {
	display := xvfb(t)
	dir := t.TempDir()
	gtm, window := filepath.Join(dir, "gtm"), filepath.Join(dir, "gtm-window")
	copyExecutable(t, guiBinary(t), window)
	needBinary(t)
	copyExecutable(t, headlessBinary, gtm)
	g := startGUIBinary(t, gtm, display, noDBus(), nil, "--replay", replayFile(t))
	if exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", g.cmd.Process.Pid)); exe != window {
		t.Errorf("the window runs in %q, want %s in the process gtm started", exe, window)
	}
	g.key("q")
	g.waitExit("q through the headless gtm")
}

// TestWindowXvfbClose closes the window as a window manager's close button
// does (WM_DELETE_WINDOW): without a tray (no DBus session bus) that quits.
func TestWindowXvfbClose(t *testing.T) {
	display := xvfb(t)
	tool := filepath.Join(t.TempDir(), "wmdelete")
	if out, err := exec.Command("gcc", "-o", tool, "testdata/wmdelete.c", "-lX11").CombinedOutput(); err != nil {
		t.Skipf("cannot build the close helper (gcc and libx11-dev): %v\n%s", err, out)
	}
	g := startGUI(t, display, noDBus(), nil, "--replay", replayFile(t))
	cmd := exec.Command(tool, g.window)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wmdelete: %v\n%s", err, out)
	}
	g.waitExit("window closed")
}

func TestWindowXvfbSIGTERM(t *testing.T) {
	display := xvfb(t)
	for _, bus := range []bool{false, true} {
		t.Run(fmt.Sprintf("dbus=%v", bus), func(t *testing.T) {
			var wrap []string
			if bus {
				wrap = withDBus(t)
			}
			g := startGUI(t, display, noDBus(), wrap, "--replay", replayFile(t))
			// Signal gtm itself (under dbus-run-session it is a child).
			if err := syscall.Kill(g.gtmPID(), syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			g.waitExit("SIGTERM")
		})
	}
}

// TestWindowXvfbLiveFakeDriver runs the window live on the stand-in NVIDIA
// driver, with real child processes holding "VRAM": it collects (a
// screenshot shows it drew), pauses and resumes with p (the title says so)
// and quits with q.
func TestWindowXvfbLiveFakeDriver(t *testing.T) {
	display := xvfb(t)
	a, _ := startChild(t)
	b, _ := startChild(t)
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: a, UsedMemory: 20 << 30, Sample: &fakenvml.Sample{SM: 90}},
		fakenvml.Process{PID: b, UsedMemory: 6 << 30, Lists: []string{"graphics"}},
	)}})
	env := fakenvml.Env(m.libDir, m.path)
	var clean []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "DBUS_SESSION_BUS_ADDRESS=") {
			clean = append(clean, kv)
		}
	}
	g := startGUI(t, display, clean, nil)
	if _, err := exec.LookPath("import"); err == nil {
		png := filepath.Join(t.TempDir(), "live.png")
		cmd := exec.Command("import", "-window", "root", png)
		cmd.Env = append(os.Environ(), "DISPLAY="+display)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("screenshot: %v\n%s", err, out)
		} else if fi, err := os.Stat(png); err != nil || fi.Size() < 20_000 {
			t.Errorf("screenshot of the live window is nearly empty (%v)", fi)
		}
	}
	g.key("p")
	time.Sleep(500 * time.Millisecond)
	if title := g.title(); !strings.Contains(title, "(paused)") {
		t.Errorf("after p the title is %q", title)
	}
	g.key("p")
	time.Sleep(500 * time.Millisecond)
	if title := g.title(); strings.Contains(title, "paused") {
		t.Errorf("after p again the title is %q", title)
	}
	g.key("q")
	g.waitExit("live q")
}

// TestWindowXvfbPartialRepaint checks the patched Fyne's partial repaint
// (third_party/fyne/patches/0006-repaint.patch) on the real window: with
// FYNE_REPAINT_CHECK=1 every frame painted in parts is painted whole as
// well and any pixel that differs is reported. The replay plays while
// keys and the mouse move the selection, sort, switch the charts, open the
// help and the chart menu, hover, and the window is resized.
func TestWindowXvfbPartialRepaint(t *testing.T) {
	display := xvfb(t)
	g := startGUI(t, display, append(noDBus(), "FYNE_REPAINT_CHECK=1"), nil, "--replay", replayFile(t), "-i", "0.5")
	time.Sleep(3 * time.Second)
	for _, k := range []string{"Down", "Down", "s", "c", "Up", "question", "Escape", "c", "a"} {
		g.key(k)
		time.Sleep(700 * time.Millisecond)
	}
	for _, step := range [][]string{
		{"mousemove", "--window", g.window, "120", "560"}, {"click", "1"}, // a table row
		{"mousemove", "--window", g.window, "300", "280"},                 // over a chart
		{"mousemove", "--window", g.window, "1030", "248"},                // over a button
		{"mousemove", "--window", g.window, "875", "207"}, {"click", "1"}, // the chart menu
		{"key", "Escape"},
		{"windowsize", g.window, "1100", "760"},
		{"mousemove", "--window", g.window, "120", "600"}, {"click", "1"},
	} {
		if _, err := g.xdotool(step...); err != nil {
			t.Fatalf("xdotool %v: %v", step, err)
		}
		time.Sleep(700 * time.Millisecond)
	}
	time.Sleep(2 * time.Second)
	g.key("q")
	g.waitExit("q")
	var same, differ int
	for _, line := range strings.Split(g.stderr.String(), "\n") {
		switch {
		case strings.HasPrefix(line, "fyne repaint check: same pixels"):
			same++
		case strings.HasPrefix(line, "fyne repaint check:"):
			differ++
			t.Error(line)
		}
	}
	if same < 10 {
		t.Errorf("%d frames were painted in parts and checked, want at least 10 (does the GL keep the back buffer?)\n%s", same, g.stderr.String())
	}
	t.Logf("%d frames painted in parts matched a whole paint; %d did not", same, differ)
}

// privateTempDir is a t.TempDir() made 0700, as a login's XDG_RUNTIME_DIR
// is: gtm refuses a runtime directory others may enter and falls back to
// one shared by every gtm of this user, where another test's window would
// answer the instance socket.
func privateTempDir(t *testing.T) string {
	t.Helper()
	d := t.TempDir()
	if err := os.Chmod(d, 0o700); err != nil {
		t.Fatal(err)
	}
	return d
}
