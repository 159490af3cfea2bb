package desktop

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/godbus/dbus/v5"
)

// statusNotifierWatcher is the name a tray host (KDE, GNOME's AppIndicator
// extension, waybar, ...) owns on the session bus to show StatusNotifier
// items.
const statusNotifierWatcher = "org.kde.StatusNotifierWatcher"

// trayHostPresent reports whether a tray host can show gtm's icon now: a
// session bus is reachable and someone owns the watcher name. noBus says
// no session bus could be reached at all; why says, for the log, what is
// missing. It never starts a bus (no dbus-launch).
func trayHostPresent() (ok, noBus bool, why string) {
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		if rt := os.Getenv("XDG_RUNTIME_DIR"); rt == "" || !exists(filepath.Join(rt, "bus")) {
			disableBus()
			return false, true, "no DBus session bus (DBUS_SESSION_BUS_ADDRESS is not set)"
		}
	}
	conn, err := dbus.SessionBusPrivateNoAutoStartup()
	if err != nil {
		disableBus()
		return false, true, fmt.Sprintf("cannot reach the DBus session bus (%v)", err)
	}
	defer conn.Close()
	if err := conn.Auth(nil); err != nil {
		disableBus()
		return false, true, fmt.Sprintf("cannot reach the DBus session bus (%v)", err)
	}
	if err := conn.Hello(); err != nil {
		disableBus()
		return false, true, fmt.Sprintf("cannot reach the DBus session bus (%v)", err)
	}
	var has bool
	if err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, statusNotifierWatcher).Store(&has); err != nil {
		return false, false, fmt.Sprintf("cannot ask the session bus for a tray host (%v)", err)
	}
	if !has {
		return false, false, "no tray host on the session bus (nobody owns " + statusNotifierWatcher + ")"
	}
	return true, false, ""
}

// disableBus points the DBus clients in our libraries (Fyne's theme and
// notification calls) at no bus: without an address they would run
// dbus-launch and leave a session bus of their own behind, and with one
// that does not answer each would fail its own way. Now each fails at
// once with the same "dbus: invalid bus address", which quietBus knows.
func disableBus() { os.Setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:") }

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
