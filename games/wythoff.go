package games

import (
	"context"
	"math/big"
	"math/bits"
	"sort"

	"github.com/grundy/grundy/impartial"
)

// Pair is a Wythoff position: two heaps.
type Pair struct{ A, B int }

// Wythoff is Wythoff's game (W. A. Wythoff, Nieuw Archief voor Wiskunde 7,
// 1907): two heaps; a move takes any positive number of tokens from one heap,
// or the same positive number from both. The P-positions are the pairs
// (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k) for k ≥ 0 and their mirror images, with φ
// the golden ratio (OEIS A000201 and A001950); by Beatty's theorem every
// size appears in exactly one of them. ⌊kφ⌋ = ⌊(k + ⌊k√5⌋)/2⌋ is computed
// exactly with integer square roots, so the closed form holds for any heap
// that fits an int (10^18 and beyond). Values of N-positions are searched.
type Wythoff struct{}

// Moves yields (a-t, b), then (a, b-t), then (a-t, b-t), for t = 1, 2, ….
func (Wythoff) Moves(p Pair, yield func(Pair) bool) {
	for t := 1; t <= p.A; t++ {
		if !yield(Pair{p.A - t, p.B}) {
			return
		}
	}
	for t := 1; t <= p.B; t++ {
		if !yield(Pair{p.A, p.B - t}) {
			return
		}
	}
	for t := 1; t <= min(p.A, p.B); t++ {
		if !yield(Pair{p.A - t, p.B - t}) {
			return
		}
	}
}

// WythoffLower returns ⌊kφ⌋ for k ≥ 0, exactly.
func WythoffLower(k int) int {
	var s big.Int
	s.SetInt64(int64(k))
	s.Mul(&s, &s)
	s.Mul(&s, big.NewInt(5))
	s.Sqrt(&s) // ⌊k√5⌋
	s.Add(&s, big.NewInt(int64(k)))
	s.Rsh(&s, 1)
	return int(s.Int64())
}

// WythoffPartner returns the size b such that {a, b} is a P-position.
func WythoffPartner(a int) int {
	if a <= 0 {
		return 0
	}
	// a = ⌊kφ⌋ exactly when k = ⌈a/φ⌉ = ⌊(⌊a√5⌋ - a)/2⌋ + 1 gives it back.
	var s big.Int
	s.SetInt64(int64(a))
	s.Mul(&s, &s)
	s.Mul(&s, big.NewInt(5))
	s.Sqrt(&s)
	k := int((s.Int64()-int64(a))/2 + 1)
	if WythoffLower(k) == a {
		return a + k
	}
	// Otherwise a = ⌊kφ⌋ + k for the k found by binary search (k < a).
	k = sort.Search(a, func(k int) bool { return WythoffLower(k)+k >= a })
	return a - k
}

// ClosedOutcome returns P exactly for the pairs (⌊kφ⌋, ⌊kφ⌋ + k) and mirrors.
func (Wythoff) ClosedOutcome(p Pair) (impartial.Outcome, bool) {
	if p.A < 0 || p.B < 0 {
		return 0, false
	}
	a, b := min(p.A, p.B), max(p.A, p.B)
	if WythoffLower(b-a) == a {
		return impartial.P, true
	}
	return impartial.N, true
}

// ClosedValue knows the value of P-positions only (0).
func (g Wythoff) ClosedValue(p Pair) (impartial.Nimber, bool) {
	if o, ok := g.ClosedOutcome(p); ok && o == impartial.P {
		return 0, true
	}
	return 0, false
}

// MovesToValue lists the moves to P-positions (v = 0) in closed form: cut
// heap B to the partner of A, heap A to the partner of B, or both to the
// P-position with the same difference.
func (Wythoff) MovesToValue(dst []Pair, p Pair, v impartial.Nimber) ([]Pair, bool) {
	if v != 0 || p.A < 0 || p.B < 0 {
		return dst, false
	}
	add := func(q Pair) {
		for _, d := range dst {
			if d == q {
				return
			}
		}
		dst = append(dst, q)
	}
	if pa := WythoffPartner(p.A); pa < p.B {
		add(Pair{p.A, pa})
	}
	if pb := WythoffPartner(p.B); pb < p.A {
		add(Pair{pb, p.B})
	}
	d := p.B - p.A
	if d < 0 {
		d = -d
	}
	if x := WythoffLower(d); x < min(p.A, p.B) {
		if p.A <= p.B {
			add(Pair{x, x + d})
		} else {
			add(Pair{x + d, x})
		}
	}
	return dst, true
}

// WythoffTable returns the table of G(a, b) for 0 ≤ a, b < n: each cell the
// mex of the cells to its left, above it and on its diagonal up-left (the
// options of Wythoff's game), row by row, with the values seen so far in
// each row, column and diagonal held as bit sets, so a cell costs a scan
// of G(a, b)/64 + 1 words instead of a search of its game (the engine's
// search of a 256 × 256 table took minutes). G(a, b) < 3n: a cell has at
// most a + b + min(a, b) options. The context is checked after each row.
func WythoffTable(ctx context.Context, n int) ([][]impartial.Nimber, error) {
	words := (3*n)/64 + 1
	set := func(count int) [][]uint64 {
		s := make([][]uint64, count)
		backing := make([]uint64, count*words)
		for i := range s {
			s[i] = backing[i*words : (i+1)*words]
		}
		return s
	}
	rows, cols, diags := set(n), set(n), set(2*n)
	t := make([][]impartial.Nimber, n)
	for a := range n {
		if err := ctx.Err(); err != nil {
			return nil, impartial.ContextError(ctx)
		}
		t[a] = make([]impartial.Nimber, n)
		for b := range n {
			row, col, diag := rows[a], cols[b], diags[a-b+n]
			v := 0
			for w := range words {
				if x := row[w] | col[w] | diag[w]; x != ^uint64(0) {
					v = 64*w + bits.TrailingZeros64(^x)
					break
				}
			}
			t[a][b] = impartial.Nimber(v)
			row[v/64] |= 1 << (v % 64)
			col[v/64] |= 1 << (v % 64)
			diag[v/64] |= 1 << (v % 64)
		}
	}
	return t, nil
}
