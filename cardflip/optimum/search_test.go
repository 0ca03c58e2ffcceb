package optimum

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/internal/longtest"
)

// The spec's facts: m = 1 gives 1, m = 2 gives 5/2, m = 3 gives 25/6
// (= 2m − H_m, so the memory lower bound is reached), and the strategy the
// search returns reaches its value when the engine plays it on all deals.
func TestOptimalSmall(t *testing.T) {
	for m, want := range map[int]string{1: "1", 2: "5/2", 3: "25/6"} {
		r, err := Search(context.Background(), m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Expectation.RatString() != want {
			t.Errorf("m=%d: %s, want %s", m, r.Expectation.RatString(), want)
		}
		if got := exact(t, r.Policy, m, cardflip.Rules{}); got.Cmp(r.Expectation) != 0 {
			t.Errorf("m=%d: the policy plays %s, the search said %s", m, got.RatString(), r.Expectation.RatString())
		}
		// No table-only strategy beats the one-player bound 2m − H_m,
		// and none of ours beats the optimum.
		if r.Expectation.Cmp(cardflip.SingleExpectation(m)) < 0 {
			t.Errorf("m=%d: below 2m − H_m", m)
		}
		for _, s := range []cardflip.Strategy{cardflip.FrontToBack(), cardflip.DivideConquer(), cardflip.Stacks(), cardflip.Partition()} {
			if exact(t, s, m, cardflip.Rules{}).Cmp(r.Expectation) < 0 {
				t.Errorf("m=%d: %s beats the optimum", m, s.Info().Name)
			}
		}
	}
}

// The search against the first search (optimal_ref_test.go: its bound is
// one turn per card left, without symmetry or bounds across levels): the
// same optimum for m ≤ 3 table-only and m = 2 table+turn, and for m = 4
// the first search's 73/12 (five minutes of one core: with GRUNDY_LONG), and table+turn at m = 2 and 3 (the turn search of
// turnsearch.go). (The first search let the last turn pass the turn limit,
// so table+turn is compared where the limit does not bind.) Table+turn at
// m = 3 within 6 turns is 25/6, the memory bound: the turn number cannot
// help where the table already reaches it.
func TestOptimalMatchesFirstSearch(t *testing.T) {
	ctx := context.Background()
	if r, err := Search(ctx, 3, Options{Model: cardflip.TurnNumber, MaxTurns: 6}); err != nil || r.Expectation.Cmp(cardflip.SingleExpectation(3)) != 0 {
		t.Errorf("table+turn m=3: %v %v", r, err)
	}
	cases := []struct {
		m, maxTurns int
		model       cardflip.Model
	}{{1, 0, cardflip.TableOnly}, {2, 0, cardflip.TableOnly}, {3, 0, cardflip.TableOnly}, {2, 6, cardflip.TurnNumber}, {3, 5, cardflip.TurnNumber}}
	if longtest.Enabled() {
		cases = append(cases, struct {
			m, maxTurns int
			model       cardflip.Model
		}{4, 0, cardflip.TableOnly})
	}
	for _, c := range cases {
		want, err := refOptimal(ctx, c.m, c.model, c.maxTurns)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Search(ctx, c.m, Options{Model: c.model, MaxTurns: c.maxTurns})
		if err != nil {
			t.Fatal(err)
		}
		if got.Expectation.Cmp(want.Expectation) != 0 {
			t.Errorf("m=%d %v: %s, the first search %s", c.m, c.model, got.Expectation.RatString(), want.Expectation.RatString())
		}
		if pol := exact(t, got.Policy, c.m, cardflip.Rules{Model: c.model}); pol.Cmp(got.Expectation) != 0 {
			t.Errorf("m=%d %v: the policy plays %s", c.m, c.model, pol.RatString())
		}
	}
}

// m = 4 and m = 5: the optima 73/12 (the first search's, in five minutes)
// and 161/20, each reached by the strategy the search prints (played by
// the engine on all deals), found again by the search without the mirror
// symmetry and, for m = 4, with the plain bound (one turn per card left)
// instead of the memory player's decision tree: the bound's pruning and
// the symmetry change the work, not the answer.
func TestOptimalFourFive(t *testing.T) {
	ctx := context.Background()
	for m, want := range map[int]string{4: "73/12", 5: "161/20"} {
		if m == 5 && !longtest.Enabled() {
			continue // with GRUNDY_LONG
		}
		r, err := Search(ctx, m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Expectation.RatString() != want {
			t.Errorf("m=%d: %s, want %s", m, r.Expectation.RatString(), want)
		}
		if got := exact(t, r.Policy, m, cardflip.Rules{}); got.Cmp(r.Expectation) != 0 {
			t.Errorf("m=%d: the policy plays %s, the search said %s", m, got.RatString(), r.Expectation.RatString())
		}
		// Read back from its printed table, the strategy plays the same.
		printed, err := cardflip.ParseTable(m, r.Policy.Describe())
		if err != nil {
			t.Fatal(err)
		}
		if got := exact(t, printed, m, cardflip.Rules{}); got.Cmp(r.Expectation) != 0 {
			t.Errorf("m=%d: the printed table plays %s", m, got.RatString())
		}
		if r.Expectation.Cmp(cardflip.SingleExpectation(m)) <= 0 || r.Expectation.Cmp(exact(t, cardflip.Stacks(), m, cardflip.Rules{})) > 0 {
			t.Errorf("m=%d: %s not between 2m − H_m and stacks", m, want)
		}
		// The other searches take seconds each at m = 5, and 16 s with the
		// plain bound at m = 4: with GRUNDY_LONG.
		slow := longtest.Enabled()
		if m == 5 && !slow {
			continue
		}
		tweaks := []func(*optSearch){func(o *optSearch) { o.noMirror = true }}
		if m == 4 && slow {
			tweaks = append(tweaks, func(o *optSearch) { o.plainBound = true })
		}
		for i, tw := range tweaks {
			r2, err := optimalSearch(ctx, m, Options{}, tw)
			if err != nil || r2.Expectation.Cmp(r.Expectation) != 0 {
				t.Errorf("m=%d, variant %d of the search: %v %v", m, i, r2, err)
			}
		}
		// With a bound the best strategy reaches (stacks), the same.
		r3, err := Search(ctx, m, Options{Bound: exact(t, cardflip.Stacks(), m, cardflip.Rules{})})
		if err != nil || r3.Expectation.Cmp(r.Expectation) != 0 {
			t.Errorf("m=%d with the bound of stacks: %v %v", m, r3, err)
		}
		// Below the optimum there is nothing.
		below := new(big.Rat).Sub(r.Expectation, big.NewRat(1, cardflip.Factorial(m)))
		if _, err := Search(ctx, m, Options{Bound: below}); err == nil || !strings.Contains(err.Error(), "no strategy reaches the bound") {
			t.Errorf("m=%d with a bound below the optimum: %v", m, err)
		}
	}
}

// dt, the bound, is the least cost of one player with full memory: over
// all m! deals with every card face down it is m!·(2m − H_m), the seed's
// one-player optimum.
func TestMemoryTreeIsTheOnePlayerOptimum(t *testing.T) {
	for m := 1; m <= 6; m++ {
		o := &optSearch{m: m, dtMemo: map[string]int64{}}
		var g []dtEntry
		for _, d := range deals(m) {
			g = append(g, dtEntry{d, 1})
		}
		got := big.NewRat(o.dt(g), cardflip.Factorial(m))
		if got.Cmp(cardflip.SingleExpectation(m)) != 0 {
			t.Errorf("m=%d: dt %s, 2m − H_m = %s", m, got.RatString(), cardflip.SingleExpectation(m).RatString())
		}
	}
}

// The bound holds for every strategy, not just the optimal ones: random
// table-only strategies of m = 4 and 5, played on all deals by the
// engine; wherever deals enter a level at one visible row, they need at
// least dt of their full rows (the hidden numbers too) to finish.
func TestBoundBelowRandomStrategies(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	for m := 4; m <= 5; m++ {
		o := &optSearch{m: m, dtMemo: map[string]int64{}}
		for tried := 0; tried < 20; {
			pol := &randomTable{m: m, rng: rng, look: map[uint64]int{}, place: map[uint64]cardflip.Move{}}
			g, _ := cardflip.NewGame(m, cardflip.Rules{MaxTurns: 80})
			type entry struct {
				st   uint32
				left int
			}
			groups := map[[2]uint64][]entry{}
			perm := make([]int, m)
			finite := true
			for _, d := range deals(m) {
				for i := range perm {
					perm[i] = int(d >> (4 * i) & 15)
				}
				hidden := slices.Clone(perm)
				up := make([]bool, m)
				type seen struct {
					key  [2]uint64
					st   uint32
					turn int
				}
				var entries []seen
				k := -1
				g.Trace = func(s cardflip.Step) {
					if kk := slices.Max(append([]int{0}, s.Before...)); kk != k {
						k = kk
						var st uint32
						for i, x := range hidden {
							c := uint32(x)
							if up[i] {
								c |= 8
							}
							st |= c << (4 * i)
						}
						entries = append(entries, seen{[2]uint64{uint64(k), uint64(optVisible(st))}, st, s.Turn - 1})
					}
					x, u := hidden[s.Look], up[s.Look]
					hidden = slices.Insert(slices.Delete(hidden, s.Look, s.Look+1), s.Move.To, x)
					up = slices.Insert(slices.Delete(up, s.Look, s.Look+1), s.Move.To, u || s.Move.Up)
				}
				x, err := g.Play(pol, perm, nil)
				if err != nil {
					finite = false // a strategy that loops: draw another
					break
				}
				for _, e := range entries {
					groups[e.key] = append(groups[e.key], entry{e.st, x - e.turn})
				}
			}
			if !finite {
				continue
			}
			tried++
			for key, es := range groups {
				sort.Slice(es, func(i, j int) bool { return es[i].st < es[j].st })
				var dg []dtEntry
				total := 0
				for _, e := range es {
					total += e.left
					if n := len(dg); n > 0 && dg[n-1].st == e.st {
						dg[n-1].n++
					} else {
						dg = append(dg, dtEntry{e.st, 1})
					}
				}
				if b := o.dt(dg); int64(total) < b {
					t.Fatalf("m=%d level %d row %x: the strategy needs %d turns, the bound says at least %d", m, key[0], key[1], total, b)
				}
			}
		}
	}
}

// randomTable is a table-only strategy drawn at random as it is played:
// each visible row gets a random face-down card to look at, each number a
// random place (the next card face up). One game at a time.
type randomTable struct {
	m     int
	rng   *rand.Rand
	look  map[uint64]int
	place map[uint64]cardflip.Move
}

func (p *randomTable) Info() cardflip.Info                     { return cardflip.Info{Name: "random-table"} }
func (p *randomTable) NewPlayer(cardflip.Seat) cardflip.Player { return p }

func (p *randomTable) key(t *cardflip.Turn) uint64 {
	var v uint64
	for i := range p.m {
		v |= uint64(t.Value(i)) << (4 * i)
	}
	return v
}

func (p *randomTable) Look(t *cardflip.Turn) int {
	v := p.key(t)
	if pos, ok := p.look[v]; ok {
		return pos
	}
	for {
		if pos := p.rng.IntN(p.m); !t.Up(pos) {
			p.look[v] = pos
			return pos
		}
	}
}

func (p *randomTable) Place(t *cardflip.Turn, pos, x int) cardflip.Move {
	k := placeKey(p.key(t), x)
	if mv, ok := p.place[k]; ok {
		return mv
	}
	mv := cardflip.Move{Up: x == t.K()+1, To: p.rng.IntN(p.m)}
	for !mv.Up && mv.To == pos {
		mv.To = p.rng.IntN(p.m)
	}
	p.place[k] = mv
	return mv
}

// m = 6 (two to three minutes, so only with GRUNDY_LONG=1): the
// optimum is 407/40 = 7326/720. The relaxed search (one player with memory
// from the second level on) bounds it below by 7324/720; the budget of
// 7325 turns fails with every branch cut at 7326 or more, and the budget
// of 7327 finds the strategy: comb's table (combTables[6]) row for row
// (the rows comb reaches on the 720 deals), which the engine plays at
// 407/40 (cardflip's TestCombExact).
func TestOptimalSix(t *testing.T) {
	longtest.Skip(t)
	r, err := Search(context.Background(), 6, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Expectation.RatString() != "407/40" || r.Rounds != 2 {
		t.Errorf("m=6: %s in %d budgets, want 407/40 in 2", r.Expectation.RatString(), r.Rounds)
	}
	if got, want := r.Policy.Describe(), playedTable(t, cardflip.Comb(), 6); !slices.Equal(got, want) {
		t.Errorf("m=6: %d rows, want the %d comb plays (combTables[6]):\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	if got := exact(t, r.Policy, 6, cardflip.Rules{}); got.Cmp(r.Expectation) != 0 {
		t.Errorf("m=6: the policy plays %s", got.RatString())
	}
}

// The table-only search by deepening, as it runs for m ≥ 6 (budgets of
// total turns; a failed budget returns the least bound among the branches
// it cut, the next budget), finds the optima of branch and bound at
// m ≤ 5: from the relaxed search's bound (which at m ≤ 5 is the optimum,
// TestRelaxedBound: one budget) and from the memory player's (at m = 4
// 142 turns to the optimum's 146, at m = 5 926 to 966: the failed budgets
// and their bounds are what is tested).
func TestOptimalDeepening(t *testing.T) {
	ctx := context.Background()
	for m, want := range map[int]string{1: "1", 2: "5/2", 3: "25/6", 4: "73/12", 5: "161/20"} {
		for _, fromMemory := range []bool{false, true} {
			if m == 5 && !longtest.Enabled() {
				continue // with GRUNDY_LONG
			}
			r, err := optimalSearch(ctx, m, Options{}, func(o *optSearch) { o.deepen, o.deepenFromMemory = true, fromMemory })
			if err != nil {
				t.Fatal(err)
			}
			if r.Expectation.RatString() != want {
				t.Errorf("m=%d by deepening (from memory %v): %s, want %s", m, fromMemory, r.Expectation.RatString(), want)
			}
			if got := exact(t, r.Policy, m, cardflip.Rules{}); got.Cmp(r.Expectation) != 0 {
				t.Errorf("m=%d by deepening: the policy plays %s", m, got.RatString())
			}
			if m >= 4 && fromMemory && r.Rounds < 2 {
				t.Errorf("m=%d from the memory bound: %d budgets", m, r.Rounds)
			}
		}
	}
}

func TestOptimalErrors(t *testing.T) {
	for _, m := range []int{0, MaxM + 1} {
		if _, err := Search(context.Background(), m, Options{}); err == nil {
			t.Errorf("m=%d accepted", m)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Search(ctx, 4, Options{}); err == nil {
		t.Error("canceled search returned a result")
	}
	if _, err := Search(context.Background(), 3, Options{Model: cardflip.TurnNumber, MaxTurns: 2}); err == nil {
		t.Error("a turn limit below m accepted")
	}
	if _, err := Search(context.Background(), MaxTurnM+1, Options{Model: cardflip.TurnNumber, MaxTurns: 20}); err == nil {
		t.Errorf("the turn model at m = %d accepted", MaxTurnM+1)
	}
	// A deadline holds: 200 ms, and the search notices it. Table+turn at
	// m = 5 runs about two minutes idle, ten times that under -race; the
	// limit of 20 s only catches a search that checks its context too
	// seldom (its first decisions price big sets by dt between two polls,
	// over a second under -race on a loaded machine), not its speed.
	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Search(ctx, 5, Options{Model: cardflip.TurnNumber, MaxTurns: 12})
	if d := time.Since(start); !errors.Is(err, context.DeadlineExceeded) || d > 20*time.Second {
		t.Errorf("optimal with a 200 ms deadline: %v after %v", err, d)
	}
}

// playedTable is the table of the rows s reaches on the m! deals
// (table-only): each row's look and the place of each number seen there,
// as Describe prints them.
func playedTable(t *testing.T, s cardflip.Strategy, m int) []string {
	t.Helper()
	pol := cardflip.NewTablePolicy(m, cardflip.TableOnly, false)
	g, err := cardflip.NewGame(m, cardflip.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	g.Trace = func(st cardflip.Step) {
		if st.End {
			return // the look at m with 1..m−1 up ends the game: no decision
		}
		var key uint64
		for i, x := range st.Before {
			key |= uint64(x) << (4 * i)
		}
		pol.SetLook(key, st.Look)
		pol.SetPlace(key, st.Value, st.Move)
	}
	deal := make([]int, m)
	for _, d := range deals(m) {
		for i := range deal {
			deal[i] = int(d >> (4 * i) & 15)
		}
		if _, err := g.Play(s, deal, nil); err != nil {
			t.Fatalf("%s: %v", s.Info().Name, err)
		}
	}
	return pol.Describe()
}
