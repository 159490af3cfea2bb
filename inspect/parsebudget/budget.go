// Package parsebudget is gtm's one memory budget for parsing the files
// other processes name (model headers, configs, indexes): every parser
// that allocates in proportion to its input accounts those bytes here
// before it allocates them, so many hostile files at once cannot add up
// past what the budget allows. A parse that would pass it fails with an
// error saying so, instead of growing gtm's memory.
//
// A parse holds a Reservation, grows it as it keeps things (a table of
// tensors, metadata strings) and releases it when it returns; what it
// returns is small (sums), so nothing stays accounted after.
//
// docs/design.md, safety rule 11.
package parsebudget

import (
	"errors"
	"fmt"
	"sync"
)

// DefaultLimit is the budget all parses share. A real model costs far
// less (measured: a 10,000-tensor safetensors header under 1 MiB, a
// 1,000-tensor GGUF header with a 152k-token vocabulary 0.2 MiB: token
// lists are counted, not kept), and the dearest header each parser's
// limits let through fits (at most ~16 MiB). With the Go heap at most
// about twice what is live, gtm serve (23.5 MiB peak, docs/kubernetes.md)
// stays near 100 MiB with the whole budget in use, inside the DaemonSet's
// 256 MiB limit; the hostile-files test in inspect measures 72 MiB.
const DefaultLimit = 32 << 20

// chunk is how much a Reservation takes from the budget at a time, so
// that growing by a few bytes per tensor does not lock per tensor.
const chunk = 64 << 10

// ErrOver is wrapped by every refusal.
var ErrOver = errors.New("over gtm's header memory budget")

// Error is a parse refused by the budget.
type Error struct {
	Need  int64 // the parse's own bytes, with what it asked for
	Held  int64 // bytes other parses held then
	Limit int64
}

func (e *Error) Error() string {
	if e.Busy() {
		return fmt.Sprintf("%v: needs %s while other parses hold %s of %s (tried again later)", ErrOver, mib(e.Need), mib(e.Held), mib(e.Limit))
	}
	return fmt.Sprintf("%v: needs %s, more than the whole %s", ErrOver, mib(e.Need), mib(e.Limit))
}

// Is makes errors.Is(err, ErrOver) true.
func (e *Error) Is(target error) bool { return target == ErrOver }

// Busy reports whether the parse would fit were other parses not holding
// the budget: a passing state, not a property of the file.
func (e *Error) Busy() bool { return e.Need <= e.Limit }

// Busy reports whether err is a refusal only because other parses hold
// the budget now. Callers that cache failures per file do not cache it.
func Busy(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Busy()
}

func mib(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KiB", (n+1023)>>10)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// Budget is bytes shared by parses.
type Budget struct {
	mu    sync.Mutex
	limit int64
	held  int64
}

// New returns a budget of limit bytes.
func New(limit int64) *Budget { return &Budget{limit: limit} }

// Default is the budget every parser in gtm uses.
var Default = New(DefaultLimit)

// SetLimit changes the limit (parses already holding more keep it until
// they release) and returns the previous one.
func (b *Budget) SetLimit(limit int64) int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	old := b.limit
	b.limit = limit
	return old
}

// Held is how many bytes parses hold now.
func (b *Budget) Held() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.held
}

// take moves n bytes from the budget to a reservation holding own.
func (b *Budget) take(n, own int64) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.held+n > b.limit {
		return &Error{Need: own + n, Held: b.held - own, Limit: b.limit}
	}
	b.held += n
	return nil
}

func (b *Budget) give(n int64) {
	b.mu.Lock()
	b.held -= n
	b.mu.Unlock()
}

// Reservation is one parse's share of a budget. It is not safe for
// concurrent use: one parse, one goroutine.
type Reservation struct {
	b    *Budget
	used int64 // bytes the parse accounted
	held int64 // bytes taken from b (used rounded up to chunks)
}

// Reserve starts a parse's reservation on b, holding nothing yet.
func (b *Budget) Reserve() *Reservation { return &Reservation{b: b} }

// Reserve starts a reservation on the Default budget.
func Reserve() *Reservation { return Default.Reserve() }

// Grow accounts n more bytes, before the parse allocates them. It fails
// with an *Error (wrapping ErrOver) when the budget cannot give them; the
// parse should then stop.
func (r *Reservation) Grow(n int64) error {
	if n <= 0 {
		return nil
	}
	if r.used+n <= r.held {
		r.used += n
		return nil
	}
	need := r.used + n - r.held
	more := max(need, chunk)
	if err := r.b.take(more, r.held); err != nil {
		if more == need {
			return err
		}
		if err := r.b.take(need, r.held); err != nil { // the last bytes of the budget
			return err
		}
		more = need
	}
	r.held += more
	r.used += n
	return nil
}

// Used is what the parse accounted so far.
func (r *Reservation) Used() int64 { return r.used }

// Release gives everything back; the reservation may be used again.
func (r *Reservation) Release() {
	if r.held > 0 {
		r.b.give(r.held)
	}
	r.used, r.held = 0, 0
}
