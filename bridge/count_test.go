package bridge

import (
	"context"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func u8(seq []int) []uint8 {
	out := make([]uint8, len(seq))
	for i, v := range seq {
		out[i] = uint8(v)
	}
	return out
}

func TestCountMatchesEnumeration(t *testing.T) {
	c, err := NewCounter(DefaultModulus)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 3; n++ {
		tl, err := Enumerate(context.Background(), min(n, 2))
		if n == 3 {
			tl, err = tally3()
		}
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i, want := range tl.Counts {
			seq := tl.Sequence(i)
			if got := c.Count(u8(seq)); got != want {
				bad++
				if bad < 20 {
					t.Errorf("n = %d, seq %v: Count = %d, enumeration = %d", n, seq, got, want)
				}
			}
		}
	}
}

// layouts returns (4n)!/2^(2n) exactly.
func layouts(n int) *big.Int {
	f := new(big.Int).MulRange(1, int64(4*n))
	return f.Rsh(f, uint(2*n))
}

// forEachSequence calls visit with every sequence of length 2n over {0,1,2}.
func forEachSequence(n int, visit func([]uint8)) {
	seq := make([]uint8, 2*n)
	for {
		visit(seq)
		i := len(seq) - 1
		for i >= 0 && seq[i] == 2 {
			seq[i] = 0
			i--
		}
		if i < 0 {
			return
		}
		seq[i]++
	}
}

// The counts of all 3^(2n) sequences sum to the number of layouts. With
// p = 2^61 − 1 the counts are exact integers for n ≤ 5, so the identity is
// checked over the integers there, modulo p beyond.
func TestCountSums(t *testing.T) {
	maxN := 7
	if testing.Short() {
		maxN = 6
	}
	for _, p := range []uint64{1<<61 - 1, DefaultModulus} {
		c, err := NewCounter(p)
		if err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= maxN; n++ {
			if p == DefaultModulus && n > 5 {
				continue // one modulus is enough for the long runs
			}
			var sum uint64
			visited := 0
			forEachSequence(n, func(seq []uint8) { sum = (sum + c.Count(seq)) % p; visited++ })
			if visited != pow3(2*n) {
				t.Fatalf("n = %d: visited %d sequences", n, visited)
			}
			want := new(big.Int).Mod(layouts(n), new(big.Int).SetUint64(p)).Uint64()
			if sum != want {
				t.Errorf("p = %d, n = %d: counts sum to %d, want (4n)!/2^(2n) mod p = %d", p, n, sum, want)
			}
		}
	}
}

// Every sequence a random deal realizes has a positive count (exact for
// n ≤ 5 with p = 2^61 − 1).
func TestCountRealizedSequences(t *testing.T) {
	c, _ := NewCounter(1<<61 - 1)
	r := rand.New(rand.NewPCG(3, 4))
	for n := 1; n <= 5; n++ {
		for range 2000 {
			d := randomDeal(r, n)
			if seq := d.Sequence(); c.Count(u8(seq)) == 0 {
				t.Fatalf("deal\n%shas sequence %v, which Count says is impossible", d, seq)
			}
		}
	}
}

// Known counts: the spec's all-1s count for n = 2 (720, checked by
// enumeration) and the editorial's special-case formulas.
func TestCountSpecialCases(t *testing.T) {
	c, _ := NewCounter(1<<61 - 1)
	if got := c.Count([]uint8{1, 1, 1, 1}); got != 720 {
		t.Errorf("all 1s, n = 2: %d, want 720", got)
	}
	for n := 1; n <= 5; n++ {
		fact := func(m int) *big.Int { return new(big.Int).MulRange(1, int64(m)) }
		pow2 := func(e int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(e)) }
		div := func(a, b *big.Int) *big.Int { return new(big.Int).Quo(a, b) }
		mul := func(a *big.Int, k int) *big.Int { return new(big.Int).Mul(a, big.NewInt(int64(k))) }
		// k* = 0: n(4n−2)!/2^(2n−1) + n(n−1)(4n−2)!/2^(2n−2) for each team.
		k0 := new(big.Int).Add(mul(div(fact(4*n-2), pow2(2*n-1)), n), mul(div(fact(4*n-2), pow2(2*n-2)), n*(n-1)))
		// k* = 1: n²(4n−3)!/2^(2n−2) + n²(n−1)(4n−3)!/2^(2n−3), twice.
		k1 := mul(div(fact(4*n-3), pow2(2*n-2)), n*n)
		if n > 1 {
			k1.Add(k1, mul(div(fact(4*n-3), pow2(2*n-3)), n*n*(n-1)))
		}
		k1 = mul(k1, 2)
		for _, cs := range []struct {
			v    uint8
			want *big.Int
		}{{0, k0}, {2, k0}, {1, k1}} {
			seq := make([]uint8, 2*n)
			for i := range seq {
				seq[i] = cs.v
			}
			if got := c.Count(seq); got != cs.want.Uint64() {
				t.Errorf("n = %d, all %ds: %d, want %s", n, cs.v, got, cs.want)
			}
		}
	}
}

func TestNewCounterRejectsComposites(t *testing.T) {
	for _, p := range []uint64{0, 1, 4, 1000000008, 561} {
		if _, err := NewCounter(p); err == nil {
			t.Errorf("NewCounter(%d) accepted a composite", p)
		}
	}
	c, err := NewCounter(2)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Count([]uint8{1, 1, 1, 1}); got != 720%2 {
		t.Errorf("mod 2: %d", got)
	}
}

func pow3(e int) int {
	r := 1
	for range e {
		r *= 3
	}
	return r
}

// For n = 4 and 5 (where enumeration is out of reach) the counts match the
// frequencies of sequences among random deals: every sequence expected at
// least 50 times lands within 6 standard deviations. This catches counts
// assigned to the wrong sequence, which the sum identity cannot see.
func TestCountMatchesSampledFrequencies(t *testing.T) {
	c, _ := NewCounter(1<<61 - 1) // exact for n ≤ 5
	r := rand.New(rand.NewPCG(5, 6))
	for n := 4; n <= 5; n++ {
		const samples = 200_000
		total, _ := new(big.Float).SetInt(layouts(n)).Float64()
		observed := map[string]int{}
		for range samples {
			seq := randomDeal(r, n).Sequence()
			observed[string(u8(seq))]++
		}
		checked := 0
		forEachSequence(n, func(seq []uint8) {
			e := float64(c.Count(seq)) / total * samples
			o := float64(observed[string(seq)])
			if e < 50 {
				return
			}
			checked++
			if math.Abs(o-e) > 6*math.Sqrt(e) {
				t.Errorf("n = %d, sequence %v: seen %v times in %d deals, Count predicts %.1f", n, seq, o, samples, e)
			}
		})
		if checked < 20 {
			t.Errorf("n = %d: only %d sequences checked", n, checked)
		}
	}
}
