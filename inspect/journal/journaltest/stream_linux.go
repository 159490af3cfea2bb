package journaltest

import (
	"bufio"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Stream stands in for journald's stdout stream: a Unix stream socket a
// process writes its output to (File, to hand to the process), each line
// kept with the time it arrived, as journald stamps it.
type Stream struct {
	File *os.File // the process's end

	mu    sync.Mutex
	lines []Entry
	added chan struct{}
}

// NewStream opens a stream; both ends are closed when the test ends.
func NewStream(t testing.TB) *Stream {
	t.Helper()
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := &Stream{File: os.NewFile(uintptr(fds[0]), "stdout-stream"), added: make(chan struct{}, 1)}
	ours := os.NewFile(uintptr(fds[1]), "journald-end")
	t.Cleanup(func() { s.File.Close(); ours.Close() })
	go func() {
		sc := bufio.NewScanner(ours)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			s.mu.Lock()
			s.lines = append(s.lines, Entry{Time: time.Now(), Message: sc.Text()})
			s.mu.Unlock()
			select {
			case s.added <- struct{}{}:
			default:
			}
		}
	}()
	return s
}

// Journal waits until a line containing last has arrived, then writes
// every line so far to the journal file path as pid's, in boot.
func (s *Stream) Journal(t testing.TB, path string, pid int, boot, last string) {
	t.Helper()
	give := time.After(30 * time.Second)
	for {
		s.mu.Lock()
		got := append([]Entry(nil), s.lines...)
		s.mu.Unlock()
		for _, e := range got {
			if strings.Contains(e.Message, last) {
				for i := range got {
					got[i].PID, got[i].Boot = pid, boot
				}
				Write(t, path, got)
				return
			}
		}
		select {
		case <-s.added:
		case <-give:
			t.Fatalf("the stream never carried %q; it carried %d lines", last, len(got))
		}
	}
}
