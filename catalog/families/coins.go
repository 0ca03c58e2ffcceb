package families

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/coins"
	"github.com/grundy/grundy/impartial"
)

func coinsFamily() catalog.Family {
	return catalog.Family{
		Name:       "coins",
		Syntax:     "coins:RULE",
		Board:      "coins",
		ClosedForm: "the coin-turning theorem: G = XOR of g(x) over the heads (Winning Ways ch. 14)",
		Rule:       "turn over coins, the rightmost from heads to tails; RULE names the rule (mock-turtles, ruler, twins:S, …) or a grid's (turning-corners, rugs, acrostic-twins, A*B: the south-east-most coin from heads to tails)",
		Args:       append(coins.RuleNames(), coins.PlaneRuleNames()...),
		Example:    "coins:mock-turtles",
		New: func(args string) (*catalog.Game, error) {
			if strings.TrimSpace(args) == "" {
				return nil, &catalog.SpecError{Offset: -1, Msg: "coins needs a rule, as in coins:mock-turtles (rules: " + strings.Join(coins.RuleNames(), ", ") + ")"}
			}
			if coins.IsPlaneRule(args) {
				p, err := coins.ParsePlane(args)
				if err != nil {
					var re *coins.RuleError
					if errors.As(err, &re) {
						return nil, &catalog.SpecError{Offset: re.Offset, Msg: re.Msg}
					}
					return nil, &catalog.SpecError{Offset: -1, Msg: err.Error()}
				}
				return NewPlaneGame(p), nil
			}
			g, err := coins.ParseRule(args)
			if err != nil {
				var re *coins.RuleError
				if errors.As(err, &re) {
					return nil, &catalog.SpecError{Offset: re.Offset, Msg: re.Msg}
				}
				return nil, &catalog.SpecError{Offset: -1, Msg: err.Error()}
			}
			return NewCoinGame(g), nil
		},
	}
}

// NewCoinGame returns the catalog game of a coin-turning game. Positions
// are rows of H and T ("HHTHTTHT") or lists of head positions ("0 1 3 6");
// results keep the form of the input. Questions go through the analysis
// path with coins.Engine (values by the coin-turning theorem, the real
// moves for misère play); the nim-sequence is g(x), the value of a single
// head, from the game's first coin (catalog.Info.Start).
func NewCoinGame(g *coins.Game) *catalog.Game {
	info := catalog.Info{
		Spec:       "coins:" + g.Spec,
		Name:       g.Name,
		Rule:       g.Rule + " Whoever cannot move loses.",
		Position:   fmt.Sprintf("a row of H and T, leftmost coin (number %d) first, as \"HHTHTTHT\"; or the numbers of the heads, counted from %d, as \"%d %d %d\"", g.Start, g.Start, g.Start, g.Start+1, g.Start+3),
		Example:    "HHTHTTHT",
		Start:      g.Start,
		ClosedForm: g.ClosedForm,
		OEIS:       g.OEIS,
		OEISShift:  g.OEISShift,
	}
	return catalog.New(catalog.Spec[coins.Key]{
		Info: info,
		Bind: func(ctx context.Context, opts catalog.Options) (*catalog.Binding[coins.Key], error) {
			// The engine's Moves sizes each option before building it and
			// refuses one past the budget by canceling Ctx with the
			// refusal as its cause.
			e := g.NewEngine(ctx, opts.Budget)
			return &catalog.Binding[coins.Key]{Game: e, Codec: coinCodec(g), Ctx: e.Context(), Close: e.Close}, nil
		},
		// The nim-sequence is g(x): a heap game of single heads.
		Stream: func(ctx context.Context, r catalog.ValueRange, opts catalog.Options, emit func([]impartial.Nimber) error) (*catalog.SequenceStats, error) {
			vals, err := g.Values(ctx, r.To, opts.Budget)
			if err != nil {
				return nil, err
			}
			return nil, catalog.EmitChunks(vals[r.From-g.Start:], emit)
		},
	})
}

// coinCodec reads a position in either form and writes positions in the
// form it last read (a row of the same length, or a list of heads). A row
// is lengthened to hold every head: a question that reads several
// positions (a misère quotient of positions) writes a longer one read
// before the last, and its followers, whole.
func coinCodec(g *coins.Game) catalog.Codec[coins.Key] {
	row := 0
	position := func(k coins.Key) coins.Position {
		p := coins.Position{Heads: k.Heads(), Row: row}
		if p.Row > 0 && len(p.Heads) > 0 {
			p.Row = max(p.Row, p.Heads[len(p.Heads)-1]-g.Start+1)
		}
		return p
	}
	return catalog.Codec[coins.Key]{
		Parse: func(s string) ([]coins.Key, error) {
			p, err := g.ParsePosition(s)
			if err != nil {
				return nil, err
			}
			row = p.Row
			return []coins.Key{coins.KeyOf(p.Heads)}, nil
		},
		Format: func(ks []coins.Key) string {
			return g.FormatPosition(position(ks[0]))
		},
		Describe: func(ks []coins.Key, i int, to coins.Key) string {
			return coins.Move{Turn: coins.Turned(ks[i].Heads(), to.Heads())}.String()
		},
		Board: func(ks []coins.Key) string {
			return g.Draw(position(ks[0]))
		},
	}
}

// NewPlaneGame returns the catalog game of a two-dimensional coin-turning
// game. Positions are rows of H and T separated by "/" ("HTT/THT") or the
// heads as (column,row) pairs ("(0,0) (1,1)"); results keep the form of the
// input. Questions go through the analysis path with coins.PlaneEngine
// (values by the Tartan theorem, winning moves constructed by solving
// α ⊗ β = u, the real moves for misère play); its value table (grundy
// values --table N) is oriented as the board: Values[i][j] is g of a single
// head at column Start_A + j, row Start_B + i (Info.Origin), computed from
// the factors' one-dimensional sequences by the Tartan theorem. Its board
// is a grid of coins (coingrid), not the family's row.
func NewPlaneGame(p *coins.Plane) *catalog.Game { return catalog.New(PlaneSpec(p)) }

// PlaneSpec is the spec of NewPlaneGame: a test may leave out its fast
// value table (Tabulate) to check it against the engine's, cell by cell.
func PlaneSpec(p *coins.Plane) catalog.Spec[coins.CellKey] {
	info := catalog.Info{
		Spec:       "coins:" + p.Spec,
		Name:       p.Name,
		Rule:       p.Rule + " Whoever cannot move loses.",
		Position:   fmt.Sprintf("rows of H and T separated by /, row %d first, each from column %d, as \"HTT/THT\"; or the heads as (column,row), as \"(%d,%d) (%d,%d)\"", p.B.Start, p.A.Start, p.A.Start, p.B.Start, p.A.Start+1, p.B.Start+2),
		Example:    "HTT/THT",
		Board:      "coingrid",
		Origin:     []int{p.A.Start, p.B.Start},
		ClosedForm: p.ClosedForm + "; G = the nim-sum over the heads",
	}
	return catalog.Spec[coins.CellKey]{
		Info: info,
		Bind: func(ctx context.Context, opts catalog.Options) (*catalog.Binding[coins.CellKey], error) {
			e := p.NewEngine(ctx, opts.Budget)
			return &catalog.Binding[coins.CellKey]{Game: e, Codec: planeCodec(p), Ctx: e.Context(), Close: e.Close}, nil
		},
		// Row i, column j of the table, as the board is drawn.
		Cell: func(i, j int) coins.CellKey {
			return coins.KeyOfCells([]coins.Cell{{X: p.A.Start + j, Y: p.B.Start + i}})
		},
		Tabulate: func(ctx context.Context, n int, opts catalog.Options) ([][]impartial.Nimber, error) {
			return p.ValueTable(ctx, n, n, opts.Budget)
		},
	}
}

// planeCodec reads a position in either form and writes positions in the
// form it last read (rows of the same size, or a list of heads). The rows
// are widened and lengthened to hold every head, as coinCodec's row.
func planeCodec(p *coins.Plane) catalog.Codec[coins.CellKey] {
	var w, h int
	grid := func(k coins.CellKey) coins.Grid {
		g := coins.Grid{Heads: k.Cells(), W: w, H: h}
		if g.H > 0 {
			for _, c := range g.Heads {
				g.W, g.H = max(g.W, c.X-p.A.Start+1), max(g.H, c.Y-p.B.Start+1)
			}
		}
		return g
	}
	return catalog.Codec[coins.CellKey]{
		Parse: func(s string) ([]coins.CellKey, error) {
			g, err := p.ParsePosition(s)
			if err != nil {
				return nil, err
			}
			w, h = g.W, g.H
			return []coins.CellKey{coins.KeyOfCells(g.Heads)}, nil
		},
		Format: func(ks []coins.CellKey) string {
			return p.FormatPosition(grid(ks[0]))
		},
		Describe: func(ks []coins.CellKey, i int, to coins.CellKey) string {
			return coins.Move2{Turn: coins.TurnedCells(ks[i].Cells(), to.Cells())}.String()
		},
		Board: func(ks []coins.CellKey) string {
			return p.Draw(grid(ks[0]))
		},
	}
}
