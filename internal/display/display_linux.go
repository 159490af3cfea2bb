package display

import (
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/internal/wayland"
)

// waylandTimeout bounds the Wayland probe; a compositor answers in
// milliseconds.
const waylandTimeout = time.Second

// Check checks the Wayland or X11 display the environment names,
// so that an unusable one is a clear error instead of GLFW panicking. A
// Wayland socket must have a compositor that answers (GLFW connects to any
// socket, then crashes when it does not speak Wayland); when it has none
// and X11 is reachable, the window uses X11 and log gets one line saying
// why.
func Check(log io.Writer) error { return check(log, waylandTimeout) }

// check is Check with the Wayland probe's timeout given (tests shorten it).
func check(log io.Writer, timeout time.Duration) error {
	wl, x11 := os.Getenv("WAYLAND_DISPLAY"), os.Getenv("DISPLAY")
	if wl == "" && x11 == "" {
		return ErrNoDisplay
	}
	var wlErr error
	if wl != "" {
		path := wayland.SocketPath(wl, os.Getenv("XDG_RUNTIME_DIR"))
		err := wayland.Probe(path, timeout)
		if err == nil {
			return nil
		}
		wlErr = fmt.Errorf("WAYLAND_DISPLAY=%s (%s) is not a Wayland compositor: %v", wl, path, err)
	}
	const instead = "use 'gtm --once' for a text snapshot or 'gtm --json' for JSON"
	if x11 == "" {
		return fmt.Errorf("%v; %s", wlErr, instead)
	}
	for _, addr := range x11Addresses(x11) {
		if !dialable(addr[0], addr[1]) {
			continue
		}
		if wlErr != nil {
			// With WAYLAND_DISPLAY set, GLFW and Fyne try Wayland
			// first: X11 only, for this process and what it starts.
			os.Unsetenv("WAYLAND_DISPLAY")
			os.Setenv("FYNE_PLATFORM", "x11")
			if log != nil {
				fmt.Fprintf(log, "gtm: %v; using X11 (DISPLAY=%s)\n", wlErr, x11)
			}
		}
		if wl == "" && os.Getenv("WAYLAND_SOCKET") == "" && !filepath.IsAbs(os.Getenv("XDG_RUNTIME_DIR")) && os.Getenv("FYNE_PLATFORM") == "" {
			// GLFW tries Wayland's default socket even without
			// WAYLAND_DISPLAY; with no runtime directory to find it in,
			// libwayland fails and prints an error line of its own.
			os.Setenv("FYNE_PLATFORM", "x11")
		}
		return nil
	}
	tried := "DISPLAY=" + x11
	if wlErr != nil {
		tried = wlErr.Error() + "; " + tried
	}
	return fmt.Errorf("cannot connect to the display (%s); %s", tried, instead)
}

// x11Addresses turns a DISPLAY value ("[host]:N[.S]", "unix:N") into the
// sockets an X client would try: the abstract and filesystem local sockets,
// or TCP port 6000+N on a named host.
func x11Addresses(display string) [][2]string {
	if strings.HasPrefix(display, "/") {
		// launchd-style socket path
		return [][2]string{{"unix", display}}
	}
	colon := strings.LastIndexByte(display, ':')
	if colon < 0 {
		return nil
	}
	host, num := display[:colon], display[colon+1:]
	if dot := strings.IndexByte(num, '.'); dot >= 0 {
		num = num[:dot]
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return nil
	}
	if host == "" || host == "unix" {
		sock := fmt.Sprintf("/tmp/.X11-unix/X%d", n)
		return [][2]string{{"unix", "@" + sock}, {"unix", sock}}
	}
	return [][2]string{{"tcp", net.JoinHostPort(host, strconv.Itoa(6000+n))}}
}

func dialable(network, addr string) bool {
	c, err := net.DialTimeout(network, addr, 500*time.Millisecond)
	if err != nil {
		return false
	}
	c.Close()
	return true
}
