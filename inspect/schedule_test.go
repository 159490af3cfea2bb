package inspect

import (
	"testing"
	"time"
)

func u64(v uint64) *uint64 { return &v }

func TestSchedulerPolicy(t *testing.T) {
	s := NewScheduler()
	t0 := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	a := Candidate{Key: Key{PID: 1}, VRAM: u64(1 << 30)}
	b := Candidate{Key: Key{PID: 2}, VRAM: u64(4 << 30)}
	c := Candidate{Key: Key{PID: 3}}
	due := s.Due([]Candidate{a, c, b}, t0)
	if len(due) != 3 || due[0].Key.PID != 2 || due[1].Key.PID != 1 || due[2].Key.PID != 3 {
		t.Fatalf("new processes must all be due, most VRAM first: %+v", due)
	}
	for _, x := range due {
		s.Done(x, t0)
	}
	if due := s.Due([]Candidate{a, b, c}, t0.Add(time.Second)); len(due) != 0 {
		t.Errorf("nothing changed, nothing due: %+v", due)
	}
	cases := []struct {
		name string
		vram *uint64
		at   time.Duration
		want bool
	}{
		{"small change", u64(1<<30 + 10<<20), time.Second, false},
		{"64 MiB up", u64(1<<30 + 64<<20), time.Second, true},
		{"64 MiB down", u64(1<<30 - 64<<20), time.Second, true},
		{"2 minutes", u64(1 << 30), RescanAfter, true},
		{"size vanished", nil, time.Second, true},
	}
	for _, tc := range cases {
		got := len(s.Due([]Candidate{{Key: a.Key, VRAM: tc.vram}}, t0.Add(tc.at))) == 1
		if got != tc.want {
			t.Errorf("%s: due = %v, want %v", tc.name, got, tc.want)
		}
	}
	// 10 % of a small process is less than 64 MiB.
	small := Candidate{Key: Key{PID: 9}, VRAM: u64(100 << 20)}
	s.Done(small, t0)
	if len(s.Due([]Candidate{{Key: small.Key, VRAM: u64(111 << 20)}}, t0.Add(time.Second))) != 1 {
		t.Error("a 11 % change must be due")
	}
	// A reused PID (new start time) is a new process.
	if len(s.Due([]Candidate{{Key: Key{PID: 1, Start: t0}, VRAM: a.VRAM}}, t0.Add(time.Second))) != 1 {
		t.Error("reused PID must be due")
	}
	s.Forget(map[Key]bool{b.Key: true})
	if len(s.last) != 1 {
		t.Errorf("forget kept %d", len(s.last))
	}
}
