// Package journaltest writes real journal files for tests, with systemd's
// own writer: systemd-journal-remote reading the journal export format
// (https://systemd.io/JOURNAL_EXPORT_FORMATS/, "Journal Export Format":
// FIELD=value lines, an empty line after each entry; __REALTIME_TIMESTAMP
// and __MONOTONIC_TIMESTAMP in µs, _BOOT_ID as 32 hex digits). A test on
// a machine without it (Debian's systemd-journal-remote package) is
// skipped, saying so.
package journaltest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// Entry is one journal entry as a stdout stream of journald writes it.
type Entry struct {
	Time    time.Time
	PID     int
	Boot    string // 32 hex digits
	Message string // one line
	// UID is _UID; 0 writes none.
	UID int
}

// writers are where Debian and Fedora install systemd-journal-remote.
var writers = []string{"/lib/systemd/systemd-journal-remote", "/usr/lib/systemd/systemd-journal-remote"}

// Writer is systemd-journal-remote's path; the test is skipped when it is
// not installed.
func Writer(t testing.TB) string {
	t.Helper()
	for _, w := range writers {
		if _, err := os.Stat(w); err == nil {
			return w
		}
	}
	t.Skip("systemd-journal-remote is not installed (Debian: apt-get install systemd-journal-remote; scripts/install-deps.sh --journal): no journal files can be written")
	return ""
}

// Export is entries in the journal export format.
func Export(entries []Entry) []byte {
	var b bytes.Buffer
	for i, e := range entries {
		fmt.Fprintf(&b, "__REALTIME_TIMESTAMP=%d\n__MONOTONIC_TIMESTAMP=%d\n_BOOT_ID=%s\n_PID=%d\n",
			e.Time.UnixMicro(), 1000+i, e.Boot, e.PID)
		if e.UID != 0 {
			fmt.Fprintf(&b, "_UID=%d\n", e.UID)
		}
		fmt.Fprintf(&b, "_TRANSPORT=stdout\nMESSAGE=%s\n\n", strings.TrimRight(e.Message, "\n"))
	}
	return b.Bytes()
}

// Write writes entries to the journal file path (its name must end in
// .journal).
func Write(t testing.TB, path string, entries []Entry) {
	t.Helper()
	cmd := exec.Command(Writer(t), "-o", path, "-")
	cmd.Stdin = bytes.NewReader(Export(entries))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("systemd-journal-remote: %v: %s", err, out)
	}
}

// Boot is this machine's boot ID as the journal writes it: 32 hex
// digits, no dashes.
func Boot(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(strings.TrimSpace(string(b)), "-", "")
}
