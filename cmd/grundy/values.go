package main

import (
	"bufio"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/internal/jsonout"
)

type valuesOptions struct {
	game   string
	to     int
	table  int
	json   bool
	budget budgetFlags
}

func newValuesCmd(io *streams) *cobra.Command {
	opts := &valuesOptions{}
	cmd := &cobra.Command{
		Use:   "values GAME --to N",
		Short: "List the nim-sequence G(0..N) of a heap game",
		Long: `List the normal-play nim-values of single heaps (or rows) of a heap game,
one line "n<TAB>G(n)" per heap size from the game's first index to N.`,
		Example: `  grundy values subtract:1,3,4 --to 20
  grundy values nim --to 5 --json
  grundy values wythoff --table 10`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.game = args[0]
			if cmd.Flags().Changed("table") {
				return valuesTable(cmd, io, opts)
			}
			if !cmd.Flags().Changed("to") {
				return usagef("values needs --to N (the last heap size to list)")
			}
			return valuesRun(cmd, io, opts)
		},
	}
	cmd.Flags().IntVar(&opts.to, "to", 0, "the last heap size to list (required)")
	cmd.Flags().IntVar(&opts.table, "table", 0, "two-heap games (wythoff): print the N×N table of G(a, b) instead")
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"game":…,"start":…,"values":[…]}`)
	opts.budget.add(cmd.Flags())
	return cmd
}

func valuesRun(cmd *cobra.Command, io *streams, opts *valuesOptions) error {
	g, err := catalog.Parse(opts.game)
	if err != nil {
		return err
	}
	hg, ok := g.(catalog.HeapGame)
	if _, table := g.(catalog.TableGame); !ok && table {
		return usagef("%s is a two-heap game: list its values with --table N", g.Info().Spec)
	}
	if !ok {
		return usagef("%s is not a heap game: values lists G(n) for games played on heaps or rows", g.Info().Spec)
	}
	if opts.to < hg.Info().Start {
		return usagef("--to must be at least %d for %s, not %d", hg.Info().Start, g.Info().Spec, opts.to)
	}
	budget, err := opts.budget.budget()
	if err != nil {
		return err
	}
	ctx, cancel := opts.budget.context(cmd.Context())
	defer cancel()
	seq, err := hg.Values(ctx, opts.to, catalog.Options{Budget: budget, Starlark: opts.budget.starlark()})
	if err != nil {
		return err
	}
	if opts.json {
		return jsonout.Write(io.out, seq)
	}
	w := bufio.NewWriterSize(io.out, 1<<16)
	for i, v := range seq.Values {
		fmt.Fprintf(w, "%d\t%d\n", seq.Start+i, uint64(v))
	}
	return w.Flush()
}

// valuesTable prints the 2-D table of a two-heap game.
func valuesTable(cmd *cobra.Command, io *streams, opts *valuesOptions) error {
	g, err := catalog.Parse(opts.game)
	if err != nil {
		return err
	}
	tg, ok := g.(catalog.TableGame)
	if !ok {
		return usagef("%s has no value table: --table is for two-heap games such as wythoff", g.Info().Spec)
	}
	if opts.table < 1 {
		return usagef("--table must be at least 1, not %d", opts.table)
	}
	budget, err := opts.budget.budget()
	if err != nil {
		return err
	}
	ctx, cancel := opts.budget.context(cmd.Context())
	defer cancel()
	t, err := tg.Table(ctx, opts.table, catalog.Options{Budget: budget})
	if err != nil {
		return err
	}
	if opts.json {
		return jsonout.Write(io.out, t)
	}
	_, err = fmt.Fprint(io.out, t.Text())
	return err
}
