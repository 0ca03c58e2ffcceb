package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/internal/jsonout"
)

func newGamesCmd(io *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games [GAME]",
		Short: "List the catalog of games, or describe one game",
		Long: `List every game family in the catalog: the spec syntax that names it on the
command line (and in the web workbench and the API), its aliases, and its rule.

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
			fams := catalog.Families()
			if asJSON {
				return jsonout.Write(io.out, fams)
			}
			w := tabwriter.NewWriter(io.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(w, "GAME\tRULE")
			for _, f := range fams {
				name := f.Syntax
				for _, a := range f.Aliases {
					name += ", " + a
				}
				fmt.Fprintf(w, "%s\t%s\n", name, f.Rule)
			}
			return w.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the catalog (or the game's description) as JSON")
	return cmd
}

// describeGame prints what the catalog knows of one game, or of a family
// whose games need arguments (subtract, coins).
func describeGame(io *streams, spec string, asJSON bool) error {
	g, err := catalog.Parse(spec)
	if err != nil {
		var se *catalog.SpecError
		f, ok := catalog.LookupFamily(spec)
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
	if info.Heap {
		fmt.Fprintf(w, "%s\tG(%d), G(%d), … with grundy values %s --to N\n", "sequence:", info.Start, info.Start+1, info.Spec)
	}
	return w.Flush()
}

func fieldWriter(out io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(out, 0, 0, 1, ' ', 0)
}
