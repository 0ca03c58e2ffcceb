package bridge

import (
	"math/big"
	"math/bits"
)

// ExactCounter counts the layouts with a given sequence exactly, as big
// integers: Counter modulo enough primes below 2^62 that their product
// exceeds (4n)!, a bound on the number of all layouts (4n)!/2^(2n),
// combined by the Chinese remainder theorem (Garner's mixed-radix
// algorithm, in word arithmetic). A count takes O(n·k + k²) word
// operations for the k ≈ log₂((4n)!)/62 primes. An ExactCounter is not
// safe for concurrent use.
type ExactCounter struct {
	counters []*Counter
	// inv[i] is (p_0·…·p_{i−1})⁻¹ mod p_i.
	inv []uint64
	// need[n] is the number of primes whose product exceeds (4n)!.
	need map[int]int
	next uint64 // the next candidate prime, searched downwards
}

// NewExactCounter returns an exact counter.
func NewExactCounter() *ExactCounter {
	return &ExactCounter{next: 1<<62 - 1, need: map[int]int{}}
}

// Count returns the number of layouts of 4n cards among 2n = len(seq)
// players whose sequence is seq, exactly. It panics on a malformed seq, as
// Counter.Count does.
func (e *ExactCounter) Count(seq []uint8) *big.Int {
	k := e.primes(len(seq) / 2)
	// Mixed-radix digits: x = v_0 + v_1·p_0 + v_2·p_0·p_1 + …
	v := make([]uint64, k)
	for i := range k {
		c := e.counters[i]
		p := c.p
		// x mod p_i from the digits found so far, by Horner's rule.
		var s uint64
		for j := i - 1; j >= 0; j-- {
			s = c.mul(s, e.counters[j].p%p)
			s = (s + v[j]%p) % p
		}
		d := (c.Count(seq) + p - s) % p
		v[i] = c.mul(d, e.inv[i])
	}
	x := new(big.Int)
	w := new(big.Int)
	for i := k - 1; i >= 0; i-- {
		x.Mul(x, w.SetUint64(e.counters[i].p))
		x.Add(x, w.SetUint64(v[i]))
	}
	return x
}

// primes makes sure the counters for n exist and returns how many to use.
func (e *ExactCounter) primes(n int) int {
	if k, ok := e.need[n]; ok {
		return k
	}
	bound := new(big.Int).MulRange(1, int64(4*n))
	m := big.NewInt(1)
	k := 0
	for ; m.Cmp(bound) <= 0; k++ {
		m.Mul(m, new(big.Int).SetUint64(e.counter(k).p))
	}
	e.need[n] = k
	return k
}

// counter returns the i-th counter, finding the next prime below the last
// one (Counter checks primality with the Baillie–PSW test, exact below
// 2^64; primes are about 1 in 43 numbers there).
func (e *ExactCounter) counter(i int) *Counter {
	for len(e.counters) <= i {
		for {
			p := e.next
			e.next -= 2
			c, err := NewCounter(p)
			if err != nil {
				continue
			}
			// The inverse of the product of the earlier primes modulo p.
			prod := uint64(1)
			for _, d := range e.counters {
				prod = c.mul(prod, d.p%p)
			}
			e.counters = append(e.counters, c)
			e.inv = append(e.inv, powMod(prod, p-2, p))
			break
		}
	}
	return e.counters[i]
}

// powMod returns a^k mod p (Fermat: a^(p−2) is a's inverse mod a prime p).
func powMod(a, k, p uint64) uint64 {
	r := uint64(1) % p
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			hi, lo := bits.Mul64(r, a)
			r = bits.Rem64(hi, lo, p)
		}
		hi, lo := bits.Mul64(a, a)
		a = bits.Rem64(hi, lo, p)
	}
	return r
}
