package desktop

import (
	"bytes"
	"io"
	"sync"
)

// quietBus is the standard logger's output while no session bus can be
// reached. Fyne reports each thing it would have asked the bus for (the
// desktop's light or dark theme, a notification) as an error record of
// three log lines: "Fyne error:  …", "  Cause: dbus: …", "  At: …". gtm has
// already said in one line that there is no bus, so a record whose cause
// is DBus's is dropped; every other line passes unchanged, in order.
type quietBus struct {
	mu   sync.Mutex
	w    io.Writer
	head []byte // a "Fyne error:" line, held until its cause is known
	skip bool   // a dropped record's "At:" line may follow
}

func newQuietBus(w io.Writer) *quietBus { return &quietBus{w: w} }

// Write takes one log line (the log package writes each line once).
func (q *quietBus) Write(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if head := q.head; head != nil {
		q.head = nil
		if bytes.Contains(p, []byte("  Cause: dbus: ")) {
			q.skip = true
			return len(p), nil
		}
		if _, err := q.w.Write(head); err != nil {
			return 0, err
		}
	}
	if q.skip {
		q.skip = false
		if bytes.Contains(p, []byte("  At: ")) {
			return len(p), nil
		}
	}
	if bytes.Contains(p, []byte("Fyne error: ")) {
		q.head = append([]byte(nil), p...)
		return len(p), nil
	}
	return q.w.Write(p)
}
