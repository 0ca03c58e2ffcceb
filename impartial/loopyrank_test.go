package impartial_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// TestLoopyRankedMoves checks RankedMoves against the level-by-level
// definition of outcome and remoteness (naiveOutcomes) on the graph of
// random loopy games and of sums of two: every legal move is listed once;
// wins come first, then draws, then losses; the remoteness reported for each
// move is the true one; and the first move wins fastest from an
// N-position, keeps the draw from a draw, and delays the loss longest from a
// P-position. Without the sum's graph (SumGraphLimit < 0) the first move
// must still win, draw or (of necessity) lose as the position allows.
func TestLoopyRankedMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 7))
	ctx := context.Background()
	rank := func(o impartial.Outcome) int { // of the position a move leads to
		return map[impartial.Outcome]int{impartial.P: 0, impartial.Draw: 1, impartial.N: 2}[o]
	}
	var seen [3][2]int // outcome of the position × whether the first move's remoteness was checked
	for trial := range 600 {
		comps := []digraph{randomDigraph(r, 1+r.IntN(7), []float64{0.15, 0.3}[trial%2])}
		if trial%3 != 0 {
			comps = append(comps, randomDigraph(r, 1+r.IntN(5), 0.3))
		}
		noSumGraph := trial%4 == 1
		s := impartial.NewLoopySolver[int](disjoint(comps), impartial.Settings{})
		if noSumGraph {
			s.SumGraphLimit = -1
		}
		prod, tuples, encode := loopySumGraph(comps)
		outs, rems := naiveOutcomes(prod)
		off := []int{0}
		for _, g := range comps[:len(comps)-1] {
			off = append(off, off[len(off)-1]+len(g))
		}
		for _, pos := range tuples {
			x := encode(pos)
			ps := make([]int, len(pos))
			live := 0
			for i, v := range pos {
				ps[i] = off[i] + v
				if len(comps[i][v]) > 0 {
					live++
				}
			}
			known := live <= 1 || !noSumGraph
			fail := func(format string, args ...any) {
				t.Helper()
				t.Fatalf("trial %d, components %v, position %v (%v in %d): %s", trial, comps, pos, outs[x], rems[x], fmt.Sprintf(format, args...))
			}
			moves, out, err := s.RankedMoves(ctx, ps...)
			if err != nil {
				fail("%v", err)
			}
			if out != outs[x] {
				fail("outcome %v", out)
			}
			// Every legal move once.
			var got, want []string
			for _, m := range moves {
				got = append(got, fmt.Sprint(m.Index, m.To-off[m.Index]))
			}
			for i, v := range pos {
				for _, w := range comps[i][v] {
					want = append(want, fmt.Sprint(i, w))
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				fail("moves %v, want %v", got, want)
			}
			checkRankOrder(moves, pos, off, encode, outs, rems, known, fail)
			if len(moves) == 0 {
				continue
			}
			first := slices.Clone(pos)
			first[moves[0].Index] = moves[0].To - off[moves[0].Index]
			y := encode(first)
			wantOut := map[impartial.Outcome]impartial.Outcome{impartial.N: impartial.P, impartial.Draw: impartial.Draw, impartial.P: impartial.N}[outs[x]]
			if outs[y] != wantOut {
				fail("first move to %v, a %v", first, outs[y])
			}
			checked := 0
			if known && outs[x] != impartial.Draw {
				// Steinhaus: a win in r moves goes to a loss in r-1, the
				// nearest; a loss in r moves to a win in r-1, the farthest.
				if rems[y] != rems[x]-1 {
					fail("first move to %v: remoteness %d, want %d", first, rems[y], rems[x]-1)
				}
				checked = 1
			}
			seen[rank(outs[x])][checked]++
		}
	}
	// The random graphs must have exercised every case.
	for o, name := range []string{"N", "draw", "P"} {
		if (o != 1 && seen[o][1] == 0) || seen[o][0]+seen[o][1] == 0 {
			t.Errorf("no %s-position checked: %v", name, seen)
		}
	}
	t.Logf("positions checked [N D P][remoteness unknown, checked]: %v", seen)
}

// loopySumGraph builds the graph of the sum of comps on its own: position
// (a, b, …) is numbered by encode, a mixed-radix number; tuples lists
// every position.
func loopySumGraph(comps []digraph) (prod digraph, tuples [][]int, encode func([]int) int) {
	size := 1
	for _, g := range comps {
		size *= len(g)
	}
	encode = func(pos []int) int {
		x := 0
		for i, v := range pos {
			x = x*len(comps[i]) + v
		}
		return x
	}
	prod = make(digraph, size)
	var each func(pos []int)
	each = func(pos []int) {
		if len(pos) == len(comps) {
			tuples = append(tuples, slices.Clone(pos))
			return
		}
		for v := range comps[len(pos)] {
			each(append(pos, v))
		}
	}
	each(nil)
	for _, pos := range tuples {
		for i, v := range pos {
			for _, w := range comps[i][v] {
				next := slices.Clone(pos)
				next[i] = w
				prod[encode(pos)] = append(prod[encode(pos)], encode(next))
			}
		}
	}
	return prod, tuples, encode
}

// checkRankOrder checks the ranked moves from pos (components offset by
// off in the solver's numbering) against the sum's true outcomes and
// remotenesses: each move's value and remoteness (when known), wins before
// draws before losses, the quickest win and the slowest loss first.
func checkRankOrder(moves []impartial.LoopyMove[int], pos, off []int, encode func([]int) int, outs []impartial.Outcome, rems []int, known bool, fail func(string, ...any)) {
	rank := func(o impartial.Outcome) int { // of the position a move leads to
		return map[impartial.Outcome]int{impartial.P: 0, impartial.Draw: 1, impartial.N: 2}[o]
	}
	prevRank, prevRem := -1, 0
	for k, m := range moves {
		next := slices.Clone(pos)
		next[m.Index] = m.To - off[m.Index]
		y := encode(next)
		if m.Value.Outcome() != outs[y] {
			fail("move %d to %v: value %v, but the position is %v", k, next, m.Value, outs[y])
		}
		if m.Remoteness != -1 && m.Remoteness != rems[y] || known && m.Remoteness != rems[y] {
			fail("move %d to %v: remoteness %d, want %d", k, next, m.Remoteness, rems[y])
		}
		rk := rank(outs[y])
		switch {
		case rk < prevRank:
			fail("move %d to %v (%v) listed after a worse one: %+v", k, next, outs[y], moves)
		case rk == prevRank && known && rk == 0 && rems[y] < prevRem:
			fail("winning move %d to %v (in %d) listed after a slower one: %+v", k, next, rems[y], moves)
		case rk == prevRank && known && rk == 2 && rems[y] > prevRem:
			fail("losing move %d to %v (in %d) listed after a quicker one: %+v", k, next, rems[y], moves)
		}
		prevRank, prevRem = rk, rems[y]
	}
}

// TestLoopyRankedPlayout: when both players always take the first ranked
// move, a game from a position of remoteness r ends after exactly r moves,
// and a game from a draw never leaves the draws.
func TestLoopyRankedPlayout(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 8))
	ctx := context.Background()
	for range 300 {
		g := randomDigraph(r, 1+r.IntN(10), 0.2)
		s := impartial.NewLoopySolver[int](g, impartial.Settings{})
		outs, rems := naiveOutcomes(g)
		for u := range g {
			p, n := u, 0
			for ; n <= 2*len(g)+2; n++ {
				moves, _, err := s.RankedMoves(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				if len(moves) == 0 {
					break
				}
				p = moves[0].To
				if outs[u] == impartial.Draw && outs[p] != impartial.Draw {
					t.Fatalf("graph %v: from the draw %d the first moves reach %d, a %v", g, u, p, outs[p])
				}
			}
			if outs[u] != impartial.Draw && n != rems[u] {
				t.Fatalf("graph %v: from %d (%v in %d) the game lasted %d moves", g, u, outs[u], rems[u], n)
			}
		}
	}
}

// TestLoopyRankedMovesHandMade: the graph of examples/draw.star, worked
// out by hand, and a P-position with a near and a far loss.
func TestLoopyRankedMovesHandMade(t *testing.T) {
	ctx := context.Background()
	// 0 → 1; 1 → 2; 2 → 0, 5; 3 → 3, 1; 4 → 4, 0; 5 terminal.
	// 5: P in 0. 2: N in 1. 1: P in 2. 0: N in 3. 3: N in 3 (to 1).
	// 4: the move to 0 loses (0 is N in 3), 4 → 4 is a draw: a draw.
	g := digraph{{1}, {2}, {0, 5}, {3, 1}, {4, 0}, {}}
	s := impartial.NewLoopySolver[int](g, impartial.Settings{})
	for _, c := range []struct {
		from int
		want []int // the moves' targets, best first
		out  impartial.Outcome
	}{
		{2, []int{5, 0}, impartial.N}, // win at once; 0 would lose in 3
		{3, []int{1, 3}, impartial.N}, // win in 3; the loop 3 → 3 hands the win over
		{4, []int{4, 0}, impartial.Draw},
		{1, []int{2}, impartial.P},
	} {
		moves, out, err := s.RankedMoves(ctx, c.from)
		var to []int
		for _, m := range moves {
			to = append(to, m.To)
		}
		if err != nil || out != c.out || !slices.Equal(to, c.want) {
			t.Errorf("RankedMoves(%d) = %v %v %v, want %v %v", c.from, to, out, err, c.want, c.out)
		}
	}
	// 0 → 1, 4; 1 → 3; 4 → 5 → 6 → 3; 3 terminal (2 is unused).
	// 1 and 6 are N in 1, 5 is P in 2, 4 is N in 3: from 0, a P-position
	// in 4, the move to 4 delays the loss, the move to 1 hastens it.
	h := digraph{{1, 4}, {3}, {}, {}, {5}, {6}, {3}}
	hs := impartial.NewLoopySolver[int](h, impartial.Settings{})
	moves, out, err := hs.RankedMoves(ctx, 0)
	if err != nil || out != impartial.P || len(moves) != 2 || moves[0].To != 4 || moves[0].Remoteness != 3 || moves[1].To != 1 || moves[1].Remoteness != 1 {
		t.Errorf("RankedMoves(0) = %+v %v %v, want 4 (in 3) before 1 (in 1)", moves, out, err)
	}
}

// TestLoopyAcyclicRandom: on random acyclic graphs (where the loopy solver
// takes its linear-time path) the generalized values, of positions and of
// sums of two, are the nim-values of the acyclic Solver, and the remoteness
// is the level-by-level one. A solver asked first about an acyclic part and
// then about a cyclic one switches to Fraenkel and Yesha's algorithm and
// still agrees with the definitions.
func TestLoopyAcyclicRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 9))
	ctx := context.Background()
	for range 300 {
		n := 1 + r.IntN(12)
		g := make(digraph, n)
		for u := range g {
			for v := range u {
				if r.Float64() < 0.4 {
					g[u] = append(g[u], v)
				}
			}
		}
		ls := impartial.NewLoopySolver[int](g, impartial.Settings{})
		sv := impartial.NewSolver[int](g, impartial.Settings{})
		_, rems := naiveOutcomes(g)
		for u := range g {
			for w := range g {
				lv, err := ls.Value(ctx, u, w)
				v, err2 := sv.Value(ctx, u, w)
				if err != nil || err2 != nil || lv.Inf || lv.N != v {
					t.Fatalf("graph %v: %d + %d: loopy value %v (%v), nim-value %v (%v)", g, u, w, lv, err, v, err2)
				}
			}
			if rem, _, _ := ls.Remoteness(ctx, u); rem != rems[u] {
				t.Fatalf("graph %v: remoteness of %d = %d, want %d", g, u, rem, rems[u])
			}
		}
		// Add a cycle reachable from a new vertex: the whole graph is
		// analyzed again, by the general algorithm.
		h := append(slices.Clone(g), []int{n + 1}, []int{n, 0})
		hs := impartial.NewLoopySolver[int](h, impartial.Settings{})
		for u := range g {
			if _, err := hs.Value(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		vals, _, hrems := loopyAll(t, h)
		wantOuts, wantRems := naiveOutcomes(h)
		for u := range h {
			v, _ := hs.Value(ctx, u)
			if !v.Equal(vals[u]) || v.Outcome() != wantOuts[u] || hrems[u] != wantRems[u] {
				t.Fatalf("graph %v: %d has value %v, fresh solver %v, outcome want %v", h, u, v, vals[u], wantOuts[u])
			}
		}
		checkGSG(t, h, vals)
	}
}

// TestLoopySumGraphMoveLimit: a sum's graph with more moves than
// SumGraphMoveLimit is given up (SumRemoteness reports a budget error and
// RankedMoves no remoteness for a sum), and one within it is explored.
func TestLoopySumGraphMoveLimit(t *testing.T) {
	ctx := context.Background()
	// Subtraction {1, 2} heaps 6 + 6: 28 states of the sorted sum, 2 to 4
	// moves each; the remoteness of a P-position of sum 12 is 8.
	s := impartial.NewLoopySolver[int](subtraction{1, 2}, impartial.Settings{})
	s.SumGraphMoveLimit = 20
	var be *impartial.BudgetError
	if _, _, err := s.SumRemoteness(ctx, 6, 6); !errors.As(err, &be) {
		t.Fatalf("SumRemoteness under 20 moves: %v, want a budget error", err)
	}
	moves, _, err := s.RankedMoves(ctx, 6, 6)
	if err != nil || len(moves) != 4 || moves[0].Remoteness != -1 {
		t.Fatalf("RankedMoves under 20 moves: %+v %v, want 4 moves of unknown remoteness", moves, err)
	}
	s.SumGraphMoveLimit = 1000
	if r, ok, err := s.SumRemoteness(ctx, 6, 6); err != nil || !ok || r != 8 {
		t.Fatalf("SumRemoteness(6, 6) = %d %v %v, want a loss in 8", r, ok, err)
	}
}
