package families

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/octal"
)

func subtractFamily() catalog.Family {
	return catalog.Family{
		Name:       "subtract",
		Syntax:     "subtract:S",
		Rule:       "remove s tokens from one heap, s in the set S (1,3,4 or a range 1-3; also subtract:pow2 and subtract:all-but:E)",
		Example:    "subtract:1,3,4",
		Board:      "heaps",
		ClosedForm: "periodic for every finite S (the period is found and used); S = 1..m: G(n) = n mod (m+1)",
		New: func(args string) (*catalog.Game, error) {
			switch low := strings.ToLower(strings.TrimSpace(args)); {
			case low == "pow2":
				return pow2Game(), nil
			case strings.HasPrefix(low, "all-but:") || low == "all-but":
				return allButGame(args)
			}
			set, err := parseIntSet(args)
			if err != nil {
				return nil, err
			}
			g, err := games.NewSubtraction(set)
			if err != nil {
				return nil, &catalog.SpecError{Offset: -1, Msg: err.Error()}
			}
			return newSubtractGame(set, g), nil
		},
	}
}

func pow2Game() *catalog.Game {
	return catalog.NewHeapGame(catalog.Info{
		Spec:       "subtract:pow2",
		Name:       "subtraction game {1, 2, 4, 8, …}",
		Rule:       "A move removes a power of two (1, 2, 4, 8, …) tokens from one heap; whoever cannot move loses. G(n) = n mod 3 (HDU 1847).",
		Example:    "7",
		ClosedForm: "G(n) = n mod 3 (HDU 1847)",
	}, games.PowerSubtraction{})
}

func allButGame(args string) (*catalog.Game, error) {
	_, list, _ := strings.Cut(args, ":")
	off := strings.Index(args, ":") + 1
	var except []int
	if strings.TrimSpace(list) != "" {
		var err error
		if except, err = parseIntSet(list); err != nil {
			if se, ok := err.(*catalog.SpecError); ok && se.Offset >= 0 {
				se.Offset += off
			}
			return nil, err
		}
	}
	g, err := games.NewAllBut(except)
	if err != nil {
		return nil, &catalog.SpecError{Offset: -1, Msg: err.Error()}
	}
	return catalog.NewHeapGame(catalog.Info{
		Spec:    "subtract:all-but:" + notation.FormatIntSet(except),
		Name:    "all-but subtraction game, all but {" + setWords(except) + "}",
		Rule:    "A move removes any positive number of tokens from one heap except the sizes {" + setWords(except) + "}; whoever cannot move loses.",
		Example: "7",
	}, g), nil
}

// setWords writes a set for people: "1, 3, 4", with runs as ranges ("2-3000")
// so that a long range does not make a name kilobytes long.
func setWords(set []int) string { return strings.ReplaceAll(notation.FormatIntSet(set), ",", ", ") }

// newSubtractGame returns the subtraction game with a finite set: a heap
// game whose period is proved by state repetition, and whose misère
// quotient gets the periodicity theorem of octal games when the set is
// small enough to be an octal code.
func newSubtractGame(set []int, sub games.Subtraction) *catalog.Game {
	sp := catalog.HeapSpec(catalog.Info{
		Spec:    "subtract:" + notation.FormatIntSet(set),
		Name:    "subtraction game {" + setWords(set) + "}",
		Rule:    "A move removes s tokens from one heap, for some s in {" + setWords(set) + "}; whoever cannot move loses.",
		Example: "7",
	}, sub)
	if c, err := octal.Subtraction(set); err == nil {
		bind := sp.Bind
		sp.Bind = func(ctx context.Context, opts catalog.Options) (*catalog.Binding[int], error) {
			b, err := bind(ctx, opts)
			if err == nil {
				b.HeapRules = func() misere.HeapRules { return misere.Octal(octal.New(c)) }
			}
			return b, err
		}
	}
	sp.Period = func(ctx context.Context, max int, opts catalog.Options) (*catalog.Periodicity, error) {
		return subtractPeriod(ctx, sub, max, opts)
	}
	return catalog.New(sp)
}

// subtractPeriod finds the least pre-period and period of the nim-sequence
// within G(0..max) and proves them by state repetition: G(n) depends only
// on the m values before it (m = max S), so once G(n+p) = G(n) for m
// consecutive n from n0, it holds for every n ≥ n0 by induction.
func subtractPeriod(ctx context.Context, sub games.Subtraction, max int, opts catalog.Options) (*catalog.Periodicity, error) {
	set := sub.Set()
	m := set[len(set)-1]
	// max is the explicit request: it is the position budget.
	b := opts.Budget
	b.MaxPositions = int64(max)
	pre, per, _, err := sub.Period(ctx, b)
	var be *impartial.BudgetError
	if errors.As(err, &be) && be.Limit == impartial.LimitPositions && be.Max == int64(max) {
		return &catalog.Periodicity{Status: catalog.PeriodNone, ComputedTo: max,
			Criterion: fmt.Sprintf("state repetition (G(n) depends only on the %s before it): no window of %s repeated in G(0..%d)", values(m), values(m), max)}, nil
	}
	if err != nil {
		return nil, err
	}
	return &catalog.Periodicity{
		Preperiod: pre, Period: per, Status: catalog.PeriodProved, ComputedTo: pre + per + m - 1,
		Criterion: fmt.Sprintf("state repetition: G(n) depends only on the %s before it (max S = %d), and G(n+%d) = G(n) for the %s n = %d..%d", values(m), m, per, values(m), pre, pre+m-1),
	}, nil
}

// values counts values in words: "the 1 value", "the 3 values".
func values(m int) string {
	if m == 1 {
		return "1 value"
	}
	return fmt.Sprintf("%d values", m)
}
