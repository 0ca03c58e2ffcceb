package strip

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

var dominoChars = alphabets[dominoes]

// TopplingDominoes is the ruleset of Toppling Dominoes (Albert, Nowakowski
// and Wolfe, Lessons in Play, 2007; CGSuite's game.strip.TopplingDominoes):
// a row of dominoes, blue (l, Left's), red (r, Right's) or green (e,
// either player's); a move topples one of the player's dominoes to the
// left or to the right, and it knocks down every domino on that side of
// it in its row. Positions are strips: "lrrlrrl".
//
// An empty cell (.) ends a row: a toppling domino stops at it, so
// "lr.rl" is the sum of the rows "lr" and "rl" (Split). (CGSuite's
// implementation lets a toppling domino clear everything on its side,
// gaps too; on rows without gaps, as in its tests, the two agree.)
// Reversing a row keeps its value (Key); exchanging blue and red
// exchanges the players (ConjugateKey).
type TopplingDominoes struct{}

// Options yields the options of p for side s: for each of the player's
// dominoes from the left, toppled left, then right.
func (TopplingDominoes) Options(p Strip, s partizan.Side, yield func(Strip) bool) error {
	if p.big != "" {
		dominoOptionsStr(p.big, s, func(q string) bool { return yield(mk(dominoes, q)) })
		return nil
	}
	mine := p.l // blue and green
	if s == partizan.Right {
		mine = p.r // red and green
	}
	all := full(p.n)
	gaps := all &^ (p.l | p.r)
	for m := mine; m != 0; m &= m - 1 {
		bit := m & -m
		upTo := bit<<1 - 1 // cells 0..i
		below := gaps & (bit - 1)
		above := gaps &^ upTo
		// the row of domino i runs from the gap below it (or the start) to
		// the gap above it (or the end): lo is its first cell's bit, hi
		// its cells up to the end
		lo := uint64(1)
		if below != 0 {
			lo = uint64(1) << (64 - bits.LeadingZeros64(below))
		}
		hi := all
		if above != 0 {
			hi = above&-above - 1
		}
		toLeft := upTo &^ (lo - 1)
		toRight := hi &^ (bit - 1)
		if !yield(Strip{l: p.l &^ toLeft, r: p.r &^ toLeft, n: p.n, k: dominoes}) {
			return nil
		}
		if !yield(Strip{l: p.l &^ toRight, r: p.r &^ toRight, n: p.n, k: dominoes}) {
			return nil
		}
	}
	return nil
}

// Split returns the rows of p (nil when p has one row or none: its Key
// drops the gaps at its ends).
func (TopplingDominoes) Split(p Strip) []Strip {
	if p.big != "" {
		rows := dominoRowsStr(p.big)
		if len(rows) <= 1 {
			return nil
		}
		out := make([]Strip, len(rows))
		for i, r := range rows {
			out[i] = mk(dominoes, r)
		}
		return out
	}
	occ := p.l | p.r
	n := bits.OnesCount64(occ &^ (occ << 1)) // where the rows start
	if n <= 1 {
		return nil
	}
	out := make([]Strip, 0, n)
	for occ != 0 {
		a, b, m := segment(occ)
		occ &^= m
		out = append(out, p.sub(a, b))
	}
	return out
}

// dominoTrim returns p without the gaps at its ends.
func dominoTrim(p Strip) Strip {
	if p.big != "" {
		s := p.big
		lo, hi := 0, len(s)
		for lo < hi && s[lo] == '.' {
			lo++
		}
		for hi > lo && s[hi-1] == '.' {
			hi--
		}
		return mk(dominoes, s[lo:hi])
	}
	occ := p.l | p.r
	if occ == 0 {
		return Strip{k: dominoes}
	}
	return p.sub(bits.TrailingZeros64(occ), 64-bits.LeadingZeros64(occ))
}

// dominoKey returns p trimmed, read from the end that comes first.
func dominoKey(p Strip) Strip {
	k := dominoTrim(p)
	if r := k.reversed(false); r.less(k) {
		return r
	}
	return k
}

// Key returns p's key: its row read from the end that comes first.
func (TopplingDominoes) Key(p Strip) Strip { return dominoKey(p) }

// ConjugateKey is Key up to the exchange of blue and red, which negates
// the value.
func (TopplingDominoes) ConjugateKey(p Strip) (Strip, bool) {
	k := dominoKey(p)
	if c := dominoKey(k.swapped()); c.less(k) {
		return c, true
	}
	return k, false
}

// Cost is the units of work a position charges (partizan.Coster): more
// than one past 64 cells.
func (TopplingDominoes) Cost(p Strip) uint64 { return p.cost() }

// FormatPosition writes p: l, r, e and . from the left.
func (TopplingDominoes) FormatPosition(p Strip) string { return p.String() }

// ParsePosition reads a strip of l (blue dominoes, Left's), r (red,
// Right's), e (green, either player's) and . (gaps between rows).
func (TopplingDominoes) ParsePosition(s string) (Strip, error) { return dominoChars.parse(s) }

// SplitConjugateKey is Split and ConjugateKey in one call
// (partizan.SplitKeyer).
func (r TopplingDominoes) SplitConjugateKey(p Strip) ([]Strip, Strip, bool) {
	if parts := r.Split(p); len(parts) > 1 {
		return parts, Strip{}, false
	}
	k, neg := r.ConjugateKey(p)
	return nil, k, neg
}
