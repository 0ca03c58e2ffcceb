package impartial

// What a game may declare or provide beyond Moves, which Analyze looks for
// (by type assertion) before it searches: whether it can loop, closed forms
// of its outcome and winning moves, option counts, tables to prepare.

import "context"

// Loopiness says whether a game's positions can repeat.
type Loopiness int8

const (
	// Acyclic games have no cycle of moves; a cycle found is a *CycleError.
	Acyclic Loopiness = iota
	// MayLoop games are searched as acyclic games first and analyzed as
	// loopy games when a cycle turns up.
	MayLoop
	// Loopy games are analyzed as loopy games from the start.
	Loopy
)

// LoopDeclarer is implemented by games whose positions may repeat. A game
// that does not implement it is Acyclic.
type LoopDeclarer interface {
	Loopiness() Loopiness
}

// OutcomeRule is implemented by games that know the normal-play outcome of
// a position in closed form but not always its nim-value (Wythoff's game,
// Moore's Nim_k, Fibonacci Nim, Climbing the Hill). ClosedOutcome returns
// ok = false where the rule does not apply.
type OutcomeRule[Pos comparable] interface {
	ClosedOutcome(p Pos) (o Outcome, ok bool)
}

// Preparer is implemented by games whose closed forms read tables that must
// be computed first (the nim-sequence of an octal game up to the largest
// heap, the values g(x) of a coin-turning game up to the last head).
// Analyze calls Prepare with the positions of the question before anything
// else, under the question's budget, so that ClosedValue and MovesToValue
// are then cheap lookups.
type Preparer[Pos comparable] interface {
	Prepare(ctx context.Context, ps []Pos, q Query) error
}

// TargetCounter is implemented by games that can count the options of p of
// value v without generating and valuing every option: a heap of an octal
// game far beyond the pre-period of a proved period, whose options of a
// value fall into residue classes; a coin-turning position, whose options of
// a value follow from the table of g. It returns the first at most limit of
// those options (all of them when limit is 0, none when it is negative),
// their number (-1 when the budget ran out before all were counted), and,
// when not all are listed, classes describing all of them (none if the game
// has no such description); ok = false lets the engine enumerate. An error
// is a budget or context error.
type TargetCounter[Pos comparable] interface {
	CountMovesToValue(ctx context.Context, p Pos, v Nimber, limit int, b Budget) (first []Pos, count int64, classes []MoveClass, ok bool, err error)
}

// MoveClass is a set of options of one component described in closed form,
// for moves too many to list: the options with a parameter a (what it is,
// the game's Text says: for a take-and-break game, the smaller of the two
// heaps a split leaves) running over From ≤ a ≤ To with a ≡ Residue (mod
// Mod), Count of them. A single option is the class From = To, Mod 1.
type MoveClass struct {
	// Index is the component of the sum the options are in (set by Analyze).
	Index int
	// Text states the class in words, its range included.
	Text         string
	From, To     int64
	Mod, Residue int64
	Count        int64
}

// WinningMover is implemented by games that construct a winning move in
// closed form where listing every winning move is out of reach (Moore's
// Nim_k: the construction of Moore's proof). WinningMove returns a move of
// p to a P-position, ok = false when p is not an N-position or the rule
// does not apply. Analyze lists it first.
type WinningMover[Pos comparable] interface {
	WinningMove(p Pos) (q Pos, ok bool)
}

// MisereMover is implemented by games that know the misère winning moves of
// a sum without a search (Bouton's rule for misère Nim, a misère quotient):
// the first at most limit of them (all when limit is 0) and their number,
// -1 when not all were counted; ok = false where the rule does not apply.
type MisereMover[Pos comparable] interface {
	MisereWinningMoves(ctx context.Context, ps []Pos, limit int) (moves []Move[Pos], count int64, ok bool)
}

// UnsupportedError reports a question the engine cannot answer for a game,
// whatever the budget: misère play of a loopy game, a heap beyond every
// table and every proved period, a value too large to hold.
type UnsupportedError struct {
	Msg string
}

func (e *UnsupportedError) Error() string { return e.Msg }
