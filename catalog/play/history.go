package play

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/notation"
)

// CheckHistory checks that history, the positions a game passed through
// before position (the start first, once each), is a game: each is one
// legal move from the one before it, and position one move from the last.
// It returns them as the game writes them (the moves' canonical form), so
// that RepetitionDraw counts repetitions of one spelling. Each move is
// checked by catalog.Game.FindMove under opts and ctx. A history that is not a
// game is a *HistoryError naming the first position that does not follow;
// a made-up history would otherwise make RepetitionDraw call a game drawn
// that cannot have been played (issue 45).
func CheckHistory(ctx context.Context, g *catalog.Game, history []string, position string, opts catalog.Options) ([]string, error) {
	if len(history) == 0 {
		return nil, nil
	}
	out := make([]string, len(history))
	for i, h := range history {
		c, err := g.Canonical(ctx, h)
		var pe *catalog.PositionError
		switch {
		case errors.As(err, &pe):
			return nil, &HistoryError{Index: i + 1, Position: h, Err: err}
		case err != nil:
			return nil, err
		}
		out[i] = c
	}
	for i := range history {
		next, at := position, 0 // 0: the position itself
		if i+1 < len(history) {
			next, at = history[i+1], i+2
		}
		_, err := g.FindMove(ctx, history[i], next, opts)
		var ie *catalog.IllegalMoveError
		switch {
		case errors.As(err, &ie):
			return nil, &HistoryError{Index: at, Position: next, Err: err}
		case err != nil:
			return nil, err // a budget, the context: not the history's fault
		}
	}
	return out, nil
}

// HistoryError reports a history that is not a game: its Index-th
// position (from 1; 0 for the position after the history) is not one
// legal move from the one before it (Err, an *catalog.IllegalMoveError),
// or does not read (Err, a *catalog.PositionError).
type HistoryError struct {
	Index    int
	Position string
	Err      error
}

func (e *HistoryError) Error() string {
	what := "the position"
	if e.Index > 0 {
		what = fmt.Sprintf("position %d of the history", e.Index)
	}
	var pe *catalog.PositionError
	if errors.As(e.Err, &pe) {
		return fmt.Sprintf("%s: %v", what, e.Err)
	}
	return fmt.Sprintf("%s, %s, is not one move after the one before it: %v", what, notation.Quote(e.Position), e.Err)
}

func (e *HistoryError) Unwrap() error { return e.Err }
