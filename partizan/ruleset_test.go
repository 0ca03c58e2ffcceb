package partizan

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"testing"

	"github.com/grundy/grundy/impartial"
)

// toy is a tiny partizan ruleset for the Solver's tests: a position is a
// row of heaps; Left takes 1 or 2 tokens from a heap, Right takes 1 token
// from a heap or splits a heap of at least 3 into two non-empty heaps.
// Heaps are independent components, and the order of heaps is a symmetry.
type toy struct{}

func (toy) Options(p []int, s Side, yield func([]int) bool) error {
	for i, h := range p {
		with := func(hs ...int) bool {
			q := append(slices.Clone(p[:i]), hs...)
			return yield(append(q, p[i+1:]...))
		}
		if s == Left {
			for _, k := range []int{1, 2} {
				if h >= k && !with(h-k) {
					return nil
				}
			}
			continue
		}
		if h >= 1 && !with(h-1) {
			return nil
		}
		for a := 1; h >= 3 && a <= h-a-1; a++ {
			if !with(a, h-a) {
				return nil
			}
		}
	}
	return nil
}

func (toy) Key(p []int) string {
	q := slices.Clone(p)
	slices.Sort(q)
	return fmt.Sprint(q)
}

func (toy) Split(p []int) [][]int {
	if len(p) < 2 {
		return nil
	}
	out := make([][]int, len(p))
	for i, h := range p {
		out[i] = []int{h}
	}
	return out
}

// toyTree is the toy's game tree, by its rules alone.
func toyTree(p []int) *tree {
	t := &tree{}
	toy{}.Options(p, Left, func(q []int) bool { t.L = append(t.L, toyTree(q)); return true })
	toy{}.Options(p, Right, func(q []int) bool { t.R = append(t.R, toyTree(q)); return true })
	return t
}

func TestSolverToy(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	o := newOracle()
	sv := NewSolver[[]int, string](c, toy{})
	plain := NewSolver[[]int, string](c, toy{})
	plain.Plain = true
	for _, p := range [][]int{{0}, {1}, {2}, {3}, {4}, {5}, {2, 3}, {1, 4}, {2, 2}} {
		g, err := sv.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		h, err := plain.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if g != h {
			t.Errorf("%v: split %v, plain %v", p, g, h)
		}
		if want := o.canonical(toyTree(p)).key; toTree(g).key != want {
			t.Errorf("%v = %v: oracle %s", p, g, want)
		}
	}
	// options with their values
	ps, gs, err := sv.Options([]int{3}, Right)
	if err != nil || len(ps) != 2 || len(gs) != 2 {
		t.Fatalf("options of 3 for Right: %v %v %v", ps, gs, err)
	}
}

func TestSolverBudget(t *testing.T) {
	s := NewStore(Config{})
	c := s.Calc(context.Background(), impartial.Budget{MaxPositions: 5, MaxMoves: 1000})
	_, err := Solve[[]int, string](c, toy{}, []int{12})
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitPositions {
		t.Fatalf("want a position budget error, got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c = s.Calc(ctx, impartial.Budget{})
	_, err = Solve[[]int, string](c, toy{}, []int{12})
	if !errors.As(err, &be) || be.Limit != impartial.LimitCanceled {
		t.Fatalf("want a canceled budget error, got %v", err)
	}
}

// keyedToy is the toy keying its heaps without making them
// (ComponentKeyer); wrong makes its keys disagree with Split.
type keyedToy struct {
	toy
	wrong bool
}

func (k keyedToy) AppendKeys(keys []PartKey[string], p []int) []PartKey[string] {
	if len(p) < 2 {
		return append(keys, PartKey[string]{Key: k.Key(p)})
	}
	if k.wrong && len(p) == 3 {
		p = p[:2] // two keys for three components
	}
	for _, h := range p {
		keys = append(keys, PartKey[string]{Key: k.Key([]int{h})})
	}
	return keys
}

// The Solver by component keys gives the values by Split and Key, and
// says so when a ruleset's keys and components disagree.
func TestSolverComponentKeys(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	keyed := NewSolver[[]int, string](c, keyedToy{})
	split := NewSolver[[]int, string](c, toy{})
	for _, p := range [][]int{{0}, {4}, {2, 3}, {1, 4}, {2, 2}, {3, 1, 2}, {5, 5, 1, 0}} {
		g, err := keyed.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		h, err := split.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if g != h {
			t.Errorf("%v: by keys %v, by Split %v", p, g, h)
		}
	}
	_, err := Solve[[]int, string](c, keyedToy{wrong: true}, []int{3, 3, 2})
	if err == nil || !strings.Contains(err.Error(), "AppendKeys gives 2 components, Split 3") {
		t.Fatalf("keys and components disagreeing: %v", err)
	}
}

// costlyToy is the toy charging unit units a position (Coster), counting
// the options it yields.
type costlyToy struct {
	toy
	unit    uint64
	options *int
}

func (k costlyToy) Options(p []int, s Side, yield func([]int) bool) error {
	return k.toy.Options(p, s, func(q []int) bool { *k.options++; return yield(q) })
}

func (k costlyToy) Cost([]int) uint64 { return k.unit }

// TestSolverCoster: a Coster's units replace the one unit of each option
// yielded and each position searched, and only those: the same question
// with units of 1 and of 7 differs by 6 per option and per position, and
// gives the same value (the algebra's own work unchanged).
func TestSolverCoster(t *testing.T) {
	p := []int{7, 5, 2}
	solve := func(unit uint64) (Game, uint64, int, int) {
		c := NewStore(Config{}).Calc(context.Background(), impartial.Budget{})
		n := 0
		sv := NewSolver[[]int, string](c, costlyToy{unit: unit, options: &n})
		g, err := sv.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		return g, c.Work(), n, sv.Positions()
	}
	g1, w1, n1, pos1 := solve(1)
	g7, w7, n7, pos7 := solve(7)
	if g1.String() != g7.String() || n1 != n7 || pos1 != pos7 || n1 == 0 {
		t.Fatalf("units 1: %v, %d options, %d positions; units 7: %v, %d, %d", g1, n1, pos1, g7, n7, pos7)
	}
	if want := w1 + 6*uint64(n1+pos1); w7 != want {
		t.Errorf("work with units of 7: %d, want %d (%d with units of 1, %d options, %d positions)", w7, want, w1, n1, pos1)
	}
	// a unit of 0 is taken as 1
	if _, w0, _, _ := solve(0); w0 != w1 {
		t.Errorf("units of 0: %d units of work, want %d", w0, w1)
	}
}
