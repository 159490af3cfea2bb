package torchlog

import (
	"time"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
)

// How much of a date a line's timestamp carries.
const (
	stampNone     = iota
	stampFull     // a whole date and time (SGLang, TGI, a docker prefix)
	stampNoYear   // vLLM's "%m-%d %H:%M:%S"
	stampTimeOnly // "[%H:%M:%S]": SGLang builds that print no date
)

// stamp is a line's timestamp as written; a partial one is completed
// against the file's modification time when the block is placed.
type stamp struct {
	kind                           uint8
	t                              time.Time // stampFull
	mon, day, hour, min, sec, nsec int
}

// yearSlack is how far after the file's mtime a year-less stamp may fall
// and still be this year's: a log written in one time zone and read in
// another is off by up to 26 hours, while a stamp from a year ago plus a
// day is not worth guarding against.
const yearSlack = 26 * time.Hour

// resolve completes s against ref, the file's modification time: a
// year-less stamp goes in the year that puts it nearest before ref, a
// time-only one on the day that does. Naive stamps are local time, as
// Python's logging writes them.
func (s stamp) resolve(ref time.Time) time.Time {
	switch s.kind {
	case stampFull:
		return s.t
	case stampNoYear:
		if ref.IsZero() {
			return time.Time{}
		}
		ref = ref.In(time.Local)
		t := time.Date(ref.Year(), time.Month(s.mon), s.day, s.hour, s.min, s.sec, s.nsec, time.Local)
		if t.After(ref.Add(yearSlack)) {
			t = time.Date(ref.Year()-1, time.Month(s.mon), s.day, s.hour, s.min, s.sec, s.nsec, time.Local)
		}
		return t
	case stampTimeOnly:
		if ref.IsZero() {
			return time.Time{}
		}
		ref = ref.In(time.Local)
		t := time.Date(ref.Year(), ref.Month(), ref.Day(), s.hour, s.min, s.sec, s.nsec, time.Local)
		// Only the clock's own slack: a day wrongly kept would date an old
		// block after a new process's start.
		if t.After(ref.Add(llamacpplog.ClockSlack)) {
			t = t.AddDate(0, 0, -1)
		}
		return t
	}
	return time.Time{}
}

// digits reads n decimal digits at s[i:].
func digits(s string, i, n int) (int, bool) {
	if i < 0 || i+n > len(s) {
		return 0, false
	}
	v := 0
	for _, c := range []byte(s[i : i+n]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// clock reads "HH:MM:SS" and an optional ",mmm" or ".ffffff" at s[i:],
// returning the stamp and the index after it.
func clock(s string, i int) (st stamp, end int, ok bool) {
	h, ok1 := digits(s, i, 2)
	m, ok2 := digits(s, i+3, 2)
	sec, ok3 := digits(s, i+6, 2)
	if !ok1 || !ok2 || !ok3 || s[i+2] != ':' || s[i+5] != ':' || h > 23 || m > 59 || sec > 60 {
		return stamp{}, i, false
	}
	st.hour, st.min, st.sec = h, m, sec
	end = i + 8
	if end < len(s) && (s[end] == '.' || s[end] == ',') {
		j, frac, scale := end+1, 0, 1_000_000_000
		for j < len(s) && j-end <= 9 && s[j] >= '0' && s[j] <= '9' {
			scale /= 10
			frac += int(s[j]-'0') * scale
			j++
		}
		if j > end+1 {
			st.nsec, end = frac, j
		}
	}
	return st, end, true
}

// monthDay reads "MM-DD" at s[i:].
func monthDay(s string, i int) (mon, day int, ok bool) {
	mon, ok1 := digits(s, i, 2)
	day, ok2 := digits(s, i+3, 2)
	if !ok1 || !ok2 || i+2 >= len(s) || s[i+2] != '-' || mon < 1 || mon > 12 || day < 1 || day > 31 {
		return 0, 0, false
	}
	return mon, day, true
}

// dateTime reads "YYYY-MM-DD HH:MM:SS" (local time) at s[i:].
func dateTime(s string, i int) (stamp, int, bool) {
	y, ok := digits(s, i, 4)
	if !ok || i+4 >= len(s) || s[i+4] != '-' || y < 1970 {
		return stamp{}, i, false
	}
	mon, day, ok := monthDay(s, i+5)
	if !ok || i+10 >= len(s) || s[i+10] != ' ' {
		return stamp{}, i, false
	}
	st, end, ok := clock(s, i+11)
	if !ok {
		return stamp{}, i, false
	}
	st.kind = stampFull
	st.t = time.Date(y, time.Month(mon), day, st.hour, st.min, st.sec, st.nsec, time.Local)
	return st, end, true
}
