// Package starmeter is the metered Starlark dialect rule files run in: a
// rewrite of a parsed file (Rewrite) that turns every operation that can
// allocate more than a few bytes in one step into a call of a wrapper
// (Predeclared), and the Meter that each wrapper charges before it lets
// go.starlark.net allocate, so that a call's memory is bounded by
// construction (the package documentation of rules says why, and what is
// and is not bounded). Package rules loads the files and runs the
// sessions; this package knows nothing of games.
package starmeter

import (
	"time"

	"go.starlark.net/syntax"
)

// Limits bound one call of a rule function (or the top level of a file),
// as rules.Limits does, with the defaults already filled in.
type Limits struct {
	// MaxSteps bounds the Starlark steps of one call.
	MaxSteps uint64
	// CallTimeout, if positive, is the wall-clock limit of one call (for
	// messages: the caller's timer cancels the thread, see Meter.TimeOut).
	CallTimeout time.Duration
	// MaxMemory bounds the bytes one call may allocate, counted as the
	// wrappers and StepBytes a step count.
	MaxMemory int64
}

// Rewrite rewrites a parsed rule file, before it is resolved and
// compiled, into the metered dialect: compile it with Predeclared as its
// predeclared names and run it on a thread with a Meter installed.
func Rewrite(f *syntax.File) { (&rewriter{}).file(f) }
