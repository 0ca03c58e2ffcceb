package partizan

import (
	"errors"
	"testing"
)

// The oracle's ordinal sum and Norton product: the definitions on trees
// (Siegel II.7; Winning Ways ch. 8), canonical forms by the oracle.

func (o *oracle) neg(a *tree) *tree {
	t := &tree{}
	for _, x := range a.R {
		t.L = append(t.L, o.neg(x))
	}
	for _, x := range a.L {
		t.R = append(t.R, o.neg(x))
	}
	return o.canonical(t)
}

// ordinal is g : h = { g^L, g:h^L | g^R, g:h^R }.
func (o *oracle) ordinal(g, h *tree) *tree {
	t := &tree{L: append([]*tree(nil), g.L...), R: append([]*tree(nil), g.R...)}
	for _, x := range h.L {
		t.L = append(t.L, o.ordinal(g, x))
	}
	for _, x := range h.R {
		t.R = append(t.R, o.ordinal(g, x))
	}
	return o.canonical(t)
}

// norton is g.u for canonical g and u: n copies of u for an integer n, else
// { g^L.u + u + I | g^R.u - u - I } over u's undominated incentives.
func (o *oracle) norton(g, u *tree, integer func(*tree) (int, bool)) *tree {
	if n, ok := integer(g); ok {
		r := &tree{}
		r = o.canonical(r)
		x := u
		if n < 0 {
			x, n = o.neg(u), -n
		}
		for ; n > 0; n-- {
			r = o.sum(r, x)
		}
		return r
	}
	var in []*tree
	for _, x := range u.L {
		in = append(in, o.sum(x, o.neg(u)))
	}
	for _, x := range u.R {
		in = append(in, o.sum(u, o.neg(x)))
	}
	in = o.prune(in, true)
	t := &tree{}
	for _, x := range g.L {
		p := o.norton(x, u, integer)
		for _, i := range in {
			t.L = append(t.L, o.sum(p, o.sum(u, i)))
		}
	}
	for _, x := range g.R {
		p := o.norton(x, u, integer)
		for _, i := range in {
			t.R = append(t.R, o.sum(p, o.neg(o.sum(u, i))))
		}
	}
	return o.canonical(t)
}

// TestOrdinalNortonOracle checks OrdinalSum and NortonProduct against their
// definitions on every pair of day-2 games (Norton: by the positive ones
// among them), and textbook values.
func TestOrdinalNortonOracle(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	o := newOracle()
	d2 := days(t, c, 2)
	var all []Game
	for _, d := range d2 {
		all = append(all, d...)
	}
	trees := map[Game]*tree{}
	for _, g := range all {
		trees[g] = o.canonical(toTree(g))
	}
	integer := func(x *tree) (int, bool) {
		for _, g := range all {
			if trees[g].key == x.key {
				if x, ok := g.AsNumber(); ok && x.IsInteger() {
					n, _ := x.Int64()
					return int(n), true
				}
				return 0, false
			}
		}
		t.Fatalf("not a day-2 game: %s", x.key)
		return 0, false
	}
	for _, g := range all {
		for _, h := range all {
			got, err := c.OrdinalSum(g, h)
			if err != nil {
				t.Fatal(err)
			}
			if want := o.ordinal(trees[g], trees[h]).key; toTree(got).key != want {
				t.Errorf("%v : %v = %v, by the definition %s", g, h, got, want)
			}
			if rel, _ := c.Compare(h, Zero); rel != Greater {
				continue
			}
			got, err = c.NortonProduct(g, h)
			if err != nil {
				t.Fatal(err)
			}
			if want := o.norton(trees[g], trees[h], integer).key; toTree(got).key != want {
				t.Errorf("%v . %v = %v, by the definition %s", g, h, got, want)
			}
		}
	}
	for _, f := range []struct{ g, h, ord string }{
		{"1", "-1", "1/2"}, {"1", "1", "2"}, {"*", "*", "*2"}, {"*2", "*3", "*5"}, {"{1|-1}", "0", "+-1"},
		{"0", "{1|-1}", "+-1"}, {"1", "*", "1*"},
	} {
		got, _ := c.OrdinalSum(mustParse(t, c, f.g), mustParse(t, c, f.h))
		if Format(got) != f.ord {
			t.Errorf("%s : %s = %v, want %s", f.g, f.h, got, f.ord)
		}
	}
	up := s.Up(1)
	for n := int64(-3); n <= 3; n++ {
		got, _ := c.NortonProduct(s.Integer(n), up)
		if got != s.Up(n) {
			t.Errorf("%d.↑ = %v", n, got)
		}
	}
}

// TestAtomicWeightFacts: aw(G.↑) = G (the atomic weight undoes Norton's
// product by ↑; Winning Ways ch. 8, Siegel II.7) for every game born by day
// 2; aw(G + H) = aw(G) + aw(H) and aw(-G) = -aw(G) on all-small games born
// by day 3; and games that are not infinitesimal have none.
func TestAtomicWeightFacts(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	ds := days(t, c, 3)
	up := s.Up(1)
	for _, d := range ds[:3] {
		for _, g := range d {
			gu, err := c.NortonProduct(g, up)
			if err != nil {
				t.Fatal(err)
			}
			aw, err := c.AtomicWeight(gu)
			if err != nil || aw != g {
				t.Errorf("aw(%v.↑) = aw(%v) = %v, %v", g, gu, aw, err)
			}
		}
	}
	var small []Game
	for _, g := range ds[3] {
		if ok, _ := c.IsAllSmall(g); ok {
			small = append(small, g)
		} else if !g.IsInfinitesimal() {
			if _, err := c.AtomicWeight(g); !errors.Is(err, ErrNotAtomic) {
				t.Errorf("%v is not infinitesimal: %v", g, err)
			}
		}
	}
	if len(small) < 20 {
		t.Fatalf("only %d all-small games by day 3", len(small))
	}
	rng := newRand(5)
	for i := 0; i < 300; i++ {
		g, h := small[rng.next()%uint64(len(small))], small[rng.next()%uint64(len(small))]
		sum, _ := c.Add(g, h)
		ag, e1 := c.AtomicWeight(g)
		ah, e2 := c.AtomicWeight(h)
		as, e3 := c.AtomicWeight(sum)
		want, _ := c.Add(ag, ah)
		if e1 != nil || e2 != nil || e3 != nil || as != want {
			t.Errorf("aw(%v + %v) = %v, aw %v + %v = %v (%v %v %v)", g, h, as, ag, ah, want, e1, e2, e3)
		}
		ng, _ := c.Neg(g)
		an, _ := c.AtomicWeight(ng)
		if nag, _ := c.Neg(ag); an != nag {
			t.Errorf("aw(-%v) = %v, -aw = %v", g, an, nag)
		}
	}
}
