package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy/coins"
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
// the form of the input. Questions go through the analysis path with
// coins.Engine (values by the coin-turning theorem, the real moves for
// misère play). Values lists g(x), the value of a single head, from the
// game's first coin (Info.Start).
type CoinGame struct {
	*SumGame[coins.Key]
	g *coins.Game
}

// NewCoinGame returns the catalog game for g.
func NewCoinGame(g *coins.Game) *CoinGame {
	info := Info{
		Spec:     "coins:" + g.Spec,
		Name:     g.Name,
		Rule:     g.Rule + " Whoever cannot move loses.",
		Position: fmt.Sprintf("a row of H and T, leftmost coin (number %d) first, as \"HHTHTTHT\"; or the numbers of the heads, counted from %d, as \"%d %d %d\"", g.Start, g.Start, g.Start, g.Start+1, g.Start+3),
		Example:  "HHTHTTHT",
		Start:    g.Start,
		Heap:     true,
	}
	return &CoinGame{g: g, SumGame: newBoundGame(info, func(_ context.Context, opts Options) (*binding[coins.Key], error) {
		return &binding[coins.Key]{game: g.NewEngine(opts.Budget), codec: coinCodec(g)}, nil
	})}
}

// coinCodec reads a position in either form and writes positions in the
// form it last read (a row of the same length, or a list of heads).
func coinCodec(g *coins.Game) Codec[coins.Key] {
	row := 0
	return Codec[coins.Key]{
		Parse: func(s string) ([]coins.Key, error) {
			p, err := g.ParsePosition(s)
			if err != nil {
				return nil, err
			}
			row = p.Row
			return []coins.Key{coins.KeyOf(p.Heads)}, nil
		},
		Format: func(ks []coins.Key) string {
			return g.FormatPosition(coins.Position{Heads: ks[0].Heads(), Row: row})
		},
		Describe: func(ks []coins.Key, i int, to coins.Key) string {
			return coins.Move{Turn: coins.Turned(ks[i].Heads(), to.Heads())}.String()
		},
		Board: func(ks []coins.Key) string {
			return g.Draw(coins.Position{Heads: ks[0].Heads(), Row: row})
		},
	}
}

// Coins returns the coin-turning game the catalog game adapts.
func (c *CoinGame) Coins() *coins.Game { return c.g }

// SamePosition says whether a and b have the same heads, whichever form
// (row or list of heads) each is written in.
func (c *CoinGame) SamePosition(a, b string) (bool, error) {
	pa, err := c.g.ParsePosition(a)
	if err != nil {
		return false, positionError(c.info.Spec, a, err)
	}
	pb, err := c.g.ParsePosition(b)
	if err != nil {
		return false, positionError(c.info.Spec, b, err)
	}
	return slices.Equal(pa.Heads, pb.Heads), nil
}

// Values returns g(Start..to), the values of a single head on each coin.
func (c *CoinGame) Values(ctx context.Context, to int, opts Options) (*Sequence, error) {
	if to < c.g.Start {
		return nil, fmt.Errorf("--to must be at least %d for %s, not %d", c.g.Start, c.info.Spec, to)
	}
	vals, err := c.g.Values(ctx, to, opts.Budget)
	if err != nil {
		return nil, err
	}
	return &Sequence{Game: c.info.Spec, Start: c.g.Start, Values: vals}, nil
}
