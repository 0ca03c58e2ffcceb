package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy/grundy/impartial"
)

// Reply returns the perfect player's move from position. ok is false when
// there is no legal move: the player to move has lost (normal play) or won
// (misère play). The CLI's play command and the web workbench both answer
// with Reply.
//
// A game that implements Replier chooses the move itself: a Starlark game
// under normal play follows the remoteness rule (it wins fastest, keeps a
// draw, and delays a loss longest; see StarlarkGame.Reply). So do, under
// normal play, the games NewSumGame and NewHeapGame build, on positions
// whose graph has at most 65,536 positions and fits 4 MiB: the
// remoteness comes from impartial.LoopySolver.RankedMoves. Otherwise Reply
// plays the first winning move Solve lists when one exists, otherwise the
// first move that keeps a draw (loopy games), otherwise the first legal move
// (a lost position is still played on).
func Reply(ctx context.Context, g Game, position string, opts Options) (m Move, ok bool, err error) {
	if r, isReplier := g.(Replier); isReplier {
		return r.Reply(ctx, position, opts)
	}
	if r, isRanked := g.(rankedReplier); isRanked && !opts.Misere {
		m, ok, fallback, err := r.rankedReply(ctx, position, opts)
		if !fallback {
			return m, ok, err
		}
	}
	return solveReply(ctx, g, position, opts)
}

// rankedReplier is implemented by the engine adapters (SumGame and the games
// built on it) that can rank the moves of a small position by remoteness.
// fallback asks for Reply's default rule, played on the outer game (whose
// Solve may use closed forms the engine adapter does not know).
type rankedReplier interface {
	rankedReply(ctx context.Context, position string, opts Options) (m Move, ok, fallback bool, err error)
}

// Bounds on the exploration behind a ranked reply: the positions and the
// memory of the position's graph, and the moves of a sum's own graph. Each
// keeps a reply to a fraction of a second; beyond them Reply uses Solve.
const (
	replyPositions     = 1 << 16
	replyMemory        = 4 << 20
	replySumGraphMoves = 1 << 19
)

// rankedFallback says whether a ranked reply that failed with err should
// give way to Solve: when the loopy engine cannot take the game (a move that
// splits a position) or the graph is larger than it may explore, not when
// the time is up or the context is canceled.
func rankedFallback(ctx context.Context, err error) bool {
	var be *impartial.BudgetError
	if ctx.Err() != nil || errors.As(err, &be) && be.Limit != impartial.LimitPositions && be.Limit != impartial.LimitMemory {
		return false
	}
	return true
}

// rankedSettings caps settings for a ranked reply.
func rankedSettings(set impartial.Settings) impartial.Settings {
	if b := &set.Budget; b.MaxPositions == 0 || b.MaxPositions > replyPositions {
		b.MaxPositions = replyPositions
	}
	if b := &set.Budget; b.MaxMemory == 0 || b.MaxMemory > replyMemory {
		b.MaxMemory = replyMemory
	}
	return set
}

// Replier is implemented by games that choose the perfect player's move
// themselves, by a finer rule than "the first winning move": Reply uses it.
// The answer must be a legal move, and a winning one (or one that keeps a
// draw) whenever Solve says the position allows it.
type Replier interface {
	Reply(ctx context.Context, position string, opts Options) (m Move, ok bool, err error)
}

// solveReply is Reply's default: the first winning move Solve lists, else
// the first move keeping a draw, else the first legal move.
func solveReply(ctx context.Context, g Game, position string, opts Options) (m Move, ok bool, err error) {
	res, err := g.Solve(ctx, position, opts)
	if err != nil {
		return Move{}, false, err
	}
	if len(res.WinningMoves) > 0 {
		return res.WinningMoves[0], true, nil
	}
	if len(res.DrawingMoves) > 0 {
		return res.DrawingMoves[0], true, nil
	}
	moves, err := g.Moves(ctx, position, opts)
	if err != nil || len(moves) == 0 {
		return Move{}, false, err
	}
	return moves[0], true, nil
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
	return fmt.Sprintf("catalog: %s: no legal move from %s to %s", e.Game, e.From, e.To)
}
