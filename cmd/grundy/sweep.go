package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/internal/sweepcli"
)

// sweepProgram is the program that runs the sweeps grundy does not: those
// on an Apache Beam runner (--runner prism, flink, spark, dataflow) or into
// a remote directory (gs://…). The Beam SDK and its embedded Prism runner
// would make grundy 70 MB larger, add about 38 MB to the memory of every
// start (grundy version: 14 MB RSS without, 52 MB with) and take minutes to
// compile, so they live in their own program, which grundy starts with
// the same arguments, as git starts git-foo. Every other sweep runs here,
// on every core (sweep.Local), with the same units and results.
const sweepProgram = "grundy-sweep"

// exitStatus is the exit status of a program grundy ran in its place: its
// messages are already on stderr.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func newSweepCmd(io *streams) *cobra.Command {
	return &cobra.Command{
		Use:   "sweep octal|bridge|cardflip|merge [FLAGS] [-- BEAM OPTIONS]",
		Short: "Many independent computations: every octal code, the bridge tally, card-flip grids",
		Long: `Run a sweep of independent computations (every octal code, the multi-bridge
tally, card-flip grids) on every core of this machine, or with an Apache Beam
runner (--runner prism|flink|spark|dataflow), which the program grundy-sweep
runs: grundy starts it with the same arguments (it looks next to grundy, then
on PATH). 'grundy sweep --help' shows the commands and their flags; see
docs/sweeps.md.`,
		Example: `  grundy sweep octal --digits 3 --to 100000
  grundy sweep bridge --n 4 --out bridge-n4
  grundy sweep octal --digits 3 --to 100000 --runner flink -- --endpoint=localhost:8099`,
		// The sweep commands parse their own flags (sweepcli), and the
		// arguments go unchanged to grundy-sweep when it runs the sweep.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := runSweepCommands(cmd.Context(), io, args)
			if errors.Is(err, sweepcli.ErrHandoff) {
				return runSweepProgram(cmd.Context(), io, args)
			}
			return err
		},
	}
}

// runSweepCommands runs grundy sweep ARGS here: the sweep commands
// (internal/sweepcli) without Beam, so that a sweep that needs it returns
// sweepcli.ErrHandoff before it writes anything.
func runSweepCommands(ctx context.Context, io *streams, args []string) error {
	sio := &sweepcli.Streams{In: io.in, Out: io.out, Err: io.err}
	root := &cobra.Command{Use: "grundy", SilenceErrors: true, SilenceUsage: true}
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageError{Err: fmt.Errorf("%s: %w (see '%s --help')", cmdName(cmd), err, cmd.CommandPath())}
	})
	root.AddCommand(sweepcli.New(sio, sweepcli.Config{}))
	root.SetArgs(append([]string{"sweep"}, args...))
	return root.ExecuteContext(ctx)
}

// runSweepProgram runs grundy-sweep with the arguments of grundy sweep and
// passes its output and exit status through.
func runSweepProgram(ctx context.Context, io *streams, args []string) error {
	path, ok := findProgram(sweepProgram)
	if !ok {
		return usagef("this sweep needs the program %s (Apache Beam's runners and file systems, kept out of grundy): build it with 'go install -tags beam ./cmd/grundy-sweep' (minutes: the Beam SDK is large), or run the sweep on this machine (--runner local, a local --out)", sweepProgram)
	}
	c := exec.CommandContext(ctx, path, args...)
	c.Stdin, c.Stdout, c.Stderr = io.in, io.out, io.err
	// Ctrl-C reaches grundy-sweep from the terminal too; it keeps what is
	// done and exits 130 itself.
	c.Cancel = func() error { return c.Process.Signal(os.Interrupt) }
	// And it dies with grundy, however grundy dies (issue 27).
	started, done, err := tieToParent(c)
	if err != nil {
		return err
	}
	// The parent-death signal follows the thread that starts the child:
	// keep this goroutine on it until the child ends.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	err = c.Start()
	started()
	if err == nil {
		err = c.Wait()
	}
	done()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if code := ee.ExitCode(); code > 0 {
			return exitStatus(code)
		}
		return exitStatus(exitCanceled)
	}
	return err
}

// findProgram looks for one of grundy's companion programs (grundy-sweep,
// grundy-plot) next to this executable, then on PATH.
func findProgram(name string) (string, bool) {
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, true
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, true
	}
	return "", false
}
