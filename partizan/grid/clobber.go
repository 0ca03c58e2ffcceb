package grid

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

// Cell codes of Clobber boards.
const (
	Vacant byte = 0 // written .
	Black  byte = 1 // Left's stone, written x
	White  byte = 2 // Right's stone, written o
)

var (
	stoneExtra   = map[byte]byte{'X': Black, 'O': White}
	stoneChars   = charset{what: "board", chars: ".xo", extra: stoneExtra}
	clobberChars = charset{what: "board", chars: ".xo", extra: stoneExtra, start: checkerboard}
	konaneChars  = charset{what: "board", chars: ".xo", extra: stoneExtra, name: "Konane", example: ".xo|xo.|..."}
)

// checkerboard is Clobber's "RxC", its usual start (Albert, Grossman,
// Nowakowski and Wolfe 2005): every cell holds a stone, the colours
// alternating, Left's (x) in the top left corner.
func checkerboard(rows, cols int) Grid {
	g := NewGrid(rows, cols, White)
	var at []int
	for i := range rows * cols {
		if (i/cols+i%cols)%2 == 0 {
			at = append(at, i)
		}
	}
	return g.with(Black, at...)
}

// Clobber is the ruleset of Clobber (Albert, Grossman, Nowakowski and
// Wolfe, 2005), as CGSuite's game.grid.Clobber: Left moves one of her
// black stones (x) onto an orthogonally adjacent white stone (o), which
// is removed, leaving the cell it came from vacant; Right moves a white
// stone onto a black one alike. Positions are boards of x, o and . (a
// vacant cell): "xox|ox.".
//
// No stone ever moves onto a vacant cell, so a board is the sum of its
// groups of orthogonally connected stones (Split; a group of one colour
// has no move and is left out). Its key folds in all eight symmetries of
// the square; swapping the colours exchanges the players (ConjugateKey).
type Clobber struct{}

// Options yields the options of g for side s, stone by stone in reading
// order, each stone's captures up, left, right, down.
func (Clobber) Options(g Grid, s partizan.Side, yield func(Grid) bool) error {
	us, them := Black, White
	if s == partizan.Right {
		us, them = White, Black
	}
	cols := int(g.cols)
	if g.small() {
		b := g.geom()
		black, white := g.lo&^g.hi, g.hi&^g.lo
		mine, theirs := black, white
		if us == White {
			mine, theirs = white, black
		}
		for m := mine & b.neighbours(theirs); m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			at := uint64(1) << i
			for _, to := range [4]uint64{at >> cols, (at & b.notFirst) >> 1, (at & b.notLast) << 1, at << cols & b.full} {
				if to&theirs == 0 {
					continue
				}
				nm, nt := mine&^at|to, theirs&^to
				q := Grid{rows: g.rows, cols: g.cols, lo: nm, hi: nt}
				if us == White {
					q.lo, q.hi = nt, nm
				}
				if !yield(q) {
					return nil
				}
			}
		}
		return nil
	}
	n := g.n()
	for i := range n {
		if g.big[i] != us {
			continue
		}
		c := i % cols
		for _, j := range [4]int{i - cols, i - 1, i + 1, i + cols} {
			if j < 0 || j >= n || (j == i-1 && c == 0) || (j == i+1 && c == cols-1) || g.big[j] != them {
				continue
			}
			q := g.with(Vacant, i).with(us, j)
			if !yield(q) {
				return nil
			}
		}
	}
	return nil
}

// groups returns the bitboards (small g) or cell lists (large g) of the
// groups of g that hold stones of both colours.
func stoneGroupsBits(g Grid) []uint64 {
	b := g.geom()
	black, white := g.lo&^g.hi, g.hi&^g.lo
	out := make([]uint64, 0, 8)
	for rest := black | white; rest != 0; {
		r := b.flood(rest&-rest, rest)
		rest &^= r
		if r&black != 0 && r&white != 0 {
			out = append(out, r)
		}
	}
	return out
}

func stoneGroups(g Grid) [][]int {
	var out [][]int
	for _, r := range g.regions(func(c byte) bool { return c != Vacant }) {
		var seen [4]bool
		for _, i := range r {
			seen[g.at(i)] = true
		}
		if seen[Black] && seen[White] {
			out = append(out, r)
		}
	}
	return out
}

// Split returns the groups of g with stones of both colours, each on its
// smallest board (nil when there is one such group or none).
func (Clobber) Split(g Grid) []Grid {
	if g.small() {
		groups := stoneGroupsBits(g)
		if len(groups) <= 1 {
			return nil
		}
		out := make([]Grid, len(groups))
		for i, r := range groups {
			out[i] = g.cropBits(r, Vacant)
		}
		return out
	}
	groups := stoneGroups(g)
	if len(groups) <= 1 {
		return nil
	}
	out := make([]Grid, len(groups))
	for i, r := range groups {
		out[i] = g.crop(r, Vacant)
	}
	return out
}

// AppendKeys appends the conjugate keys of g's groups with stones of both
// colours (partizan.ComponentKeyer): ConjugateKey of each part Split
// returns, or of g when it has fewer than two, without the parts' list.
func (Clobber) AppendKeys(keys []partizan.PartKey[Grid], g Grid) []partizan.PartKey[Grid] {
	if !g.small() {
		parts := Clobber{}.Split(g)
		if parts == nil {
			parts = []Grid{g}
		}
		for _, p := range parts {
			k, neg := Clobber{}.ConjugateKey(p)
			keys = append(keys, partizan.PartKey[Grid]{Key: k, Negated: neg})
		}
		return keys
	}
	b := g.geom()
	black, white := g.lo&^g.hi, g.hi&^g.lo
	n := len(keys)
	for rest := black | white; rest != 0; {
		r := b.flood(rest&-rest, rest)
		rest &^= r
		if r&black != 0 && r&white != 0 {
			k, neg := g.cropBits(r, Vacant).keyBits(allAxes, allAxes, swapStones)
			keys = append(keys, partizan.PartKey[Grid]{Key: k, Negated: neg})
		}
	}
	if len(keys) == n { // no group: the key of the empty board
		keys = append(keys, partizan.PartKey[Grid]{})
	}
	return keys
}

// clobberNormal returns g cropped to its groups with stones of both colours.
func clobberNormal(g Grid) Grid {
	if g.small() {
		var keep uint64
		for _, r := range stoneGroupsBits(g) {
			keep |= r
		}
		return g.cropBits(keep, Vacant)
	}
	var keep []int
	for _, r := range stoneGroups(g) {
		keep = append(keep, r...)
	}
	if len(keep) == 0 {
		return Grid{}
	}
	return g.crop(keep, Vacant)
}

var swapStones = []byte{Vacant, White, Black, 3}

// Key returns the key of g under the eight symmetries of the square.
func (Clobber) Key(g Grid) Grid {
	k, _ := clobberNormal(g).key(allAxes, nil, nil)
	return k
}

// ConjugateKey is Key up to the swap of the colours too (which exchanges
// the players, so negates the value).
func (Clobber) ConjugateKey(g Grid) (Grid, bool) {
	return clobberNormal(g).key(allAxes, allAxes, swapStones)
}

// Cost is the units of work a position charges (partizan.Coster): more
// than one past 64 cells.
func (Clobber) Cost(g Grid) uint64 { return g.cost() }

// FormatPosition writes g in CGSuite's notation: rows of x, o and .
// separated by |.
func (Clobber) FormatPosition(g Grid) string { return stoneChars.format(g) }

// ParsePosition reads a board: rows of x (Left's stones), o (Right's) and
// . (vacant) separated by |, from the top, as CGSuite writes them; or
// "RxC" for the full checkerboard of R rows and C columns with x in the
// top left corner, the usual start.
func (Clobber) ParsePosition(s string) (Grid, error) { return clobberChars.parse(s) }
