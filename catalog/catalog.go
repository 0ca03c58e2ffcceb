package catalog

import (
	"math/rand/v2"

	"github.com/grundy/grundy/impartial"
)

// Options control one computation. Each face builds them in one function
// (the CLI's budget flags, the web server's options of a request), so
// every command and endpoint runs under the same budget.
type Options struct {
	// Misere selects misère play (the player who makes the last move loses).
	Misere bool
	// Budget bounds the whole question: positions, moves, output bytes,
	// memory and time (the caller applies Budget.Timeout to the context);
	// the zero Budget has no limits.
	Budget impartial.Budget
	// AllOptions asks Solve for every option of the position with what it
	// leads to (Result.Options), instead of the winning moves.
	AllOptions bool
	// Target, when set, asks Solve (under normal play) for the moves to an
	// option of that value instead of the winning moves (Result.WinningMoves
	// then holds them).
	Target *impartial.Nimber
	// MaxListed bounds the moves Solve lists (0: only the output budget
	// does); their number is still given.
	MaxListed int
	// Offset skips the first Offset moves of the list (the next page of a
	// list bounded by MaxListed starts at Result.NextOffset). The moves
	// skipped are found all the same, so Offset counts against the move
	// budget.
	Offset int
	// Strength is how well Reply plays (Perfect unless set).
	Strength Strength
	// Rand is the random source of Reply at the Random and Mixed strengths;
	// nil uses the global one (math/rand/v2), randomly seeded.
	Rand *rand.Rand
}

// DefaultMovePage is the number of moves an answer lists when its asker
// names no number (the JSON of the command line and of the API): a page,
// with the count of all of them, their classes when the game knows them,
// and Result.NextOffset for the next page.
const DefaultMovePage = 100

// Info describes a game.
type Info struct {
	// Spec is the canonical spec string ("subtract:1,3,4").
	Spec string `json:"spec"`
	// Name is a human name ("subtraction game {1, 3, 4}").
	Name string `json:"name"`
	// Rule states the rule in one sentence.
	Rule string `json:"rule"`
	// Position describes the position syntax in one line.
	Position string `json:"position"`
	// Example is a position in that syntax.
	Example string `json:"example"`
	// Start is the first index of Values for heap games (0 or 1).
	Start int `json:"start"`
	// Heap says whether the game is played on heaps: it has a
	// nim-sequence (Game.StreamValues) and misère quotients of heaps. Set
	// by New from the Spec (Spec.Heap, Spec.Stream), as Table and Periodic
	// are.
	Heap bool `json:"heap"`
	// Table says whether the game has a 2-D value table (Game.ValueTable,
	// Spec.Cell).
	Table bool `json:"table,omitempty"`
	// Periodic says whether the game searches for the period of its
	// nim-sequence and proves it (Game.Period, Spec.Period).
	Periodic bool `json:"periodic,omitempty"`
	// Board names the picture the web page draws of a position (see
	// Boards); empty when it draws none.
	Board string `json:"board,omitempty"`
	// Origin is, for a game whose positions are grids (the coingrid
	// board), the labels of the first column and the first row: the
	// coordinates of the coin written first.
	Origin []int `json:"origin,omitempty"`
	// OEIS is the A-number of the game's nim-sequence in the On-Line
	// Encyclopedia of Integer Sequences (https://oeis.org), when it has
	// one: G(n) = a(n − OEISShift) for the sequence a of that entry (its
	// own offset). For a TableGame, the entry of its table.
	OEIS      string `json:"oeis,omitempty"`
	OEISShift int    `json:"oeis_shift,omitempty"`
	// OEISSearch is, for a heap game that names no OEIS entry, the OEIS
	// search for its first values (Game.OEISSearch); set by the faces that
	// describe a game (`grundy games SPEC`, /api/info), not by Info.
	OEISSearch string `json:"oeis_search,omitempty"`
	// ClosedForm states what theory says of the game's values or outcomes,
	// with its source ("" when the game is searched).
	ClosedForm string `json:"closed_form,omitempty"`
}

// Result is the analysis of one position. Its JSON form is what
// `grundy solve --json` prints and what /api/solve returns.
type Result struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	Misere   bool   `json:"misere"`
	// Value is the nim-value, under normal play only (nil under misère play,
	// where values do not add).
	Value *impartial.Nimber `json:"value,omitempty"`
	// ComponentValues are the values of the components (the heaps, rows,
	// coins of the position), in order, when the position has more than one
	// and Value is their nim-sum: 3 ⊕ 4 ⊕ 5 = 2 for Nim 3 4 5.
	ComponentValues []impartial.Nimber `json:"component_values,omitempty"`
	Outcome         impartial.Outcome  `json:"outcome"`
	// WinningMoves lists the moves to a P-position (empty, not null, for a
	// P-position). For loopy games they are listed fastest win first. When
	// they are too many for the budget, MoveCount and MovesNote say so.
	// With every option listed (Options.AllOptions), they are the winning
	// options of the page, and WinningMoveCount counts them all.
	WinningMoves []Move `json:"winning_moves"`
	// MoveCount is set when the moves listed (winning, drawing, or every
	// option) are not all there are: their number, or -1 when the budget ran
	// out before they were all counted.
	MoveCount *int64 `json:"move_count,omitempty"`
	// MovesNote says why the list of moves is shorter than MoveCount.
	MovesNote string `json:"moves_note,omitempty"`
	// WinningMoveCount is, when every option is listed (Options.AllOptions),
	// the number of winning moves among them (0 for a P-position, -1 when
	// the budget ran out before they were all counted), whatever the page
	// shows: the options list them first (shape.go).
	WinningMoveCount *int64 `json:"winning_move_count,omitempty"`
	// CountNote says, under a full page of options, why MoveCount is -1:
	// which budget stopped the count of the options.
	CountNote string `json:"count_note,omitempty"`
	// NextOffset, when more moves follow those listed, is the Offset of
	// the next page.
	NextOffset *int `json:"next_offset,omitempty"`
	// MoveClasses describe all the moves when they are too many to list
	// and the game knows them in closed form (the residue classes of a
	// proved period), as many as fit the output budget.
	MoveClasses []MoveClass `json:"move_classes,omitempty"`
	// MoveClassCount is the number of classes when not all are listed.
	MoveClassCount int `json:"move_class_count,omitempty"`
	// LoopyValue is set for positions analyzed as a loopy game: the
	// generalized Sprague–Grundy value, "2", "∞" or "∞(0,2)" (Smith 1966).
	// Value is then set only when LoopyValue is finite.
	LoopyValue string `json:"loopy_value,omitempty"`
	// Remoteness is the number of moves the game lasts when the winner
	// hurries and the loser delays (Steinhaus 1925; Winning Ways, ch. 9):
	// for a loopy game, and, with every option listed (Options.AllOptions),
	// for any game whose tree from the position fits the ranking search
	// (impartial.Remoteness); absent for draws and under misère play.
	Remoteness *int `json:"remoteness,omitempty"`
	// RemotenessNote says, when every option was asked for under normal
	// play, why there is no remoteness: "not computed: too large (…)".
	RemotenessNote string `json:"remoteness_note,omitempty"`
	// DrawingMoves lists, for a draw, every move that keeps the draw.
	DrawingMoves []Move `json:"drawing_moves,omitempty"`
	// Options lists, when Options.AllOptions asked for them, every move with
	// what it leads to: the winning moves first, always; ranked by the
	// remoteness rule where the engine ranks them (the quickest win first,
	// the longest loss last), otherwise in the game's order after the
	// winning ones.
	Options []Option `json:"options,omitempty"`
	// Components gives, for a sum of different games (game "sum"), each
	// component with its value, whose XOR (or, for loopy values, Smith's
	// sum) is the value of the whole (no values under misère play).
	Components []Component `json:"components,omitempty"`
}

// MoveClass is a set of moves too many to list, in closed form: the moves
// of component Component (counted from 1: the heap, or the component of a
// sum of games) whose parameter a runs over From ≤ a ≤ To with
// a ≡ Residue (mod Mod), Count of them; Moves says in words which moves
// they are and what a is (for a take-and-break game, the smaller of the
// two heaps a split leaves). A single move is the class From = To, Mod 1.
type MoveClass struct {
	Component int    `json:"component"`
	Moves     string `json:"moves"`
	From      int64  `json:"from"`
	To        int64  `json:"to"`
	Mod       int64  `json:"mod"`
	Residue   int64  `json:"residue"`
	Count     int64  `json:"count"`
}

// Component is one component of a sum of different games, with its value.
type Component struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	// Value is the component's nim-value; LoopyValue its generalized value
	// when the component is a loopy game.
	Value      *impartial.Nimber `json:"value,omitempty"`
	LoopyValue string            `json:"loopy_value,omitempty"`
}

// Option is a move with what it leads to, for the player making it.
type Option struct {
	To   string `json:"to"`
	Move string `json:"move,omitempty"`
	// Result is "win" (the move leads to a P-position), "lose" or "draw".
	Result string `json:"result"`
	// Value is the nim-value of the position after the move, when known.
	Value *impartial.Nimber `json:"value,omitempty"`
	// Remoteness is that of the position after the move, when known.
	Remoteness *int `json:"remoteness,omitempty"`
	// LoopyValue is the generalized value of the position after the move
	// ("∞(1)" for a draw), for positions analyzed as a loopy game.
	LoopyValue string `json:"loopy_value,omitempty"`
	// Component is, for a sum of different games, the component the move
	// is in (counted from 1, as Result.Components lists them), and
	// ComponentTo that component's position after the move, in its game's
	// syntax: what a board of the component draws.
	Component   int    `json:"component,omitempty"`
	ComponentTo string `json:"component_to,omitempty"`
}

// Move is one move: the position it leads to and, where the game names its
// moves, a short description ("take 2 from heap 1").
type Move struct {
	To   string `json:"to"`
	Move string `json:"move,omitempty"`
}
