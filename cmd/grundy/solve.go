package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/internal/jsonout"
)

type solveOptions struct {
	game     string
	position string
	misere   bool
	json     bool
	board    bool
	budget   budgetFlags
}

func newSolveCmd(io *streams) *cobra.Command {
	opts := &solveOptions{}
	cmd := &cobra.Command{
		Use:   "solve GAME POSITION... | solve 'GAME POSITION + GAME POSITION...'",
		Short: "Find the value, the outcome and every winning move of a position",
		Long: `Solve a position of a catalog game: its nim-value (normal play), whether the
player to move wins (N) or loses (P), and every winning move.

The position is given in the game's syntax, as separate arguments or one
quoted string: for heap games, heap sizes (grundy solve nim 3 4 5).
Under --misere the player who makes the last move loses.

A sum of different games is written GAME POSITION + GAME POSITION + …, in
one argument or several (the game "sum"; the same string in the web
workbench and the API): its value is the XOR of the components' values, and
each winning move names its component. A "+" standing alone before a game's
name starts a component; any other "+" belongs to the position (docs/games.md).

A game defined by a Starlark rule file (starlark:FILE) whose positions can
repeat is analyzed as a loopy game: the outcome may be a draw (D), and the
result gives the remoteness and the generalized Sprague–Grundy value
(docs/loopy.md).`,
		Example: `  grundy solve nim 3 4 5
  grundy solve nim "3 4 5" --json
  grundy solve nim 1 1 1 --misere
  grundy solve wythoff 3 5 --board
  grundy solve subtract:1,3,4 7
  grundy solve 'kayles 7 + nim 3 4 + coins:mock-turtles HHT + wythoff 3 5'
  grundy solve starlark:examples/draw.star 4`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.game, opts.position, err = gameAndPosition(cmd, args); err != nil {
				return err
			}
			return solveRun(cmd, io, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.misere, "misere", false, "misère play: whoever makes the last move loses")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the result as JSON")
	cmd.Flags().BoolVar(&opts.board, "board", false, "draw the position first (heaps as tokens, Kayles pins, coins, stairs, a queen on a grid)")
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
	if opts.board {
		board, err := catalog.Board(ctx, g, res.Position)
		if err != nil {
			return err
		}
		if board != "" {
			fmt.Fprintln(io.out, board)
		}
	}
	_, err = fmt.Fprint(io.out, resultText(res))
	return err
}

// gameAndPosition reads the GAME POSITION... arguments of solve and play.
// A sum of different games may be written as one argument
// ('kayles 7 + nim 3 4') or as words with a "+" standing alone before a
// game's name (kayles 7 + nim 3 4); "sum" names it explicitly.
func gameAndPosition(cmd *cobra.Command, args []string) (game, position string, err error) {
	all := strings.Join(args, " ")
	switch {
	case len(args) == 1 && len(strings.Fields(args[0])) < 2:
		return "", "", usagef("%s needs a game and a position, as in '%s nim 3 4 5', or a sum such as '%s \"kayles 7 + nim 3 4\"' (see '%s --help')", cmdName(cmd), cmd.CommandPath(), cmd.CommandPath(), cmd.CommandPath())
	case len(args) == 1:
		return "sum", args[0], nil
	case !strings.EqualFold(args[0], "sum") && catalog.HasSumSeparator(all):
		return "sum", all, nil
	}
	return args[0], strings.Join(args[1:], " "), nil
}
