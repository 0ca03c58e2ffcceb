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

var boardChars = charset{what: "board", chars: ".#", shorthand: true}

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

// appendEmptyKeys is AppendKeys (partizan.ComponentKeyer) for Domineering
// and Cram: the keys of the regions splitEmpty returns, in its order, or
// of g itself when it is one region (or none): on a small board each by
// emptyKey from the region's cells, on a large one by key of each part.
func appendEmptyKeys(keys []partizan.PartKey[Grid], g Grid, transposes, conj bool, key func(Grid) (Grid, bool)) []partizan.PartKey[Grid] {
	if !g.small() {
		parts := splitEmpty(g)
		if parts == nil {
			parts = []Grid{g}
		}
		for _, p := range parts {
			k, neg := key(p)
			keys = append(keys, partizan.PartKey[Grid]{Key: k, Negated: neg})
		}
		return keys
	}
	b := g.geom()
	empty := b.full &^ g.lo
	live := empty & b.neighbours(empty)
	rest := live
	for {
		// one flood a region; the first fills all of live when g is one
		r := rest
		if rest != 0 {
			r = b.flood(rest&-rest, rest)
		}
		k, neg := liveKey(b, r, transposes, conj)
		keys = append(keys, partizan.PartKey[Grid]{Key: k, Negated: neg})
		if rest &^= r; rest == 0 {
			return keys
		}
	}
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
	if g.small() {
		k, _ := emptyKey(g, false, false)
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
	if g.small() {
		return emptyKey(g, true, true)
	}
	return normal(g).key(keepAxes, swapAxes, nil)
}

// emptyKey is the key of a small board of empty and blocked cells, the
// same as normal(g).key(…) computes, in one pass: the live cells (empty,
// with an empty neighbour) are cut to their bounding box and its four
// row-keeping images made row by row; with transposes, the transposed
// board's four images too, those flagged negated when conj (for Cram, an
// impartial game, they are not).
func emptyKey(g Grid, transposes, conj bool) (Grid, bool) {
	b := g.geom()
	empty := b.full &^ g.lo
	return liveKey(b, empty&b.neighbours(empty), transposes, conj)
}

// liveKey is emptyKey of a board of b's geometry whose live cells are
// live.
func liveKey(b *geom, live uint64, transposes, conj bool) (Grid, bool) {
	if live == 0 {
		return Grid{}, false
	}
	if b.cols <= 8 {
		r0 := bits.TrailingZeros64(live) / b.cols
		if nr := (63-bits.LeadingZeros64(live))/b.cols - r0 + 1; nr <= 8 {
			return emptyKey8(b.to8(live, r0, nr), nr, transposes, conj)
		}
	}
	r0, r1, c0, c1 := b.bbox(live)
	nr, nc := r1-r0+1, c1-c0+1
	w := ^uint64(0) >> (64 - nc)
	var img [4]uint64 // identity, rows flipped, columns flipped, both
	for i := range nr {
		seg := live >> ((r0+i)*b.cols + c0) & w
		rev := revRow(seg, nc)
		img[0] |= seg << (i * nc)
		img[1] |= seg << ((nr - 1 - i) * nc)
		img[2] |= rev << (i * nc)
		img[3] |= rev << ((nr - 1 - i) * nc)
	}
	box := geometry(nr, nc).full
	// The key's cells are the blocked ones: the least key is the image
	// with the most live cells first.
	var best uint64
	for _, m := range img {
		best = max(best, m)
	}
	rows, cols, neg := nr, nc, false
	if transposes && nr >= nc {
		t := geometry(nr, nc)
		tr := t.transpose(img[0])
		tg := geometry(nc, nr)
		var tbest uint64
		for _, m := range tg.flips(tr) { // the four in one pass over the rows
			tbest = max(tbest, m)
		}
		if nr > nc || tbest > best {
			best, rows, cols, neg = tbest, nc, nr, conj
		}
	}
	return Grid{rows: uint16(rows), cols: uint16(cols), lo: box &^ best}, neg
}

// emptyKey8 is emptyKey for live cells within 8 rows and 8 columns, given
// as a matrix (bits.go) of nr rows from the top: the same key, each family
// of four images made in a few word operations.
func emptyKey8(m uint64, nr int, transposes, conj bool) (Grid, bool) {
	cs := cols8(m)
	c0 := bits.TrailingZeros64(cs)
	nc := bits.Len64(cs) - c0
	m >>= c0
	best := maxFlip8(m, nr, nc)
	rows, cols, neg := nr, nc, false
	if transposes && nr >= nc {
		if tbest := maxFlip8(transpose8(m), nc, nr); nr > nc || tbest > best {
			best, rows, cols, neg = tbest, nc, nr, conj
		}
	}
	return Grid{rows: uint16(rows), cols: uint16(cols), lo: geometry(rows, cols).full &^ from8(best, rows, cols)}, neg
}

// FormatPosition writes g in CGSuite's notation: rows of . and #
// separated by |.
func (Domineering) FormatPosition(g Grid) string { return boardChars.format(g) }

// ParsePosition reads a board: rows of . (empty) and # (blocked)
// separated by |, from the top, as CGSuite writes them (".#..|....");
// or "RxC" for the empty board of R rows and C columns.
func (Domineering) ParsePosition(s string) (Grid, error) { return boardChars.parse(s) }
