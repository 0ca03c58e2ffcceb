package octal

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy/grundy/impartial"
)

// StreamRequest asks Stream for the values G(From..To) of a game.
type StreamRequest struct {
	From, To int
	// Known replays, in order, the values G(0..KnownCount−1) computed
	// earlier (say, read back from a checkpoint) by calling each with every
	// one of them; nil if none. They are loaded as if computed, and emitted
	// like computed values (those from From on).
	KnownCount int
	Known      func(each func(v uint64) error) error
	// Tail, if positive, bounds memory for record runs: the computer keeps
	// its first Tail values and a window of the last Tail only (SetTail).
	Tail int
	// Parallel lets the kernel use two goroutines (SetParallel).
	Parallel bool
	// MaxMemory bounds the values held, two bytes each (four a value of
	// the tail window), and MaxValues their number (values a proved period
	// gives are not held); 0 is no bound.
	MaxMemory, MaxValues int64
	// MaxWork bounds the options the plain kernel of a general
	// take-and-break code examines (Computer.SetMaxWork); 0 is no bound.
	MaxWork int64
}

// chunk is how many values Stream emits at a time.
const chunk = 1 << 14

// Stream emits G(r.From..r.To) of g in order, in chunks (the slice is
// reused after emit returns; emit runs on a goroutine of its own, one chunk
// at a time, never after Stream returns, never again once it has returned
// an error). Values a proved period gives are not computed: once a period
// is proved (Computer.ProvedPeriod), any heap up to MaxHugeHeap is valued
// from it, and heaps before r.From are skipped. If the run stops (the
// context, the memory bound), the values computed so far are emitted before
// the error is returned.
func Stream(ctx context.Context, g Game, r StreamRequest, emit func([]impartial.Nimber) error) (Stats, error) {
	if r.From < 0 || r.To < r.From-1 {
		return Stats{}, fmt.Errorf("%s: bad range %d..%d", g, r.From, r.To)
	}
	if r.To > MaxHugeHeap-1 {
		return Stats{}, &HeapError{Game: g.String(), Heap: r.To, Max: MaxHugeHeap - 1}
	}
	c := NewComputer(g, Auto)
	c.SetParallel(r.Parallel)
	c.SetMaxWork(r.MaxWork)
	size := chunk
	if r.Tail > 0 {
		if r.MaxMemory > 0 && int64(r.Tail)*4 > r.MaxMemory {
			return Stats{}, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: r.MaxMemory, What: fmt.Sprintf("a tail window of %d values", r.Tail)}
		}
		if err := c.SetTail(r.Tail, r.Tail); err != nil {
			return Stats{}, err
		}
		size = min(size, max(r.Tail/2, 512))
	}
	// Printing overlaps computing (emitter); wait makes sure its goroutine
	// is over whatever way this returns.
	em := newEmitter(emit, size)
	defer em.wait()
	flush := em.flush
	put := func(n int, v uint32) error {
		if n < r.From || n > r.To {
			return nil
		}
		return em.put(impartial.Nimber(v))
	}
	// Values known from a checkpoint: load them as if computed, and emit.
	if r.Known != nil {
		if err := loadKnown(c, g, r, size, put); err != nil {
			return Stats{}, err
		}
	}
	next := 0 // the next heap to emit or skip
	if r.Known != nil {
		next = c.Len()
	}
	checked := false
	for next <= r.To {
		if _, _, ok := c.ProvedPeriod(); ok {
			// Everything from here on comes from the period.
			next = max(next, r.From)
			for ; next <= r.To; next++ {
				v, ok := c.ValueAt(next)
				if !ok {
					return Stats{}, fmt.Errorf("%s: G(%d) is not held (the period is longer than the tail window)", g, next)
				}
				if err := put(next, v); err != nil {
					return Stats{}, err
				}
				if next&(1<<16-1) == 0 && ctx.Err() != nil {
					flush()
					return Stats{}, impartial.ContextError(ctx)
				}
			}
			break
		}
		end := min(r.To, c.Len()+size-1)
		if r.Tail == 0 {
			// The values held count against the budget; those a period
			// gives do not. Once the first chunk shows no period, the
			// whole range is checked at once.
			need := end
			if checked = checked || c.Len() > 1; checked {
				need = r.To
			}
			if err := r.holds(g, need, c.Len()-1); err != nil {
				if ferr := flush(); ferr != nil {
					return Stats{}, ferr
				}
				return Stats{}, err
			}
			if checked {
				c.Reserve(need + 1)
			}
		}
		err := c.Extend(ctx, end)
		// Emit what was computed, even if the run stopped.
		for ; next < c.Len(); next++ {
			if perr := put(next, c.At(next)); perr != nil {
				return Stats{}, perr
			}
		}
		if err != nil {
			if ferr := flush(); ferr != nil {
				return Stats{}, ferr
			}
			if ctx.Err() != nil && !errors.As(err, new(*TailError)) {
				return Stats{}, impartial.ContextError(ctx)
			}
			return Stats{}, err
		}
	}
	if err := flush(); err != nil {
		return Stats{}, err
	}
	return c.Stats(), nil
}

// loadKnown loads the values r.Known replays into c as if computed, and
// emits them through put.
func loadKnown(c *Computer, g Game, r StreamRequest, size int, put func(n int, v uint32) error) error {
	load := make([]uint32, 0, size)
	n := 1 // G(0) is known to the computer
	first := true
	err := r.Known(func(v uint64) error {
		if first { // G(0) = 0 for every game: the computer has it
			first = false
			return put(0, 0)
		}
		if v >= 1<<30 {
			return fmt.Errorf("%s: known value G(%d) = %d out of range", g, n, v)
		}
		load = append(load, uint32(v))
		if err := put(n, uint32(v)); err != nil {
			return err
		}
		n++
		if len(load) == cap(load) {
			err := c.Load(load)
			load = load[:0]
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.Load(load)
}

// holds checks that the values G(0..need) fit the request's bounds:
// MaxHeap, MaxValues and MaxMemory (computed: the values known so far).
func (r StreamRequest) holds(g Game, need, computed int) error {
	switch {
	case need > MaxHeap:
		return &HeapError{Game: g.String(), Heap: need, Max: MaxHeap, Computed: computed}
	case r.MaxValues > 0 && int64(need+1) > r.MaxValues:
		return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: r.MaxValues, What: fmt.Sprintf("the values G(0..%d)", r.To)}
	case r.MaxMemory > 0 && int64(need+1)*BytesPerValue > r.MaxMemory:
		return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: r.MaxMemory, What: fmt.Sprintf("the values G(0..%d)", r.To)}
	}
	return nil
}

// HeapError reports a heap beyond the values a computer holds (MaxHeap)
// with no proved period to answer it.
type HeapError struct {
	Game     string
	Heap     int
	Max      int // the largest heap that can be valued
	Computed int // the values G(0..Computed) were computed without a proved period; 0 if none were
}

func (e *HeapError) Error() string {
	if e.Computed > 0 {
		return fmt.Sprintf("%s: heap %d is too large: no period is proved from G(0..%d), and values are held up to heap %d only", e.Game, e.Heap, e.Computed, e.Max)
	}
	return fmt.Sprintf("%s: heap %d is too large (at most %d)", e.Game, e.Heap, e.Max)
}
