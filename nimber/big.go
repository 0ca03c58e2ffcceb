package nimber

import (
	"encoding/binary"
	"errors"
	"math/big"
)

// Finite nimbers of any size: the recursion of the package doc on 64-bit
// words. A nimber below 2^(64·L), L a power of two, is held as L words,
// least significant first; its field is GF(2^(64·L)) and F = 2^(32·L) the
// Fermat 2-power splitting it in two halves of L/2 words.

// words is a nimber as little-endian 64-bit words, len a power of two.
type words []uint64

// toWords returns a ≥ 0 as words of the smallest power-of-two length that
// holds it (at least width words).
func toWords(a *big.Int, width int) words {
	n := (a.BitLen() + 63) / 64
	L := max(1, width)
	for L < n {
		L *= 2
	}
	w := make(words, L)
	b := a.Bytes() // big-endian
	for i := 0; i < len(b); i++ {
		w[i/8] |= uint64(b[len(b)-1-i]) << (8 * (i % 8))
	}
	return w
}

func (w words) big() *big.Int {
	b := make([]byte, 8*len(w))
	for i, x := range w {
		binary.BigEndian.PutUint64(b[8*(len(w)-1-i):], x)
	}
	return new(big.Int).SetBytes(b)
}

// shrink returns w at the smallest power-of-two length that holds it.
func (w words) shrink() words {
	L := len(w)
	for L > 1 {
		zero := true
		for _, x := range w[L/2 : L] {
			if x != 0 {
				zero = false
				break
			}
		}
		if !zero {
			break
		}
		L /= 2
	}
	return w[:L]
}

// widen returns w at length L ≥ len(w) (a power of two).
func (w words) widen(L int) words {
	if len(w) == L {
		return w
	}
	out := make(words, L)
	copy(out, w)
	return out
}

func (w words) isZero() bool {
	for _, x := range w {
		if x != 0 {
			return false
		}
	}
	return true
}

func xorWords(a, b words) words {
	out := make(words, len(a))
	for i := range a {
		out[i] = a[i] ^ b[i]
	}
	return out
}

func join(lo, hi words) words {
	out := make(words, 0, len(lo)+len(hi))
	return append(append(out, lo...), hi...)
}

// halfWords returns x ⊗ 2^(64L−1), L = len(x): the product by F/2 one level
// up. 2^(64L−1) = 2^(32L−1) ⊗ G with G = 2^(32L); y = x ⊗ 2^(32L−1) half by
// half, then y ⊗ G = (y1 ⊕ y0)·G ⊕ y1 ⊗ G/2.
func halfWords(t *tables, x words) words {
	if len(x) == 1 {
		return words{half64(t, x[0])}
	}
	H := len(x) / 2
	y1, y0 := halfWords(t, x[H:]), halfWords(t, x[:H])
	return join(halfWords(t, y1), xorWords(y1, y0))
}

// mulWords multiplies a and b of equal length by the Karatsuba split.
func mulWords(t *tables, a, b words) words {
	if len(a) == 1 {
		return words{mul64(t, a[0], b[0])}
	}
	H := len(a) / 2
	a0, a1, b0, b1 := a[:H], a[H:], b[:H], b[H:]
	c0 := mulWords(t, a0, b0)
	c2 := mulWords(t, a1, b1)
	c1 := mulWords(t, xorWords(a0, a1), xorWords(b0, b1))
	return join(xorWords(c0, halfWords(t, c2)), xorWords(c1, c0))
}

func squareWords(t *tables, a words) words {
	if len(a) == 1 {
		return words{square64(t, a[0])}
	}
	H := len(a) / 2
	s1 := squareWords(t, a[H:])
	return join(xorWords(squareWords(t, a[:H]), halfWords(t, s1)), s1)
}

// invWords inverts a ≠ 0 by the norm a0² ⊕ a0a1 ⊕ a1²⊗F/2 of the half-width
// field (package doc).
func invWords(t *tables, a words) words {
	if len(a) == 1 {
		x, _ := Inv(a[0])
		return words{x}
	}
	H := len(a) / 2
	a0, a1 := a[:H], a[H:]
	n := xorWords(xorWords(squareWords(t, a0), mulWords(t, a0, a1)), halfWords(t, squareWords(t, a1)))
	ni := invWords(t, n)
	return join(mulWords(t, xorWords(a0, a1), ni), mulWords(t, a1, ni))
}

// halfConst returns F/2 = 2^(64H−1) as H words.
func halfConst(H int) words {
	w := make(words, H)
	w[H-1] = 1 << 63
	return w
}

// sqrtWords: √(a1·F ⊕ a0) = √a1 ⊗ (F ⊕ √(F/2)) ⊕ √a0.
func sqrtWords(t *tables, a words) words {
	if len(a) == 1 {
		return words{Sqrt(a[0])}
	}
	H := len(a) / 2
	s1 := sqrtWords(t, a[H:])
	r := sqrtWords(t, halfConst(H))
	return join(xorWords(mulWords(t, s1, r), sqrtWords(t, a[:H])), s1)
}

// artinSchreierWords solves x² ⊕ x = c as artinSchreier does on one word.
func artinSchreierWords(t *tables, c words) (words, bool) {
	if len(c) == 1 {
		x, ok := SolveArtinSchreier(c[0])
		return words{x}, ok
	}
	H := len(c) / 2
	x1, ok := artinSchreierWords(t, c[H:])
	if !ok {
		return nil, false
	}
	for flip := range 2 {
		y := append(words(nil), x1...)
		y[0] ^= uint64(flip)
		if x0, ok := artinSchreierWords(t, xorWords(c[:H], halfWords(t, squareWords(t, y)))); ok {
			return join(x0, y), true
		}
	}
	return nil, false
}

// powWords returns a^k, k ≥ 0 already reduced by the caller.
func powWords(t *tables, a words, k *big.Int) words {
	r := make(words, len(a))
	r[0] = 1
	for i := k.BitLen() - 1; i >= 0; i-- {
		r = squareWords(t, r)
		if k.Bit(i) != 0 {
			r = mulWords(t, r, a)
		}
	}
	return r
}

// pair widens a and b to a common length.
func pair(a, b *big.Int) (words, words) {
	x, y := toWords(a, 1), toWords(b, 1)
	L := max(len(x), len(y))
	return x.widen(L), y.widen(L)
}

var errNegative = errors.New("nimbers are not negative")

func check(as ...*big.Int) {
	for _, a := range as {
		if a.Sign() < 0 {
			panic(errNegative)
		}
	}
}

// MulBig returns the nim-product of two finite nimbers of any size
// (a, b ≥ 0; it panics on a negative argument).
func MulBig(a, b *big.Int) *big.Int {
	check(a, b)
	x, y := pair(a, b)
	return mulWords(tabs(), x, y).big()
}

// SquareBig returns a ⊗ a.
func SquareBig(a *big.Int) *big.Int {
	check(a)
	return squareWords(tabs(), toWords(a, 1)).big()
}

// InvBig returns the nim-inverse of a ≠ 0.
func InvBig(a *big.Int) (*big.Int, error) {
	check(a)
	if a.Sign() == 0 {
		return nil, ErrZero
	}
	return invWords(tabs(), toWords(a, 1)).big(), nil
}

// DivBig returns a ⊗ b⁻¹.
func DivBig(a, b *big.Int) (*big.Int, error) {
	bi, err := InvBig(b)
	if err != nil {
		return nil, err
	}
	return MulBig(a, bi), nil
}

// SqrtBig returns the nim-square root of a.
func SqrtBig(a *big.Int) *big.Int {
	check(a)
	return sqrtWords(tabs(), toWords(a, 1)).big()
}

// PowBig returns a^k for an ordinary integer k; a negative k is a power of
// the inverse (an error for a = 0). The exponent is reduced modulo the
// order 2^(64L) − 1 of the multiplicative group of the field a lies in.
func PowBig(a, k *big.Int) (*big.Int, error) {
	check(a)
	w := toWords(a, 1)
	t := tabs()
	if k.Sign() < 0 {
		if w.isZero() {
			return nil, ErrZero
		}
		w = invWords(t, w)
		k = new(big.Int).Neg(k)
	}
	if k.Sign() == 0 {
		return big.NewInt(1), nil
	}
	if w.isZero() {
		return new(big.Int), nil
	}
	order := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(64*len(w))), big.NewInt(1))
	return powWords(t, w, new(big.Int).Mod(k, order)).big(), nil
}

// SolveQuadraticBig returns the roots of a⊗x² ⊕ b⊗x ⊕ c = 0 among all
// finite nimbers, ascending: one or two when a ≠ 0, since the finite
// nimbers are quadratically closed (ONAG, ch. 6). Roots lie in the
// smallest field GF(2^(64L)) holding a, b and c, or in the one of twice
// the width when x² ⊕ x = d has no root in it.
func SolveQuadraticBig(a, b, c *big.Int) ([]*big.Int, error) {
	check(a, b, c)
	switch {
	case a.Sign() == 0 && b.Sign() == 0 && c.Sign() == 0:
		return nil, errEveryRoot
	case a.Sign() == 0 && b.Sign() == 0:
		return nil, nil
	case a.Sign() == 0:
		x, _ := DivBig(c, b)
		return []*big.Int{x}, nil
	case b.Sign() == 0:
		x, _ := DivBig(c, a)
		return []*big.Int{SqrtBig(x)}, nil
	}
	ba, _ := DivBig(b, a)
	d, _ := DivBig(MulBig(a, c), SquareBig(b))
	y, ok := artinSchreierWords(tabs(), toWords(d, 1))
	if !ok {
		// No root in this field (its trace of d is 1); in the quadratic
		// extension the trace of d is Tr(d ⊕ d) = 0, so there is one: the
		// finite nimbers are quadratically closed (ONAG, ch. 6).
		w := toWords(d, 1)
		y, ok = artinSchreierWords(tabs(), w.widen(2*len(w)))
		if !ok {
			panic("nimber: Artin–Schreier equation without a root in the extension")
		}
	}
	yb := y.big()
	r0 := MulBig(ba, yb)
	r1 := MulBig(ba, new(big.Int).Xor(yb, big.NewInt(1)))
	if r0.Cmp(r1) > 0 {
		r0, r1 = r1, r0
	}
	return []*big.Int{r0, r1}, nil
}
