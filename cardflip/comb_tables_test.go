package cardflip

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
)

// The generator of combTables. Run
//
//	GRUNDY_COMB_TABLES=6 go test ./cardflip -run TestCombTableSearch -v
//
// (or 7, or 8:3 for m = 8 with only the rows of at most three cards face
// up searched; minutes for 8) to search again and print the rows to paste
// into comb_tables.go. The search starts from comb's own play without a
// whole-game table for m (every row comb reaches on the m! deals, its
// look and its places), and changes one row's look or one card's place
// at a time, keeping a change when the exact E[X] over all m! deals drops
// (a change whose game breaks a rule or never ends counts as worse);
// rows are tried in an order shuffled by a seeded generator (the seed is
// GRUNDY_COMB_SEED, 1 if unset), so a run is reproducible; a range of
// seeds lo-hi runs the search once per seed and prints the best table
// (the first of the least E[X]).
// The climb ends after a round without a gain; GRUNDY_COMB_KICKS=N then
// runs N rounds of kicks (kickSearch). It prints the table pruned to the
// rows its play reaches, with its exact E[X] (the committed tables'
// settings are in comb_tables.go).
func TestCombTableSearch(t *testing.T) {
	arg := os.Getenv("GRUNDY_COMB_TABLES")
	if arg == "" {
		t.Skip("set GRUNDY_COMB_TABLES=m or m:maxLevel to search comb's whole-game table for m cards")
	}
	ms, lev, _ := strings.Cut(arg, ":")
	m, err := strconv.Atoi(ms)
	if err != nil || m < 6 || m > 9 {
		t.Fatalf("GRUNDY_COMB_TABLES=%q: want m (6..9) or m:maxLevel", arg)
	}
	maxLevel := m
	if lev != "" {
		if maxLevel, err = strconv.Atoi(lev); err != nil {
			t.Fatalf("GRUNDY_COMB_TABLES=%q: bad level", arg)
		}
	}
	lo, hi := combSeeds(t)
	var pol *TablePolicy
	var val *big.Rat
	for seed := lo; seed <= hi; seed++ {
		p, v := combTableSearch(t, m, maxLevel, seed, combKicks(t))
		fmt.Printf("seed %d: %s\n", seed, v.RatString())
		if val == nil || v.Cmp(val) < 0 {
			pol, val = p, v
		}
	}
	f, _ := val.Float64()
	fmt.Printf("m = %d: E[X] = %s = %.6f over all %d deals\n", m, val.RatString(), f, Factorial(m))
	for _, l := range pol.Describe() {
		fmt.Printf("\t\t%q,\n", l)
	}
}

// combSeeds reads GRUNDY_COMB_SEED: a seed or a range lo-hi (1 if unset).
func combSeeds(t *testing.T) (lo, hi uint64) {
	lo, hi = 1, 1
	if s := os.Getenv("GRUNDY_COMB_SEED"); s != "" {
		a, b, isRange := strings.Cut(s, "-")
		var err1, err2 error
		lo, err1 = strconv.ParseUint(a, 10, 64)
		hi, err2 = lo, nil
		if isRange {
			hi, err2 = strconv.ParseUint(b, 10, 64)
		}
		if err1 != nil || err2 != nil || hi < lo {
			t.Fatalf("GRUNDY_COMB_SEED=%q: want a seed or a range of seeds lo-hi", s)
		}
	}
	return lo, hi
}

// recordPolicy is the table of the rows s reaches on the m! deals.
func recordPolicy(t *testing.T, s Strategy, m int) *TablePolicy {
	t.Helper()
	pol := &TablePolicy{m: m, look: map[uint64]int{}, place: map[uint64]Move{}}
	g, err := NewGame(m, Rules{MaxTurns: 10 * m * m})
	if err != nil {
		t.Fatal(err)
	}
	perm := make([]int, m)
	for r := range Factorial(m) {
		unrank(perm, r)
		g.Trace = func(st Step) {
			if st.End {
				return // the look at m with 1..m−1 up ends the game: no decision
			}
			key := cellsWord(st.Before)
			pol.look[key] = st.Look
			pol.place[placeKey(key, st.Value)] = st.Move
		}
		if _, err := g.Play(s, perm, nil); err != nil {
			t.Fatal(err)
		}
	}
	return pol
}

// combTableSearch is the local search of TestCombTableSearch.
func combTableSearch(t *testing.T, m, maxLevel int, seed uint64, kicks int) (*TablePolicy, *big.Rat) {
	rng := rand.New(rand.NewPCG(seed, 0))
	whole := map[int][]string{}
	for k, rows := range combTables {
		if k != m {
			whole[k] = rows
		}
	}
	pol := recordPolicy(t, newStacks("comb", combParams(whole)), m)
	e := newTableEval(m)
	if _, ok := e.total(pol); !ok {
		t.Fatalf("m=%d: comb's own play breaks a rule", m)
	}
	best := e.climb(pol, maxLevel, rng)
	if kicks > 0 {
		pol, _ = e.kickSearch(t, pol, best, maxLevel, kicks, rng)
	}
	final := recordPolicy(t, pol, m)
	return final, exact(t, final, m, Rules{})
}

// The generator: the climb alone from seed 3 ends at 1523/144 (the table
// committed before the kicks, a few tenths of a second); with
// GRUNDY_LONG=1, seed 5 with 3000 kicks reproduces the committed
// table for m = 6 row for row (minutes). Its value is checked by exact
// play in TestCombExact.
func TestCombTableSearchReproduces(t *testing.T) {
	if testing.Short() {
		t.Skip("the search plays all 720 deals a few thousand times")
	}
	if _, val := combTableSearch(t, 6, 6, 3, 0); val.RatString() != "1523/144" {
		t.Errorf("m=6, seed 3, no kicks: %s, want 1523/144", val.RatString())
	}
	if !longtest.Enabled() {
		return
	}
	pol, val := combTableSearch(t, 6, 6, 5, 3000)
	if got, want := pol.Describe(), kickTableSix; !slices.Equal(got, want) {
		t.Errorf("m=6, seed 5, 3000 kicks: %d rows (%s), want the %d rows of kickTableSix", len(got), val.RatString(), len(want))
	}
}

// kickTableSix is the kick search's table for m = 6 (seed 5, 3000 kicks:
// 31/3), comb's table until the exhaustive search reached m = 6 and found
// the optimum, combTables[6] (TestOptimalSix).
var kickTableSix = []string{
	"[· · · · · ·] look 2: 1→up@5 2→down@4 3→down@0 4→down@1 5→down@5 6→down@5",
	"[· · · 1 · ·] look 0: 2→up@4 4→down@1 5→down@2",
	"[· · · · 1 ·] look 2: 2→up@3 3→down@4 4→down@1 5→down@3",
	"[· · · · · 1] look 2: 2→up@4 3→down@0 4→down@1 5→down@4 6→down@5",
	"[· · 2 · 1 ·] look 1: 3→up@0 4→down@0",
	"[· · · 2 1 ·] look 0: 3→up@4 4→down@1 5→down@3",
	"[· · 1 · 2 ·] look 3: 3→up@0",
	"[· · · 2 · 1] look 1: 3→up@2 4→down@0 5→down@2",
	"[· · · · 2 1] look 0: 3→up@5 4→down@1 5→down@3 6→down@4",
	"[· 2 1 3 · ·] look 0: 4→up@5",
	"[3 · 2 · 1 ·] look 1: 4→up@3",
	"[3 · · 1 2 ·] look 1: 4→up@5 5→down@2",
	"[· · 2 1 3 ·] look 0: 4→up@1 5→down@4",
	"[· · 3 2 · 1] look 0: 4→up@5 5→down@1",
	"[· 2 · · 1 3] look 0: 4→up@5",
	"[· · 2 · 1 3] look 0: 4→up@0 6→down@3",
	"[· · · 2 1 3] look 0: 4→up@5 5→down@3 6→down@5",
	"[3 2 · 4 1 ·] look 2: 5→up@5",
	"[· 4 2 1 3 ·] look 0: 5→up@2",
	"[4 · 2 · 1 3] look 3: 5→up@1",
	"[2 1 3 · · 4] look 3: 5→up@1",
	"[3 · 1 2 · 4] look 1: 5→up@5",
	"[· 3 2 · 1 4] look 0: 5→up@5",
	"[· 2 1 · 3 4] look 0: 5→up@5",
	"[2 · · 1 3 4] look 1: 5→up@5",
	"[· · 2 1 3 4] look 1: 5→up@0 6→down@3",
}

// The kick table plays 31/3, above combTables[6].
func TestKickTableSix(t *testing.T) {
	tb, err := parseTable(6, kickTableSix)
	if err != nil {
		t.Fatal(err)
	}
	if v := exact(t, &TablePolicy{m: 6, look: tb.look, place: tb.place}, 6, Rules{}); v.RatString() != "31/3" {
		t.Errorf("kick table: %s, want 31/3", v.RatString())
	}
}
