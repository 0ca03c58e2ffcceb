package nimber

import (
	"fmt"
	"slices"
)

// MaxDegree is the largest degree Roots accepts.
const MaxDegree = 32

// Roots returns the distinct roots in GF(2^64) of the polynomial
// p[0] ⊕ p[1]⊗x ⊕ p[2]⊗x² ⊕ …, ascending. The roots of p are those of
// g = gcd(p, x^(2^64) ⊕ x), which has no repeated factor and splits into
// linear factors; g is split by g = gcd(g, Tr(β⊗x)) · gcd(g, Tr(β⊗x) ⊕ 1),
// where Tr(y) = y ⊕ y² ⊕ … ⊕ y^(2^63), for β from a fixed pseudo-random
// sequence and then β = 1, 2, 4, …, 2^63: two distinct roots r, s differ
// in Tr(β⊗r) for some β of the basis, the trace form being non-degenerate (Berlekamp, "Factoring polynomials over large
// finite fields", Math. Comp. 24 (1970); the trace method as in Lidl and
// Niederreiter, Finite Fields, §4.3).
//
// It fails for the zero polynomial and past MaxDegree.
func Roots(p []uint64) ([]uint64, error) {
	f := trim(slices.Clone(p))
	if len(f) == 0 {
		return nil, errEveryRoot
	}
	if d := len(f) - 1; d > MaxDegree {
		return nil, fmt.Errorf("degree %d is too large (at most %d)", d, MaxDegree)
	}
	var roots []uint64
	if f[0] == 0 {
		roots = append(roots, 0)
		for len(f) > 1 && f[0] == 0 {
			f = f[1:] // divide by x
		}
	}
	f = monic(f)
	if len(f) > 1 {
		// X = x^(2^64) mod f, by 64 squarings of x.
		x := polyMod([]uint64{0, 1}, f)
		X := x
		for range 64 {
			X = polyMod(polySquare(X), f)
		}
		g := polyGCD(f, polyAdd(X, x))
		roots = split(g, roots)
	}
	slices.Sort(roots)
	return roots, nil
}

// split appends the roots of g (monic, a product of distinct linear
// factors). It tries β from a fixed pseudo-random sequence first (each
// splits g with probability at least 1/2), then the basis 1, 2, 4, …, 2^63,
// one of which is sure to split it: the result does not depend on the
// order, only the time does.
func split(g []uint64, roots []uint64) []uint64 {
	switch len(g) {
	case 1:
		return roots
	case 2: // x ⊕ g0
		return append(roots, g[0])
	}
	seed := uint64(0x9E3779B97F4A7C15)
	for i := 0; i < 32+64; i++ {
		var beta uint64
		if i < 32 {
			seed += 0x9E3779B97F4A7C15 // splitmix64
			z := seed
			z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
			z = (z ^ z>>27) * 0x94D049BB133111EB
			beta = z ^ z>>31
		} else {
			beta = 1 << (i - 32)
		}
		// t = Tr(β⊗x) mod g.
		u := polyMod([]uint64{0, beta}, g)
		t := u
		for range 63 {
			u = polyMod(polySquare(u), g)
			t = polyAdd(t, u)
		}
		h := polyGCD(g, t)
		if len(h) > 1 && len(h) < len(g) {
			return split(polyDiv(g, h), split(h, roots))
		}
	}
	panic("nimber: trace splitting failed (g has a repeated root)")
}

func trim(p []uint64) []uint64 {
	for len(p) > 0 && p[len(p)-1] == 0 {
		p = p[:len(p)-1]
	}
	return p
}

func monic(p []uint64) []uint64 {
	p = trim(p)
	if len(p) == 0 || p[len(p)-1] == 1 {
		return p
	}
	li, _ := Inv(p[len(p)-1])
	out := make([]uint64, len(p))
	for i, c := range p {
		out[i] = Mul(c, li)
	}
	return out
}

func polyAdd(a, b []uint64) []uint64 {
	if len(a) < len(b) {
		a, b = b, a
	}
	out := slices.Clone(a)
	for i, c := range b {
		out[i] ^= c
	}
	return trim(out)
}

// polySquare squares a polynomial: in characteristic 2 the cross terms
// cancel, so (Σ aᵢxⁱ)² = Σ aᵢ²x^(2i).
func polySquare(a []uint64) []uint64 {
	if len(a) == 0 {
		return nil
	}
	out := make([]uint64, 2*len(a)-1)
	for i, c := range a {
		out[2*i] = Square(c)
	}
	return out
}

// polyMod returns a mod m (m monic, non-constant).
func polyMod(a, m []uint64) []uint64 {
	r := slices.Clone(trim(a))
	d := len(m) - 1
	for len(r) > d {
		c := r[len(r)-1]
		s := len(r) - 1 - d
		for i, mc := range m {
			r[s+i] ^= Mul(c, mc)
		}
		r = trim(r)
	}
	return r
}

// polyDiv returns a / m for m monic dividing a.
func polyDiv(a, m []uint64) []uint64 {
	r := slices.Clone(trim(a))
	d := len(m) - 1
	q := make([]uint64, len(r)-d)
	for len(r) > d {
		c := r[len(r)-1]
		s := len(r) - 1 - d
		q[s] = c
		for i, mc := range m {
			r[s+i] ^= Mul(c, mc)
		}
		r = trim(r)
	}
	return q
}

// polyGCD returns the monic gcd of a and b (a ≠ 0).
func polyGCD(a, b []uint64) []uint64 {
	a, b = monic(a), monic(b)
	for len(b) > 0 {
		if len(b) == 1 {
			return []uint64{1}
		}
		a, b = b, monic(polyMod(a, b))
	}
	return a
}
