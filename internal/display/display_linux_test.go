package display

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// unixServer listens at dir/name and runs handle for each connection.
func unixServer(t *testing.T, dir, name string, handle func(net.Conn)) string {
	t.Helper()
	path := filepath.Join(dir, name)
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() { defer c.Close(); handle(c) }()
		}
	}()
	return path
}

// fakeCompositor reads get_registry and sync and answers wl_callback.done
// (object 3, opcode 0, 12 bytes, serial 1).
func fakeCompositor(c net.Conn) {
	io.ReadFull(c, make([]byte, 24))
	b := binary.NativeEndian.AppendUint32(nil, 3)
	b = binary.NativeEndian.AppendUint32(b, 12<<16)
	c.Write(binary.NativeEndian.AppendUint32(b, 1))
}

func silent(c net.Conn) { io.Copy(io.Discard, c) }

func TestCheckDisplayWayland(t *testing.T) {
	checkDisplay := func(log io.Writer) error { return check(log, 300*time.Millisecond) }
	dir := t.TempDir()
	unixServer(t, dir, "wayland-ok", fakeCompositor)
	unixServer(t, dir, "wayland-silent", silent)
	x11 := unixServer(t, dir, "X0", silent) // X11 is only dialled
	t.Setenv("XDG_RUNTIME_DIR", dir)
	t.Setenv("FYNE_PLATFORM", "")

	// A compositor answers: Wayland stays.
	t.Setenv("WAYLAND_DISPLAY", "wayland-ok")
	t.Setenv("DISPLAY", x11)
	var log bytes.Buffer
	if err := checkDisplay(&log); err != nil || log.Len() != 0 || os.Getenv("WAYLAND_DISPLAY") != "wayland-ok" || os.Getenv("FYNE_PLATFORM") != "" {
		t.Errorf("compositor: %v, log %q, WAYLAND_DISPLAY %q", err, log.String(), os.Getenv("WAYLAND_DISPLAY"))
	}

	// A socket that says nothing, X11 reachable: X11 with one line.
	t.Setenv("WAYLAND_DISPLAY", "wayland-silent")
	if err := checkDisplay(&log); err != nil {
		t.Fatal(err)
	}
	want := "gtm: WAYLAND_DISPLAY=wayland-silent (" + filepath.Join(dir, "wayland-silent") + ") is not a Wayland compositor: no answer; using X11 (DISPLAY=" + x11 + ")\n"
	if log.String() != want {
		t.Errorf("log %q\nwant %q", log.String(), want)
	}
	if _, set := os.LookupEnv("WAYLAND_DISPLAY"); set || os.Getenv("FYNE_PLATFORM") != "x11" {
		t.Errorf("fallback left WAYLAND_DISPLAY=%q FYNE_PLATFORM=%q", os.Getenv("WAYLAND_DISPLAY"), os.Getenv("FYNE_PLATFORM"))
	}

	// No X11 to fall back to: one line, no window.
	log.Reset()
	t.Setenv("WAYLAND_DISPLAY", filepath.Join(dir, "wayland-silent"))
	t.Setenv("DISPLAY", "")
	err := checkDisplay(&log)
	if err == nil || strings.Contains(err.Error(), "\n") ||
		!strings.HasPrefix(err.Error(), "WAYLAND_DISPLAY="+filepath.Join(dir, "wayland-silent")+" ("+filepath.Join(dir, "wayland-silent")+") is not a Wayland compositor: no answer; use 'gtm --once'") {
		t.Errorf("err = %v", err)
	}
	// Neither works.
	t.Setenv("DISPLAY", ":4711")
	if err := checkDisplay(&log); err == nil || !strings.Contains(err.Error(), "is not a Wayland compositor: no answer; DISPLAY=:4711)") {
		t.Errorf("err = %v", err)
	}
	if log.Len() != 0 {
		t.Errorf("log %q", log.String())
	}
}

// Rule: with only DISPLAY set and no runtime directory (a shell with no
// login session: ssh, a container, xvfb-run), GLFW is told to use X11, so
// libwayland never prints its "XDG_RUNTIME_DIR is invalid" error line;
// where Wayland could be found, or the user chose, nothing changes.
func TestCheckDisplayNoRuntimeDir(t *testing.T) {
	x11 := unixServer(t, t.TempDir(), "X0", silent)
	t.Setenv("DISPLAY", x11)
	t.Setenv("WAYLAND_DISPLAY", "")
	t.Setenv("WAYLAND_SOCKET", "")
	for _, tc := range []struct {
		runtime, platform, want string
	}{
		{"", "", "x11"},
		{"relative/dir", "", "x11"}, // libwayland refuses a relative one too
		{t.TempDir(), "", ""},       // GLFW may find wayland-0 there
		{"", "wayland", "wayland"},  // the user's choice stands
	} {
		t.Setenv("XDG_RUNTIME_DIR", tc.runtime)
		t.Setenv("FYNE_PLATFORM", tc.platform)
		var log bytes.Buffer
		if err := check(&log, 300*time.Millisecond); err != nil || log.Len() != 0 {
			t.Fatalf("%+v: %v, log %q", tc, err, log.String())
		}
		if got := os.Getenv("FYNE_PLATFORM"); got != tc.want {
			t.Errorf("XDG_RUNTIME_DIR=%q FYNE_PLATFORM=%q: now %q, want %q", tc.runtime, tc.platform, got, tc.want)
		}
	}
}

func TestX11Addresses(t *testing.T) {
	cases := map[string]string{
		":0":             "unix @/tmp/.X11-unix/X0 unix /tmp/.X11-unix/X0",
		":1.0":           "unix @/tmp/.X11-unix/X1 unix /tmp/.X11-unix/X1",
		"unix:2":         "unix @/tmp/.X11-unix/X2 unix /tmp/.X11-unix/X2",
		"localhost:10.0": "tcp localhost:6010",
		"garbage":        "",
		":x":             "",
	}
	for in, want := range cases {
		var parts []string
		for _, a := range x11Addresses(in) {
			parts = append(parts, a[0], a[1])
		}
		if got := strings.Join(parts, " "); got != want {
			t.Errorf("x11Addresses(%q) = %q, want %q", in, got, want)
		}
	}
}
