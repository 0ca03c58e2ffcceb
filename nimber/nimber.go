package nimber

import (
	"errors"
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"
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
// use (about 7 ms of CPU).
type tables struct {
	// log[x] is the discrete logarithm of x ≠ 0 in GF(2^16) to the base
	// gen, and logZero for x = 0; exp[i] = gen^(i mod 65535) for
	// i < logZero and 0 from there on, so that exp[log a + log b + k] is
	// a ⊗ b ⊗ gen^k for every a, b (0 included, without a branch) and
	// k ≤ 2·logHalf.
	log [1 << 16]uint32
	exp [expLen]uint16
	// trace has bit i set when the absolute trace of 2^i is 1: the trace
	// is GF(2)-linear, so Tr(x) = parity(x AND trace).
	trace uint64
	// sqrtHalf16, sqrtHalf32 are √(2^15) and √(2^31), for Sqrt.
	sqrtHalf16 uint16
	sqrtHalf32 uint32
	gen        uint16
	// cl holds the tables of the carry-less route (clmul.go), nil where
	// mul64 uses mul64Go.
	cl *clTables
}

var (
	tabOnce sync.Once
	tab     atomic.Pointer[tables]
)

// tabs returns the tables, building them on the first call. It inlines to
// one load when they are built (sync.Once.Do does not inline with its
// closure).
func tabs() *tables {
	if t := tab.Load(); t != nil {
		return t
	}
	return buildOnce()
}

func buildOnce() *tables {
	tabOnce.Do(func() { tab.Store(buildTables()) })
	return tab.Load()
}

const (
	// group16 is the order of the multiplicative group of GF(2^16).
	group16 = 1<<16 - 1
	// logHalf is the logarithm of 2^15 = F/2 for F = 2^16: gen is chosen
	// with gen³ = 2^15, so a product by 2^15 or by 2^30 = 2^15 ⊗ 2^15 is 3
	// or 6 added to a logarithm, and the powers used stay in 256 KiB.
	logHalf = 3
	// logZero is the logarithm given to 0: above every sum of two
	// logarithms of nonzero elements and 2·logHalf (at most 131074).
	logZero = 2*(group16-1) + 2*logHalf + 1
	// expLen covers every index with a zero (at most 2·logZero + 6) and is
	// a power of two, so an index masked by expLen−1 needs no bounds
	// check; the tail past logZero is zero and, but for zero arguments,
	// never read.
	expLen = 1 << 19
)

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
	g0 := uint64(2)
	for ; ; g0++ {
		ok := true
		for _, p := range []int{3, 5, 17, 257} {
			if pow16(g0, group16/p) == 1 {
				ok = false
				break
			}
		}
		if ok {
			break
		}
	}
	// The logarithms of 2^15 to any base have gcd 3 with 65535 (2^15 has
	// order 21845), so some generator g0^j has a cube equal to 2^15: with
	// k = log_g0(2^15), 3j ≡ k (mod 65535) for j ≡ k/3 (mod 21845) and
	// j prime to 3 (two of the three choices are).
	pow0 := powers(g0)
	k := 0
	for pow0[k] != 1<<15 {
		k++
	}
	j := k / 3
	for j%3 == 0 || gcd(j, group16) != 1 {
		j += group16 / 3
	}
	t.gen = pow0[j]
	for i := range group16 {
		x := pow0[i*j%group16] // gen^i
		t.exp[i], t.exp[i+group16] = x, x
		t.log[x] = uint32(i)
	}
	for i := 2 * group16; i < logZero; i++ {
		t.exp[i] = t.exp[i-group16]
	}
	t.log[0] = logZero
	t.cl = newCL(t)
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

// powers returns g^i for i < 65535 in GF(2^16). x ↦ x ⊗ g is GF(2)-linear:
// its images of 1, 2, 4, … give every product by g as an XOR of rows.
func powers(g uint64) []uint16 {
	var row [16]uint16
	for j := range 16 {
		row[j] = uint16(mulPlain(g, 1<<j, 16))
	}
	p := make([]uint16, group16)
	x := uint16(1)
	for i := range p {
		p[i] = x
		var y uint16
		for m := x; m != 0; m &= m - 1 {
			y ^= row[bits.TrailingZeros16(m)]
		}
		x = y
	}
	return p
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

const expMask = expLen - 1

// pow returns exp[i] for i = the sum of two logarithms and at most
// 2·logHalf, which is below 2·logZero + 2·logHalf < expLen: mul64's ten
// powers are read without the mask (a tenth of its instructions).
func (t *tables) pow(i uint32) uint16 {
	return *(*uint16)(unsafe.Add(unsafe.Pointer(&t.exp), uintptr(i)*2))
}

func mul16(t *tables, a, b uint16) uint16 {
	return t.exp[(t.log[a]+t.log[b])&expMask]
}

// half16 returns x ⊗ 2^15.
func half16(t *tables, x uint16) uint16 { return t.exp[(t.log[x]+logHalf)&expMask] }

func inv16(t *tables, a uint16) uint16 { return t.exp[(group16-t.log[a])&expMask] }

// sqrt16 is the inverse of the Frobenius map: 2·32768 ≡ 1 (mod 65535).
func sqrt16(t *tables, a uint16) uint16 {
	if a == 0 {
		return 0
	}
	return t.exp[t.log[a]*32768%group16]
}

// mul32 multiplies in GF(2^32) by the Karatsuba split at F = 2^16.
func mul32(t *tables, a, b uint32) uint32 {
	a1, a0, b1, b0 := uint16(a>>16), uint16(a), uint16(b>>16), uint16(b)
	c0 := mul16(t, a0, b0)
	c2 := mul16(t, a1, b1)
	c1 := mul16(t, a0^a1, b0^b1)
	return uint32(c1^c0)<<16 | uint32(c0^half16(t, c2))
}

// half32 returns x ⊗ 2^31 (2^31 = 2^15 ⊗ 2^16): y = x ⊗ 2^15 limb by
// limb, then y ⊗ 2^16 = (y1 ⊕ y0)·2^16 ⊕ y1 ⊗ 2^15.
func half32(t *tables, x uint32) uint32 {
	y1 := half16(t, uint16(x>>16))
	y0 := half16(t, uint16(x))
	return uint32(y1^y0)<<16 | uint32(half16(t, y1))
}

func square32(t *tables, a uint32) uint32 {
	a1, a0 := uint16(a>>16), uint16(a)
	s1 := mul16(t, a1, a1)
	return uint32(s1)<<16 | uint32(mul16(t, a0, a0)^half16(t, s1))
}

func inv32(t *tables, a uint32) uint32 {
	a1, a0 := uint16(a>>16), uint16(a)
	n := mul16(t, a0, a0) ^ mul16(t, a0, a1) ^ half16(t, mul16(t, a1, a1))
	ni := inv16(t, n)
	return uint32(mul16(t, a1, ni))<<16 | uint32(mul16(t, a0^a1, ni))
}

func sqrt32(t *tables, a uint32) uint32 {
	s1 := sqrt16(t, uint16(a>>16))
	return uint32(s1)<<16 | uint32(mul16(t, s1, t.sqrtHalf16)^sqrt16(t, uint16(a)))
}

// mul64Go is the Karatsuba split at F = 2^32 and 2^16 with every step after
// the logarithms done in the exponent: with A = A1·2^32 ⊕ A0 and
// c0 = A0⊗B0, c1 = (A0⊕A1)⊗(B0⊕B1), c2 = A1⊗B1,
//
//	a ⊗ b = (c1 ⊕ c0)·2^32 ⊕ c0 ⊕ c2 ⊗ 2^31,
//
// each c = X ⊗ Y split again into d0 = x0y0, d1 = (x0⊕x1)(y0⊕y1),
// d2 = x1y1: c = (d1 ⊕ d0)·2^16 ⊕ d0 ⊕ d2⊗h (h = 2^15), and
// c ⊗ 2^31 = (d1h ⊕ d2h²)·2^16 ⊕ (d1 ⊕ d0)h² (half32 expanded). Every
// product by h or h² is logHalf or 2·logHalf added to the sum of the two
// logarithms, so a ⊗ b is 18 logarithms (the nine arguments of each
// factor) and 10 powers, none waiting for another power, without a
// branch (0 has a logarithm too).
func mul64Go(t *tables, a, b uint64) uint64 {
	lg := &t.log
	a0, a1, a2, a3 := uint16(a), uint16(a>>16), uint16(a>>32), uint16(a>>48)
	b0, b1, b2, b3 := uint16(b), uint16(b>>16), uint16(b>>32), uint16(b>>48)
	// c0 = (a1a0) ⊗ (b1b0)
	d0 := t.pow(lg[a0] + lg[b0])
	d1 := t.pow(lg[a0^a1] + lg[b0^b1])
	hd2 := t.pow(lg[a1] + lg[b1] + logHalf)
	// c1 = (a1a0 ⊕ a3a2) ⊗ (b1b0 ⊕ b3b2)
	e0 := t.pow(lg[a0^a2] + lg[b0^b2])
	e1 := t.pow(lg[a0^a1^a2^a3] + lg[b0^b1^b2^b3])
	he2 := t.pow(lg[a1^a3] + lg[b1^b3] + logHalf)
	// c2 ⊗ 2^31, c2 = (a3a2) ⊗ (b3b2)
	s1 := lg[a2^a3] + lg[b2^b3]
	hf1 := t.pow(s1 + logHalf)
	hhf1 := t.pow(s1 + 2*logHalf)
	hhf2 := t.pow(lg[a3] + lg[b3] + 2*logHalf)
	hhf0 := t.pow(lg[a2] + lg[b2] + 2*logHalf)
	r3 := e1 ^ e0 ^ d1 ^ d0
	r2 := e0 ^ he2 ^ d0 ^ hd2
	r1 := d1 ^ d0 ^ hf1 ^ hhf2
	r0 := d0 ^ hd2 ^ hhf1 ^ hhf0
	return uint64(r3)<<48 | uint64(r2)<<32 | uint64(r1)<<16 | uint64(r0)
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

// Mul returns the nim-product a ⊗ b in GF(2^64): by the carry-less route
// on amd64 with PCLMULQDQ, else by the Karatsuba split of the package doc
// at F = 2^32 and F = 2^16 in the exponents of log tables (doc.go, Speed).
func Mul(a, b uint64) uint64 {
	t := tabs()
	if t.cl != nil { // mul64, one call fewer
		return mulCL(a, b, t.cl)
	}
	return mul64Go(t, a, b)
}

// mul64 is the product in GF(2^64): the carry-less route where the CPU has
// it (t.cl, amd64), else mul64Go.
func mul64(t *tables, a, b uint64) uint64 {
	if t.cl != nil {
		return mulCL(a, b, t.cl)
	}
	return mul64Go(t, a, b)
}

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
