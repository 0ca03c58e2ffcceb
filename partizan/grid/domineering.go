package grid

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

// Cell codes of Domineering and Cram boards.
const (
	Empty   byte = 0 // written .
	Blocked byte = 1 // written #
)

var boardChars = charset{what: "board", chars: ".#", start: emptyBoard}

// emptyBoard is Domineering's and Cram's "RxC": every cell empty.
func emptyBoard(rows, cols int) Grid { return NewGrid(rows, cols, 0) }

// Domineering is the ruleset of Domineering (Winning Ways, ch. 5; Berlekamp,
// "Blockbusting and Domineering", 1988): a move places a domino on two
// empty cells, Left's vertically (two cells of one column), Right's
// horizontally (two cells of one row), as in CGSuite's
// game.grid.Domineering. Positions are boards of empty (.) and blocked (#)
// cells: "....|....|....|...." or "4x4" for the empty 4×4 board.
//
// A board is the sum of its regions of empty cells (Split). Its key folds
// in the four symmetries that keep columns columns (the two mirrors and
// the half turn); the other four (the transposes and quarter turns)
// exchange vertical and horizontal, so the players, and negate the value
// (ConjugateKey).
type Domineering struct{}

// Options yields the options of g for side s: for Left every vertical
// domino, for Right every horizontal one, on empty cells, in reading order.
func (Domineering) Options(g Grid, s partizan.Side, yield func(Grid) bool) error {
	placements(g, s == partizan.Left, s == partizan.Right, yield)
	return nil
}

// placements yields g with a domino on two empty cells, vertical ones if
// vert, horizontal ones if horiz, by their first cell in reading order.
func placements(g Grid, vert, horiz bool, yield func(Grid) bool) {
	cols := int(g.cols)
	if g.small() {
		b := g.geom()
		empty := b.full &^ g.lo
		var v, h uint64
		if vert {
			v = empty & (empty >> cols)
		}
		if horiz {
			h = empty & (empty >> 1) & b.notLast
		}
		for m := v | h; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			if v>>i&1 != 0 && !yield(Grid{rows: g.rows, cols: g.cols, lo: g.lo | 1<<i | 1<<(i+cols)}) {
				return
			}
			if h>>i&1 != 0 && !yield(Grid{rows: g.rows, cols: g.cols, lo: g.lo | 3<<i}) {
				return
			}
		}
		return
	}
	n := g.n()
	for i := range n {
		if g.big[i] != Empty {
			continue
		}
		if vert && i+cols < n && g.big[i+cols] == Empty && !yield(g.with(Blocked, i, i+cols)) {
			return
		}
		if horiz && i%cols+1 < cols && g.big[i+1] == Empty && !yield(g.with(Blocked, i, i+1)) {
			return
		}
	}
}

// Split returns the regions of empty cells of g, each on the smallest
// board that holds it (nil when there is one region or none): no domino
// covers cells of two regions, so g is their sum. A lone empty cell takes
// no domino and is left out.
func (Domineering) Split(g Grid) []Grid { return splitEmpty(g) }

func splitEmpty(g Grid) []Grid {
	if g.small() {
		b := g.geom()
		empty := b.full &^ g.lo
		live := empty & b.neighbours(empty)
		first := b.flood(live&-live, live)
		if first == live {
			return nil
		}
		// At most 32 regions of two or more cells: found first, so that
		// the parts take one allocation.
		var regions [32]uint64
		n := 0
		for rest := live; rest != 0; n++ {
			r := b.flood(rest&-rest, rest)
			rest &^= r
			regions[n] = r
		}
		out := make([]Grid, n)
		for i, r := range regions[:n] {
			out[i] = g.cropBits(r, Blocked)
		}
		return out
	}
	var live [][]int
	for _, r := range g.regions(func(c byte) bool { return c == Empty }) {
		if len(r) > 1 {
			live = append(live, r)
		}
	}
	if len(live) <= 1 {
		return nil
	}
	out := make([]Grid, len(live))
	for i, r := range live {
		out[i] = g.crop(r, Blocked)
	}
	return out
}

// normal returns g with the empty cells that have no empty neighbour
// blocked (no domino can cover them), cropped to its empty cells.
func normal(g Grid) Grid {
	if g.small() {
		b := g.geom()
		empty := b.full &^ g.lo
		return g.cropBits(empty&b.neighbours(empty), Blocked)
	}
	var keep []int
	for _, r := range g.regions(func(c byte) bool { return c == Empty }) {
		if len(r) > 1 {
			keep = append(keep, r...)
		}
	}
	if len(keep) == 0 {
		return Grid{}
	}
	return g.crop(keep, Blocked)
}

// Key returns the key of g under the symmetries that keep columns columns.
func (Domineering) Key(g Grid) Grid {
	if k, _, ok := smallKey(g, false, false); ok {
		return k
	}
	k, _ := normal(g).key(keepAxes, nil, nil)
	return k
}

// AppendKeys appends the conjugate keys of g's regions
// (partizan.ComponentKeyer): ConjugateKey of each part Split returns,
// without making the parts.
func (Domineering) AppendKeys(keys []partizan.PartKey[Grid], g Grid) []partizan.PartKey[Grid] {
	return appendEmptyKeys(keys, g, true, true, Domineering{}.ConjugateKey)
}

// ConjugateKey returns the key of g under all eight symmetries of the
// square, and whether it is that of a transposed image (whose value is
// the negative of g's: the transpose turns Left's dominoes into Right's).
func (Domineering) ConjugateKey(g Grid) (Grid, bool) {
	if k, neg, ok := smallKey(g, true, true); ok {
		return k, neg
	}
	return normal(g).key(keepAxes, swapAxes, nil)
}

// Cost is the units of work a position charges (partizan.Coster): more
// than one past 64 cells.
func (Domineering) Cost(g Grid) uint64 { return g.cost() }

// FormatPosition writes g in CGSuite's notation: rows of . and #
// separated by |.
func (Domineering) FormatPosition(g Grid) string { return boardChars.format(g) }

// ParsePosition reads a board: rows of . (empty) and # (blocked)
// separated by |, from the top, as CGSuite writes them (".#..|....");
// or "RxC" for the empty board of R rows and C columns.
func (Domineering) ParsePosition(s string) (Grid, error) { return boardChars.parse(s) }
