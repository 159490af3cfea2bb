//go:build !((linux || freebsd || openbsd || netbsd) && ((!x11 && !wayland) || x11) && !wasm && !test_web_driver)

package glfw

// eventWaker is X11 only; elsewhere the idle loop keeps ticking slowly.
type eventWaker struct{ C chan struct{} }

func newEventWaker() *eventWaker { return nil }

func (w *eventWaker) polled() {}

func (w *eventWaker) close() {}
