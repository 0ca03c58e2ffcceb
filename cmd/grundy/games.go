package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/partizan/games"
)

func newGamesCmd(io *streams) *cobra.Command {
	var asJSON, partizanOnly bool
	cmd := &cobra.Command{
		Use:   "games [GAME]",
		Short: "List the catalog of games, or describe one game",
		Long: `List every game family in the catalog: the spec syntax that names it on the
command line (and in the web workbench and the API), its aliases, and its rule;
then the partizan rulesets (domineering, hackenbush, clobber, …), each with
its rule, its position syntax and an example.

The rules are wrapped to the terminal's width (100 columns when the output
is not a terminal); --json gives the impartial catalog to programs (as
/api/games does), and --json --partizan the rulesets (as
/api/partizan/rulesets does).

With a game (a spec such as kayles, subtract:1,3,4 or coins:ruler, or a
family's name such as subtract), describe it: its rule, its position syntax,
an example, its closed form with the source, and its OEIS sequence. With a
ruleset (domineering), its rule, who Left and Right are, its position
syntax, an example and known values with their sources.`,
		Example: `  grundy games
  grundy games kayles
  grundy games domineering
  grundy games subtract:1,3,4 --json
  grundy games --partizan --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				if partizanOnly {
					return usagef("--partizan lists the rulesets: name no game with it")
				}
				return describeGame(io, args[0], asJSON)
			}
			rs := games.Rulesets()
			if partizanOnly {
				if asJSON {
					return jsonout.Write(io.out, rulesetList{rs})
				}
				return gamesTable(io, nil, rs)
			}
			fams := families.All()
			if asJSON {
				return jsonout.Write(io.out, fams)
			}
			return gamesTable(io, fams, rs)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the catalog (or the game's description) as JSON")
	cmd.Flags().BoolVar(&partizanOnly, "partizan", false, "list only the partizan rulesets")
	return cmd
}

// rulesetList is what grundy games --partizan --json prints: the bytes of
// /api/partizan/rulesets.
type rulesetList struct {
	Rulesets []*games.Ruleset `json:"rulesets"`
}

// describeGame prints what the catalog knows of one game, or of a family
// whose games need arguments (subtract, coins).
func describeGame(io *streams, spec string, asJSON bool) error {
	rs := games.Rulesets()
	if r, err := games.Lookup(rs, spec); err == nil {
		return describeRuleset(io, r, asJSON)
	}
	g, err := families.Parse(spec)
	if err != nil {
		var se *catalog.SpecError
		f, ok := catalog.LookupFamily(families.All(), spec)
		if !ok && errors.As(err, &se) && !strings.Contains(spec, ":") {
			// Not a catalog game: perhaps a ruleset's name, mistyped.
			var ne *games.NameError
			if _, perr := games.Lookup(rs, spec); errors.As(perr, &ne) && ne.Near != "" {
				return partizanErr(perr)
			}
		}
		if !ok || !errors.As(err, &se) || strings.Contains(spec, ":") {
			return err
		}
		// A family named without the arguments its games need.
		if asJSON {
			return jsonout.Write(io.out, f)
		}
		w := fieldWriter(io.out)
		fmt.Fprintf(w, "%s\t%s\n", "game:", f.Syntax)
		fmt.Fprintf(w, "%s\t%s\n", "rule:", f.Rule)
		if len(f.Args) > 0 {
			fmt.Fprintf(w, "%s\t%s\n", "choices:", strings.Join(f.Args, ", "))
		}
		fmt.Fprintf(w, "%s\t%s\n", "example:", "grundy games "+f.Example)
		return w.Flush()
	}
	info := g.Info()
	info.OEISSearch = g.OEISSearch(context.Background(), catalog.Options{})
	if asJSON {
		return jsonout.Write(io.out, info)
	}
	w := fieldWriter(io.out)
	fmt.Fprintf(w, "%s\t%s: %s\n", "game:", info.Spec, info.Name)
	fmt.Fprintf(w, "%s\t%s\n", "rule:", info.Rule)
	fmt.Fprintf(w, "%s\t%s\n", "position:", info.Position)
	example := "grundy solve " + info.Spec + " " + info.Example
	if info.Spec == "sum" {
		example = "grundy solve '" + info.Example + "'"
	}
	fmt.Fprintf(w, "%s\t%s\n", "example:", example)
	if info.ClosedForm != "" {
		fmt.Fprintf(w, "%s\t%s\n", "closed form:", info.ClosedForm)
	}
	if info.OEIS != "" {
		fmt.Fprintf(w, "%s\t%s (https://oeis.org/%s)\n", "OEIS:", info.OEIS, info.OEIS)
	}
	if info.OEISSearch != "" {
		fmt.Fprintf(w, "%s\tno entry known; search %s\n", "OEIS:", info.OEISSearch)
	}
	if info.Heap {
		fmt.Fprintf(w, "%s\tG(%d), G(%d), … with grundy values %s --to N\n", "sequence:", info.Start, info.Start+1, info.Spec)
	}
	return w.Flush()
}

// describeRuleset prints what the registry knows of a partizan ruleset.
func describeRuleset(io *streams, r *games.Ruleset, asJSON bool) error {
	if asJSON {
		return jsonout.Write(io.out, r)
	}
	w := fieldWriter(io.out)
	fmt.Fprintf(w, "%s\t%s: %s (partizan)\n", "game:", r.Name, r.Title)
	if len(r.Aliases) > 0 {
		fmt.Fprintf(w, "%s\t%s\n", "aliases:", strings.Join(r.Aliases, ", "))
	}
	fmt.Fprintf(w, "%s\t%s; whoever cannot move loses.\n", "rule:", r.Rule)
	if r.Impartial {
		fmt.Fprintf(w, "%s\t%s\n", "players:", "the same moves for Left and Right (impartial): every value is a nimber")
	} else {
		fmt.Fprintf(w, "%s\t%s\n", "Left:", r.Left)
		fmt.Fprintf(w, "%s\t%s\n", "Right:", r.Right)
	}
	fmt.Fprintf(w, "%s\t%s\n", "position:", r.Syntax)
	fmt.Fprintf(w, "%s\t%s\n", "example:", rulesetExample(r))
	for i, k := range r.Known {
		label := ""
		if i == 0 {
			label = "known:"
		}
		fmt.Fprintf(w, "%s\t%s = %s (%s)\n", label, k.Position, k.Value, k.Source)
	}
	fmt.Fprintf(w, "%s\tgrundy value \"%s '%s' + ^\" (sums with values and other games: docs/partizan.md)\n", "sums:", r.Name, r.Example)
	return w.Flush()
}

// rulesetExample is the command that solves a ruleset's example.
func rulesetExample(r *games.Ruleset) string {
	return "grundy solve " + r.Name + " " + shellWord(r.Example)
}

// shellWord quotes s for a POSIX shell when it holds anything but letters,
// digits and . , : + - = / _.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:+-=/_") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func fieldWriter(out io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(out, 0, 0, 1, ' ', 0)
}

// gamesWidth is the width of grundy games when the output is not a
// terminal.
const gamesWidth = 100

// gamesTable prints the catalog as a table of two columns, the game and
// its rule, then the partizan rulesets under a heading of their own, each
// with its rule, position syntax and example; the text is wrapped so that
// no line passes the terminal's width.
func gamesTable(io *streams, fams []catalog.Family, rs []*games.Ruleset) error {
	width := gamesWidth
	if io.width > 0 {
		width = io.width
	}
	names := make([]string, len(fams))
	col := len("GAME")
	for i, f := range fams {
		names[i] = f.Syntax
		for _, a := range f.Aliases {
			names[i] += ", " + a
		}
		col = max(col, utf8.RuneCountInString(names[i]))
	}
	for _, r := range rs {
		col = max(col, utf8.RuneCountInString(r.Name))
	}
	col += 2
	room := max(width-col, 20)
	var b strings.Builder
	row := func(name, text string) {
		for j, line := range wrapWords(text, room) {
			if j > 0 {
				name = ""
			}
			b.WriteString(strings.TrimRight(name+strings.Repeat(" ", col-utf8.RuneCountInString(name))+line, " ") + "\n")
		}
	}
	if len(fams) > 0 {
		fmt.Fprintf(&b, "%-*s%s\n", col, "GAME", "RULE")
	}
	for i, f := range fams {
		row(names[i], f.Rule)
	}
	if len(rs) > 0 {
		if len(fams) > 0 {
			b.WriteString("\n")
		}
		for _, line := range wrapWords("Partizan rulesets (Left and Right have different moves; values in CGSuite's notation, docs/partizan.md):", width) {
			b.WriteString(line + "\n")
		}
		fmt.Fprintf(&b, "%-*s%s\n", col, "RULESET", "RULE, POSITION, EXAMPLE")
	}
	for _, r := range rs {
		row(r.Name, r.Rule)
		if len(r.Aliases) > 0 {
			row("", "also: "+strings.Join(r.Aliases, ", "))
		}
		row("", "position: "+r.Syntax)
		row("", "example: "+rulesetExample(r))
	}
	for _, line := range wrapWords("(grundy games GAME describes one: its position syntax, an example, its closed form and OEIS entry, or a ruleset's known values.)", width) {
		b.WriteString(line + "\n")
	}
	_, err := io.out.Write([]byte(b.String()))
	return err
}

// wrapWords breaks text into lines of at most width characters, between
// words (a word longer than width stands on a line of its own).
func wrapWords(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	return append(lines, line)
}
