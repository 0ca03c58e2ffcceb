package grid

import (
	"math/bits"

	"github.com/grundy/grundy/partizan"
)

// Konane is the ruleset of Konane, Hawaiian checkers (Ernst, "Playing
// Konane mathematically", UMAP Journal 16, 1995; Winning Ways; Lessons in
// Play): Left jumps one of her black stones (x) orthogonally over an
// adjacent white stone (o) into the empty cell just beyond, removing the
// stone jumped; she may go on jumping in the same direction, over a white
// stone into an empty cell each time, and stop after any jump (each stop
// is an option of its own); no turning. Right jumps a white stone over
// black ones alike. There is no opening phase: positions are boards of x,
// o and . (an empty cell), as Clobber's: "xo.|...". The board's edge is
// the edge of play.
//
// Split: a stone can only ever land where a run of jumps over stones
// could take it, so each group of stones has a reach: its cells and every
// cell a jump from its reach over its reach (x over o, o over x) lands on,
// again and again. Groups whose reaches touch (share or neighbour a cell)
// are merged, their reach computed afresh, until no two touch; then no
// move of one group ever changes a cell another's moves read, and the
// board is the sum of its groups, each cropped to its reach (a group of
// one colour has no move and is left out). The key folds in all eight
// symmetries of the square; swapping the colours exchanges the players.
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
	rows, cols, n := int(g.rows), int(g.cols), g.n()
	for i := range n {
		if g.big[i] != us {
			continue
		}
		for _, d := range orthoDirs {
			b := []byte(g.big)
			b[i] = Vacant
			for at := i; ; {
				over := step(at, d, rows, cols)
				if over < 0 || b[over] != them {
					break
				}
				land := step(over, d, rows, cols)
				if land < 0 || b[land] != Vacant {
					break
				}
				b[over], b[land] = Vacant, us
				if !yield(newGrid(rows, cols, b)) {
					return nil
				}
				b[land] = Vacant
				at = land
			}
		}
	}
	return nil
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
	orig := [2]uint64{x, o}
	var land [2][4]uint64 // land[X][e]: X may land there moving along e (codes of shift)
	for changed := true; changed; {
		changed = false
		var at, origOnly [2]uint64
		for c := range 2 {
			at[c] = orig[c] | land[c][0] | land[c][1] | land[c][2] | land[c][3]
			origOnly[c] = orig[c] &^ (land[c][0] | land[c][1] | land[c][2] | land[c][3])
		}
		for c := range 2 {
			y := 1 - c
			for e := range 4 {
				back := e ^ 1
				// only landed there moving along a direction d whose over
				// cell is the given neighbour: along back (over a+e) for the
				// jumper, along e (over b-e = a) for the jumped stone
				onlyX := land[c][back] &^ orig[c]
				onlyY := land[y][e] &^ orig[y]
				for d := range 4 {
					if d != back {
						onlyX &^= land[c][d]
					}
					if d != e {
						onlyY &^= land[y][d]
					}
				}
				jumpers := at[c] & b.shift(at[y], back)
				jumpers &^= onlyX & b.shift(origOnly[y], back)
				jumpers &^= origOnly[c] & b.shift(onlyY, back)
				to := b.shift(b.shift(jumpers, e), e)
				if to&^land[c][e] != 0 {
					land[c][e] |= to
					changed = true
				}
			}
		}
	}
	r := x | o
	for c := range 2 {
		for e := range 4 {
			r |= land[c][e]
		}
	}
	return r
}

// konaneGroupsBits returns the groups of stones of a small g (as
// bitboards of their stones) whose reaches do not touch, with the reach
// of each.
func konaneGroupsBits(g Grid) (stones, reach []uint64) {
	b := g.geom()
	black, white := g.lo&^g.hi, g.hi&^g.lo
	for rest := black | white; rest != 0; {
		r := b.flood(rest&-rest, rest)
		rest &^= r
		stones = append(stones, r)
		reach = append(reach, b.reachBits(r&black, r&white))
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(stones) && !merged; i++ {
			near := reach[i] | b.neighbours(reach[i])
			for j := i + 1; j < len(stones); j++ {
				if near&reach[j] == 0 {
					continue
				}
				s := stones[i] | stones[j]
				stones[i], reach[i] = s, b.reachBits(s&black, s&white)
				stones = append(stones[:j], stones[j+1:]...)
				reach = append(reach[:j], reach[j+1:]...)
				merged = true
				break
			}
		}
	}
	return stones, reach
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

// konaneNormal returns g cut to the reaches of its groups with stones of
// both colours, the other stones removed.
func konaneNormal(g Grid) Grid {
	if !g.small() {
		return konaneNormalBytes(g)
	}
	black, white := g.lo&^g.hi, g.hi&^g.lo
	stones, reach := konaneGroupsBits(g)
	var keep, box uint64
	for i, s := range stones {
		if s&black != 0 && s&white != 0 {
			keep |= s
			box |= reach[i]
		}
	}
	return g.konaneCrop(box, keep)
}

// Key returns the key of g under the eight symmetries of the square.
func (Konane) Key(g Grid) Grid {
	k, _ := konaneNormal(g).key(allAxes, nil, nil)
	return k
}

// ConjugateKey is Key up to the swap of the colours too (which exchanges
// the players, so negates the value).
func (Konane) ConjugateKey(g Grid) (Grid, bool) {
	return konaneNormal(g).key(allAxes, allAxes, swapStones)
}

// FormatPosition writes g as rows of x, o and . separated by |.
func (Konane) FormatPosition(g Grid) string { return stoneChars.format(g) }

// ParsePosition reads a board: rows of x (Left's stones), o (Right's) and
// . (empty) separated by |, from the top, as Clobber's: "xo.|...".
func (Konane) ParsePosition(s string) (Grid, error) { return stoneChars.parse(s) }
