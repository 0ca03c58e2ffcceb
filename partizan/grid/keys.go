package grid

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

// Keys of Domineering and Cram boards. A board's value depends only on its
// live cells (the empty cells with an empty neighbour: the others take no
// domino) up to the symmetries, so the key is made from them: the image of
// the live cells, cut to their bounding box, that is least under the
// symmetries asked for, ordered by rows, columns, then cells.
//
// A key has one of two forms, told apart by its size. When the live cells
// fit in 8 rows and 8 columns (every region of a small board but long thin
// ones), the key holds the chosen image's live cells as an 8×8 matrix (bit
// 8r + c is the cell in row r, column c), made in a few word operations:
// a byte swap flips the rows, a bit reversal both, a transpose8 transposes.
// Otherwise (more than 8 rows or columns) it is the image as a board, its
// blocked cells in lo (or big), as Grid.key makes it.

// emptyKey is the key of a small board of empty and blocked cells under
// the four symmetries that keep rows rows, and with transposes the other
// four too, those flagged negated when conj (for Domineering, whose
// transposes exchange the players; for Cram, an impartial game, they are
// not).
func emptyKey(g Grid, transposes, conj bool) (Grid, bool) {
	b := g.geom()
	empty := b.full &^ g.lo
	return liveKey(b, empty&b.neighbours(empty), transposes, conj)
}

// liveKey is emptyKey of a board of b's geometry whose live cells are
// live.
func liveKey(b *geom, live uint64, transposes, conj bool) (Grid, bool) {
	if m, ok := b.matrix(live); ok {
		return key8(m, transposes, conj)
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

// key8 is the key of the live cells m of a matrix, anywhere in it. The
// order of the cells is the same in a matrix as on a board (row-major), so
// the greatest image (the most live cells first) is the least key.
func key8(m uint64, transposes, conj bool) (Grid, bool) {
	if m == 0 {
		return Grid{}, false
	}
	m >>= bits.TrailingZeros64(m) &^ 7 // the first row with a cell on top
	nr := (71 - bits.LeadingZeros64(m)) >> 3
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
	return Grid{rows: uint16(rows), cols: uint16(cols), lo: best}, neg
}

// appendEmptyKeys is AppendKeys (partizan.ComponentKeyer) for Domineering
// and Cram: the keys of the regions splitEmpty returns, in its order, or
// of g itself when it is one region (or none). On a small board a region
// is one flood of the live cells, and its key is made from its cells; on a
// large one, key of each part.
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
	if m, ok := b.matrix(live); ok {
		for rest := m; ; {
			// the first flood fills all of m when g is one region
			r := rest
			if rest != 0 {
				r = flood8(rest&-rest, rest)
			}
			k, neg := key8(r, transposes, conj)
			keys = append(keys, partizan.PartKey[Grid]{Key: k, Negated: neg})
			if rest &^= r; rest == 0 {
				return keys
			}
		}
	}
	for rest := live; rest != 0; {
		r := b.flood(rest&-rest, rest)
		rest &^= r
		k, neg := liveKey(b, r, transposes, conj)
		keys = append(keys, partizan.PartKey[Grid]{Key: k, Negated: neg})
	}
	return keys
}

// smallKey returns the key of g by emptyKey when its live cells fit on a
// small board (ok), as on a small board of their own.
func smallKey(g Grid, transposes, conj bool) (k Grid, neg, ok bool) {
	if !g.small() {
		if g = normal(g); !g.small() {
			return Grid{}, false, false
		}
	}
	k, neg = emptyKey(g, transposes, conj)
	return k, neg, true
}

// Matrices: boards of at most 8 × 8 cells as 8×8 bit matrices, bit 8r + c
// the cell in row r, column c, whatever the board's width.

const (
	colA = 0x0101010101010101 // the first column of a matrix
	colH = colA << 7          // the last
)

// matrix returns the cells of m, on a board of b's geometry, as a matrix
// when they fit in one (their bounding box has at most 8 rows and 8
// columns): their first row on top, their columns where they are when the
// board has at most 8, else their first on the left.
func (b *geom) matrix(m uint64) (uint64, bool) {
	if m == 0 {
		return 0, true
	}
	r0 := bits.TrailingZeros64(m) / b.cols
	nr := (63-bits.LeadingZeros64(m))/b.cols - r0 + 1
	if nr > 8 {
		return 0, false
	}
	if b.cols == 8 {
		return m >> (8 * r0), true
	}
	c0, w := 0, b.row
	if b.cols > 8 {
		_, _, first, last := b.bbox(m)
		if last-first >= 8 {
			return 0, false
		}
		c0, w = first, 0xff
	}
	var out uint64
	for i := range nr {
		out |= (m >> ((r0+i)*b.cols + c0) & w) << (8 * i)
	}
	return out, true
}

// flood8 returns the cells of matrix within connected to seed.
func flood8(seed, within uint64) uint64 {
	for {
		next := (seed | seed<<8 | seed>>8 | (seed&^colH)<<1 | (seed&^colA)>>1) & within
		if next == seed {
			return seed
		}
		seed = next
	}
}

// cols8 returns the columns matrix m has cells in, as the bits of a row.
func cols8(m uint64) uint64 {
	m |= m >> 32
	m |= m >> 16
	m |= m >> 8
	return m & 0xff
}

// transpose8 returns the transpose of matrix m: cell (r, c) goes to (c, r)
// (three delta swaps: blocks of 4 × 4, of 2 × 2, then cells; Knuth, TAOCP
// 7.1.3).
func transpose8(m uint64) uint64 {
	t := 0x0f0f0f0f00000000 & (m ^ m<<28)
	m ^= t ^ t>>28
	t = 0x3333000033330000 & (m ^ m<<14)
	m ^= t ^ t>>14
	t = 0x5500550055005500 & (m ^ m<<7)
	m ^= t ^ t>>7
	return m
}

// maxFlip8 returns the greatest of the four row-keeping images (the
// identity, the two mirrors, the half turn) of the nr × nc matrix m, held
// at the top left.
func maxFlip8(m uint64, nr, nc int) uint64 {
	rows := bits.ReverseBytes64(m) >> (64 - 8*nr)
	rev := bits.Reverse64(m)
	half := rev >> (64 - 8*nr + 8 - nc)
	cols := bits.ReverseBytes64(rev) >> (8 - nc)
	return max(m, rows, cols, half)
}

// matrix8 returns the cells of m, on a board of at most 8 rows and 8
// columns of b's geometry, as a matrix.
func (b *geom) matrix8(m uint64) uint64 {
	if b.cols == 8 || m == 0 {
		return m
	}
	var out uint64
	for i := range b.rows {
		out |= (m >> (i * b.cols) & b.row) << (8 * i)
	}
	return out
}

// from8 returns the nr × nc matrix m as the cells of an nr × nc board.
func from8(m uint64, nr, nc int) uint64 {
	if nc == 8 || m == 0 {
		return m
	}
	var out uint64
	for i := range nr {
		out |= (m >> (8 * i) & 0xff) << (i * nc)
	}
	return out
}

// box8 returns the cells of an nr × nc matrix at the top left.
func box8(nr, nc int) uint64 {
	return ^uint64(0) >> (64 - 8*nr) & (colA * (1<<nc - 1))
}

// flips8 returns the four row-keeping images of the nr × nc matrix m, held
// at the top left, indexed by flipped rows (1) and flipped columns (2).
func flips8(m uint64, nr, nc int) [4]uint64 {
	rev := bits.Reverse64(m)
	return [4]uint64{m, bits.ReverseBytes64(m) >> (64 - 8*nr), bits.ReverseBytes64(rev) >> (8 - nc), rev >> (64 - 8*nr + 8 - nc)}
}
