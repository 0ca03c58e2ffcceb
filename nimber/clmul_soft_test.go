package nimber

import "math/bits"

// The carry-less route in Go, the model the tests hold the assembly's
// tables to (kernel_test.go).

// clmulSoft is the carry-less product of two 64-bit polynomials, hi·x^64 +
// lo: the reference the tests hold the assembly's tables to.
func clmulSoft(a, b uint64) (hi, lo uint64) {
	for ; b != 0; b &= b - 1 {
		i := uint(bits.TrailingZeros64(b))
		lo ^= a << i
		if i > 0 {
			hi ^= a >> (64 - i)
		}
	}
	return hi, lo
}

// mulSoft is the carry-less route with clmulSoft: mul_amd64.s step by
// step, in Go.
func (c *clTables) mulSoft(a, b uint64) uint64 {
	var pa, pb uint64
	for k := range 8 {
		pa ^= c.phi[k][byte(a>>(8*k))]
		pb ^= c.phi[k][byte(b>>(8*k))]
	}
	h, l := clmulSoft(pa, pb)
	t, _ := clmulSoft(h, c.m)
	_, u := clmulSoft(h^t, c.r) // q = h ⊕ ⌊h·m / x^64⌋ = ⌊(h·x^64 + l) / p⌋
	v := l ^ u
	var y uint64
	for k := range 8 {
		y ^= c.inv[k][byte(v>>(8*k))]
	}
	return y
}
