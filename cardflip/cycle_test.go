package cardflip

import (
	"context"
	"os"
	"testing"
)

// cycle under rearrange: exact E[X] = 2m − H_m (SingleExpectation, the
// seed's closed form for one player with memory) on all m! deals for
// m ≤ 8, where no strategy can go below it; seeded games up to 200 cards
// within 4 standard errors of the closed form; refused by the other
// variants before the first game (it rearranges).
func TestCycle(t *testing.T) {
	r := Rules{Variant: Rearrange}
	for m := 1; m <= 8; m++ {
		if got, want := exact(t, Cycle(), m, r), SingleExpectation(m); got.Cmp(want) != 0 {
			t.Errorf("m=%d: %s, want 2m − H_m = %s", m, got.RatString(), want.RatString())
		}
	}
	for _, m := range []int{13, 100, 200} {
		st := simulate(t, Cycle(), m, 2000, r)
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

// The figure of docs/cardflip.md: GRUNDY_CARDFLIP_CYCLE100=1 simulates
// cycle at m = 100, 100000 games, seed 1 (a few seconds).
func TestCycleHundred(t *testing.T) {
	if os.Getenv("GRUNDY_CARDFLIP_CYCLE100") == "" {
		t.Skip("set GRUNDY_CARDFLIP_CYCLE100=1 to simulate cycle at m = 100")
	}
	st, err := Simulate(context.Background(), Cycle(), 100, 100000, 1, Options{Rules: Rules{Variant: Rearrange}})
	if err != nil {
		t.Fatal(err)
	}
	ci := st.CI95()
	t.Logf("cycle, m = 100, rearrange: E[X] = %.4f ± %.4f [%.4f, %.4f], 2m − H_m = %.4f", st.Mean(), st.StdErr(), ci[0], ci[1], f64(SingleExpectation(100)))
}
