package journal

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/journal/journaltest"
)

// benchJournal is a journal of 10,000 entries from 10 processes.
func benchJournal(b *testing.B) (file, boot string, start time.Time) {
	boot = journaltest.Boot(b)
	start = time.Now().Add(-time.Hour).Truncate(time.Second)
	var es []journaltest.Entry
	for i := range 10000 {
		es = append(es, journaltest.Entry{Time: start.Add(time.Duration(i) * time.Millisecond), PID: 900 + i%10, Boot: boot,
			Message: fmt.Sprintf("load_tensors:        CUDA0 model buffer size =   %d.15 MiB", i)})
	}
	file = filepath.Join(b.TempDir(), "system.journal")
	journaltest.Write(b, file, es)
	return file, boot, start
}

// BenchmarkLinesCached: a refresh's ask while the journal is unchanged.
func BenchmarkLinesCached(b *testing.B) {
	file, boot, start := benchJournal(b)
	var r Reader
	if _, err := r.Lines([]string{file}, boot, 900, start); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		r.Lines([]string{file}, boot, 900, start)
	}
}

// BenchmarkLinesRun: one journalctl run for one process's 1,000 lines
// out of 10,000.
func BenchmarkLinesRun(b *testing.B) {
	file, boot, start := benchJournal(b)
	for b.Loop() {
		var r Reader
		if l, err := r.Lines([]string{file}, boot, 900, start); err != nil || len(l) != 1000 {
			b.Fatal(len(l), err)
		}
	}
}
