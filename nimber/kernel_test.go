package nimber

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
)

// kernel is one way the package multiplies in GF(2^64).
type kernel struct {
	name string
	mul  func(a, b uint64) uint64
}

// kernels lists every product the package has, each held to MulPlain: the
// one Mul uses here, the pure Go one (logarithms), and where the CPU runs
// it the carry-less route (its Go model everywhere).
func kernels() []kernel {
	t := tabs()
	ks := []kernel{{"Mul", Mul}, {"mul64Go", func(a, b uint64) uint64 { return mul64Go(t, a, b) }}}
	cl := buildCL(func(a, b uint64) uint64 { return mul64Go(t, a, b) })
	ks = append(ks, kernel{"carry-less (Go model)", cl.mulSoft})
	if t.cl != nil {
		ks = append(ks, kernel{"carry-less (mul_amd64.s)", func(a, b uint64) uint64 { return mulCL(a, b, t.cl) }})
	}
	return ks
}

// testPairs are random pairs in the shapes that reach every case of the
// kernels: uniform; quarters cleared at random, and quarters repeated, so
// that the arguments of the Karatsuba split (a quarter, the XOR of two,
// of four) are 0, whose logarithm is the sentinel; values shifted down
// into the subfields.
func testPairs(n int) [][2]uint64 {
	r := rand.New(rand.NewPCG(7, 8))
	shape := func(x uint64) uint64 {
		switch r.IntN(4) {
		case 1:
			for q := range 4 {
				if r.IntN(2) == 0 {
					x &^= 0xffff << (16 * q)
				}
			}
		case 2:
			q := x & 0xffff
			x = q * 0x0001000100010001
			if r.IntN(2) == 0 {
				x ^= uint64(r.IntN(1<<16)) << (16 * r.IntN(4))
			}
		case 3:
			x >>= r.IntN(64)
		}
		return x
	}
	ps := make([][2]uint64, n)
	for i := range ps {
		ps[i] = [2]uint64{shape(r.Uint64()), shape(r.Uint64())}
	}
	return ps
}

func TestKernelsMatchPlain(t *testing.T) {
	ks := kernels()
	for _, p := range testPairs(20000) {
		want := MulPlain(p[0], p[1])
		for _, k := range ks {
			if got := k.mul(p[0], p[1]); got != want {
				t.Fatalf("%s(%#x, %#x) = %#x, MulPlain gives %#x", k.name, p[0], p[1], got, want)
			}
		}
	}
	// Every product in GF(2^8).
	for a := range uint64(256) {
		for b := range uint64(256) {
			want := MulPlain(a, b)
			for _, k := range ks {
				if got := k.mul(a, b); got != want {
					t.Fatalf("%s(%d, %d) = %d, MulPlain gives %d", k.name, a, b, got, want)
				}
			}
		}
	}
	// Every element of GF(2^16) times 8 of them (318 under GRUNDY_LONG:
	// 0..63 and the multiples of 257).
	bs := []uint64{0, 1, 2, 3, 1 << 15, 0xffff, 0x1234, 0xbeef}
	if longtest.Enabled() {
		bs = bs[:0]
		for b := range uint64(1 << 16) {
			if b%257 == 0 || b < 64 {
				bs = append(bs, b)
			}
		}
	}
	for _, b := range bs {
		for a := range uint64(1 << 16) {
			want := mulPlain(a, b, 16)
			for _, k := range ks {
				if got := k.mul(a, b); got != want {
					t.Fatalf("%s(%d, %d) = %d, MulPlain gives %d", k.name, a, b, got, want)
				}
			}
		}
	}
}

// TestKernelsKnownProducts checks 64-bit products computed by another
// implementation, NyaanNyaan/library's math/nimber.hpp (product64, the
// library verified on Library Checker's nim_product_64): random pairs of
// its random tests' kind (PCG seed 1, 2: the benchmark's pairs 0–3, 1000,
// 65535 and 1048575) and a few of chosen shape.
func TestKernelsKnownProducts(t *testing.T) {
	known := [][3]uint64{
		{0xc4f5a58656eef510, 0x9dcec3ad077dec6c, 0xbe0653d8609d1b78},
		{0xc8d04605312f8088, 0xcbedc0dcb63ac19a, 0xdaff58cc9d1c7f7c},
		{0x3bf98798cae97950, 0xa8c6d7f8d485abc, 0xb5709028c8811cf1},
		{0x7ffa3780429cd279, 0x730ad2626b1c2f8e, 0x622fe78cfccfb886},
		{0xc3d2f4fa6dc41b36, 0x38064ceb9afa52f9, 0x239616f4ef94b12d},
		{0x37ea817a8cb7d617, 0x7f99d636058a24e2, 0xad9937488d05a142},
		{0x2e6cf05c32a255f, 0x6aa29df6170a7883, 0x8a340b59c212ab97},
		{0xffffffffffffffff, 0xffffffffffffffff, 0x9caf97a49cfc97f7},
		{0x8000000000000000, 0x8000000000000000, 0xde4ae3a94a88a921},
		{0x100000000, 0x100000000, 0x180000000},
		{0x123456789abcdef0, 0xfedcba9876543210, 0x88b7973113887d7f},
		{0xffff0000ffff0000, 0xffff0000ffff, 0x9caf000097a40053},
		{0x8000000080000000, 0x3, 0x4000000040000000},
	}
	for _, k := range kernels() {
		for _, c := range known {
			if got := k.mul(c[0], c[1]); got != c[2] {
				t.Errorf("%s(%#x, %#x) = %#x, want %#x", k.name, c[0], c[1], got, c[2])
			}
		}
	}
}

// TestTables checks what the kernels assume of the tables: gen generates
// GF(2^16)* and gen³ = 2^15 (so logHalf = 3); every index mul64Go forms is
// below expLen and lands on 0 exactly when an argument is 0; the
// carry-less route's basis is α^i and p(α) = 0.
func TestTables(t *testing.T) {
	tb := tabs()
	g := uint64(tb.gen)
	if mulPlain(mulPlain(g, g, 16), g, 16) != 1<<15 || tb.log[1<<15] != logHalf {
		t.Fatalf("gen %d: gen³ = %d, log 2^15 = %d", g, mulPlain(mulPlain(g, g, 16), g, 16), tb.log[1<<15])
	}
	seen := make([]bool, 1<<16)
	for x := 1; x < 1<<16; x++ {
		l := tb.log[x]
		if l >= group16 || seen[l] || tb.exp[l] != uint16(x) || tb.exp[l+group16] != uint16(x) {
			t.Fatalf("log %d = %d", x, l)
		}
		seen[l] = true
	}
	if 2*logZero+2*logHalf >= expLen {
		t.Fatalf("logZero %d: indices reach past expLen %d", logZero, expLen)
	}
	for i := logZero; i < expLen; i++ {
		if tb.exp[i] != 0 {
			t.Fatalf("exp[%d] = %d past logZero", i, tb.exp[i])
		}
	}
	// From the plain product alone: p(α) = α^64 ⊕ Σ r_i α^i = 0, α^i being
	// inv's rows of single bits.
	cl := buildCL(MulPlain)
	pw := uint64(1)
	sum := uint64(0)
	for i := range 64 {
		if cl.inv[i/8][1<<(i%8)] != pw {
			t.Fatalf("φ⁻¹(x^%d) is not α^%d", i, i)
		}
		if cl.r>>i&1 != 0 {
			sum ^= pw
		}
		pw = MulPlain(pw, clAlpha)
	}
	sum ^= pw
	if sum != 0 {
		t.Fatalf("p(α) = %#x", sum)
	}
	// μ·p = x^128 + a remainder of degree < 64: μ = x^64 + m, p = x^64 + r,
	// so μ·p = x^128 ⊕ (m ⊕ r)·x^64 ⊕ m·r, whose part above x^63 must be
	// x^128 alone.
	h, _ := clmulSoft(cl.m, cl.r)
	if cl.m^cl.r^h != 0 {
		t.Fatalf("μ: the part of μ·p of degree 64..127 is %#x", cl.m^cl.r^h)
	}
}
