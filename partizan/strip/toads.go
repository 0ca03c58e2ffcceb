package strip

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

var toadChars = alphabet{chars: ".tf"}

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
	us, them, dir := byte('t'), byte('f'), 1
	if s == partizan.Right {
		us, them, dir = 'f', 't', -1
	}
	n := len(p.s)
	for i := range n {
		if p.s[i] != us {
			continue
		}
		j := i + dir
		if j >= 0 && j < n && p.s[j] == '.' {
			if !yield(moved(p, i, j, us)) {
				return nil
			}
			continue
		}
		k := j + dir
		if j >= 0 && j < n && p.s[j] == them && k >= 0 && k < n && p.s[k] == '.' {
			if !yield(moved(p, i, k, us)) {
				return nil
			}
		}
	}
	return nil
}

func moved(p Strip, from, to int, piece byte) Strip {
	b := []byte(p.s)
	b[from], b[to] = '.', piece
	return Strip{string(b)}
}

// frozen reports, for each cell of s, whether a piece stands there that
// can never move: the greatest set of pieces none of which could move
// were they all to stay where they are (then none ever moves). A toad can
// move once the cell to its right is, or may become, empty, or holds a
// frog with such a cell beyond; a frog alike to the left.
func frozen(s string) []bool {
	n := len(s)
	fz := make([]bool, n)
	for i := range n {
		fz[i] = s[i] != '.'
	}
	// open: cell i is empty or may become empty.
	open := func(i int) bool { return i >= 0 && i < n && !fz[i] }
	for changed := true; changed; {
		changed = false
		for i := range n {
			if !fz[i] {
				continue
			}
			dir, them := 1, byte('f')
			if s[i] == 'f' {
				dir, them = -1, 't'
			}
			j := i + dir
			if open(j) || (j >= 0 && j < n && s[j] == them && open(j+dir)) {
				fz[i] = false
				changed = true
			}
		}
	}
	return fz
}

// Split returns the independent parts of p (nil when p is one part): the
// cells between runs of two or more pieces that never move, those at the
// ends of the strip dropped, and parts without a move left out.
func (ToadsAndFrogs) Split(p Strip) []Strip {
	parts := toadParts(p.s)
	if len(parts) == 1 && parts[0] == p.s {
		return nil
	}
	out := make([]Strip, len(parts))
	for i, q := range parts {
		out[i] = Strip{q}
	}
	if len(out) == 0 {
		return []Strip{}
	}
	return out
}

func toadParts(s string) []string {
	if len(s) <= 64 {
		return toadPartsBits(s)
	}
	return toadPartsBytes(s)
}

// toadPartsBytes is toadParts for a strip of any length, cell by cell.
func toadPartsBytes(s string) []string {
	fz := frozen(s)
	n := len(s)
	// drop: a frozen cell in a run of two or more, or in a run at an end.
	drop := make([]bool, n)
	for i := 0; i < n; {
		if !fz[i] {
			i++
			continue
		}
		j := i
		for j < n && fz[j] {
			j++
		}
		if j-i >= 2 || i == 0 || j == n {
			for k := i; k < j; k++ {
				drop[k] = true
			}
		}
		i = j
	}
	var out []string
	for i := 0; i < n; {
		if drop[i] {
			i++
			continue
		}
		j := i
		for j < n && !drop[j] {
			j++
		}
		if part := s[i:j]; hasMove(part) {
			out = append(out, part)
		}
		i = j
	}
	return out
}

// hasMove reports whether some piece of s can move now.
func hasMove(s string) bool {
	for i := range len(s) {
		switch {
		case s[i] == 't' && i+1 < len(s) && (s[i+1] == '.' || s[i+1] == 'f' && i+2 < len(s) && s[i+2] == '.'):
			return true
		case s[i] == 'f' && i > 0 && (s[i-1] == '.' || s[i-1] == 't' && i > 1 && s[i-2] == '.'):
			return true
		}
	}
	return false
}

// Key returns p's key: its cells with the frozen ends dropped.
func (ToadsAndFrogs) Key(p Strip) string { return toadKey(p.s) }

func toadKey(s string) string {
	switch parts := toadParts(s); len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	// Not one part (Split would have been asked first): the whole strip.
	return s
}

// ConjugateKey is Key up to the reversal of the strip with toads and
// frogs exchanged, which exchanges the players and negates the value.
func (ToadsAndFrogs) ConjugateKey(p Strip) (string, bool) {
	k := toadKey(p.s)
	c := reverse(k, "tf")
	if c < k {
		return c, true
	}
	return k, false
}

// FormatPosition writes p: t, f and . from the left.
func (ToadsAndFrogs) FormatPosition(p Strip) string { return p.s }

// ParsePosition reads a strip of t (toads, Left's), f (frogs, Right's) and
// . (empty cells), as CGSuite writes it: "ttttt..fffff".
func (ToadsAndFrogs) ParsePosition(s string) (Strip, error) { return toadChars.parse(s) }

// toadPartsBits is toadParts for a strip of at most 64 cells, on bit sets
// (cell i is bit i): the greatest fixpoint of frozen pieces in a few word
// operations a round, then the dropped runs and the parts between them.
func toadPartsBits(s string) []string {
	n := len(s)
	var t, f uint64
	for i := range n {
		switch s[i] {
		case 't':
			t |= 1 << i
		case 'f':
			f |= 1 << i
		}
	}
	full := ^uint64(0) >> (64 - n)
	fz := t | f
	for {
		open := full &^ fz
		// a toad moves into an open cell on its right, or over a frog into
		// one beyond; a frog alike to its left
		tm := t & fz & (open>>1 | f>>1&(open>>2))
		fm := f & fz & (open<<1 | t<<1&(open<<2))
		if tm|fm == 0 {
			break
		}
		fz &^= tm | fm
	}
	pairs := fz & (fz >> 1)
	drop := pairs | pairs<<1
	drop |= (^fz & (fz + 1)) - 1 // the run at the left end
	if lead := bits.LeadingZeros64(^(fz | ^full)); lead > 64-n {
		drop |= full &^ (full >> (lead - (64 - n))) // the run at the right end
	}
	drop &= fz
	empty := full &^ (t | f)
	canMove := t&(empty>>1|f>>1&(empty>>2)) | f&(empty<<1|t<<1&(empty<<2))
	var out []string
	for keep := full &^ drop; keep != 0; {
		a := bits.TrailingZeros64(keep)
		seg := keep >> a
		b := a + bits.TrailingZeros64(^seg) // the part is cells a..b-1
		m := ^uint64(0) >> (64 - b) &^ (uint64(1)<<a - 1)
		// a move inside the part: the cells it needs are in the part too,
		// since the dropped cells are never empty
		if canMove&m != 0 {
			out = append(out, s[a:b])
		}
		keep &^= m
	}
	return out
}
