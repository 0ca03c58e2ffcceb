package cardflip

import (
	"testing"

	"github.com/grundy/grundy/internal/longtest"
)

// Relay against the truth we have: with one player it is the single
// player (2m − H_m, exact); with n = 2, 3, 4 it is never worse than the
// seed's interval strategy over all m! deals (m ≤ 8), strictly better
// where its pointers play (2m ≥ 5n), and at m = 13 and 100 better by
// more than 4 standard errors on the same games, below the seed's bound
// m + (n+1)(m−1)/2.
func TestRelay(t *testing.T) {
	maxM := 6 // 8 with GRUNDY_LONG
	if longtest.Enabled() {
		maxM = 8
	}
	for m := 1; m <= maxM; m++ {
		if got, want := exact(t, Relay(), m, Rules{Players: 1}), SingleExpectation(m); got.Cmp(want) != 0 {
			t.Errorf("n = 1, m = %d: %s, want 2m − H_m = %s", m, got.RatString(), want.RatString())
		}
		for n := 2; n <= 4; n++ {
			r := Rules{Players: n}
			a, b := exact(t, Relay(), m, r), exact(t, Interval(), m, r)
			if c := a.Cmp(b); c > 0 || c == 0 && 2*m >= 5*n && m > 4 {
				t.Errorf("n = %d, m = %d: relay %s, interval %s", n, m, a.RatString(), b.RatString())
			}
		}
	}
	games := int64(2000)
	if longtest.Enabled() {
		games = 20000
	}
	for n := 2; n <= 4; n++ {
		for _, m := range []int{13, 100} {
			r := Rules{Players: n}
			a, b := simulate(t, Relay(), m, games, r), simulate(t, Interval(), m, games, r)
			bound := f64(IntervalBound(m, n))
			if a.Mean()+4*a.StdErr() > b.Mean()-4*b.StdErr() || a.Mean() > bound {
				t.Errorf("n = %d, m = %d: relay %.3f ± %.3f, interval %.3f ± %.3f, bound %.1f", n, m, a.Mean(), a.StdErr(), b.Mean(), b.StdErr(), bound)
			}
		}
	}
}
