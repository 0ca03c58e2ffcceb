package cardflip

import (
	"context"
	"testing"
)

// comb-turn under the turn-number model: every deal of m = 8 and 9
// played by the engine (an illegal action or a game that never ends is
// an error), seeded games up to 200 cards, Simulate within 4 standard
// errors of Exact at m = 9; below 8 cards it is comb. The table-only
// model is refused before the first game.
func TestCombTurnLegal(t *testing.T) {
	turn := Rules{Model: TurnNumber}
	for m := 1; m <= 7; m++ {
		if c, ct := exact(t, Comb(), m, Rules{}), exact(t, CombTurn(), m, turn); c.Cmp(ct) != 0 {
			t.Errorf("m=%d: comb-turn %s, comb %s", m, ct.RatString(), c.RatString())
		}
	}
	e8 := exact(t, CombTurn(), 8, turn)
	if e8.Cmp(SingleExpectation(8)) < 0 {
		t.Errorf("m=8: %s below the memory bound", e8.RatString())
	}
	e := f64(exact(t, CombTurn(), 9, turn))
	st := simulate(t, CombTurn(), 9, 20000, turn)
	if d := st.Mean() - e; d*d > 16*st.StdErr()*st.StdErr() {
		t.Errorf("m=9: simulated %.4f ± %.4f, exact %.4f", st.Mean(), st.StdErr(), e)
	}
	for _, m := range []int{10, 17, 33, 64, 100, 200} {
		simulate(t, CombTurn(), m, 300, turn)
		simulate(t, CombTurn(), m, 300, Rules{Model: TurnNumber, Variant: Rearrange, Players: 3})
	}
	if _, err := Simulate(context.Background(), CombTurn(), 20, 10, 1, Options{}); err == nil {
		t.Error("comb-turn played in the table-only model")
	}
}
