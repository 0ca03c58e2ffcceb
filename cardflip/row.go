package cardflip

import (
	"fmt"
	"math/bits"
	"slices"
)

// Rows. A row of m ≤ 15 cards (every exact enumeration, and the m = 13 of
// the benchmarks) is one 64-bit word of 4-bit cells, cell i in bits
// 4i..4i+3: taking a card out at pos and inserting it at to is then two
// masks and a shift whatever the distance, and the first face-down card
// is a zero-cell test on the word (see word4). A longer row is a slice of
// 16-bit cells, shifted by copy. The engine keeps the hidden numbers and
// the visible row in the same form; the View holds only the visible one.

// maxWord is the largest m whose rows are one word.
const maxWord = 15

// word4 holds the operations on a row of one word of 4-bit cells. The shift
// amounts are masked with 63 (they are < 64 anyway), so the compiler emits
// bare shifts, without the check that Go's rule for shifts ≥ 64 needs.
type word4 struct{}

const (
	ones4 = 0x1111111111111111 // the lowest bit of every cell
	msbs4 = 0x8888888888888888 // the highest bit of every cell
)

func (word4) get(w uint64, i int) int { return int(w >> (uint(i) * 4 & 63) & 15) }

// firstZero is the first cell of w that holds 0, or -1; cells to be
// skipped must be set to nonzero first. The lowest cell flagged by
// (w − ones) &^ w & msbs is the first zero cell: a borrow starts only at a
// zero cell, so it can flag cells above the first zero, never below.
func (word4) firstZero(w uint64) int {
	if z := (w - ones4) &^ w & msbs4; z != 0 {
		return bits.TrailingZeros64(z) >> 2
	}
	return -1
}

// outside is the mask of the cells outside [lo, hi), 0 ≤ lo < hi ≤ 15.
func (word4) outside(lo, hi int) uint64 {
	return uint64(1)<<(uint(lo)*4&63) - 1 | ^(uint64(1)<<(uint(hi)*4&63) - 1)
}

// span is the mask of the cells that take a neighbour's card when the
// card at pos is taken out and inserted at to: pos..to−1, which move
// towards the front (down), or to+1..pos (none when to = pos).
func (word4) span(pos, to int) (m uint64, down bool) {
	P, T := uint(pos)*4&63, uint(to)*4&63
	if to > pos {
		return (uint64(1)<<T - 1) &^ (uint64(1)<<P - 1), true
	}
	return (uint64(16)<<P - 1) &^ (uint64(16)<<T - 1), false
}

// slide moves the cells of w into the span m (see span), leaving the cell
// at to for the caller to fill.
func (word4) slide(w, m uint64, down bool) uint64 {
	if down {
		return w&^m | w>>4&m
	}
	return w&^m | w<<4&m
}

// find is the first cell of w that holds x ≥ 1, or -1 (cells past the
// row hold 0, never x).
func (word4) find(w uint64, x int) int { return word4{}.firstZero(w ^ uint64(x)*ones4) }

// put sets the cell at i of w to x.
func (word4) put(w uint64, i int, x uint64) uint64 {
	s := uint(i) * 4 & 63
	return w&^(15<<s) | x<<s
}

// moveCells takes the cell at pos out of the rows c and v and makes room
// at to (the cells between move one place towards pos), by hand when few
// (cheaper than a call of memmove), else by copy.
func moveCells(c, v []face, pos, to int) {
	if to > pos {
		if to-pos <= 16 {
			c, v := c[pos:to+1], v[pos:to+1]
			v = v[:len(c)]
			for i := 1; i < len(c); i++ {
				c[i-1], v[i-1] = c[i], v[i]
			}
		} else {
			copy(c[pos:to], c[pos+1:to+1])
			copy(v[pos:to], v[pos+1:to+1])
		}
	} else if to < pos {
		if pos-to <= 16 {
			c, v := c[to:pos+1], v[to:pos+1]
			v = v[:len(c)]
			for i := len(c) - 1; i > 0; i-- {
				c[i], v[i] = c[i-1], v[i-1]
			}
		} else {
			copy(c[to+1:pos+1], c[to:pos])
			copy(v[to+1:pos+1], v[to:pos])
		}
	}
}

// moveCellsIndexed is moveCells that also keeps at, the positions of the
// face-up cards, up to date (face-down cells write at[0]).
func moveCellsIndexed(c, v []face, at *faceIndex, pos, to int) {
	if to > pos {
		c, v := c[pos:to+1], v[pos:to+1]
		v = v[:len(c)]
		for i := 1; i < len(c); i++ {
			x := v[i]
			c[i-1], v[i-1] = c[i], x
			at[x] = face(pos + i - 1)
		}
	} else if to < pos {
		c, v := c[to:pos+1], v[to:pos+1]
		v = v[:len(c)]
		for i := len(c) - 1; i > 0; i-- {
			x := v[i-1]
			c[i], v[i] = c[i-1], x
			at[x] = face(to + i)
		}
	}
}

// View is the row as every player sees it: which cards are face down, and
// the numbers on the face-up ones. It holds no face-down number at all.
type View struct {
	m, k int
	// one says the visible row is word (m ≤ 15), else vis.
	one  bool
	word uint64
	vis  []face // face-up number, or 0 for a face-down card
	// up, on a flat row without the index (front to back's): the cells of
	// vis before up are face up (a lower bound for the first face-down
	// cell, which FirstDown raises as it scans and the engine keeps as
	// cards move: only a face-down card moves, so only a card put down
	// before up lowers it). Front to back looks at the first face-down
	// cell of a row whose face-up cards gather at the front: from up, the
	// scan skips each face-up cell once, not once a turn. (The strategies
	// with the index look elsewhere; keeping up costs them more than it
	// saves.)
	up int
	// at[x] is the position of the face-up card x, 1 ≤ x ≤ k, when
	// indexed (the engine keeps it up to date as cards move, for rows of
	// 16-bit cells; at[0] and x > k are scratch): Find in O(1). A full
	// table, so that a face indexes it without a check (a table of only
	// flatMax+1 cells costs a bounds check on every cell a move shifts,
	// 6% of divide-conquer's instructions at m = 100).
	at      *faceIndex
	indexed bool
	// big holds the row when m > flatMax (see bigrow.go), else nil.
	big *bigRow
}

// face is a card's number in a flat row of 16-bit cells (0 for face down
// in a View), or a position in the index of face-up cards.
type face = uint16

// faceIndex maps every face to a face: View.at.
type faceIndex [1 << 16]face

// MaxM is the largest number of cards in a game: rows of more than
// flatMax cards are bigRows of 32-bit numbers.
const MaxM = 1 << 20

// Len is the number of cards m.
func (v *View) Len() int { return v.m }

// K is the largest face-up number (0 if none); the face-up cards are 1..K.
func (v *View) K() int { return v.k }

// Up says whether the card at position i is face up.
func (v *View) Up(i int) bool { return v.Value(i) != 0 }

// Value is the number of the face-up card at position i, 0 if face down.
func (v *View) Value(i int) int {
	if uint(i) >= uint(v.m) {
		panic(fmt.Sprintf("cardflip: position %d outside the row of %d cards", i, v.m))
	}
	return v.cell(i)
}

// cell is Value without the range check (0 ≤ i < m).
func (v *View) cell(i int) int {
	if v.one {
		return word4{}.get(v.word, i)
	}
	if v.big != nil {
		return v.big.cell(i)
	}
	return int(v.vis[i])
}

// FirstDown is the first face-down position in [lo, hi), or -1.
func (v *View) FirstDown(lo, hi int) int {
	lo, hi = max(lo, 0), min(hi, v.m)
	if lo >= hi {
		return -1
	}
	if v.one {
		return word4{}.firstZero(v.word | word4{}.outside(lo, hi))
	}
	if v.big != nil {
		return v.big.firstDown(lo, hi)
	}
	if lo > v.up || v.indexed {
		for i, x := range v.vis[lo:hi] {
			if x == 0 {
				return lo + i
			}
		}
		return -1
	}
	// [lo, up) is face up: the scan starts at up, and what it skips is
	// face up too.
	for i := v.up; i < hi; i++ {
		if v.vis[i] == 0 {
			v.up = i
			return i
		}
	}
	return -1
}

// Find is the position of the face-up card with number x, or -1.
func (v *View) Find(x int) int {
	switch {
	case uint(x-1) >= uint(v.k):
		return -1
	case v.one:
		return word4{}.find(v.word, x)
	case v.indexed:
		return int(v.at[face(x)])
	}
	return v.find(x)
}

func (v *View) find(x int) int {
	if x < 1 || x > v.k {
		return -1
	}
	if v.big != nil {
		return v.big.find(x)
	}
	for i := range v.m {
		if v.cell(i) == x {
			return i
		}
	}
	return -1
}

// Row appends the visible row to dst (0 for face down) and returns it.
func (v *View) Row(dst []int) []int {
	dst = slices.Grow(dst, v.m) // one allocation, not a doubling per append
	if v.big != nil {
		return v.big.appendVisible(dst)
	}
	for i := range v.m {
		dst = append(dst, v.cell(i))
	}
	return dst
}

func (v *View) String() string { return FormatRow(v.Row(nil), -1) }
