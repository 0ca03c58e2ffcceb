package bridge

import (
	"math/rand/v2"
	"testing"
)

// Every move of Line keeps the minimax value: it is an optimal line for
// both teams, and it ends with the value Exhaustive gives.
func TestLineIsOptimal(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for n := 1; n <= 6; n++ {
		for range 400 {
			d := randomDeal(r, n)
			if r.IntN(2) == 0 {
				d = chainDeal(r, n)
			}
			for s := 1; s <= 2*n; s++ {
				srch := d.newSearch(s)
				want := srch.value(0, 0, 0)
				l := d.Line(s)
				mp, mk := 0, 0
				for i, pl := range l.Plays {
					if pl.Position != (s-1+i)%(2*n)+1 || d.Holder(pl.Played) != pl.Position || d.Holder(pl.Kept) != pl.Position || pl.Played == pl.Kept {
						t.Fatalf("deal\n%sstart %d: move %d is not a legal move: %+v", d, s, i+1, pl)
					}
					mp, mk = max(mp, pl.Played), max(mk, pl.Kept)
					if v := srch.value(i+1, mp, mk); v != want {
						t.Fatalf("deal\n%sstart %d: move %d %+v changes the value from %d to %d (analysis %+v)", d, s, i+1, pl, want, v, l.Analysis)
					}
				}
				got := 0
				if l.PlayedPoint == TeamA {
					got++
				}
				if l.KeptPoint == TeamA {
					got++
				}
				if got != want || l.Points != want {
					t.Fatalf("deal\n%sstart %d: line scores %d (analysis %d), minimax %d", d, s, got, l.Points, want)
				}
			}
		}
	}
}
