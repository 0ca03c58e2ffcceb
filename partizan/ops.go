package partizan

// This file is the core arithmetic of a store, on raw ids, called with the
// store's lock held by a Calc: comparison, sum, negative and construction
// of canonical forms. Everything here may abort (panic with abort) when the
// budget runs out; the Calc methods recover.

// nus returns the parts of a number-up-star id.
func (c *Calc) nus(id gid) (x Dyadic, k int64, m uint64, ok bool) {
	if !id.isRec() {
		return immNumber(id), immUp(id), immNim(id), true
	}
	if id&nusRecBit != 0 {
		n := c.rec(id).nus
		return n.x, n.up, n.nim, true
	}
	return Dyadic{}, 0, 0, false
}

func (c *Calc) isNUS(id gid) bool { return id.isNUS() }

func (c *Calc) isNumber(id gid) bool { return id.isNumber() }

// number returns the value of a number id.
func (c *Calc) number(id gid) Dyadic { return c.s.number(id) }

func (s *Store) number(id gid) Dyadic {
	if !id.isRec() {
		return immNumber(id)
	}
	return s.rec(id).nus.x
}

// numCmp compares two number ids (or the number parts of two immediates):
// its sign is that of a - b. The common case, two immediate integers, is
// inlined.
func (c *Calc) numCmp(a, b gid) int {
	if (a|b)&(recBit|expMask<<expShift) == 0 {
		return int(int32(a)) - int(int32(b))
	}
	return numCmpSlow(c.s, a, b)
}

func numCmpSlow(s *Store, a, b gid) int {
	if (a|b)&recBit == 0 {
		if (a^b)&(expMask<<expShift) == 0 { // one exponent: the numerators compare
			return int(int32(a)) - int(int32(b))
		}
		if v, ok := immNumCmp(a, b); ok {
			return v
		}
	}
	return s.number(a).Cmp(s.number(b))
}

// stops returns the Left and Right stops of id, as number ids.
func (c *Calc) stops(id gid) (ls, rs gid) {
	if !id.isRec() {
		n := id & numField
		return n, n
	}
	r := c.rec(id)
	return r.ls, r.rs
}

// options returns the options of id for side: a record's from the store; a
// number-up-star's, made on demand, on c's stack, above the caller's mark
// (the caller pops them: mark := len(c.stk) before, c.stk = c.stk[:mark]
// after). A slice of the stack stays valid while the stack grows above it.
func (c *Calc) options(id gid, side Side) []gid {
	if !id.isNUS() {
		return c.opts(id, side)
	}
	if id>>expShift == 0 {
		// an immediate integer n (no exponent, up or nimber bits): its
		// one option is n-1 for Left when n > 0, n+1 for Right when n < 0
		n := int32(id)
		var o gid
		switch {
		case side == Left && n > 0:
			o = gid(uint32(n - 1))
		case side == Right && n < 0:
			o = gid(uint32(n + 1))
		default:
			return nil
		}
		mark := len(c.stk)
		c.stk = append(c.stk, o)
		return c.stk[mark:len(c.stk):len(c.stk)]
	}
	mark := len(c.stk)
	if !id.isRec() {
		c.immOptions(id, side)
	} else {
		x, k, m, _ := c.nus(id)
		if k == 0 && m > 0 {
			c.checkMoves(int(min(m, 1<<40)))
		}
		c.stk = c.nusOpts(x, k, m, side, c.stk)
	}
	return c.stk[mark:len(c.stk):len(c.stk)]
}

// nusOpts appends the options of x + k↑ + *m for side to buf (the forms
// of nusOptions, on ids, inside a computation).
func (c *Calc) nusOpts(x Dyadic, k int64, m uint64, side Side, buf []gid) []gid {
	st := c.s
	switch {
	case k == 0 && m == 0:
		switch {
		case !x.IsInteger():
			step := NewDyadic(1, uint(x.e))
			if side == Left {
				return append(buf, st.numberID(c, x.Sub(step)))
			}
			return append(buf, st.numberID(c, x.Add(step)))
		case x.Sign() > 0 && side == Left:
			return append(buf, st.numberID(c, x.Sub(Int(1))))
		case x.Sign() < 0 && side == Right:
			return append(buf, st.numberID(c, x.Add(Int(1))))
		}
		return buf
	case k == 0:
		for i := uint64(0); i < m; i++ {
			c.step()
			buf = append(buf, st.nusID(c, x, 0, i))
		}
		return buf
	case k == 1 && m == 1:
		buf = append(buf, st.numberID(c, x))
		if side == Left {
			buf = append(buf, st.nusID(c, x, 0, 1))
		}
		return buf
	case k == -1 && m == 1:
		buf = append(buf, st.numberID(c, x))
		if side == Right {
			buf = append(buf, st.nusID(c, x, 0, 1))
		}
		return buf
	case k > 0:
		if side == Left {
			return append(buf, st.numberID(c, x))
		}
		return append(buf, st.nusID(c, x, k-1, m^1))
	}
	if side == Left {
		return append(buf, st.nusID(c, x, k+1, m^1))
	}
	return append(buf, st.numberID(c, x))
}

// leq reports a ≤ b.
func (c *Calc) leq(a, b gid) bool {
	if a == b {
		return true
	}
	if (a|b)&recBit == 0 {
		if (a^b)&(expMask<<expShift) != 0 {
			return immLeq(a, b)
		}
		// immLeq written out for one exponent (its call cost a third of
		// these comparisons)
		if d := int64(int32(a)) - int64(int32(b)); d != 0 {
			return d < 0
		}
		return immUpNimLeq(a, b)
	}
	if a.isNUS() && b.isNUS() {
		return c.nusLeq(a, b)
	}
	c.step()
	// Stops are monotone (Siegel II.3.?): a ≤ b forces L(a) ≤ L(b) and
	// R(a) ≤ R(b); and L(a) < R(b) gives a < b.
	la, ra := c.stops(a)
	lb, rb := c.stops(b)
	if c.numCmp(la, lb) > 0 || c.numCmp(ra, rb) > 0 {
		return false
	}
	// leqStops, written out: a call here costs the recursion a level
	if c.numCmp(la, rb) < 0 {
		return true
	}
	h := leqHash(a, b)
	e := &c.s.leqs[h&uint64(len(c.s.leqs)-1)]
	if e.a == a && e.b == b {
		return e.v
	}
	v := c.leqPlain(a, b)
	e = &c.s.leqs[h&uint64(len(c.s.leqs)-1)] // the cache may have grown
	if e.a|e.b != 0 {
		c.s.evicted() // and may grow now
		e = &c.s.leqs[h&uint64(len(c.s.leqs)-1)]
	}
	*e = leqEnt{a: a, b: b, v: v}
	return v
}

// leqStops is leq past the test of the stops' order: la is a's Left stop,
// rb b's Right stop.
func (c *Calc) leqStops(a, b, la, rb gid) bool {
	if c.numCmp(la, rb) < 0 {
		return true
	}
	h := leqHash(a, b)
	e := &c.s.leqs[h&uint64(len(c.s.leqs)-1)]
	if e.a == a && e.b == b {
		return e.v
	}
	v := c.leqPlain(a, b)
	e = &c.s.leqs[h&uint64(len(c.s.leqs)-1)] // the cache may have grown
	if e.a|e.b != 0 {
		c.s.evicted() // and may grow now
		e = &c.s.leqs[h&uint64(len(c.s.leqs)-1)]
	}
	*e = leqEnt{a: a, b: b, v: v}
	return v
}

// leqBoth reports a ≤ b and b ≤ a for distinct canonical a and b (so at
// most one holds), reading the stops once: a ≤ b needs L(a) ≤ L(b) and
// R(a) ≤ R(b), b ≤ a the reverse, and most pairs of options fail both.
func (c *Calc) leqBoth(a, b gid) (ab, ba bool) {
	if (a|b)&recBit == 0 {
		if (a^b)&(expMask<<expShift) != 0 {
			return immLeqBoth(a, b)
		}
		// immLeqBoth written out for one exponent, as in leq
		if d := int64(int32(a)) - int64(int32(b)); d != 0 {
			return d < 0, d > 0
		}
		return immUpNimLeq(a, b), immUpNimLeq(b, a)
	}
	if a.isNUS() && b.isNUS() {
		return c.nusLeq(a, b), c.nusLeq(b, a)
	}
	c.step()
	la, ra := c.stops(a)
	lb, rb := c.stops(b)
	cl, cr := c.numCmp(la, lb), c.numCmp(ra, rb)
	if cl <= 0 && cr <= 0 && c.leqStops(a, b, la, rb) {
		return true, false
	}
	return false, cl >= 0 && cr >= 0 && c.leqStops(b, a, lb, ra)
}

func leqHash(a, b gid) uint64 { return mix(uint64(a)*0x9e3779b97f4a7c15 ^ uint64(b)) }

func sumHash(a, b gid) uint64 { return mix(uint64(a)*0x9e3779b97f4a7c15 ^ uint64(b) ^ 0x51) }

// leqPlain is the definition: a ≤ b unless some a^L ≥ b or some b^R ≤ a.
// By number avoidance a number's options need not be tried against a
// non-number.
func (c *Calc) leqPlain(a, b gid) bool {
	mark := len(c.stk)
	v := true
	if !a.isNumber() {
		for _, al := range c.options(a, Left) {
			if c.leq(b, al) {
				v = false
				break
			}
		}
	}
	if v && !b.isNumber() {
		for _, br := range c.options(b, Right) {
			if c.leq(br, a) {
				v = false
				break
			}
		}
	}
	c.stk = c.stk[:mark]
	return v
}

// nusLeq compares number-up-stars: x + k↑ + *m ≤ y + j↑ + *n iff x < y, or
// x = y and (j - k)↑ + *(m⊕n) ≥ 0, which holds when j - k ≥ 2, when j - k = 1
// and m⊕n ≠ 1, and when j = k and m = n (Siegel II.4).
func (c *Calc) nusLeq(a, b gid) bool {
	var k, j int64
	var m, n uint64
	if !a.isRec() && !b.isRec() {
		if cmp := c.numCmp(a&numField, b&numField); cmp != 0 {
			return cmp < 0
		}
		k, m, j, n = immUp(a), immNim(a), immUp(b), immNim(b)
	} else {
		var x, y Dyadic
		x, k, m, _ = c.nus(a)
		y, j, n, _ = c.nus(b)
		if cmp := x.Cmp(y); cmp != 0 {
			return cmp < 0
		}
	}
	switch d := j - k; {
	case d >= 2:
		return true
	case d == 1:
		return m^n != 1
	case d == 0:
		return m == n
	}
	return false
}

// neg returns -a.
func (c *Calc) neg(a gid) gid {
	if !a.isRec() {
		return immNeg(a)
	}
	if x, k, m, ok := c.nus(a); ok {
		return c.s.nusID(c, x.Neg(), -k, m)
	}
	r := c.rec(a)
	if r.neg != 0 {
		return r.neg
	}
	c.step()
	lo, ro := c.opts(a, Left), c.opts(a, Right)
	mark := len(c.stk)
	for _, o := range ro {
		n := c.neg(o)
		c.stk = append(c.stk, n)
	}
	for _, o := range lo {
		n := c.neg(o)
		c.stk = append(c.stk, n)
	}
	all := c.stk[mark:]
	// The negative of a canonical form is canonical: no simplification.
	id := c.intern(sortUnique(all[:len(ro):len(ro)]), sortUnique(all[len(ro):]))
	c.stk = c.stk[:mark]
	c.rec(a).neg = id
	c.rec(id).neg = a
	return id
}

// add returns a + b.
func (c *Calc) add(a, b gid) gid {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	if a.isNUS() && b.isNUS() {
		if !a.isRec() && !b.isRec() {
			if r, ok := immAdd(a, b); ok {
				return r
			}
		}
		x, k, m, _ := c.nus(a)
		y, j, n, _ := c.nus(b)
		return c.s.nusID(c, x.Add(y), k+j, m^n)
	}
	if a > b {
		a, b = b, a
	}
	h := sumHash(a, b)
	if e := c.s.sums[h&uint64(len(c.s.sums)-1)]; e.a == a && e.b == b {
		return e.r
	}
	c.step()
	// Number translation (Siegel II.3): a number's own options are never
	// needed in a sum with a non-number. The options and the sums go on
	// c's stack.
	mark := len(c.stk)
	an, bn := a.isNumber(), b.isNumber()
	var sides [2][]gid
	for _, side := range [2]Side{Left, Right} {
		var ao, bo []gid
		if !an {
			ao = c.options(a, side)
		}
		if !bn {
			bo = c.options(b, side)
		}
		start := len(c.stk)
		for _, o := range ao {
			r := c.add(o, b)
			c.stk = append(c.stk, r)
		}
		for _, o := range bo {
			r := c.add(a, o)
			c.stk = append(c.stk, r)
		}
		sides[side] = c.stk[start:len(c.stk):len(c.stk)]
	}
	left, right := sides[Left], sides[Right]
	r := c.construct(left, right)
	c.stk = c.stk[:mark]
	e := &c.s.sums[h&uint64(len(c.s.sums)-1)] // the cache may have grown
	if e.a|e.b != 0 {
		c.s.evicted()
		e = &c.s.sums[h&uint64(len(c.s.sums)-1)]
	}
	*e = sumEnt{a: a, b: b, r: r}
	return r
}

// birthday returns the day id was born (the height of its canonical tree).
// (Every record holds its birthday, a number-up-star's too.)
func (c *Calc) birthday(id gid) uint64 {
	if !id.isRec() {
		return immBirthday(id)
	}
	return c.rec(id).birthday
}
