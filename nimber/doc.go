// Package nimber is nim arithmetic: the sum, product, quotient, powers,
// square roots and polynomial roots of finite nimbers, the values of
// impartial games.
//
// # The field
//
// Conway (On Numbers and Games, ch. 6) defines the nim-sum and the
// nim-product of the ordinals by the mex rules
//
//	a ⊕ b = mex{a' ⊕ b, a ⊕ b' : a' < a, b' < b}
//	a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}
//
// and proves that they make the ordinals a field of characteristic 2 (On₂).
// On the finite ordinals the sum is the bitwise XOR, and for every k the
// numbers below F = 2^(2^k), a Fermat 2-power, form a subfield GF(2^(2^k)).
// The product is computed from two rules (ONAG, Theorem 49; Lenstra, "Nim
// multiplication", Séminaire de Théorie des Nombres de Bordeaux, 1977):
//
//	x ⊗ F = x·F           for x < F (the ordinary product)
//	F ⊗ F = 3F/2 = F ⊕ F/2
//
// so that, writing a = a1·F + a0 and b = b1·F + b0 with a0, a1, b0, b1 < F,
//
//	a ⊗ b = (a0b0 ⊕ (a0⊕a1)(b0⊕b1))·F ⊕ (a0b0 ⊕ a1b1 ⊗ F/2)
//
// — three products of half the width (the Karatsuba split: the middle term
// a1b0 ⊕ a0b1 ⊕ a1b1 is (a0⊕a1)(b0⊕b1) ⊕ a0b0) and one product by the
// constant F/2. Nimbers below 2^64 form GF(2^64); larger finite nimbers
// are handled by the same recursion on 64-bit words (Big*, math/big).
//
// Known answers (ONAG ch. 6; Winning Ways ch. 14; OEIS A051775, the
// nim-product table): 2⊗2 = 3, 4⊗4 = 6, 8⊗8 = 13, 16⊗16 = 24.
//
// # Speed
//
// [Mul] has two kernels, each tested against [MulPlain], the plain
// recursion (four products of half the width and one by F/2 at every
// level) they are measured against (BENCHMARKS.md).
//
// In Go (every platform): the split above applied twice (64 → 32 → 16
// bits) with the products in GF(2^16) by tables of discrete logarithms
// (the multiplicative group is cyclic of order 65535, so
// a⊗b = exp(log a + log b)). Every step after the logarithms is done in
// the exponent: the generator is chosen with gen³ = 2^15 = F/2, so a
// product by F/2 adds 3 to a logarithm, and 0 has a logarithm too, above
// every sum of the others, whose powers are 0. A 64-bit product is 18
// logarithms and 10 powers, without a branch.
//
// On amd64 with PCLMULQDQ: GF(2^64) is isomorphic to GF(2)[x]/(p) for the
// minimal polynomial p of 2^32 (any nimber ≥ 2^32 has degree 64), by the
// GF(2)-linear map x^i ↦ (2^32)^i, so a⊗b is a carry-less product of the
// images of a and b, reduced mod p (Barrett), mapped back; each change of
// basis is 8 lookups of a byte in tables of 256 words (32 KiB in all).
// The tag purego keeps the Go kernel.
//
// # Quotients, roots
//
// The multiplicative group of GF(2^(2^k)) has order 2^(2^k) − 1, so
// a^(2^(2^k)−1) = 1 for a ≠ 0. [Inv] uses the norm of the quadratic
// extension instead of that power: with F² = F ⊕ h (h = F/2), the conjugate
// of a1·F + a0 is a1·F + (a0 ⊕ a1) and the norm a0² ⊕ a0a1 ⊕ a1²h lies in
// the half-width field. Squaring is the Frobenius map, a bijection of a
// finite field of characteristic 2, so every nimber has exactly one square
// root ([Sqrt]): √(a1F + a0) = √a1 ⊗ (F ⊕ √h) ⊕ √a0. The equation
// x² ⊕ x = c has a root exactly when the absolute trace of c is 0
// (Artin–Schreier), and then two, x and x ⊕ 1 ([SolveQuadratic]); [Roots]
// finds the roots of any polynomial of small degree over GF(2^64) as the
// roots of gcd(p, x^(2^64) − x), split by traces (Berlekamp's trace
// algorithm).
//
// # Expressions
//
// [Eval] evaluates an expression such as "8*8", "sqrt(2)+3", "(5+6)/7^2"
// or "*3 * *5" on nimbers of any size up to [MaxBits] bits, under a work
// budget; [Table] is the multiplication table.
//
// # Library API beyond the CLI
//
// grundy nimber and /api/nimber reach Eval, Solve and Table (and through
// them Mul, Inv, Sqrt, Pow and Roots). Kept deliberately for programs (deadcode from cmd/ reports them,
// and the helpers they call): Add (the nim-sum, for symmetry: a XOR),
// MulPlain (the plain recursion the kernels are tested and benchmarked
// against), Trace, SolveArtinSchreier and SolveQuadratic (x² ⊕ x = c and
// its quadratic form), Polynomial (a polynomial's coefficients from its
// text), and the nimbers of any size: MulBig, SquareBig, InvBig, DivBig,
// SqrtBig, PowBig and SolveQuadraticBig.
package nimber
