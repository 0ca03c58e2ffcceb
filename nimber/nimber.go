package nimber

import (
	"errors"
	"math/bits"
	"sync"
)

// ErrZero reports a division by 0 or the inverse of 0.
var ErrZero = errors.New("0 has no inverse")

// ErrVariable is the kind of syntax error (errors.Is through
// notation.SyntaxError) of an expression to evaluate that names the
// variable x: a polynomial, whose roots Solve finds.
var ErrVariable = errors.New("x is a variable")

// Add returns the nim-sum a ⊕ b (bitwise XOR).
func Add(a, b uint64) uint64 { return a ^ b }

// MulPlain returns the nim-product a ⊗ b by the plain recursion on Fermat
// 2-powers: with F = 2^(w/2) for the smallest power of two w such that a,
// b < 2^w, a = a1·F + a0 and b = b1·F + b0,
//
//	a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ (a0b0 ⊕ a1b1 ⊗ F/2)
//
// — four products of half the width and one by F/2 at every level (ONAG,
// ch. 6). It is the baseline Mul is measured and tested against.
func MulPlain(a, b uint64) uint64 { return mulPlain(a, b, 64) }

// mulPlain multiplies a, b < 2^w (w a power of two).
func mulPlain(a, b uint64, w uint) uint64 {
	if a < 2 || b < 2 {
		return a * b
	}
	for a>>(w/2) == 0 && b>>(w/2) == 0 {
		w /= 2 // both in the subfield GF(2^(w/2)); w stays ≥ 2 as a, b ≥ 2
	}
	h := w / 2
	m := uint64(1)<<h - 1
	a1, a0, b1, b0 := a>>h, a&m, b>>h, b&m
	c := mulPlain(a1, b1, h)
	hi := mulPlain(a1, b0, h) ^ mulPlain(a0, b1, h) ^ c
	lo := mulPlain(a0, b0, h) ^ mulPlain(c, 1<<(h-1), h)
	return hi<<h | lo
}

// tables are the read-only tables of the fast product, built once on first
// use (about a millisecond).
type tables struct {
	// log[x] is the discrete logarithm of x ≠ 0 in GF(2^16) to the base
	// gen; exp[i] = gen^(i mod 65535) for i < 2·65535 (the sum of two logs
	// indexes it without a reduction).
	log [1 << 16]uint16
	exp [1 << 17]uint16
	// half[x] = x ⊗ 2^15, the product by F/2 for F = 2^16.
	half [1 << 16]uint16
	// trace has bit i set when the absolute trace of 2^i is 1: the trace
	// is GF(2)-linear, so Tr(x) = parity(x AND trace).
	trace uint64
	// sqrtHalf16, sqrtHalf32 are √(2^15) and √(2^31), for Sqrt.
	sqrtHalf16 uint16
	sqrtHalf32 uint32
	gen        uint16
}

var (
	tabOnce sync.Once
	tab     *tables
)

func tabs() *tables {
	tabOnce.Do(func() { tab = buildTables() })
	return tab
}

// group16 is the order of the multiplicative group of GF(2^16).
const group16 = 1<<16 - 1

func buildTables() *tables {
	t := &tables{}
	// A generator of GF(2^16)*: an element whose order is 65535 =
	// 3·5·17·257, i.e. g^(65535/p) ≠ 1 for each of these primes p.
	pow16 := func(a uint64, k int) uint64 {
		r := uint64(1)
		for ; k > 0; k >>= 1 {
			if k&1 != 0 {
				r = mulPlain(r, a, 16)
			}
			a = mulPlain(a, a, 16)
		}
		return r
	}
	gen := uint64(2)
	for ; ; gen++ {
		ok := true
		for _, p := range []int{3, 5, 17, 257} {
			if pow16(gen, group16/p) == 1 {
				ok = false
				break
			}
		}
		if ok {
			break
		}
	}
	t.gen = uint16(gen)
	// x ↦ x ⊗ gen is GF(2)-linear: its images of 1, 2, 4, … give every
	// product by gen as an XOR of rows.
	var genRow, halfRow [16]uint16
	for j := range 16 {
		genRow[j] = uint16(mulPlain(gen, 1<<j, 16))
		halfRow[j] = uint16(mulPlain(1<<j, 1<<15, 16))
	}
	x := uint16(1)
	for i := range group16 {
		t.exp[i], t.exp[i+group16] = x, x
		t.log[x] = uint16(i)
		var y uint16
		for m := x; m != 0; m &= m - 1 {
			y ^= genRow[bits.TrailingZeros16(m)]
		}
		x = y
	}
	for v := 1; v < 1<<16; v++ {
		t.half[v] = t.half[v&(v-1)] ^ halfRow[bits.TrailingZeros16(uint16(v))]
	}
	t.sqrtHalf16 = sqrt16(t, 1<<15)
	t.sqrtHalf32 = sqrt32(t, 1<<31)
	for i := range 64 {
		// Tr(a) = a ⊕ a² ⊕ a⁴ ⊕ … ⊕ a^(2^63).
		a, tr := uint64(1)<<i, uint64(0)
		for range 64 {
			tr ^= a
			a = square64(t, a)
		}
		if tr == 1 {
			t.trace |= 1 << i
		}
	}
	return t
}

func mul16(t *tables, a, b uint16) uint16 {
	if a == 0 || b == 0 {
		return 0
	}
	return t.exp[(uint32(t.log[a])+uint32(t.log[b]))&(1<<17-1)]
}

func inv16(t *tables, a uint16) uint16 { return t.exp[group16-uint32(t.log[a])] }

// sqrt16 is the inverse of the Frobenius map: 2·32768 ≡ 1 (mod 65535).
func sqrt16(t *tables, a uint16) uint16 {
	if a == 0 {
		return 0
	}
	return t.exp[uint32(t.log[a])*32768%group16]
}

// mul32 multiplies in GF(2^32) by the Karatsuba split at F = 2^16.
func mul32(t *tables, a, b uint32) uint32 {
	a1, a0, b1, b0 := uint16(a>>16), uint16(a), uint16(b>>16), uint16(b)
	c0 := mul16(t, a0, b0)
	c2 := mul16(t, a1, b1)
	c1 := mul16(t, a0^a1, b0^b1)
	return uint32(c1^c0)<<16 | uint32(c0^t.half[c2])
}

// half32 returns x ⊗ 2^31 (2^31 = 2^15 ⊗ 2^16): y = x ⊗ 2^15 limb by
// limb, then y ⊗ 2^16 = (y1 ⊕ y0)·2^16 ⊕ y1 ⊗ 2^15.
func half32(t *tables, x uint32) uint32 {
	y1 := t.half[uint16(x>>16)]
	y0 := t.half[uint16(x)]
	return uint32(y1^y0)<<16 | uint32(t.half[y1])
}

func square32(t *tables, a uint32) uint32 {
	a1, a0 := uint16(a>>16), uint16(a)
	s1 := mul16(t, a1, a1)
	return uint32(s1)<<16 | uint32(mul16(t, a0, a0)^t.half[s1])
}

func inv32(t *tables, a uint32) uint32 {
	a1, a0 := uint16(a>>16), uint16(a)
	n := mul16(t, a0, a0) ^ mul16(t, a0, a1) ^ t.half[mul16(t, a1, a1)]
	ni := inv16(t, n)
	return uint32(mul16(t, a1, ni))<<16 | uint32(mul16(t, a0^a1, ni))
}

func sqrt32(t *tables, a uint32) uint32 {
	s1 := sqrt16(t, uint16(a>>16))
	return uint32(s1)<<16 | uint32(mul16(t, s1, t.sqrtHalf16)^sqrt16(t, uint16(a)))
}

func mul64(t *tables, a, b uint64) uint64 {
	a1, a0, b1, b0 := uint32(a>>32), uint32(a), uint32(b>>32), uint32(b)
	c0 := mul32(t, a0, b0)
	c2 := mul32(t, a1, b1)
	c1 := mul32(t, a0^a1, b0^b1)
	return uint64(c1^c0)<<32 | uint64(c0^half32(t, c2))
}

func square64(t *tables, a uint64) uint64 {
	s1 := square32(t, uint32(a>>32))
	return uint64(s1)<<32 | uint64(square32(t, uint32(a))^half32(t, s1))
}

// half64 returns x ⊗ 2^63 (2^63 = 2^31 ⊗ 2^32), as half32 one level up.
func half64(t *tables, x uint64) uint64 {
	y1 := half32(t, uint32(x>>32))
	y0 := half32(t, uint32(x))
	return uint64(y1^y0)<<32 | uint64(half32(t, y1))
}

// Mul returns the nim-product a ⊗ b in GF(2^64): the Karatsuba split of
// the package doc at F = 2^32 and F = 2^16 (nine products in GF(2^16), by
// log and exp tables, and twelve lookups for the products by F/2).
func Mul(a, b uint64) uint64 { return mul64(tabs(), a, b) }

// Square returns a ⊗ a (the Frobenius map: three squarings of half the
// width and one product by F/2 at each level).
func Square(a uint64) uint64 { return square64(tabs(), a) }

// Inv returns the nim-inverse of a ≠ 0 (the b with a ⊗ b = 1), by the norm
// of the quadratic extension at each level (package doc).
func Inv(a uint64) (uint64, error) {
	if a == 0 {
		return 0, ErrZero
	}
	t := tabs()
	a1, a0 := uint32(a>>32), uint32(a)
	n := square32(t, a0) ^ mul32(t, a0, a1) ^ half32(t, square32(t, a1))
	ni := inv32(t, n)
	return uint64(mul32(t, a1, ni))<<32 | uint64(mul32(t, a0^a1, ni)), nil
}

// Div returns a ⊘ b = a ⊗ b⁻¹ (ErrZero for b = 0).
func Div(a, b uint64) (uint64, error) {
	bi, err := Inv(b)
	if err != nil {
		return 0, err
	}
	return Mul(a, bi), nil
}

// Sqrt returns the nim-square root of a: the one x with x ⊗ x = a (every
// nimber has one; squaring is a bijection in characteristic 2).
func Sqrt(a uint64) uint64 {
	t := tabs()
	s1 := sqrt32(t, uint32(a>>32))
	return uint64(s1)<<32 | uint64(mul32(t, s1, t.sqrtHalf32)^sqrt32(t, uint32(a)))
}

// Pow returns a^k (nim-products; a^0 = 1, including 0^0). The exponent is
// an ordinary integer, reduced modulo 2^64 − 1, the order of the
// multiplicative group.
func Pow(a, k uint64) uint64 {
	if k == 0 {
		return 1
	}
	if a == 0 {
		return 0
	}
	t := tabs()
	k %= 1<<64 - 1
	r := uint64(1)
	for ; k > 0; k >>= 1 {
		if k&1 != 0 {
			r = mul64(t, r, a)
		}
		a = square64(t, a)
	}
	return r
}

// Trace returns the absolute trace of a, a ⊕ a² ⊕ a⁴ ⊕ … ⊕ a^(2^63), which
// is 0 or 1.
func Trace(a uint64) uint64 { return uint64(bits.OnesCount64(a&tabs().trace) & 1) }

// SolveArtinSchreier returns a root x of x ⊗ x ⊕ x = c in GF(2^64) (the
// other is x ⊕ 1), or ok = false when there is none (Trace(c) = 1).
func SolveArtinSchreier(c uint64) (x uint64, ok bool) { return artinSchreier(c, 64) }

// artinSchreier solves x² ⊕ x = c in GF(2^w): with x = x1·F + x0 and
// c = c1·F + c0 (F = 2^(w/2)), x1² ⊕ x1 = c1 and x0² ⊕ x0 = c0 ⊕ x1² ⊗ F/2;
// of the two roots x1, x1 ⊕ 1 of the first, one or neither gives the second
// a root.
func artinSchreier(c uint64, w uint) (uint64, bool) {
	if w == 1 {
		return 0, c == 0
	}
	h := w / 2
	x1, ok := artinSchreier(c>>h, h)
	if !ok {
		return 0, false
	}
	c0 := c & (1<<h - 1)
	for _, y := range [2]uint64{x1, x1 ^ 1} {
		if x0, ok := artinSchreier(c0^Mul(Square(y), 1<<(h-1)), h); ok {
			return y<<h | x0, true
		}
	}
	return 0, false
}

// SolveQuadratic returns the roots of a⊗x² ⊕ b⊗x ⊕ c = 0 in GF(2^64),
// ascending: none, one or two. With a = 0 it solves the linear equation;
// it fails for a = b = c = 0, where every nimber is a root.
func SolveQuadratic(a, b, c uint64) ([]uint64, error) {
	switch {
	case a == 0 && b == 0 && c == 0:
		return nil, errEveryRoot
	case a == 0 && b == 0:
		return nil, nil
	case a == 0:
		x, _ := Div(c, b)
		return []uint64{x}, nil
	case b == 0:
		x, _ := Div(c, a)
		return []uint64{Sqrt(x)}, nil
	}
	// x = (b/a)·y turns it into y² ⊕ y = a⊗c/b².
	ba, _ := Div(b, a)
	d, _ := Div(Mul(a, c), Square(b))
	y, ok := SolveArtinSchreier(d)
	if !ok {
		return nil, nil
	}
	r0, r1 := Mul(ba, y), Mul(ba, y^1)
	if r0 > r1 {
		r0, r1 = r1, r0
	}
	return []uint64{r0, r1}, nil
}

var errEveryRoot = errors.New("the zero polynomial: every nimber is a root")
