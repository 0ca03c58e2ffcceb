package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy/coins"
	"github.com/grundy/grundy/impartial"
)

func coinsFamily() Family {
	return Family{
		Name:   "coins",
		Syntax: "coins:RULE",
		Rule: "turn over coins, the rightmost from heads to tails; RULE is one of " +
			strings.Join(coins.RuleNames(), ", "),
		Example: "coins:mock-turtles",
		New: func(args string) (Game, error) {
			if strings.TrimSpace(args) == "" {
				return nil, &SpecError{Offset: -1, Msg: "coins needs a rule, as in coins:mock-turtles (rules: " + strings.Join(coins.RuleNames(), ", ") + ")"}
			}
			g, err := coins.ParseRule(args)
			if err != nil {
				var re *coins.RuleError
				if errors.As(err, &re) {
					return nil, &SpecError{Offset: re.Offset, Msg: re.Msg}
				}
				return nil, &SpecError{Offset: -1, Msg: err.Error()}
			}
			return NewCoinGame(g), nil
		},
	}
}

// CoinGame is a coin-turning game in the catalog. Positions are rows of H
// and T ("HHTHTTHT") or lists of head positions ("0 1 3 6"); results keep
// the form of the input. Values lists g(x), the value of a single head, from
// the game's first coin (Info.Start).
type CoinGame struct {
	g    *coins.Game
	info Info
}

// NewCoinGame returns the catalog game for g.
func NewCoinGame(g *coins.Game) *CoinGame {
	return &CoinGame{g: g, info: Info{
		Spec:     "coins:" + g.Spec,
		Name:     g.Name,
		Rule:     g.Rule + " Whoever cannot move loses.",
		Position: fmt.Sprintf("a row of H and T, leftmost coin (number %d) first, as \"HHTHTTHT\"; or the numbers of the heads, counted from %d, as \"%d %d %d\"", g.Start, g.Start, g.Start, g.Start+1, g.Start+3),
		Example:  "HHTHTTHT",
		Start:    g.Start,
		Heap:     true,
	}}
}

// Info describes the game.
func (c *CoinGame) Info() Info { return c.info }

// Coins returns the coin-turning game the catalog game adapts.
func (c *CoinGame) Coins() *coins.Game { return c.g }

func (c *CoinGame) parse(position string) (coins.Position, error) {
	p, err := c.g.ParsePosition(position)
	if err != nil {
		var se *coins.SyntaxError
		if errors.As(err, &se) {
			return p, &PositionError{Game: c.info.Spec, Position: position, Offset: se.Offset, Msg: se.Msg}
		}
		return p, &PositionError{Game: c.info.Spec, Position: position, Offset: -1, Msg: err.Error()}
	}
	return p, nil
}

// Canonical checks a position and writes it in canonical syntax: a row
// stays a row (upper case), a list of heads becomes ascending.
func (c *CoinGame) Canonical(position string) (string, error) {
	p, err := c.parse(position)
	if err != nil {
		return "", err
	}
	return c.g.FormatPosition(p), nil
}

// SamePosition says whether a and b have the same heads, whichever form
// (row or list of heads) each is written in.
func (c *CoinGame) SamePosition(a, b string) (bool, error) {
	pa, err := c.parse(a)
	if err != nil {
		return false, err
	}
	pb, err := c.parse(b)
	if err != nil {
		return false, err
	}
	return slices.Equal(pa.Heads, pb.Heads), nil
}

// Solve analyzes a position. Under normal play the value is the XOR of g
// over the heads (coin-turning theorem) and the winning moves are found in
// closed form or from the table of g. Under misère play, where the theorem
// does not hold, the real game graph is searched (heads on the first 64
// coins only).
func (c *CoinGame) Solve(ctx context.Context, position string, opts Options) (*Result, error) {
	p, err := c.parse(position)
	if err != nil {
		return nil, err
	}
	s := c.g.NewSolver(opts.Budget)
	res := &Result{Game: c.info.Spec, Position: c.g.FormatPosition(p), Misere: opts.Misere, WinningMoves: []Move{}}
	var moves []coins.Move
	if opts.Misere {
		if _, err := c.g.Mask(p); err != nil {
			return nil, &PositionError{Game: c.info.Spec, Position: position, Offset: -1, Msg: strings.TrimPrefix(err.Error(), "coins: ")}
		}
		if res.Outcome, err = s.MisereOutcome(ctx, p); err != nil {
			return nil, err
		}
		if moves, err = s.MisereWinningMoves(ctx, p); err != nil {
			return nil, err
		}
	} else {
		v, err := s.Value(ctx, p)
		if err != nil {
			return nil, err
		}
		res.Value, res.Outcome = &v, impartial.OutcomeOf(v)
		if moves, err = s.WinningMoves(ctx, p); err != nil {
			return nil, err
		}
	}
	for _, m := range moves {
		res.WinningMoves = append(res.WinningMoves, c.move(p, m))
	}
	return res, nil
}

// Moves lists every legal move from a position, head by head from the left.
func (c *CoinGame) Moves(ctx context.Context, position string, opts Options) ([]Move, error) {
	p, err := c.parse(position)
	if err != nil {
		return nil, err
	}
	moves, err := c.g.NewSolver(opts.Budget).Moves(ctx, p)
	if err != nil {
		return nil, err
	}
	out := make([]Move, len(moves))
	for i, m := range moves {
		out[i] = c.move(p, m)
	}
	return out, nil
}

func (c *CoinGame) move(p coins.Position, m coins.Move) Move {
	return Move{To: c.g.FormatPosition(p.Apply(m)), Move: m.String()}
}

// Values returns g(Start..to), the values of a single head on each coin.
func (c *CoinGame) Values(ctx context.Context, to int, opts Options) (*Sequence, error) {
	if to < c.g.Start {
		return nil, fmt.Errorf("catalog: --to must be at least %d for %s, not %d", c.g.Start, c.info.Spec, to)
	}
	vals, err := c.g.Values(ctx, to, opts.Budget)
	if err != nil {
		return nil, err
	}
	return &Sequence{Game: c.info.Spec, Start: c.g.Start, Values: vals}, nil
}
