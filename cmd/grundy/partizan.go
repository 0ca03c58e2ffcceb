package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/partizan/games"
)

// The partizan faces of solve, value and play: flags in, library
// (partizan/games) out.

// isPartizan says whether solve or play's game and position are a
// partizan question: a ruleset's position or a partizan rule file's
// (starlark:FILE defining left_moves and right_moves), or a sum naming one.
// A name that is no catalog game but close to a ruleset's goes to the
// library too, for its "did you mean".
func isPartizan(b *budgetFlags, game, position string) bool {
	rs := games.Rulesets()
	if games.IsPartizan(rs, game, position) || games.IsPartizanRuleFile(b.resolver(), game, position) {
		return true
	}
	if _, ok := catalog.LookupFamily(families.All(), game); ok || strings.EqualFold(game, "sum") {
		return false
	}
	var ne *games.NameError
	_, err := games.Lookup(rs, game)
	return errors.As(err, &ne) && ne.Near != ""
}

// partizanSettings are the library's settings from the budget flags: the
// same budget as every other command, impartial components of sums read
// through the command line's resolver.
func (b *budgetFlags) partizanSettings(all bool) (games.Settings, error) {
	budget, err := b.budget()
	if err != nil {
		return games.Settings{}, err
	}
	return games.Settings{Budget: budget, All: all, Resolver: b.resolver()}, nil
}

// partizanSolve is solve for a partizan game.
func partizanSolve(cmd *cobra.Command, io *streams, opts *solveOptions) error {
	if opts.misere {
		return usagef("--misere is for impartial games: a partizan game is played under normal play (the player unable to move loses)")
	}
	set, err := opts.budget.partizanSettings(opts.all)
	if err != nil {
		return err
	}
	// --all lists every option, as many as --max-output allows, unless
	// --moves asks for fewer; --offset starts further on
	if set.Limit, err = parseMoves(opts.moves, 0); err != nil {
		return err
	}
	if opts.offset < 0 {
		return usagef("--offset must be at least 0, not %d", opts.offset)
	}
	set.Offset = opts.offset
	color, err := useColor(opts.color, io)
	if err != nil {
		return err
	}
	ctx, stop := opts.budget.context(cmd.Context())
	defer stop()
	a, err := games.Analyze(ctx, opts.game, opts.position, set)
	if err != nil {
		return partizanErr(err)
	}
	if opts.json {
		return jsonout.Write(io.out, a)
	}
	if opts.board {
		if b := partizanBoard(a); b != "" {
			fmt.Fprintln(io.out, b)
		}
	}
	_, err = fmt.Fprint(io.out, analysisText(a, textStyle{color: color, all: opts.all}))
	return err
}

// analysisText says what an analysis found: the value and outcome in a
// sentence, each side's winning moves (or every option, with --all), the
// temperature and the mean.
func analysisText(a *games.Analysis, st textStyle) string {
	var b strings.Builder
	class := classWords(a.Outcome)
	if a.Game != "sum" {
		fmt.Fprintf(&b, "%s position %s has value %s, so it is %s: %s.\n", a.Game, a.Position, a.Value, class, a.OutcomeText)
	} else {
		fmt.Fprintf(&b, "%s has value %s, so it is %s: %s.\n", a.Position, a.Value, class, a.OutcomeText)
		for i, c := range a.Components {
			sign := ""
			if c.Negated {
				sign = "minus "
			}
			fmt.Fprintf(&b, "  component %d: %s%s = %s\n", i+1, sign, componentText(c), c.Value)
		}
	}
	who := map[string]string{"Left": "Left", "Right": "Right"}
	if a.Left != "" {
		who["Left"], who["Right"] = "Left ("+a.Left+")", "Right ("+a.Right+")"
	}
	side := func(name string, wins, all []games.Move, n int, note string) {
		who := who[name]
		switch {
		case a.MovesNote != "" && n == 0:
			fmt.Fprintf(&b, "%s's moves are not listed (%s).\n", who, a.MovesNote)
			return
		case n == 0:
			fmt.Fprintf(&b, "%s has no move, so loses moving first.\n", who)
			return
		case len(wins) == 0:
			fmt.Fprintf(&b, "%s loses moving first: none of %s moves wins.\n", who, map[bool]string{true: "the", false: "the " + fmt.Sprint(n)}[n == 1])
		case st.all:
			fmt.Fprintf(&b, "%s wins moving first: %s of %d.\n", who, plural(len(wins), "winning move"), n)
		default:
			fmt.Fprintf(&b, "%s wins moving first: %s of %d:\n", who, plural(len(wins), "winning move"), n)
		}
		list := wins
		if st.all {
			list = all
			fmt.Fprintf(&b, "%s's options:\n", name)
		}
		for _, m := range list {
			what := ""
			if m.Move != "" {
				what = m.Move + "; "
			}
			line := fmt.Sprintf("  to %s  (%svalue %s)", m.To, what, m.Value)
			if st.all {
				line = fmt.Sprintf("  to %s  (%svalue %s, %s, %s)", m.To, what, m.Value, map[string]string{"win": "wins", "lose": "loses"}[m.Result], rankWords(m))
			}
			b.WriteString(st.paint(m.Result, line) + "\n")
		}
		if st.all && note != "" {
			fmt.Fprintf(&b, "  and %s\n", note)
		}
	}
	side("Left", a.LeftWins, a.LeftOptions, a.LeftMoves, a.LeftNote)
	side("Right", a.RightWins, a.RightOptions, a.RightMoves, a.RightNote)
	fmt.Fprintf(&b, "Temperature %s, mean %s (Left stop %s, Right stop %s).\n", a.Temperature, a.Mean, a.LeftStop, a.RightStop)
	return b.String()
}

// rankWords says what an option is among its side's options: best or
// dominated, and reversible.
func rankWords(m games.Move) string {
	if m.Reversible {
		return m.Rank + ", reversible"
	}
	return m.Rank
}

// partizanBoard draws a one-ruleset position for the terminal: a board's
// rows one per line (other positions are their own drawing).
func partizanBoard(a *games.Analysis) string {
	r, err := games.Lookup(games.Rulesets(), a.Game)
	if err != nil || r.Board != "grid" {
		return ""
	}
	var b strings.Builder
	for _, row := range strings.Split(a.Position, "|") {
		b.WriteString("  " + strings.Join(strings.Split(row, ""), " ") + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

type valueOptions struct {
	json        bool
	thermograph bool
	budget      budgetFlags
}

func newValueCmd(io *streams) *cobra.Command {
	opts := &valueOptions{}
	cmd := &cobra.Command{
		Use:   "value EXPRESSION",
		Short: "Calculate with partizan game values: canonical forms, comparisons, thermographs",
		Long: `Evaluate an expression of short partizan games, written as CGSuite writes
them: numbers (3, -1/2), nimbers (*, *3), ups (^, v, ^^, ^<2>, v[3]), games
({1|*}, {3||2|1}), switches (+-1), Tiny(2), Miny(2), sums and differences.
It prints the canonical form, the outcome, the temperature, the mean and
the stops; --thermograph adds the thermograph, its walls as points (t, x)
from t = -1 up to the mast.

A term may also be a position of a partizan ruleset (domineering '..|..',
hackenbush lrl: see grundy games, or docs/partizan.md) or of any impartial
game of the catalog, which enters as the nimber of its value (kayles 7 is
*2). Quote a position that holds " + " (cutcake '4x7 + 2x3').

CGSuite's methods that give a game follow a value or a quoted position:
Cool(t), Heat(t), Overheat(s, t), Freeze, Mean, Temperature, LeftStop,
RightStop, ReducedCanonicalForm, AtomicWeight, OrdinalSum(h),
NortonMultiply(u) and Birthday ({3||2|1}.Cool(1/2), (^ + *).AtomicWeight).

Two expressions joined by a comparison (<=, >=, ==, <, >, or <> for
"confused with") are compared: the answer says whether it holds and how
the two compare.`,
		Example: `  grundy value '{1|*} + ^ + *3'
  grundy value '^ + ^ == ^^'
  grundy value '^* <> 0'
  grundy value '{3||2|1}' --thermograph
  grundy value "domineering '...|...'.Cool(1/2)"
  grundy value "domineering '...|...' + kayles 7 + nim 3"
  grundy value 'hackenbush lrlrrllr' --json`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return valueRun(cmd.Context(), io, opts, strings.Join(args, " "))
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the result as JSON")
	cmd.Flags().BoolVar(&opts.thermograph, "thermograph", false, "print the thermograph: its walls as points (t, x)")
	opts.budget.addPartizan(cmd.Flags())
	return cmd
}

func valueRun(ctx context.Context, io *streams, opts *valueOptions, expr string) error {
	set, err := opts.budget.partizanSettings(false)
	if err != nil {
		return err
	}
	ctx, stop := opts.budget.context(ctx)
	defer stop()
	c, err := games.Calculate(ctx, expr, set)
	if err != nil {
		return partizanErr(err)
	}
	if opts.json {
		return jsonout.Write(io.out, c)
	}
	var b strings.Builder
	if c.Relation != "" {
		verdict := map[bool]string{true: "true", false: "false"}[*c.Holds]
		fmt.Fprintf(&b, "%s: %s (%s is %s %s).\n", c.Expression, verdict, c.Value, map[string]string{"equal": "equal to", "less": "less than", "greater": "greater than", "confused": "confused with"}[c.Compare], c.Other.Value)
	}
	values := func(v *games.Values) {
		fmt.Fprintf(&b, "%s is %s: %s.\n", v.Value, classWords(v.Outcome), v.OutcomeText)
		fmt.Fprintf(&b, "Temperature %s, mean %s (Left stop %s, Right stop %s).\n", v.Temperature, v.Mean, v.LeftStop, v.RightStop)
		if opts.thermograph {
			writeThermograph(&b, v.Thermograph)
		}
	}
	if c.Relation == "" {
		if len(c.Components) > 1 {
			fmt.Fprintf(&b, "%s = ", c.Expression)
		}
		values(&c.Values)
	} else if opts.thermograph {
		values(&c.Values)
		values(c.Other)
	}
	_, err = fmt.Fprint(io.out, b.String())
	return err
}

// writeThermograph prints a thermograph's walls as points, then CGSuite's
// form of it.
func writeThermograph(b *strings.Builder, th *games.Thermograph) {
	wall := func(name string, ps []games.Point) {
		fmt.Fprintf(b, "  %s wall:", name)
		for _, p := range ps {
			fmt.Fprintf(b, " (%s, %s)", p.T, p.X)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "Thermograph: mast %s from temperature %s; walls as points (t, x) from t = -1:\n", th.Mast, th.Temperature)
	wall("left", th.Left)
	wall("right", th.Right)
	fmt.Fprintf(b, "  as CGSuite writes it: %s\n", th.CGSuite)
}

// componentText writes a component of a sum as the sum writes it.
func componentText(c games.Component) string {
	switch c.Kind {
	case games.KindRuleset:
		return c.Game + " " + games.Quote(c.Position)
	case games.KindImpartial:
		return c.Game + " " + c.Position
	}
	return c.Position
}

// classWords names an outcome class.
func classWords(o string) string {
	return map[string]string{"L": "an L-position", "R": "an R-position", "N": "an N-position", "P": "a P-position"}[o]
}

// partizanErr counts an unknown ruleset's name as a usage error (exit 2),
// as the catalog's unknown games are.
func partizanErr(err error) error {
	var ne *games.NameError
	if errors.As(err, &ne) {
		return usageError{Err: err}
	}
	return err // a work stop gets its hint as every limit does (limitHint)
}
