//go:build (linux || freebsd || openbsd || netbsd) && ((!x11 && !wayland) || x11) && !wasm && !test_web_driver

package glfw

// #include <X11/Xlib.h>
// static int fyneX11ConnectionFD(void *dpy) { return ConnectionNumber((Display *)dpy); }
import "C"

import (
	"os"
	"syscall"
	"unsafe"

	"github.com/go-gl/glfw/v3.4/glfw"
)

// eventWaker reports when the X server has sent something (input, expose,
// close, clipboard requests), so an idle loop can sleep without ticking.
// It watches a duplicate of Xlib's connection through Go's poller and
// reads nothing itself: glfw.PollEvents on the main thread does that.
type eventWaker struct {
	C     chan struct{} // one value per wake-up
	rearm chan struct{} // the main thread has polled; watch again
	stop  chan struct{}
	file  *os.File
}

// newEventWaker watches the X connection, or returns nil where there is
// none to watch (Wayland, or a connection the poller cannot take).
func newEventWaker() *eventWaker {
	if glfw.GetPlatform() != glfw.PlatformX11 {
		return nil
	}
	dpy := glfw.GetX11Display()
	if dpy == nil {
		return nil
	}
	fd := int(C.fyneX11ConnectionFD(unsafe.Pointer(dpy)))
	// Xlib (xcb) keeps its socket non-blocking; only then can Go's poller
	// watch it. A blocking one would make every wait return at once.
	if fl, err := fcntlGetFlags(fd); err != nil || fl&syscall.O_NONBLOCK == 0 {
		return nil
	}
	dup, err := syscall.Dup(fd)
	if err != nil {
		return nil
	}
	syscall.CloseOnExec(dup)
	f := os.NewFile(uintptr(dup), "x11-connection")
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil
	}
	w := &eventWaker{C: make(chan struct{}), rearm: make(chan struct{}, 1), stop: make(chan struct{}), file: f}
	go w.watch(rc)
	return w
}

func (w *eventWaker) watch(rc syscall.RawConn) {
	for {
		first := true
		// Returning false waits for the poller to see the socket readable;
		// the second call says it was (or the wait was interrupted).
		err := rc.Read(func(uintptr) bool {
			if first {
				first = false
				return false
			}
			return true
		})
		if err != nil {
			return
		}
		select {
		case w.C <- struct{}{}:
		case <-w.stop:
			return
		}
		select {
		case <-w.rearm:
		case <-w.stop:
			return
		}
	}
}

// polled tells the watcher the main thread has read the connection.
func (w *eventWaker) polled() {
	if w == nil {
		return
	}
	select {
	case w.rearm <- struct{}{}:
	default:
	}
}

func (w *eventWaker) close() {
	if w == nil {
		return
	}
	close(w.stop)
	w.file.Close()
}

func fcntlGetFlags(fd int) (int, error) {
	r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	if errno != 0 {
		return 0, errno
	}
	return int(r), nil
}
