package misere

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

// TestProvedBeyondComputed checks the periodicity theorem against search:
// quotients proved at some heap answer sums of larger heaps, which were
// never computed, as exhaustive search does.
func TestProvedBeyondComputed(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code            string
		to, heap, total int
	}{
		{"0.312", 9, 18, 24},
		{"0.75", 21, 26, 28},
		{"0.71", 19, 24, 26},
	} {
		g := mustCode(t, c.code)
		q, err := Compute(ctx, Octal(g), c.to, Settings{})
		if err != nil {
			t.Fatal(err)
		}
		if q.Status() != Proved {
			t.Fatalf("%s to heap %d: %s (%s)", c.code, c.to, q.Status(), q.Period().Criterion)
		}
		n := bruteForce(t, c.code, g, q, c.heap, c.total)
		t.Logf("%s: proved at heap ≤ %d, %d sums of heaps ≤ %d checked", c.code, c.to, n, c.heap)
	}
}

// TestHeapGameAgainstSearch checks quotients of games given by their moves
// (impartial.Game[int], as catalog heap games are) against exhaustive
// search of sums of heaps.
func TestHeapGameAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, set := range [][]int{{1, 3, 4}, {2, 5, 7}, {1, 2, 6}} {
		g, err := games.NewSubtraction(set)
		if err != nil {
			t.Fatal(err)
		}
		q, err := Compute(ctx, HeapGame(g), 16, Settings{})
		if err != nil {
			t.Fatal(err)
		}
		s := impartial.NewMisereSolver(impartial.Plain[int](g), impartial.Settings{})
		var sum []int
		var rec func(from, left int)
		rec = func(from, left int) {
			want, err := s.Outcome(ctx, sum...)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := q.Outcome(ctx, sum); got != want {
				t.Fatalf("subtract %v heaps %v: quotient %v, search %v", set, sum, got, want)
			}
			for h := from; h <= min(16, left); h++ {
				sum = append(sum, h)
				rec(h, left-h)
				sum = sum[:len(sum)-1]
			}
		}
		rec(1, 24)
	}
}

func TestComputeLimits(t *testing.T) {
	kayles := Octal(mustCode(t, "0.77"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var be *impartial.BudgetError
	if _, err := Compute(ctx, kayles, 30, Settings{}); !errors.As(err, &be) || be.Limit != impartial.LimitCanceled {
		t.Errorf("canceled: %v", err)
	}
	if _, err := Compute(context.Background(), kayles, 30, Settings{Budget: impartial.Budget{MaxPositions: 50}}); !errors.As(err, &be) || be.Limit != impartial.LimitPositions && be.Limit != impartial.LimitMoves {
		t.Errorf("50 positions: %v", err)
	}
	// Past the size limit: the error names the heap and holds the quotient
	// of the smaller heaps, which is right (checked by search).
	partial, err := Compute(context.Background(), kayles, 30, Settings{MaxSize: 10})
	var se *impartial.BudgetError
	var stop *StopError
	if !errors.As(err, &se) || se.Limit != impartial.LimitSize || !errors.As(err, &stop) || se.Max != 10 || stop.Partial != partial || partial.Heaps() != stop.Heap-1 || partial.Size() > 10 || partial.Status() != Stopped {
		t.Fatalf("max size 10: %v", err)
	}
	bruteForce(t, "0.77 partial", mustCode(t, "0.77"), partial, stop.Heap-1, 14)
	if _, err := Compute(context.Background(), kayles, -1, Settings{}); err == nil {
		t.Error("heaps -1 accepted")
	}
	// Rules whose moves do not shrink heaps.
	grow := RulesFunc(func(n int, yield func([]int) bool) error {
		if n > 0 {
			yield([]int{n})
		}
		return nil
	})
	var oe *OptionError
	if _, err := Compute(context.Background(), grow, 5, Settings{}); !errors.As(err, &oe) || oe.Heap != 1 {
		t.Errorf("growing rules: %v", err)
	}
	// Heaps beyond a quotient that is not proved.
	q, err := Compute(context.Background(), kayles, 10, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	var re *RangeError
	if _, err := q.Outcome(context.Background(), []int{3, 11}); !errors.As(err, &re) || re.Heap != 11 {
		t.Errorf("heap 11 of a quotient to 10: %v", err)
	}
	for h := 1; h <= 10; h++ {
		all, err := q.WinningMoves(context.Background(), []int{h, h + 1}, 0)
		if err != nil || len(all) < 2 {
			continue
		}
		if _, err := q.WinningMoves(context.Background(), []int{h, h + 1}, 1); !errors.As(err, &be) || be.Limit != impartial.LimitMoves {
			t.Errorf("heaps %d %d have %d winning moves, one allowed: %v", h, h+1, len(all), err)
		}
		return
	}
	t.Error("no sum of two heaps with two winning moves")
}

// TestCalculatorLimits: budgets, cancellation and cycles.
func TestCalculatorLimits(t *testing.T) {
	nim2 := impartialtest.Graph{Adj: [][]int32{nil, {0}, {1, 0}}}
	c := NewCalculator[int32](nim2, impartial.Settings{})
	if f, err := c.Form(context.Background(), 2); err != nil || f.String() != "*2" {
		t.Errorf("*2: %v %v", f, err)
	}
	cyc := impartialtest.Graph{Adj: [][]int32{nil, {2}, {1, 0}}}
	var ce *impartial.CycleError
	if _, err := NewCalculator[int32](cyc, impartial.Settings{}).Form(context.Background(), 1); !errors.As(err, &ce) || !slices.Equal(ce.Cycle, []string{"1", "2"}) {
		t.Errorf("cycle: %v", err)
	}
	var be *impartial.BudgetError
	big := games.Nim{}
	if _, err := NewCalculator[int](big, impartial.Settings{Budget: impartial.Budget{MaxPositions: 100}}).Form(context.Background(), 200); !errors.As(err, &be) {
		t.Errorf("nim 200 in 100 positions: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewCalculator[int](big, impartial.Settings{}).Form(ctx, 3000); !errors.As(err, &be) || be.Limit != impartial.LimitCanceled {
		t.Errorf("canceled: %v", err)
	}
}
