package partizan

import (
	"slices"
)

// This file is the core arithmetic of a store, on raw ids, called with the
// store's lock held by a Calc: comparison, sum, negative and construction
// of canonical forms. Everything here may abort (panic with abort) when the
// budget runs out; the Calc methods recover.

// nus returns the parts of a number-up-star id.
func (c *Calc) nus(id gid) (x Dyadic, k int64, m uint64, ok bool) {
	if !id.isRec() {
		return immNumber(id), immUp(id), immNim(id), true
	}
	if n := c.s.rec(id).nus; n != nil {
		return n.x, n.up, n.nim, true
	}
	return Dyadic{}, 0, 0, false
}

func (c *Calc) isNUS(id gid) bool { return !id.isRec() || c.s.rec(id).nus != nil }

func (c *Calc) isNumber(id gid) bool {
	if !id.isRec() {
		return id&^(nimMask<<nimShift|(1<<upBits-1)<<upShift) == id
	}
	n := c.s.rec(id).nus
	return n != nil && n.up == 0 && n.nim == 0
}

// number returns the value of a number id.
func (c *Calc) number(id gid) Dyadic {
	if !id.isRec() {
		return immNumber(id)
	}
	return c.s.rec(id).nus.x
}

// numCmp compares two number ids.
func (c *Calc) numCmp(a, b gid) int {
	if a == b {
		return 0
	}
	if !a.isRec() && !b.isRec() {
		na, nb := int64(immNum(a)), int64(immNum(b))
		ea, eb := immExp(a), immExp(b)
		if ea == eb || (ea < eb && eb-ea <= 32) || (eb < ea && ea-eb <= 32) {
			switch {
			case ea < eb:
				na <<= eb - ea
			case eb < ea:
				nb <<= ea - eb
			}
			switch {
			case na < nb:
				return -1
			case na > nb:
				return 1
			}
			return 0
		}
	}
	return c.number(a).Cmp(c.number(b))
}

// stops returns the Left and Right stops of id, as number ids.
func (c *Calc) stops(id gid) (ls, rs gid) {
	if !id.isRec() {
		n := id & (1<<32 - 1 | expMask<<expShift)
		return n, n
	}
	r := c.s.rec(id)
	return r.ls, r.rs
}

// options returns the options of id for side; buf is scratch for a
// number-up-star, whose options are made on demand.
func (c *Calc) options(id gid, side Side, buf []gid) []gid {
	if id.isRec() && c.s.rec(id).nus == nil {
		return c.s.opts(id, side)
	}
	x, k, m, _ := c.nus(id)
	if k == 0 && m > 0 {
		c.checkMoves(int(min(m, 1<<40)))
	}
	buf = buf[:0]
	c.nusOpts(x, k, m, side, func(o gid) { buf = append(buf, o) })
	return buf
}

// nusOpts is nusOptions on ids, inside a computation.
func (c *Calc) nusOpts(x Dyadic, k int64, m uint64, side Side, yield func(gid)) {
	num := func(d Dyadic) gid { return c.s.numberID(c, d) }
	switch {
	case k == 0 && m == 0:
		switch {
		case !x.IsInteger():
			step := NewDyadic(1, uint(x.e))
			if side == Left {
				yield(num(x.Sub(step)))
			} else {
				yield(num(x.Add(step)))
			}
		case x.Sign() > 0 && side == Left:
			yield(num(x.Sub(Int(1))))
		case x.Sign() < 0 && side == Right:
			yield(num(x.Add(Int(1))))
		}
	case k == 0:
		for i := uint64(0); i < m; i++ {
			yield(c.s.nusID(c, x, 0, i))
		}
	case k == 1 && m == 1:
		yield(num(x))
		if side == Left {
			yield(c.s.nusID(c, x, 0, 1))
		}
	case k == -1 && m == 1:
		yield(num(x))
		if side == Right {
			yield(c.s.nusID(c, x, 0, 1))
		}
	case k > 0:
		if side == Left {
			yield(num(x))
		} else {
			yield(c.s.nusID(c, x, k-1, m^1))
		}
	default:
		if side == Left {
			yield(c.s.nusID(c, x, k+1, m^1))
		} else {
			yield(num(x))
		}
	}
}

// buf returns a scratch slice for recursion depth d.
func (c *Calc) buf() []gid {
	if n := len(c.scratch); n > 0 {
		b := c.scratch[n-1]
		c.scratch = c.scratch[:n-1]
		return b[:0]
	}
	return make([]gid, 0, 8)
}

func (c *Calc) release(b []gid) { c.scratch = append(c.scratch, b) }

// leq reports a ≤ b.
func (c *Calc) leq(a, b gid) bool {
	if a == b {
		return true
	}
	if c.isNUS(a) && c.isNUS(b) {
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
	if c.numCmp(la, rb) < 0 {
		return true
	}
	h := mix(uint64(a)*0x9e3779b97f4a7c15 ^ uint64(b))
	e := &c.s.leqs[h&uint64(len(c.s.leqs)-1)]
	if e.a == a && e.b == b {
		return e.v
	}
	v := c.leqPlain(a, b)
	e = &c.s.leqs[h&uint64(len(c.s.leqs)-1)] // the cache may have grown
	*e = leqEnt{a: a, b: b, v: v}
	return v
}

// leqPlain is the definition: a ≤ b unless some a^L ≥ b or some b^R ≤ a.
// By number avoidance a number's options need not be tried against a
// non-number.
func (c *Calc) leqPlain(a, b gid) bool {
	if !c.isNumber(a) {
		buf := c.buf()
		for _, al := range c.options(a, Left, buf) {
			if c.leq(b, al) {
				c.release(buf)
				return false
			}
		}
		c.release(buf)
	}
	if !c.isNumber(b) {
		buf := c.buf()
		for _, br := range c.options(b, Right, buf) {
			if c.leq(br, a) {
				c.release(buf)
				return false
			}
		}
		c.release(buf)
	}
	return true
}

// nusLeq compares number-up-stars: x + k↑ + *m ≤ y + j↑ + *n iff x < y, or
// x = y and (j - k)↑ + *(m⊕n) ≥ 0, which holds when j - k ≥ 2, when j - k = 1
// and m⊕n ≠ 1, and when j = k and m = n (Siegel II.4).
func (c *Calc) nusLeq(a, b gid) bool {
	x, k, m, _ := c.nus(a)
	y, j, n, _ := c.nus(b)
	if cmp := x.Cmp(y); cmp != 0 {
		return cmp < 0
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
	if x, k, m, ok := c.nus(a); ok {
		return c.s.nusID(c, x.Neg(), -k, m)
	}
	r := c.s.rec(a)
	if r.neg != 0 {
		return r.neg
	}
	c.step()
	lo, ro := c.s.opts(a, Left), c.s.opts(a, Right)
	nl := make([]gid, len(ro))
	nr := make([]gid, len(lo))
	for i, o := range ro {
		nl[i] = c.neg(o)
	}
	for i, o := range lo {
		nr[i] = c.neg(o)
	}
	// The negative of a canonical form is canonical: no simplification.
	id := c.intern(nl, nr)
	c.s.rec(a).neg = id
	c.s.rec(id).neg = a
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
	if x, k, m, ok := c.nus(a); ok {
		if y, j, n, ok := c.nus(b); ok {
			return c.s.nusID(c, x.Add(y), k+j, m^n)
		}
	}
	if a > b {
		a, b = b, a
	}
	h := mix(uint64(a)*0x9e3779b97f4a7c15 ^ uint64(b) ^ 0x51)
	if e := c.s.sums[h&uint64(len(c.s.sums)-1)]; e.a == a && e.b == b {
		return e.r
	}
	c.step()
	var left, right []gid
	// Number translation (Siegel II.3): a number's own options are never
	// needed in a sum with a non-number.
	an, bn := c.isNumber(a), c.isNumber(b)
	for _, side := range [2]Side{Left, Right} {
		var out []gid
		if !an {
			buf := c.buf()
			for _, o := range c.options(a, side, buf) {
				out = append(out, c.add(o, b))
			}
			c.release(buf)
		}
		if !bn {
			buf := c.buf()
			for _, o := range c.options(b, side, buf) {
				out = append(out, c.add(a, o))
			}
			c.release(buf)
		}
		if side == Left {
			left = out
		} else {
			right = out
		}
	}
	r := c.construct(left, right)
	c.s.sums[h&uint64(len(c.s.sums)-1)] = sumEnt{a: a, b: b, r: r}
	return r
}

// construct returns the canonical form of { left | right }, whose options
// are canonical: duplicates and dominated options are removed and reversible
// options bypassed (the canonical form theorem, ONAG ch. 10, Siegel II.2).
// It may reorder and overwrite the slices.
func (c *Calc) construct(left, right []gid) gid {
	c.step()
	c.checkMoves(len(left) + len(right))
	left = sortUnique(left)
	right = sortUnique(right)
	if n, ok := c.nimberOptions(left); ok && slices.Equal(left, right) {
		return c.s.nusID(c, Dyadic{}, 0, n)
	}
	left = c.undominated(left, Left)
	right = c.undominated(right, Right)
	c.vmemo = nil
	changed := false
	left, changed = c.bypass(left, right, Left)
	var ch bool
	right, ch = c.bypass(left, right, Right)
	if changed || ch {
		left = c.undominated(sortUnique(left), Left)
		right = c.undominated(sortUnique(right), Right)
	}
	c.vmemo = nil
	if id, ok := c.recognize(left, right); ok {
		return id
	}
	return c.intern(left, right)
}

// nimberOptions reports whether opts (sorted) are exactly 0, *, …, *(n-1).
func (c *Calc) nimberOptions(opts []gid) (uint64, bool) {
	for i, o := range opts {
		if o.isRec() || immNim(o) != uint64(i) || o != gid(i)<<nimShift {
			return 0, false
		}
	}
	return uint64(len(opts)), true
}

func sortUnique(s []gid) []gid {
	if len(s) > 1 {
		slices.Sort(s)
		s = slices.Compact(s)
	}
	return s
}

// undominated removes the options of side that another option of side
// dominates (for Left, a ≤ b drops a).
func (c *Calc) undominated(opts []gid, side Side) []gid {
	if len(opts) < 2 {
		return opts
	}
	out := opts[:0]
	for i, a := range opts {
		dominated := false
		for j, b := range opts {
			if i == j {
				continue
			}
			var d bool
			if side == Left {
				d = c.leq(a, b)
			} else {
				d = c.leq(b, a)
			}
			// equal options were merged, so d means strictly dominated;
			// but a dropped option may still dominate, which is fine.
			if d {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, a)
		}
	}
	return out
}

// bypass replaces each reversible option of side by the options it reverses
// through: a Left option a with some a^R ≤ G is replaced by the Left options
// of that a^R (and the mirror image for Right).
func (c *Calc) bypass(left, right []gid, side Side) ([]gid, bool) {
	opts := left
	if side == Right {
		opts = right
	}
	changed := false
	for i := 0; i < len(opts); i++ {
		a := opts[i]
		buf := c.buf()
		var rev gid
		found := false
		for _, ar := range c.options(a, side.Other(), buf) {
			var r bool
			if side == Left {
				r = c.leVirtual(ar, left, right)
			} else {
				r = c.geVirtual(ar, left, right)
			}
			if r {
				rev, found = ar, true
				break
			}
		}
		c.release(buf)
		if !found {
			continue
		}
		changed = true
		buf = c.buf()
		repl := c.options(rev, side, buf)
		next := make([]gid, 0, len(opts)-1+len(repl))
		next = append(next, opts[:i]...)
		next = append(next, opts[i+1:]...)
		for _, o := range repl {
			if !slices.Contains(next, o) {
				next = append(next, o)
			}
		}
		c.release(buf)
		opts = next
		if side == Left {
			left = opts
		} else {
			right = opts
		}
		i--
	}
	return opts, changed
}

// leVirtual reports x ≤ G for G = { left | right }, a game not yet made:
// x ≤ G unless some G^R ≤ x or some x^L ≥ G. The answers are memoized for
// the one construction (bypassing and removing options keeps G's value).
func (c *Calc) leVirtual(x gid, left, right []gid) bool {
	for _, r := range right {
		if c.leq(r, x) {
			return false
		}
	}
	if x, k, m, ok := c.nus(x); ok && k == 0 && m == 0 && x.IsInteger() {
		// an integer n > 0 has the one Left option n-1, and G ≤ n-1 fails
		// exactly when some G^L ≥ n-1 (n-1 has no Right option)
		if x.Sign() <= 0 {
			return true
		}
		n1 := c.s.numberID(c, x.Sub(Int(1)))
		for _, l := range left {
			if c.leq(n1, l) {
				return true
			}
		}
		return false
	}
	if v, ok := c.vget(x, false); ok {
		return v
	}
	c.step()
	v := true
	buf := c.buf()
	for _, xl := range c.options(x, Left, buf) {
		if c.geVirtual(xl, left, right) {
			v = false
			break
		}
	}
	c.release(buf)
	c.vput(x, false, v)
	return v
}

// geVirtual reports G ≤ x for G = { left | right }: unless some G^L ≥ x or
// some x^R ≤ G.
func (c *Calc) geVirtual(x gid, left, right []gid) bool {
	for _, l := range left {
		if c.leq(x, l) {
			return false
		}
	}
	if x, k, m, ok := c.nus(x); ok && k == 0 && m == 0 && x.IsInteger() {
		if x.Sign() >= 0 {
			return true
		}
		n1 := c.s.numberID(c, x.Add(Int(1)))
		for _, r := range right {
			if c.leq(r, n1) {
				return true
			}
		}
		return false
	}
	if v, ok := c.vget(x, true); ok {
		return v
	}
	c.step()
	v := true
	buf := c.buf()
	for _, xr := range c.options(x, Right, buf) {
		if c.leVirtual(xr, left, right) {
			v = false
			break
		}
	}
	c.release(buf)
	c.vput(x, true, v)
	return v
}

func (c *Calc) vget(x gid, geq bool) (bool, bool) {
	if c.vmemo == nil {
		return false, false
	}
	v, ok := c.vmemo[vkey{x, geq}]
	return v, ok
}

func (c *Calc) vput(x gid, geq bool, v bool) {
	if c.vmemo == nil {
		c.vmemo = make(map[vkey]bool)
	}
	c.vmemo[vkey{x, geq}] = v
}

// recognize returns the number-up-star whose canonical form is
// { left | right }, when it is one (the forms of nusOptions, read back).
func (c *Calc) recognize(left, right []gid) (gid, bool) {
	nl, nr := len(left), len(right)
	switch {
	case nl == 0 && nr == 0:
		return 0, true
	case nl == 0:
		if nr == 1 && c.isNumber(right[0]) {
			return c.s.numberID(c, c.number(right[0]).Sub(Int(1))), true
		}
		return 0, false
	case nr == 0:
		if nl == 1 && c.isNumber(left[0]) {
			return c.s.numberID(c, c.number(left[0]).Add(Int(1))), true
		}
		return 0, false
	}
	if !c.isNUS(left[0]) || !c.isNUS(right[0]) {
		return 0, false
	}
	if nl == 1 && nr == 1 {
		x, k, m, _ := c.nus(left[0])
		y, j, n, _ := c.nus(right[0])
		switch {
		case k == 0 && m == 0 && j == 0 && n == 0 && x.Less(y):
			return c.s.numberID(c, x.Add(y).Shift(-1)), true
		case k == 0 && m == 0 && x.Equal(y) && (j != 0 || n != 0) && j >= 0:
			return c.s.nusID(c, x, j+1, n^1), true
		case j == 0 && n == 0 && x.Equal(y) && (k != 0 || m != 0) && k <= 0:
			return c.s.nusID(c, x, k-1, m^1), true
		case k == 0 && m == 0 && j == 0 && n == 0 && x.Equal(y):
			return c.s.nusID(c, x, 0, 1), true
		}
		return 0, false
	}
	// x↑* = {x, x* | x} and x↓* = {x | x, x*}
	if nl == 2 && nr == 1 || nl == 1 && nr == 2 {
		pair, one := left, right[0]
		up := int64(1)
		if nl == 1 {
			pair, one, up = right, left[0], -1
		}
		if !c.isNumber(one) {
			return 0, false
		}
		x := c.number(one)
		a, b := pair[0], pair[1]
		if a != one {
			a, b = b, a
		}
		if a == one {
			if y, k, m, ok := c.nus(b); ok && k == 0 && m == 1 && y.Equal(x) {
				return c.s.nusID(c, x, up, 1), true
			}
		}
		return 0, false
	}
	// x + *n = {x, x*, …, x*(n-1) | the same}
	if nl != nr || !slices.Equal(left, right) {
		return 0, false
	}
	x, _, _, _ := c.nus(left[0])
	seen := make([]bool, nl)
	for _, o := range left {
		y, k, m, ok := c.nus(o)
		if !ok || k != 0 || m >= uint64(nl) || !y.Equal(x) || seen[m] {
			return 0, false
		}
		seen[m] = true
	}
	return c.s.nusID(c, x, 0, uint64(nl)), true
}

// intern returns the record with these canonical options, making it if new.
func (c *Calc) intern(left, right []gid) gid {
	left = sortUnique(left)
	right = sortUnique(right)
	h := hashOptions(left, right)
	if id, ok := c.s.lookup(h, left, right); ok {
		return id
	}
	var b uint64
	var ls, rs gid
	for i, o := range left {
		b = max(b, c.birthday(o)+1)
		_, r := c.stops(o)
		if i == 0 || c.numCmp(r, ls) > 0 {
			ls = r
		}
	}
	for i, o := range right {
		b = max(b, c.birthday(o)+1)
		l, _ := c.stops(o)
		if i == 0 || c.numCmp(l, rs) < 0 {
			rs = l
		}
	}
	id := c.s.newRec(c, h, left, right)
	r := c.s.rec(id)
	r.birthday, r.ls, r.rs = b, ls, rs
	return id
}

// birthday returns the day id was born (the height of its canonical tree).
func (c *Calc) birthday(id gid) uint64 {
	if x, k, m, ok := c.nus(id); ok {
		return nusBirthday(x, k, m)
	}
	return c.s.rec(id).birthday
}
