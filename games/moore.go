package games

import (
	"fmt"
	"slices"

	"github.com/grundy/grundy/impartial"
)

// Moore is Moore's Nim_k (E. H. Moore, Annals of Mathematics 11, 1910): a move
// removes tokens from at least one and at most k heaps, any positive number
// from each. A position (the heap sizes) is a P-position exactly when, in
// every binary digit, the number of heaps having that digit set is a multiple
// of k+1. Nim is Nim_1. Only the outcome has a closed form; values of
// N-positions are searched.
type Moore struct {
	k int
}

// NewMoore returns Nim_k, k ≥ 1.
func NewMoore(k int) (Moore, error) {
	if k < 1 {
		return Moore{}, fmt.Errorf("Moore's Nim_k needs k ≥ 1, not %d", k)
	}
	return Moore{k: k}, nil
}

// K returns k.
func (g Moore) K() int { return g.k }

// Moves yields every option: choose 1..k non-empty heaps (in index order) and
// a smaller size for each. Positions are kept with heaps in the given order.
func (g Moore) Moves(p List, yield func(List) bool) {
	h := p.Ints()
	cur := slices.Clone(h)
	var rec func(start, chosen int, changed bool) bool
	rec = func(start, chosen int, changed bool) bool {
		if changed && !yield(NewList(cur...)) {
			return false
		}
		if chosen == g.k {
			return true
		}
		for i := start; i < len(h); i++ {
			for v := h[i] - 1; v >= 0; v-- {
				cur[i] = v
				if !rec(i+1, chosen+1, true) {
					cur[i] = h[i]
					return false
				}
			}
			cur[i] = h[i]
		}
		return true
	}
	rec(0, 0, false)
}

// ClosedOutcome applies Moore's theorem.
func (g Moore) ClosedOutcome(p List) (impartial.Outcome, bool) {
	var count [64]int
	for _, x := range p.Ints() {
		for b := 0; x != 0; b, x = b+1, x>>1 {
			count[b] += x & 1
		}
	}
	for _, c := range count {
		if c%(g.k+1) != 0 {
			return impartial.N, true
		}
	}
	return impartial.P, true
}

// ClosedValue knows the value of P-positions only (0).
func (g Moore) ClosedValue(p List) (impartial.Nimber, bool) {
	if o, _ := g.ClosedOutcome(p); o == impartial.P {
		return 0, true
	}
	return 0, false
}

// MovesToValue lists the moves to P-positions (v = 0) by Moore's theorem.
func (g Moore) MovesToValue(dst []List, p List, v impartial.Nimber) ([]List, bool) {
	if v != 0 {
		return dst, false
	}
	n := 0
	g.Moves(p, func(List) bool { n++; return n <= maxListedOptions })
	if n > maxListedOptions {
		return dst, false // let the caller enumerate within its budget
	}
	g.Moves(p, func(q List) bool {
		if o, _ := g.ClosedOutcome(q); o == impartial.P && !slices.Contains(dst, q) {
			dst = append(dst, q)
		}
		return true
	})
	return dst, true
}

// WinningMove returns a move from p to a P-position, by the construction of
// Moore's proof, when p is an N-position: going down the binary digits,
// keep the heaps already changed free to take any lower digits, and make
// each digit's count of ones a multiple of k+1, either by setting that digit
// in some of the changed heaps or, when they are too few, by clearing it in
// further heaps that have it set (at most k heaps in all). It takes time
// linear in the number of heaps and digits, so it answers heaps far beyond
// any enumeration of the moves.
func (g Moore) WinningMove(p List) (List, bool) {
	h := p.Ints()
	if o, _ := g.ClosedOutcome(p); o != impartial.N {
		return "", false
	}
	k := g.k
	to := slices.Clone(h)
	changed := make([]bool, len(h))
	var free []int // indexes of the heaps changed so far
	for b := 62; b >= 0; b-- {
		bit := 1 << b
		ones := 0
		for i, x := range h {
			if !changed[i] && x&bit != 0 {
				ones++
			}
		}
		r := ones % (k + 1)
		// Clear the digit in the changed heaps; set it back in some below.
		for _, i := range free {
			to[i] &^= bit
		}
		if r == 0 {
			continue
		}
		if need := k + 1 - r; need <= len(free) {
			for _, i := range free[:need] {
				to[i] |= bit
			}
			continue
		}
		// Too few changed heaps to make up the count: change r more heaps
		// that have the digit set, clearing it (so each becomes smaller,
		// whatever its lower digits) and freeing their lower digits.
		for i, x := range h {
			if r == 0 {
				break
			}
			if !changed[i] && x&bit != 0 {
				changed[i] = true
				free = append(free, i)
				to[i] = x &^ (bit<<1 - 1) // keep the higher digits, clear this and the lower ones
				r--
			}
		}
	}
	return NewList(to...), true
}
