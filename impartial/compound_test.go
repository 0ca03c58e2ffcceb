package impartial_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

// loopyGraph is a graph game that declares it may loop.
type loopyGraph struct{ impartialtest.Graph }

func (loopyGraph) Loopiness() impartial.Loopiness { return impartial.MayLoop }

// randomGraph returns a graph on n nodes with up to maxDeg moves a node,
// any node to any node (cycles allowed).
func randomGraph(r *rand.Rand, n, maxDeg int) impartialtest.Graph {
	g := impartialtest.Graph{Adj: make([][]int32, n)}
	for i := range n {
		for range r.IntN(maxDeg + 1) {
			g.Adj[i] = append(g.Adj[i], int32(r.IntN(n)))
		}
	}
	return g
}

// A sum of different acyclic games (Nim, a subtraction game, a random
// graph) answered by the compound, each component by its own analysis,
// against the brute-force oracle on the compound's own moves (the sum's
// real game graph, without the Sprague–Grundy theorem): value, outcome and
// the exact set of winning moves, normal and misère.
func TestCompoundAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	sub, _ := games.NewSubtraction([]int{1, 3, 4})
	for trial := range 40 {
		dag := impartialtest.RandomDAG(r, 12, 3)
		c := impartial.NewCompound(impartial.NewTerm[int](games.Nim{}), impartial.NewTerm[int](sub), impartial.NewTerm[int32](dag))
		var ps []impartial.Part
		for range 2 + r.IntN(2) {
			switch k := r.IntN(3); k {
			case 2:
				ps = append(ps, impartial.Part{Term: 2, Pos: int32(r.IntN(12))})
			default:
				ps = append(ps, impartial.Part{Term: k, Pos: r.IntN(6)})
			}
		}
		or := impartialtest.NewOracle[impartial.Part](c)
		for _, misere := range []bool{false, true} {
			a, err := impartial.Analyze(context.Background(), c, ps, impartial.Query{Misere: misere})
			if err != nil {
				t.Fatal(err)
			}
			if want := or.Outcome(misere, ps...); a.Outcome != want {
				t.Errorf("trial %d %v misère=%v: outcome %v, oracle %v", trial, ps, misere, a.Outcome, want)
			}
			if !misere {
				var v impartial.Nimber
				for _, p := range ps {
					v ^= or.Value(p)
				}
				if a.Value == nil || *a.Value != v {
					t.Errorf("trial %d %v: value %v, oracle %d", trial, ps, a.Value, v)
				}
			}
			var got []impartial.Move[impartial.Part]
			for _, m := range a.Moves {
				got = append(got, m.Move)
			}
			if want := or.WinningMoves(misere, ps...); !impartialtest.SameMoves(got, want) {
				t.Errorf("trial %d %v misère=%v: winning moves %v, oracle %v", trial, ps, misere, got, want)
			}
		}
	}
}

// A sum with a loopy component follows Smith's rule: the compound's value,
// outcome and winning or drawing moves equal those of the loopy engine run
// on the whole sum's graph (retrograde analysis of the sum, a different
// algorithm), and every option's generalized value agrees.
func TestCompoundSmithAgainstLoopySolver(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	infinite, draws := 0, 0
	defer func() {
		// The sums met must exercise Smith's rule, not only finite values.
		if infinite < 10 || draws < 5 {
			t.Errorf("only %d sums of infinite value, %d draws: the test does not reach Smith's rule", infinite, draws)
		}
	}()
	for trial := range 60 {
		g := loopyGraph{randomGraph(r, 7, 2)}
		c := impartial.NewCompound(impartial.NewTerm[int](games.Nim{}), impartial.NewTerm[int32](g))
		ps := []impartial.Part{{Term: 0, Pos: r.IntN(4)}, {Term: 1, Pos: int32(r.IntN(7))}}
		if r.IntN(2) == 0 {
			ps = append(ps, impartial.Part{Term: 1, Pos: int32(r.IntN(7))})
		}
		a, err := impartial.Analyze(context.Background(), c, ps, impartial.Query{})
		if err != nil {
			t.Fatal(err)
		}
		ls := impartial.NewLoopySolver[impartial.Part](c, impartial.Settings{})
		want, err := ls.Value(context.Background(), ps...)
		if err != nil {
			t.Fatal(err)
		}
		got := impartial.FiniteValue(0)
		if a.Loopy != nil {
			got = *a.Loopy
		} else if a.Value != nil {
			got = impartial.FiniteValue(*a.Value)
		}
		if want.Inf {
			infinite++
		}
		if want.Outcome() == impartial.Draw {
			draws++
		}
		if !got.Equal(want) || a.Outcome != want.Outcome() {
			t.Errorf("trial %d %v: compound %s (%v), loopy engine on the sum %s", trial, ps, got, a.Outcome, want)
			continue
		}
		good, _, err := ls.GoodMoves(context.Background(), ps...)
		if err != nil {
			t.Fatal(err)
		}
		var gm, wm []impartial.Move[impartial.Part]
		for _, m := range a.Moves {
			gm = append(gm, m.Move)
		}
		for _, m := range good {
			wm = append(wm, m.Move)
		}
		if !impartialtest.SameMoves(gm, wm) {
			t.Errorf("trial %d %v (%s): moves %v, loopy engine %v", trial, ps, want, gm, wm)
		}
		// Every option, valued by Smith's rule, against the loopy engine.
		all, err := impartial.Analyze(context.Background(), c, ps, impartial.Query{AllOptions: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range all.Moves {
			next := slices.Clone(ps)
			next[o.Index] = o.To
			v, err := ls.Value(context.Background(), next...)
			if err != nil {
				t.Fatal(err)
			}
			if o.Loopy == nil || !o.Loopy.Equal(v) {
				t.Errorf("trial %d %v: option %v has %v, loopy engine %s", trial, ps, o.Move, o.Loopy, v)
			}
		}
	}
}

// Values follows Analyze's loop policy: on an acyclic game the solver's
// values; on a MayLoop game in which a cycle turns up, the loopy engine's,
// up to the first infinite one, which is a *LoopyValueError naming it.
func TestValuesLoopPolicy(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 13))
	for trial := range 40 {
		g := loopyGraph{randomGraph(r, 9, 2)}
		at := func(n int) (int32, error) { return int32(n), nil }
		var got []impartial.Nimber
		err := impartial.Values(context.Background(), g, at, 0, 8, impartial.Settings{}, func(n int, v impartial.Nimber) error {
			if n != len(got) {
				t.Fatalf("trial %d: value of %d emitted after %d values", trial, n, len(got))
			}
			got = append(got, v)
			return nil
		})
		ls := impartial.NewLoopySolver[int32](g, impartial.Settings{})
		for n := range 9 {
			v, lerr := ls.Value(context.Background(), int32(n))
			if lerr != nil {
				t.Fatal(lerr)
			}
			if v.Inf {
				var le *impartial.LoopyValueError
				if !errors.As(err, &le) || le.Index != n || len(got) != n {
					t.Errorf("trial %d: node %d has %s; Values gave %v, %v", trial, n, v, got, err)
				}
				break
			}
			if n >= len(got) || got[n] != v.N {
				t.Errorf("trial %d: node %d: Values %v (%v), loopy engine %s", trial, n, got, err, v)
				break
			}
		}
	}
	dag := impartialtest.RandomDAG(r, 30, 3)
	or := impartialtest.NewOracle[int32](dag)
	err := impartial.Values(context.Background(), dag, func(n int) (int32, error) { return int32(n), nil }, 5, 29, impartial.Settings{}, func(n int, v impartial.Nimber) error {
		if want := or.Value(int32(n)); v != want {
			t.Errorf("acyclic node %d: %d, oracle %d", n, v, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
