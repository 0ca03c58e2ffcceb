package grid

import "github.com/grundy/grundy/partizan"

// Cram is the impartial ruleset of Cram (Winning Ways, ch. 15; Gardner):
// either player places a domino on two empty cells, in either direction.
// It is CGSuite's game.grid.Cram (Domineering's impartial variant), with
// Domineering's boards; the value of every position is a nimber.
//
// Cram is both a partizan ruleset (Options for each side are the same) and
// an impartial game (Moves, Components), so that its values computed both
// ways can be checked against each other. Its key folds in all eight
// symmetries of the square.
type Cram struct{}

// Options yields every domino placement, for either side.
func (Cram) Options(g Grid, _ partizan.Side, yield func(Grid) bool) error {
	placements(g, true, true, yield)
	return nil
}

// Impartial reports that Cram is impartial (partizan.Impartial): its
// values are nimbers, made by the Solver as the mex of its options'.
func (Cram) Impartial() bool { return true }

// Moves yields every domino placement: Cram as an impartial.Game.
func (Cram) Moves(g Grid, yield func(Grid) bool) { placements(g, true, true, yield) }

// Split returns the regions of empty cells of g, as Domineering's Split.
func (Cram) Split(g Grid) []Grid { return splitEmpty(g) }

// AppendKeys appends the keys of g's regions (partizan.ComponentKeyer):
// Key of each part Split returns, without making the parts.
func (Cram) AppendKeys(keys []partizan.PartKey[Grid], g Grid) []partizan.PartKey[Grid] {
	return appendEmptyKeys(keys, g, true, false, func(p Grid) (Grid, bool) { return Cram{}.Key(p), false })
}

// Components yields the regions of empty cells of g (impartial.Splitter):
// every region that takes a domino, each on its smallest board.
func (Cram) Components(g Grid, yield func(Grid) bool) {
	parts := splitEmpty(g)
	if parts == nil {
		if n := normal(g); n.rows > 0 {
			yield(n)
		}
		return
	}
	for _, p := range parts {
		if !yield(p) {
			return
		}
	}
}

// Key returns the key of g under the eight symmetries of the square.
func (Cram) Key(g Grid) Grid {
	if k, _, ok := smallKey(g, true, false); ok {
		return k
	}
	k, _ := normal(g).key(allAxes, nil, nil)
	return k
}

// Cost is the units of work a position charges (partizan.Coster): more
// than one past 64 cells.
func (Cram) Cost(g Grid) uint64 { return g.cost() }

// FormatPosition writes g as Domineering does.
func (Cram) FormatPosition(g Grid) string { return boardChars.format(g) }

// ParsePosition reads g as Domineering does.
func (Cram) ParsePosition(s string) (Grid, error) { return boardChars.parse(s) }
