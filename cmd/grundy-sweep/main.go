//go:build beam

// Command grundy-sweep runs grundy's sweeps (every octal code, the
// multi-bridge tally, card-flip grids) with Apache Beam's runners: Prism,
// Beam's embedded runner, and the Flink, Spark and Dataflow clusters; and
// into remote directories (gs://…) through Beam's file systems. grundy runs
// every other sweep itself, on every core, with the same units and
// results (sweep.Local), and starts this program, with the same
// arguments, for a sweep that needs Beam: the Beam SDK makes a binary
// 70 MB larger, adds about 38 MB to the memory of every start and takes
// minutes to compile, so grundy links none of it. The commands are
// internal/sweepcli's, as in grundy. See docs/sweeps.md.
//
// It is built with the tag beam (without it, a stub that says so):
//
//	go install -tags beam ./cmd/grundy-sweep
//	grundy sweep octal --digits 3 --to 100000 --runner prism
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/internal/cliexit"
	"github.com/grundy/grundy/internal/sweepcli"
)

// A Beam runner starts the staged grundy-sweep binary with --worker (and
// its endpoints); that process is a worker, not a command line.
func init() { runWorker(os.Args[1:]) }

// exitOK is grundy's exit status of a command that ran well.
const exitOK = cliexit.OK

type streams struct {
	in       io.Reader
	out, err io.Writer
}

type usageError = cliexit.UsageError

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// grundy's death stops the sweep too (parent.go).
	ctx = watchParent(ctx)
	os.Exit(run(ctx, os.Args[1:], &streams{in: os.Stdin, out: os.Stdout, err: os.Stderr}))
}

// newRootCmd is grundy's command line with the sweep commands alone under
// it, so that the commands are named as grundy names them (grundy sweep
// octal).
func newRootCmd(io *streams) *cobra.Command {
	root := &cobra.Command{Use: "grundy", SilenceErrors: true, SilenceUsage: true}
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageError{Err: fmt.Errorf("%s: %w (see '%s --help')", cmdName(cmd), err, cmd.CommandPath())}
	})
	root.AddCommand(sweepcli.New(&sweepcli.Streams{In: io.in, Out: io.out, Err: io.err}, sweepcli.Config{Beam: beamRunners{}}))
	return root
}

// run executes the arguments of grundy sweep and returns the exit status;
// errors are one line on stderr, as grundy prints them.
func run(ctx context.Context, args []string, io *streams) int {
	root := newRootCmd(io)
	root.SetArgs(append([]string{"sweep"}, args...))
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(io.err, "grundy: "+strings.Join(strings.Fields(err.Error()), " "))
	return cliexit.Code(err)
}

// cmdName is the command as grundy names it ("sweep octal").
func cmdName(cmd *cobra.Command) string {
	return strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
}
