package games

import "github.com/grundy/grundy/impartial"

// Row is one row of Northcott's game: the columns of its two pieces.
type Row struct{ A, B int }

// Gap returns the number of empty squares between the two pieces.
func (r Row) Gap() int {
	if r.A < r.B {
		return r.B - r.A - 1
	}
	return r.A - r.B - 1
}

// Northcott is Northcott's game (HDU 1730): each row of a board holds a white
// and a black piece; a move slides one piece along its row any distance
// without jumping over or onto the other piece.
//
// Moves that take a piece away from the other are reversible (the opponent
// can follow and restore the gap), so they never change the outcome; with
// them set aside each row is a Nim heap whose size is the gap between its
// pieces (Winning Ways, ch. 2, "Northcott's game"). This type plays the rows
// that way: a move brings one piece closer to the other, and G(row) = gap.
type Northcott struct{}

// Moves yields every row with piece A moved toward B, then B toward A.
func (Northcott) Moves(r Row, yield func(Row) bool) {
	step := 1
	if r.A > r.B {
		step = -1
	}
	for a := r.A + step; a != r.B && (a-r.B)*step < 0; a += step {
		if !yield(Row{a, r.B}) {
			return
		}
	}
	for b := r.B - step; b != r.A && (b-r.A)*step > 0; b -= step {
		if !yield(Row{r.A, b}) {
			return
		}
	}
}

// ClosedValue returns the gap.
func (Northcott) ClosedValue(r Row) (impartial.Nimber, bool) {
	if r.A == r.B {
		return 0, false
	}
	return impartial.Nimber(r.Gap()), true
}

// MovesToValue returns the rows with gap v < gap: piece A moved, then piece B.
func (Northcott) MovesToValue(dst []Row, r Row, v impartial.Nimber) ([]Row, bool) {
	if r.A == r.B {
		return dst, false
	}
	g := r.Gap()
	if v >= impartial.Nimber(g) {
		return dst, true
	}
	d := g - int(v) // distance a piece moves
	if r.A < r.B {
		return append(dst, Row{r.A + d, r.B}, Row{r.A, r.B - d}), true
	}
	return append(dst, Row{r.A - d, r.B}, Row{r.A, r.B + d}), true
}
