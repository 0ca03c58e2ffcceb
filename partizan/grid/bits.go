package grid

import "math/bits"

// Bitboards of grids of at most 64 cells: bit r*cols + c is the cell in
// row r, column c.

// geom holds the masks of an R×C board.
type geom struct {
	rows, cols int
	full       uint64 // every cell
	notFirst   uint64 // every cell but those of the first column
	notLast    uint64 // every cell but those of the last column
	row        uint64 // the cells of the first row
}

// geoms holds the geometry of every board of at most 64 cells, by rows
// and columns: a constant table, built once.
var geoms = func() (t [65][65]geom) {
	for r := 1; r <= 64; r++ {
		for c := 1; r*c <= 64; c++ {
			t[r][c] = makeGeometry(r, c)
		}
	}
	return t
}()

func geometry(rows, cols int) *geom { return &geoms[rows][cols] }

func makeGeometry(rows, cols int) geom {
	n := rows * cols
	g := geom{rows: rows, cols: cols, full: ^uint64(0) >> (64 - n), row: ^uint64(0) >> (64 - cols)}
	if n == 0 {
		g.full, g.row = 0, 0
	}
	var first, last uint64
	for r := range rows {
		first |= 1 << (r * cols)
		last |= 1 << (r*cols + cols - 1)
	}
	g.notFirst, g.notLast = g.full&^first, g.full&^last
	return g
}

func (g Grid) geom() *geom { return geometry(int(g.rows), int(g.cols)) }

// revRow returns the n low bits of row in reverse order: a row of at most 8
// cells by bits.Reverse8 (a table), a longer one by bits.Reverse64.
func revRow(row uint64, n int) uint64 {
	if n <= 8 {
		return uint64(bits.Reverse8(uint8(row))) >> (8 - n)
	}
	return bits.Reverse64(row) >> (64 - n)
}

// neighbours returns the cells orthogonally adjacent to a cell of m.
func (b *geom) neighbours(m uint64) uint64 {
	return (m<<b.cols | m>>b.cols | (m&b.notLast)<<1 | (m&b.notFirst)>>1) & b.full
}

// flood returns the cells of within connected to seed.
func (b *geom) flood(seed, within uint64) uint64 {
	for {
		next := (seed | b.neighbours(seed)) & within
		if next == seed {
			return seed
		}
		seed = next
	}
}

// bbox returns the first and last rows and columns of the cells of m
// (not empty).
func (b *geom) bbox(m uint64) (r0, r1, c0, c1 int) {
	r0 = bits.TrailingZeros64(m) / b.cols
	r1 = (63 - bits.LeadingZeros64(m)) / b.cols
	var cols uint64
	for r := r0; r <= r1; r++ {
		cols |= m >> (r * b.cols) & b.row
	}
	return r0, r1, bits.TrailingZeros64(cols), 63 - bits.LeadingZeros64(cols)
}

// cut returns the cells of m in rows r0.. and columns c0.. of an nr × nc
// window, as a board of nr × nc.
func (b *geom) cut(m uint64, r0, c0, nr, nc int) uint64 {
	var out uint64
	w := ^uint64(0) >> (64 - nc)
	for r := range nr {
		out |= (m >> ((r0+r)*b.cols + c0) & w) << (r * nc)
	}
	return out
}

// transpose returns m as a C × R board: cell (r, c) goes to (c, r).
func (b *geom) transpose(m uint64) uint64 {
	var out uint64
	for r := range b.rows {
		for row := m >> (r * b.cols) & b.row; row != 0; row &= row - 1 {
			c := bits.TrailingZeros64(row)
			out |= 1 << (c*b.rows + r)
		}
	}
	return out
}

// cropped returns g cut to the bounding box of the cells of keep, every
// other cell of the box filled with code fill.
func (g Grid) cropBits(keep uint64, fill byte) Grid {
	if keep == 0 {
		return Grid{}
	}
	b := g.geom()
	r0, r1, c0, c1 := b.bbox(keep)
	nr, nc := r1-r0+1, c1-c0+1
	k := b.cut(keep, r0, c0, nr, nc)
	out := Grid{rows: uint16(nr), cols: uint16(nc)}
	box := geometry(nr, nc).full
	out.lo = b.cut(g.lo&keep, r0, c0, nr, nc)
	if g.hi&keep != 0 {
		out.hi = b.cut(g.hi&keep, r0, c0, nr, nc)
	}
	if fill&1 != 0 {
		out.lo |= box &^ k
	}
	if fill&2 != 0 {
		out.hi |= box &^ k
	}
	return out
}

// keyBits is key for a small grid: the least of its images under syms
// and (its codes recoded) conj, compared as (rows, cols, lo, hi). Each
// plane's four row-keeping images are made at once, and its transpose's
// four when some transposing symmetry is asked and can be least (images
// are ordered by rows first); recoding commutes with the images, so the
// conjugate candidates are the same images recoded. A grid of at most 8
// rows and 8 columns makes its images as matrices (keys.go), in a few
// word operations each, and the least one back as a grid; a larger one,
// row by row.
func (g Grid) keyBits(syms, conj []symmetry, recode []byte) (Grid, bool) {
	if g.rows == 0 {
		return Grid{}, false
	}
	b := g.geom()
	rows, cols := b.rows, b.cols
	// the flip indexes asked for, per family (keeping rows, transposing)
	var want [2][2]uint8 // plain, conjugate; keep, swap
	want[0][0], want[0][1] = symMasks(syms)
	want[1][0], want[1][1] = symMasks(conj)
	wantKeep, wantSwap := want[0][0]|want[1][0] != 0, want[0][1]|want[1][1] != 0
	if wantKeep && wantSwap && rows != cols {
		// only the family with the fewer rows can be least
		wantKeep, wantSwap = rows < cols, rows > cols
	}
	var keep, swap [2][4]uint64 // per plane (lo, hi), per flip index
	// the cells of an image of each shape, to recode vacant cells
	var full, tfull uint64
	mat := rows <= 8 && cols <= 8
	if mat {
		lo, hi := b.matrix8(g.lo), b.matrix8(g.hi)
		full, tfull = box8(rows, cols), box8(cols, rows)
		if wantKeep {
			keep[0] = flips8(lo, rows, cols)
			if hi != 0 {
				keep[1] = flips8(hi, rows, cols)
			}
		}
		if wantSwap {
			swap[0] = flips8(transpose8(lo), cols, rows)
			if hi != 0 {
				swap[1] = flips8(transpose8(hi), cols, rows)
			}
		}
	} else {
		full, tfull = b.full, geometry(cols, rows).full
		if wantKeep {
			keep[0] = b.flips(g.lo)
			if g.hi != 0 {
				keep[1] = b.flips(g.hi)
			}
		}
		if wantSwap {
			tg := geometry(cols, rows)
			swap[0] = tg.flips(b.transpose(g.lo))
			if g.hi != 0 {
				swap[1] = tg.flips(b.transpose(g.hi))
			}
		}
	}
	if !wantKeep {
		want[0][0], want[1][0] = 0, 0
	}
	if !wantSwap {
		want[0][1], want[1][1] = 0, 0
	}
	// exchanging codes 1 and 2 (the colours of stones) exchanges the planes
	swapPlanes := len(recode) == 4 && recode[0] == 0 && recode[1] == 2 && recode[2] == 1 && recode[3] == 3
	var best bitImage
	found, neg := false, false
	// the plain images first, so that they win ties
	for i := range 2 {
		negated := i == 1
		for fam, imgs := range [2]*[2][4]uint64{&keep, &swap} {
			x, box := bitImage{rows: rows, cols: cols}, full
			if fam == 1 {
				x, box = bitImage{rows: cols, cols: rows}, tfull
			}
			for m := want[i][fam]; m != 0; m &= m - 1 {
				k := bits.TrailingZeros8(m)
				x.lo, x.hi = imgs[0][k], imgs[1][k]
				switch {
				case !negated || recode == nil:
				case swapPlanes:
					x.lo, x.hi = x.hi, x.lo
				default:
					x.lo, x.hi = recodeBits(x.lo, x.hi, box, recode)
				}
				if !found || x.less(best) {
					best, found, neg = x, true, negated
				}
			}
		}
	}
	if mat {
		best.lo, best.hi = from8(best.lo, best.rows, best.cols), from8(best.hi, best.rows, best.cols)
	}
	return Grid{rows: uint16(best.rows), cols: uint16(best.cols), lo: best.lo, hi: best.hi}, neg
}

// symMasks returns the flip indexes (symmetry.flips) of the symmetries of
// set that keep rows rows and of those that transpose, as bit sets; the
// package's sets are known without a look.
func symMasks(set []symmetry) (keep, swap uint8) {
	switch {
	case len(set) == 0:
		return 0, 0
	case len(set) == 8 && &set[0] == &allAxes[0]:
		return 0xf, 0xf
	case len(set) == 4 && &set[0] == &keepAxes[0]:
		return 0xf, 0
	case len(set) == 4 && &set[0] == &swapAxes[0]:
		return 0, 0xf
	}
	var m [2]uint8
	for _, sym := range set {
		m[sym.family()] |= 1 << sym.flips()
	}
	return m[0], m[1]
}

// family returns 1 for the symmetries that transpose, 0 for the others.
func (sym symmetry) family() int {
	if sym.transpose {
		return 1
	}
	return 0
}

// flips returns the index of sym's flips: rows 1, columns 2.
func (sym symmetry) flips() int {
	k := 0
	if sym.flipRows {
		k |= 1
	}
	if sym.flipCols {
		k |= 2
	}
	return k
}

// flips returns m's four row-keeping images, indexed by flipped rows (1)
// and flipped columns (2), in one pass over its rows.
func (b *geom) flips(m uint64) [4]uint64 {
	var img [4]uint64
	for i := range b.rows {
		seg := m >> (i * b.cols) & b.row
		rev := revRow(seg, b.cols)
		j := b.rows - 1 - i
		img[0] |= seg << (i * b.cols)
		img[1] |= seg << (j * b.cols)
		img[2] |= rev << (i * b.cols)
		img[3] |= rev << (j * b.cols)
	}
	return img
}

// bitImage is an image of a small grid, ordered by (rows, cols, lo, hi).
type bitImage struct {
	rows, cols int
	lo, hi     uint64
}

func (x bitImage) less(y bitImage) bool {
	switch {
	case x.rows != y.rows:
		return x.rows < y.rows
	case x.cols != y.cols:
		return x.cols < y.cols
	case x.lo != y.lo:
		return x.lo < y.lo
	}
	return x.hi < y.hi
}

// recodeBits maps each cell's code c to recode[c] (nil: unchanged).
func recodeBits(lo, hi, full uint64, recode []byte) (uint64, uint64) {
	if recode == nil {
		return lo, hi
	}
	planes := [4]uint64{full &^ lo &^ hi, lo &^ hi, hi &^ lo, lo & hi}
	var nlo, nhi uint64
	for c, m := range planes {
		to := recode[c]
		if to&1 != 0 {
			nlo |= m
		}
		if to&2 != 0 {
			nhi |= m
		}
	}
	return nlo, nhi
}
