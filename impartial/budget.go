package impartial

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Settings configure a solver.
type Settings struct {
	// Budget bounds every search the solver runs.
	Budget Budget
	// Format renders a position in error messages (a cycle, say).
	// If nil, fmt.Sprint is used.
	Format func(any) string
}

// Budget bounds everything one question costs: the positions searched, the
// moves listed, the bytes of the answer, memory and wall time. It is the one
// budget of grundy: the CLI's flags and the web server's limits both fill it,
// and every path a question can take runs under it. A zero field has no
// effect (no limit on that resource).
type Budget struct {
	// MaxPositions bounds the number of distinct positions a search
	// memoizes, plus the options it holds at any one time.
	MaxPositions int64
	// MaxMoves bounds the moves one answer examines or holds: the options of
	// one position, and the moves looked at while listing winning moves or
	// every option. Zero means MaxPositions bounds them too.
	MaxMoves int64
	// MaxOutput bounds the bytes of one answer (its text or JSON form). An
	// answer that would be longer lists fewer moves, with their count, or is
	// refused before it is built with a message saying how to narrow the
	// question; it is never cut off mid-way.
	//
	// It lives here, in the one budget, and not in the catalog's answer
	// shaping alone, because some answers are too large to build before
	// they are measured, and only the code that builds them can refuse in
	// time: a coin-turning move of 10^12 coins is sized from its ends and
	// never built (coins' lister), a partizan canonical form of exponential
	// size is written against the bytes left (partizan/games), a misère
	// quotient's table is refused by its size (web, cmd/grundy), and Reply
	// says that the best move is past this limit rather than play a losing
	// one. The catalog pages and cuts the lists it is given
	// (catalog/shape.go, sum.go). One field, filled once by each face (the
	// CLI's --max-output, web.Config.Budget), gives every one of them the
	// same limit and the same stop (a *BudgetError of Limit LimitOutput).
	MaxOutput int64
	// MaxMemory bounds the memory of a question. Searches check their own
	// estimate of the live data they hold; the CLI and the server also watch
	// the process's heap (package internal/memguard) and stop the question
	// when it passes the limit, so that memory no estimate sees (a rule
	// file's strings, say) counts too.
	MaxMemory int64
	// MaxWork bounds the units of work of a question that counts its work
	// rather than its positions: the partizan algebra's comparisons, sums
	// and constructions of canonical forms, with the positions a partizan
	// ruleset searches and the options it yields (partizan.Calc.Work, 1.5
	// to 27 million units a second, by question), for every partizan
	// question of the library, the CLI (--max-work) and the server
	// (web.Config.Budget, grundy serve --max-work). Counted, not timed, it
	// stops a question at the same point on any machine and at any load,
	// where Timeout stops it wherever the clock finds it. The misère
	// search (MisereSolver) counts the child states it examines against it
	// too (about 1.4 million a second on the shared 2-core machine): its
	// positions bound the states it memoizes, not how often it revisits
	// them. The other impartial searches count positions and moves
	// instead: MaxPositions bounds them, and the work of octal's general take-and-break kernel (the
	// partitions it lists) too, its stop a LimitPositions one; the misère
	// quotients and nimber expressions count their own work in their own
	// settings (misere.Settings.MaxWork, nimber.Settings.MaxWork), which
	// the CLI fills from --max-work too: one flag name for every count of
	// work, each command saying in its help what it counts.
	MaxWork int64
	// Timeout bounds the wall time of a question (see Context).
	Timeout time.Duration
}

// DefaultBudget is a budget suited to interactive use: a few seconds of work
// and well under a gigabyte of memory. Its MaxWork, 4·10⁹ units, is minutes
// of one core (Domineering 6×6, 8.4·10⁸ units, took 2.8 minutes): past every
// partizan question of the docs and the tests, it stops a runaway one.
var DefaultBudget = Budget{MaxPositions: 20_000_000, MaxMoves: 1_000_000, MaxOutput: 64 << 20, MaxMemory: 1 << 30, MaxWork: 4_000_000_000}

// MoveLimit returns the bound on moves: MaxMoves, or MaxPositions when
// MaxMoves is zero; 0 means no limit.
func (b Budget) MoveLimit() int64 {
	if b.MaxMoves > 0 {
		return b.MaxMoves
	}
	return b.MaxPositions
}

// Context returns ctx with the budget's Timeout applied (a plain
// cancelable child when there is none).
func (b Budget) Context(ctx context.Context) (context.Context, context.CancelFunc) {
	if b.Timeout > 0 {
		return context.WithTimeout(ctx, b.Timeout)
	}
	return context.WithCancel(ctx)
}

// Limit names the resource a budget ran out of.
type Limit string

// The limits. The first five are the fields of Budget, and LimitWork is
// MaxWork's (the work of a partizan question); the others, and LimitWork
// again, are the bounds of one kind of computation, each set by its own
// settings: the work of an evaluation or an enumeration
// (nimber.Settings.MaxWork, misere.Settings.MaxWork, octal.Computer.SetMaxWork,
// whose stop the catalog names LimitPositions, the budget it sets it
// from), the size of a misère
// quotient (misere.Settings.MaxSize), the heaps a quotient is extended to
// unproved (misere.Settings.MaxHeaps), and the steps of one call of a rule
// file's function (rules.Limits.MaxSteps).
const (
	LimitPositions Limit = "positions"
	LimitMoves     Limit = "moves"
	LimitOutput    Limit = "output"
	LimitMemory    Limit = "memory"
	LimitTime      Limit = "time"
	LimitCanceled  Limit = "canceled"
	LimitWork      Limit = "work"
	LimitSize      Limit = "size"
	LimitHeaps     Limit = "heaps"
	LimitSteps     Limit = "steps"
)

// BudgetError reports that a computation stopped because a limit was
// reached. It is grundy's one kind of limit stop: every limit of every
// package is a *BudgetError, with Limit naming which, so that the CLI
// (exit status 2) and the web (422, 504 for time) treat them alike. A
// cancellation (LimitCanceled) is not a limit but travels the same way.
type BudgetError struct {
	Limit Limit
	Max   int64 // the limit that was reached (a count or bytes); 0 for time
	Err   error // the context's error, for LimitTime and LimitCanceled
	// Words, when set, is the stop in the words of the package that
	// stopped ("the quotient grows past 50 elements at heap 15 (it has 96
	// there)"): it replaces the message Limit and Max give; What and Hint
	// still apply.
	Words string
	// What, when set, says what needed more than the budget, in words
	// ("the moves of 1500 heaps", "the answer"); it starts the message.
	What string
	// Hint, when set, says how to narrow the question; it ends the message.
	Hint string
}

func (e *BudgetError) Error() string {
	var msg string
	switch e.Limit {
	case LimitPositions:
		msg = fmt.Sprintf("position budget exhausted: more than %d positions needed", e.Max)
	case LimitMoves:
		msg = fmt.Sprintf("move budget exhausted: more than %d moves to examine", e.Max)
	case LimitOutput:
		msg = fmt.Sprintf("output budget exhausted: the answer would be longer than %s", FormatBytes(e.Max))
	case LimitMemory:
		msg = fmt.Sprintf("memory budget exhausted: more than %s needed", FormatBytes(e.Max))
	case LimitTime:
		msg = "time budget exhausted (deadline exceeded)"
	case LimitCanceled:
		msg = "search canceled"
	case LimitWork:
		msg = fmt.Sprintf("work budget exhausted: more than %d steps of work", e.Max)
	case LimitSize:
		msg = fmt.Sprintf("size limit reached: more than %d elements", e.Max)
	case LimitHeaps:
		msg = fmt.Sprintf("heap limit reached at heap %d", e.Max)
	case LimitSteps:
		msg = fmt.Sprintf("step limit reached: more than %d steps", e.Max)
	default:
		msg = "budget exhausted: " + string(e.Limit)
	}
	if e.Words != "" {
		msg = e.Words
	}
	if e.What != "" {
		msg = e.What + ": " + msg
	}
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

func (e *BudgetError) Unwrap() error { return e.Err }

// LimitOf returns the limit that stopped err (the Limit of the first
// *BudgetError in its chain), or "" when no limit did.
func LimitOf(err error) Limit {
	var be *BudgetError
	if errors.As(err, &be) {
		return be.Limit
	}
	return ""
}

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

// ParseBytes reads a size such as 512MiB, 4GiB, 2G or 1000000: a flag
// that sets a memory or output budget.
func ParseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	}
	x, err := strconv.ParseFloat(num, 64)
	if err != nil || x < 0 {
		return 0, fmt.Errorf("%q is not a size (want e.g. 512MiB or 4GiB)", s)
	}
	mult := map[string]float64{
		"": 1, "b": 1,
		"k": 1 << 10, "kb": 1e3, "kib": 1 << 10,
		"m": 1 << 20, "mb": 1e6, "mib": 1 << 20,
		"g": 1 << 30, "gb": 1e9, "gib": 1 << 30,
		"t": 1 << 40, "tb": 1e12, "tib": 1 << 40,
	}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("%q has an unknown unit %q (want B, KiB, MiB, GiB or TiB)", s, unit)
	}
	if x*mult > 1<<62 {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return int64(x * mult), nil
}

// ContextError turns the error of a finished context into a *BudgetError:
// the context's cause when it is one (a memory watchdog cancels with a
// LimitMemory cause), LimitTime for a deadline, LimitCanceled otherwise.
func ContextError(ctx context.Context) error {
	err := ctx.Err()
	if err == nil {
		return nil
	}
	var be *BudgetError
	if cause := context.Cause(ctx); errors.As(cause, &be) {
		return be
	}
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
	moves := "moves"
	if len(e.Cycle) == 1 {
		moves = "move"
	}
	return fmt.Sprintf("the game has a cycle of %d %s: %s%s%s (use loopy analysis for games that can repeat)",
		len(e.Cycle), moves, strings.Join(parts, " -> "), more, first)
}

// pollEvery is how many positions pass between checks of the context.
const pollEvery = 1 << 12
