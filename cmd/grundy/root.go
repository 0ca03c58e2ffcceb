package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/cliexit"
	"github.com/grundy/grundy/rules"
)

// streams are the command's standard streams, injected for tests.
type streams struct {
	in       io.Reader
	out, err io.Writer
	// tty says whether err is a terminal: progress bars are drawn there
	// whatever stdout is (a file, a pipe or the terminal too).
	tty bool
	// outTTY says whether out is a terminal: results are coloured there
	// (--color auto).
	outTTY bool
	// width is the terminal's width in columns, 0 when out is not one.
	width int
	// everyFrame draws every frame of a progress bar (tests: a bar's
	// frames are throttled by the clock otherwise).
	everyFrame bool
}

// barThrottle is the least time between two frames of a progress bar.
func (s *streams) barThrottle() time.Duration {
	if s.everyFrame {
		return 0
	}
	return 200 * time.Millisecond
}

func newStreams(in io.Reader, out, err io.Writer) *streams {
	s := &streams{in: in, out: out, err: err}
	if f, ok := err.(*os.File); ok {
		s.tty = term.IsTerminal(int(f.Fd()))
	}
	if f, ok := out.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		s.outTTY = true
		if w, _, err := term.GetSize(int(f.Fd())); err == nil {
			s.width = w
		}
	}
	return s
}

// Exit statuses (shared with grundy-sweep: internal/cliexit).
const (
	exitOK       = cliexit.OK
	exitFailure  = cliexit.Failure
	exitUsage    = cliexit.Usage
	exitLimit    = cliexit.Limit
	exitCanceled = cliexit.Canceled
)

// usageError marks an error in the command line itself.
type usageError = cliexit.UsageError

func usagef(format string, args ...any) error { return cliexit.Usagef(format, args...) }

// run executes the command line and returns the exit status. Errors are
// printed as one line on stderr.
func run(ctx context.Context, args []string, io *streams) int {
	// Reading standard input gives way to an interrupt, so that Ctrl-C ends
	// play, problem and bridge at once even while they wait for input.
	in := *io
	in.in = &ctxReader{ctx: ctx, r: io.in}
	root := newRootCmdFor(&in, args)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	var status exitStatus
	if errors.As(err, &status) {
		return int(status)
	}
	if ctx.Err() != nil && impartial.LimitOf(err) != impartial.LimitCanceled {
		// Interrupted (SIGINT, SIGTERM) while reading input or writing: the
		// error the command met says less than this.
		fmt.Fprintln(io.err, "grundy: interrupted")
		return exitCanceled
	}
	msg, suggestion := splitSuggestion(err.Error())
	fmt.Fprintln(io.err, "grundy: "+oneLine(errors.New(msg))+hint(err))
	if suggestion != "" {
		fmt.Fprintln(io.err, suggestion)
	}
	return cliexit.Code(err)
}

// splitSuggestion takes a "did you mean" out of an error message, to be
// printed on its own line: the catalog's "…; did you mean "kayles"? (…)"
// and cobra's "…\n\nDid you mean this?\n\tsolve\n".
func splitSuggestion(msg string) (rest, suggestion string) {
	if i := strings.Index(msg, "\n\nDid you mean this?"); i >= 0 {
		names := strings.Fields(msg[i+len("\n\nDid you mean this?"):])
		for j, n := range names {
			names[j] = strconv.Quote(n)
		}
		if len(names) == 0 {
			return msg[:i], ""
		}
		return msg[:i], "Did you mean " + strings.Join(names, " or ") + "?"
	}
	i := strings.Index(msg, "; did you mean ")
	if i < 0 {
		return msg, ""
	}
	tail := msg[i+len("; did you mean "):]
	end := strings.Index(tail, "?")
	if end < 0 {
		return msg, ""
	}
	return msg[:i] + tail[end+1:], "Did you mean " + tail[:end+1]
}

// ctxReader reads r until ctx ends: a Read blocked on a terminal returns
// ctx's error at once when the user presses Ctrl-C (the blocked read itself
// is left behind, and ends with the process).
type ctxReader struct {
	ctx     context.Context
	r       io.Reader
	pending chan readResult
}

type readResult struct {
	b   []byte
	err error
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if c.r == nil {
		return 0, io.EOF
	}
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if c.pending == nil {
		ch := make(chan readResult, 1)
		buf := make([]byte, len(p))
		go func() {
			n, err := c.r.Read(buf)
			ch <- readResult{buf[:n], err}
		}()
		c.pending = ch
	}
	select {
	case res := <-c.pending:
		c.pending = nil
		n := copy(p, res.b)
		if n < len(res.b) {
			// p shrank since the read began: keep the rest for the next Read.
			rest := res.b[n:]
			ch := make(chan readResult, 1)
			ch <- readResult{rest, nil}
			c.pending = ch
			return n, nil
		}
		return n, res.err
	case <-c.ctx.Done():
		return 0, c.ctx.Err()
	}
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

// hint adds what the user can do about an error, in the command line's
// words (the library's errors name what was exceeded, not our flags).
func hint(err error) string { return limitHint(err) + checkpointHint(err) }

// limitHint is the hint of a limit or a spec error.
func limitHint(err error) string {
	var be *impartial.BudgetError
	var se *catalog.SpecError
	var lh *catalog.LoopyHeapError
	switch {
	case errors.As(err, &se) && se.Unknown:
		return " (run `grundy games` for the list)"
	case errors.As(err, &lh):
		return fmt.Sprintf("; values lists finite values only: use grundy solve %s %d", lh.Game, lh.Heap)
	case stepLimit(err):
		return " (raise --max-steps)"
	}
	if errors.As(err, &be) {
		switch be.Limit {
		case impartial.LimitPositions:
			return " (raise --max-positions to search further)"
		case impartial.LimitMoves:
			return " (raise --max-moves to examine more moves)"
		case impartial.LimitOutput:
			return " (raise --max-output for a longer answer)"
		case impartial.LimitMemory:
			return " (raise --max-memory to search further)"
		case impartial.LimitTime:
			return " (raise --timeout to search longer)"
		case impartial.LimitWork:
			return " (raise --max-work to compute further)"
		}
	}
	return ""
}

func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// commands makes each top-level command, by name. Making one is cheap but
// making them all is not free (their flags, help and completions: about a
// tenth of `grundy version`'s run), so a command line that names one makes
// only that one.
var commands = []struct {
	name string
	make func(*streams) *cobra.Command
}{
	{"games", newGamesCmd},
	{"solve", newSolveCmd},
	{"values", newValuesCmd},
	{"serve", newServeCmd},
	{"period", newPeriodCmd},
	{"version", newVersionCmd},
	{"bridge", newBridgeCmd},
	{"problem", newProblemCmd},
	{"play", newPlayCmd},
	{"cardflip", newCardflipCmd},
	{"misere", newMisereCmd},
	{"sweep", newSweepCmd},
	{"nimber", newNimberCmd},
	{"value", newValueCmd},
}

// buildCommands makes the command args names, or every command when args
// names none (help, completion, flags of grundy itself, a mistyped name
// that wants suggestions).
func buildCommands(io *streams, args []string) []*cobra.Command {
	if len(args) > 0 {
		for _, c := range commands {
			if c.name == args[0] {
				return []*cobra.Command{c.make(io)}
			}
		}
	}
	out := make([]*cobra.Command, len(commands))
	for i, c := range commands {
		out[i] = c.make(io)
	}
	return out
}

// newRootCmdFor is the root command with the commands args needs.
func newRootCmdFor(io *streams, args []string) *cobra.Command {
	root := &cobra.Command{
		Use:   "grundy",
		Short: "A workbench for combinatorial games",
		Long: `grundy is a workbench for combinatorial games.

Impartial games: Sprague–Grundy values, outcomes and every winning move
(solve), nim-sequences (values) and their proved periods (period), play
against the perfect player (play), for every game of the catalog (games):
Nim and its family, subtraction games, Wythoff, Fibonacci Nim, coin-turning
games, octal and hexadecimal games, Grundy's game, and your own rules in
Starlark (starlark:FILE), loopy games included; and sums of different games
('kayles 7 + nim 3 4 + wythoff 3 5').

Partizan games: canonical forms, outcomes, winning moves of Left and
Right, temperatures and thermographs of Domineering, Hackenbush, Clobber,
Toads and Frogs and the other classic rulesets (solve, play), and a
calculator on values in CGSuite's notation (value); docs/partizan.md.

Also: classic online-judge problems (problem), the card-flip lab
(cardflip), multi-bridge (bridge), and a web workbench with a JSON API
(serve). Games are named by spec strings such as nim, subtract:1,3,4,
kayles or coins:mock-turtles.`,
		Example: `  grundy games
  grundy solve nim 3 4 5
  grundy solve subtract:1,3,4 7 --json
  grundy solve 'kayles 7 + nim 3 4 + coins:mock-turtles HHT + wythoff 3 5'
  grundy games kayles
  grundy values kayles --to 100
  grundy period octal:0.16
  grundy play wythoff 3 5
  grundy solve domineering '.#..|....'
  grundy value '{1|*} + ^ + *3'
  grundy cardflip simulate --strategy best --m 13 --trials 100000 --seed 1
  grundy serve`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Version:       versionLine(),
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageError{Err: fmt.Errorf("%s: %w (see '%s --help')", cmdName(cmd), err, cmd.CommandPath())}
	})
	root.AddCommand(buildCommands(io, args)...)
	addCompletions(root)
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

// stepLimit reports whether a rule file's step limit stopped the command.
func stepLimit(err error) bool {
	var re *rules.RuleError
	var le *rules.LoadError
	return errors.As(err, &re) && re.StepLimit() || errors.As(err, &le) && le.StepLimit()
}
