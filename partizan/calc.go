package partizan

import (
	"slices"

	"github.com/grundy/grundy/impartial"
)

// New returns the canonical form of { left | right }: the options may be any
// games of c's store (or immediates), in any order, with repeats.
func (c *Calc) New(left, right []Game) (g Game, err error) {
	// c.run without its closure (which escapes): the census and the
	// rulesets' callers make games one at a time
	c.lock()
	done := false
	defer c.exit(len(c.stk), &err, &done)
	if err := c.canceled(); err != nil {
		return Game{}, err
	}
	// the ids on the stack, grown once
	mark, n, nr := len(c.stk), len(left), len(right)
	c.stk = slices.Grow(c.stk, n+nr)[:mark+n+nr]
	all := c.stk[mark : mark+n+nr : mark+n+nr]
	for i, g := range left {
		all[i] = c.own(g)
	}
	rs := all[n:]
	for i, g := range right {
		rs[i] = c.own(g)
	}
	// construct1, not construct: exit pops the stack
	g = c.game(c.construct1(all[:n:n], rs))
	done = true
	return g, nil
}

// Add returns g + h, the disjunctive sum.
func (c *Calc) Add(g, h Game) (Game, error) {
	var r gid
	err := c.run(func() { r = c.add(c.own(g), c.own(h)) })
	return c.game(r), err
}

// Sum returns the sum of gs (0 for none).
func (c *Calc) Sum(gs ...Game) (Game, error) {
	var r gid
	err := c.run(func() {
		for _, g := range gs {
			r = c.add(r, c.own(g))
		}
	})
	return c.game(r), err
}

// Neg returns -g (Left and Right exchanged).
func (c *Calc) Neg(g Game) (Game, error) {
	var r gid
	err := c.run(func() { r = c.neg(c.own(g)) })
	return c.game(r), err
}

// Sub returns g - h.
func (c *Calc) Sub(g, h Game) (Game, error) {
	var r gid
	err := c.run(func() { r = c.add(c.own(g), c.neg(c.own(h))) })
	return c.game(r), err
}

// Leq reports g ≤ h: Left, playing second in g - h... that is, Right moving
// first in h - g loses.
func (c *Calc) Leq(g, h Game) (bool, error) {
	var v bool
	err := c.run(func() { v = c.leq(c.own(g), c.own(h)) })
	return v, err
}

// Compare returns how g compares with h.
func (c *Calc) Compare(g, h Game) (Relation, error) {
	var rel Relation
	err := c.run(func() { rel = c.compare(c.own(g), c.own(h)) })
	return rel, err
}

func (c *Calc) compare(a, b gid) Relation {
	if a == b {
		return Equal
	}
	// Distinct canonical forms of one store are distinct values, so a ≤ b
	// already means a < b: the second comparison is not needed.
	switch {
	case c.leq(a, b):
		return Less
	case c.leq(b, a):
		return Greater
	}
	return Confused
}

// Outcome returns g's outcome class: L when g > 0, R when g < 0, P when g = 0,
// N when g ‖ 0.
func (c *Calc) Outcome(g Game) (Outcome, error) {
	var o Outcome
	err := c.run(func() { o = c.outcome(c.own(g)) })
	return o, err
}

func (c *Calc) outcome(a gid) Outcome {
	switch c.compare(a, 0) {
	case Equal:
		return P
	case Greater:
		return L
	case Less:
		return R
	}
	return N
}

// Birthday returns the day g was born: 0 for 0, one more than the latest
// birthday of its options.
func (g Game) Birthday() uint64 {
	if x, k, m, ok := g.NUSParts(); ok {
		return nusBirthday(x, k, m)
	}
	return g.s.rec(g.id).birthday
}

// FromNimber returns the nimber of an impartial value: an impartial position
// of value *m is equal, as a partizan game, to the nimber *m (Sprague–Grundy),
// so sums may mix impartial components with partizan ones.
func (s *Store) FromNimber(v impartial.Nimber) Game { return s.Nimber(uint64(v)) }
