package partizan

import (
	"errors"
	"fmt"
)

// thermograph returns id's thermograph: an integer's is the vertical line
// at it; otherwise the Left scaffold is the maximum over Left options of
// their Right walls, tilted by -t, the Right scaffold the minimum of the
// Right options' Left walls tilted by +t, and the walls follow the scaffolds
// up to where they meet (Siegel II.5). A number-up-star x + k↑ + *m has the
// thermograph of x, x*, x↑ or x↓ (CGSuite's shortcut, which saves the long
// recursion through ↑⁹*8), and thermographs are kept in the store.
func (c *Calc) thermograph(id gid) Thermograph {
	if x, k, m, ok := c.nus(id); ok {
		switch {
		case k == 0 && m == 0 && x.IsInteger():
			return Thermograph{Left: constTraj(x), Right: constTraj(x)}
		case k == 0 && m == 0:
		case k == 0 || (k == 1 || k == -1) && m == 1:
			id = c.s.nusID(c, x, 0, 1)
		case k > 0:
			id = c.s.nusID(c, x, 1, 0)
		default:
			id = c.s.nusID(c, x, -1, 0)
		}
	}
	if th, ok := c.s.thermos[id]; ok {
		return th
	}
	c.step()
	var ls, rs Trajectory
	mark := len(c.stk)
	for i, o := range c.options(id, Left) {
		w := c.thermograph(o).Right
		if i == 0 {
			ls = w
		} else {
			ls = combine(ls, w, true)
		}
	}
	for i, o := range c.options(id, Right) {
		w := c.thermograph(o).Left
		if i == 0 {
			rs = w
		} else {
			rs = combine(rs, w, false)
		}
	}
	c.stk = c.stk[:mark]
	th := scaffolds(ls, rs)
	if c.s.thermos == nil {
		c.s.thermos = make(map[gid]Thermograph)
	}
	c.s.thermos[id] = th
	n := int64(len(th.Left.Crit)+len(th.Right.Crit))*64 + 128
	c.s.bytes += n
	c.bytes += n
	return th
}

// Thermograph returns g's thermograph.
func (c *Calc) Thermograph(g Game) (Thermograph, error) {
	var th Thermograph
	err := c.run(func() { th = c.thermograph(c.own(g)) })
	return th, err
}

// Mean returns g's mean value (the mast of its thermograph): the number
// that n copies of g approach within a bounded distance (Siegel II.5).
func (c *Calc) Mean(g Game) (Dyadic, error) {
	var x Dyadic
	err := c.run(func() { x = c.mean(c.own(g)) })
	return x, err
}

func (c *Calc) mean(id gid) Dyadic {
	if x, _, _, ok := c.nus(id); ok {
		return x
	}
	return c.thermograph(id).Mast()
}

// Temperature returns g's temperature, in CGSuite's convention: for a
// number m/2^e, -1/2^e (an integer: -1); for x + k↑ + *m not a number, 0;
// otherwise the height where its thermograph's walls meet the mast.
func (c *Calc) Temperature(g Game) (Dyadic, error) {
	var t Dyadic
	err := c.run(func() { t = c.temperature(c.own(g)) })
	return t, err
}

func (c *Calc) temperature(id gid) Dyadic {
	if x, k, m, ok := c.nus(id); ok {
		if k == 0 && m == 0 {
			return NewDyadic(-1, uint(x.e))
		}
		return Dyadic{}
	}
	return c.thermograph(id).Temperature()
}

// Stops returns g's Left and Right stops: where play ends, on a number,
// when Left (or Right) moves first and both avoid moving in numbers.
func (g Game) Stops() (left, right Dyadic) {
	if x, _, _, ok := g.NUSParts(); ok {
		return x, x
	}
	r := g.s.rec(g.id)
	return g.s.wrap(r.ls).mustNumber(), g.s.wrap(r.rs).mustNumber()
}

func (g Game) mustNumber() Dyadic {
	x, _ := g.AsNumber()
	return x
}

// Cool returns g cooled by t (t > -1): g_t = {g^L_t - t | g^R_t + t}, unless
// g_t' is infinitely close to a number for some t' < t, in which case it is
// that number: g's mean once t passes g's temperature (Siegel II.5).
func (c *Calc) Cool(g Game, t Dyadic) (Game, error) {
	if t.Cmp(Int(-1)) <= 0 {
		return Zero, fmt.Errorf("cooling temperature %s must be greater than -1", t)
	}
	var r gid
	err := c.run(func() {
		tid := c.s.numberID(c, t)
		memo := map[gid]gid{}
		r = c.cool(c.own(g), t, tid, memo)
	})
	return c.game(r), err
}

func (c *Calc) cool(id gid, t Dyadic, tid gid, memo map[gid]gid) gid {
	if x, k, m, ok := c.nus(id); ok && k == 0 && m == 0 && x.IsInteger() {
		return id
	}
	if r, ok := memo[id]; ok {
		return r
	}
	c.step()
	var r gid
	if c.temperature(id).Less(t) {
		r = c.s.numberID(c, c.mean(id))
	} else {
		negT := c.neg(tid)
		var l, rr []gid
		mark := len(c.stk)
		for _, o := range c.options(id, Left) {
			l = append(l, c.add(c.cool(o, t, tid, memo), negT))
		}
		for _, o := range c.options(id, Right) {
			rr = append(rr, c.add(c.cool(o, t, tid, memo), tid))
		}
		c.stk = c.stk[:mark]
		r = c.construct(l, rr)
	}
	memo[id] = r
	return r
}

// Freeze returns g cooled by its temperature; a number-up-star is frozen
// already (as in CGSuite).
func (c *Calc) Freeze(g Game) (Game, error) {
	var r gid
	err := c.run(func() { r = c.freeze(c.own(g)) })
	return c.game(r), err
}

// Heat returns g heated by the game t: ∫^t g = g for a number, else
// {∫^t g^L + t | ∫^t g^R - t} (Siegel II.5).
func (c *Calc) Heat(g, t Game) (Game, error) {
	var r gid
	err := c.run(func() { r = c.heat(c.own(g), c.own(t), map[gid]gid{}) })
	return c.game(r), err
}

func (c *Calc) heat(id, t gid, memo map[gid]gid) gid {
	if c.isNumber(id) {
		return id
	}
	if r, ok := memo[id]; ok {
		return r
	}
	c.step()
	negT := c.neg(t)
	var l, rr []gid
	mark := len(c.stk)
	for _, o := range c.options(id, Left) {
		l = append(l, c.add(c.heat(o, t, memo), t))
	}
	for _, o := range c.options(id, Right) {
		rr = append(rr, c.add(c.heat(o, t, memo), negT))
	}
	c.stk = c.stk[:mark]
	r := c.construct(l, rr)
	memo[id] = r
	return r
}

// Overheat returns g overheated from s to t: ∫_s^t g = g·s (g copies of s)
// for an integer g, else {∫ g^L + t | ∫ g^R - t} (Berlekamp; Siegel II.5).
func (c *Calc) Overheat(g, s, t Game) (Game, error) {
	var r gid
	err := c.run(func() { r = c.overheat(c.own(g), c.own(s), c.own(t), map[gid]gid{}) })
	return c.game(r), err
}

func (c *Calc) overheat(id, s, t gid, memo map[gid]gid) gid {
	if x, k, m, ok := c.nus(id); ok && k == 0 && m == 0 && x.IsInteger() {
		n, fits := x.Int64()
		if !fits {
			c.fail(errors.New("overheating: the integer is too large"))
		}
		return c.times(s, n)
	}
	if r, ok := memo[id]; ok {
		return r
	}
	c.step()
	negT := c.neg(t)
	var l, rr []gid
	mark := len(c.stk)
	for _, o := range c.options(id, Left) {
		l = append(l, c.add(c.overheat(o, s, t, memo), t))
	}
	for _, o := range c.options(id, Right) {
		rr = append(rr, c.add(c.overheat(o, s, t, memo), negT))
	}
	c.stk = c.stk[:mark]
	r := c.construct(l, rr)
	memo[id] = r
	return r
}

// times returns n copies of g (by doubling).
func (c *Calc) times(g gid, n int64) gid {
	if n < 0 {
		return c.neg(c.times(g, -n))
	}
	var r gid
	for p := g; n > 0; n >>= 1 {
		if n&1 == 1 {
			r = c.add(r, p)
		}
		if n > 1 {
			p = c.add(p, p)
		}
	}
	return r
}

// Times returns n·g, the sum of n copies of g (-n copies of -g for n < 0).
func (c *Calc) Times(g Game, n int64) (Game, error) {
	var r gid
	err := c.run(func() { r = c.times(c.own(g), n) })
	return c.game(r), err
}
