package coins

import (
	"context"
	"math/bits"

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
	if g.kind == kUpTo && g.k%2 == 1 && g.k > 1 {
		// Turning up to 2m+1 coins is turning up to 2m coins behind a
		// "mock turtle" of value 0, plus a parity bit:
		// g_{2m+1}(x) = 2h + (1 if h has an even number of 1 bits), where
		// h = 0 for x = 0 and h = g_{2m}(x−1) after (the extended lexicode;
		// Winning Ways ch. 14 for Mock Turtles, Conway & Sloane 1986).
		even := &Game{Start: g.Start, kind: kUpTo, k: g.k - 1}
		h, err := even.PlainValues(ctx, to-1, b)
		if err != nil {
			return nil, err
		}
		vals := make([]Nimber, n)
		vals[0] = parityExtend(0)
		for i := 1; i < n; i++ {
			vals[i] = parityExtend(h[i-1])
		}
		return vals, nil
	}
	return g.PlainValues(ctx, to, b)
}

func parityExtend(h Nimber) Nimber {
	v := h << 1
	if bits.OnesCount64(uint64(h))%2 == 0 {
		v |= 1
	}
	return v
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
	if g.kind == kUpTo {
		return vals, upToValues(ctx, g.k, vals, b)
	}
	work := workMeter{budget: b}
	var m mexer
	var seen bitset // kTwins: every earlier value
	var run Nimber  // kConsecutive: XOR of the k−1 coins left of x; kRuler: prefix XOR
	var prefix []Nimber
	if g.kind == kRuler {
		prefix = make([]Nimber, n+1) // prefix[i] = g(1) ^ … ^ g(i), prefix[0] = 0
	}
	mex := Nimber(0)
	for i := range vals {
		x := g.Start + i
		switch g.kind {
		case kRuler, kGrunt:
			work.add(int64(x))
		case kDistance:
			work.add(int64(len(g.set)))
		default:
			work.add(1)
		}
		if i%1024 == 0 || work.steps > valuesPoll {
			if err := work.check(ctx); err != nil {
				return nil, err
			}
		}
		switch g.kind {
		case kTwins:
			// Options: g(y) for every y < x.
			for seen.has(mex) {
				mex++
			}
			vals[i] = mex
			seen.set(mex)
		case kDistance:
			m.reset()
			for _, d := range g.set {
				switch y := x - d; {
				case y >= g.Start:
					m.mark(vals[y-g.Start])
				case y == 0 && g.virtual:
					m.mark(0)
				}
			}
			vals[i] = m.mex()
		case kConsecutive:
			// The move turns x−k+1..x: its value is the XOR of g(x−k+1..x−1).
			if i >= g.k {
				run ^= vals[i-g.k]
			}
			if i >= g.k-1 {
				if run == 0 {
					vals[i] = 1
				}
			}
			run ^= vals[i]
		case kRuler:
			// Runs y..x for y = 1..x: values prefix[x−1] ^ prefix[y−1].
			m.reset()
			for y := 1; y <= x; y++ {
				m.mark(prefix[x-1] ^ prefix[y-1])
			}
			vals[i] = m.mex()
			prefix[x] = prefix[x-1] ^ vals[i]
		case kGrunt:
			// Turn 0, y, x−y, x: g(0) ^ g(y) ^ g(x−y), and g(0) = 0.
			m.reset()
			for y := 1; y < x-y; y++ {
				m.mark(vals[0] ^ vals[y] ^ vals[x-y])
			}
			vals[i] = m.mex()
		}
	}
	return vals, nil
}

// upToValues fills vals with g(0..) for "turn up to k coins".
// layer[j−1] holds the XORs of at most j earlier values, j = 1..k−1.
func upToValues(ctx context.Context, k int, vals []Nimber, b impartial.Budget) error {
	if k == 1 {
		for i := range vals {
			vals[i] = 1
		}
		return nil
	}
	work := workMeter{budget: b}
	layers := make([][]uint64, k-1)
	for j := range layers {
		layers[j] = []uint64{1} // {0}: the empty XOR
	}
	top := layers[k-2]
	mex := Nimber(0)
	for i := range vals {
		work.add(int64(len(top)) * int64(k-2))
		if i%256 == 0 || work.steps > valuesPoll {
			if err := work.check(ctx); err != nil {
				return err
			}
		}
		for mex < Nimber(len(top))*64 && top[mex>>6]>>(mex&63)&1 != 0 {
			mex++
		}
		v := mex
		vals[i] = v
		if v >= Nimber(len(top))*64 {
			w := len(top)
			for Nimber(w)*64 <= v {
				w *= 2
			}
			if b.MaxMemory > 0 && int64(w)*8*int64(k-1)+int64(len(vals))*8 > b.MaxMemory {
				return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory}
			}
			for j := range layers {
				grown := make([]uint64, w)
				copy(grown, layers[j])
				layers[j] = grown
			}
			top = layers[k-2]
		}
		// Invariant: layers[j] = XORs of at most j+1 of vals[:i]; add v.
		// The mex only grows, so the top layer is needed from v's word on.
		for j := k - 2; j >= 1; j-- {
			from := 0
			if j == k-2 {
				from = int(v >> 6)
			}
			xorTranslateOr(layers[j], layers[j-1], v, from)
		}
		layers[0][v>>6] |= 1 << (v & 63)
	}
	return nil
}

var swapMasks = [6]uint64{
	0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f,
	0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff,
}

// xorTranslateOr sets dst |= {s ^ v : s in src}, on the words of dst from
// word from on, for bitsets of equal power-of-two length with v < 64·len.
func xorTranslateOr(dst, src []uint64, v Nimber, from int) {
	hi, lo := int(v>>6), uint(v&63)
	for d := from; d < len(dst); d++ {
		word := src[d^hi]
		if word == 0 {
			continue
		}
		for b := uint(0); b < 6; b++ {
			if lo>>b&1 != 0 {
				s := uint(1) << b
				word = (word&swapMasks[b])<<s | (word>>s)&swapMasks[b]
			}
		}
		dst[d] |= word
	}
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
