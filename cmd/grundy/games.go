package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/internal/jsonout"
)

func newGamesCmd(io *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the catalog of games with a one-line rule each",
		Long: `List every game family in the catalog: the spec syntax that names it on the
command line (and in the web workbench and the API), its aliases, and its rule.`,
		Example: `  grundy games
  grundy games --json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
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
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the catalog as JSON")
	return cmd
}
