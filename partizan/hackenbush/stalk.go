package hackenbush

import "math/bits"

// Numbers as stalks: sign expansions and Berlekamp's rule.

// option returns the canonical Left (or Right) option of the number x:
// n-1 for an integer n > 0, (p∓1)/2^k for p/2^k, none for Left at an
// integer ≤ 0 (for Right at one ≥ 0).
func option(x Dyadic, left bool) (Dyadic, bool) {
	if x.Exp > 0 {
		if left {
			return Dyadic{x.Num - 1, x.Exp}.norm(), true
		}
		return Dyadic{x.Num + 1, x.Exp}.norm(), true
	}
	switch {
	case left && x.Num > 0:
		return Dyadic{x.Num - 1, 0}, true
	case !left && x.Num < 0:
		return Dyadic{x.Num + 1, 0}, true
	}
	return Dyadic{}, false
}

// underEdge returns the value of an edge (blue or red) with a picture of
// value x on top: the stalk of x's sign expansion with one more edge at
// its foot, by Berlekamp's rule. A blue edge under x ≥ 0 adds 1; under
// x < 0 it is 1 + Σ s_i/2^i over the signs s_i of x's expansion (the
// change of colour comes right after it); a red edge alike.
func underEdge(blue bool, x Dyadic) (Dyadic, error) {
	sign := int64(1)
	if !blue {
		sign = -1
	}
	if c := x.Cmp(Dyadic{}); c == 0 || (c > 0) == blue {
		return checkedAdd(x, Dyadic{sign, 0})
	}
	out := Dyadic{sign, 0}
	// Walk the sign expansion of x: integers first, then halving steps.
	var v Dyadic
	step := Dyadic{1, 0}
	changed := false
	prevUp := false
	for i := uint8(1); v != x; i++ {
		if i > 61 {
			return Dyadic{}, errOverflow
		}
		up := x.Cmp(v) > 0
		if i > 1 && up != prevUp {
			changed = true
		}
		if changed {
			step.Exp++
		}
		if up {
			v = v.Add(step)
			out = out.Add(Dyadic{1, i})
		} else {
			v = v.Add(step.Neg())
			out = out.Add(Dyadic{-1, i})
		}
		prevUp = up
	}
	return out, nil
}

func checkedAdd(a, b Dyadic) (Dyadic, error) {
	if a.Exp < b.Exp {
		a, b = b, a
	}
	if bits.Len64(abs64(b.Num))+int(a.Exp-b.Exp) > 61 || bits.Len64(abs64(a.Num)) > 61 {
		return Dyadic{}, errOverflow
	}
	return a.Add(b), nil
}

func abs64(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}
