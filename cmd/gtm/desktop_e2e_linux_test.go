//go:build !nogui

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/gputaskman/gtm/ui/desktop"
	"github.com/gputaskman/gtm/ui/tray"
)

// End-to-end tests of the desktop binary: a virtual X display (Xvfb), a
// private session bus (dbus-daemon) and, on it, a stand-in tray host that
// records what gtm's StatusNotifierItem registers, so the item's tooltip,
// icon and menu are read over DBus the way a desktop reads them.

// startXvfb starts a virtual display and returns its DISPLAY value.
func startXvfb(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the tests on a real display are left to make test")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// -noreset: without it the server resets when its last client leaves
	// (a test that kills gtm), and a gtm started during the reset finds no
	// display ("PlatformUnavailable"), which a loaded machine made likely.
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := readLineTimeout(r, 20*time.Second)
	r.Close()
	if err != nil {
		t.Fatalf("Xvfb did not start: %v", err)
	}
	return ":" + strings.TrimSpace(line)
}

// startBus starts a private session bus and returns its address.
func startBus(t *testing.T) string {
	t.Helper()
	cmd := exec.Command("dbus-daemon", "--config-file=/usr/share/dbus-1/session.conf", "--print-address=1", "--nofork", "--nopidfile")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := readLineTimeout(out, 20*time.Second)
	if err != nil {
		t.Fatalf("dbus-daemon did not start: %v", err)
	}
	return strings.TrimSpace(line)
}

func readLineTimeout(r interface{ Read([]byte) (int, error) }, d time.Duration) (string, error) {
	ch := make(chan string, 1)
	errc := make(chan error, 1)
	go func() {
		line, err := bufio.NewReader(r).ReadString('\n')
		if err != nil {
			errc <- err
			return
		}
		ch <- line
	}()
	select {
	case l := <-ch:
		return l, nil
	case err := <-errc:
		return "", err
	case <-time.After(d):
		return "", fmt.Errorf("nothing after %v", d)
	}
}

// watcher stands in for a tray host: it owns org.kde.StatusNotifierWatcher
// and records the items that register, and owns
// org.freedesktop.Notifications to record desktop notifications.
type watcher struct {
	conn  *dbus.Conn
	items chan string // bus name of each item that registered

	mu            sync.Mutex
	notifications []string // "summary\nbody"
	newIcons      int
	newToolTips   int
}

func (w *watcher) RegisterStatusNotifierItem(sender dbus.Sender, service string) *dbus.Error {
	w.items <- string(sender)
	return nil
}

func (w *watcher) RegisterStatusNotifierHost(string) *dbus.Error { return nil }

// Notify implements org.freedesktop.Notifications.Notify.
func (w *watcher) Notify(appName string, replaces uint32, icon, summary, body string, actions []string,
	hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.notifications = append(w.notifications, summary+"\n"+body)
	return uint32(len(w.notifications)), nil
}

func newWatcher(t *testing.T, addr string) *watcher {
	t.Helper()
	conn, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	w := &watcher{conn: conn, items: make(chan string, 4)}
	if err := conn.Export(w, "/StatusNotifierWatcher", "org.kde.StatusNotifierWatcher"); err != nil {
		t.Fatal(err)
	}
	if err := conn.Export(w, "/org/freedesktop/Notifications", "org.freedesktop.Notifications"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"org.kde.StatusNotifierWatcher", "org.freedesktop.Notifications"} {
		if r, err := conn.RequestName(name, dbus.NameFlagDoNotQueue); err != nil || r != dbus.RequestNameReplyPrimaryOwner {
			t.Fatalf("own %s: %v %v", name, r, err)
		}
	}
	if err := conn.AddMatchSignal(dbus.WithMatchInterface("org.kde.StatusNotifierItem")); err != nil {
		t.Fatal(err)
	}
	sig := make(chan *dbus.Signal, 64)
	conn.Signal(sig)
	go func() {
		for s := range sig {
			w.mu.Lock()
			switch s.Name {
			case "org.kde.StatusNotifierItem.NewIcon":
				w.newIcons++
			case "org.kde.StatusNotifierItem.NewToolTip":
				w.newToolTips++
			}
			w.mu.Unlock()
		}
	}()
	return w
}

// signals counts NewIcon and NewToolTip signals.
func (w *watcher) signals() (icons, tooltips int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.newIcons, w.newToolTips
}

func (w *watcher) notes() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.notifications...)
}

// waitItem waits for gtm's item to register.
func (w *watcher) waitItem(t *testing.T, gtm *gtmProc) string {
	t.Helper()
	select {
	case name := <-w.items:
		return name
	case <-time.After(60 * time.Second):
		t.Fatalf("no StatusNotifierItem registered; gtm stderr:\n%s", gtm.stderr())
	}
	return ""
}

func (w *watcher) tooltip(t *testing.T, item string) string {
	t.Helper()
	v, err := w.conn.Object(item, "/StatusNotifierItem").GetProperty("org.kde.StatusNotifierItem.ToolTip")
	if err != nil {
		t.Fatalf("ToolTip: %v", err)
	}
	var tt struct {
		Name  string
		Icons []struct {
			W, H int32
			Pix  []byte
		}
		Title, Text string
	}
	if err := dbus.Store([]any{v.Value()}, &tt); err != nil {
		t.Fatalf("ToolTip %v: %v", v, err)
	}
	return tt.Title
}

func (w *watcher) title(t *testing.T, item string) string {
	t.Helper()
	v, err := w.conn.Object(item, "/StatusNotifierItem").GetProperty("org.kde.StatusNotifierItem.Title")
	if err != nil {
		t.Fatalf("Title: %v", err)
	}
	s, _ := v.Value().(string)
	return s
}

// menuEntry is one item of the dbusmenu layout.
type menuEntry struct {
	ID      int32
	Label   string
	Visible bool
	Enabled bool
}

func (w *watcher) menu(t *testing.T, item string) []menuEntry {
	t.Helper()
	var rev uint32
	var layout struct {
		ID       int32
		Props    map[string]dbus.Variant
		Children []dbus.Variant
	}
	err := w.conn.Object(item, "/StatusNotifierItem/menu").Call("com.canonical.dbusmenu.GetLayout", 0,
		int32(0), int32(-1), []string{}).Store(&rev, &layout)
	if err != nil {
		t.Fatalf("GetLayout: %v", err)
	}
	var out []menuEntry
	for _, c := range layout.Children {
		var child struct {
			ID       int32
			Props    map[string]dbus.Variant
			Children []dbus.Variant
		}
		if err := dbus.Store([]any{c.Value()}, &child); err != nil {
			t.Fatalf("menu child %v: %v", c, err)
		}
		if child.Props["type"].Value() == "separator" {
			continue
		}
		e := menuEntry{ID: child.ID, Visible: true, Enabled: true}
		e.Label, _ = child.Props["label"].Value().(string)
		if v, ok := child.Props["visible"]; ok {
			e.Visible, _ = v.Value().(bool)
		}
		if v, ok := child.Props["enabled"]; ok {
			e.Enabled, _ = v.Value().(bool)
		}
		out = append(out, e)
	}
	return out
}

func visibleLabels(m []menuEntry) []string {
	var out []string
	for _, e := range m {
		if e.Visible {
			out = append(out, e.Label)
		}
	}
	return out
}

func (w *watcher) click(t *testing.T, item string, id int32) {
	t.Helper()
	if err := w.event(item, id); err != nil {
		t.Fatalf("Event clicked %d: %v", id, err)
	}
}

// clickQuit clicks a menu item that ends gtm: gtm may be gone before the
// bus delivers its reply to the click, which a tray host ignores anyway;
// whether it quit cleanly is the exit status's to say.
func (w *watcher) clickQuit(t *testing.T, item string, id int32) {
	t.Helper()
	if err := w.event(item, id); err != nil && !strings.Contains(err.Error(), "disconnected from message bus without replying") {
		t.Fatalf("Event clicked %d: %v", id, err)
	}
}

func (w *watcher) event(item string, id int32) error {
	return w.conn.Object(item, "/StatusNotifierItem/menu").Call("com.canonical.dbusmenu.Event", 0,
		id, "clicked", dbus.MakeVariant(""), uint32(time.Now().Unix())).Err
}

// gtmProc is a running desktop gtm.
type gtmProc struct {
	cmd    *exec.Cmd
	errBuf *syncBuffer
	done   chan struct{}
	err    error
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (g *gtmProc) stderr() string { return g.errBuf.String() }

// wait waits for gtm to exit and returns its exit code (-1: still running).
func (g *gtmProc) wait(d time.Duration) int {
	select {
	case <-g.done:
		if ee, ok := g.err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		if g.err != nil {
			return -2
		}
		return 0
	case <-time.After(d):
		return -1
	}
}

// desktopEnv is a session: a display, maybe a bus, private directories.
// A bare one is a new account reached without a login session (ssh,
// a container, xvfb-run): no XDG_RUNTIME_DIR, an empty HOME.
type desktopEnv struct {
	display, bus string
	runtime, cfg string
	bare         bool
}

func newDesktopEnv(t *testing.T, withBus bool) desktopEnv {
	t.Helper()
	for _, tool := range []string{"Xvfb", "dbus-daemon", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (scripts/install-deps.sh installs it)", tool)
		}
	}
	e := desktopEnv{display: startXvfb(t), runtime: privateTempDir(t), cfg: t.TempDir()}
	if err := os.MkdirAll(filepath.Join(e.cfg, "cache"), 0o700); err != nil {
		t.Fatal(err)
	}
	if withBus {
		e.bus = startBus(t)
	}
	return e
}

func (e desktopEnv) environ() []string {
	var env []string
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "HOME",
			"TMPDIR", "FYNE_PLATFORM", "FYNE_THEME", "XDG_SESSION_TYPE":
			continue
		}
		env = append(env, kv)
	}
	switch {
	case e.bare: // gtm's one-window socket then goes under TMPDIR: a private one
		env = append(env, "DISPLAY="+e.display, "HOME="+e.cfg, "TMPDIR="+e.runtime, "LIBGL_ALWAYS_SOFTWARE=1")
	default:
		env = append(env, "DISPLAY="+e.display, "XDG_RUNTIME_DIR="+e.runtime, "XDG_CONFIG_HOME="+e.cfg,
			"XDG_CACHE_HOME="+filepath.Join(e.cfg, "cache"), "HOME="+e.cfg, "LIBGL_ALWAYS_SOFTWARE=1")
	}
	if e.bus != "" {
		env = append(env, "DBUS_SESSION_BUS_ADDRESS="+e.bus)
	}
	return env
}

func (e desktopEnv) start(t *testing.T, args ...string) *gtmProc {
	t.Helper()
	cmd := exec.Command(guiBinary(t), args...)
	cmd.Env = e.environ()
	g := &gtmProc{cmd: cmd, errBuf: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stderr = g.errBuf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { g.err = cmd.Wait(); close(g.done) }()
	t.Cleanup(func() {
		if g.wait(0) == -1 {
			cmd.Process.Signal(syscall.SIGTERM)
			if g.wait(10*time.Second) == -1 {
				cmd.Process.Kill()
				g.wait(5 * time.Second)
			}
		}
	})
	return g
}

// trayCapture writes a capture in which GPU 0 climbs from half full to
// nearly full and back, and returns its path and snapshots.
func trayCapture(t *testing.T, n int) (string, []*schema.Snapshot) {
	t.Helper()
	caps, err := readCaptureFile(filepath.Join("..", "..", "app", "snapshot", "testdata", "snapshot.golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	base := caps[0]
	path := filepath.Join(t.TempDir(), "capture.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cw := capture.NewWriter(f)
	var snaps []*schema.Snapshot
	total := *base.Devices[0].MemoryTotalBytes
	for i := 0; i < n; i++ {
		s := *base
		s.Devices = append(s.Devices[:0:0], base.Devices...)
		// 50 % → 95 % → 50 % in steps of 5 points every fourth snapshot;
		// in between, 0.1 GiB more or less changes the tooltip's GiB but
		// not the rounded percentage, so the icon must stay.
		step := i
		if i >= n/2 {
			step = n - 1 - i
		}
		pct := 50 + min(45, (step/4)*5)
		used := total*uint64(pct)/100 + uint64(i%2)*(1<<30)/10
		s.Devices[0].MemoryUsedBytes = &used
		s.TakenAt = base.TakenAt.Add(time.Duration(i) * time.Second)
		if err := cw.Write(&s); err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, &s)
	}
	return path, snaps
}

func TestDesktopTrayFollowsReplayAndQuits(t *testing.T) {
	env := newDesktopEnv(t, true)
	w := newWatcher(t, env.bus)
	path, snaps := trayCapture(t, 60)
	var states []tray.State
	for _, s := range snaps {
		states = append(states, tray.FromSnapshot(s, tray.Options{}))
	}
	want := expectTray(states)

	g := env.start(t, "--tray", "--interval", "0.25", "--alert-vram", "80", "--replay", path)
	item := w.waitItem(t, g)
	order := followTooltips(t, w, item, g, want.tips)
	if got := w.title(t, item); !strings.HasPrefix(got, "gtm · ") || !strings.HasSuffix(got, " %") {
		t.Errorf("title %q", got)
	}
	menu, labels := checkMenuInPlace(t, w, item)
	icons, tooltips := checkTraySignals(t, w, want)
	checkOneAlert(t, w)
	t.Logf("%d snapshots played: %d tooltip texts read back, NewToolTip %d, NewIcon %d; menu %q", len(snaps), len(order), tooltips, icons, labels)
	quitFromMenu(t, w, item, g, menu)
}

// trayExpectation is what the tray must show, snapshot by snapshot, and
// how often its icon and tooltip may change: once per new rounded
// percentage or level, once per new text.
type trayExpectation struct {
	tips                    []string
	iconChanges, tipChanges int
}

// expectTray is what the tray should do while states play in turn.
func expectTray(states []tray.State) trayExpectation {
	var e trayExpectation
	start := tray.FromSnapshot(nil, tray.Options{})
	lastIcon, lastTip := start.Icon, start.Tooltip
	for _, st := range states {
		e.tips = append(e.tips, st.Tooltip)
		if st.Icon != lastIcon {
			e.iconChanges++
			lastIcon = st.Icon
		}
		if st.Tooltip != lastTip {
			e.tipChanges++
			lastTip = st.Tooltip
		}
	}
	return e
}

// followTooltips reads item's tooltip while the capture plays, until it
// shows the capture's last text past its peak, and returns the indexes
// into tips of the texts read.
func followTooltips(t *testing.T, w *watcher, item string, g *gtmProc, tips []string) []int {
	t.Helper()
	// The capture goes up and down, so a text comes back; each text read
	// must be one the capture shows at or after the one read before it.
	var order []int
	pos := 0
	deadline := time.Now().Add(60 * time.Second)
	prevTip := ""
	for time.Now().Before(deadline) {
		tip := w.tooltip(t, item)
		if tip != prevTip && tip != "gtm · collecting…" {
			prevTip = tip
			idx := -1
			for i := pos; i < len(tips); i++ {
				if tips[i] == tip {
					idx = i
					break
				}
			}
			if idx < 0 {
				t.Fatalf("tooltip %q is not one the capture shows after snapshot %d", tip, pos)
			}
			pos = idx
			order = append(order, idx)
		}
		end := pos > len(tips)/2 && tips[pos] == tips[len(tips)-1] // past the peak, at the last text
		if end {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(order) < 5 || pos <= len(tips)/2 || tips[pos] != tips[len(tips)-1] {
		t.Fatalf("tooltip changed only %d times while the capture played (reached snapshot %d of %d)\nstderr:\n%s", len(order), pos, len(tips), g.stderr())
	}
	return order
}

// checkMenuInPlace checks the menu's labels (from the last snapshot) and
// that it is re-labelled in place, not rebuilt; it returns the menu and
// its visible labels.
func checkMenuInPlace(t *testing.T, w *watcher, item string) ([]menuEntry, []string) {
	t.Helper()
	m1 := w.menu(t, item)
	labels := visibleLabels(m1)
	wantStart := []string{"Show window",
		"GPU 0 NVIDIA GeForce RTX 4090 · 12.1 / 24.0 GiB (50 %)",
		"GPU 1 NVIDIA A100-SXM4-80GB · 0.0 / 80.0 GiB (0 %)"}
	for i, want := range wantStart {
		if i >= len(labels) || labels[i] != want {
			t.Fatalf("menu %q, want it to start with %q", labels, wantStart)
		}
	}
	if !strings.HasPrefix(labels[3], "llama-server 6.0 GiB") {
		t.Errorf("top process line %q", labels[3])
	}
	time.Sleep(600 * time.Millisecond)
	m2 := w.menu(t, item)
	if len(m1) != len(m2) {
		t.Fatalf("menu rebuilt: %d then %d items", len(m1), len(m2))
	}
	for i := range m1 {
		if m1[i].ID != m2[i].ID {
			t.Fatalf("menu item ids changed (%d → %d): rebuilt, not re-labelled", m1[i].ID, m2[i].ID)
		}
	}
	return m2, labels
}

// checkTraySignals checks that the icon was set once per new percentage
// or level, not per snapshot, and the tooltip once per new text; it
// returns how often each was set.
func checkTraySignals(t *testing.T, w *watcher, want trayExpectation) (icons, tooltips int) {
	t.Helper()
	iconChanges, tipChanges := want.iconChanges, want.tipChanges
	icons, tooltips = w.signals()
	for wait := time.Now().Add(15 * time.Second); (icons < iconChanges || tooltips < tipChanges) && time.Now().Before(wait); {
		time.Sleep(100 * time.Millisecond) // the last snapshots may still be playing
		icons, tooltips = w.signals()
	}
	time.Sleep(time.Second) // nothing more may come: the capture has ended
	icons, tooltips = w.signals()
	if icons != iconChanges || tooltips != tipChanges {
		t.Errorf("over %d snapshots: NewIcon %d times, want %d (one per rounded %% or level change); NewToolTip %d times, want %d",
			len(want.tips), icons, iconChanges, tooltips, tipChanges)
	}
	if iconChanges*3 > tipChanges {
		t.Errorf("the capture should change the tooltip far more often than the icon")
	}
	return icons, tooltips
}

// checkOneAlert: the capture reaches 80 % once on the way up (85 % and
// the way back down through 80 % are the same crossing).
func checkOneAlert(t *testing.T, w *watcher) {
	t.Helper()
	notes := w.notes()
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "gtm: GPU 0 VRAM at 80 % (alert at 80 %)\nGPU 0 · 19.") ||
		!strings.Contains(notes[0], "Largest: llama-server 6.0 GiB · qwen3:0.6b Q8_0") {
		t.Errorf("notifications %q, want one for GPU 0 at 80 %%", notes)
	}
}

// quitFromMenu clicks the menu's Quit and waits for gtm to exit cleanly.
func quitFromMenu(t *testing.T, w *watcher, item string, g *gtmProc, menu []menuEntry) {
	t.Helper()
	var quit int32 = -1
	for _, e := range menu {
		if e.Label == "Quit" && e.Visible {
			quit = e.ID
		}
	}
	if quit < 0 {
		t.Fatalf("no Quit in %q", visibleLabels(menu))
	}
	w.clickQuit(t, item, quit)
	if code := g.wait(20 * time.Second); code != 0 {
		t.Fatalf("after Quit: exit %d (-1: still running)\nstderr:\n%s", code, g.stderr())
	}
}

// Rule: without a session bus, gtm's one line is all it prints: not
// Fyne's reports of what the bus would have given, not libwayland's
// complaint about a missing runtime directory, not Fyne's about a missing
// ~/.cache. Both a session with its own directories and a bare account
// (a first start over ssh, in a container, under xvfb-run).
func TestDesktopWithoutDBusLogsOneLine(t *testing.T) {
	const want = "gtm: no tray icon: no DBus session bus (DBUS_SESSION_BUS_ADDRESS is not set); closing the window quits gtm\n"
	for _, bare := range []bool{false, true} {
		t.Run(map[bool]string{false: "session", true: "bare"}[bare], func(t *testing.T) {
			env := newDesktopEnv(t, false)
			if env.bare = bare; bare {
				env.cfg = t.TempDir() // HOME with nothing in it
			}
			g := env.start(t, "--interval", "0.5")
			if !windowVisible(t, env, 30*time.Second) {
				t.Fatalf("no window; stderr:\n%s", g.stderr())
			}
			if got := g.stderr(); got != want {
				t.Errorf("stderr with the window open:\n%s\nwant exactly:\n%s", got, want)
			}
			if code := g.wait(0); code != -1 {
				t.Fatalf("gtm exited (%d) without a bus; stderr:\n%s", code, g.stderr())
			}
			g.cmd.Process.Signal(syscall.SIGTERM)
			if code := g.wait(20 * time.Second); code != 0 {
				t.Errorf("exit %d after SIGTERM", code)
			}
			if got := g.stderr(); got != want {
				t.Errorf("stderr after quitting:\n%s\nwant exactly:\n%s", got, want)
			}
		})
	}
}

func TestDesktopWithoutTrayHostLogsOneLine(t *testing.T) {
	env := newDesktopEnv(t, true) // a bus, but nobody owns the watcher name
	g := env.start(t, "--tray", "--interval", "0.5")
	if !windowVisible(t, env, 30*time.Second) {
		t.Fatalf("--tray without a tray host must show the window; stderr:\n%s", g.stderr())
	}
	want := "gtm: no tray icon: no tray host on the session bus (nobody owns org.kde.StatusNotifierWatcher); closing the window quits gtm (--tray: showing the window instead)"
	if lines := gtmLines(g.stderr()); len(lines) != 1 || lines[0] != want {
		t.Errorf("gtm's log lines %q, want exactly %q\nstderr:\n%s", lines, want, g.stderr())
	}
}

func TestDesktopSecondLaunchShowsTheFirst(t *testing.T) {
	env := newDesktopEnv(t, true)
	w := newWatcher(t, env.bus)
	first := env.start(t, "--tray", "--interval", "0.5")
	w.waitItem(t, first)
	if windowVisible(t, env, 2*time.Second) {
		t.Fatalf("--tray with a tray host showed the window")
	}
	second := env.start(t)
	if code := second.wait(30 * time.Second); code != 0 {
		t.Fatalf("second launch: exit %d; stderr:\n%s", code, second.stderr())
	}
	if !strings.Contains(second.stderr(), "gtm: already running; showing its window") {
		t.Errorf("second launch said %q", second.stderr())
	}
	if !windowVisible(t, env, 20*time.Second) {
		t.Fatalf("the first gtm did not show its window; its stderr:\n%s", first.stderr())
	}
	if code := first.wait(0); code != -1 {
		t.Fatalf("the first gtm exited (%d)", code)
	}

	// A socket left by a gtm that died is replaced, not obeyed.
	first.cmd.Process.Kill()
	first.wait(10 * time.Second)
	sock, err := desktop.SocketPath(env.runtime)
	must(t, err)
	if _, err := os.Lstat(sock); err != nil {
		t.Fatalf("a killed gtm should leave its socket behind for this check: %v", err)
	}
	third := env.start(t, "--interval", "0.5")
	if !windowVisible(t, env, 30*time.Second) {
		t.Fatalf("after a stale socket: no window; stderr:\n%s", third.stderr())
	}
	if code := third.wait(0); code != -1 {
		t.Fatalf("third launch exited (%d): %s", code, third.stderr())
	}
}

// windowVisible waits up to d for a viewable gtm window on the display.
func windowVisible(t *testing.T, env desktopEnv, d time.Duration) bool {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		cmd := exec.Command("xdotool", "search", "--onlyvisible", "--name", "^gtm — GPU task manager")
		cmd.Env = env.environ()
		out, _ := cmd.Output()
		if strings.TrimSpace(string(out)) != "" {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// gtmLines are gtm's own log lines (Fyne's and the systray library's have
// a timestamp).
func gtmLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "gtm: ") {
			out = append(out, l)
		}
	}
	return out
}

// TestDesktopDemoFromTheTray: on a machine without a GPU the tray says why
// and offers the recorded demo; in it, tooltip and window title say it is
// the demo; leaving it goes back to this machine.
func TestDesktopDemoFromTheTray(t *testing.T) {
	env := newDesktopEnv(t, true)
	w := newWatcher(t, env.bus)
	g := env.start(t, "--interval", "0.5")
	item := w.waitItem(t, g)

	waitFor := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("%s; tooltip %q, menu %q\nstderr:\n%s", what, w.tooltip(t, item), visibleLabels(w.menu(t, item)), g.stderr())
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	clickLabel := func(label string) {
		t.Helper()
		for _, e := range w.menu(t, item) {
			if e.Visible && e.Label == label {
				w.click(t, item, e.ID)
				return
			}
		}
		t.Fatalf("no %q in the menu %q", label, visibleLabels(w.menu(t, item)))
	}
	title := func() string {
		cmd := exec.Command("xdotool", "search", "--onlyvisible", "--name", "^gtm — GPU task manager", "getwindowname")
		cmd.Env = env.environ()
		out, _ := cmd.Output()
		return strings.TrimSpace(string(out))
	}

	noGPU := "gtm · no GPU readings (NVIDIA driver not found)"
	waitFor("no-GPU tooltip", func() bool { return w.tooltip(t, item) == noGPU })
	clickLabel("Show a recorded demo")
	waitFor("demo tooltip", func() bool { return strings.HasPrefix(w.tooltip(t, item), report.DemoBanner+"\nGPU 0 · ") })
	waitFor("demo title", func() bool { return title() == "gtm — GPU task manager — recorded demo" })
	if got := w.title(t, item); !strings.Contains(got, "recorded demo") {
		t.Errorf("tray title %q", got)
	}
	clickLabel("Leave the recorded demo")
	waitFor("back to this machine", func() bool { return w.tooltip(t, item) == noGPU })
	waitFor("plain title", func() bool { return title() == "gtm — GPU task manager" })
}

// TestDesktopTrayOnlySIGTERM: in the tray alone (no event loop yet) a
// SIGTERM still ends gtm cleanly.
func TestDesktopTrayOnlySIGTERM(t *testing.T) {
	env := newDesktopEnv(t, true)
	w := newWatcher(t, env.bus)
	g := env.start(t, "--tray", "--interval", "0.5")
	w.waitItem(t, g)
	time.Sleep(time.Second)
	g.cmd.Process.Signal(syscall.SIGTERM)
	if code := g.wait(20 * time.Second); code != 0 {
		t.Fatalf("exit %d after SIGTERM; stderr:\n%s", code, g.stderr())
	}
}

// TestDesktopCloseHidesToTray: with a tray host, closing the window (as a
// window manager does) hides it; the menu's "Show window" brings it back.
func TestDesktopCloseHidesToTray(t *testing.T) {
	env := newDesktopEnv(t, true)
	tool := filepath.Join(t.TempDir(), "wmdelete")
	if out, err := exec.Command("gcc", "-o", tool, "testdata/wmdelete.c", "-lX11").CombinedOutput(); err != nil {
		t.Skipf("cannot build the close helper (gcc and libx11-dev): %v\n%s", err, out)
	}
	w := newWatcher(t, env.bus)
	g := env.start(t, "--interval", "0.5")
	item := w.waitItem(t, g)
	if !windowVisible(t, env, 30*time.Second) {
		t.Fatalf("no window; stderr:\n%s", g.stderr())
	}
	find := exec.Command("xdotool", "search", "--onlyvisible", "--name", "^gtm — GPU task manager")
	find.Env = env.environ()
	id, err := find.Output()
	if err != nil {
		t.Fatal(err)
	}
	closeCmd := exec.Command(tool, strings.TrimSpace(string(id)))
	closeCmd.Env = env.environ()
	if out, err := closeCmd.CombinedOutput(); err != nil {
		t.Fatalf("wmdelete: %v\n%s", err, out)
	}
	deadline := time.Now().Add(20 * time.Second)
	for windowVisible(t, env, 0) {
		if time.Now().After(deadline) {
			t.Fatal("the window stayed after closing it")
		}
		time.Sleep(200 * time.Millisecond)
	}
	if code := g.wait(2 * time.Second); code != -1 {
		t.Fatalf("closing the window quit gtm (exit %d) although a tray host is there", code)
	}
	for _, e := range w.menu(t, item) {
		if e.Label == "Show window" {
			w.click(t, item, e.ID)
		}
	}
	if !windowVisible(t, env, 20*time.Second) {
		t.Fatalf("Show window did not bring it back; stderr:\n%s", g.stderr())
	}
}
