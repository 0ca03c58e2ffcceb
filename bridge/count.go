package bridge

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
)

// DefaultModulus is the prime the counts are reduced by unless told
// otherwise.
const DefaultModulus = 1_000_000_007

// Counter counts the layouts with a given sequence modulo a prime p. It
// keeps tables of h(r) = r!/2^⌊r/2⌋ and 2^i modulo p, grown on demand, so
// that each count takes O(n) time after O(n) precomputation; no modular
// inverse is needed, so every prime works, 2 included. A Counter is not safe
// for concurrent use.
type Counter struct {
	p    uint64
	wide bool     // p ≥ 2^32: products need 128 bits
	h    []uint64 // h[r] = r!/2^⌊r/2⌋ mod p
	pow2 []uint64 // pow2[i] = 2^i mod p
}

// NewCounter returns a Counter modulo p, which must be a prime (checked with
// the Baillie–PSW test, exact below 2^64).
func NewCounter(p uint64) (*Counter, error) {
	if !new(big.Int).SetUint64(p).ProbablyPrime(0) {
		return nil, fmt.Errorf("modulus %d is not a prime", p)
	}
	return &Counter{p: p, wide: p >= 1<<32, h: []uint64{1 % p}, pow2: []uint64{1 % p}}, nil
}

// mul returns a·b mod p for a, b < p.
func (c *Counter) mul(a, b uint64) uint64 {
	if !c.wide {
		return a * b % c.p
	}
	hi, lo := bits.Mul64(a, b)
	return bits.Rem64(hi, lo, c.p)
}

// reduce returns x mod p for a possibly negative x.
func (c *Counter) reduce(x int64) uint64 {
	if x >= 0 {
		return uint64(x) % c.p
	}
	r := uint64(-x) % c.p
	if r == 0 {
		return 0
	}
	return c.p - r
}

// Reserve grows the tables for queries with up to n (4n cards).
func (c *Counter) Reserve(n int) {
	if len(c.h) <= 4*n {
		c.h = slices.Grow(c.h, 4*n+1-len(c.h))
		c.pow2 = slices.Grow(c.pow2, 2*n+3-len(c.pow2))
	}
	for r := len(c.h); r <= 4*n; r++ {
		f := uint64(r)
		if r%2 == 0 {
			f = uint64(r / 2)
		}
		c.h = append(c.h, c.mul(c.h[r-1], f%c.p))
	}
	for i := len(c.pow2); i <= 2*n+2; i++ {
		c.pow2 = append(c.pow2, c.mul(c.pow2[i-1], 2%c.p))
	}
}

// f returns r!/2^e mod p: the ways to deal r cards into the free slots of
// the players when e players have both slots free (and r − 2e one). Needs
// e ≤ ⌊r/2⌋ + 2.
func (c *Counter) f(r, e int) uint64 {
	return c.mul(c.h[r], c.pow2[r/2-e])
}

// Layouts returns the number of layouts for n, (4n)!/2^(2n), mod p.
func (c *Counter) Layouts(n int) uint64 {
	c.Reserve(n)
	return c.h[4*n]
}

// Count returns the number of layouts of 4n cards among 2n = len(seq)
// players whose sequence is seq (seq[i] = A's points when position i+1
// leads, each 0, 1 or 2), modulo p. An impossible sequence counts 0. It
// takes O(n) time (plus growing the tables to n once). It panics if len(seq)
// is not even and positive or a value is outside 0..2: ParseQueries
// validates input.
//
// The formulas are derived in the package documentation.
func (c *Counter) Count(seq []uint8) uint64 {
	b := len(seq)
	if b == 0 || b%2 != 0 {
		panic(fmt.Sprintf("bridge: Count needs an even, positive length, got %d", b))
	}
	n := b / 2
	c.Reserve(n)
	var has [3]bool
	for _, v := range seq {
		if v > 2 {
			panic(fmt.Sprintf("bridge: sequence value %d is outside 0..2", v))
		}
		has[v] = true
	}
	n64 := int64(n)
	switch {
	case has[0] && has[2]:
		return 0 // W scores at least once: 0 (W = P) and 2 (W = A) never mix
	case !has[1]:
		// k* = 0: W holds 4n and 4n−1 (one player, or two of W's n players).
		r := 4*n - 2
		return c.mul(c.reduce(n64), (c.f(r, 2*n-1)+c.mul(c.reduce(n64-1), c.f(r, 2*n-2)))%c.p)
	case !has[0] && !has[2]:
		// P1 with k* = 1: W holds 4n, the other team 4n−1 and 4n−2; either W.
		r := 4*n - 3
		one := (c.f(r, 2*n-2) + c.mul(c.reduce(n64-1), c.f(r, 2*n-3))) % c.p
		return c.mul(c.reduce(2*n64*n64), one)
	}
	w := TeamP
	if has[2] {
		w = TeamA
	}
	// Change points: seq[i] ≠ seq[i+1]. Where seq[i] = 1 (1 then non-1) the
	// player must be of team W, else of the other team; each then starts a
	// run: a run of non-1s after a W point, a run of 1s after an other point.
	// Both kinds of runs have odd lengths (the parities alternate).
	var (
		ell                     int64 // runs of 1s (= runs of non-1s)
		sumOnes, sumOnesSq      int64 // Σ M and Σ M(M+1)/2 over runs of 1s, M = (r−1)/2
		sumNon, sumNonHalf      int64 // Σ 1 and Σ (r−1)/2 over runs of non-1s
		sumNonFar               int64 // Σ (2n−r+1)/2 over runs of non-1s
		first, last, prevChange = -1, -1, -1
	)
	for i := range b {
		j := (i + 1) % b
		if (seq[i] == 1) == (seq[j] == 1) {
			continue
		}
		team := TeamOf(i + 1)
		if (seq[i] == 1) != (team == w) {
			return 0
		}
		if first < 0 {
			first = i
		}
		if prevChange >= 0 {
			c.addRun(seq[prevChange] != 1, int64(i-prevChange), n64, &ell, &sumOnes, &sumOnesSq, &sumNon, &sumNonHalf, &sumNonFar)
		}
		prevChange, last = i, i
	}
	c.addRun(seq[last] != 1, int64(first+b-last), n64, &ell, &sumOnes, &sumOnesSq, &sumNon, &sumNonHalf, &sumNonFar)

	var total uint64
	add := func(k int64, coefChain, coefOther int64) {
		// k chain cards above 4n−k: 4n−k−1 is held by one of the chain's
		// k+1 holders (coefChain ways, 2n−k−1 players with two free slots)
		// or by another player (coefOther ways, 2n−k−2).
		if k > 2*n64-1 || (coefChain == 0 && coefOther == 0) {
			return
		}
		r := 4*n - int(k) - 2
		e := 2*n - int(k)
		v := (c.mul(c.reduce(coefChain), c.f(r, e-1)) + c.mul(c.reduce(coefOther), c.f(r, e-2))) % c.p
		total = (total + v) % c.p
	}
	// (P1, k* = 2ℓ+1): 4n−1 at one of the ℓ "non-1 then 1" points; 4n and
	// then 4n−k* at a W and a later L player inside the following run of 1s
	// (its last player excluded): M(M+1)/2 ways; 4n−k*−1 with any player of
	// the team of 4n−k* (the ℓ+1 chain holders or the n−ℓ−1 others).
	add(2*ell+1, sumOnesSq*(ell+1), sumOnesSq*(n64-ell-1))
	// (P1, k* = 2ℓ): 4n at one of the ℓ "1 then non-1" points; 4n−k* at a W
	// player strictly inside the following run of non-1s: (r−1)/2 ways.
	add(2*ell, sumNonHalf*(ell+1), sumNonHalf*(n64-ell-1))
	// (P2, k* = 2ℓ): 4n−1 at a "non-1 then 1" point, 4n at a W player inside
	// the following run of 1s at distance 2u (u = 1..M) before its end;
	// 4n−k*−1 with an L player from just after 4n−k* round to 4n: the ℓ
	// chain holders or n−u−ℓ others.
	add(2*ell, sumOnes*ell, sumOnes*(n64-ell)-sumOnesSq)
	// (P2, k* = 2ℓ−1): 4n at a "1 then non-1" point followed by a run of r
	// non-1s; 4n−k*−1 with a W player from just after 4n−k* round to 4n: the
	// ℓ chain holders or (2n−r+1)/2 − ℓ others.
	add(2*ell-1, sumNon*ell, sumNonFar-sumNon*ell)
	return total
}

// addRun accumulates the run statistics Count needs for a run of length r.
func (c *Counter) addRun(ones bool, r, n int64, ell, sumOnes, sumOnesSq, sumNon, sumNonHalf, sumNonFar *int64) {
	if ones {
		m := (r - 1) / 2
		*ell++
		*sumOnes += m
		*sumOnesSq += m * (m + 1) / 2
		return
	}
	*sumNon++
	*sumNonHalf += (r - 1) / 2
	*sumNonFar += (2*n - r + 1) / 2
}
