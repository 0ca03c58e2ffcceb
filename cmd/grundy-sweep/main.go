// Command grundy-sweep runs grundy's sweeps (every octal code, the
// multi-bridge tally, card-flip grids) as Apache Beam pipelines. It is its
// own program, started by "grundy sweep …", because the Beam SDK and its
// embedded Prism runner make a binary 70 MB larger and add about 38 MB to
// the memory of every start: grundy itself stays lean for the record runs
// and memory budgets it serves. See docs/sweeps.md.
//
//	go install ./cmd/grundy ./cmd/grundy-sweep
//	grundy sweep octal --digits 3 --to 100000
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
)

// Exit statuses and usage errors, as grundy's.
const (
	exitOK       = cliexit.OK
	exitCanceled = cliexit.Canceled
)

type streams struct {
	in       io.Reader
	out, err io.Writer
}

type usageError = cliexit.UsageError

func usagef(format string, args ...any) error { return cliexit.Usagef(format, args...) }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// grundy's death stops the sweep too (parent.go).
	ctx = watchParent(ctx)
	os.Exit(run(ctx, os.Args[1:], &streams{in: os.Stdin, out: os.Stdout, err: os.Stderr}))
}

func newRootCmd(io *streams) *cobra.Command {
	root := newSweepCmd(io)
	root.Use = "grundy-sweep"
	root.SilenceErrors = true
	root.SilenceUsage = true
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{Err: err} })
	return root
}

// run executes the command line and returns the exit status; errors are
// one line on stderr.
func run(ctx context.Context, args []string, io *streams) int {
	root := newRootCmd(io)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	msg := strings.ReplaceAll(err.Error(), `for "grundy-sweep"`, `for "grundy sweep"`)
	fmt.Fprintln(io.err, "grundy sweep: "+strings.Join(strings.Fields(msg), " "))
	return cliexit.Code(err, nil)
}

// cmdName is the command as grundy names it ("sweep octal").
func cmdName(cmd *cobra.Command) string {
	if !cmd.HasParent() {
		return "sweep"
	}
	return "sweep " + strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
}
