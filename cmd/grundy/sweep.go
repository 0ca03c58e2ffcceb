package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/spf13/cobra"
)

// sweepProgram is the program that runs the sweeps. The Beam SDK and its
// embedded Prism runner would make grundy 70 MB larger and add about 38 MB
// to the memory of every start (measured: grundy version 14 MB RSS without,
// 52 MB with), so the pipelines live in their own program and grundy sweep
// starts it, as git starts git-foo.
const sweepProgram = "grundy-sweep"

// exitStatus is the exit status of a program grundy ran in its place: its
// messages are already on stderr.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func newSweepCmd(io *streams) *cobra.Command {
	return &cobra.Command{
		Use:   "sweep octal|bridge|cardflip [FLAGS] [-- BEAM OPTIONS]",
		Short: "Many independent computations as Apache Beam pipelines (octal codes, bridge tally, card-flip grids)",
		Long: `Run a sweep of independent computations as an Apache Beam pipeline, on the
embedded local runner (every core of this machine) or on a Flink, Spark or
Dataflow cluster. The sweeps run in their own program, grundy-sweep, which
grundy starts with the same arguments (it looks next to grundy, then on
PATH). Install both with:

  go install ./cmd/grundy ./cmd/grundy-sweep

'grundy sweep --help' with grundy-sweep installed shows its commands; see
docs/sweeps.md.`,
		Example: `  grundy sweep octal --digits 3 --to 100000
  grundy sweep bridge --n 4 --out bridge-n4
  go run ./cmd/grundy-sweep octal --digits 2 --to 10000   # from the source tree, without installing`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			path, err := findSweepProgram()
			if err != nil && asksHelp(args) {
				// Help works without the program; the error belongs to running.
				if err := cmd.Help(); err != nil {
					return err
				}
				_, err := fmt.Fprintf(io.out, "\n(%s is not installed here, so its own commands and flags are not shown: install it with 'go install ./cmd/grundy-sweep'.)\n", sweepProgram)
				return err
			}
			if err != nil {
				return err
			}
			c := exec.CommandContext(cmd.Context(), path, args...)
			c.Stdin, c.Stdout, c.Stderr = io.in, io.out, io.err
			// Ctrl-C reaches grundy-sweep from the terminal too; it keeps
			// what is done and exits 130 itself.
			c.Cancel = func() error { return c.Process.Signal(os.Interrupt) }
			// And it dies with grundy, however grundy dies (issue 27).
			started, done, err := tieToParent(c)
			if err != nil {
				return err
			}
			// The parent-death signal follows the thread that starts the
			// child: keep this goroutine on it until the child ends.
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
		},
	}
}

// findSweepProgram looks for grundy-sweep next to this executable, then on
// PATH.
func findSweepProgram() (string, error) {
	if p, ok := findProgram(sweepProgram); ok {
		return p, nil
	}
	return "", usagef("grundy sweep needs the program %s (the Beam pipelines, kept out of grundy to keep it small): install it with 'go install ./cmd/grundy-sweep', or run 'go run ./cmd/grundy-sweep …' from the source tree", sweepProgram)
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

// asksHelp says whether the arguments of sweep ask for help (-h, --help,
// or help first), before any "--" that starts Beam's options.
func asksHelp(args []string) bool {
	for i, a := range args {
		switch {
		case a == "--":
			return false
		case a == "-h", a == "--help", a == "help" && i == 0:
			return true
		}
	}
	return false
}
