package servers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// The payload types below decode leniently: each leaf accepts what servers
// and versions actually send and stays "unknown" for anything else, so one
// odd field costs only itself and never turns into a 0.

// number is a JSON number, or a string holding one ("4096"). NaN, ±Inf,
// overflow and every other JSON kind leave it unknown.
type number struct {
	f     float64
	i     int64
	isInt bool // i holds the exact value
	ok    bool
}

func (n *number) UnmarshalJSON(b []byte) error {
	*n = number{}
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		if json.Unmarshal(b, &s) != nil {
			return nil
		}
		s = strings.TrimSpace(s)
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		*n = number{f: float64(i), i: i, isInt: true, ok: true}
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	*n = number{f: f, ok: true}
	return nil
}

// int gives a whole value that fits in int64.
func (n number) int() (int64, bool) {
	switch {
	case !n.ok:
		return 0, false
	case n.isInt:
		return n.i, true
	case n.f != math.Trunc(n.f) || n.f < -(1<<63) || n.f >= 1<<63:
		return 0, false
	}
	return int64(n.f), true
}

// atLeast is the value as an *int64 when it is whole and >= min, else nil.
// Servers use 0 and -1 for "not set", so callers ask for 1 or 0 here.
func (n number) atLeast(min int64) *int64 {
	if v, ok := n.int(); ok && v >= min {
		return &v
	}
	return nil
}

// text is a JSON string; any other kind leaves it "".
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) != nil {
		s = ""
	}
	*t = text(s)
	return nil
}

// flag is a JSON bool, also "true"/"false" and 0/1.
type flag struct{ v, ok bool }

func (f *flag) UnmarshalJSON(b []byte) error {
	*f = flag{}
	switch strings.Trim(string(b), `"`) {
	case "true", "1":
		*f = flag{v: true, ok: true}
	case "false", "0":
		*f = flag{ok: true}
	}
	return nil
}

// texts is an array of strings (other elements skipped) or a lone string.
type texts []string

func (t *texts) UnmarshalJSON(b []byte) error {
	*t = nil
	var raw []json.RawMessage
	if json.Unmarshal(b, &raw) != nil {
		var s string
		if json.Unmarshal(b, &s) == nil && s != "" {
			*t = texts{s}
		}
		return nil
	}
	for _, r := range raw {
		var s string
		if json.Unmarshal(r, &s) == nil && s != "" {
			*t = append(*t, s)
		}
	}
	return nil
}

// list is an array of objects; elements that are not objects are dropped.
// A value that is not an array leaves the list empty.
type list[T any] []T

func (l *list[T]) UnmarshalJSON(b []byte) error {
	*l = nil
	var raw []json.RawMessage
	if json.Unmarshal(b, &raw) != nil {
		return nil
	}
	for _, r := range raw {
		var v T
		if decodeObject(r, &v) == nil {
			*l = append(*l, v)
		}
	}
	return nil
}

// timestamp is an RFC 3339 time; anything else leaves it zero.
type timestamp struct{ time.Time }

func (t *timestamp) UnmarshalJSON(b []byte) error {
	var s string
	t.Time = time.Time{}
	if json.Unmarshal(b, &s) == nil {
		if v, err := time.Parse(time.RFC3339Nano, s); err == nil {
			t.Time = v
		}
	}
	return nil
}

// decodeObject decodes a JSON object into v. Invalid JSON, or JSON that is
// not an object, is an error; a field of the wrong type just stays unknown.
func decodeObject(body []byte, v any) error { return decodeShape(body, '{', v) }

// decodeArray is decodeObject for a top-level JSON array.
func decodeArray(body []byte, v any) error { return decodeShape(body, '[', v) }

func decodeShape(body []byte, open byte, v any) error {
	b := bytes.TrimPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("\xef\xbb\xbf"))
	if !json.Valid(b) {
		return fmt.Errorf("%w: invalid JSON", ErrNotJSON)
	}
	if b[0] != open {
		return fmt.Errorf("%w: want a JSON %s", ErrNotJSON, map[byte]string{'{': "object", '[': "array"}[open])
	}
	err := json.Unmarshal(b, v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return nil // a field of the wrong type: it stays unknown
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotJSON, err)
	}
	return nil
}
