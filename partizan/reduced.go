package partizan

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
		for _, o := range c.opts(id, s) {
			if !c.allSmall(o, memo) {
				v = false
			}
		}
	}
	memo[id] = v
	return v
}
