package cardflip

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
)

// cycle under rearrange: exact E[X] = 2m − H_m (SingleExpectation, the
// seed's closed form for one player with memory) on all m! deals for
// m ≤ 7 (8 with GRUNDY_LONG), where no strategy can go below it; seeded
// games up to 100 cards (200 with GRUNDY_LONG)
// within 4 standard errors of the closed form; refused by the other
// variants before the first game (it rearranges).
func TestCycle(t *testing.T) {
	r := Rules{Variant: Rearrange}
	maxM, ms, games := 7, []int{13, 100}, int64(1000)
	if longtest.Enabled() {
		maxM, ms, games = 8, []int{13, 100, 200}, 2000
	}
	for m := 1; m <= maxM; m++ {
		if got, want := exact(t, Cycle(), m, r), SingleExpectation(m); got.Cmp(want) != 0 {
			t.Errorf("m=%d: %s, want 2m − H_m = %s", m, got.RatString(), want.RatString())
		}
	}
	for _, m := range ms {
		st := simulate(t, Cycle(), m, games, r)
		if d := st.Mean() - f64(SingleExpectation(m)); d*d > 16*st.StdErr()*st.StdErr() {
			t.Errorf("m=%d: simulated %.4f ± %.4f, 2m − H_m = %.4f", m, st.Mean(), st.StdErr(), f64(SingleExpectation(m)))
		}
	}
	for _, v := range []Variant{Standard, FixedAfterLook, FreeCommunication} {
		if _, err := Simulate(context.Background(), Cycle(), 10, 10, 1, Options{Rules: Rules{Variant: v}}); err == nil {
			t.Errorf("cycle played under %s", v)
		}
	}
	// n players with memory and the turn number change nothing.
	if got := exact(t, Cycle(), 6, Rules{Variant: Rearrange, Model: TurnNumber, Players: 3}); got.Cmp(SingleExpectation(6)) != 0 {
		t.Errorf("m=6, table+turn, n = 3: %s", got.RatString())
	}
}

// The figure of docs/cardflip.md: cycle at m = 100 under rearrange,
// 100000 games of seed 1, is 194.8203 ± 0.0060 (2m − H_m = 194.8126:
// within 4 standard errors of it). Seconds: with GRUNDY_LONG.
func TestCycleHundred(t *testing.T) {
	longtest.Skip(t)
	st, err := Simulate(context.Background(), Cycle(), 100, 100000, 1, Options{Rules: Rules{Variant: Rearrange}})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%.4f ± %.4f", st.Mean(), st.StdErr())
	if want := "194.8203 ± 0.0060"; got != want {
		t.Errorf("cycle, m = 100, rearrange, 100000 games of seed 1: %s, docs/cardflip.md says %s", got, want)
	}
	if b := f64(SingleExpectation(100)); math.Abs(st.Mean()-b) > 4*st.StdErr() {
		t.Errorf("cycle, m = 100: %s, 2m − H_m = %.4f", got, b)
	}
}
