package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/grundy/grundy/internal/jsonout"
)

type periodOptions struct {
	game   string
	to     int
	json   bool
	budget budgetFlags
}

func newPeriodCmd(io *streams) *cobra.Command {
	opts := &periodOptions{}
	cmd := &cobra.Command{
		Use:   "period GAME [--to N]",
		Short: "Find the period of a nim-sequence and say whether it is proved",
		Long: `Compute the nim-sequence of a heap game until its period is proved, or up to
--to (--max is another name for it), and report the pre-period n0 and the period p (G(n+p) = G(n) for
every n ≥ n0), the last n computed, and the status:

  proved    certified for all n by the criterion printed (for take-and-break
            games the Guy–Smith test, with max(n0,1) in place of n0 and the
            bound generalized to three-heap splits);
  observed  seen in the values computed, not proved;
  none      no period seen.

The criterion states the test with its numbers, so that anyone can re-check
the claim.`,
		Example: `  grundy period kayles
  grundy period octal:0.16 --to 600000 --json
  grundy period grundy --to 100000`,
		Args: valuesArgs("period"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.game = args[0]
			return periodRun(cmd, io, opts)
		},
	}
	countVar(cmd.Flags(), &opts.to, "to", 1_000_000, "compute at most G(0..N) (also --max)")
	cmd.Flags().SetNormalizeFunc(alias("max", "to"))
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"game":…,"preperiod":…,"period":…,"status":…,"computed_to":…,"criterion":…}`)
	opts.budget.add(cmd.Flags())
	return cmd
}

func periodRun(cmd *cobra.Command, io *streams, opts *periodOptions) error {
	job, err := opts.budget.open(cmd.Context(), opts.game, false)
	if err != nil {
		return err
	}
	defer job.stop()
	ctx, g, copts := job.ctx, job.game, job.opts
	if info := g.Info(); !info.Periodic {
		spec := info.Spec
		if info.Heap {
			why := ""
			if strings.HasPrefix(spec, "subtract:all-but") {
				why = " (the values of an all-but subtraction game grow without bound: G(n) differs from every G(m) with m < n − max E, so they are never periodic)"
			}
			return usagef("%s has no period search%s; period covers take-and-break games (kayles, octal:0.137, hex:0.8, grundy) and finite subtraction games (subtract:1,3,4); list its values with: grundy values %s --to N", spec, why, spec)
		}
		return usagef("%s has no period search: it is not a heap game (period works for heap games such as kayles or octal:0.137)", spec)
	}
	if opts.to < 1 {
		return usagef("--to must be at least 1, not %d", opts.to)
	}
	res, err := g.Period(ctx, opts.to, copts)
	if err != nil {
		return err
	}
	if opts.json {
		return jsonout.Write(io.out, res)
	}
	text := periodText(res, g.Info().Spec)
	if res.Needs > opts.to {
		// The library says what the proof needs; the flag is ours.
		text = strings.Replace(text, fmt.Sprintf("needs the values up to %d", res.Needs), fmt.Sprintf("needs the values up to %d (raise --to to %d)", res.Needs, res.Needs), 1)
	}
	_, err = fmt.Fprint(io.out, text)
	return err
}

// alias makes the flag --old another name for --name.
func alias(old, name string) func(*pflag.FlagSet, string) pflag.NormalizedName {
	return func(_ *pflag.FlagSet, n string) pflag.NormalizedName {
		if n == old {
			n = name
		}
		return pflag.NormalizedName(n)
	}
}

// valuesArgs checks the one GAME argument of values and period, and reads
// a second, bare number as a forgotten --to.
func valuesArgs(name string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 2 {
			if n, err := strconv.Atoi(args[1]); err == nil {
				return usagef("%s takes 1 argument (the game), got 2; did you mean 'grundy %s %s --to %d'? (see 'grundy %s --help')", name, name, args[0], n, name)
			}
		}
		return exactArgs(1)(cmd, args)
	}
}
