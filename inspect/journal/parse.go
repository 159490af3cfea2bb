package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"time"
)

// entry is one line of journalctl --output=json. Values are strings, but
// (journalctl(1), systemd 252, "json"): a field over 4096 bytes is null, a
// field with non-printable or non-UTF-8 bytes is an array of byte values,
// and a field given twice in an entry is an array of its values.
type entry struct {
	Message  json.RawMessage `json:"MESSAGE"`
	PID      json.RawMessage `json:"_PID"`
	Realtime string          `json:"__REALTIME_TIMESTAMP"` // µs since the epoch
}

// parse splits journalctl's output into each PID's lines from its own
// time in since on. A line that cannot be read is skipped.
func parse(out []byte, since map[int]time.Time) (map[int][]Line, error) {
	lines := map[int][]Line{}
	for len(out) > 0 {
		var raw []byte
		raw, out, _ = bytes.Cut(out, []byte{'\n'})
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		var e entry
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, errors.New("journalctl: output is not JSON")
		}
		pid, ok := pidOf(e.PID)
		us, err := strconv.ParseInt(e.Realtime, 10, 64)
		if !ok || err != nil {
			continue
		}
		when := time.UnixMicro(us)
		from, wanted := since[pid]
		text, ok := message(e.Message)
		if !wanted || !ok || when.Before(from) {
			continue
		}
		// journald splits nothing on stdout streams but keeps one
		// line per entry; a trailing newline is not part of it
		lines[pid] = append(lines[pid], Line{Time: when, Text: bytes.TrimRight(text, "\n")})
	}
	return lines, nil
}

// pidOf reads _PID: a string of digits.
func pidOf(raw json.RawMessage) (int, bool) {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return 0, false
	}
	pid, err := strconv.Atoi(s)
	return pid, err == nil && pid > 0
}

// message reads MESSAGE: a string, or an array of byte values (non-UTF-8
// or non-printable bytes, such as a terminal colour code); null (over 4096
// bytes) and repeated fields are not read.
func message(raw json.RawMessage) ([]byte, bool) {
	var s string
	if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
		return []byte(s), true
	}
	var bs []byte // a JSON array of numbers decodes into a []byte
	if len(raw) > 0 && raw[0] == '[' && json.Unmarshal(raw, &bs) == nil {
		return bs, true
	}
	return nil, false
}
