package hackenbush

import (
	"fmt"
	"math/bits"
)

// Dyadic is the dyadic rational Num/2^Exp in lowest terms (Num odd when
// Exp > 0): the value of a blue-red picture. The pictures it is used for
// have at most maxNumberEdges edges, so |Num| < 2^62.
type Dyadic struct {
	Num int64
	Exp uint8
}

func (d Dyadic) norm() Dyadic {
	if d.Num == 0 {
		return Dyadic{}
	}
	z := min(uint8(bits.TrailingZeros64(uint64(d.Num))), d.Exp)
	return Dyadic{d.Num >> z, d.Exp - z}
}

// Add returns d + e.
func (d Dyadic) Add(e Dyadic) Dyadic {
	if d.Exp < e.Exp {
		d, e = e, d
	}
	return Dyadic{d.Num + e.Num<<(d.Exp-e.Exp), d.Exp}.norm()
}

// Neg returns -d.
func (d Dyadic) Neg() Dyadic { return Dyadic{-d.Num, d.Exp} }

// Cmp returns -1, 0 or 1 as d is less than, equal to or greater than e.
func (d Dyadic) Cmp(e Dyadic) int {
	x := d.Add(e.Neg()).Num
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// String writes d as CGSuite does: 3, -2, 77/128.
func (d Dyadic) String() string {
	if d.Exp == 0 {
		return fmt.Sprint(d.Num)
	}
	return fmt.Sprintf("%d/%d", d.Num, uint64(1)<<d.Exp)
}

// floor returns ⌊d⌋.
func (d Dyadic) floor() int64 { return d.Num >> d.Exp }

// simplest returns the simplest number strictly between lo and hi, the
// value of {lo|hi} when lo < hi are numbers (the simplicity theorem:
// Siegel, Combinatorial Game Theory, Theorem II.3.6). A missing bound
// (hasLo, hasHi false) is ∓∞.
func simplest(lo Dyadic, hasLo bool, hi Dyadic, hasHi bool) Dyadic {
	// The integer of least magnitude in the open interval, if any.
	switch {
	case !hasLo && !hasHi:
		return Dyadic{}
	case !hasLo:
		if hi.Cmp(Dyadic{}) > 0 {
			return Dyadic{}
		}
		// ⌈hi⌉ - 1
		return Dyadic{-((-hi.Num) >> hi.Exp) - 1, 0}
	case !hasHi:
		if lo.Cmp(Dyadic{}) < 0 {
			return Dyadic{}
		}
		return Dyadic{lo.floor() + 1, 0}
	}
	a := lo.floor() + 1             // least integer > lo
	b := -((-hi.Num) >> hi.Exp) - 1 // greatest integer < hi
	if a <= b {
		switch {
		case a > 0:
			return Dyadic{a, 0}
		case b < 0:
			return Dyadic{b, 0}
		}
		return Dyadic{}
	}
	// No integer between: lo and hi lie in one unit interval [n, n+1].
	// The simplest number is the dyadic of least denominator strictly
	// inside: the least k with a multiple of 2^-k strictly between.
	for k := uint8(1); k < 63; k++ {
		var m int64 // the least multiple of 2^-k above lo
		if lo.Exp <= k {
			m = lo.Num<<(k-lo.Exp) + 1
		} else {
			m = lo.Num>>(lo.Exp-k) + 1
		}
		if (Dyadic{m, k}).Cmp(hi) < 0 {
			return Dyadic{m, k}.norm()
		}
	}
	panic("hackenbush: numbers too close")
}
