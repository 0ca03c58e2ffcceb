package catalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules"
)

// Game is a catalog game seen through its position syntax: what the CLI,
// the web server and the JSON API work with. Positions are strings in the
// game's own syntax (Info.Position); results carry positions in that syntax
// too, so any output can be fed back as input.
//
// Implementations are safe for concurrent use: each call builds its own
// solver, bounded by Options.Budget and the context.
type Game interface {
	// Info describes the game: canonical spec, name, rule, position syntax.
	Info() Info
	// Canonical checks a position and writes it in canonical syntax.
	Canonical(position string) (string, error)
	// Solve finds the outcome, the nim-value (normal play) and every winning
	// move of a position.
	Solve(ctx context.Context, position string, opts Options) (*Result, error)
	// Moves lists every legal move from a position, each with the position it
	// leads to, in the game's order. It fails with a budget error rather than
	// list more moves than the budget allows.
	Moves(ctx context.Context, position string, opts Options) ([]Move, error)
}

// HeapGame is a game played on heaps (or single rows) whose nim-sequence
// G(start), G(start+1), … can be listed.
type HeapGame interface {
	Game
	// Values returns the normal-play values of the single heaps start..to.
	Values(ctx context.Context, to int, opts Options) (*Sequence, error)
}

// Options control one computation.
type Options struct {
	// Misere selects misère play (the player who makes the last move loses).
	Misere bool
	// Budget bounds the search; the zero Budget has no limits.
	Budget impartial.Budget
	// Starlark bounds the rule functions of user-defined games
	// (starlark:FILE); zero fields mean the rules package's defaults.
	Starlark rules.Limits
}

func (o Options) settings() impartial.Settings { return impartial.Settings{Budget: o.Budget} }

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
	// Heap says whether the game is a HeapGame.
	Heap bool `json:"heap"`
}

// Result is the analysis of one position. Its JSON form is what
// `grundy solve --json` prints and what /api/solve returns.
type Result struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	Misere   bool   `json:"misere"`
	// Value is the nim-value, under normal play only (nil under misère play,
	// where values do not add).
	Value   *impartial.Nimber `json:"value,omitempty"`
	Outcome impartial.Outcome `json:"outcome"`
	// WinningMoves lists every move to a P-position (empty, not null, for a
	// P-position). For loopy games they are listed fastest win first.
	WinningMoves []Move `json:"winning_moves"`
	// LoopyValue is set for positions analyzed as a loopy game: the
	// generalized Sprague–Grundy value, "2", "∞" or "∞(0,2)" (Smith 1966).
	// Value is then set only when LoopyValue is finite.
	LoopyValue string `json:"loopy_value,omitempty"`
	// Remoteness is, for a loopy game, the number of moves the game lasts
	// when the winner hurries and the loser delays; absent for draws and for
	// sums whose own graph is too large to explore.
	Remoteness *int `json:"remoteness,omitempty"`
	// DrawingMoves lists, for a draw, every move that keeps the draw.
	DrawingMoves []Move `json:"drawing_moves,omitempty"`
}

// Move is one move: the position it leads to and, where the game names its
// moves, a short description ("take 2 from heap 1").
type Move struct {
	To   string `json:"to"`
	Move string `json:"move,omitempty"`
}

// Sequence is a nim-sequence: Values[i] = G(Start + i). Its JSON form is what
// `grundy values --json` prints and /api/values returns.
type Sequence struct {
	Game   string             `json:"game"`
	Start  int                `json:"start"`
	Values []impartial.Nimber `json:"values"`
	// Checksum identifies the values ("sha256:…", see package checkpoint),
	// so that two runs can be compared; set by SetChecksum.
	Checksum string `json:"checksum,omitempty"`
	// Error is set, and Checksum left empty, when a run stopped before
	// G(to): `grundy values --json` then prints the values it had (G(Start)
	// onwards, in order) and the one-line error message, so that its output
	// stays one JSON document and cannot pass for a complete run. (/api/values
	// answers a failed run with an error status and {"error": message}.)
	Error string `json:"error,omitempty"`
}

// SetChecksum sets s.Checksum from s.Values: the SHA-256 of the values as
// 8-byte little-endian words, the checksum `grundy values` prints.
func (s *Sequence) SetChecksum() {
	sum := checkpoint.NewSum()
	for _, v := range s.Values {
		sum.Add(uint64(v))
	}
	s.Checksum = sum.String()
}

// Text explains the result in a sentence, then lists the winning moves, one
// per line, for terminal output.
func (r *Result) Text() string {
	var b strings.Builder
	play := ""
	if r.Misere {
		play = "Under misère play, "
	}
	fmt.Fprintf(&b, "%s%s position %s", play, r.Game, r.Position)
	switch {
	case r.LoopyValue != "":
		fmt.Fprintf(&b, " has loopy value %s, so it", r.LoopyValue)
	case r.Value != nil:
		fmt.Fprintf(&b, " has nim-value %d, so it", uint64(*r.Value))
	}
	in := ""
	if r.Remoteness != nil {
		in = fmt.Sprintf(" in %s", plural(*r.Remoteness, "move"))
	}
	switch {
	case r.Outcome == impartial.Draw:
		b.WriteString(" is a draw: neither player can force a win")
		switch len(r.DrawingMoves) {
		case 0:
			b.WriteString(".\n")
		case 1:
			fmt.Fprintf(&b, "; the one move that keeps the draw is to %s.\n", describe(r.DrawingMoves[0]))
		default:
			fmt.Fprintf(&b, "; these %d moves keep the draw:\n", len(r.DrawingMoves))
			for _, m := range r.DrawingMoves {
				fmt.Fprintf(&b, "  %s\n", describe(m))
			}
		}
	case r.Outcome == impartial.P && r.Remoteness != nil && *r.Remoteness == 0:
		b.WriteString(" is a P-position: the player to move has no move and loses.\n")
	case r.Outcome == impartial.P && in != "":
		fmt.Fprintf(&b, " is a P-position: the player to move loses%s against best play.\n", in)
	case r.Outcome == impartial.P:
		b.WriteString(" is a P-position: the player to move loses against best play.\n")
	case len(r.WinningMoves) == 1:
		fmt.Fprintf(&b, " is an N-position: the player to move wins%s by moving to %s.\n", in, describe(r.WinningMoves[0]))
	default:
		fmt.Fprintf(&b, " is an N-position: the player to move wins%s with any of these %d moves:\n", in, len(r.WinningMoves))
		for _, m := range r.WinningMoves {
			fmt.Fprintf(&b, "  %s\n", describe(m))
		}
	}
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func describe(m Move) string {
	if m.Move == "" {
		return m.To
	}
	return fmt.Sprintf("%s (%s)", m.To, m.Move)
}
