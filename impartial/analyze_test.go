package impartial_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

// loopyDigraph is a digraph that declares itself loopy, as Starlark games
// with loopy = True do.
type loopyDigraph struct {
	digraph
	loop impartial.Loopiness
}

func (g loopyDigraph) Loopiness() impartial.Loopiness { return g.loop }

// Analyze on random graphs, acyclic ones through the Sprague–Grundy search
// and cyclic ones through loopy analysis, agrees with the depth-bounded
// brute force (naiveOutcomes) on every position, and lists exactly the moves
// a perfect player considers.
func TestAnalyzeRandomGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	for trial := range 200 {
		g := randomDigraph(r, 2+r.IntN(10), 0.25)
		want, _ := naiveOutcomes(g)
		for _, loop := range []impartial.Loopiness{impartial.MayLoop, impartial.Loopy} {
			lg := loopyDigraph{g, loop}
			for u := range g {
				res, err := impartial.Analyze(bg, lg, []int{u}, impartial.Query{})
				if err != nil {
					t.Fatalf("trial %d, %v, node %d: %v", trial, loop, u, err)
				}
				if res.Outcome != want[u] {
					t.Fatalf("trial %d, node %d: outcome %v (%s), brute force %v", trial, u, res.Outcome, res.By, want[u])
				}
				for _, m := range res.Moves {
					switch {
					case want[u] == impartial.N && want[m.To] != impartial.P,
						want[u] == impartial.Draw && want[m.To] != impartial.Draw:
						t.Fatalf("trial %d, node %d (%v): listed move to %d (%v)", trial, u, want[u], m.To, want[m.To])
					}
				}
				if res.Count != int64(len(res.Moves)) {
					t.Fatalf("trial %d, node %d: count %d, %d moves", trial, u, res.Count, len(res.Moves))
				}
			}
		}
	}
}

// A cycle in a game that does not declare itself loopy is an error naming
// the cycle; under misère play a loopy game is refused as unsupported.
func TestAnalyzeCycles(t *testing.T) {
	g := digraph{{1}, {2}, {0}}
	_, err := impartial.Analyze(bg, g, []int{0}, impartial.Query{})
	var ce *impartial.CycleError
	if !errors.As(err, &ce) {
		t.Fatalf("acyclic game with a cycle: err = %v, want a CycleError", err)
	}
	res, err := impartial.Analyze(bg, loopyDigraph{g, impartial.MayLoop}, []int{0}, impartial.Query{})
	if err != nil || res.Outcome != impartial.Draw || res.By != impartial.ByLoopy {
		t.Fatalf("loopy 3-cycle: %+v, %v; want a draw by loopy analysis", res, err)
	}
	_, err = impartial.Analyze(bg, loopyDigraph{g, impartial.MayLoop}, []int{0}, impartial.Query{Misere: true})
	var ue *impartial.UnsupportedError
	if !errors.As(err, &ue) {
		t.Fatalf("misère loopy: err = %v, want an UnsupportedError", err)
	}
}

// The value and the outcome never wait for the list of moves: when the
// list runs out of moves to examine, the answer still comes, with the
// moves found, an unknown count and the budget that stopped the list.
func TestAnalyzeValueDoesNotWaitForMoves(t *testing.T) {
	// wide: heap n has the options 0..n-1 (Nim without its closed forms),
	// so a heap of a billion has a billion options.
	q := impartial.Query{Settings: impartial.Settings{Budget: impartial.Budget{MaxMoves: 10_000}}}
	res, err := impartial.Analyze(bg, impartial.Plain(games.Nim{}), []int{1_000_000_000, 3}, q)
	if err == nil {
		t.Fatalf("plain Nim 10^9 + 3 = %+v: want a budget error (its value needs a search)", res)
	}
	// With the closed form the value is known at once, and the winning
	// move comes from the closed form too.
	res, err = impartial.Analyze(bg, games.Nim{}, []int{1_000_000_000, 3}, q)
	if err != nil || *res.Value != 1_000_000_000^3 || len(res.Moves) != 1 || res.Count != 1 {
		t.Fatalf("Nim 10^9 + 3: %+v, %v", res, err)
	}
	// AllOptions on a billion options: the list stops at the move budget,
	// the value and outcome are still there.
	q.AllOptions = true
	res, err = impartial.Analyze(bg, games.Nim{}, []int{1_000_000_000, 3}, q)
	if err != nil || res.Value == nil || res.Stopped == nil || res.Stopped.Limit != impartial.LimitMoves || res.Count != -1 {
		t.Fatalf("Nim 10^9 + 3, all options: %+v, %v; want the value and a list stopped by the move budget", res, err)
	}
}

// MaxListed bounds the list but not the count.
func TestAnalyzeMaxListed(t *testing.T) {
	// Nim 7 11 13 14 has value 15 and three winning moves (11 → 4,
	// 13 → 2, 14 → 1); the oracle finds them without Bouton's rule.
	hs := []int{7, 11, 13, 14}
	or := impartialtest.NewOracle[int](games.Nim{})
	want := or.WinningMoves(false, hs...)
	res, err := impartial.Analyze(bg, games.Nim{}, hs, impartial.Query{MaxListed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 3 || len(res.Moves) != 2 || res.Count != 3 {
		t.Fatalf("listed %d moves, count %d; want %d listed of %d", len(res.Moves), res.Count, min(2, len(want)), len(want))
	}
}

// Target lists the options of one component that reach a given value of
// the whole, the question a sum of different games asks of each component.
func TestAnalyzeTarget(t *testing.T) {
	g, _ := games.NewSubtraction([]int{1, 3, 4})
	or := impartialtest.NewOracle[int](g)
	for n := range 30 {
		for want := range impartial.Nimber(4) {
			res, err := impartial.Analyze(bg, g, []int{n}, impartial.Query{Target: &want})
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			for _, m := range res.Moves {
				got = append(got, m.To)
			}
			var exp []int
			for _, o := range or.Options(n) {
				if or.Value(o) == want {
					exp = append(exp, o)
				}
			}
			if !slices.Equal(got, exp) {
				t.Errorf("subtract:1,3,4 %d, target %d: %v, want %v", n, want, got, exp)
			}
		}
	}
}

// A misère search of a heap with a hundred million options stops at the
// move budget, and a deadline ends it too (regression:
// `grundy solve fibonacci-nim 100000000 --misere` reached 4 GB and ignored
// SIGTERM; impartial/misere.go listed every option with no check). Which
// limit stops each search is the check; the times are only logged, with a
// failsafe far above them (unchecked, the CLI reached 4 GB in 35 s: issue
// 13, item 11).
func TestAnalyzeMisereBounded(t *testing.T) {
	const failsafe = 60 * time.Second
	q := impartial.Query{Misere: true, Settings: impartial.Settings{Budget: impartial.Budget{MaxMoves: 100_000, MaxMemory: 64 << 20}}}
	start := time.Now()
	_, err := impartial.Analyze(bg, games.FibonacciNim{}, []games.FibPos{{N: 100_000_000}}, q)
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitMoves {
		t.Fatalf("misère Fibonacci Nim 10^8: err = %v, want the move budget error", err)
	}
	d := time.Since(start)
	t.Logf("stopped by the move budget after %v", d)
	if d > failsafe {
		t.Errorf("misère Fibonacci Nim 10^8 took %v to hit its budget", d)
	}
	// No work budget: only the deadline can stop it, and 100 ms is far too
	// little for 10^8 options on any machine.
	ctx, cancel := context.WithTimeout(bg, 100*time.Millisecond)
	defer cancel()
	q.Budget = impartial.Budget{}
	start = time.Now()
	_, err = impartial.Analyze(ctx, games.FibonacciNim{}, []games.FibPos{{N: 100_000_000}}, q)
	if !errors.As(err, &be) || be.Limit != impartial.LimitTime {
		t.Fatalf("misère Fibonacci Nim 10^8 under a 100 ms deadline: err = %v, want a time budget error", err)
	}
	d = time.Since(start)
	t.Logf("stopped by its 100 ms deadline after %v", d)
	if d > failsafe {
		t.Errorf("misère Fibonacci Nim 10^8 took %v to notice its 100 ms deadline", d)
	}
}

// A context canceled with a BudgetError cause (the memory watchdog's way
// to stop a question) reports that cause.
func TestContextErrorCause(t *testing.T) {
	ctx, cancel := context.WithCancelCause(bg)
	cancel(&impartial.BudgetError{Limit: impartial.LimitMemory, Max: 1 << 20})
	_, err := impartial.Analyze(ctx, impartial.Plain(games.Nim{}), []int{10}, impartial.Query{})
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitMemory {
		t.Fatalf("err = %v, want the memory cause", err)
	}
}

// Reply wins when it can, by the quickest win when the graph is small
// enough to rank, and plays on from a lost position.
func TestReply(t *testing.T) {
	g, _ := games.NewSubtraction([]int{1, 3, 4})
	or := impartialtest.NewOracle[int](g)
	for a := range 12 {
		for b := range 12 {
			m, ok, err := impartial.Reply(bg, g, []int{a, b}, impartial.Query{})
			if err != nil {
				t.Fatal(err)
			}
			hasMove := len(or.Options(a))+len(or.Options(b)) > 0
			if ok != hasMove {
				t.Fatalf("%d %d: ok = %v, has a move %v", a, b, ok, hasMove)
			}
			if !ok {
				continue
			}
			next := []int{a, b}
			if !slices.Contains(or.Options(next[m.Index]), m.To) {
				t.Fatalf("%d %d: reply %v is not a move", a, b, m)
			}
			next[m.Index] = m.To
			if or.Wins(false, a, b) && or.Wins(false, next...) {
				t.Fatalf("%d %d is won but the reply %v loses", a, b, m)
			}
		}
	}
}

// Values holds each component's value, and their nim-sum is the value of
// the sum that the oracle finds by exhaustive search of the sum's own game
// graph (the Sprague–Grundy theorem, checked, not assumed).
func TestAnalyzeComponentValues(t *testing.T) {
	g, _ := games.NewSubtraction([]int{1, 3, 4})
	or := impartialtest.NewOracle[int](g)
	for _, hs := range [][]int{{3, 4, 5}, {7, 2}, {9, 9, 1}, {0, 6}, {12, 5, 8, 3}} {
		res, err := impartial.Analyze(bg, g, hs, impartial.Query{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Values) != len(hs) {
			t.Fatalf("%v: %d component values", hs, len(res.Values))
		}
		var x impartial.Nimber
		for i, h := range hs {
			if want := or.Value(h); res.Values[i] != want {
				t.Errorf("%v: component %d has value %d, the oracle says %d", hs, i, res.Values[i], want)
			}
			x ^= res.Values[i]
		}
		if want := sumValue(or, hs, map[string]impartial.Nimber{}); x != want || *res.Value != want {
			t.Errorf("%v: ⊕ of the components %d, value %d, the oracle's search of the sum %d", hs, x, *res.Value, want)
		}
	}
	// Misère play has no values to add.
	res, err := impartial.Analyze(bg, g, []int{3, 4}, impartial.Query{Misere: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Values != nil {
		t.Errorf("misère play: component values %v, want none", res.Values)
	}
}

// sumValue is the nim-value of the sum hs by mex over the sum's own
// options (every move of every component), memoized by position.
func sumValue(or *impartialtest.Oracle[int], hs []int, memo map[string]impartial.Nimber) impartial.Nimber {
	key := fmt.Sprint(hs)
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[impartial.Nimber]bool{}
	for i, h := range hs {
		for _, q := range or.Options(h) {
			next := slices.Clone(hs)
			next[i] = q
			seen[sumValue(or, next, memo)] = true
		}
	}
	var v impartial.Nimber
	for seen[v] {
		v++
	}
	memo[key] = v
	return v
}
