package optimum

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/internal/longtest"
)

// Under the rearrange variant the search reaches 2m − H_m for m ≤ 5: the
// bound of one player with full memory, which holds under every variant
// (the first look at a card finds the next one with probability 1/u over
// the u cards not yet seen, whatever was done to the row), so the search
// can only be right if the strategy it prints, played by the engine under
// rearrange on all m! deals, takes exactly 2m − H_m turns on average (the
// closed form is independent of the search). The printed table read back
// plays the same; without the symmetry of fresh rows (m ≤ 4) the search
// finds the same value; nothing fits below it; and the table rearranges,
// so the standard rules refuse it before a game is played.
func TestOptimalRearrange(t *testing.T) {
	ctx := context.Background()
	for m := 1; m <= MaxRearrangeM; m++ {
		r, err := Search(ctx, m, Options{Variant: cardflip.Rearrange})
		if err != nil {
			t.Fatal(err)
		}
		want := cardflip.SingleExpectation(m)
		if r.Expectation.Cmp(want) != 0 {
			t.Errorf("m=%d: %s, want 2m − H_m = %s", m, r.Expectation.RatString(), want.RatString())
		}
		rules := cardflip.Rules{Variant: cardflip.Rearrange}
		if got := exact(t, r.Policy, m, rules); got.Cmp(want) != 0 {
			t.Errorf("m=%d: the policy plays %s under rearrange", m, got.RatString())
		}
		printed, err := cardflip.ParseTable(m, r.Policy.Describe())
		if err != nil {
			t.Fatal(err)
		}
		if got := exact(t, printed, m, rules); got.Cmp(want) != 0 {
			t.Errorf("m=%d: the printed table plays %s", m, got.RatString())
		}
		if m >= 3 && cardflip.Compatible(r.Policy, cardflip.Rules{}) == nil {
			t.Errorf("m=%d: the standard rules accept a strategy that rearranges", m)
		}
		if m <= 4 {
			r2, err := optimalSearch(ctx, m, Options{Variant: cardflip.Rearrange}, func(o *optSearch) { o.noFresh = true })
			if err != nil || r2.Expectation.Cmp(want) != 0 {
				t.Errorf("m=%d without the symmetry of fresh rows: %v %v", m, r2, err)
			}
		}
		below := new(big.Rat).Sub(want, big.NewRat(1, cardflip.Factorial(m)))
		if _, err := Search(ctx, m, Options{Variant: cardflip.Rearrange, Bound: below}); err == nil || !strings.Contains(err.Error(), "no strategy reaches the bound") {
			t.Errorf("m=%d with a bound below 2m − H_m: %v", m, err)
		}
	}
	// m = 4 without rearranging is 73/12 (TestOptimalFourFive): the
	// variant gains 1/6 there, the whole gap to the bound.
	for _, opt := range []Options{
		{Variant: cardflip.Rearrange, Model: cardflip.TurnNumber, MaxTurns: 8},
		{Variant: cardflip.FixedAfterLook},
	} {
		if _, err := Search(ctx, 3, opt); err == nil {
			t.Errorf("%+v accepted", opt)
		}
	}
	if _, err := Search(ctx, MaxRearrangeM+1, Options{Variant: cardflip.Rearrange}); err == nil {
		t.Errorf("m = %d accepted under rearrange", MaxRearrangeM+1)
	}
}

// Under the turn-number model m = 4 has the optimum 145/24: one turn in
// 24 deals better than the table-only 73/12 = 146/24, two above the bound
// 2m − H_m = 142/24. The strategy found (games of at most 10 turns) plays
// 145/24 on all deals under the engine; no strategy ending within 10 turns
// fits in 144/24; and with MemoryAfterTurns (a game still running at turn
// 10 is finished by a player with full memory, a relaxation that a
// strategy with longer games cannot beat) the least total is 145/24
// again, so 145/24 is the optimum over all table+turn strategies. At
// m = 3 the relaxation from turn 3 on gives 25/6, the memory bound, as
// it must (an error in pricing the relaxed deals would move it).
func TestOptimalTurnFour(t *testing.T) {
	skipSequentialUnderRace(t)
	ctx := context.Background()
	r, err := Search(ctx, 4, Options{Model: cardflip.TurnNumber, MaxTurns: 10})
	if err != nil {
		t.Fatal(err)
	}
	if r.Expectation.RatString() != "145/24" {
		t.Errorf("table+turn m=4: %s, want 145/24", r.Expectation.RatString())
	}
	if got := exact(t, r.Policy, 4, cardflip.Rules{Model: cardflip.TurnNumber}); got.Cmp(r.Expectation) != 0 {
		t.Errorf("the policy plays %s", got.RatString())
	}
	if err := cardflip.Compatible(r.Policy, cardflip.Rules{}); err == nil {
		t.Error("the table-only model accepts a strategy that reads the turn number")
	}
	if _, err := Search(ctx, 4, Options{Model: cardflip.TurnNumber, MaxTurns: 10, Bound: big.NewRat(144, 24)}); err == nil {
		t.Error("a table+turn strategy within 144/24")
	}
	lb, err := Search(ctx, 4, Options{Model: cardflip.TurnNumber, MaxTurns: 10, MemoryAfterTurns: true})
	if err != nil || lb.Expectation.RatString() != "145/24" || lb.Policy != nil {
		t.Errorf("relaxed from turn 10: %v %v", lb, err)
	}
	r3, err := Search(ctx, 3, Options{Model: cardflip.TurnNumber, MaxTurns: 3, MemoryAfterTurns: true})
	if err != nil || r3.Expectation.Cmp(cardflip.SingleExpectation(3)) != 0 {
		t.Errorf("m=3 relaxed from turn 3: %v %v", r3, err)
	}
	if _, err := Search(ctx, 3, Options{MemoryAfterTurns: true}); err == nil {
		t.Error("MemoryAfterTurns accepted table-only")
	}
	// A turn limit no strategy meets: an error, at once.
	if _, err := Search(ctx, 4, Options{Model: cardflip.TurnNumber, MaxTurns: 4}); err == nil || errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("m=4 within 4 turns: %v", err)
	}
}

// Under the turn-number model m = 5 has the optimum 958/120 = 479/60: the
// turn search finds a strategy ending within 12 turns (its games take at
// most 11) that the engine plays in 479/60, and TurnBound's relaxation
// (TestTurnBoundFive) proves that no table+turn strategy of any game
// length does better. About two minutes: GRUNDY_LONG=1.
func TestOptimalTurnFive(t *testing.T) {
	longtest.Skip(t)
	r, err := Search(context.Background(), 5, Options{Model: cardflip.TurnNumber, MaxTurns: 12})
	if err != nil {
		t.Fatal(err)
	}
	if r.Expectation.RatString() != "479/60" {
		t.Errorf("table+turn m=5: %s, want 479/60", r.Expectation.RatString())
	}
	if got := exact(t, r.Policy, 5, cardflip.Rules{Model: cardflip.TurnNumber}); got.Cmp(r.Expectation) != 0 {
		t.Errorf("the policy plays %s", got.RatString())
	}
}

// The turn search at m = 4 without the mirror symmetry of the first look
// (the search's one symmetry under the turn model) finds 145/24 again.
func TestOptimalTurnFourNoMirror(t *testing.T) {
	skipSequentialUnderRace(t)
	r, err := optimalSearch(context.Background(), 4, Options{Model: cardflip.TurnNumber, MaxTurns: 10}, func(o *optSearch) { o.noMirror = true })
	if err != nil || r.Expectation.RatString() != "145/24" {
		t.Fatalf("%v %v", r, err)
	}
}
