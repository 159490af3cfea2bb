package parsebudget_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/parsebudget"
)

func TestGrowAndRelease(t *testing.T) {
	b := parsebudget.New(1 << 20)
	r := b.Reserve()
	for range 1000 {
		if err := r.Grow(24); err != nil {
			t.Fatal(err)
		}
	}
	if r.Used() != 24000 || b.Held() < 24000 || b.Held() > 24000+64<<10 {
		t.Fatalf("used %d, held %d", r.Used(), b.Held())
	}
	r.Release()
	if b.Held() != 0 || r.Used() != 0 {
		t.Fatalf("after release: held %d used %d", b.Held(), r.Used())
	}
}

// A second parse is refused while a first holds the budget, as a passing
// state (Busy); it fits once the first releases.
func TestSecondParseRefusedWhileFirstHolds(t *testing.T) {
	b := parsebudget.New(1 << 20)
	first := b.Reserve()
	if err := first.Grow(700 << 10); err != nil {
		t.Fatal(err)
	}
	second := b.Reserve()
	err := second.Grow(500 << 10)
	if !errors.Is(err, parsebudget.ErrOver) || !parsebudget.Busy(err) {
		t.Fatalf("second parse: %v", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "over gtm's header memory budget") || !strings.Contains(msg, "other parses hold") {
		t.Fatalf("message %q", msg)
	}
	first.Release()
	if err := second.Grow(500 << 10); err != nil {
		t.Fatalf("after the first released: %v", err)
	}
	second.Release()
}

// A parse that needs more than the whole budget is refused for good (not
// Busy): that is the file's property, worth caching.
func TestOverWholeBudget(t *testing.T) {
	b := parsebudget.New(1 << 20)
	r := b.Reserve()
	if err := r.Grow(1 << 19); err != nil {
		t.Fatal(err)
	}
	err := r.Grow(1 << 20)
	if !errors.Is(err, parsebudget.ErrOver) || parsebudget.Busy(err) {
		t.Fatalf("%v (busy %v)", err, parsebudget.Busy(err))
	}
	r.Release()
	if b.Held() != 0 {
		t.Fatalf("held %d", b.Held())
	}
}

// The last bytes of the budget are given exactly, not in whole chunks.
func TestLastBytes(t *testing.T) {
	b := parsebudget.New(100 << 10)
	r := b.Reserve()
	if err := r.Grow(90 << 10); err != nil {
		t.Fatal(err)
	}
	if err := r.Grow(10 << 10); err != nil {
		t.Fatal(err)
	}
	if err := r.Grow(1); err == nil {
		t.Fatal("grew past the limit")
	}
}

func TestSetLimit(t *testing.T) {
	b := parsebudget.New(1 << 20)
	if old := b.SetLimit(1 << 10); old != 1<<20 {
		t.Fatalf("old limit %d", old)
	}
	if err := b.Reserve().Grow(2 << 10); err == nil {
		t.Fatal("grew past the new limit")
	}
}
