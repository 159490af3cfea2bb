package desktop

import (
	"github.com/gputaskman/gtm/app/capture"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/gputaskman/gtm/ui"
)

func TestInstanceSecondLaunchReachesFirst(t *testing.T) {
	dir := t.TempDir()
	got := make(chan string, 4)
	first, running, err := claimInstance(dir, msgShow, func(m string) { got <- m })
	if err != nil || running || first == nil {
		t.Fatalf("first claim: %v %v %v", first, running, err)
	}
	defer first.Close()
	for _, msg := range []string{msgShow, msgPing} {
		inst, running, err := claimInstance(dir, msg, nil)
		if err != nil || !running || inst != nil {
			t.Fatalf("second claim (%s): %v %v %v", msg, inst, running, err)
		}
		select {
		case m := <-got:
			if m != msg {
				t.Errorf("first got %q, want %q", m, msg)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("first never heard %q", msg)
		}
	}
}

func TestInstanceStaleSocketIsReplaced(t *testing.T) {
	dir := t.TempDir()
	path := testSocketPath(t, dir)
	// A socket nobody listens on, as a killed gtm leaves it.
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	if _, err := os.Lstat(path); err != nil {
		t.Fatalf("setup: %v", err)
	}
	inst, running, err := claimInstance(dir, msgShow, nil)
	if err != nil || running || inst == nil {
		t.Fatalf("claim over a stale socket: %v %v %v", inst, running, err)
	}
	inst.Close()
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		t.Errorf("socket left after Close: %v", err)
	}
}

func TestInstanceRefusesNonSocket(t *testing.T) {
	dir := t.TempDir()
	path := testSocketPath(t, dir)
	if err := os.WriteFile(path, []byte("not a socket"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := claimInstance(dir, msgShow, nil); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Errorf("err %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "not a socket" {
		t.Errorf("a regular file was removed or changed")
	}
}

func TestInstanceIgnoresUnknownRequests(t *testing.T) {
	dir := t.TempDir()
	got := make(chan string, 1)
	first, _, err := claimInstance(dir, msgShow, func(m string) { got <- m })
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if err := sendInstance(testSocketPath(t, dir), "rm -rf"); err == nil {
		t.Errorf("unknown request answered ok")
	}
	if err := sendInstance(testSocketPath(t, dir), strings.Repeat("x", 10000)); err == nil {
		t.Errorf("oversized request answered ok")
	}
	select {
	case m := <-got:
		t.Errorf("acted on %q", m)
	case <-time.After(200 * time.Millisecond):
	}
}

func TestInstanceDirFallbackIsPrivate(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", t.TempDir())
	d, err := instanceDir()
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(d)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("%s: %v %v", d, fi.Mode(), err)
	}
	if err := os.Chmod(d, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := instanceDir(); err == nil {
		t.Errorf("a directory others can read was accepted")
	}
}

func TestAutostartEntry(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	if autostartEnabled() {
		t.Fatal("enabled before writing")
	}
	exe := "/opt/my apps/gtm"
	if err := setAutostart(true, exe); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(cfg, "autostart", "io.github.gputaskman.gtm.desktop"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"[Desktop Entry]\n", "Type=Application\n", `Exec="/opt/my apps/gtm" --tray` + "\n", "Icon=io.github.gputaskman.gtm\n"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("entry lacks %q:\n%s", want, b)
		}
	}
	if !autostartEnabled() {
		t.Error("not enabled after writing")
	}
	if err := setAutostart(false, exe); err != nil || autostartEnabled() {
		t.Errorf("remove: %v, still enabled %v", err, autostartEnabled())
	}
	if err := setAutostart(false, exe); err != nil {
		t.Errorf("removing twice: %v", err)
	}
}

func TestDesktopExecQuote(t *testing.T) {
	cases := map[string]string{
		"/usr/bin/gtm":       "/usr/bin/gtm",
		"/opt/a b/gtm":       `"/opt/a b/gtm"`,
		`/opt/$x"y/gtm`:      `"/opt/\\$x\\"y/gtm"`,
		"/opt/100%/gtm":      "/opt/100%%/gtm",
		`/opt/back\slash/gt`: `"/opt/back\\\\slash/gt"`,
	}
	for in, want := range cases {
		if got := desktopExecQuote(in); got != want {
			t.Errorf("%q → %s, want %s", in, got, want)
		}
	}
}

// testSocketPath is where gtm puts its instance socket for dir.
func testSocketPath(t *testing.T, dir string) string {
	t.Helper()
	p, err := SocketPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	// A deep temp dir puts the socket in the shared short directory under
	// /tmp: whatever a test leaves there is removed with it.
	t.Cleanup(func() { os.Remove(p) })
	return p
}

// A runtime directory too deep for a unix socket path still gives one
// socket every launch finds.
func TestInstanceSocketPathStaysShort(t *testing.T) {
	deep := filepath.Join(t.TempDir(), strings.Repeat("d", 120))
	p1, err1 := SocketPath(deep)
	p2, err2 := SocketPath(deep)
	other, _ := SocketPath(deep + "x")
	if err1 != nil || err2 != nil || p1 != p2 || len(p1) > maxSocketPath || p1 == other {
		t.Errorf("%q %q %q %v %v", p1, p2, other, err1, err2)
	}
	if short, _ := SocketPath("/run/user/1000"); short != "/run/user/1000/"+instanceSocketName {
		t.Errorf("a short runtime dir keeps its socket: %q", short)
	}
}

// TestAlertThresholdIsKept: --alert-vram turns alerts on and keeps the
// threshold in the app's preferences; a later start without the flag
// uses it, and the menu's toggle is kept too.
func TestAlertThresholdIsKept(t *testing.T) {
	a := test.NewTempApp(t)
	newDesk := func(alert float64) *controller {
		w := ui.NewMainWindow(a, ui.Options{Interval: time.Second})
		t.Cleanup(w.Window.Close)
		return newController(a, w, capture.Replay{}, Options{AlertVRAM: alert, Log: io.Discard}, &preflight{})
	}
	d := newDesk(0)
	if d.alertsOn || d.threshold != defaultAlertPct {
		t.Fatalf("fresh: on %v at %v", d.alertsOn, d.threshold)
	}
	d = newDesk(85)
	if !d.alertsOn || d.threshold != 85 {
		t.Fatalf("--alert-vram 85: on %v at %v", d.alertsOn, d.threshold)
	}
	d = newDesk(0)
	if !d.alertsOn || d.threshold != 85 {
		t.Fatalf("next start: on %v at %v", d.alertsOn, d.threshold)
	}
	d.setAlerts(false)
	if d = newDesk(0); d.alertsOn || d.threshold != 85 {
		t.Fatalf("after turning off: on %v at %v", d.alertsOn, d.threshold)
	}
}
