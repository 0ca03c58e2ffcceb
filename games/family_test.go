package games_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

var bg = context.Background()

// outcomer is a game with a closed-form outcome.
type outcomer[P comparable] interface {
	impartial.Game[P]
	ClosedOutcome(p P) (impartial.Outcome, bool)
}

// checkOutcomes compares a closed-form outcome with exhaustive play.
func checkOutcomes[P comparable](t *testing.T, g outcomer[P], ps []P) {
	t.Helper()
	or := impartialtest.NewOracle[P](g)
	for _, p := range ps {
		got, ok := g.ClosedOutcome(p)
		if want := or.Outcome(false, p); !ok || got != want {
			t.Errorf("ClosedOutcome(%v) = %v, %v; exhaustive play says %v", p, got, ok, want)
		}
	}
}

func TestPowerSubtraction(t *testing.T) {
	impartialtest.Check[int](t, games.PowerSubtraction{}, heaps(40))
}

func TestAllBut(t *testing.T) {
	for _, e := range [][]int{nil, {1}, {2}, {1, 2}, {2, 5}, {1, 3, 4}} {
		g, err := games.NewAllBut(e)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprint(e), func(t *testing.T) { impartialtest.Check[int](t, g, heaps(16)) })
	}
	if _, err := games.NewAllBut([]int{0}); err == nil {
		t.Error("NewAllBut([0]) succeeded")
	}
}

func TestTakeRange(t *testing.T) {
	for p := 1; p <= 4; p++ {
		for q := p; q <= 7; q++ {
			g, _ := games.NewTakeRange(p, q)
			t.Run(fmt.Sprint(p, q), func(t *testing.T) { impartialtest.Check[int](t, g, heaps(3*(p+q)+2)) })
		}
	}
	if _, err := games.NewTakeRange(3, 2); err == nil {
		t.Error("NewTakeRange(3, 2) succeeded")
	}
}

// The period found by state repetition agrees with plain search far beyond
// the period, and is the least pre-period and period.
func TestSubtractionPeriod(t *testing.T) {
	for _, c := range []struct {
		set         []int
		pre, period int
	}{
		{[]int{1, 3, 4}, 0, 7}, // Winning Ways ch. 4
		{[]int{1, 2}, 0, 3},
		{[]int{2, 5}, 0, 7},
		{[]int{3}, 0, 6},
		{[]int{2, 4, 7}, -1, -1},
		{[]int{1, 4, 9}, -1, -1},
		{[]int{3, 4, 7, 10}, -1, -1},
		{[]int{5, 12, 13}, -1, -1},
	} {
		g, _ := games.NewSubtraction(c.set)
		pre, period, vals, err := g.Period(bg, impartial.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		if c.pre >= 0 && (pre != c.pre || period != c.period) {
			t.Errorf("%v: pre-period %d, period %d; want %d, %d", c.set, pre, period, c.pre, c.period)
		}
		plain := impartial.NewSolver(impartial.Plain[int](g), impartial.Settings{})
		var seq []impartial.Nimber
		for n := 0; n < pre+5*period+50; n++ {
			v, _ := plain.Value(bg, n)
			seq = append(seq, v)
			want := vals[min(n, pre+(n-pre)%period)]
			if n < len(vals) {
				want = vals[n]
			}
			if v != want {
				t.Fatalf("%v: G(%d) = %d by search, %d by the period", c.set, n, v, want)
			}
		}
		// Least period and pre-period.
		for d := 1; d < period; d++ {
			if period%d == 0 && slices.Equal(seq[pre:pre+period], seq[pre+d:pre+d+period]) {
				t.Errorf("%v: period %d is not least (%d works)", c.set, period, d)
			}
		}
		if pre > 0 && seq[pre-1] == seq[pre-1+period] {
			t.Errorf("%v: pre-period %d is not least", c.set, pre)
		}
	}
}

// Beyond PeriodFrom, ClosedValue and MovesToValue come from the period; they
// must agree with search there, and huge heaps are instant.
func TestSubtractionPeriodicClosedForm(t *testing.T) {
	g, _ := games.NewSubtraction([]int{2, 4, 7})
	fast := impartial.NewSolver[int](g, impartial.Settings{})
	plain := impartial.NewSolver(impartial.Plain[int](g), impartial.Settings{})
	for n := games.PeriodFrom - 20; n < games.PeriodFrom+300; n++ {
		a, _ := fast.Value(bg, n)
		b, _ := plain.Value(bg, n)
		if a != b {
			t.Fatalf("G(%d): period %d, search %d", n, a, b)
		}
		ma, _ := fast.WinningMoves(bg, n, 3)
		mb, _ := plain.WinningMoves(bg, n, 3)
		if !impartialtest.SameMoves(ma, mb) {
			t.Fatalf("winning moves of %d+3: %v vs %v", n, ma, mb)
		}
	}
	impartialtest.Check[int](t, g, append(heaps(20), games.PeriodFrom+5)) // one big heap: sums of two would be slow for the oracle
	s := impartial.NewSolver[int](g, impartial.Settings{Budget: impartial.Budget{MaxPositions: 100}})
	if _, err := s.WinningMoves(bg, 100_000_000_000, 5); err != nil {
		t.Errorf("huge heap: %v", err)
	}
}

func TestSubtractionPeriodBudget(t *testing.T) {
	g, _ := games.NewSubtraction([]int{5, 12, 13})
	_, _, _, err := g.Period(bg, impartial.Budget{MaxPositions: 10})
	if _, ok := err.(*impartial.BudgetError); !ok {
		t.Errorf("Period with a tiny budget: %v", err)
	}
}

func TestMultiply(t *testing.T) {
	for _, ks := range [][]int{{2, 3, 4, 5, 6, 7, 8, 9}, {2}, {2, 3}, {3, 5}} {
		rule, err := games.NewMultiplyRule(ks)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []uint64{1, 2, 5, 9, 10, 17, 18, 19, 100, 162, 163, 324, 325, 1000, 3000} {
			g := rule.Game(n)
			var ps []uint64
			for p := uint64(1); p <= n; p++ {
				if n <= 400 || p%37 == 1 {
					ps = append(ps, p)
				}
			}
			impartialtest.Check[uint64](t, g, ps)
		}
	}
}

// Seed 002 (HDU 1517): with factors 2..9 the first player loses exactly when
// n, divided by 18 until at most 18, lands in (9, 18]. The table of runs
// must say the same, up to 2^64.
func TestMultiplyPowersOf18(t *testing.T) {
	rule, _ := games.NewMultiplyRule([]int{2, 3, 4, 5, 6, 7, 8, 9})
	first := func(n uint64) bool {
		x := float64(n) // the seed divides in floating point; use exact integers
		_ = x
		// n ∈ (9·18^j, 18^(j+1)] loses for the first player.
		p := uint64(1)
		for {
			if n <= 9*p {
				return true
			}
			if n <= 18*p {
				return false
			}
			if p > ^uint64(0)/18/18 {
				return true
			}
			p *= 18
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	check := func(n uint64) {
		g := rule.Game(n)
		v, _ := g.ClosedValue(1)
		if (v != 0) != first(n) {
			t.Fatalf("n = %d: value %d, powers of 18 say first wins = %v", n, v, first(n))
		}
	}
	for n := uint64(2); n < 100000; n++ {
		check(n)
	}
	for range 100000 {
		check(max(2, r.Uint64()>>r.IntN(60)))
	}
	p := uint64(1)
	for range 14 {
		for _, d := range []uint64{0, 1} {
			check(9*p + d)
			check(18*p + d)
		}
		p *= 18
	}
	if rule.Runs() > 1000 {
		t.Errorf("%d runs", rule.Runs())
	}
}

func TestNorthcott(t *testing.T) {
	var rows []games.Row
	for a := 0; a < 6; a++ {
		for b := 0; b < 6; b++ {
			if a != b {
				rows = append(rows, games.Row{A: a, B: b})
			}
		}
	}
	impartialtest.Check[games.Row](t, games.Northcott{}, rows)
}

func TestNimble(t *testing.T) {
	impartialtest.Check[int](t, games.Nimble{}, heaps(8))
}

func TestStaircase(t *testing.T) {
	var ps []games.List
	for a := range 3 {
		for b := range 3 {
			for c := range 3 {
				ps = append(ps, games.NewList(a, b, c))
			}
		}
	}
	ps = append(ps, games.NewList(1, 0, 0, 2), games.NewList(0, 3, 1, 1))
	impartialtest.Check[games.List](t, games.Staircase{}, ps)
}

func TestClimbingHill(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for k := 1; k <= 4; k++ {
		g, _ := games.NewClimbingHill(k)
		var ps []games.List
		for range 400 {
			n := k + r.IntN(3)
			cells, c := []int{}, 0
			top := r.IntN(k + 1)
			for j := range n {
				if j >= top {
					c += 1 + r.IntN(3)
				}
				cells = append(cells, c)
			}
			ps = append(ps, games.NewList(cells...))
		}
		// HDU 4315 samples and the case seed 002 gets wrong.
		if k == 3 {
			ps = append(ps, games.NewList(1, 2, 4))
		}
		if k == 2 {
			ps = append(ps, games.NewList(1, 2, 4))
			if o, _ := g.ClosedOutcome(games.NewList(1, 2, 4)); o != impartial.N {
				t.Errorf("k = 2, 1 2 4: %v, want N (Alice wins)", o)
			}
		}
		checkOutcomes[games.List](t, g, ps)
		impartialtest.Check[games.List](t, g, ps[:40])
	}
}

func TestMoore(t *testing.T) {
	for k := 1; k <= 3; k++ {
		g, _ := games.NewMoore(k)
		var ps []games.List
		for a := range 4 {
			for b := range 4 {
				for c := range 4 {
					ps = append(ps, games.NewList(a, b, c))
				}
			}
		}
		checkOutcomes[games.List](t, g, ps)
		impartialtest.Check[games.List](t, g, ps[:24])
	}
}

func TestWythoff(t *testing.T) {
	var ps []games.Pair
	for a := range 12 {
		for b := range 12 {
			ps = append(ps, games.Pair{A: a, B: b})
		}
	}
	checkOutcomes[games.Pair](t, games.Wythoff{}, ps)
	impartialtest.Check[games.Pair](t, games.Wythoff{}, ps[:60])
}

// The first P-positions (OEIS A000201, A001950) and the closed form at 10^18,
// checked with the recurrence ⌊kφ⌋ = mex of the earlier pairs.
func TestWythoffBeatty(t *testing.T) {
	want := []int{0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24}
	for k, a := range want {
		if got := games.WythoffLower(k); got != a {
			t.Errorf("⌊%dφ⌋ = %d, want %d", k, got, a)
		}
	}
	used := map[int]bool{}
	a := 0
	for k := range 20000 {
		for used[a] {
			a++
		}
		if games.WythoffLower(k) != a || games.WythoffPartner(a) != a+k || games.WythoffPartner(a+k) != a {
			t.Fatalf("k = %d: lower %d (want %d), partners %d %d", k, games.WythoffLower(k), a, games.WythoffPartner(a), games.WythoffPartner(a+k))
		}
		used[a], used[a+k] = true, true
	}
	// k = 10^18: ⌊kφ⌋ = 1618033988749894848 (φ = 1.6180339887498948482045…).
	if got := games.WythoffLower(1_000_000_000_000_000_000); got != 1618033988749894848 {
		t.Errorf("⌊10^18 φ⌋ = %d", got)
	}
	big := games.Pair{A: 1618033988749894848, B: 2618033988749894848}
	if o, _ := (games.Wythoff{}).ClosedOutcome(big); o != impartial.P {
		t.Errorf("%v: %v, want P", big, o)
	}
	moves, _ := (games.Wythoff{}).MovesToValue(nil, games.Pair{A: big.A + 5, B: big.B}, 0)
	if !slices.Contains(moves, big) {
		t.Errorf("moves from %v: %v", big, moves)
	}
}

func TestFibonacciNim(t *testing.T) {
	var ps []games.FibPos
	for n := 0; n <= 40; n++ {
		ps = append(ps, games.FibPos{N: n})
		for prev := 1; prev <= 6; prev++ {
			ps = append(ps, games.FibPos{N: n, Prev: prev})
		}
	}
	g := games.FibonacciNim{}
	checkOutcomes[games.FibPos](t, g, ps)
	impartialtest.Check[games.FibPos](t, g, ps[:120])
	or := impartialtest.NewOracle[games.FibPos](g)
	for _, p := range ps {
		if or.Outcome(false, p) == impartial.N {
			got, _ := g.MovesToValue(nil, p, 0)
			var want []games.FibPos
			for _, m := range or.WinningMoves(false, p) {
				want = append(want, m.To)
			}
			if !slices.Equal(got, want) {
				t.Errorf("winning moves of %v: %v, want %v", p, got, want)
			}
			// The least winning move takes the smallest Zeckendorf term.
			if z := games.Zeckendorf(p.N)[0]; len(got) == 0 || got[0].Prev != z {
				t.Errorf("%v: first winning move %v, want take %d", p, got, z)
			}
		}
	}
}

func ExampleSubtraction_Period() {
	g, _ := games.NewSubtraction([]int{2, 4, 7})
	pre, period, values, _ := g.Period(context.Background(), impartial.Budget{})
	fmt.Println("pre-period", pre, "period", period)
	for _, v := range values {
		fmt.Print(uint64(v), " ")
	}
	fmt.Println()
	// Output:
	// pre-period 8 period 3
	// 0 0 1 1 2 2 0 3 1 0 2

}

func ExampleWythoff() {
	for k := range 6 {
		a := games.WythoffLower(k)
		fmt.Printf("(%d, %d) ", a, a+k)
	}
	fmt.Println()
	// Output:
	// (0, 0) (1, 2) (3, 5) (4, 7) (6, 10) (8, 13)
}

func ExampleMultiplyRule() {
	rule, _ := games.NewMultiplyRule([]int{2, 3, 4, 5, 6, 7, 8, 9})
	for _, n := range []uint64{9, 18, 162, 163, 4294967295} {
		v, _ := rule.Game(n).ClosedValue(1)
		fmt.Println(n, impartial.OutcomeOf(v))
	}
	// Output:
	// 9 N
	// 18 P
	// 162 N
	// 163 P
	// 4294967295 N
}
