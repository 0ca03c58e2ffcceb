// Package stoptest holds, for the faces' tests, the table of stops of
// record (package stop's doc, docs/api.md, README.md) and errors of every
// kind as the library makes them.
package stoptest

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy/grundy/bridge"
	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/stop"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/octal"
	"github.com/grundy/grundy/partizan/games"
	"github.com/grundy/grundy/problems"
	"github.com/grundy/grundy/rules"
)

// Status is a kind's exit status and HTTP status.
type Status struct{ Exit, HTTP int }

// Want is the table of record: every kind's statuses on both faces.
var Want = map[stop.Kind]Status{
	stop.Failure:     {1, 500},
	stop.BadInput:    {2, 400},
	stop.BadData:     {1, 400},
	stop.Unsupported: {2, 422},
	stop.IllegalMove: {2, 422},
	stop.Cycle:       {2, 422},
	stop.Limit:       {2, 422},
	stop.Timeout:     {2, 504},
	stop.Canceled:    {130, 503},
}

// Errors returns errors of every kind, each as the library makes it (and
// some wrapped, as the catalog and the commands wrap them).
func Errors() map[stop.Kind][]error {
	budget := func(l impartial.Limit, max int64) error { return &impartial.BudgetError{Limit: l, Max: max} }
	limits := []error{}
	for _, l := range []impartial.Limit{impartial.LimitPositions, impartial.LimitMoves, impartial.LimitOutput, impartial.LimitMemory,
		impartial.LimitWork, impartial.LimitSize, impartial.LimitHeaps, impartial.LimitSteps} {
		limits = append(limits, budget(l, 10))
	}
	limits = append(limits,
		&misere.StopError{Heap: 3, Err: budget(impartial.LimitSize, 4)},
		fmt.Errorf("%w (raise --max-work)", budget(impartial.LimitWork, 100)),
		&catalog.SpecError{Spec: "starlark:x.star", Offset: -1, Msg: "does not load", Err: budget(impartial.LimitMemory, 1<<20)},
	)
	return map[stop.Kind][]error{
		stop.Failure: {errors.New("write /dev/full: no space left on device")},
		stop.BadInput: {
			&catalog.SpecError{Spec: "nmi", Offset: 0, Msg: `unknown game "nmi"`, Unknown: true},
			&catalog.SpecError{Spec: "subtract:1,,3", Offset: 11, Msg: "missing number"},
			&catalog.PositionError{Game: "nim", Position: "3 x", Offset: 2, Msg: `heap size "x" is not a whole number ≥ 0`},
			&notation.SyntaxError{What: "expression", Input: "8**", Offset: 3, Msg: "unexpected end"},
			&catalog.RangeError{Game: "kayles", What: "the last heap", Got: -1, Min: 0, Max: 10},
			&catalog.CapabilityError{Game: "wythoff", Msg: "not a heap game"},
			&misere.UnprovableError{},
			&cardflip.OptionError{Option: "model", Value: "psychic", Want: "table or turn"},
			&problems.UnknownError{ID: "nosuch"},
			&games.PictureError{Ruleset: "hackenbush", Msg: "vertex 2 does not reach the ground"},
			&catalog.PositionError{Game: "starlark:g.star", Position: "9", Offset: -1, Msg: "no vertex 9", Err: &rules.RuleError{File: "g.star", Func: "parse", Msg: "fail: no vertex 9"}},
		},
		stop.BadData: {
			&bridge.InputError{Line: 2, Msg: `column 5: value "3" is not 0, 1 or 2`},
			&problems.InputError{Problem: "p", Line: 1, Col: 1, Msg: "not a number"},
			&rules.RuleError{File: "g.star", Func: "moves", Arg: "3", Msg: "fail: bad"},
			&misere.CheckpointError{Path: "q.ckpt", Msg: "is for another game"},
			&checkpoint.Error{Path: "dir", Msg: "is in use by another run"},
		},
		stop.Unsupported: {
			&impartial.UnsupportedError{Msg: "misère play of a loopy game is not supported"},
			&octal.HeapError{Game: "octal:0.7", Heap: 1 << 40, Max: 1 << 30},
			&octal.TailError{Heap: 5000, Needed: 10, Prefix: 8, Window: 64, Msg: "the period is longer than the window"},
			&misere.RangeError{Heap: 30, To: 20},
			&misere.OptionError{Heap: 3, Part: 3},
			&misere.ConstructionError{Heap: 9, Msg: "200 candidates failed"},
		},
		stop.IllegalMove: {
			&catalog.IllegalMoveError{Game: "nim", From: "3 4 5", To: "3 4 6"},
			&cardflip.ActionError{Kind: cardflip.LookOutOfRange, Turn: 2, Pos: 9},
		},
		stop.Cycle: {
			&impartial.CycleError{Cycle: []string{"1", "2", "3"}},
			&catalog.LoopyHeapError{Game: "starlark:examples/loopy.star", Heap: 4},
			&impartial.LoopyValueError{Index: 4},
		},
		stop.Limit: limits,
		stop.Timeout: {
			&impartial.BudgetError{Limit: impartial.LimitTime, Err: context.DeadlineExceeded},
			context.DeadlineExceeded,
		},
		stop.Canceled: {
			&impartial.BudgetError{Limit: impartial.LimitCanceled, Err: context.Canceled},
			context.Canceled,
		},
	}
}
