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

// chainDeal deals the top cards 4n, 4n−1, … alternately to the two teams
// (random players with a free slot) for a random length, then the rest at
// random: uniform deals rarely have long chains once n grows.
func chainDeal(r *rand.Rand, n int) *Deal {
	b, top := 2*n, 4*n
	hands := make([][2]int, b)
	free := make([]int, b) // free slots
	for i := range free {
		free[i] = 2
	}
	give := func(p, c int) {
		hands[p][2-free[p]] = c
		free[p]--
	}
	c := top
	if r.IntN(2) == 0 {
		// Alternating teams, holders at random.
		w := r.IntN(2)
		for j := r.IntN(b + 1); j > 0; j, c = j-1, c-1 {
			team := (w + top - c) % 2 // parity of 0-based positions: 0 = P, 1 = A
			var cands []int
			for p := team; p < b; p += 2 {
				if free[p] > 0 {
					cands = append(cands, p)
				}
			}
			if len(cands) == 0 {
				break
			}
			give(cands[r.IntN(len(cands))], c)
		}
	} else {
		// A chain in playing order: holders walk backwards from the holder
		// of 4n by odd steps (so teams alternate) within one turn.
		p := r.IntN(b)
		give(p, c)
		c--
		used := 0
		for c > 0 && r.IntN(24) > 0 {
			step := 1
			if r.IntN(4) == 0 {
				step = 3
			}
			if used+step > b-1 {
				break
			}
			used += step
			p = (p - step + b) % b
			give(p, c)
			c--
		}
	}
	rest := r.Perm(c)
	for p := range b {
		for free[p] > 0 {
			give(p, rest[0]+1)
			rest = rest[1:]
		}
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
	kstars := map[int]int{}
	defer func() {
		// The deals must reach long chains, or the test proves little.
		t.Logf("k* histogram: %v", kstars)
		if kstars[9] == 0 || kstars[12] == 0 {
			t.Errorf("chains too short: k* histogram %v", kstars)
		}
	}()
	for n := 1; n <= 8; n++ {
		deals := 1500
		if n >= 6 {
			deals = 400
		}
		for range deals {
			d := randomDeal(r, n)
			if r.IntN(2) == 0 {
				d = chainDeal(r, n)
			}
			want := d.ExhaustiveSequence()
			if got := d.Sequence(); !slices.Equal(got, want) {
				t.Fatalf("deal\n%sSequence = %v, Exhaustive = %v", d, got, want)
			}
			kstars[d.Analyze(1).KStar]++
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

// tableSequence evaluates one deal (n ≤ 3) with the enumerator's
// truth-table minimax; tests compare it with Exhaustive.
func tableSequence(d *Deal) []int {
	n := d.N()
	e := newEnumerator(n, nil)
	for p := range 2 * n {
		h := d.Hand(p + 1)
		e.place(p, h[0], h[1])
	}
	t := &Tally{N: n}
	return t.Sequence(e.index())
}
