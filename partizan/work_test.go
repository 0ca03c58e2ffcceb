package partizan_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/grid"
	"github.com/grundy/grundy/partizan/hackenbush"
)

// workQuestion is one partizan question asked of a fresh store under a
// budget: its answer (a value written out), the work it took, its error.
type workQuestion struct {
	name string
	ask  func(c *partizan.Calc) (string, error)
	// per is the most work one count adds (a Valuer's charge): the stop
	// comes within per-1 units past the limit
	per uint64
}

func workQuestions(t *testing.T) []workQuestion {
	hack := func(s string) hackenbush.Position {
		p, err := hackenbush.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	dom := func(s string) grid.Grid {
		b, err := grid.Domineering{}.ParsePosition(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	return []workQuestion{
		// a stalk of green, blue and red edges: no closed form, few games
		// compared in many pairs (TestCachesGrowUnderEviction)
		{"hackenbush elr×12", func(c *partizan.Calc) (string, error) {
			g, err := partizan.Solve[hackenbush.Position, string](c, hackenbush.Game{}, hack(strings.Repeat("elr", 12)))
			return text(g), err
		}, 1},
		// a blue-red bed: Hackenbush's number search, charged to the Calc
		{"hackenbush bed", func(c *partizan.Calc) (string, error) {
			g, err := partizan.Solve[hackenbush.Position, string](c, hackenbush.Game{}, hack("(lr:A(rr:B;rr:D);lr:B(r(r:D;r:E));lr:D;lr:E)"))
			return g.String(), err
		}, 8},
		{"domineering 4x5", func(c *partizan.Calc) (string, error) {
			g, err := partizan.Solve[grid.Grid, grid.Grid](c, grid.Domineering{}, dom("4x5"))
			return g.String(), err
		}, 1},
		// a board past 64 cells, held a byte a cell: 11 units an option
		// and a position searched (grid's Cost), so the stop comes within
		// 10 units past the limit
		{"domineering 3x4 on a 9x9 board", func(c *partizan.Calc) (string, error) {
			rows := strings.Split(strings.Repeat("#########|", 9)[:89], "|")
			for i := range 3 {
				rows[i] = "...." + rows[i][4:]
			}
			g, err := partizan.Solve[grid.Grid, grid.Grid](c, grid.Domineering{}, dom(strings.Join(rows, "|")))
			return g.String(), err
		}, 11},
		// the algebra alone: a sum of switches and its outcome
		{"a sum", func(c *partizan.Calc) (string, error) {
			g, err := c.Parse("{3||2|1} + {1|*} + ^<3> + {5|-5} + {2||1|0} + v*3 + {1/2|-1/4}")
			if err != nil {
				return "", err
			}
			o, err := c.Outcome(g)
			return g.String() + " " + o.String(), err
		}, 1},
		// writing an exponentially long form, its ordering counted
		{"the form of elr×5", func(c *partizan.Calc) (string, error) {
			g, err := partizan.Solve[hackenbush.Position, string](c, hackenbush.Game{}, hack(strings.Repeat("elr", 5)))
			if err != nil {
				return "", err
			}
			s, _, err := c.Format(g, 0)
			return s, err
		}, 1},
	}
}

// text identifies a game across stores: its birthday and the first 4 kB
// of its form (that of elr×12 is exponentially long).
func text(g partizan.Game) string {
	s, _ := partizan.FormatMax(g, 4096)
	return fmt.Sprint(g.Birthday(), " ", s)
}

func ask(q workQuestion, b impartial.Budget) (string, uint64, error) {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), b)
	s, err := q.ask(c)
	return s, c.Work(), err
}

// TestWorkBudget: a partizan question under a work budget (MaxWork, no
// Timeout) stops with a LimitWork *impartial.BudgetError naming the
// budget, at the same unit of work every time, whatever else the machine
// does (four copies at once, each with its own store, stop where one
// alone does); under a budget of exactly the work it needs, or more, its
// answer is the answer without a budget.
func TestWorkBudget(t *testing.T) {
	for _, q := range workQuestions(t) {
		want, work, err := ask(q, impartial.Budget{})
		if err != nil {
			t.Fatalf("%s: %v", q.name, err)
		}
		if work < 100 {
			t.Fatalf("%s: only %d units of work", q.name, work)
		}
		for _, max := range []uint64{work, 2 * work} {
			got, w, err := ask(q, impartial.Budget{MaxWork: int64(max)})
			if err != nil || got != want || w != work {
				t.Errorf("%s under MaxWork %d (it needs %d): %.60q, %d units, %v; want %.60q", q.name, max, work, got, w, err, want)
			}
		}
		for _, max := range []uint64{work - 1, work / 2, 10} {
			var wg sync.WaitGroup
			stops := make([]uint64, 4)
			errs := make([]error, 4)
			for i := range stops {
				wg.Go(func() { _, stops[i], errs[i] = ask(q, impartial.Budget{MaxWork: int64(max)}) })
			}
			wg.Wait()
			for i, err := range errs {
				var be *impartial.BudgetError
				if !errors.As(err, &be) || be.Limit != impartial.LimitWork || be.Max != int64(max) {
					t.Errorf("%s under MaxWork %d: %v, want the work limit", q.name, max, err)
					continue
				}
				if stops[i] != stops[0] || stops[i] <= max || stops[i] > max+q.per {
					t.Errorf("%s under MaxWork %d: stopped at units %v, want one unit in (%d, %d]", q.name, max, stops, max, max+q.per)
				}
			}
			if !strings.Contains(errs[0].Error(), "work budget exhausted") {
				t.Errorf("%s: %q", q.name, errs[0])
			}
		}
	}
}

// TestCharge: the work a ruleset counts outside the algebra (Calc.Charge)
// passes the budget at the unit it says, and stays passed.
func TestCharge(t *testing.T) {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{MaxWork: 100_000})
	for i := range 12_500 {
		if err := c.Charge(8); err != nil {
			t.Fatalf("charge %d (work %d): %v", i, c.Work(), err)
		}
	}
	if err := c.Charge(1); impartial.LimitOf(err) != impartial.LimitWork {
		t.Fatalf("past the budget: %v", err)
	}
	if _, err := c.Parse("{1|*} + ^"); impartial.LimitOf(err) != impartial.LimitWork {
		t.Errorf("a computation after the budget is spent: %v", err)
	}
	// without a budget, never
	c = partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	if err := c.Charge(1 << 40); err != nil || c.Work() != 1<<40 {
		t.Errorf("no budget: %v at %d", err, c.Work())
	}
}

// Winning Ways' "Moderately Hard Bed" (1/128; a few seconds of one core in
// the number search, TestModeratelyHardBed in the long suite) under the
// server's work budget: it stops there, with the work limit, rather than
// run to its end (or, before the number search counted its work, to the
// end of a server's deadline and past it: the search never looked at the
// context).
func TestHardBedBoundedByWork(t *testing.T) {
	const bed = "(lr:A(rr:B;rr:D;rr:F);lr:B(r(r:D;r:E));lr:C(rr:F;rr:G);lr:D;lr:E(r(r:F;r:G));lr:F;lr:G)"
	p, err := hackenbush.Parse(bed)
	if err != nil {
		t.Fatal(err)
	}
	const max = 2_000_000
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{MaxWork: max})
	_, err = partizan.Solve[hackenbush.Position, string](c, hackenbush.Game{}, p)
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitWork || be.Max != max || c.Work() > max+8 {
		t.Errorf("the bed under %d units: %v at %d units", max, err, c.Work())
	}
}
