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
)

func newGamesCmd(io *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games [GAME]",
		Short: "List the catalog of games, or describe one game",
		Long: `List every game family in the catalog: the spec syntax that names it on the
command line (and in the web workbench and the API), its aliases, and its rule.

The rules are wrapped to the terminal's width (100 columns when the output
is not a terminal); --json gives the whole catalog to programs.

With a game (a spec such as kayles, subtract:1,3,4 or coins:ruler, or a
family's name such as subtract), describe it: its rule, its position syntax,
an example, its closed form with the source, and its OEIS sequence.`,
		Example: `  grundy games
  grundy games kayles
  grundy games subtract:1,3,4 --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				return describeGame(io, args[0], asJSON)
			}
			fams := families.All()
			if asJSON {
				return jsonout.Write(io.out, fams)
			}
			return gamesTable(io, fams)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the catalog (or the game's description) as JSON")
	return cmd
}

// describeGame prints what the catalog knows of one game, or of a family
// whose games need arguments (subtract, coins).
func describeGame(io *streams, spec string, asJSON bool) error {
	g, err := families.Parse(spec)
	if err != nil {
		var se *catalog.SpecError
		f, ok := catalog.LookupFamily(families.All(), spec)
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

func fieldWriter(out io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(out, 0, 0, 1, ' ', 0)
}

// gamesWidth is the width of grundy games when the output is not a
// terminal.
const gamesWidth = 100

// gamesTable prints the catalog as a table of two columns, the game and
// its rule, the rules wrapped so that no line passes the terminal's width.
func gamesTable(io *streams, fams []catalog.Family) error {
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
	col += 2
	room := max(width-col, 20)
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s%s\n", col, "GAME", "RULE")
	for i, f := range fams {
		for j, line := range wrapWords(f.Rule, room) {
			name := ""
			if j == 0 {
				name = names[i]
			}
			b.WriteString(strings.TrimRight(name+strings.Repeat(" ", col-utf8.RuneCountInString(name))+line, " ") + "\n")
		}
	}
	for _, line := range wrapWords("(grundy games GAME describes one: its position syntax, an example, its closed form and OEIS entry.)", width) {
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
