// Command grundy is a workbench for combinatorial games: Sprague–Grundy
// values, winning moves, nim-sequences and periods, judge problems, the
// card-flip lab, multi-bridge, and a web workbench (grundy serve).
//
// Run `grundy --help` for the commands and `grundy COMMAND --help` for
// examples.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	// No "Starlark failed to allocate 4GB address space" at every start
	// under ulimit -v (issue 27).
	_ "github.com/grundy/grundy/internal/quietstart"
)

// interruptGrace is how long a command may take to end after Ctrl-C before
// grundy exits without waiting for it.
const interruptGrace = time.Second

func main() { os.Exit(mainRun(nil)) }

// mainRun runs the command line of the process and returns its exit
// status. ready, when not nil, is called once Ctrl-C is handled (a test
// then knows it may send one).
func mainRun(ready func()) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		// A second Ctrl-C kills at once; and whatever the command is doing,
		// grundy ends within interruptGrace of the first.
		stop()
		time.Sleep(interruptGrace)
		fmt.Fprintln(os.Stderr, "grundy: interrupted")
		os.Exit(exitCanceled)
	}()
	if ready != nil {
		ready()
	}
	return run(ctx, os.Args[1:], newStreams(os.Stdin, os.Stdout, os.Stderr))
}
