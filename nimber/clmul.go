package nimber

import "math/bits"

// clTables are the tables of the carry-less route to the product (amd64
// with PCLMULQDQ; mul_amd64.s). GF(2^64) as nimbers is isomorphic to
// GF(2)[x]/(p) for the minimal polynomial p of any nimber α of degree 64,
// by the GF(2)-linear map φ⁻¹: x^i ↦ α^i (nim-powers). So
//
//	a ⊗ b = φ⁻¹(φ(a)·φ(b) mod p),
//
// a carry-less product of two 64-bit polynomials reduced mod p (Barrett:
// two more carry-less products) between two changes of basis, each 8
// lookups of a byte in a table of 256 words. α = 2^32, the least nimber
// outside GF(2^32), so of degree 64.
type clTables struct {
	// phi[k][v] = φ(v·2^(8k)), inv[k][v] = φ⁻¹(v·x^(8k)).
	phi, inv [8][256]uint64
	// m and r: μ = ⌊x^128 / p⌋ = x^64 + m and p = x^64 + r.
	m, r uint64
}

// clAlpha is α.
const clAlpha = 1 << 32

// buildCL builds the tables from α and the product mul.
func buildCL(mul func(a, b uint64) uint64) *clTables {
	var pw [64]uint64 // pw[i] = α^i = φ⁻¹(x^i)
	a := uint64(1)
	for i := range pw {
		pw[i] = a
		a = mul(a, clAlpha)
	}
	phi := invertGF2(pw) // α has degree 64: its powers are a basis
	c := &clTables{r: applyGF2(&phi, a)}
	c.m = barrettMu(c.r)
	for k := range 8 {
		for v := 1; v < 256; v++ {
			low := bits.TrailingZeros8(uint8(v))
			c.phi[k][v] = c.phi[k][v&(v-1)] ^ phi[8*k+low]
			c.inv[k][v] = c.inv[k][v&(v-1)] ^ pw[8*k+low]
		}
	}
	return c
}

// applyGF2 returns the image of x under the GF(2)-linear map with the
// images col[i] of the unit vectors.
func applyGF2(col *[64]uint64, x uint64) uint64 {
	y := uint64(0)
	for ; x != 0; x &= x - 1 {
		y ^= col[bits.TrailingZeros64(x)]
	}
	return y
}

// invertGF2 returns the inverse of the invertible 64×64 matrix over GF(2)
// with columns col, as columns (Gauss–Jordan on the rows).
func invertGF2(col [64]uint64) [64]uint64 {
	var m, id [64]uint64 // rows of [M | I]
	for i := range 64 {
		for j := range 64 {
			m[i] |= (col[j] >> i & 1) << j
		}
		id[i] = 1 << i
	}
	for c := range 64 {
		p := c
		for m[p]>>c&1 == 0 {
			p++ // panics past 63 only for a singular matrix
		}
		m[c], m[p], id[c], id[p] = m[p], m[c], id[p], id[c]
		for r := range 64 {
			if r != c && m[r]>>c&1 != 0 {
				m[r] ^= m[c]
				id[r] ^= id[c]
			}
		}
	}
	var inv [64]uint64
	for i := range 64 {
		for j := range 64 {
			inv[j] |= (id[i] >> j & 1) << i
		}
	}
	return inv
}

// barrettMu returns m with x^64 + m = ⌊x^128 / (x^64 + r)⌋ (long division
// in GF(2)[x]).
func barrettMu(r uint64) uint64 {
	// hi is the remainder's part of degree ≥ 64 (as hi·x^64): after the
	// first step, x^128 less (x^64 + r)·x^64, it is r. Each later step
	// cancels its bit x^(64+s) with (x^64 + r)·x^s, whose part of degree ≥
	// 64 is x^s plus the top s bits of r, and sets the bit s of the
	// quotient. (The remainder's low part is not needed.)
	var q uint64
	hi := r
	for s := 63; s >= 0; s-- {
		if hi>>s&1 == 0 {
			continue
		}
		q |= 1 << s
		hi ^= 1 << s
		if s > 0 {
			hi ^= r >> (64 - s)
		}
	}
	return q
}
