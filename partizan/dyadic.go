package partizan

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// Dyadic is an exact dyadic rational m/2^e: the numbers of short games, their
// stops, means, temperatures and the breakpoints of thermographs. It is a
// value type; the zero value is 0. Arithmetic never overflows silently: a
// numerator past int64 moves to math/big.
type Dyadic struct {
	n int64    // numerator when b == nil
	b *big.Int // numerator when it does not fit int64 (never mutated)
	e uint32   // the value is numerator / 2^e; the numerator is odd when e > 0
}

// maxExp bounds the exponent of a dyadic (2^-maxExp is the finest number):
// far past any game a budget lets through, it keeps a hostile input from
// asking for a number with a billion-bit denominator.
const maxExp = 1 << 16

// Int returns the integer n as a dyadic.
func Int(n int64) Dyadic { return Dyadic{n: n} }

// NewDyadic returns m/2^e, reduced.
func NewDyadic(m int64, e uint) Dyadic {
	if e > maxExp {
		panic("partizan: dyadic exponent too large")
	}
	return Dyadic{n: m, e: uint32(e)}.norm()
}

func bigDyadic(m *big.Int, e uint32) Dyadic {
	if m.IsInt64() {
		return Dyadic{n: m.Int64(), e: e}.norm()
	}
	d := Dyadic{b: m, e: e}
	return d.norm()
}

// norm removes common factors of two.
func (d Dyadic) norm() Dyadic {
	if d.b != nil {
		if d.b.Sign() == 0 {
			return Dyadic{}
		}
		if d.e > 0 {
			tz := d.b.TrailingZeroBits()
			if tz > 0 {
				s := uint32(min(uint(d.e), tz))
				d.b = new(big.Int).Rsh(d.b, uint(s))
				d.e -= s
			}
		}
		if d.b.IsInt64() {
			return Dyadic{n: d.b.Int64(), e: d.e}
		}
		return d
	}
	if d.n == 0 {
		return Dyadic{}
	}
	if d.e > 0 {
		tz := uint32(bits.TrailingZeros64(uint64(d.n)))
		s := min(tz, d.e)
		d.n >>= s
		d.e -= s
	}
	return d
}

func (d Dyadic) bigNum() *big.Int {
	if d.b != nil {
		return d.b
	}
	return big.NewInt(d.n)
}

// Exp returns e with d = m/2^e in lowest terms (0 for an integer).
func (d Dyadic) Exp() uint { return uint(d.e) }

// Num returns the numerator m of d = m/2^e in lowest terms, as a big.Int.
func (d Dyadic) Num() *big.Int { return new(big.Int).Set(d.bigNum()) }

// Int64 returns the numerator and ok = true when it fits int64.
func (d Dyadic) Int64() (m int64, ok bool) { return d.n, d.b == nil }

// IsInteger reports whether d is a whole number.
func (d Dyadic) IsInteger() bool { return d.e == 0 }

// Sign returns -1, 0 or 1.
func (d Dyadic) Sign() int {
	if d.b != nil {
		return d.b.Sign()
	}
	switch {
	case d.n < 0:
		return -1
	case d.n > 0:
		return 1
	}
	return 0
}

// IsZero reports whether d is 0.
func (d Dyadic) IsZero() bool { return d.b == nil && d.n == 0 }

// Equal reports whether d = x.
func (d Dyadic) Equal(x Dyadic) bool {
	if d.b == nil && x.b == nil {
		return d.n == x.n && d.e == x.e
	}
	return d.e == x.e && d.bigNum().Cmp(x.bigNum()) == 0
}

// shifted returns n·2^s when it fits int64.
func shifted(n int64, s uint32) (int64, bool) {
	if s >= 63 {
		return 0, n == 0
	}
	r := n << s
	if r>>s != n {
		return 0, false
	}
	return r, true
}

// Add returns d + x.
func (d Dyadic) Add(x Dyadic) Dyadic {
	if d.b == nil && x.b == nil {
		e := max(d.e, x.e)
		a, ok1 := shifted(d.n, e-d.e)
		c, ok2 := shifted(x.n, e-x.e)
		if ok1 && ok2 {
			s, carry := bits.Add64(uint64(a), uint64(c), 0)
			_ = carry
			// signed overflow: both operands have the same sign and the sum differs
			if (a >= 0) == (c >= 0) && (int64(s) >= 0) != (a >= 0) {
				return d.bigAdd(x)
			}
			return Dyadic{n: int64(s), e: e}.norm()
		}
	}
	return d.bigAdd(x)
}

func (d Dyadic) bigAdd(x Dyadic) Dyadic {
	e := max(d.e, x.e)
	a := new(big.Int).Lsh(d.bigNum(), uint(e-d.e))
	c := new(big.Int).Lsh(x.bigNum(), uint(e-x.e))
	return bigDyadic(a.Add(a, c), e)
}

// Neg returns -d.
func (d Dyadic) Neg() Dyadic {
	if d.b == nil && d.n != math.MinInt64 {
		return Dyadic{n: -d.n, e: d.e}
	}
	return bigDyadic(new(big.Int).Neg(d.bigNum()), d.e)
}

// Sub returns d - x.
func (d Dyadic) Sub(x Dyadic) Dyadic { return d.Add(x.Neg()) }

// Cmp returns -1, 0 or 1 as d <, =, > x.
func (d Dyadic) Cmp(x Dyadic) int {
	if d.b == nil && x.b == nil {
		if d.e == x.e {
			switch {
			case d.n < x.n:
				return -1
			case d.n > x.n:
				return 1
			}
			return 0
		}
		e := max(d.e, x.e)
		a, ok1 := shifted(d.n, e-d.e)
		c, ok2 := shifted(x.n, e-x.e)
		if ok1 && ok2 {
			switch {
			case a < c:
				return -1
			case a > c:
				return 1
			}
			return 0
		}
	}
	return d.Sub(x).Sign()
}

// Less reports d < x.
func (d Dyadic) Less(x Dyadic) bool { return d.Cmp(x) < 0 }

// Max returns the larger of d and x.
func (d Dyadic) Max(x Dyadic) Dyadic {
	if d.Cmp(x) >= 0 {
		return d
	}
	return x
}

// Min returns the smaller of d and x.
func (d Dyadic) Min(x Dyadic) Dyadic {
	if d.Cmp(x) <= 0 {
		return d
	}
	return x
}

// Shift returns d·2^k (k may be negative).
func (d Dyadic) Shift(k int) Dyadic {
	if k < 0 {
		ne := int64(d.e) - int64(k)
		if ne > maxExp {
			panic("partizan: dyadic exponent too large")
		}
		return Dyadic{n: d.n, b: d.b, e: uint32(ne)}.norm()
	}
	if uint32(k) <= d.e {
		return Dyadic{n: d.n, b: d.b, e: d.e - uint32(k)}
	}
	s := uint32(k) - d.e
	if d.b == nil {
		if r, ok := shifted(d.n, s); ok {
			return Dyadic{n: r}
		}
	}
	return bigDyadic(new(big.Int).Lsh(d.bigNum(), uint(s)), 0)
}

// Floor returns the greatest integer ≤ d.
func (d Dyadic) Floor() Dyadic {
	if d.e == 0 {
		return d
	}
	if d.b == nil {
		return Dyadic{n: d.n >> d.e} // arithmetic shift floors
	}
	return bigDyadic(new(big.Int).Rsh(d.b, uint(d.e)), 0)
}

// Ceil returns the least integer ≥ d.
func (d Dyadic) Ceil() Dyadic {
	if d.e == 0 {
		return d
	}
	return d.Floor().Add(Int(1))
}

// MulInt returns d·k.
func (d Dyadic) MulInt(k int64) Dyadic {
	if d.b == nil {
		hi, lo := bits.Mul64(uint64(abs64(d.n)), uint64(abs64(k)))
		if hi == 0 && lo < 1<<63 && d.n != math.MinInt64 && k != math.MinInt64 {
			r := int64(lo)
			if (d.n < 0) != (k < 0) {
				r = -r
			}
			return Dyadic{n: r, e: d.e}.norm()
		}
	}
	return bigDyadic(new(big.Int).Mul(d.bigNum(), big.NewInt(k)), d.e)
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// Rat returns d as a big.Rat.
func (d Dyadic) Rat() *big.Rat {
	den := new(big.Int).Lsh(big.NewInt(1), uint(d.e))
	return new(big.Rat).SetFrac(d.bigNum(), den)
}

// String writes d as CGSuite does: 3, -1/2, 25/16.
func (d Dyadic) String() string {
	var num string
	if d.b != nil {
		num = d.b.String()
	} else {
		num = strconv.FormatInt(d.n, 10)
	}
	if d.e == 0 {
		return num
	}
	if d.e < 63 {
		return num + "/" + strconv.FormatUint(1<<d.e, 10)
	}
	return num + "/" + new(big.Int).Lsh(big.NewInt(1), uint(d.e)).String()
}

// ParseDyadic reads an integer or a fraction m/n with n a power of two
// ("3", "-1/2", "25/16").
func ParseDyadic(s string) (Dyadic, error) {
	t := strings.TrimSpace(s)
	num, den, frac := strings.Cut(t, "/")
	m, ok := new(big.Int).SetString(num, 10)
	if !ok || strings.HasPrefix(num, "+") && len(num) == 1 {
		return Dyadic{}, fmt.Errorf("%q is not a number", s)
	}
	if !frac {
		return bigDyadic(m, 0), nil
	}
	q, ok := new(big.Int).SetString(den, 10)
	if !ok || q.Sign() <= 0 || strings.HasPrefix(den, "+") || strings.HasPrefix(den, "-") {
		return Dyadic{}, fmt.Errorf("%q has no positive denominator", s)
	}
	e := q.BitLen() - 1
	if q.TrailingZeroBits() != uint(e) {
		return Dyadic{}, fmt.Errorf("%q is not a dyadic rational (its denominator %s is not a power of two)", s, den)
	}
	if e > maxExp {
		return Dyadic{}, fmt.Errorf("%q has a denominator larger than 2^%d", s, maxExp)
	}
	return bigDyadic(m, uint32(e)), nil
}

// SimplestBetween returns the simplest number x with lo < x < hi (the
// simplicity theorem: the number of least birthday in the interval; ONAG
// ch. 2, Siegel II.3), or ok = false when lo ≥ hi.
func SimplestBetween(lo, hi Dyadic) (x Dyadic, ok bool) {
	if lo.Cmp(hi) >= 0 {
		return Dyadic{}, false
	}
	return simplest(lo, hi, false, false), true
}

// simplest returns the simplest number in the interval from lo to hi,
// including an end whose flag is set.
func simplest(lo, hi Dyadic, loIn, hiIn bool) Dyadic {
	in := func(x Dyadic) bool {
		c1, c2 := x.Cmp(lo), x.Cmp(hi)
		return (c1 > 0 || loIn && c1 == 0) && (c2 < 0 || hiIn && c2 == 0)
	}
	if in(Dyadic{}) {
		return Dyadic{}
	}
	if lo.Sign() >= 0 {
		// the least integer in the interval, if any
		n := lo.Floor().Add(Int(1))
		if loIn && lo.IsInteger() {
			n = lo
		}
		if in(n) {
			return n
		}
		// no integer: lo and hi share a floor k; find the fraction of least
		// denominator by bisection of [k, k+1].
		a, b := lo.Floor(), lo.Floor().Add(Int(1))
		for {
			m := a.Add(b).Shift(-1)
			if in(m) {
				return m
			}
			if m.Cmp(lo) <= 0 {
				a = m
			} else {
				b = m
			}
		}
	}
	// negative interval: mirror
	return simplest(hi.Neg(), lo.Neg(), hiIn, loIn).Neg()
}
