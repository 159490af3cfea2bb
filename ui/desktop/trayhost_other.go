//go:build !linux

package desktop

// trayHostPresent: gtm's tray is built on the StatusNotifierItem protocol
// of Linux desktops; elsewhere the window works alone for now.
func trayHostPresent() (ok, noBus bool, why string) {
	return false, false, "the tray icon is only available on Linux desktops so far"
}
