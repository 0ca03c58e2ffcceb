package partizan

import "errors"

// ReducedCanonicalForm returns the simplest game infinitesimally close to g
// (g - rcf(g) is infinitesimal; Grossman and Siegel; Siegel II.6): heat g
// by * and take the star projection, which maps x* to x for each number x.
func (c *Calc) ReducedCanonicalForm(g Game) (Game, error) {
	var r gid
	err := c.run(func() { r = c.rcf(c.own(g)) })
	return c.game(r), err
}

func (c *Calc) rcf(id gid) gid {
	if x, _, _, ok := c.nus(id); ok {
		return c.s.numberID(c, x)
	}
	star := c.s.nusID(c, Dyadic{}, 0, 1)
	return c.starProjection(c.heat(id, star, map[gid]gid{}), map[gid]gid{})
}

func (c *Calc) starProjection(id gid, memo map[gid]gid) gid {
	if x, k, m, ok := c.nus(id); ok && k == 0 && m <= 1 {
		return c.s.numberID(c, x)
	}
	if c.isNumber(id) {
		return id
	}
	if r, ok := memo[id]; ok {
		return r
	}
	c.step()
	var l, rr []gid
	mark := len(c.stk)
	for _, o := range c.options(id, Left) {
		l = append(l, c.starProjection(o, memo))
	}
	for _, o := range c.options(id, Right) {
		rr = append(rr, c.starProjection(o, memo))
	}
	c.stk = c.stk[:mark]
	r := c.construct(l, rr)
	memo[id] = r
	return r
}

// IsAllSmall reports whether g is all-small: every follower has options for
// both players or for neither (so each is infinitesimal; Siegel II.7).
func (c *Calc) IsAllSmall(g Game) (bool, error) {
	var v bool
	err := c.run(func() { v = c.allSmall(c.own(g), map[gid]bool{}) })
	return v, err
}

func (c *Calc) allSmall(id gid, memo map[gid]bool) bool {
	if x, _, _, ok := c.nus(id); ok {
		return x.IsZero()
	}
	if v, ok := memo[id]; ok {
		return v
	}
	c.step()
	v := true
	for _, s := range [2]Side{Left, Right} {
		for _, o := range c.s.opts(id, s) {
			if !c.allSmall(o, memo) {
				v = false
			}
		}
	}
	memo[id] = v
	return v
}

// ErrNotAllSmall is returned by AtomicWeight for a game that is not
// all-small.
var ErrNotAllSmall = errors.New("atomic weight is defined here for all-small games only")

// AtomicWeight returns the atomic weight of an all-small game g, by the
// atomic weight calculus (Berlekamp, Conway and Guy; Siegel II.7): with
// g' = {aw(g^L) - 2 | aw(g^R) + 2}, aw(g) = g' unless g' is an integer; then
// it is 0 when g has no options on the side that counts, and otherwise the
// least integer ◁|> every g'^L when g < the far star, the greatest integer
// <|▷ every g'^R when g > the far star, g' when g ‖ the far star. The far
// star *N has N past every nimber among g's followers.
func (c *Calc) AtomicWeight(g Game) (Game, error) {
	var r gid
	err := c.run(func() {
		id := c.own(g)
		if !c.allSmall(id, map[gid]bool{}) {
			c.fail(ErrNotAllSmall)
		}
		r = c.atomicWeight(id, map[gid]gid{})
	})
	return c.game(r), err
}

func (c *Calc) atomicWeight(id gid, memo map[gid]gid) gid {
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
	for _, o := range c.s.opts(id, Left) {
		l = append(l, c.add(c.atomicWeight(o, memo), mtwo))
	}
	for _, o := range c.s.opts(id, Right) {
		rr = append(rr, c.add(c.atomicWeight(o, memo), two))
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
// the followers, at least 1.
func (c *Calc) farStar(id gid, memo map[gid]uint64) uint64 {
	if x, k, m, ok := c.nus(id); ok && k == 0 && x.IsZero() {
		return m + 1
	}
	if v, ok := memo[id]; ok {
		return v
	}
	v := uint64(1)
	if !c.isNUS(id) {
		for _, s := range [2]Side{Left, Right} {
			for _, o := range c.s.opts(id, s) {
				v = max(v, c.farStar(o, memo))
			}
		}
	} else {
		mark := len(c.stk)
		for _, s := range [2]Side{Left, Right} {
			for _, o := range c.options(id, s) {
				v = max(v, c.farStar(o, memo))
			}
		}
		c.stk = c.stk[:mark]
	}
	memo[id] = v
	return v
}
