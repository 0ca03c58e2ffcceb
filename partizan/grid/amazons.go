package grid

import "github.com/grundy/grundy/partizan"

// Cell codes of Amazons boards (Vacant, Black and White as in Clobber).
const (
	Arrow byte = 3 // a burnt cell, written #
)

var amazonChars = charset{what: "board", chars: ".xo#", extra: map[byte]byte{'X': Black, 'O': White}, name: "Amazons", example: "x...|...o"}

// Amazons is the ruleset of the Game of the Amazons (Walter Zamkauskas,
// 1988; Berlekamp, "Sums of N × 2 Amazons", 2000; CGSuite's
// game.grid.Amazons): a move takes one of the player's amazons (x for
// Left, o for Right) like a chess queen, any number of empty cells in a
// straight line, then shoots an arrow from where it lands, again like a
// queen (through the cell it left, now empty), burning the cell the arrow
// stops on (#). Positions are boards of x, o, . and #: "x...|o...".
//
// Queens move along diagonals too, so a board is the sum of its regions
// of unburnt cells connected through the eight neighbours (Split; a
// region without an amazon is left out). The key folds in all eight
// symmetries of the square; swapping the colours exchanges the players.
type Amazons struct{}

// Options yields Left's or Right's options: amazon by amazon in reading
// order, each landing cell in the order of the eight directions (up, down,
// left, right, then the diagonals) and distance, then each arrow alike.
func (Amazons) Options(g Grid, s partizan.Side, yield func(Grid) bool) error {
	us := Black
	if s == partizan.Right {
		us = White
	}
	if g.small() {
		amazonsBits(g, us, yield)
		return nil
	}
	cols, n := int(g.cols), g.n()
	b := g.bytes()
	for i := range n {
		if b[i] != us {
			continue
		}
		b[i] = Vacant
		for _, d := range queenDirs {
			for j := step(i, d, int(g.rows), cols); j >= 0 && b[j] == Vacant; j = step(j, d, int(g.rows), cols) {
				b[j] = us
				for _, e := range queenDirs {
					for k := step(j, e, int(g.rows), cols); k >= 0 && b[k] == Vacant; k = step(k, e, int(g.rows), cols) {
						b[k] = Arrow
						q := newGrid(int(g.rows), cols, b)
						b[k] = Vacant
						if !yield(q) {
							return nil
						}
					}
				}
				b[j] = Vacant
			}
		}
		b[i] = us
	}
	return nil
}

var queenDirs = [8][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// step returns the cell next to i in direction d, or -1 off the board.
func step(i int, d [2]int, rows, cols int) int {
	r, c := i/cols+d[0], i%cols+d[1]
	if r < 0 || r >= rows || c < 0 || c >= cols {
		return -1
	}
	return r*cols + c
}

// shift moves the cells of m one step in direction k of queenDirs.
func (b *geom) shift(m uint64, k int) uint64 {
	c := b.cols
	switch k {
	case 0:
		return m >> c
	case 1:
		return m << c & b.full
	case 2:
		return (m & b.notFirst) >> 1
	case 3:
		return (m & b.notLast) << 1
	case 4:
		return (m & b.notFirst) >> (c + 1)
	case 5:
		return (m & b.notLast) >> (c - 1)
	case 6:
		return (m & b.notFirst) << (c - 1) & b.full
	}
	return (m & b.notLast) << (c + 1) & b.full
}

func amazonsBits(g Grid, us byte, yield func(Grid) bool) {
	b := g.geom()
	occupied := g.lo | g.hi
	mine := g.lo &^ g.hi
	if us == White {
		mine = g.hi &^ g.lo
	}
	for m := mine; m != 0; m &= m - 1 {
		from := m & -m
		empty := b.full &^ occupied
		for d := range 8 {
			for to := b.shift(from, d); to&empty != 0; to = b.shift(to, d) {
				// the amazon on to; the cell it left is empty
				lo, hi := g.lo&^from, g.hi&^from
				if us == Black {
					lo |= to
				} else {
					hi |= to
				}
				free := b.full &^ (lo | hi)
				for e := range 8 {
					for k := b.shift(to, e); k&free != 0; k = b.shift(k, e) {
						if !yield(Grid{rows: g.rows, cols: g.cols, lo: lo | k, hi: hi | k}) {
							return
						}
					}
				}
			}
		}
	}
}

// kingNeighbours returns the cells next to a cell of m, diagonals too.
func (b *geom) kingNeighbours(m uint64) uint64 {
	var out uint64
	for k := range 8 {
		out |= b.shift(m, k)
	}
	return out
}

// amazonRegions returns the regions of unburnt cells of a small g (the
// eight neighbours connect) that hold an amazon.
func amazonRegions(g Grid) []uint64 {
	var out []uint64
	eachAmazonRegion(g, func(r uint64) { out = append(out, r) })
	return out
}

// eachAmazonRegion calls f with each region of amazonRegions, in the same
// order, without making the list (Amazons' AppendKeys).
func eachAmazonRegion(g Grid, f func(r uint64)) {
	b := g.geom()
	open := b.full &^ (g.lo & g.hi)
	amazons := (g.lo | g.hi) &^ (g.lo & g.hi)
	for rest := open; rest != 0; {
		r := rest & -rest
		for {
			next := (r | b.kingNeighbours(r)) & open
			if next == r {
				break
			}
			r = next
		}
		rest &^= r
		if r&amazons != 0 {
			f(r)
		}
	}
}

func amazonRegionsBytes(g Grid) [][]int {
	n, cols, rows := g.n(), int(g.cols), int(g.rows)
	cells := g.bytes()
	seen := make([]bool, n)
	var out [][]int
	for start := range n {
		if seen[start] || cells[start] == Arrow {
			continue
		}
		seen[start] = true
		region := []int{start}
		hasAmazon := false
		for q := 0; q < len(region); q++ {
			i := region[q]
			if cells[i] == Black || cells[i] == White {
				hasAmazon = true
			}
			for _, d := range queenDirs {
				if j := step(i, d, rows, cols); j >= 0 && !seen[j] && cells[j] != Arrow {
					seen[j] = true
					region = append(region, j)
				}
			}
		}
		if hasAmazon {
			out = append(out, region)
		}
	}
	return out
}

// Split returns the regions of g with an amazon, each on its smallest
// board, burnt around (nil when there is one such region or none).
func (Amazons) Split(g Grid) []Grid {
	if g.small() {
		regions := amazonRegions(g)
		if len(regions) <= 1 {
			return nil
		}
		out := make([]Grid, len(regions))
		for i, r := range regions {
			out[i] = g.cropBits(r, Arrow)
		}
		return out
	}
	regions := amazonRegionsBytes(g)
	if len(regions) <= 1 {
		return nil
	}
	out := make([]Grid, len(regions))
	for i, r := range regions {
		out[i] = g.crop(r, Arrow)
	}
	return out
}

// AppendKeys appends the conjugate keys of g's regions with an amazon
// (partizan.ComponentKeyer): ConjugateKey of each part Split returns, or
// of g when it has fewer than two, without the parts' list.
func (Amazons) AppendKeys(keys []partizan.PartKey[Grid], g Grid) []partizan.PartKey[Grid] {
	if !g.small() {
		parts := Amazons{}.Split(g)
		if parts == nil {
			parts = []Grid{g}
		}
		for _, p := range parts {
			k, neg := Amazons{}.ConjugateKey(p)
			keys = append(keys, partizan.PartKey[Grid]{Key: k, Negated: neg})
		}
		return keys
	}
	n := len(keys)
	eachAmazonRegion(g, func(r uint64) {
		k, neg := g.cropBits(r, Arrow).keyBits(allAxes, allAxes, swapStones)
		keys = append(keys, partizan.PartKey[Grid]{Key: k, Negated: neg})
	})
	if len(keys) == n { // no region: the key of the empty board
		keys = append(keys, partizan.PartKey[Grid]{})
	}
	return keys
}

// amazonNormal returns g cropped to its regions with an amazon.
func amazonNormal(g Grid) Grid {
	if g.small() {
		var keep uint64
		for _, r := range amazonRegions(g) {
			keep |= r
		}
		return g.cropBits(keep, Arrow)
	}
	var keep []int
	for _, r := range amazonRegionsBytes(g) {
		keep = append(keep, r...)
	}
	if len(keep) == 0 {
		return Grid{}
	}
	return g.crop(keep, Arrow)
}

// Key returns the key of g under the eight symmetries of the square.
func (Amazons) Key(g Grid) Grid {
	k, _ := amazonNormal(g).key(allAxes, nil, nil)
	return k
}

// ConjugateKey is Key up to the swap of the colours too (which exchanges
// the players, so negates the value).
func (Amazons) ConjugateKey(g Grid) (Grid, bool) {
	return amazonNormal(g).key(allAxes, allAxes, swapStones)
}

// Cost is the units of work a position charges (partizan.Coster): more
// than one past 64 cells.
func (Amazons) Cost(g Grid) uint64 { return g.cost() }

// FormatPosition writes g in CGSuite's notation: rows of x, o, . and #
// separated by |.
func (Amazons) FormatPosition(g Grid) string { return amazonChars.format(g) }

// ParsePosition reads a board: rows of x (Left's amazons), o (Right's),
// . (empty) and # (burnt) separated by |, from the top: "x...|o...".
func (Amazons) ParsePosition(s string) (Grid, error) { return amazonChars.parse(s) }
