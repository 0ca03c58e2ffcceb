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
)

// interruptGrace is how long a command may take to end after Ctrl-C before
// grundy exits without waiting for it.
const interruptGrace = time.Second

func main() {
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
	code := run(ctx, os.Args[1:], newStreams(os.Stdin, os.Stdout, os.Stderr))
	os.Exit(code)
}
