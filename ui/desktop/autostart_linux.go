package desktop

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gputaskman/gtm/internal/safewrite"
)

// "Start at login" is an XDG autostart entry that runs `gtm --tray`
// (https://specifications.freedesktop.org/autostart-spec/).

const autostartFile = "io.github.gputaskman.gtm.desktop"

// autostartPath is $XDG_CONFIG_HOME/autostart/<id>.desktop (~/.config when
// unset); as root, not in another user's directories (safewrite.ConfigDir).
func autostartPath() (string, error) {
	dir, err := safewrite.ConfigDir()
	if err != nil {
		return "", fmt.Errorf("no configuration directory for the autostart entry: %w", err)
	}
	return filepath.Join(dir, "autostart", autostartFile), nil
}

// autostartEnabled reports whether the login entry exists and is not
// hidden (a desktop's own settings hide it with Hidden=true).
func autostartEnabled() bool {
	path, err := autostartPath()
	if err != nil {
		return false
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "Hidden=true" {
			return false
		}
	}
	return true
}

// setAutostart writes (on) or removes the login entry; exe is the gtm to
// start.
func setAutostart(on bool, exe string) error {
	path, err := autostartPath()
	if err != nil {
		return err
	}
	if !on {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	// Never through a planted link or in someone else's directory.
	if err := safewrite.MkdirAll(filepath.Dir(path)); err != nil {
		return err
	}
	return safewrite.WriteFile(path, []byte(autostartEntry(exe)), 0o644)
}

func autostartEntry(exe string) string {
	return "[Desktop Entry]\n" +
		"Type=Application\n" +
		"Name=gtm\n" +
		"GenericName=GPU task manager\n" +
		"Comment=VRAM use in the tray: what is inside your GPU\n" +
		"Exec=" + desktopExecQuote(exe) + " --tray\n" +
		"Icon=io.github.gputaskman.gtm\n" +
		"Terminal=false\n" +
		"X-GNOME-Autostart-enabled=true\n"
}

// desktopExecQuote quotes one Exec argument as the desktop entry spec
// asks: plain when it has no reserved character, else in double quotes
// with ", `, $ and \ escaped; % is doubled (field codes).
func desktopExecQuote(arg string) string {
	arg = strings.ReplaceAll(arg, "%", "%%")
	if arg != "" && !strings.ContainsAny(arg, " \t\n\"'\\><~|&;$*?#()`=") {
		return arg
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range arg {
		if strings.ContainsRune("\"`$\\", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	// The entry's value itself is a string: a backslash is escaped again.
	return strings.ReplaceAll(b.String(), `\`, `\\`)
}

func autostartAvailable() bool { return true }
