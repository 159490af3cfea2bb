//go:build !nogui

package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// checkDisplay dials the Wayland or X11 display the environment names, so
// that an unreachable one is a clear error instead of GLFW panicking.
func checkDisplay() error {
	wayland, x11 := os.Getenv("WAYLAND_DISPLAY"), os.Getenv("DISPLAY")
	if wayland == "" && x11 == "" {
		return errNoDisplay
	}
	var tried []string
	if wayland != "" {
		path := wayland
		if !filepath.IsAbs(path) {
			path = filepath.Join(os.Getenv("XDG_RUNTIME_DIR"), wayland)
		}
		if dialable("unix", path) {
			return nil
		}
		tried = append(tried, "WAYLAND_DISPLAY="+wayland)
	}
	if x11 != "" {
		for _, addr := range x11Addresses(x11) {
			if dialable(addr[0], addr[1]) {
				return nil
			}
		}
		tried = append(tried, "DISPLAY="+x11)
	}
	return fmt.Errorf("cannot connect to the display (%s); use 'gtm --once' for a text snapshot or 'gtm --json' for JSON", strings.Join(tried, ", "))
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
