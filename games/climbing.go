package games

import (
	"fmt"

	"github.com/grundy/grundy/impartial"
)

// ClimbingHill is the game of HDU 4315 ("Climbing the Hill"): people stand on
// the cells 1, 2, … below the top of a hill (cell 0); the k-th from the top is
// the king. A move takes one person up any number of cells, never onto or
// past another person, except that the top holds any number of people.
// Whoever brings the king to the top wins (the game is then over).
//
// A position lists the people's cells from the top down (0 for people at the
// top). Theory (seed 002, corrected): if the king is first below the top, the
// player to move wins at once. Otherwise pair the people from the top: with an
// even number of people, (1,2), (3,4), …; with an odd number, the first person
// pairs with the top. The position is lost for the player to move exactly
// when the XOR of the gaps within pairs is 0, the gap of a pair being the
// number of free cells between them and, for the first person paired with
// the top, his cell a₁ — or a₁-1 when the king is second, since bringing the
// first person to the top lets the king follow. (Seed 002's program forgets
// the gaps in that last case.) ClosedOutcome is checked against exhaustive
// search of the real game.
type ClimbingHill struct {
	king int // 1-based
}

// NewClimbingHill returns the game whose king is the k-th person (k ≥ 1).
func NewClimbingHill(k int) (ClimbingHill, error) {
	if k < 1 {
		return ClimbingHill{}, fmt.Errorf("the king must be person 1 or later, not %d", k)
	}
	return ClimbingHill{king: k}, nil
}

// King returns k.
func (g ClimbingHill) King() int { return g.king }

// Valid reports why cells is not a position of g, or nil: it needs at least k
// people, in non-decreasing order, and no two on one cell below the top.
func (g ClimbingHill) Valid(cells []int) error {
	if len(cells) < g.king {
		return fmt.Errorf("%d people, but the king is person %d", len(cells), g.king)
	}
	for i, c := range cells {
		if c < 0 {
			return fmt.Errorf("cell %d is below zero", c)
		}
		if i > 0 && c <= cells[i-1] && c != 0 {
			return fmt.Errorf("people %d and %d (cells %d, %d) are not in order from the top", i, i+1, cells[i-1], c)
		}
		if i > 0 && c == 0 && cells[i-1] != 0 {
			return fmt.Errorf("person %d is at the top but person %d is below", i+1, i)
		}
	}
	return nil
}

// Moves yields each person's moves, top person first, each from the highest
// reachable cell down.
func (g ClimbingHill) Moves(p List, yield func(List) bool) {
	a := p.Ints()
	if len(a) < g.king || a[g.king-1] == 0 {
		return
	}
	for i, c := range a {
		lo := 0
		if i > 0 && a[i-1] > 0 {
			lo = a[i-1] + 1
		}
		for to := lo; to < c; to++ {
			next := append([]int(nil), a...)
			next[i] = to
			if !yield(NewList(next...)) {
				return
			}
		}
	}
}

// ClosedOutcome returns the outcome by the pairing rule above.
func (g ClimbingHill) ClosedOutcome(p List) (impartial.Outcome, bool) {
	a := p.Ints()
	if g.Valid(a) != nil {
		return 0, false
	}
	if a[g.king-1] == 0 {
		return impartial.P, true
	}
	// Drop the people at the top; the king's rank among the rest.
	z := 0
	for z < len(a) && a[z] == 0 {
		z++
	}
	b, k := a[z:], g.king-z
	if k == 1 {
		return impartial.N, true
	}
	x := 0
	i := 0
	if len(b)%2 == 1 {
		if k == 2 {
			x = b[0] - 1
		} else {
			x = b[0]
		}
		i = 1
	}
	for ; i+1 < len(b); i += 2 {
		x ^= b[i+1] - b[i] - 1
	}
	if x == 0 {
		return impartial.P, true
	}
	return impartial.N, true
}

// ClosedValue knows the value of P-positions only (0).
func (g ClimbingHill) ClosedValue(p List) (impartial.Nimber, bool) {
	if o, ok := g.ClosedOutcome(p); ok && o == impartial.P {
		return 0, true
	}
	return 0, false
}

// MovesToValue lists the moves to P-positions (v = 0) by the closed outcome.
func (g ClimbingHill) MovesToValue(dst []List, p List, v impartial.Nimber) ([]List, bool) {
	if v != 0 {
		return dst, false
	}
	if g.options(p) > maxListedOptions {
		return dst, false // let the caller enumerate within its budget
	}
	g.Moves(p, func(q List) bool {
		if o, _ := g.ClosedOutcome(q); o == impartial.P {
			dst = append(dst, q)
		}
		return true
	})
	return dst, true
}

// options counts the moves from p.
func (g ClimbingHill) options(p List) int {
	n := 0
	g.Moves(p, func(List) bool { n++; return n <= maxListedOptions })
	return n
}

// maxListedOptions bounds the options MovesToValue examines one by one.
const maxListedOptions = 1 << 16
