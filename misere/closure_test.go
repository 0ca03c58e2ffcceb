package misere

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// countingNim is Nim on one heap, counting the options it yields.
type countingNim struct{ yielded *int64 }

func (g countingNim) Moves(p int, yield func(int) bool) {
	for q := p - 1; q >= 0; q-- {
		*g.yielded++
		if !yield(q) {
			return
		}
	}
}

// endCtx is a context whose Err reports Canceled from its call stop on,
// counting the calls.
type endCtx struct {
	context.Context
	calls atomic.Int64
	stop  int64
}

func (c *endCtx) Err() error {
	if c.calls.Add(1) >= c.stop {
		return context.Canceled
	}
	return nil
}

// Issue 45: the closure of the positions of a quotient checked its context
// every 1024 positions and its memory after each position's whole list of
// moves: the closure of nim 100000 listed up to 100000 options a position
// between checks, and ran seconds past its deadline. Now it checks the
// context every closureWork options and the memory as each is added.
func TestPositionsChecksByWork(t *testing.T) {
	var n int64
	ctx := &endCtx{Context: context.Background(), stop: 2}
	_, err := Positions[int](ctx, countingNim{&n}, []int{100_000}, impartial.Settings{})
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitCanceled {
		t.Fatalf("closure under an ended context: %v, want a canceled BudgetError", err)
	}
	if n > 2*closureWork+1 {
		t.Errorf("%d options listed, want at most %d: the context is checked every %d", n, 2*closureWork+1, closureWork)
	}

	// 1 MiB holds about 32,768 options at 32 bytes each: the list of the
	// 10^6 options of one position stops there, not after it.
	n = 0
	_, err = Positions[int](context.Background(), countingNim{&n}, []int{1_000_000}, impartial.Settings{Budget: impartial.Budget{MaxMemory: 1 << 20}})
	if !errors.As(err, &be) || be.Limit != impartial.LimitMemory {
		t.Fatalf("closure of nim 10^6 within 1 MiB: %v, want a memory BudgetError", err)
	}
	if n > 1<<20/32+1 {
		t.Errorf("%d options listed within 1 MiB, want at most %d", n, 1<<20/32+1)
	}
}

// manyMoves are heap rules whose heap n has n·1000 moves (to every smaller
// heap, a thousand times over), counting those yielded.
type manyMoves struct{ yielded *int64 }

func (r manyMoves) HeapOptions(n int, yield func([]int) bool) error {
	for range 1000 {
		for q := 0; q < n; q++ {
			*r.yielded++
			if !yield([]int{q}) {
				return nil
			}
		}
	}
	return nil
}

// The options of one heap of a quotient are listed under the context and
// within the memory budget: a heap with a million moves (a take-and-break
// code's partitions) stops at the first check after its context ended,
// and at the budget rather than after the whole list.
func TestHeapOptionsChecked(t *testing.T) {
	var n int64
	b := newBuilder(manyMoves{&n}, Settings{})
	_, err := b.optionsUnder(&endCtx{Context: context.Background(), stop: 1}, 1000)
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitCanceled || n > closureWork {
		t.Fatalf("under an ended context: %v after %d moves, want canceled within %d", err, n, closureWork)
	}
	n = 0
	b = newBuilder(manyMoves{&n}, Settings{Budget: impartial.Budget{MaxMemory: 64 << 10}})
	_, err = b.optionsUnder(context.Background(), 1000)
	if !errors.As(err, &be) || be.Limit != impartial.LimitMemory || n > 64<<10/8+closureWork {
		t.Fatalf("within 64 KiB: %v after %d moves, want a memory error within %d", err, n, 64<<10/8+closureWork)
	}
}
