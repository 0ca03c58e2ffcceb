// Package stop is grundy's one vocabulary of stops: every error a
// question can end with has one Kind, and each face decides its status
// from the kind alone, in one table of its own (internal/cliexit's Code for both
// command-line programs, the web's errorStatus), so that the two agree. The table of record (also in
// docs/api.md and docs/cli.md) is:
//
//	kind          what                                                  exit  HTTP
//	BadInput      a malformed or unknown spec, position, expression or   2    400
//	              parameter; a question the game does not answer
//	BadData       input data that does not parse (a bridge deal, judge   1    400
//	              input, a checkpoint), a rule file's own error
//	Unsupported   a well-formed question the analysis cannot answer,     2    422
//	              whatever the budget
//	IllegalMove   a move the rules do not allow                          2    422
//	Cycle         a cycle of moves in a game taken as acyclic, or an     2    422
//	              infinite loopy value where a finite one is asked
//	Limit         a limit ran out (*impartial.BudgetError: positions,     2    422
//	              moves, output, memory, work, size, heaps, steps)
//	Timeout       the time limit (LimitTime, a deadline)                 2    504
//	Canceled      interrupted (Ctrl-C, a client gone)                   130   503
//	Failure       anything else: I/O, a bug                              1    500
//
// A limit is always an *impartial.BudgetError, its Limit naming which.
// The faces add their own errors before the table (the CLI's usage errors,
// exit 2; the web's refusals that know their status, such as 413 and 429).
//
// # Beyond the CLI
//
// Kind.String names a kind in words for messages and the tests' failures;
// the faces map kinds to statuses and never print one.
package stop

import (
	"context"
	"errors"

	"github.com/grundy/grundy/bridge"
	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/octal"
	"github.com/grundy/grundy/partizan/games"
	"github.com/grundy/grundy/problems"
	"github.com/grundy/grundy/rules"
)

// Kind is the kind of a stop.
type Kind int

// The kinds, in the order of the table above.
const (
	Failure Kind = iota
	BadInput
	BadData
	Unsupported
	IllegalMove
	Cycle
	Limit
	Timeout
	Canceled
)

// Kinds lists every kind, for the faces' tests.
var Kinds = []Kind{Failure, BadInput, BadData, Unsupported, IllegalMove, Cycle, Limit, Timeout, Canceled}

var names = [...]string{"failure", "bad input", "bad data", "unsupported", "illegal move", "cycle", "limit", "timeout", "canceled"}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(names) {
		return "kind?"
	}
	return names[k]
}

// Of returns the kind of err (Failure for nil or an error of no kind). A
// limit anywhere in err's chain decides first (a rule file that ran out of
// memory while it loaded is a limit, not a bad spec); then the kinds of
// the table from the most specific.
func Of(err error) Kind {
	if err == nil {
		return Failure
	}
	var be *impartial.BudgetError
	var re *rules.RuleError
	switch {
	case errors.As(err, &be):
		switch be.Limit {
		case impartial.LimitCanceled:
			return Canceled
		case impartial.LimitTime:
			return Timeout
		}
		return Limit
	case errors.As(err, &re) && re.Limited():
		// A limit of the rule file's own with no budget behind it: a
		// wall-clock limit of one call (rules.Limits.CallTimeout).
		return Limit
	case errors.Is(err, context.DeadlineExceeded):
		return Timeout
	case errors.Is(err, context.Canceled):
		return Canceled
	case is[*catalog.IllegalMoveError](err), is[*cardflip.ActionError](err):
		return IllegalMove
	case is[*impartial.CycleError](err), is[*catalog.LoopyHeapError](err), is[*impartial.LoopyValueError](err):
		return Cycle
	case is[*impartial.UnsupportedError](err), is[*octal.HeapError](err), is[*octal.TailError](err), is[*misere.RangeError](err),
		is[*misere.OptionError](err), is[*misere.ConstructionError](err):
		return Unsupported
	case is[*catalog.SpecError](err), is[*catalog.PositionError](err), is[*notation.SyntaxError](err),
		is[*catalog.RangeError](err), is[*catalog.CapabilityError](err), is[*misere.UnprovableError](err),
		is[*cardflip.OptionError](err), is[*problems.UnknownError](err), is[*games.PictureError](err):
		return BadInput
	case is[*bridge.InputError](err), is[*problems.InputError](err), is[*rules.RuleError](err),
		is[*rules.LoadError](err), is[*misere.CheckpointError](err), is[*checkpoint.Error](err):
		return BadData
	}
	return Failure
}

// is reports whether err's chain holds an E.
func is[E error](err error) bool {
	var e E
	return errors.As(err, &e)
}
