package probe

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// ErrBudget is a request not made, or cut short, because the refresh's
// Budget was spent.
var ErrBudget = errors.New("probe budget spent")

// Budget caps the time one refresh spends probing, so a refresh over many
// servers stays cheap however they behave. Make one per refresh, attach
// it to the context with WithBudget, and pass that context to every Get:
//
//	ctx := probe.WithBudget(ctx, probe.NewBudget(300*time.Millisecond))
//	for _, k := range targets {
//		r := client.GetCached(ctx, k, "/v1/models", nil, 10*time.Second)
//		if errors.Is(r.Err, probe.ErrBudget) {
//			break // the rest wait for the next refresh
//		}
//	}
//
// Each request's time is charged when it ends; a cached answer costs
// nothing. Once spent, requests fail at once with ErrBudget, and a request
// in flight is cut at the time left. Concurrent requests are each charged
// in full, so the sum, not the wall time, is what is capped.
type Budget struct {
	total time.Duration
	spent atomic.Int64
}

// NewBudget returns a budget of total.
func NewBudget(total time.Duration) *Budget { return &Budget{total: total} }

// Charge records d spent.
func (b *Budget) Charge(d time.Duration) { b.spent.Add(int64(d)) }

// Spent is the time charged so far.
func (b *Budget) Spent() time.Duration { return time.Duration(b.spent.Load()) }

// Left is the time remaining, never negative.
func (b *Budget) Left() time.Duration { return max(b.total-b.Spent(), 0) }

// Exhausted reports whether nothing is left.
func (b *Budget) Exhausted() bool { return b.Left() <= 0 }

type budgetKey struct{}

// WithBudget returns ctx carrying b; a Client's requests under it are
// charged to b and stop when b is spent.
func WithBudget(ctx context.Context, b *Budget) context.Context {
	return context.WithValue(ctx, budgetKey{}, b)
}

func budgetFrom(ctx context.Context) *Budget {
	b, _ := ctx.Value(budgetKey{}).(*Budget)
	return b
}

// Exhausted reports whether ctx carries a Budget with nothing left.
func Exhausted(ctx context.Context) bool {
	b := budgetFrom(ctx)
	return b != nil && b.Exhausted()
}
