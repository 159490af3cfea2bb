//go:build unix

package safewrite

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

const nobody = 65534

func needRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root: the test gives a directory to nobody (uid 65534)")
	}
}

// plant makes victim, a file the attacker wants overwritten, and a link
// to it at path.
func plant(t *testing.T, path string) (victim string) {
	t.Helper()
	victim = filepath.Join(t.TempDir(), "victim")
	must(t, os.WriteFile(victim, []byte("precious\n"), 0o644))
	must(t, os.Symlink(victim, path))
	return victim
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func checkReplaced(t *testing.T, path, victim, want string) {
	t.Helper()
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Errorf("the link's target was written: %q", b)
	}
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("%s is not a regular file now: %v %v", path, fi, err)
	}
	if b, _ := os.ReadFile(path); string(b) != want {
		t.Errorf("%s holds %q, want %q", path, b, want)
	}
}

func TestWriteFileReplacesPlantedLink(t *testing.T) {
	path := filepath.Join(t.TempDir(), "entry.desktop")
	victim := plant(t, path)
	must(t, WriteFile(path, []byte("new\n"), 0o644))
	checkReplaced(t, path, victim, "new\n")
	leftovers(t, filepath.Dir(path), 1)
}

func TestCreateReplacesPlantedLink(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cap.jsonl")
	victim := plant(t, path)
	f, fresh, err := Create(path, 0o600)
	must(t, err)
	if !fresh {
		t.Error("a new capture file is not fresh")
	}
	_, err = f.WriteString("line\n")
	must(t, err)
	must(t, f.Close())
	checkReplaced(t, path, victim, "line\n")
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	leftovers(t, filepath.Dir(path), 1)
}

func TestCreateReplacesOwnFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cap.jsonl")
	must(t, os.WriteFile(path, []byte("an older, longer capture\n"), 0o644))
	f, _, err := Create(path, 0o644)
	must(t, err)
	_, err = f.WriteString("x\n")
	must(t, err)
	must(t, f.Close())
	if b, _ := os.ReadFile(path); string(b) != "x\n" {
		t.Errorf("got %q", b)
	}
}

// A device, a FIFO or a system link named on purpose is written, not
// replaced.
func TestCreateWritesStreamsInPlace(t *testing.T) {
	for _, p := range []string{"/dev/null", "/dev/stdout", "/dev/fd/2"} {
		before, err := os.Lstat(p)
		if err != nil {
			t.Logf("%s: %v", p, err)
			continue
		}
		f, fresh, err := Create(p, 0o644)
		switch {
		case errors.Is(err, fs.ErrPermission):
			// A stream of another user's handed to us (a pipe of root's
			// under setpriv): not ours to reopen, and still not replaced.
		case err != nil || fresh:
			t.Errorf("%s: fresh %v, %v", p, fresh, err)
		default:
			f.Close()
		}
		if after, err := os.Lstat(p); err != nil || after.Mode() != before.Mode() || !os.SameFile(before, after) {
			t.Fatalf("%s was replaced: %v -> %v %v", p, before.Mode(), after.Mode(), err)
		}
	}
	fifo := filepath.Join(t.TempDir(), "pipe")
	must(t, syscall.Mkfifo(fifo, 0o600))
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	must(t, err)
	defer r.Close()
	f, fresh, err := Create(fifo, 0o600)
	must(t, err)
	_, err = f.WriteString("line\n")
	must(t, err)
	f.Close()
	buf := make([]byte, 16)
	if n, _ := r.Read(buf); string(buf[:n]) != "line\n" || fresh {
		t.Errorf("FIFO got %q (fresh %v)", buf[:n], fresh)
	}
}

// A FIFO another user planted in a shared sticky directory would hand them
// the capture.
func TestCreateRefusesSomeoneElsesFIFO(t *testing.T) {
	needRoot(t)
	dir := t.TempDir()
	must(t, os.Chmod(dir, os.ModeSticky|0o777))
	path := filepath.Join(dir, "cap.jsonl")
	must(t, syscall.Mkfifo(path, 0o666))
	must(t, os.Lchown(path, nobody, nobody))
	if f, _, err := Create(path, 0o600); err == nil {
		f.Close()
		t.Fatal("wrote into nobody's FIFO")
	}
}

func TestRefusesDirectoriesOfOthers(t *testing.T) {
	needRoot(t)
	dir := t.TempDir()
	must(t, os.Chown(dir, nobody, nobody))
	path := filepath.Join(dir, "f")
	if err := WriteFile(path, []byte("x"), 0o644); err == nil || !strings.Contains(err.Error(), "belongs to uid 65534") {
		t.Errorf("WriteFile in nobody's directory: %v", err)
	}
	if _, _, err := Create(path, 0o600); err == nil {
		t.Error("Create in nobody's directory")
	}
	if err := MkdirAll(filepath.Join(dir, "sub")); err == nil {
		t.Error("MkdirAll in nobody's directory")
	}
	if err := MkdirAll(dir); err == nil {
		t.Error("MkdirAll accepted nobody's directory as ours")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("wrote %v", ents)
	}
}

func TestRefusesDirectoriesOthersMayChange(t *testing.T) {
	dir := t.TempDir()
	must(t, os.Chmod(dir, 0o777))
	if err := WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err == nil || !strings.Contains(err.Error(), "every user may change") {
		t.Errorf("world-writable directory: %v", err)
	}
	// Sticky, like /tmp: others cannot rename or remove our entries.
	must(t, os.Chmod(dir, os.ModeSticky|0o777))
	must(t, WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644))
}

func TestMkdirAllIsPrivate(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "a", "b")
	must(t, MkdirAll(dir))
	for _, d := range []string{filepath.Join(base, "a"), dir} {
		if fi, err := os.Lstat(d); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
			t.Errorf("%s: %v %v", d, fi.Mode(), err)
		}
	}
	must(t, MkdirAll(dir)) // again: it exists and is ours
	// A link where a directory should be is not followed.
	link := filepath.Join(base, "link")
	must(t, os.Symlink(t.TempDir(), link))
	if err := MkdirAll(filepath.Join(link, "c")); err != nil {
		t.Logf("through an existing link: %v", err) // an existing parent may be a link (the caller named it)
	}
}

func TestEnvironmentOfAnotherUserIsIgnoredAsRoot(t *testing.T) {
	needRoot(t)
	foreign, own := t.TempDir(), t.TempDir()
	must(t, os.Chown(foreign, nobody, nobody))
	must(t, os.Chmod(foreign, 0o700))
	t.Setenv("HOME", foreign)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(foreign, ".config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(foreign, ".cache"))
	t.Setenv("XDG_RUNTIME_DIR", foreign)
	t.Setenv("TMPDIR", foreign)
	TakeNotes()
	noted = map[string]bool{}
	h, err := Home()
	if err != nil || strings.HasPrefix(h, foreign) {
		t.Errorf("Home %q %v", h, err)
	}
	for name, f := range map[string]func() (string, error){"ConfigDir": ConfigDir, "CacheDir": CacheDir} {
		if d, err := f(); err != nil || strings.HasPrefix(d, foreign) || !strings.HasPrefix(d, h) {
			t.Errorf("%s %q %v", name, d, err)
		}
	}
	if d := RuntimeDir(); d != "" {
		t.Errorf("RuntimeDir %q", d)
	}
	if d := TempDir(); d != "/tmp" {
		t.Errorf("TempDir %q", d)
	}
	notes := strings.Join(TakeNotes(), "\n")
	for _, v := range []string{"HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR", "TMPDIR"} {
		if !strings.Contains(notes, "ignoring "+v+"=") {
			t.Errorf("no note for %s:\n%s", v, notes)
		}
	}
	if again := TakeNotes(); len(again) != 0 {
		t.Errorf("notes repeated: %v", again)
	}
	// Root's own directories are used as they are.
	t.Setenv("XDG_CACHE_HOME", own)
	if d, _ := CacheDir(); d != own {
		t.Errorf("root's own cache dir %q, want %q", d, own)
	}
}

func TestRuntimeDirMustBePrivate(t *testing.T) {
	d := t.TempDir()
	must(t, os.Chmod(d, 0o700))
	t.Setenv("XDG_RUNTIME_DIR", d)
	if got := RuntimeDir(); got != d {
		t.Errorf("private runtime dir refused: %q %v", got, CheckPrivateDir(d))
	}
	must(t, os.Chmod(d, 0o755))
	if got := RuntimeDir(); got != "" {
		t.Errorf("runtime dir others may enter accepted")
	}
}

// leftovers fails when dir holds other than want entries (a temp file
// left behind).
func leftovers(t *testing.T, dir string, want int) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	if len(ents) != want {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("%s holds %v", dir, names)
	}
}
