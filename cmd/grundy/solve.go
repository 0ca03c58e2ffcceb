package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/internal/jsonout"
)

type solveOptions struct {
	game     string
	position string
	misere   bool
	json     bool
	budget   budgetFlags
}

func newSolveCmd(io *streams) *cobra.Command {
	opts := &solveOptions{}
	cmd := &cobra.Command{
		Use:   "solve GAME POSITION...",
		Short: "Find the value, the outcome and every winning move of a position",
		Long: `Solve a position of a catalog game: its nim-value (normal play), whether the
player to move wins (N) or loses (P), and every winning move.

The position is given in the game's syntax, as separate arguments or one
quoted string: for heap games, heap sizes (grundy solve nim 3 4 5).
Under --misere the player who makes the last move loses.

A game defined by a Starlark rule file (starlark:FILE) whose positions can
repeat is analyzed as a loopy game: the outcome may be a draw (D), and the
result gives the remoteness and the generalized Sprague–Grundy value
(docs/loopy.md).`,
		Example: `  grundy solve nim 3 4 5
  grundy solve nim "3 4 5" --json
  grundy solve nim 1 1 1 --misere
  grundy solve subtract:1,3,4 7
  grundy solve starlark:examples/draw.star 4`,
		Args: minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.game, opts.position = args[0], strings.Join(args[1:], " ")
			return solveRun(cmd, io, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.misere, "misere", false, "misère play: whoever makes the last move loses")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the result as JSON")
	opts.budget.add(cmd.Flags())
	return cmd
}

func solveRun(cmd *cobra.Command, io *streams, opts *solveOptions) error {
	copts, err := opts.budget.options(opts.misere)
	if err != nil {
		return err
	}
	ctx, cancel := opts.budget.context(cmd.Context())
	defer cancel()
	g, err := opts.budget.game(ctx, opts.game)
	if err != nil {
		return err
	}
	res, err := g.Solve(ctx, opts.position, copts)
	if err != nil {
		return err
	}
	if opts.json {
		return jsonout.Write(io.out, res)
	}
	_, err = fmt.Fprint(io.out, res.Text())
	return err
}
