package grid

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

// Konane is the ruleset of Konane, Hawaiian checkers (Ernst, "Playing
// Konane mathematically", UMAP Journal 16, 1995; CGSuite has no Konane to
// compare with): Left jumps one of her black stones (x) orthogonally over an
// adjacent white stone (o) into the empty cell just beyond, removing the
// stone jumped; she may go on jumping in the same direction, over a white
// stone into an empty cell each time, and stop after any jump (each stop
// is an option of its own); no turning. Right jumps a white stone over
// black ones alike. There is no opening phase: positions are boards of x,
// o and . (an empty cell), as Clobber's: "xo.|...". The board's edge is
// the edge of play.
//
// Split: a stone can only ever land where a run of jumps over stones
// could take it, so the stones have a reach: their cells and every cell a
// jump from the reach over the reach (x over o, o over x) lands on, again
// and again (reachBits). The pieces of the reach that no cell connects
// hold groups of stones that can never meet: no move of one ever changes
// a cell another's moves read, and the board is the sum of its groups,
// each cropped to its piece of the reach (a group of one colour has no
// move and is left out). The key folds in all eight symmetries of the
// square; swapping the colours exchanges the players.
type Konane struct{}

var orthoDirs = [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} // up, left, right, down

// Options yields the options of g for side s: stone by stone in reading
// order, each stone's jumps up, left, right, down, each direction's stops
// nearest first.
func (Konane) Options(g Grid, s partizan.Side, yield func(Grid) bool) error {
	us, them := Black, White
	if s == partizan.Right {
		us, them = White, Black
	}
	if g.small() {
		konaneBits(g, us, yield)
		return nil
	}
	konaneBytes(g, us, them, yield)
	return nil
}

// konaneBytes is Options on a board of more than 64 cells: one copy of
// the cells, changed for each option and put back after it.
func konaneBytes(g Grid, us, them byte, yield func(Grid) bool) {
	rows, cols, n := int(g.rows), int(g.cols), g.n()
	b := []byte(g.big)
	var taken []int
	for i := range n {
		if b[i] != us {
			continue
		}
		for _, d := range orthoDirs {
			taken = taken[:0]
			stop := false
			for at := i; ; {
				over := step(at, d, rows, cols)
				if over < 0 || b[over] != them {
					break
				}
				land := step(over, d, rows, cols)
				if land < 0 || b[land] != Vacant {
					break
				}
				b[i], b[over], b[land] = Vacant, Vacant, us
				taken = append(taken, over)
				stop = !yield(newGrid(rows, cols, b))
				b[land] = Vacant
				if stop {
					break
				}
				at = land
			}
			for _, j := range taken {
				b[j] = them
			}
			b[i] = us
			if stop {
				return
			}
		}
	}
}

// konaneOrder is the order of the directions of Options in the codes of
// geom.shift: up, left, right, down.
var konaneOrder = [4]int{0, 2, 3, 1}

func konaneBits(g Grid, us byte, yield func(Grid) bool) {
	b := g.geom()
	black, white := g.lo&^g.hi, g.hi&^g.lo
	mine, theirs := black, white
	if us == White {
		mine, theirs = white, black
	}
	empty := b.full &^ (g.lo | g.hi)
	for m := mine; m != 0; m &= m - 1 {
		from := uint64(1) << bits.TrailingZeros64(m)
		for _, d := range konaneOrder {
			taken := uint64(0)
			for at := from; ; {
				over := b.shift(at, d)
				if over&theirs == 0 {
					break
				}
				land := b.shift(over, d)
				if land&empty == 0 {
					break
				}
				taken |= over
				nm, nt := mine&^from|land, theirs&^taken
				q := Grid{rows: g.rows, cols: g.cols, lo: nm, hi: nt}
				if us == White {
					q.lo, q.hi = nt, nm
				}
				if !yield(q) {
					return
				}
				at = land
			}
		}
	}
}

// reachBits returns the reach of the black stones x and white stones o of
// a small board: the cells a stone may ever stand on, a sound
// over-approximation of the positions reachable by their moves alone. A
// stone of colour X on a may jump a stone of colour Y on b = a+e into
// c = a+2e when X may stand on a and Y on b at once; c is then a cell X
// may land on, moving along e. The closure runs to a fixpoint, with one
// exclusion that keeps it tight: X on a and Y on b cannot stand at once
// when one of them stood there from the start only and the other can only
// have got there by jumping over the cell of the first (the jump removed
// it, and it cannot come back), as after "xo." → "..x" the o can never
// jump back over the x. Every true jump meets the rule (by induction on
// the play), so the reach holds every cell play can reach.
func (b *geom) reachBits(x, o uint64) uint64 {
	r, _ := b.reach(x, o, false)
	return r
}

// reachConnected reports whether the reach of x and o is one piece: as
// soon as the part of it found so far is (it holds every stone, and
// every cell added later touches it), without finding the rest.
func (b *geom) reachConnected(x, o uint64) bool {
	_, one := b.reach(x, o, true)
	return one
}

// reach returns the reach of x and o, or, with stop, returns early with
// one set when the cells found so far are one piece.
func (b *geom) reach(x, o uint64, stop bool) (r uint64, one bool) {
	// the four directions in the codes of geom.shift (up, down, left,
	// right, so that e^1 is e's opposite) as a mask, then shifts
	var sh orthoShifts
	sh.init(b)
	orig := [2]uint64{x, o}
	var land [2][4]uint64 // land[X][e]: X may land there moving along e
	for changed := true; changed; {
		changed = false
		var at, origOnly [2]uint64
		var only [2][4]uint64 // X stands there only having landed along e
		for c := range 2 {
			l := land[c]
			any := l[0] | l[1] | l[2] | l[3]
			at[c] = orig[c] | any
			origOnly[c] = orig[c] &^ any
			only[c] = [4]uint64{
				l[0] &^ (l[1] | l[2] | l[3] | orig[c]),
				l[1] &^ (l[0] | l[2] | l[3] | orig[c]),
				l[2] &^ (l[0] | l[1] | l[3] | orig[c]),
				l[3] &^ (l[0] | l[1] | l[2] | orig[c]),
			}
		}
		for c := range 2 {
			y := 1 - c
			for e := range 4 {
				back := e ^ 1
				// X on a jumps Y on a+e, unless one of them stood there
				// from the start only and the other got there only by a
				// jump over that cell: X landing along back (over a+e), or
				// Y landing along e (over a)
				jumpers := at[c] & sh.move(at[y], back)
				jumpers &^= only[c][back] & sh.move(origOnly[y], back)
				jumpers &^= origOnly[c] & sh.move(only[y][e], back)
				to := sh.move(sh.move(jumpers, e), e)
				if to&^land[c][e] != 0 {
					land[c][e] |= to
					changed = true
				}
			}
		}
		if stop {
			r = x | o
			for c := range 2 {
				r |= land[c][0] | land[c][1] | land[c][2] | land[c][3]
			}
			if b.flood(r&-r, r) == r {
				return r, true
			}
		}
	}
	r = x | o
	for c := range 2 {
		r |= land[c][0] | land[c][1] | land[c][2] | land[c][3]
	}
	return r, b.flood(r&-r, r) == r
}

// orthoShifts moves the cells of a board one step in a direction of
// geom.shift's codes 0-3 without a branch: masked, then shifted right or
// left.
type orthoShifts struct {
	mask        [4]uint64
	right, left [4]uint
	full        uint64
}

func (s *orthoShifts) init(b *geom) {
	c := uint(b.cols)
	s.mask = [4]uint64{b.full, b.full, b.notFirst, b.notLast}
	s.right = [4]uint{c, 0, 1, 0}
	s.left = [4]uint{0, c, 0, 1}
	s.full = b.full
}

func (s *orthoShifts) move(m uint64, e int) uint64 {
	return (m & s.mask[e]) >> s.right[e] << s.left[e] & s.full
}

// konaneGroupsBits returns the groups of stones of a small g (as
// bitboards of their stones) whose reaches do not touch, with the reach
// of each: the pieces of the reach of all the stones that no cell
// connects. They are the groups one would get by merging groups of
// adjacent stones while their reaches touch (TestKonaneGroups checks it):
// a group's reach is connected (each cell a jump lands on neighbours the
// cell jumped), the reach is monotone in the stones, and once no two
// groups' reaches touch, no jump joins one to another, so their union is
// closed, and it is the reach of all the stones.
func konaneGroupsBits(g Grid) (stones, reach []uint64) {
	b := g.geom()
	black, white := g.lo&^g.hi, g.hi&^g.lo
	all := black | white
	for rest := b.reachBits(black, white); rest != 0; {
		r := b.flood(rest&-rest, rest)
		rest &^= r
		stones = append(stones, r&all)
		reach = append(reach, r)
	}
	return stones, reach
}

// konaneMixedGroups returns how many groups of orthogonally adjacent
// stones hold both colours (at most 2: enough to say whether g may
// split). Every jump is made within such a group, so a group of Split
// with both colours holds one of them (a group with no jump is its stones
// alone, one colour): with fewer than two, there is nothing to split.
func konaneMixedGroups(b *geom, black, white uint64) int {
	n := 0
	for rest := black | white; rest != 0 && n < 2; {
		r := b.flood(rest&-rest, rest)
		rest &^= r
		if r&black != 0 && r&white != 0 {
			n++
		}
	}
	return n
}

// konaneCrop returns g cut to the bounding box of reach, every stone
// outside keep removed.
func (g Grid) konaneCrop(reach, keep uint64) Grid {
	h := g
	h.lo &= keep
	h.hi &= keep
	return h.cropBits(reach, Vacant)
}

// Split returns the groups of g with stones of both colours whose reaches
// do not touch, each cropped to its reach (nil when there is one such
// group or none).
func (Konane) Split(g Grid) []Grid {
	if !g.small() {
		return konaneSplitBytes(g)
	}
	black, white := g.lo&^g.hi, g.hi&^g.lo
	if b := g.geom(); konaneMixedGroups(b, black, white) <= 1 || b.reachConnected(black, white) {
		return nil
	}
	stones, reach := konaneGroupsBits(g)
	var out []Grid
	for i, s := range stones {
		if s&black != 0 && s&white != 0 {
			out = append(out, g.konaneCrop(reach[i], s))
		}
	}
	if len(out) <= 1 {
		return nil
	}
	return out
}

// Key returns the key of g under the eight symmetries of the square, of
// the board as it is: the parts Split returns are already cropped to
// their reach, and computing the reach costs more, once per option
// visited, than the table saves by folding in translations.
func (Konane) Key(g Grid) Grid {
	k, _ := g.key(allAxes, nil, nil)
	return k
}

// ConjugateKey is Key up to the swap of the colours too (which exchanges
// the players, so negates the value).
func (Konane) ConjugateKey(g Grid) (Grid, bool) {
	return g.key(allAxes, allAxes, swapStones)
}

// Cost is the units of work a position charges (partizan.Coster): more
// than one past 64 cells.
func (Konane) Cost(g Grid) uint64 { return g.cost() }

// FormatPosition writes g as rows of x, o and . separated by |.
func (Konane) FormatPosition(g Grid) string { return stoneChars.format(g) }

// ParsePosition reads a board: rows of x (Left's stones), o (Right's) and
// . (empty) separated by |, from the top, as Clobber's: "xo.|...".
func (Konane) ParsePosition(s string) (Grid, error) { return konaneChars.parse(s) }
