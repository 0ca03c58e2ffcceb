package catalog

import (
	"context"
	"fmt"
)

// Reply returns the computer's move from position at the strength
// opts.Strength: by default the perfect player's. ok is false when there
// is no legal move: the player to move has lost (normal play) or won
// (misère play). The CLI's play command and the web workbench both answer
// with Reply. The perfect move is impartial.Reply through the game's
// notation: under normal play, on positions whose graph is small enough to
// explore, the remoteness rule (the quickest win, a move keeping a draw,
// the longest loss); otherwise the first winning (or drawing) move the
// analysis lists, and from a lost position the first legal move. Random
// and Mixed draw from every legal move (see Strength).
func Reply(ctx context.Context, g Game, position string, opts Options) (m Move, ok bool, err error) {
	return reply(ctx, g, position, opts)
}

// FindMove checks that to (in any accepted spelling) is a position one legal
// move away from position, and returns that move.
func FindMove(ctx context.Context, g Game, position, to string, opts Options) (Move, error) {
	want, err := g.Canonical(to)
	if err != nil {
		return Move{}, err
	}
	moves, err := g.Moves(ctx, position, opts)
	if err != nil {
		return Move{}, err
	}
	cmp, _ := g.(PositionComparer)
	for _, m := range moves {
		if m.To == want {
			return m, nil
		}
		if cmp != nil {
			if same, err := cmp.SamePosition(m.To, to); err == nil && same {
				return m, nil
			}
		}
	}
	from, _ := g.Canonical(position)
	return Move{}, &IllegalMoveError{Game: g.Info().Spec, From: from, To: want}
}

// PositionComparer is implemented by games whose positions can be written
// in more than one form, such as a row of coins and the list of its heads:
// SamePosition says whether a and b are the same position. FindMove uses it
// to accept a move written in either form.
type PositionComparer interface {
	SamePosition(a, b string) (bool, error)
}

// IllegalMoveError reports a move the rules do not allow.
type IllegalMoveError struct {
	Game, From, To string
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("%s: no legal move from %s to %s", e.Game, e.From, e.To)
}
