package impartial_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// digraph is a game on a directed graph: vertex u moves to g[u][...].
type digraph [][]int

func (g digraph) Moves(u int, yield func(int) bool) {
	for _, v := range g[u] {
		if !yield(v) {
			return
		}
	}
}

func randomDigraph(r *rand.Rand, n int, p float64) digraph {
	g := make(digraph, n)
	for u := range g {
		for v := range n {
			if r.Float64() < p {
				g[u] = append(g[u], v)
			}
		}
	}
	return g
}

func loopyAll(t *testing.T, g digraph) (vals []impartial.LoopyValue, outs []impartial.Outcome, rems []int) {
	t.Helper()
	s := impartial.NewLoopySolver[int](g, impartial.Settings{})
	for u := range g {
		v, err := s.Value(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		r, ok, err := s.Remoteness(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			r = -1
		}
		vals = append(vals, v)
		outs = append(outs, v.Outcome())
		rems = append(rems, r)
	}
	return
}

// TestLoopyHandMade checks graphs whose answers are worked out by hand in
// the comments (outcomes by backward reasoning, values by mex).
func TestLoopyHandMade(t *testing.T) {
	for _, c := range []struct {
		name string
		g    digraph
		vals []string
		outs string
		rems []int
	}{
		// A position that moves only to itself: a draw, ∞ with no finite option.
		{"self-loop", digraph{{0}}, []string{"∞"}, "D", []int{-1}},
		// 0 → 1 → 0 and nothing else: both draws.
		{"2-cycle", digraph{{1}, {0}}, []string{"∞", "∞"}, "DD", []int{-1, -1}},
		// t=0 terminal; u=1 → t, a; a=2 → a, u. u wins at once (to t), so a
		// must not move to u and loops on itself: a draw. u's only finite
		// option is t (0), and it is not a nimber: ∞(0).
		{"exit", digraph{{}, {0, 2}, {2, 1}}, []string{"0", "∞(0)", "∞"}, "PND", []int{0, 1, -1}},
		// a=0 → b; b=1 → a, t; t=2. b wins (to t), a must move to b: a loss
		// in 2. Values: t=0, a=mex{γ(b)}; b=mex{γ(a), 0}: a=0, b=1.
		{"2-cycle with exit", digraph{{1}, {0, 2}, {}}, []string{"0", "*", "0"}, "PNP", []int{2, 1, 0}},
		// u=0 → v; v=1 → w; w=2 → u, t; t=3. w wins (to t) in 1, v loses in 2,
		// u wins in 3. Values: t=0, v=0 (its option w reverses to t),
		// u=mex{0}=1, w=mex{γ(u), γ(t)}=mex{1,0}=2.
		{"3-cycle with exit", digraph{{1}, {2}, {0, 3}, {}}, []string{"*", "0", "*2", "0"}, "NPNP", []int{3, 2, 1, 0}},
		// Nim heap 2 with an extra loop 2 → 2: the loop does not help the
		// loser, and the value stays 2 (the option 2 reverses... to itself
		// is not allowed, so it is ∞(0,1): still an N-position).
		{"heap with a pass", digraph{{}, {0}, {0, 1, 2}}, []string{"0", "*", "∞(0,1)"}, "PNN", []int{0, 1, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			vals, outs, rems := loopyAll(t, c.g)
			var got []string
			var gotOuts string
			for i, v := range vals {
				s := v.String()
				if !v.Inf {
					s = v.N.String()
				}
				got = append(got, s)
				gotOuts += outs[i].String()
			}
			if !slices.Equal(got, c.vals) || gotOuts != c.outs || !slices.Equal(rems, c.rems) {
				t.Errorf("values %v outcomes %s remoteness %v\nwant   %v          %s            %v", got, gotOuts, rems, c.vals, c.outs, c.rems)
			}
		})
	}
}

// naiveOutcomes decides outcomes and remoteness level by level, from the
// definition: a loss in r moves has every option a win in < r moves, the
// largest r-1 (or no option, r = 0); a win in r moves has an option that is
// a loss in r-1 moves and none that is a loss in fewer. Undecided positions
// are draws.
func naiveOutcomes(g digraph) ([]impartial.Outcome, []int) {
	n := len(g)
	out := make([]impartial.Outcome, n)
	rem := make([]int, n)
	for i := range rem {
		rem[i] = -1
	}
	for r := 0; r <= 2*n+1; r++ {
		var decide []int
		var as []impartial.Outcome
		for u := range g {
			if out[u] != 0 {
				continue
			}
			lossAll, maxW := true, -1
			winAt := false
			for _, v := range g[u] {
				if out[v] == impartial.N && rem[v] < r {
					maxW = max(maxW, rem[v])
				} else {
					lossAll = false
				}
				if out[v] == impartial.P && rem[v] == r-1 {
					winAt = true
				}
			}
			switch {
			case lossAll && maxW == r-1:
				decide, as = append(decide, u), append(as, impartial.P)
			case winAt:
				decide, as = append(decide, u), append(as, impartial.N)
			}
		}
		for i, u := range decide {
			out[u], rem[u] = as[i], r
		}
	}
	for u := range out {
		if out[u] == 0 {
			out[u] = impartial.Draw
		}
	}
	return out, rem
}

// checkGSG checks the defining properties of a generalized Sprague–Grundy
// function (Fraenkel and Yesha 1986), given the finite values:
// (A) a finite value is the mex of the options' finite values;
// (B) an option of larger (or infinite) value than a finite γ(u) has itself
// an option of value γ(u);
// (C) an infinite u has an infinite option v none of whose options has the
// value mex γ(F(u)).
// (B) without the counter does not pin γ down on its own; together with the
// outcome check below and the random cross-check of sums it does in practice.
func checkGSG(t *testing.T, g digraph, vals []impartial.LoopyValue) {
	t.Helper()
	mexOf := func(u int) impartial.Nimber {
		var fin []impartial.Nimber
		for _, v := range g[u] {
			if !vals[v].Inf {
				fin = append(fin, vals[v].N)
			}
		}
		return impartial.Mex(fin)
	}
	has := func(v int, x impartial.Nimber) bool {
		for _, w := range g[v] {
			if !vals[w].Inf && vals[w].N == x {
				return true
			}
		}
		return false
	}
	for u, val := range vals {
		if !val.Inf {
			if m := mexOf(u); m != val.N {
				t.Fatalf("graph %v: γ(%d) = %d, mex of options = %d", g, u, val.N, m)
			}
			for _, v := range g[u] {
				if (vals[v].Inf || vals[v].N > val.N) && !has(v, val.N) {
					t.Fatalf("graph %v: (B) fails at %d → %d", g, u, v)
				}
			}
			continue
		}
		m := mexOf(u)
		ok := false
		for _, v := range g[u] {
			if vals[v].Inf && !has(v, m) {
				ok = true
			}
		}
		if !ok {
			t.Fatalf("graph %v: (C) fails at %d (value %v)", g, u, val)
		}
	}
}

// TestLoopyRandom compares the retrograde analysis with the level-by-level
// definition, and the generalized values with their defining properties and
// with the outcomes, on random graphs.
func TestLoopyRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 1))
	for trial := range 1500 {
		n := 1 + r.IntN(9)
		g := randomDigraph(r, n, []float64{0.1, 0.2, 0.35}[trial%3])
		vals, outs, rems := loopyAll(t, g)
		wantOuts, wantRems := naiveOutcomes(g)
		if !slices.Equal(outs, wantOuts) || !slices.Equal(rems, wantRems) {
			t.Fatalf("graph %v:\n outcomes %v remoteness %v\n want     %v           %v", g, outs, rems, wantOuts, wantRems)
		}
		checkGSG(t, g, vals)
	}
}

// pair is a position of the sum of two graph games.
type pair struct{ a, b int }

type sumGraph struct{ g, h digraph }

func (s sumGraph) Moves(p pair, yield func(pair) bool) {
	for _, v := range s.g[p.a] {
		if !yield(pair{v, p.b}) {
			return
		}
	}
	for _, v := range s.h[p.b] {
		if !yield(pair{p.a, v}) {
			return
		}
	}
}

// TestLoopySumRemoteness: the remoteness of a sum from its own graph matches
// the level-by-level definition on the product graph, and the sum's outcome
// there matches Smith's rule.
func TestLoopySumRemoteness(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 5))
	ctx := context.Background()
	for range 300 {
		g := randomDigraph(r, 1+r.IntN(5), 0.3)
		h := randomDigraph(r, 1+r.IntN(5), 0.3)
		s := impartial.NewLoopySolver[int](disjoint([]digraph{g, h}), impartial.Settings{})
		idx := func(a, b int) int { return a*len(h) + b }
		prod := make(digraph, len(g)*len(h))
		for a := range g {
			for b := range h {
				for _, v := range g[a] {
					prod[idx(a, b)] = append(prod[idx(a, b)], idx(v, b))
				}
				for _, v := range h[b] {
					prod[idx(a, b)] = append(prod[idx(a, b)], idx(a, v))
				}
			}
		}
		outs, rems := naiveOutcomes(prod)
		for a := range g {
			for b := range h {
				rem, ok, err := s.SumRemoteness(ctx, a, len(g)+b)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					rem = -1
				}
				o, _ := s.Outcome(ctx, a, len(g)+b)
				if rem != rems[idx(a, b)] || o != outs[idx(a, b)] {
					t.Fatalf("G=%v H=%v at (%d,%d): remoteness %d outcome %v, want %d %v", g, h, a, b, rem, o, rems[idx(a, b)], outs[idx(a, b)])
				}
			}
		}
	}
	// Too large a sum graph is a budget error.
	s := impartial.NewLoopySolver[int](subtraction{1, 2}, impartial.Settings{})
	s.SumGraphLimit = 100
	var be *impartial.BudgetError
	if _, _, err := s.SumRemoteness(ctx, 30, 30, 30); !errors.As(err, &be) {
		t.Fatalf("err = %v, want a budget error", err)
	}
}

// TestLoopySumRule checks Smith's sum rule: the value of a sum computed on
// the sum's own graph equals the components' values added by LoopyValue.Add,
// and the outcome matches the level-by-level definition on the sum's graph.
func TestLoopySumRule(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 2))
	ctx := context.Background()
	for range 400 {
		g := randomDigraph(r, 1+r.IntN(6), 0.3)
		h := randomDigraph(r, 1+r.IntN(6), 0.3)
		gs := impartial.NewLoopySolver[int](g, impartial.Settings{})
		hs := impartial.NewLoopySolver[int](h, impartial.Settings{})
		ss := impartial.NewLoopySolver[pair](sumGraph{g, h}, impartial.Settings{})
		// The sum graph as a digraph, for the naive outcomes.
		idx := func(p pair) int { return p.a*len(h) + p.b }
		prod := make(digraph, len(g)*len(h))
		for a := range g {
			for b := range h {
				sumGraph{g, h}.Moves(pair{a, b}, func(q pair) bool {
					prod[idx(pair{a, b})] = append(prod[idx(pair{a, b})], idx(q))
					return true
				})
			}
		}
		wantOuts, _ := naiveOutcomes(prod)
		for a := range g {
			for b := range h {
				va, _ := gs.Value(ctx, a)
				vb, _ := hs.Value(ctx, b)
				vs, err := ss.Value(ctx, pair{a, b})
				if err != nil {
					t.Fatal(err)
				}
				if sum := va.Add(vb); !sum.Equal(vs) {
					t.Fatalf("G=%v H=%v at (%d,%d): %v + %v = %v, sum graph says %v", g, h, a, b, va, vb, sum, vs)
				}
				if vs.Outcome() != wantOuts[idx(pair{a, b})] {
					t.Fatalf("G=%v H=%v at (%d,%d): outcome %v, want %v", g, h, a, b, vs.Outcome(), wantOuts[idx(pair{a, b})])
				}
			}
		}
	}
}

// TestLoopyDenseIndex: a game with an Indexer gives the same answers, and a
// failed exploration (budget) leaves the solver usable.
func TestLoopyDenseIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 3))
	for range 200 {
		g := randomDigraph(r, 1+r.IntN(12), 0.25)
		want, _, _ := loopyAll(t, g)
		s := impartial.NewLoopySolver[int](denseGraph{g}, impartial.Settings{})
		for u := len(g) - 1; u >= 0; u-- {
			v, err := s.Value(context.Background(), u)
			if err != nil || !v.Equal(want[u]) {
				t.Fatalf("graph %v: dense value of %d = %v, %v; want %v", g, u, v, err, want[u])
			}
		}
	}
	s := impartial.NewLoopySolver[int](denseGraph{digraph{{1}, {2}, {0, 3}, {}}}, impartial.Settings{Budget: impartial.Budget{MaxPositions: 2}})
	if _, err := s.Value(context.Background(), 0); err == nil {
		t.Fatal("want a budget error")
	}
	if v, err := s.Value(context.Background(), 3); err != nil || v.Inf || v.N != 0 {
		t.Fatalf("after a budget error: %v %v", v, err)
	}
}

type denseGraph struct{ digraph }

func (g denseGraph) Index(n int) (int, bool) { return n, n < len(g.digraph) }
func (g denseGraph) IndexLimit() int         { return len(g.digraph) }

// TestLoopyAcyclicAgrees: on acyclic games the generalized value is the
// nim-value and there are no draws.
func TestLoopyAcyclicAgrees(t *testing.T) {
	g := subtraction{1, 3, 4}
	ls := impartial.NewLoopySolver[int](g, impartial.Settings{})
	s := impartial.NewSolver[int](g, impartial.Settings{})
	ctx := context.Background()
	for n := range 60 {
		lv, err := ls.Value(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := s.Value(ctx, n)
		if lv.Inf || lv.N != v {
			t.Errorf("G(%d) = %v, loopy value %v", n, v, lv)
		}
	}
	lv, _ := ls.Value(ctx, 5, 9, 13)
	v, _ := s.Value(ctx, 5, 9, 13)
	if lv.Inf || lv.N != v {
		t.Errorf("sum: %v vs %v", lv, v)
	}
}

// TestLoopyGoodMoves checks that the moves listed win (or draw) and that the
// first move of a win takes the shortest way.
func TestLoopyGoodMoves(t *testing.T) {
	ctx := context.Background()
	// 0 → 1, 2; 1 → 3 (a loss in 1 for ... ) see below.
	// t=3 terminal. 1 → 3: 1 wins in 1. 2 → 1: loss in 2. 4 → 4, 2: draw or
	// a move to 2 (a P-position): 4 wins in 3. 0 → 2, 3, 0: wins in 1 (to 3)
	// or in 3 (to 2).
	g := digraph{{2, 3, 0}, {3}, {1}, {}, {4, 2}}
	s := impartial.NewLoopySolver[int](g, impartial.Settings{})
	moves, out, err := s.GoodMoves(ctx, 0)
	if err != nil || out != impartial.N || len(moves) != 2 || moves[0].To != 3 || moves[0].Remoteness != 0 || moves[1].To != 2 {
		t.Fatalf("moves from 0: %+v %v %v", moves, out, err)
	}
	// A draw: the self-loop keeps it; moving to 2 is not good for the mover? 2 is P, so 4 is N.
	moves, out, _ = s.GoodMoves(ctx, 4)
	if out != impartial.N || len(moves) != 1 || moves[0].To != 2 {
		t.Fatalf("moves from 4: %+v %v", moves, out)
	}
	// Sum of two draws ∞ + ∞: every move keeps the draw here.
	d := digraph{{0, 1}, {0}}
	ds := impartial.NewLoopySolver[int](d, impartial.Settings{})
	moves, out, _ = ds.GoodMoves(ctx, 0, 0)
	if out != impartial.Draw || len(moves) != 4 {
		t.Fatalf("draw moves: %+v %v", moves, out)
	}
}

func TestLoopyBudget(t *testing.T) {
	// An infinite graph: n → n+1 and n → 0.
	s := impartial.NewLoopySolver[int](infinite{}, impartial.Settings{Budget: impartial.Budget{MaxPositions: 1000}})
	_, err := s.Value(context.Background(), 0)
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitPositions {
		t.Fatalf("err = %v, want a position budget error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = impartial.NewLoopySolver[int](infinite{}, impartial.Settings{})
	if _, err := s.Value(ctx, 0); !errors.As(err, &be) || be.Limit != impartial.LimitCanceled {
		t.Fatalf("err = %v, want canceled", err)
	}
}

type infinite struct{}

func (infinite) Moves(n int, yield func(int) bool) {
	_ = yield(n+1) && yield(0)
}

// splitGame splits even positions into two halves, to check that loopy
// analysis refuses options that split.
type splitGame struct{}

func (splitGame) Moves(n int, yield func(int) bool) {
	if n > 0 {
		yield(n * 2)
	}
}
func (splitGame) Components(n int, yield func(int) bool) {
	if n%2 == 0 && n > 0 {
		_ = yield(n/2) && yield(n/2)
		return
	}
	yield(n)
}

func TestLoopySplitOptionsRefused(t *testing.T) {
	s := impartial.NewLoopySolver[int](splitGame{}, impartial.Settings{})
	_, err := s.Value(context.Background(), 3)
	if err == nil {
		t.Fatal("want an error for a move that splits")
	}
	// The root itself may split: 6 = 3 + 3, each 3 → 6 splits... still refused.
	if _, err := s.Value(context.Background(), 1); err == nil {
		t.Fatal("want an error")
	}
}

func ExampleLoopySolver() {
	// A three-cycle u → v → w → u with an exit w → t.
	g := digraph{{1}, {2}, {0, 3}, {}}
	s := impartial.NewLoopySolver[int](g, impartial.Settings{})
	for u, name := range []string{"u", "v", "w", "t"} {
		v, _ := s.Value(context.Background(), u)
		r, _, _ := s.Remoteness(context.Background(), u)
		fmt.Printf("%s: value %v, %v in %d\n", name, v, v.Outcome(), r)
	}
	sum, _ := s.Value(context.Background(), 0, 2)
	fmt.Println("u + w:", sum, sum.Outcome())
	// Output:
	// u: value 1, N in 3
	// v: value 0, P in 2
	// w: value 2, N in 1
	// t: value 0, P in 0
	// u + w: 3 N
}

func ExampleLoopyValue_Add() {
	x := impartial.InfiniteValue(0, 2)
	fmt.Println(x, x.Outcome())
	fmt.Println(x.Add(impartial.FiniteValue(2)), x.Add(impartial.FiniteValue(2)).Outcome())
	fmt.Println(x.Add(impartial.FiniteValue(1)), x.Add(impartial.FiniteValue(1)).Outcome())
	fmt.Println(x.Add(impartial.InfiniteValue()), x.Add(x).Outcome())
	// Output:
	// ∞(0,2) N
	// ∞(0,2) N
	// ∞(1,3) D
	// ∞ D
}

// subtraction is the subtraction game with the given sizes.
type subtraction []int

func (g subtraction) Moves(n int, yield func(int) bool) {
	for _, k := range g {
		if k <= n && !yield(n-k) {
			return
		}
	}
}

// TestLoopyFirstMoveWins: a player who always takes the first move
// GoodMoves lists wins every N-position of random sums of two loopy games,
// whatever the opponent does: the strategy never lets a position come back.
func TestLoopyFirstMoveWins(t *testing.T) {
	r := rand.New(rand.NewPCG(9, uint64(*firstMoveSeed)))
	ctx := context.Background()
	for trial := range *firstMoveTrials {
		g := randomDigraph(r, 1+r.IntN(6), 0.3)
		h := randomDigraph(r, 1+r.IntN(6), 0.3)
		comps := []digraph{g, h}
		if trial%3 == 0 {
			comps = comps[:1]
		}
		s := impartial.NewLoopySolver[int](disjoint(comps), impartial.Settings{})
		if trial%2 == 0 {
			// Without the sum's graph: the counter order must win too.
			s.SumGraphLimit = -1
		}
		// Positions of the sum are tuples of vertices, one per component;
		// component i's vertex v is the position offset(i)+v of disjoint.
		off := []int{0, len(g)}
		state := map[string]int{} // 1 on the stack, 2 won
		var winnerWins func(pos []int) bool
		winnerWins = func(pos []int) bool {
			key := fmt.Sprint(pos)
			switch state[key] {
			case 1:
				return false // the strategy came back to a position: no progress
			case 2:
				return true
			}
			state[key] = 1
			ps := make([]int, len(pos))
			for i, v := range pos {
				ps[i] = off[i] + v
			}
			moves, out, err := s.GoodMoves(ctx, ps...)
			if err != nil || out != impartial.N || len(moves) == 0 {
				t.Fatalf("%v at %v: %v %v %v", comps, pos, moves, out, err)
			}
			next := slices.Clone(pos)
			next[moves[0].Index] = moves[0].To - off[moves[0].Index]
			// The opponent tries every move.
			for i, v := range next {
				for _, w := range comps[i][v] {
					after := slices.Clone(next)
					after[i] = w
					if !winnerWins(after) {
						return false
					}
				}
			}
			state[key] = 2
			return true
		}
		var all func(pos []int)
		all = func(pos []int) {
			if len(pos) == len(comps) {
				ps := make([]int, len(pos))
				for i, v := range pos {
					ps[i] = off[i] + v
				}
				if o, _ := s.Outcome(ctx, ps...); o == impartial.N && !winnerWins(pos) {
					t.Fatalf("%v: the first good move does not win from %v", comps, pos)
				}
				return
			}
			for v := range comps[len(pos)] {
				all(append(pos, v))
			}
		}
		all(nil)
	}
}

var (
	firstMoveSeed   = flag.Int("firstmove.seed", 4, "seed of TestLoopyFirstMoveWins")
	firstMoveTrials = flag.Int("firstmove.trials", 300, "trials of TestLoopyFirstMoveWins")
)

// disjoint is the disjoint union of graph games: the vertices of component
// i are numbered after those of components 0..i-1.
func disjoint(gs []digraph) digraph {
	var out digraph
	for _, g := range gs {
		base := len(out)
		for _, vs := range g {
			var ws []int
			for _, v := range vs {
				ws = append(ws, base+v)
			}
			out = append(out, ws)
		}
	}
	return out
}
