package rulesettest

import "fmt"

// Dyadic is the dyadic rational Num/2^Exp, kept in lowest terms (Num odd
// when Exp > 0). The oracle's positions are small, so int64 suffices.
type Dyadic struct {
	Num int64
	Exp uint
}

func (d Dyadic) norm() Dyadic {
	for d.Exp > 0 && d.Num%2 == 0 {
		d.Num /= 2
		d.Exp--
	}
	return d
}

// Add returns d + e.
func (d Dyadic) Add(e Dyadic) Dyadic {
	for d.Exp < e.Exp {
		d.Num *= 2
		d.Exp++
	}
	for e.Exp < d.Exp {
		e.Num *= 2
		e.Exp++
	}
	return Dyadic{d.Num + e.Num, d.Exp}.norm()
}

// Less reports whether d < e.
func (d Dyadic) Less(e Dyadic) bool {
	return d.Add(Dyadic{-e.Num, e.Exp}).Num < 0
}

func (d Dyadic) String() string {
	if d.Exp == 0 {
		return fmt.Sprint(d.Num)
	}
	return fmt.Sprintf("%d/%d", d.Num, int64(1)<<d.Exp)
}

// Number returns the canonical form of the number d: an integer n > 0 is
// {n-1|}, n < 0 is {|n+1}, and p/2^k in lowest terms with k ≥ 1 is
// {(p-1)/2^k | (p+1)/2^k} (Siegel, CGT, II.3).
func Number(d Dyadic) *Game {
	d = d.norm()
	switch {
	case d.Exp == 0 && d.Num == 0:
		return Zero
	case d.Exp == 0 && d.Num > 0:
		return &Game{L: []*Game{Number(Dyadic{d.Num - 1, 0})}}
	case d.Exp == 0:
		return &Game{R: []*Game{Number(Dyadic{d.Num + 1, 0})}}
	}
	return &Game{L: []*Game{Number(Dyadic{d.Num - 1, d.Exp})}, R: []*Game{Number(Dyadic{d.Num + 1, d.Exp})}}
}

// number reports whether canonical g is a number, and which.
func number(g *Game) (Dyadic, bool) {
	switch {
	case len(g.L) == 0 && len(g.R) == 0:
		return Dyadic{}, true
	case len(g.L) == 1 && len(g.R) == 0:
		n, ok := number(g.L[0])
		if !ok || n.Exp != 0 || n.Num < 0 {
			return Dyadic{}, false
		}
		return Dyadic{n.Num + 1, 0}, true
	case len(g.L) == 0 && len(g.R) == 1:
		n, ok := number(g.R[0])
		if !ok || n.Exp != 0 || n.Num > 0 {
			return Dyadic{}, false
		}
		return Dyadic{n.Num - 1, 0}, true
	case len(g.L) == 1 && len(g.R) == 1:
		a, ok1 := number(g.L[0])
		b, ok2 := number(g.R[0])
		if !ok1 || !ok2 || !a.Less(b) {
			return Dyadic{}, false
		}
		// Canonical {a|b} with numbers a < b is a number only when it is
		// their mean with a and b one step apart: {(p-1)/2^k|(p+1)/2^k}.
		m := a.Add(b)
		m.Exp++
		m = m.norm()
		if m.Exp > 0 && Identical(Number(m), g) {
			return m, true
		}
		return Dyadic{}, false
	}
	return Dyadic{}, false
}

// IsNumber reports whether canonical g is a number, and returns it.
func IsNumber(g *Game) (Dyadic, bool) { return number(g) }
