package coins

import (
	"context"

	"github.com/grundy/grundy/impartial"
)

// shape is one kind of coin-turning rule — "turn up to k coins", "turn
// any run", "turn x and x−d for d in S", … — as the package computes with
// it: a [Game] is a description of the rule over one shape. Each shape is
// a type of its own, in a file of its own (rule_*.go), and ParseRule finds
// it through the registry of spec.go.
//
// The first group of methods is the rule itself and has no default: a
// shape that omits one does not compile. The second group are shortcuts —
// closed forms, constructions of winning moves — that a shape without them
// leaves to the embedded [noShortcuts], whose answer is always "none, do it
// the plain way": then the package computes from the moves alone, slower
// but right. No default can give a wrong value.
//
// Methods taking a coin x may assume x ≥ the shape's first coin (the
// Game's wrappers check it).
type shape interface {
	// describe returns the rule's names, its sentence and its first coin
	// (the embedded about).
	describe() about

	// eachTurn calls yield with every move whose rightmost coin is x, in
	// the order of [Game.Turns], each set of other coins ascending, runs
	// held by their ends (turn); it stops when yield returns false.
	eachTurn(x int, yield func(turn) bool)
	// turnCount is the number of moves eachTurn yields for x, as a float
	// (UpTo's count of subsets overflows int64 far from the origin).
	turnCount(x int) float64
	// plainValues fills vals[i] = g(start+i) from the rule alone — the
	// mex over the moves of a single head, no closed form — counting its
	// work against b (workMeter) and polling ctx. Tests check every
	// closed form against it.
	plainValues(ctx context.Context, vals []Nimber, b impartial.Budget) error

	// closedValue returns g(x) by the rule's closed form, in O(1), and
	// reports whether the rule has one; closedValues writes g(x), g(x+1),
	// … into dst by the same form. Both exist because a value a call
	// through the interface is what a position's heads cost (a buffer
	// passed through it escapes to the heap), and a call a coin is what
	// a row of 10^6 coins cannot afford; tests check that they agree.
	closedValue(x int) (Nimber, bool)
	closedValues(x int, dst []Nimber) bool
	// fastValues returns g(start..to) by a method faster than plainValues
	// that is not a closed form (Moebius's parity extension); ok = false
	// if the rule has none. Values has checked the table's size.
	fastValues(ctx context.Context, to int, b impartial.Budget) (vals []Nimber, ok bool, err error)
	// inverseClosed returns the coin with closed-form value v, for a rule
	// whose closed form is one-to-one: known = false if it is not (or has
	// none), ok = false if no coin has value v.
	inverseClosed(v Nimber) (x int, known, ok bool)
	// runXor returns the XOR of g over the coins lo..hi (0 when lo > hi)
	// in O(1), for a rule whose moves turn runs; ok = false if the rule
	// has no such form (the run's values are then XORed one by one).
	runXor(lo, hi int) (v Nimber, ok bool)
	// turnsTo yields the moves with rightmost coin x whose other coins
	// XOR to t under g, constructed (by inverting g, in closed form)
	// rather than found by trying every move, each counted by m;
	// handled = false if the rule has no construction, and then the
	// solver tries every move.
	turnsTo(ctx context.Context, s *Solver, x int, t Nimber, m *moveMeter, yield func(turn) bool) (handled bool, err error)
	// turnsToCost estimates the work of turnsTo at x when it is handled
	// (ok = false: the solver's cost, one move tried per move).
	turnsToCost(x int) (cost float64, ok bool)
}

// about is a rule's description, embedded in every shape: its
// constructor fills it, and the Game's fields are copied from it.
type about struct {
	spec, name, rule string
	start            int // the first coin: 0 or 1
	closedForm       string
	oeis             string
	oeisShift        int
}

func (a about) describe() about { return a }

// noShortcuts is embedded by a shape for the shortcuts it does not have:
// each answers "none", which sends the package down the plain path (the
// values by plainValues, the winning moves by trying every move).
type noShortcuts struct{}

func (noShortcuts) closedValue(int) (Nimber, bool) { return 0, false }

func (noShortcuts) closedValues(int, []Nimber) bool { return false }

func (noShortcuts) fastValues(context.Context, int, impartial.Budget) ([]Nimber, bool, error) {
	return nil, false, nil
}

func (noShortcuts) inverseClosed(Nimber) (int, bool, bool) { return 0, false, false }

func (noShortcuts) runXor(int, int) (Nimber, bool) { return 0, false }

func (noShortcuts) turnsTo(context.Context, *Solver, int, Nimber, *moveMeter, func(turn) bool) (bool, error) {
	return false, nil
}

func (noShortcuts) turnsToCost(int) (float64, bool) { return 0, false }

// newGame returns the game of a shape, described as the shape describes
// itself.
func newGame(s shape) *Game {
	a := s.describe()
	return &Game{Spec: a.spec, Name: a.name, Rule: a.rule, Start: a.start, ClosedForm: a.closedForm,
		OEIS: a.oeis, OEISShift: a.oeisShift, shape: s}
}

// listTurns adapts yield to the enumerators of coin lists: each list of
// other coins is the move with rightmost coin x that turns them.
func listTurns(x int, yield func(turn) bool) func(others []int) bool {
	return func(others []int) bool { return yield(turn{others: others, x: x}) }
}
