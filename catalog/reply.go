package catalog

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
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

// FindMove checks that to (in any accepted spelling, such as a row of coins
// or the list of its heads) is a position one legal move away from
// position, and returns that move.
func FindMove(ctx context.Context, g Game, position, to string, opts Options) (Move, error) {
	if f, ok := g.(moveFinder); ok {
		return f.findMove(ctx, position, to, opts)
	}
	return Move{}, &CapabilityError{Game: g.Info().Spec, Msg: "moves cannot be checked"}
}

type moveFinder interface {
	findMove(ctx context.Context, position, to string, opts Options) (Move, error)
}

// findMove lists the moves of position, then reads to with the same
// codec, and compares the positions as the codec writes them: the move's
// (in position's form) is returned.
func (g *SumGame[P]) findMove(ctx context.Context, position, to string, opts Options) (Move, error) {
	moves, err := g.Moves(ctx, position, opts)
	if err != nil {
		return Move{}, err
	}
	b, ps, err := g.question(ctx, position, opts)
	if err != nil {
		return Move{}, err
	}
	defer b.done()
	from := b.Codec.Format(ps)
	// The options, in the form of the position, and then in the form of to.
	ectx := b.context(ctx)
	s := impartial.NewSolver(b.Game, impartial.Settings{Budget: opts.Budget})
	var nexts [][]P
	for i, p := range ps {
		qs, err := s.Options(ectx, p)
		if err != nil {
			return Move{}, err
		}
		for _, q := range qs {
			next := append([]P(nil), ps...)
			next[i] = q
			nexts = append(nexts, next)
		}
	}
	ts, err := g.parse(b, to)
	if err != nil {
		return Move{}, err
	}
	want := b.Codec.Format(ts)
	for i, next := range nexts {
		if i < len(moves) && b.Codec.Format(next) == want {
			return moves[i], nil
		}
	}
	return Move{}, &IllegalMoveError{Game: g.info.Spec, From: from, To: want}
}

// IllegalMoveError reports a move the rules do not allow.
type IllegalMoveError struct {
	Game, From, To string
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("%s: no legal move from %s to %s", e.Game, e.From, e.To)
}
