package games

import "github.com/grundy/grundy/impartial"

// Staircase is staircase Nim: coins lie on the steps 1, 2, …, k of a
// staircase (position: the count on each step, lowest first); a move takes
// any positive number of coins from one step down to the step below, and
// coins moved from step 1 leave the game.
//
// The value is the XOR of the counts on the odd steps: a move from an odd
// step is a Nim move on that step's heap, a move from an even step adds coins
// to the odd step below, which can never keep the XOR unchanged, and every
// smaller XOR is reached by a Nim move (Sprague; see Berlekamp, Conway, Guy,
// Winning Ways, ch. 15, and the HDU 4315 discussion of seed 002).
type Staircase struct{}

// Moves yields, step by step from the bottom, each count of coins moved down.
func (Staircase) Moves(p List, yield func(List) bool) {
	c := p.Ints()
	for i, n := range c {
		for t := 1; t <= n; t++ {
			next := make([]int, len(c))
			copy(next, c)
			next[i] -= t
			if i > 0 {
				next[i-1] += t
			}
			if !yield(NewList(next...)) {
				return
			}
		}
	}
}

// ClosedValue returns the XOR of the odd steps.
func (Staircase) ClosedValue(p List) (impartial.Nimber, bool) {
	var x int
	for i, n := range p.Ints() {
		if i%2 == 0 {
			x ^= n
		}
	}
	return impartial.Nimber(x), true
}

// MovesToValue lists the options whose odd-step XOR is v: a Nim move on an
// odd step, or coins brought down from an even step onto the odd step below.
func (g Staircase) MovesToValue(dst []List, p List, v impartial.Nimber) ([]List, bool) {
	c := p.Ints()
	cur, _ := g.ClosedValue(p)
	d := int(cur ^ v)
	if d == 0 {
		return dst, true
	}
	for i, n := range c {
		next := make([]int, len(c))
		copy(next, c)
		if i%2 == 0 { // odd step i+1: reduce it to n^d
			if n^d < n {
				next[i] = n ^ d
				if i > 0 {
					next[i-1] += n - (n ^ d)
				}
				dst = append(dst, NewList(next...))
			}
			continue
		}
		// even step i+1: move t coins onto odd step i, making it c[i-1]^d.
		below := c[i-1]
		if want := below ^ d; want > below && want-below <= n {
			next[i] -= want - below
			next[i-1] = want
			dst = append(dst, NewList(next...))
		}
	}
	return dst, true
}
