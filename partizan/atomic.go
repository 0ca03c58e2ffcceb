package partizan

import "errors"

// ErrNotAtomic is returned by AtomicWeight for a game that has none: one
// that is not infinitesimal, or not atomic (not close enough to a multiple
// of ↑; see AtomicWeight).
var ErrNotAtomic = errors.New("that game is not atomic")

// AtomicWeight returns the atomic weight of g: the game A with g close to
// A.↑ (Norton's product), within much less than ↑ (Berlekamp, Conway and
// Guy, Winning Ways ch. 8, "atomic weight calculus"; Siegel II.7). It is
// computed by the calculus: with g' = {aw(g^L) - 2 | aw(g^R) + 2}, aw(g) =
// g' unless g' is an integer; then it is 0 when g has no options on the
// side that counts, and otherwise the least integer ◁|> every g'^L when g <
// the far star, the greatest integer <|▷ every g'^R when g > the far star,
// g' when g ‖ the far star (the far star *N has N past every nimber among
// g's followers).
//
// Every all-small game has an atomic weight, and so does every
// infinitesimal g that the weight fits as CGSuite checks it (its
// CanonicalShortGame.atomicWeightOpt): with A the weight by the calculus,
// ε = ↑* + (*2^k : -1) for 2^k ≥ the far star's N (an ordinal sum, the
// "red kite"), g is atomic when -ε ≤ g - A.↑ ≤ ε. Any other game — a game
// that is not infinitesimal (L(g) ≠ 0 or R(g) ≠ 0), or fails the test —
// returns ErrNotAtomic.
func (c *Calc) AtomicWeight(g Game) (Game, error) {
	var r gid
	err := c.run(func() {
		var ok bool
		if r, ok = c.atomicWeight(c.own(g)); !ok {
			c.fail(ErrNotAtomic)
		}
	})
	return c.game(r), err
}

// IsInfinitesimal reports whether g is infinitesimal: -x < g < x for every
// positive number x, that is, both stops are 0 (Siegel II.3).
func (g Game) IsInfinitesimal() bool {
	l, r := g.Stops()
	return l.IsZero() && r.IsZero()
}

func (c *Calc) infinitesimal(id gid) bool {
	l, r := c.stops(id)
	return l == 0 && r == 0
}

// atomic is CGSuite's test that g is within the red kite's ε of aw.↑.
func (c *Calc) atomic(id, aw gid) bool {
	up := c.s.nusID(c, Dyadic{}, 1, 0)
	diff := c.add(id, c.neg(c.norton(aw, up, map[gid]gid{})))
	n := c.farStar(id, map[gid]uint64{})
	p := uint64(2)
	for p < n {
		p <<= 1
	}
	kite := c.ordinalSum(c.s.nusID(c, Dyadic{}, 0, p), c.s.numberID(c, Int(-1)), map[gid]gid{})
	eps := c.add(c.s.nusID(c, Dyadic{}, 1, 1), kite)
	return c.leq(diff, eps) && c.leq(c.neg(eps), diff)
}

func (c *Calc) naiveAtomicWeight(id gid, memo map[gid]gid) gid {
	if _, k, _, ok := c.nus(id); ok {
		return c.s.numberID(c, Int(k))
	}
	if r, ok := memo[id]; ok {
		return r
	}
	c.step()
	two := c.s.numberID(c, Int(2))
	mtwo := c.s.numberID(c, Int(-2))
	var l, rr []gid
	for _, o := range c.opts(id, Left) {
		l = append(l, c.add(c.naiveAtomicWeight(o, memo), mtwo))
	}
	for _, o := range c.opts(id, Right) {
		rr = append(rr, c.add(c.naiveAtomicWeight(o, memo), two))
	}
	g0 := c.construct(append([]gid(nil), l...), append([]gid(nil), rr...))
	r := g0
	if x, k, m, ok := c.nus(g0); ok && k == 0 && m == 0 && x.IsInteger() {
		far := c.s.nusID(c, Dyadic{}, 0, c.farStar(id, map[gid]uint64{}))
		le, ge := c.leq(id, far), c.leq(far, id)
		switch {
		case le && !ge:
			if len(l) == 0 {
				r = 0
				break
			}
			var best Dyadic
			for i, o := range l {
				_, rs := c.stops(o)
				n := c.number(rs).Ceil()
				if c.leq(c.s.numberID(c, n), o) {
					n = n.Add(Int(1))
				}
				if i == 0 || best.Less(n) {
					best = n
				}
			}
			r = c.s.numberID(c, best)
		case ge && !le:
			if len(rr) == 0 {
				r = 0
				break
			}
			var best Dyadic
			for i, o := range rr {
				ls, _ := c.stops(o)
				n := c.number(ls).Floor()
				if c.leq(o, c.s.numberID(c, n)) {
					n = n.Sub(Int(1))
				}
				if i == 0 || n.Less(best) {
					best = n
				}
			}
			r = c.s.numberID(c, best)
		}
	}
	memo[id] = r
	return r
}

// farStar returns N for the far star *N: one past the largest nimber among
// the followers, at least 1. A number's followers are numbers, and a
// number-up-star x + k↑ + *m with x ≠ 0 has no nimber among its followers
// but 0: both give 1 without walking a long chain of integers.
func (c *Calc) farStar(id gid, memo map[gid]uint64) uint64 {
	if x, k, m, ok := c.nus(id); ok {
		switch {
		case k == 0 && x.IsZero():
			return m + 1
		case !x.IsZero():
			return 1
		}
	}
	if v, ok := memo[id]; ok {
		return v
	}
	c.step()
	v := uint64(1)
	mark := len(c.stk)
	for _, s := range [2]Side{Left, Right} {
		for _, o := range c.options(id, s) {
			v = max(v, c.farStar(o, memo))
		}
	}
	c.stk = c.stk[:mark]
	memo[id] = v
	return v
}

// NortonProduct returns g.u, Norton's product of g by u (Winning Ways ch.
// 8; Siegel II.7): n copies of u for an integer n (-n copies of -u for n <
// 0), and otherwise { g^L.u + u + I | g^R.u - u - I } over the incentives I
// of u (its u^L - u and u - u^R, the greatest of them), as CGSuite computes
// it. It depends on the value of g (and the form of u) when u > 0; 1.↑ = ↑,
// and the atomic weight of g.↑ is g.
func (c *Calc) NortonProduct(g, u Game) (Game, error) {
	var r gid
	err := c.run(func() { r = c.norton(c.own(g), c.own(u), map[gid]gid{}) })
	return c.game(r), err
}

func (c *Calc) norton(g, u gid, memo map[gid]gid) gid {
	if x, k, m, ok := c.nus(g); ok && k == 0 && m == 0 && x.IsInteger() {
		n, fits := x.Int64()
		if !fits {
			c.fail(errors.New("norton product: the integer is too large"))
		}
		return c.times(u, n)
	}
	if r, ok := memo[g]; ok {
		return r
	}
	c.step()
	plus := c.incentives(u)
	for i, in := range plus {
		plus[i] = c.add(u, in)
	}
	var l, rr []gid
	mark := len(c.stk)
	for _, o := range c.options(g, Left) {
		p := c.norton(o, u, memo)
		for _, in := range plus {
			l = append(l, c.add(p, in))
		}
	}
	for _, o := range c.options(g, Right) {
		p := c.norton(o, u, memo)
		for _, in := range plus {
			rr = append(rr, c.add(p, c.neg(in)))
		}
	}
	c.stk = c.stk[:mark]
	r := c.construct(l, rr)
	memo[g] = r
	return r
}

// incentives returns u's incentives u^L - u and u - u^R, without the
// dominated ones (the smaller).
func (c *Calc) incentives(u gid) []gid {
	var out []gid
	nu := c.neg(u)
	mark := len(c.stk)
	for _, o := range c.options(u, Left) {
		out = append(out, c.add(o, nu))
	}
	for _, o := range c.options(u, Right) {
		out = append(out, c.add(u, c.neg(o)))
	}
	c.stk = c.stk[:mark]
	return c.undominated(sortUnique(out), Left)
}

// OrdinalSum returns the ordinal sum g : h = { g^L, g : h^L | g^R, g : h^R }
// (Siegel II.?; CGSuite's OrdinalSum): g, then h played above it, where a
// move in g ends h. It depends on the form of g (its canonical form here);
// x + *m : *n = x + *(m+n).
func (c *Calc) OrdinalSum(g, h Game) (Game, error) {
	var r gid
	err := c.run(func() { r = c.ordinalSum(c.own(g), c.own(h), map[gid]gid{}) })
	return c.game(r), err
}

func (c *Calc) ordinalSum(g, h gid, memo map[gid]gid) gid {
	if x, k, m, ok := c.nus(g); ok && k == 0 {
		if y, j, n, ok := c.nus(h); ok && j == 0 && y.IsZero() {
			return c.s.nusID(c, x, 0, m+n)
		}
	}
	if r, ok := memo[h]; ok {
		return r
	}
	c.step()
	var l, rr []gid
	mark := len(c.stk)
	l = append(l, c.options(g, Left)...)
	rr = append(rr, c.options(g, Right)...)
	for _, o := range c.options(h, Left) {
		l = append(l, c.ordinalSum(g, o, memo))
	}
	for _, o := range c.options(h, Right) {
		rr = append(rr, c.ordinalSum(g, o, memo))
	}
	c.stk = c.stk[:mark]
	r := c.construct(l, rr)
	memo[h] = r
	return r
}
