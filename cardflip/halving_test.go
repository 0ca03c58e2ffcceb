package cardflip

import (
	"math"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
)

// Halving against its recurrence on all m! deals (m ≤ 9), every game
// within the worst-case bound W(m) < 6m, and by Monte Carlo at larger m.
func TestHalving(t *testing.T) {
	maxM := 7 // 9 with GRUNDY_LONG
	if longtest.Enabled() {
		maxM = 9
	}
	for m := 1; m <= maxM; m++ {
		res, err := Exact(t.Context(), Halving(), m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if want := HalvingExpectation(m); res.Expectation.Cmp(want) != 0 {
			t.Errorf("m = %d: exact %s, recurrence %s", m, res.Expectation.RatString(), want.RatString())
		}
		if w := HalvingWorst(m); res.Max > w || w >= 6*m {
			t.Errorf("m = %d: a game of %d turns, bound W = %d (6m = %d)", m, res.Max, w, 6*m)
		}
	}
	for _, c := range []struct {
		m     int
		games int64
	}{{13, 20000}, {100, 4000}, {1000, 300}} {
		if !longtest.Enabled() {
			c.games /= 4 // the full counts with GRUNDY_LONG
		}
		st := simulate(t, Halving(), c.m, c.games, Rules{})
		within(t, "halving", c.m, st, HalvingMean(c.m))
		if d := math.Abs(HalvingMean(c.m) - f64(HalvingExpectation(c.m))); d > 1e-9*float64(c.m) {
			t.Errorf("m = %d: HalvingMean off by %g", c.m, d)
		}
		if w := HalvingWorst(c.m); st.Max > w {
			t.Errorf("m = %d: a game of %d turns, bound W = %d", c.m, st.Max, w)
		}
	}
}

// E[X]/m of Halving stays bounded: T(m)/m increases to a limit below 5
// (the recurrence, to m = 10^6), and W(m) < 6m.
func TestHalvingLinear(t *testing.T) {
	prev := 0.0
	for _, m := range []int{10, 100, 1000, 10000, 100000, 1000000} {
		r := HalvingMean(m) / float64(m)
		if r >= 5 || r < prev-0.05 {
			t.Errorf("T(%d)/m = %.4f (before: %.4f)", m, r, prev)
		}
		prev = r
		if w := HalvingWorst(m); w >= 6*m {
			t.Errorf("W(%d) = %d ≥ 6m", m, w)
		}
	}
}

// KnownMean agrees with Known wherever Known is cheap.
func TestKnownMean(t *testing.T) {
	for _, name := range []string{"single", "random", "front-to-back", "partition", "divide-conquer", "halving", "comb"} {
		for m := 1; m <= 60; m++ {
			k := Known(name, m)
			f, ok := KnownMean(name, m)
			if (k != nil) != ok || k != nil && math.Abs(f64(k)-f) > 1e-9*float64(m) {
				t.Errorf("%s m = %d: Known %v, KnownMean %v %v", name, m, k, f, ok)
			}
		}
	}
}
