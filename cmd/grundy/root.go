package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
)

// streams are the command's standard streams, injected for tests.
type streams struct {
	in       io.Reader
	out, err io.Writer
	// tty says whether out is a terminal (progress bars, interactive play).
	tty bool
}

func newStreams(in io.Reader, out, err io.Writer) *streams {
	s := &streams{in: in, out: out, err: err}
	if f, ok := out.(*os.File); ok {
		s.tty = term.IsTerminal(int(f.Fd()))
	}
	return s
}

// Exit statuses.
const (
	exitOK       = 0
	exitFailure  = 1   // the command ran and failed (budget, bad input data)
	exitUsage    = 2   // bad command line: flags, arguments, game, position
	exitCanceled = 130 // interrupted (SIGINT/SIGTERM)
)

// usageError marks an error in the command line itself.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// run executes the command line and returns the exit status. Errors are
// printed as one line on stderr.
func run(ctx context.Context, args []string, io *streams) int {
	root := newRootCmd(io)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(io.err, "grundy: "+oneLine(err)+hint(err))
	return exitCode(err)
}

// cmdName is the command path without the program name ("solve").
func cmdName(cmd *cobra.Command) string {
	if !cmd.HasParent() {
		return cmd.Name()
	}
	return strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// hint adds what the user can do about a budget error.
func hint(err error) string {
	var be *impartial.BudgetError
	if errors.As(err, &be) {
		switch be.Limit {
		case impartial.LimitPositions:
			if be.Counted == "moves" {
				return " (raise --max-positions, which bounds lists of moves too)"
			}
			return " (raise --max-positions to search further)"
		case impartial.LimitMemory:
			return " (raise --max-memory to search further)"
		case impartial.LimitTime:
			return " (raise --timeout to search longer)"
		}
	}
	return ""
}

func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

func exitCode(err error) int {
	var ue usageError
	var se *catalog.SpecError
	var pe *catalog.PositionError
	var be *impartial.BudgetError
	switch {
	case errors.As(err, &be) && be.Limit == impartial.LimitCanceled:
		return exitCanceled
	case errors.As(err, &ue), errors.As(err, &se), errors.As(err, &pe):
		return exitUsage
	case isCobraUsage(err):
		return exitUsage
	}
	return exitFailure
}

// isCobraUsage recognizes the command-line errors cobra reports as plain
// strings (unknown commands and flags).
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

func newRootCmd(io *streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "grundy",
		Short: "A workbench for combinatorial games",
		Long: `grundy is a workbench for combinatorial games.

Impartial games: Sprague–Grundy values, outcomes and every winning move
(solve), nim-sequences (values) and their proved periods (period), play
against the perfect player (play), for every game of the catalog (games):
Nim and its family, subtraction games, Wythoff, Fibonacci Nim, coin-turning
games, octal and hexadecimal games, Grundy's game, and your own rules in
Starlark (starlark:FILE), loopy games included.

Also: the judge problems of the seeds (problem), the card-flip lab
(cardflip), multi-bridge (bridge), and a web workbench with a JSON API
(serve). Games are named by spec strings such as nim, subtract:1,3,4,
kayles or coins:mock-turtles.`,
		Example: `  grundy games
  grundy solve nim 3 4 5
  grundy solve subtract:1,3,4 7 --json
  grundy values kayles --to 100
  grundy period octal:0.16
  grundy play wythoff 3 5
  grundy cardflip simulate --strategy best --m 13 --trials 100000 --seed 1
  grundy serve`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageError{fmt.Errorf("%s: %w (see '%s --help')", cmdName(cmd), err, cmd.CommandPath())}
	})
	root.CompletionOptions.HiddenDefaultCmd = true
	root.AddCommand(
		newGamesCmd(io),
		newSolveCmd(io),
		newValuesCmd(io),
		newServeCmd(io),
		newPeriodCmd(io),
		newVersionCmd(io),
		newBridgeCmd(io),
		newProblemCmd(io), newPlayCmd(io),
		newCardflipCmd(io),
		newSweepCmd(io),
	)
	return root
}

// exactArgs is cobra.ExactArgs reporting a usage error.
func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s takes %s, got %d (see '%s --help')", cmdName(cmd), plural(n, "argument"), len(args), cmd.CommandPath())
		}
		return nil
	}
}

func minArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < n {
			return usagef("%s needs at least %s, got %d (see '%s --help')", cmdName(cmd), plural(n, "argument"), len(args), cmd.CommandPath())
		}
		return nil
	}
}
