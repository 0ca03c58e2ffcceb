package games

import "github.com/grundy/grundy/impartial"

// Nimble is played with coins on a strip of squares numbered 0, 1, 2, …:
// a move slides one coin any number of squares to the left, passing or
// joining other coins; a coin on square 0 cannot move (Winning Ways, ch. 15;
// HDU 1849). A coin on square x is a Nim heap of x tokens, so G = x.
type Nimble struct{}

// Moves yields the squares x-1, …, 0.
func (Nimble) Moves(x int, yield func(int) bool) { Nim{}.Moves(x, yield) }

// ClosedValue returns G(x) = x.
func (Nimble) ClosedValue(x int) (impartial.Nimber, bool) { return Nim{}.ClosedValue(x) }

// MovesToValue returns the square v when v < x.
func (Nimble) MovesToValue(dst []int, x int, v impartial.Nimber) ([]int, bool) {
	return Nim{}.MovesToValue(dst, x, v)
}

// MisereOutcome is Bouton's misère rule: a coin on square x is a heap of x.
func (Nimble) MisereOutcome(xs []int) (impartial.Outcome, bool) { return Nim{}.MisereOutcome(xs) }
