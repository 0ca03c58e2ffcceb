package strip

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

var toadChars = alphabets[toads]

// ToadsAndFrogs is the ruleset of Toads and Frogs (Winning Ways, ch. 1;
// Erickson, "New Toads and Frogs Results", 1996), as CGSuite's
// game.strip.ToadsAndFrogs: Left's toads (t) move right, Right's frogs
// (f) move left, each either one cell into an empty cell (.) or jumping
// one opposing piece into the empty cell just beyond it. Positions are
// strips: "ttttt..fffff".
//
// Split drops the pieces that can never move and cuts the strip where two
// or more of them stand together (no piece can cross them: a slide needs
// an empty cell, a jump crosses one piece); the parts are independent.
// Reversing the strip and exchanging toads and frogs exchanges the
// players (ConjugateKey).
type ToadsAndFrogs struct{}

// Options yields the options of p for side s, piece by piece from the
// left, a slide before a jump.
func (ToadsAndFrogs) Options(p Strip, s partizan.Side, yield func(Strip) bool) error {
	if p.big != "" {
		toadOptionsStr(p.big, s, func(q string) bool { return yield(mk(toads, q)) })
		return nil
	}
	empty := full(p.n) &^ (p.l | p.r)
	if s == partizan.Left {
		// a toad slides right into an empty cell, or jumps a frog into one
		slide := p.l & (empty >> 1)
		jump := p.l & (p.r >> 1) & (empty >> 2)
		for m := slide | jump; m != 0; m &= m - 1 {
			from := m & -m
			to := from << 1
			if jump&from != 0 {
				to <<= 1
			}
			q := p
			q.l ^= from | to
			if !yield(q) {
				return nil
			}
		}
		return nil
	}
	slide := p.r & (empty << 1)
	jump := p.r & (p.l << 1) & (empty << 2)
	for m := slide | jump; m != 0; m &= m - 1 {
		from := m & -m
		to := from >> 1
		if jump&from != 0 {
			to >>= 1
		}
		q := p
		q.r ^= from | to
		if !yield(q) {
			return nil
		}
	}
	return nil
}

// toadCells returns the cells of a packed strip that Split keeps (the
// pieces that never move dropped where two or more stand together or at
// an end) and the pieces that can move now: the greatest fixpoint of
// frozen pieces in a few word operations a round (as frozen in general.go
// does cell by cell).
func toadCells(p Strip) (keep, canMove uint64) {
	n, t, f := p.n, p.l, p.r
	all := full(n)
	empty := all &^ (t | f)
	canMove = t&(empty>>1|f>>1&(empty>>2)) | f&(empty<<1|t<<1&(empty<<2))
	fz := (t | f) &^ canMove
	for fz != 0 {
		open := all &^ fz
		// a toad moves into an open cell on its right, or over a frog into
		// one beyond; a frog alike to its left
		tm := t & fz & (open>>1 | f>>1&(open>>2))
		fm := f & fz & (open<<1 | t<<1&(open<<2))
		if tm|fm == 0 {
			break
		}
		fz &^= tm | fm
	}
	if fz == 0 {
		return all, canMove
	}
	pairs := fz & (fz >> 1)
	drop := pairs | pairs<<1
	drop |= (^fz & (fz + 1)) - 1 // the run at the left end
	if lead := bits.LeadingZeros64(^(fz | ^all)); lead > 64-int(n) {
		drop |= all &^ (all >> (lead - (64 - int(n)))) // the run at the right end
	}
	return all &^ (drop & fz), canMove
}

// segment returns the lowest run of cells a..b-1 in keep (not zero) and
// its bit set. A move inside a part needs only cells of the part, since
// the dropped cells are never empty.
func segment(keep uint64) (a, b int, m uint64) {
	a = bits.TrailingZeros64(keep)
	b = a + bits.TrailingZeros64(^(keep >> a))
	return a, b, full(uint16(b)) &^ (uint64(1)<<a - 1)
}

// Split returns the independent parts of p: the cells between runs of
// two or more pieces that never move, those at the ends of the strip
// dropped, and parts without a move left out. It returns nil when p has
// one part or none: then p's value is that part's, or 0, and its Key is
// that part (or the empty strip).
func (ToadsAndFrogs) Split(p Strip) []Strip {
	if p.big != "" {
		parts := toadPartsStr(p.big)
		if len(parts) <= 1 {
			return nil
		}
		out := make([]Strip, len(parts))
		for i, q := range parts {
			out[i] = mk(toads, q)
		}
		return out
	}
	keep, can := toadCells(p)
	return toadSplitOf(p, keep, can)
}

// toadSplitOf is Split of a packed strip from its toadCells.
func toadSplitOf(p Strip, keep, can uint64) []Strip {
	if keep == full(p.n) {
		return nil // one part or none
	}
	n := 0
	for k := keep; k != 0; {
		_, _, m := segment(k)
		k &^= m
		if can&m != 0 {
			n++
		}
	}
	if n <= 1 {
		return nil
	}
	out := make([]Strip, 0, n)
	for keep != 0 {
		a, b, m := segment(keep)
		keep &^= m
		if can&m != 0 {
			out = append(out, p.sub(a, b))
		}
	}
	return out
}

// Key returns p's key: its cells with the frozen ends dropped (the empty
// strip when no piece can move; p itself when it has several parts, which
// Split is asked about first).
func (ToadsAndFrogs) Key(p Strip) Strip { return toadKey(p) }

func toadKey(p Strip) Strip {
	if p.big != "" {
		return mk(toads, toadKeyStr(p.big))
	}
	keep, can := toadCells(p)
	return toadKeyOf(p, keep, can)
}

// toadKeyOf is toadKey of a packed strip from its toadCells.
func toadKeyOf(p Strip, keep, can uint64) Strip {
	if keep == full(p.n) && can != 0 {
		return p
	}
	part, found := Strip{k: toads}, false
	for keep != 0 {
		a, b, m := segment(keep)
		keep &^= m
		if can&m != 0 {
			if found {
				return p
			}
			part, found = p.sub(a, b), true
		}
	}
	return part
}

// ConjugateKey is Key up to the reversal of the strip with toads and
// frogs exchanged, which exchanges the players and negates the value.
func (ToadsAndFrogs) ConjugateKey(p Strip) (Strip, bool) { return toadConjugate(toadKey(p)) }

// toadConjugate returns the least of key k and its conjugate, and whether
// it is the conjugate.
func toadConjugate(k Strip) (Strip, bool) {
	if k.big != "" {
		if c := k.reversed(true); c.less(k) {
			return c, true
		}
		return k, false
	}
	if k.n == 0 {
		return k, false
	}
	// the packed reversal with toads and frogs exchanged, and less
	sh := 64 - k.n
	cl, cr := bits.Reverse64(k.r)>>sh, bits.Reverse64(k.l)>>sh
	if cl < k.l || cl == k.l && cr < k.r {
		k.l, k.r = cl, cr
		return k, true
	}
	return k, false
}

// SplitConjugateKey is Split and ConjugateKey in one pass over the
// frozen pieces (partizan.SplitKeyer).
func (ToadsAndFrogs) SplitConjugateKey(p Strip) ([]Strip, Strip, bool) {
	if p.big != "" {
		if parts := (ToadsAndFrogs{}).Split(p); len(parts) > 1 {
			return parts, Strip{}, false
		}
		k, neg := toadConjugate(toadKey(p))
		return nil, k, neg
	}
	keep, can := toadCells(p)
	if parts := toadSplitOf(p, keep, can); parts != nil {
		return parts, Strip{}, false
	}
	k, neg := toadConjugate(toadKeyOf(p, keep, can))
	return nil, k, neg
}

// Cost is the units of work a position charges (partizan.Coster): more
// than one past 64 cells.
func (ToadsAndFrogs) Cost(p Strip) uint64 { return p.cost() }

// FormatPosition writes p: t, f and . from the left.
func (ToadsAndFrogs) FormatPosition(p Strip) string { return p.String() }

// ParsePosition reads a strip of t (toads, Left's), f (frogs, Right's) and
// . (empty cells), as CGSuite writes it: "ttttt..fffff".
func (ToadsAndFrogs) ParsePosition(s string) (Strip, error) { return toadChars.parse(s) }
