package octal

import (
	"context"

	"github.com/grundy/grundy/impartial"
)

// PeriodSearch asks SearchPeriod for a period hunt: the one way the
// catalog (grundy period, /api/period), the sweep and this package's
// FindPeriod look for the period of a take-and-break game.
type PeriodSearch struct {
	// MaxN and PlainMaxN bound the hunt (HuntLimits).
	MaxN, PlainMaxN int
	// Method picks the kernel (Auto: the default).
	Method Method
	// Parallel lets the kernel use two goroutines (SetParallel).
	Parallel bool
	// MaxWork bounds the options a take-and-break code's plain kernel
	// examines (SetMaxWork); 0 is no bound.
	MaxWork int64
	// MaxMemory, if positive, refuses before any work a hunt whose
	// values G(0..MaxN) it cannot hold (CheckBudget).
	MaxMemory int64
	// KeepAtWork ends a hunt that passes MaxWork with what the values
	// held say (Stop = StopWork) instead of the work stop (an *impartial.BudgetError of LimitWork).
	KeepAtWork bool
	// Name names the game in errors (g.String() if empty).
	Name string
	// Setup, if set, is called with the computer before the hunt: a
	// checkpoint's replayed values and saves (SetReplay, SetSave).
	Setup func(*Computer) error
}

// PeriodFound is what a period hunt found: the periodicity, why the hunt
// stopped, and the computer holding the values (for statistics, the
// values themselves, or a longer hunt).
type PeriodFound struct {
	Periodicity
	Stop     Stop
	Computer *Computer
}

// StopWork: the work limit (PeriodSearch.MaxWork) was passed.
const StopWork Stop = "work"

// SearchPeriod computes the nim-sequence of g until its period is proved
// or a limit of s is reached (Computer.Hunt), and says what is known.
// Errors are Extend's, and a *HeapError for MaxN beyond MaxHeap; the
// computer is returned with the values it holds even then.
func SearchPeriod(ctx context.Context, g Game, s PeriodSearch) (PeriodFound, error) {
	c := NewComputer(g, s.Method)
	found := PeriodFound{Computer: c}
	if s.MaxMemory > 0 {
		if err := CheckBudget(s.MaxN, impartial.Budget{MaxMemory: s.MaxMemory}); err != nil {
			return found, err
		}
	}
	if s.MaxN > MaxHeap {
		name := s.Name
		if name == "" {
			name = g.String()
		}
		return found, &HeapError{Game: name, Heap: s.MaxN, Max: MaxHeap}
	}
	c.SetParallel(s.Parallel)
	c.SetMaxWork(s.MaxWork)
	if s.Setup != nil {
		if err := s.Setup(c); err != nil {
			return found, err
		}
	}
	per, stop, err := c.Hunt(ctx, HuntLimits{MaxN: s.MaxN, PlainMaxN: s.PlainMaxN})
	if s.KeepAtWork && impartial.LimitOf(err) == impartial.LimitWork && ctx.Err() == nil {
		// The work limit: what the values held say.
		per, stop, err = Analyze(c), StopWork, nil
		if per.Status == Proved {
			stop = StopProved
		}
	}
	found.Periodicity, found.Stop = per, stop
	return found, err
}

// FindPeriod computes the nim-sequence of g until its period is proved or
// the values up to maxN are known, and returns what is known
// (SearchPeriod). It starts small and doubles, jumping to the bound the
// Guy–Smith test needs once a candidate period shows; the computer is
// returned for further use.
func FindPeriod(ctx context.Context, g Game, maxN int, m Method) (Periodicity, *Computer, error) {
	f, err := SearchPeriod(ctx, g, PeriodSearch{MaxN: maxN, Method: m})
	return f.Periodicity, f.Computer, err
}

// HuntLimits bound a period hunt by work, never by time, so that the same
// code stops at the same heap on any machine however loaded: which kernel
// computes a value depends on the values only.
type HuntLimits struct {
	// MaxN: compute at most G(0..MaxN), whatever the kernel.
	MaxN int
	// PlainMaxN, if positive and below MaxN, stops the hunt once G(0..n)
	// with n ≥ PlainMaxN is known and the kernel chosen for the values
	// after n is the plain one on a code with splits, whose work grows as
	// the square of the heap (n²/4 pairs for 0.007; a sparse code's
	// kernel scans the pairs of a rare heap only). The hunt re-checks at
	// each re-choice of the kernel (every doubling), so the plain kernel
	// never runs far past PlainMaxN: a code that is plain there stops, one
	// that is sparse goes on to MaxN, and one that turns plain beyond
	// PlainMaxN stops at the next re-choice.
	PlainMaxN int
}

// Stop says why a period hunt stopped.
type Stop string

const (
	// StopProved: the Guy–Smith test proved the period.
	StopProved Stop = "proved"
	// StopMax: G(0..MaxN) is known and no period is proved.
	StopMax Stop = "max"
	// StopPlainMax: the plain kernel was chosen past PlainMaxN.
	StopPlainMax Stop = "plain-max"
)

// Hunt computes the nim-sequence until its period is proved or a limit of
// lim is reached, and says which. It starts small and doubles, jumping to
// the bound the Guy–Smith test needs once a candidate period shows.
func (c *Computer) Hunt(ctx context.Context, lim HuntLimits) (Periodicity, Stop, error) {
	g := c.g
	maxN := lim.MaxN
	plainCap := lim.PlainMaxN > 0 && lim.PlainMaxN < maxN
	first := 1024
	if g.general() {
		first = 64 // a general code's plain kernel may cost far more a value
	}
	n := min(maxN, max(first, c.Len()-1))
	if plainCap {
		n = min(n, max(lim.PlainMaxN, c.Len()-1))
	}
	for {
		if err := c.Extend(ctx, n); err != nil {
			return Periodicity{}, "", err
		}
		res := Analyze(c)
		switch {
		case res.Status == Proved:
			return res, StopProved, nil
		case n >= maxN:
			return res, StopMax, nil
		case plainCap && n >= lim.PlainMaxN && c.quadratic():
			return res, StopPlainMax, nil
		}
		next := 2 * n
		// Jump to the bound of the most promising candidate: a tail
		// holding at least two periods whose bound is in reach.
		for _, cd := range candidates(c) {
			if tail := n + 1 - cd.n0; tail >= 2*cd.p && tail >= 64 {
				if b := g.Bound(cd.n0, cd.p); b > n && b < next {
					next = b
				}
			}
		}
		if plainCap {
			// Stop at the next re-choice of the kernel, and at the
			// plain cap while the plain kernel runs.
			if c.nextChoose > n && c.choosing() {
				next = min(next, c.nextChoose)
			}
			if n < lim.PlainMaxN && c.quadratic() {
				next = min(next, lim.PlainMaxN)
			}
		}
		n = min(maxN, next)
	}
}

// quadratic reports whether the next values are computed by a kernel
// whose work grows as the square of the heap (or faster): the plain
// kernel on a code that splits heaps, or a general take-and-break code.
// A proved period, the sparse-space kernel and codes without splits (a
// value costs at most t options) are not.
func (c *Computer) quadratic() bool {
	if c.per.p > 0 {
		return false
	}
	if c.g.general() {
		return true
	}
	return !c.sparse && c.g.MaxParts() >= 2
}
