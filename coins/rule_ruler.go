package coins

import (
	"context"

	"github.com/grundy/grundy/impartial"
)

// ruler is "turn any run of consecutive coins": the moves from x turn the
// runs lo..x, lo = x, x−1, …, 1.
type ruler struct {
	about
	// The plain path for fastValues, inverseClosed.
	noShortcuts
}

// Ruler is "turn any run of consecutive coins", coins from 1: g(x) is the
// largest power of 2 dividing x.
func Ruler() *Game {
	return newGame(ruler{about: about{spec: "ruler", name: "Ruler", start: 1,
		rule:       "Turn over any run of one or more consecutive coins, the rightmost from heads to tails; coins are numbered from 1.",
		closedForm: "g(x) = the largest power of 2 dividing x (Winning Ways ch. 14)",
		oeis:       "A006519"}})
}

func (r ruler) eachTurn(x int, yield func(turn) bool) {
	for lo := x; lo >= r.start; lo-- {
		if !yield(turn{run: true, lo: lo, x: x}) {
			return
		}
	}
}

func (r ruler) turnCount(x int) float64 { return float64(x-r.start) + 1 }

// plainValues: the runs y..x for y = 1..x have values prefix[x−1] ^
// prefix[y−1], prefix the XORs of g from coin 1 (O(N²)).
func (r ruler) plainValues(ctx context.Context, vals []Nimber, b impartial.Budget) error {
	work := workMeter{budget: b}
	var m mexer
	prefix := make([]Nimber, len(vals)+1) // prefix[i] = g(1) ^ … ^ g(i), prefix[0] = 0
	for i := range vals {
		x := r.start + i
		if err := work.coin(ctx, i, int64(x)); err != nil {
			return err
		}
		m.reset()
		for y := 1; y <= x; y++ {
			m.mark(prefix[x-1] ^ prefix[y-1])
		}
		vals[i] = m.mex()
		prefix[x] = prefix[x-1] ^ vals[i]
	}
	return nil
}

// closedValue: g(x) = x & −x.
func (ruler) closedValue(x int) (Nimber, bool) { return Nimber(x & -x), true }

func (ruler) closedValues(x int, dst []Nimber) bool {
	for i := range dst {
		y := x + i
		dst[i] = Nimber(y & -y)
	}
	return true
}

// runXor: g(i) = i & −i = gray(i) ⊕ gray(i−1), so the XOR over lo..hi
// telescopes to gray(hi) ⊕ gray(lo−1).
func (ruler) runXor(lo, hi int) (Nimber, bool) {
	if lo > hi {
		return 0, true
	}
	return Nimber(gray(uint64(hi)) ^ gray(uint64(lo-1))), true
}

// turnsTo: the runs y..x−1 (empty when y = x) XOR to gray(x−1) ⊕
// gray(y−1) (runXor), so the one run reaching t starts at y with
// gray(y−1) = gray(x−1) ⊕ t.
func (ruler) turnsTo(ctx context.Context, _ *Solver, x int, t Nimber, m *moveMeter, yield func(turn) bool) (bool, error) {
	want := gray(uint64(x-1)) ^ uint64(t)
	y1 := int(inverseGray(want)) // y − 1
	if y1 < 0 || y1 > x-1 || uint64(y1) != inverseGray(want) {
		return true, nil
	}
	if err := m.step(ctx, 1); err != nil {
		return true, err
	}
	yield(turn{run: true, lo: y1 + 1, x: x})
	return true, nil
}

func (ruler) turnsToCost(int) (float64, bool) { return 1, true }

func gray(n uint64) uint64 { return n ^ n>>1 }

func inverseGray(g uint64) uint64 {
	for s := uint(1); s < 64; s <<= 1 {
		g ^= g >> s
	}
	return g
}
