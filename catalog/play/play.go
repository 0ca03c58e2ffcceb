// Package play is a game played between a person and the computer: what
// the analysis of a position says of a move made from it, the rule that
// ends a loopy game in a draw, and the record of the game. It is what
// `grundy play` and the web's play page tell a learner after each move
// ("That was a mistake: 1 4 5 wins, since 3 ⊕ 4 ⊕ 5 = 2 ≠ 0"), and what
// they save; the faces word it. The computer's moves are catalog.Game.Reply's.
package play

import (
	"context"

	"github.com/grundy/grundy/catalog"
)

// Verdict judges a move by the analysis of the position it was made from
// (Solve with AllOptions), for the player who made it.
type Verdict struct {
	// Chosen is the option the move took: its result for the mover ("win",
	// "lose", "draw"), the value and remoteness of the position reached.
	Chosen catalog.Option `json:"chosen"`
	// Mistake says the move gave away a win (a winning move existed and
	// this is not one) or a draw (a move kept the draw, this one loses).
	Mistake bool `json:"mistake,omitempty"`
	// Better is, after a mistake, the best move there was: the quickest
	// win, or the first move keeping the draw.
	Better *catalog.Option `json:"better,omitempty"`
	// Lost says no move won or drew: every move loses against best play
	// (the mover was already lost).
	Lost bool `json:"lost,omitempty"`
}

// Analyze is the analysis Judge needs: pos solved with every option valued
// (opts with AllOptions; opts.MaxListed caps the list as the caller wants).
// ok is false when it is not known: an error (a budget ran out) or a list
// the cap cut short, on which a verdict could miss the better move.
func Analyze(ctx context.Context, g *catalog.Game, pos string, opts catalog.Options) (res *catalog.Result, ok bool) {
	opts.AllOptions = true
	res, err := g.Solve(ctx, pos, opts)
	if err != nil || (res.MoveCount != nil && *res.MoveCount != int64(len(res.Options))) {
		return nil, false
	}
	return res, true
}

// Judge says what the analysis before (Solve with AllOptions, its options
// best first) makes of the move to the position to (canonical, as the
// options list it). ok is false when before does not list that option.
func Judge(before *catalog.Result, to string) (v Verdict, ok bool) {
	var win, draw *catalog.Option
	for i := range before.Options {
		o := &before.Options[i]
		if o.To == to {
			v.Chosen, ok = *o, true
		}
		switch {
		case o.Result == "win" && win == nil:
			win = o
		case o.Result == "draw" && draw == nil:
			draw = o
		}
	}
	if !ok {
		return v, false
	}
	switch {
	case v.Chosen.Result == "win":
	case win != nil:
		v.Mistake, v.Better = true, win
	case v.Chosen.Result == "lose" && draw != nil:
		v.Mistake, v.Better = true, draw
	case v.Chosen.Result == "lose":
		v.Lost = true
	}
	return v, true
}

// Record is a game played between a person and the computer, as `grundy
// play --json` prints it and the web's play page saves it: enough to
// replay it (the game, the start, the rules and every move).
type Record struct {
	Game     string `json:"game"`
	Start    string `json:"start"`
	Misere   bool   `json:"misere"`
	Strength string `json:"strength"`
	// First is who moved first: "human" or "computer".
	First string       `json:"first"`
	Moves []RecordMove `json:"moves"`
	// End says how the game ended: "human won", "computer won", "draw
	// agreed", "draw by repetition", or "abandoned".
	End string `json:"end"`
	// Position is the position when the game ended.
	Position string `json:"position"`
}

// RecordMove is one move of a Record.
type RecordMove struct {
	// By is "human" or "computer".
	By   string `json:"by"`
	To   string `json:"to"`
	Move string `json:"move,omitempty"`
	// Result is what the move did for its player, when the analysis gave
	// it: "win", "lose" or "draw"; Mistake marks a move that gave away a
	// win or a draw.
	Result  string `json:"result,omitempty"`
	Mistake bool   `json:"mistake,omitempty"`
}

// RepetitionDraw is the rule that ends a game of a loopy game that could
// otherwise go on for ever: the game is drawn when a position occurs for
// the third time with the same player to move (threefold repetition, as in
// chess; docs/loopy.md). history lists the positions of the game in order,
// the start first, so that the same player is to move at every other one.
func RepetitionDraw(history []string) bool {
	if len(history) == 0 {
		return false
	}
	last := len(history) - 1
	n := 0
	for i := last; i >= 0; i -= 2 {
		if history[i] == history[last] {
			n++
		}
	}
	return n >= 3
}
