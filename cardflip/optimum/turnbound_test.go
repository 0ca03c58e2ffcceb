package optimum

import (
	"context"
	"math/big"
	"testing"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/internal/longtest"
)

// The turn bound against what is known: the memory bound 2m − H_m, met
// by the table-only optimum for m ≤ 3; at m = 4 the optimum of the
// exhaustive turn search, 145/24 (Search under TurnNumber, which
// the bound then proves for every game length); and it never exceeds
// that optimum, and grows with the turn limit.
func TestTurnBound(t *testing.T) {
	skipSequentialUnderRace(t)
	ctx := context.Background()
	for m := 1; m <= 3; m++ {
		b, err := TurnBound(ctx, m, 10)
		if err != nil || b.Cmp(cardflip.SingleExpectation(m)) != 0 {
			t.Errorf("m=%d: %v %v, want 2m − H_m = %s", m, b, err, cardflip.SingleExpectation(m).RatString())
		}
	}
	prev := new(big.Rat)
	for _, mt := range []int{1, 2, 3, 4, 6, 10} {
		b, err := TurnBound(ctx, 4, mt)
		if err != nil {
			t.Fatal(err)
		}
		if b.Cmp(prev) < 0 || b.Cmp(big.NewRat(145, 24)) > 0 || b.Cmp(cardflip.SingleExpectation(4)) < 0 {
			t.Errorf("m=4 within %d turns: %s (after %s)", mt, b.RatString(), prev.RatString())
		}
		prev = b
	}
	if prev.RatString() != "145/24" {
		t.Errorf("m=4: %s, want 145/24", prev.RatString())
	}
	for _, bad := range [][2]int{{0, 10}, {MaxTurnBoundM + 1, 10}, {4, 0}} {
		if _, err := TurnBound(ctx, bad[0], bad[1]); err == nil {
			t.Errorf("m=%d, %d turns: no error", bad[0], bad[1])
		}
	}
	ctx2, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := TurnBound(ctx2, 5, 8); err == nil {
		t.Error("a cancelled search returned a bound")
	}
}

// At m = 5 the bound is 958/120, which the strategy of testdata/turn5.txt
// reaches (played by TestTurnFiveTable): the table+turn optimum for 5
// cards is 958/120, over every game length. The same from turn 6 on and
// from turn 12 on (about a minute each).
func TestTurnBoundFive(t *testing.T) {
	longtest.Skip(t)
	for _, mt := range []int{6, 12} {
		b, err := TurnBound(context.Background(), 5, mt)
		if err != nil {
			t.Fatal(err)
		}
		if b.RatString() != "479/60" { // 958/120
			t.Errorf("m=5 within %d turns: %s, want 958/120", mt, b.RatString())
		}
	}
}
