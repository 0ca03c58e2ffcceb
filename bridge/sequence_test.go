package bridge

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomDeal deals 4n shuffled cards two by two.
func randomDeal(r *rand.Rand, n int) *Deal {
	cards := r.Perm(4 * n)
	hands := make([][2]int, 2*n)
	for i := range hands {
		hands[i] = [2]int{cards[2*i] + 1, cards[2*i+1] + 1}
	}
	d, err := NewDeal(hands)
	if err != nil {
		panic(err)
	}
	return d
}

// The fast characterization equals exhaustive minimax on random deals.
func TestSequenceMatchesExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for n := 1; n <= 8; n++ {
		deals := 1500
		if n >= 6 {
			deals = 400
		}
		for range deals {
			d := randomDeal(r, n)
			want := d.ExhaustiveSequence()
			if got := d.Sequence(); !slices.Equal(got, want) {
				t.Fatalf("deal\n%sSequence = %v, Exhaustive = %v", d, got, want)
			}
			for s := 1; s <= 2*n; s++ {
				if a := d.Analyze(s); a.Points != want[s-1] {
					t.Fatalf("deal\n%sAnalyze(%d) = %+v, Exhaustive = %d", d, s, a, want[s-1])
				}
			}
		}
	}
}

// The enumerator's truth-table minimax equals the memoized minimax.
func TestTableMinimaxMatchesExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for n := 1; n <= 3; n++ {
		for range 2000 {
			d := randomDeal(r, n)
			if got, want := tableSequence(d), d.ExhaustiveSequence(); !slices.Equal(got, want) {
				t.Fatalf("deal\n%stable = %v, Exhaustive = %v", d, got, want)
			}
		}
	}
}
