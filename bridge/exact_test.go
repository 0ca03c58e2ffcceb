package bridge

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// Exact counts match exhaustive enumeration for n ≤ 2, sum to the number of
// layouts (4n)!/2^(2n) over all 3^(2n) sequences exactly for n = 6 (where
// the counts pass 2^62, so several primes are combined), and agree with the
// modular Counter for random sequences up to n = 120.
func TestExactCount(t *testing.T) {
	e := NewExactCounter()
	for n := 1; n <= 2; n++ {
		tl, err := Enumerate(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range tl.Counts {
			seq := tl.Sequence(i)
			if got := e.Count(u8(seq)); !got.IsUint64() || got.Uint64() != want {
				t.Fatalf("n = %d, seq %v: exact count %v, enumeration %d", n, seq, got, want)
			}
		}
	}
	const n = 6
	sum := new(big.Int)
	forEachSequence(n, func(seq []uint8) { sum.Add(sum, e.Count(seq)) })
	if want := layouts(n); sum.Cmp(want) != 0 {
		t.Errorf("n = %d: the exact counts sum to %v, the layouts number %v", n, sum, want)
	}
	if len(e.counters) < 2 {
		t.Errorf("n = %d used %d primes; its counts need more than one", n, len(e.counters))
	}
	c, _ := NewCounter(DefaultModulus)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		seq := make([]uint8, 2*(1+rng.IntN(120)))
		for i := range seq {
			seq[i] = uint8(rng.IntN(3))
		}
		got := e.Count(seq)
		if got.Cmp(layouts(len(seq)/2)) > 0 || new(big.Int).Mod(got, big.NewInt(DefaultModulus)).Uint64() != c.Count(seq) {
			t.Fatalf("seq %v: exact %v, mod p %d", seq, got, c.Count(seq))
		}
	}
}
