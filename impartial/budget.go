package impartial

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Settings configure a solver.
type Settings struct {
	// Budget bounds every search the solver runs.
	Budget Budget
	// Format renders a position in error messages (a cycle, say).
	// If nil, fmt.Sprint is used.
	Format func(any) string
}

// Budget bounds a search. A zero field has no effect (no limit on that
// resource); the time limit is the context's deadline.
type Budget struct {
	// MaxPositions bounds the number of distinct positions the solver
	// memoizes, plus the options it holds at any one time.
	MaxPositions int64
	// MaxMemory bounds the solver's estimate, in bytes, of the live memory
	// held by its memo tables and search stack. It is an estimate of live
	// data: the process's resident size can be up to about three times larger
	// while grown-out arrays wait for the garbage collector, so leave that
	// headroom (measured: 733 MB resident under a 256 MiB budget on a heap
	// with a million options).
	MaxMemory int64
}

// DefaultBudget is a budget suited to interactive use: a few seconds of work
// and well under a gigabyte of memory.
var DefaultBudget = Budget{MaxPositions: 20_000_000, MaxMemory: 1 << 30}

// Limit names the resource a budget ran out of.
type Limit string

const (
	LimitPositions Limit = "positions"
	LimitMemory    Limit = "memory"
	LimitTime      Limit = "time"
	LimitCanceled  Limit = "canceled"
)

// BudgetError reports that a search stopped because a budget ran out.
type BudgetError struct {
	Limit Limit
	Max   int64 // the limit that was reached (positions or bytes); 0 for time
	Err   error // the context's error, for LimitTime and LimitCanceled
	// Counted names what ran out of a LimitPositions budget when it was not
	// positions: "moves" when a list of moves (the options of one position,
	// the winning moves of a sum) outgrew MaxPositions, which bounds those
	// lists too. Empty means positions.
	Counted string
}

func (e *BudgetError) Error() string {
	switch e.Limit {
	case LimitPositions:
		if e.Counted != "" && e.Counted != "positions" {
			return fmt.Sprintf("impartial: position budget exhausted by %s: more than %d %s to list", e.Counted, e.Max, e.Counted)
		}
		return fmt.Sprintf("impartial: position budget exhausted: more than %d positions needed", e.Max)
	case LimitMemory:
		return fmt.Sprintf("impartial: memory budget exhausted: more than %s needed", FormatBytes(e.Max))
	case LimitTime:
		return "impartial: time budget exhausted (deadline exceeded)"
	case LimitCanceled:
		return "impartial: search canceled"
	}
	return "impartial: budget exhausted: " + string(e.Limit)
}

func (e *BudgetError) Unwrap() error { return e.Err }

// FormatBytes renders a byte count with a binary unit ("1.5 GiB").
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

func contextError(err error) *BudgetError {
	if errors.Is(err, context.DeadlineExceeded) {
		return &BudgetError{Limit: LimitTime, Err: err}
	}
	return &BudgetError{Limit: LimitCanceled, Err: err}
}

// CycleError reports that a game declared acyclic has a cycle of moves.
// Cycle lists the positions of one cycle, in move order; the last position
// moves back to the first.
type CycleError struct {
	Cycle []string
}

func (e *CycleError) Error() string {
	const show = 12
	parts := e.Cycle
	more := ""
	if len(parts) > show {
		parts = parts[:show]
		more = fmt.Sprintf(" -> … (%d more)", len(e.Cycle)-show)
	}
	first := ""
	if len(e.Cycle) > 0 {
		first = " -> " + e.Cycle[0]
	}
	return fmt.Sprintf("impartial: the game has a cycle of %d moves: %s%s%s (use loopy analysis for games that can repeat)",
		len(e.Cycle), strings.Join(parts, " -> "), more, first)
}

// pollEvery is how many positions pass between checks of the context.
const pollEvery = 1 << 12
