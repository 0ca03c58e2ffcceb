package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/internal/jsonout"
)

type solveOptions struct {
	game     string
	position string
	misere   bool
	json     bool
	board    bool
	all      bool
	moves    string
	offset   int
	color    string
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

With --all it lists every move, not only the winning ones, the winning ones
first (and counted, whatever the page shows), best first where the tree is
ranked, each with what it does for the player making it (win, lose, or draw: coloured
green, red and yellow on a terminal), the value of the position it leads to
and that position's remoteness: how many moves the game then lasts when the
winner hurries and the loser delays. The remoteness is found on the game
tree of the position, for every game (take-and-break games and sums
included), when that tree is small enough; otherwise the answer says
"not computed: too large".

By default the answer fits a screen: the first 10 moves (100 with --json)
with the count of all of them, and, when a proved period describes them,
the classes they fall into. --moves N lists the first N, --moves all every
one (up to --max-output); --offset N starts after the first N (the JSON's
next_offset gives the next page).

A game defined by a Starlark rule file (starlark:FILE) whose positions can
repeat is analyzed as a loopy game: the outcome may be a draw (D), and the
result gives the remoteness and the generalized Sprague–Grundy value
(docs/loopy.md).

A partizan ruleset (domineering, cram, clobber, amazons, konane,
hackenbush, toads-and-frogs, toppling-dominoes, col, snort, clobber-graph,
cutcake)
gets its value in canonical form, the outcome, the winning moves of Left
and of Right, the temperature and the mean (--all: every option of both
sides with its value, whether it wins, and its rank: best, or dominated by
another option of the same side, and reversible; as many as --max-output
allows, or --moves N from --offset M); its sums may mix impartial games,
each the nimber of its value (docs/partizan.md).`,
		Example: `  grundy solve nim 3 4 5
  grundy solve nim 3 4 5 --all
  grundy solve kayles 100000000
  grundy solve kayles 100000000 --moves all > moves.txt
  grundy solve nim "3 4 5" --json
  grundy solve nim 1 1 1 --misere
  grundy solve wythoff 3 5 --board
  grundy solve subtract:1,3,4 7
  grundy solve 'kayles 7 + nim 3 4 + coins:mock-turtles HHT + wythoff 3 5'
  grundy solve starlark:examples/draw.star 4
  grundy solve domineering '.#..|....'
  grundy solve "hackenbush lrl + kayles 7" --all`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.game, opts.position, err = gameAndPosition(cmd, args); err != nil {
				return err
			}
			if isPartizan(&opts.budget, opts.game, opts.position) {
				return partizanSolve(cmd, io, opts)
			}
			return solveRun(cmd, io, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.misere, "misere", false, "misère play: whoever makes the last move loses")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the result as JSON")
	cmd.Flags().BoolVar(&opts.board, "board", false, "draw the position first (heaps as tokens, Kayles pins, coins, stairs, a queen on a grid)")
	cmd.Flags().BoolVar(&opts.all, "all", false, "list every move with its result, the value after it and its remoteness, winning moves first")
	cmd.Flags().StringVar(&opts.moves, "moves", "", "how many moves to list: a number or all (default 10, or 100 with --json)")
	cmd.Flags().IntVar(&opts.offset, "offset", 0, "skip the first N moves of the list (the next page)")
	addColorFlag(cmd, &opts.color)
	opts.budget.addPartizan(cmd.Flags())
	return cmd
}

func solveRun(cmd *cobra.Command, io *streams, opts *solveOptions) error {
	page := solveTextPage
	if opts.json {
		page = catalog.DefaultMovePage
	}
	page, err := parseMoves(opts.moves, page)
	if err != nil {
		return err
	}
	if opts.offset < 0 {
		return usagef("--offset must be at least 0, not %d", opts.offset)
	}
	color, err := useColor(opts.color, io)
	if err != nil {
		return err
	}
	job, err := opts.budget.open(cmd.Context(), opts.game, opts.misere)
	if err != nil {
		return err
	}
	defer job.stop()
	ctx, g, copts := job.ctx, job.game, job.opts
	copts.AllOptions, copts.MaxListed, copts.Offset = opts.all, page, opts.offset
	res, err := g.Solve(ctx, opts.position, copts)
	if err != nil {
		return err
	}
	if opts.json {
		return jsonout.Write(io.out, res)
	}
	if opts.board {
		board, err := g.Board(ctx, res.Position)
		if err != nil {
			return err
		}
		if board != "" {
			fmt.Fprintln(io.out, board)
		}
	}
	_, err = fmt.Fprint(io.out, resultText(res, textStyle{color: color, page: page, classes: solveTextClasses, all: opts.all}))
	return err
}

// The default answer of solve fits a screen: the first solveTextPage moves,
// and the first solveTextClasses classes of moves.
const (
	solveTextPage    = 10
	solveTextClasses = 10
)

// parseMoves reads --moves: a number of moves (at least 1), or all (0: as
// many as the output budget allows); "" is def.
func parseMoves(s string, def int) (int, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "":
		return def, nil
	case "all":
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return 0, usagef("--moves must be a number of moves (at least 1) or all, not %q", s)
	}
	return n, nil
}

// addColorFlag adds --color to a command that colours its output.
func addColorFlag(cmd *cobra.Command, color *string) {
	cmd.Flags().StringVar(color, "color", "auto", "colour moves by their result (green wins, red loses, yellow draws): auto (on a terminal, unless NO_COLOR is set), always or never")
}

// useColor reads --color: auto colours a terminal, unless the NO_COLOR
// convention (https://no-color.org) or TERM=dumb says not to.
func useColor(mode string, io *streams) (bool, error) {
	switch strings.ToLower(mode) {
	case "auto", "":
		return io.outTTY && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb", nil
	case "always", "yes", "on":
		return true, nil
	case "never", "no", "off":
		return false, nil
	}
	return false, usagef("--color must be auto, always or never, not %q", mode)
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
	case !strings.EqualFold(args[0], "sum") && catalog.HasSumSeparator(families.All(), all):
		return "sum", all, nil
	}
	return args[0], strings.Join(args[1:], " "), nil
}
