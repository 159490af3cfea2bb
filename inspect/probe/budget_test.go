package probe

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

func TestBudget(t *testing.T) {
	b := NewBudget(100 * time.Millisecond)
	b.Charge(60 * time.Millisecond)
	if b.Left() != 40*time.Millisecond || b.Exhausted() {
		t.Errorf("left %v", b.Left())
	}
	b.Charge(60 * time.Millisecond)
	if b.Left() != 0 || !b.Exhausted() || b.Spent() != 120*time.Millisecond {
		t.Errorf("left %v, spent %v", b.Left(), b.Spent())
	}
}

// Requests are charged; once spent, none is made; one in flight is cut at
// the time left, and the target is not blamed.
func TestBudgetStopsProbing(t *testing.T) {
	port, hits := server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			select {
			case <-time.After(time.Second):
			case <-r.Context().Done():
			}
		}
	})
	c := New(Options{})
	defer c.Close()
	b := NewBudget(100 * time.Millisecond)
	ctx := WithBudget(context.Background(), b)
	if r := c.Get(ctx, port, "/fast", nil); r.Err != nil || b.Spent() != r.Elapsed {
		t.Fatalf("%v; spent %v of %v", r.Err, b.Spent(), r.Elapsed)
	}
	k := Key{PID: 3, Port: port}
	r := c.GetCached(ctx, k, "/slow", nil, time.Second)
	if !errors.Is(r.Err, ErrBudget) {
		t.Errorf("slow: %v", r.Err)
	}
	within(t, r, 100*time.Millisecond)
	if !c.Tracker().Allowed(k, time.Now()) || c.Tracker().RetryIn(k, "/slow", time.Now()) != 0 {
		t.Error("budget cut counted against the target")
	}
	before := hits.Load()
	if r := c.Get(ctx, port, "/fast", nil); !errors.Is(r.Err, ErrBudget) || r.Elapsed > 10*time.Millisecond {
		t.Errorf("after: %v in %v", r.Err, r.Elapsed)
	}
	if hits.Load() != before {
		t.Error("request made with the budget spent")
	}
}
