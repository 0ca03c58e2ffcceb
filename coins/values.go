package coins

import (
	"context"

	"github.com/grundy/grundy/impartial"
)

// Values returns g(Start), g(Start+1), …, g(to): vals[i] = g(Start+i).
// Closed forms are used where the rule has one (O(1) per value); Moebius,
// Mogul and UpTo(k) for odd k use the parity extension of UpTo(k−1) (see
// [Game.PlainValues] for the cost); other rules compute by mex as
// PlainValues does. It fails with an *impartial.BudgetError when the table
// or its working memory exceeds b, or when ctx ends.
func (g *Game) Values(ctx context.Context, to int, b impartial.Budget) ([]Nimber, error) {
	n, err := tableSize(g, to, b)
	if err != nil || n == 0 {
		return []Nimber{}, err
	}
	if _, ok := g.ClosedValue(g.Start); ok {
		vals := make([]Nimber, n)
		for i := range vals {
			if i%(1<<16) == 0 && ctx.Err() != nil {
				return nil, ctxError(ctx)
			}
			vals[i], _ = g.ClosedValue(g.Start + i)
		}
		return vals, nil
	}
	if vals, ok, err := g.shape.fastValues(ctx, to, b); ok {
		if err != nil {
			return nil, err
		}
		return vals, nil
	}
	return g.PlainValues(ctx, to, b)
}

// PlainValues computes g(Start..to) from the rule alone, ignoring closed
// forms: g(x) is the mex of the values of the moves from a single head on
// x, a move's value being the XOR of g over the other coins it turns.
// Tests check every closed form against it.
//
// Cost, for N = to+1 coins: O(N) for Twins (every earlier value is an
// option, so one running set suffices), O(N·|S|) for TwinsAt and
// Subtraction, O(N) for Consecutive (a sliding XOR), O(N²) for Ruler and
// Grunt. UpTo(k) keeps, for j < k, the set of XORs of at most j earlier
// values as a bitset over [0, M), M the next power of two above the
// largest value; a new value v updates set j from set j−1 translated by
// XOR with v, so each coin costs O(k·M/64) word operations and the memory
// is (k−1)·M/8 bytes. M grows about like N^((k−1)/2) or faster (the
// values are the columns of a check matrix of a lexicode of minimum
// distance k+1), so UpTo(k) is practical to a few hundred coins for k = 7
// and to 10^5 coins only for k ≤ 3.
//
// Work is bounded as well as memory: every 64 steps (an option examined or
// a bitset word updated) count as one position against b.MaxPositions.
func (g *Game) PlainValues(ctx context.Context, to int, b impartial.Budget) ([]Nimber, error) {
	n, err := tableSize(g, to, b)
	if err != nil {
		return nil, err
	}
	vals := make([]Nimber, n)
	if n == 0 {
		return vals, nil
	}
	if err := g.shape.plainValues(ctx, vals, b); err != nil {
		return nil, err
	}
	return vals, nil
}

// workMeter bounds the work of a table: every workPerPosition steps (an
// option examined, or a bitset word updated) count as one position against
// the budget's MaxPositions, so that an O(N²) table stops with a budget
// error rather than run for hours.
type workMeter struct {
	budget impartial.Budget
	total  int64
	steps  int64 // since the last check
}

const workPerPosition = 64

// valuesPoll is the work of a table between two polls of the context
// (besides every 1024 or 256 coins): a coin of Ruler or Grunt at 10^6 costs
// 10^6 steps, so polling by coins alone let a table run 50 ms past its
// deadline.
const valuesPoll = pollWork * 16

func (w *workMeter) add(n int64) { w.steps += n }

// coin counts the work of the i-th coin of a table and checks the budget
// and the context every 1024 coins or valuesPoll steps.
func (w *workMeter) coin(ctx context.Context, i int, work int64) error {
	w.add(work)
	if i%1024 == 0 || w.steps > valuesPoll {
		return w.check(ctx)
	}
	return nil
}

func (w *workMeter) check(ctx context.Context) error {
	w.total += w.steps
	w.steps = 0
	if ctx.Err() != nil {
		return ctxError(ctx)
	}
	if max := w.budget.MaxPositions; max > 0 && w.total/workPerPosition > max {
		return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: max}
	}
	return nil
}

// tableSize checks that a table of g(Start..to) fits the budget.
func tableSize(g *Game, to int, b impartial.Budget) (int, error) {
	n := to - g.Start + 1
	if n <= 0 {
		return 0, nil
	}
	if b.MaxPositions > 0 && int64(n) > b.MaxPositions {
		return 0, &impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions}
	}
	if b.MaxMemory > 0 && int64(n)*8 > b.MaxMemory {
		return 0, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory}
	}
	if n > maxTable {
		return 0, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: maxTable * 8}
	}
	return n, nil
}

// maxTable bounds any table, whatever the budget (16 GiB of values).
const maxTable = 1 << 31

func ctxError(ctx context.Context) error { return impartial.ContextError(ctx) }

// mexer finds the mex of a set of values marked since the last reset.
type mexer struct {
	set     bitset
	touched []Nimber
}

func (m *mexer) reset() {
	for _, v := range m.touched {
		m.set.clear(v)
	}
	m.touched = m.touched[:0]
}

func (m *mexer) mark(v Nimber) {
	if !m.set.has(v) {
		m.set.set(v)
		m.touched = append(m.touched, v)
	}
}

func (m *mexer) mex() Nimber {
	v := Nimber(0)
	for m.set.has(v) {
		v++
	}
	return v
}

type bitset struct{ w []uint64 }

func (s *bitset) has(v Nimber) bool {
	i := v >> 6
	return i < Nimber(len(s.w)) && s.w[i]>>(v&63)&1 != 0
}

func (s *bitset) set(v Nimber) {
	i := int(v >> 6)
	for i >= len(s.w) {
		s.w = append(s.w, 0)
	}
	s.w[i] |= 1 << (v & 63)
}

func (s *bitset) clear(v Nimber) {
	if i := v >> 6; i < Nimber(len(s.w)) {
		s.w[i] &^= 1 << (v & 63)
	}
}
