package catalog

import (
	"context"
	"errors"

	"github.com/grundy/grundy/impartial"
)

// outcomeRule is implemented by engine games that know the normal-play
// outcome of a position in closed form but not its nim-value (Wythoff,
// Moore's Nim_k, Fibonacci Nim, Climbing the Hill).
type outcomeRule[P comparable] interface {
	ClosedOutcome(p P) (impartial.Outcome, bool)
}

// outcomeGame is a SumGame of one component whose outcome has a closed form.
// Solve searches for the value within a small budget; when the position is
// too large for that, it answers from the closed form: the outcome, the
// value when it is 0, and the winning moves (to P-positions).
type outcomeGame[P comparable] struct {
	*SumGame[P]
	rule outcomeRule[P]
}

// searchCap bounds the positions searched for a value before Solve falls
// back to the closed-form outcome.
const searchCap = 20_000

// maxSearchWidth is the most options a root may have for Solve to search
// for its value.
const maxSearchWidth = 256

func newOutcomeGame[P comparable](info Info, g interface {
	impartial.Game[P]
	outcomeRule[P]
}, codec Codec[P]) *outcomeGame[P] {
	return &outcomeGame[P]{SumGame: NewSumGame[P](info, g, codec), rule: g}
}

func (g *outcomeGame[P]) Solve(ctx context.Context, position string, opts Options) (*Result, error) {
	ps, err := g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	if opts.Misere || len(ps) != 1 {
		return g.SumGame.Solve(ctx, position, opts)
	}
	o, ok := g.rule.ClosedOutcome(ps[0])
	if !ok {
		return g.SumGame.Solve(ctx, position, opts)
	}
	// Search for the value only when the root has few options: a wide root
	// means a search far beyond any budget.
	width := 0
	g.game.Moves(ps[0], func(P) bool { width++; return width <= maxSearchWidth })
	if width <= maxSearchWidth {
		small := opts
		if small.Budget.MaxPositions == 0 || small.Budget.MaxPositions > searchCap {
			small.Budget.MaxPositions = searchCap
		}
		res, err := g.SumGame.Solve(ctx, position, small)
		var be *impartial.BudgetError
		if err == nil || !errors.As(err, &be) || be.Limit == impartial.LimitCanceled || be.Limit == impartial.LimitTime {
			return res, err
		}
	}
	res := &Result{Game: g.info.Spec, Position: g.codec.Format(ps), Outcome: o, WinningMoves: []Move{}}
	if o == impartial.P {
		var zero impartial.Nimber
		res.Value = &zero
		return res, nil
	}
	var tos []P
	if tm, ok := g.game.(impartial.TargetMover[P]); ok {
		tos, ok = tm.MovesToValue(nil, ps[0], 0)
		if !ok {
			tos = nil
		}
	}
	if tos == nil {
		s := impartial.NewSolver(g.game, g.settings(opts))
		opt, err := s.Options(ctx, ps[0])
		if err != nil {
			return nil, err
		}
		for _, q := range opt {
			if qo, _ := g.rule.ClosedOutcome(q); qo == impartial.P {
				tos = append(tos, q)
			}
		}
	}
	for _, q := range tos {
		res.WinningMoves = append(res.WinningMoves, g.move(ps, 0, q))
	}
	return res, nil
}
