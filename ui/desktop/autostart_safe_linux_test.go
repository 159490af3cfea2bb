package desktop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Links planted at the entry's temporary name and at the entry itself are
// replaced, never written through.
func TestAutostartReplacesPlantedLinks(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	dir := filepath.Join(cfg, "autostart")
	must(t, os.Mkdir(dir, 0o700))
	victims := t.TempDir()
	for _, name := range []string{autostartFile + ".tmp", autostartFile} {
		victim := filepath.Join(victims, name)
		must(t, os.WriteFile(victim, []byte("precious\n"), 0o644))
		must(t, os.Symlink(victim, filepath.Join(dir, name)))
	}
	if err := setAutostart(true, "/usr/bin/gtm"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{autostartFile + ".tmp", autostartFile} {
		if b, _ := os.ReadFile(filepath.Join(victims, name)); string(b) != "precious\n" {
			t.Errorf("written through the link %s: %q", name, b)
		}
	}
	fi, err := os.Lstat(filepath.Join(dir, autostartFile))
	if err != nil || !fi.Mode().IsRegular() || !autostartEnabled() {
		t.Errorf("entry: %v %v", fi, err)
	}
}

// As root, an XDG_CONFIG_HOME kept from another user is not written to.
func TestAutostartAsRootIgnoresAnotherUsersConfig(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the config directory is given to nobody (uid 65534)")
	}
	foreign, home := t.TempDir(), t.TempDir()
	must(t, os.Chown(foreign, 65534, 65534))
	t.Setenv("XDG_CONFIG_HOME", foreign)
	t.Setenv("HOME", home)
	if err := setAutostart(true, "/usr/bin/gtm"); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(foreign); len(ents) != 0 {
		t.Errorf("wrote into nobody's config: %v", ents)
	}
	b, err := os.ReadFile(filepath.Join(home, ".config", "autostart", autostartFile))
	if err != nil || !strings.Contains(string(b), "Exec=/usr/bin/gtm --tray") {
		t.Errorf("entry not in root's own config: %v", err)
	}
	for _, d := range []string{filepath.Join(home, ".config"), filepath.Join(home, ".config", "autostart")} {
		if fi, err := os.Stat(d); err != nil {
			t.Error(err)
		} else if fi.Mode().Perm() != 0o700 {
			t.Errorf("%s is %v, want 0700", d, fi.Mode().Perm())
		}
	}
}
