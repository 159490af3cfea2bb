package wsl

import (
	"os"
	"path/filepath"
	"testing"
)

// Processes holding /dev/dxg, from a /proc tree: fd links are what count.
func TestDXGHolders(t *testing.T) {
	root := t.TempDir()
	mk := func(pid, target string, startTicks string) {
		dir := filepath.Join(root, pid)
		os.MkdirAll(filepath.Join(dir, "fd"), 0o755)
		os.WriteFile(filepath.Join(dir, "stat"), []byte(pid+" (x) S 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 "+startTicks+" 0 0"), 0o644)
		os.Symlink(target, filepath.Join(dir, "fd", "3"))
	}
	mk("100", "/dev/dxg", "500")
	mk("200", "/dev/null", "600")
	mk("300", "/dev/dxg", "700")
	got := DXGHolders(root)
	if len(got) != 2 || got[0].PID != 100 || got[1].PID != 300 || !got[0].Start.Before(got[1].Start) {
		t.Errorf("%+v", got)
	}
}
