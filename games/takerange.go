package games

import (
	"fmt"

	"github.com/grundy/grundy/impartial"
)

// TakeRange is the game of HDU 2897 on one heap: a move takes between p and q
// tokens (p ≤ q); when fewer than p tokens remain, a move takes them all.
//
// Under normal play its nim-sequence has period p+q: with r = n mod (p+q),
// G(n) = ⌈r/p⌉ for r ≤ q and G(n) = 0 for r > q (found by search and checked
// against it for many p, q). The judge's rule is misère (whoever takes the
// last token loses): a single heap n is then a P-position exactly when
// r lies in 1..p. From any other r the first player takes q (r = 0), r-p
// (p < r ≤ q) or q (r > q) to leave a heap ≡ 1..p, then answers every take of
// k with p+q-k, until the opponent must take the last 1..p tokens
// (the proof of seed 002, HDU 2897).
type TakeRange struct {
	p, q int
}

// NewTakeRange returns the take-range game; 1 ≤ p ≤ q.
func NewTakeRange(p, q int) (TakeRange, error) {
	if p < 1 || q < p {
		return TakeRange{}, fmt.Errorf("take-range needs 1 ≤ p ≤ q, got p = %d, q = %d", p, q)
	}
	return TakeRange{p: p, q: q}, nil
}

// Bounds returns p and q.
func (g TakeRange) Bounds() (p, q int) { return g.p, g.q }

// Moves yields n-p, …, n-q (those ≥ 0), or 0 when 0 < n < p.
func (g TakeRange) Moves(n int, yield func(int) bool) {
	if n <= 0 {
		return
	}
	if n < g.p {
		yield(0)
		return
	}
	for k := g.p; k <= g.q && k <= n; k++ {
		if !yield(n - k) {
			return
		}
	}
}

// ClosedValue returns the normal-play value: with r = n mod (p+q),
// ⌈r/p⌉ for r ≤ q, else 0.
func (g TakeRange) ClosedValue(n int) (impartial.Nimber, bool) {
	if n < 0 {
		return 0, false
	}
	r := n % (g.p + g.q)
	if r > g.q {
		return 0, true
	}
	return impartial.Nimber((r + g.p - 1) / g.p), true
}

// MisereOutcome gives the misère outcome of a single heap: P exactly when
// n mod (p+q) is in 1..p. Sums of several heaps are searched.
func (g TakeRange) MisereOutcome(heaps []int) (impartial.Outcome, bool) {
	switch len(heaps) {
	case 0:
		return impartial.N, true // the previous player took the last token and lost
	case 1:
		r := heaps[0] % (g.p + g.q)
		if r >= 1 && r <= g.p {
			return impartial.P, true
		}
		return impartial.N, true
	}
	return 0, false
}

// Index memoizes heaps densely.
func (TakeRange) Index(n int) (int, bool) { return n, n >= 0 && n < maxDenseHeap }

// IndexLimit bounds the dense memo.
func (TakeRange) IndexLimit() int { return maxDenseHeap }
