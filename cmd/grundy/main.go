// Command grundy is a workbench for combinatorial games: Sprague–Grundy
// values, winning moves, nim-sequences and periods, judge problems, the
// card-flip lab, multi-bridge, and a web workbench (grundy serve).
//
// Run `grundy --help` for the commands and `grundy COMMAND --help` for
// examples.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], newStreams(os.Stdin, os.Stdout, os.Stderr))
	stop()
	os.Exit(code)
}
