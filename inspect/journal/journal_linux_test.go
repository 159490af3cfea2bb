package journal

import (
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/journal/journaltest"
	"github.com/gputaskman/gtm/internal/safefile"
)

// counting is a journalctl that counts its runs in a file.
func counting(t *testing.T) (bin string, runs func() int) {
	real, err := exec.LookPath("journalctl")
	if err != nil {
		t.Skip("journalctl is not installed")
	}
	dir := t.TempDir()
	count := filepath.Join(dir, "runs")
	bin = filepath.Join(dir, "journalctl")
	script := "#!/bin/sh\necho >> " + count + "\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, func() int {
		b, _ := os.ReadFile(count)
		return strings.Count(string(b), "\n")
	}
}

// Lines are the process's own, of this boot, from since on: another
// PID's, another boot's and earlier lines are not.
func TestLinesByPIDBootAndSince(t *testing.T) {
	boot := journaltest.Boot(t)
	other := strings.Repeat("ab", 16)
	start := time.Now().Add(-time.Minute).Truncate(time.Second)
	file := filepath.Join(t.TempDir(), "system.journal")
	journaltest.Write(t, file, []journaltest.Entry{
		{Time: start.Add(-2 * time.Second), PID: 700, Boot: boot, Message: "before the start"},
		{Time: start.Add(time.Second), PID: 700, Boot: boot, Message: "first"},
		{Time: start.Add(2 * time.Second), PID: 701, Boot: boot, Message: "another process"},
		{Time: start.Add(3 * time.Second), PID: 700, Boot: other, Message: "another boot"},
		{Time: start.Add(4 * time.Second), PID: 700, Boot: boot, Message: "second"},
	})
	var r Reader
	lines, err := r.Lines([]string{file}, boot, 700, start)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range lines {
		got = append(got, string(l.Text))
	}
	if strings.Join(got, "|") != "first|second" || !lines[0].Time.Equal(start.Add(time.Second)) {
		t.Errorf("lines = %q (first at %v)", got, lines)
	}
}

// One journalctl run serves every process asked about while the files
// stay the same; a changed file is read again, once, after MinAge.
func TestOneRunPerFileVersion(t *testing.T) {
	boot := journaltest.Boot(t)
	bin, runs := counting(t)
	start := time.Now().Add(-time.Minute).Truncate(time.Second)
	file := filepath.Join(t.TempDir(), "system.journal")
	entries := []journaltest.Entry{
		{Time: start.Add(time.Second), PID: 800, Boot: boot, Message: "a"},
		{Time: start.Add(time.Second), PID: 801, Boot: boot, Message: "b"},
	}
	journaltest.Write(t, file, entries)
	clock := time.Now()
	r := Reader{Journalctl: bin, now: func() time.Time { return clock }}
	ask := func(pid int, want string) {
		t.Helper()
		lines, err := r.Lines([]string{file}, boot, pid, start)
		if err != nil || len(lines) == 0 || string(lines[len(lines)-1].Text) != want {
			t.Fatalf("pid %d: %v %v, want last line %q", pid, lines, err, want)
		}
	}
	ask(800, "a")
	ask(801, "b") // a process not yet read: one more run, for both
	for range 3 {
		ask(800, "a")
		ask(801, "b")
	}
	if n := runs(); n != 2 {
		t.Errorf("%d journalctl runs for two processes over four refreshes, want 2", n)
	}
	entries = append(entries, journaltest.Entry{Time: start.Add(2 * time.Second), PID: 800, Boot: boot, Message: "c"})
	journaltest.Write(t, file, entries[2:])
	ask(800, "a") // changed, but read less than MinAge ago
	clock = clock.Add(MinAge)
	ask(800, "c")
	ask(801, "b")
	if n := runs(); n != 3 {
		t.Errorf("%d journalctl runs after the journal changed, want 3", n)
	}
}

// The journal's permissions: a user reads their own journal; the system
// journal only root and the reader groups (adm here) read.
func TestFilesAsTheProcessUserCould(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to give the files owners")
	}
	adm, err := user.LookupGroup("adm")
	if err != nil {
		t.Skip("no adm group on this machine")
	}
	admGID, _ := strconv.ParseUint(adm.Gid, 10, 32)
	dir := filepath.Join(t.TempDir(), "0123456789abcdef0123456789abcdef")
	must(t, os.MkdirAll(dir, 0o755))
	sys, own := filepath.Join(dir, "system.journal"), filepath.Join(dir, "user-1000.journal")
	must(t, os.WriteFile(sys, nil, 0o640))
	// journald's: root's, 0640, opened to its user by an ACL
	must(t, os.WriteFile(own, nil, 0o640))
	must(t, os.WriteFile(filepath.Join(dir, "user-10000.journal"), nil, 0o640))
	must(t, os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644))
	for _, c := range []struct {
		cred safefile.Cred
		want string
	}{
		{safefile.Cred{UID: 1000, GID: 1000}, own},
		{safefile.Cred{UID: 1001, GID: 1001}, ""},
		{safefile.Cred{UID: 1001, GID: 1001, Groups: []uint32{uint32(admGID)}}, sys},
		{safefile.Cred{UID: 0, GID: 0}, sys + "," + own + "," + filepath.Join(dir, "user-10000.journal")},
	} {
		got := Files([]string{filepath.Dir(dir)}, &safefile.Access{Cred: &c.cred})
		if strings.Join(got, ",") != c.want {
			t.Errorf("uid %d groups %v: %v, want %s", c.cred.UID, c.cred.Groups, got, c.want)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
