package partizan

import (
	"math/bits"
	"slices"
)

// This file makes canonical forms from options (the canonical form theorem:
// ONAG ch. 10; Siegel II.2), called with the store's lock held by a Calc.

// construct returns the canonical form of { left | right }, whose options
// are canonical: duplicates and dominated options are removed and reversible
// options bypassed (the canonical form theorem, ONAG ch. 10, Siegel II.2).
// It may reorder and overwrite the slices.
func (c *Calc) construct(left, right []gid) gid {
	mark := len(c.stk)
	id := c.construct1(left, right)
	c.stk = c.stk[:mark]
	return id
}

func (c *Calc) construct1(left, right []gid) gid {
	c.step()
	c.checkMoves(len(left) + len(right))
	left = sortUnique(left)
	right = sortUnique(right)
	if n, ok := c.nimberOptions(left); ok && slices.Equal(left, right) {
		return c.s.nusID(c, Dyadic{}, 0, n)
	}
	// Dominated options go and reversible ones are bypassed, in either
	// order (G's value never changes). Pruning first spares the reversibility
	// tests of dominated options, which are dear when the options are deep
	// (sums, rulesets); on a few options born by day 3 those tests are cheap,
	// and bypassing first spares the comparisons of the options bypassed
	// (−13 % instructions on the census of day 3 and on day-4 games from
	// day-3 options; Domineering 4×5 +1.5 %, the sums of switches +1 %).
	c.vreset()
	if !c.short(left) || !c.short(right) {
		left = c.undominated(left, Left)
		right = c.undominated(right, Right)
		// bypass copies a list it changes to the stack: left0 and right0
		// stay the undominated lists, whose pairs need no second comparison
		left0, right0 := left, right
		left, lch := c.bypass(left, right, Left)
		right, rch := c.bypass(left, right, Right)
		if lch {
			left = c.undominatedSince(sortUnique(left), Left, left0)
		}
		if rch {
			right = c.undominatedSince(sortUnique(right), Right, right0)
		}
		return c.finish(left, right)
	}
	left, lch := c.bypass(left, right, Left)
	right, rch := c.bypass(left, right, Right)
	if lch {
		left = sortUnique(left)
	}
	if rch {
		right = sortUnique(right)
	}
	// finish, written out (a call less a construction)
	left, right = c.undominated(left, Left), c.undominated(right, Right)
	if id, ok := c.recognize(left, right); ok {
		return id
	}
	return c.intern(left, right)
}

// shortLen and shortDay bound the option lists that construct1 bypasses
// before pruning, as measured: with no length bound, options born by day 5
// cost Domineering 4×5 10 % more instructions; the day-4 games (four day-3
// options a side) gain nothing at a bound of 3 options or of day 2, and the
// census no more at 6 options than at 4.
const (
	shortLen = 4
	shortDay = 3
)

// short reports whether opts (one side) has at most shortLen options, each
// an immediate number-up-star or a record born by shortDay.
func (c *Calc) short(opts []gid) bool {
	if len(opts) > shortLen {
		return false
	}
	for _, o := range opts {
		if o.isRec() && c.rec(o).birthday > shortDay {
			return false
		}
	}
	return true
}

// finish returns the game of canonical options left and right.
func (c *Calc) finish(left, right []gid) gid {
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

// sortUnique sorts s and drops repeats, in place (option lists are short:
// an insertion sort).
func sortUnique(s []gid) []gid {
	if len(s) < 2 {
		return s
	}
	return sortUnique2(s)
}

// sortUnique2 is sortUnique on two or more ids (sortUnique is small
// enough to inline).
func sortUnique2(s []gid) []gid {
	if len(s) == 2 {
		switch {
		case s[0] < s[1]:
		case s[0] == s[1]:
			return s[:1]
		default:
			s[0], s[1] = s[1], s[0]
		}
		return s
	}
	if len(s) > 24 {
		slices.Sort(s)
		return slices.Compact(s)
	}
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	n := 1
	for i := 1; i < len(s); i++ {
		if s[i] != s[n-1] {
			s[n] = s[i]
			n++
		}
	}
	return s[:n]
}

// undominated removes the options of side that another option of side
// dominates (for Left, a ≤ b drops a), comparing each pair of live options
// at most once each way: a dropped option need not be tried against the
// rest, since what it dominates its dominator does too (the options are
// distinct, so ≤ between them is strict). It keeps the order of opts.
func (c *Calc) undominated(opts []gid, side Side) []gid {
	if len(opts) < 2 {
		return opts
	}
	return c.undominatedSince(opts, side, nil)
}

// undominatedSince is undominated where old (sorted) is a list already
// undominated: two options that are both in old are not compared again,
// since neither dominates the other.
func (c *Calc) undominatedSince(opts []gid, side Side, old []gid) []gid {
	n := len(opts)
	if n < 2 {
		return opts
	}
	if n == 2 && len(old) < 2 {
		// the loop below on one pair, without its bit sets
		c.step()
		a, b := opts[1], opts[0]
		if side == Right {
			a, b = b, a
		}
		switch ab, ba := c.leqBoth(a, b); {
		case ab:
			return opts[:1]
		case ba:
			return opts[1:]
		}
		return opts
	}
	// bit sets of the dead options and of those in old
	var deadS, wasS [1]uint64
	dead, was := deadS[:], wasS[:]
	if n > 64 {
		dead, was = make([]uint64, (n+63)/64), make([]uint64, (n+63)/64)
	}
	if len(old) > 1 {
		for i, o := range opts {
			if _, ok := slices.BinarySearch(old, o); ok {
				was[i>>6] |= 1 << (i & 63)
			}
		}
	}
	// For Left the lower of two options is dominated, for Right the higher:
	// the pair is swapped for Right, so a ≤ b kills opts[i] and b ≤ a opts[j].
	for i := 1; i < n; i++ {
		iw, ib := i>>6, uint64(1)<<(i&63)
		wi := was[iw]&ib != 0
		for j := 0; j < i && dead[iw]&ib == 0; j++ {
			c.step() // n² comparisons of number-up-stars count no work of their own
			jw, jb := j>>6, uint64(1)<<(j&63)
			if dead[jw]&jb != 0 || wi && was[jw]&jb != 0 {
				continue
			}
			a, b := opts[i], opts[j]
			if side == Right {
				a, b = b, a
			}
			switch ab, ba := c.leqBoth(a, b); {
			case ab:
				dead[iw] |= ib
			case ba:
				dead[jw] |= jb
			}
		}
	}
	out := opts[:0]
	for i, o := range opts {
		if dead[i>>6]>>(i&63)&1 == 0 {
			out = append(out, o)
		}
	}
	return out
}

// bypass replaces each reversible option of side by the options it reverses
// through: a Left option a with some a^R ≤ G is replaced by the Left options
// of that a^R (and the mirror image for Right). At the first reversal the
// list is copied to the top of c's stack, where it changes in place: a
// reversed option is swapped out for the last, the new ones are appended
// (each list is sorted again after); construct pops it.
func (c *Calc) bypass(left, right []gid, side Side) ([]gid, bool) {
	opts := left
	if side == Right {
		opts = right
	}
	start := -1 // where the list is on the stack, once copied
	// a record's options are read in place, an immediate's in a local
	// buffer, off the stack
	var buf [2]gid
	for i := 0; i < len(opts); {
		c.step()
		top := len(c.stk)
		var rev gid
		found := false
		var ars []gid
		switch o := opts[i]; {
		case !o.isNUS():
			ars = c.opts(o, side.Other())
		case o.isRec():
			ars = c.options(o, side.Other())
		default:
			if n, ok := immOpts(o, side.Other(), &buf); ok {
				ars = buf[:n]
			} else {
				ars = c.options(o, side.Other())
			}
		}
		for _, ar := range ars {
			// leVirtual's (geVirtual's) first test written out: ar ≤ G
			// unless some G^R ≤ ar (G ≤ ar unless some G^L ≥ ar); the
			// rest only when it passes and ar has options toward G
			c.step()
			r := true
			if side == Left {
				for _, x := range right {
					if (x|ar)&immMask0 == 0 { // leq's first case, inline
						if d := int64(int32(x)) - int64(int32(ar)); d < 0 || d == 0 && immUpNimLeq(x, ar) {
							r = false
							break
						}
					} else if c.leq(x, ar) {
						r = false
						break
					}
				}
				if r && !immIntNoOpts(ar, Left) {
					r = c.leVirtualRest(ar, opts, right)
				}
			} else {
				for _, x := range left {
					if (x|ar)&immMask0 == 0 {
						if d := int64(int32(ar)) - int64(int32(x)); d < 0 || d == 0 && immUpNimLeq(ar, x) {
							r = false
							break
						}
					} else if c.leq(ar, x) {
						r = false
						break
					}
				}
				if r && !immIntNoOpts(ar, Right) {
					r = c.geVirtualRest(ar, left, opts)
				}
			}
			if r {
				rev, found = ar, true
				break
			}
		}
		if len(c.stk) != top { // options made on demand
			c.stk = c.stk[:top]
		}
		if !found {
			i++
			continue
		}
		if start < 0 {
			// copied by hand: memmove's call costs more on a few ids
			start = len(c.stk)
			if cap(c.stk)-start < len(opts) {
				c.stk = slices.Grow(c.stk, len(opts))
			}
			c.stk = c.stk[:start+len(opts)]
			for k, o := range opts {
				c.stk[start+k] = o
			}
			top = len(c.stk)
		}
		// the option goes (the last takes its place), and rev's options of
		// side come in, once each: read from above the list (or from the
		// store) and written at its end, never ahead of the reading
		j := start + i
		end := top - 1
		c.stk[j] = c.stk[end]
		var in []gid
		switch {
		case !rev.isNUS():
			in = c.opts(rev, side)
		case immIntNoOpts(rev, side): // 0, say: nothing comes in
		case rev.isRec():
			in = c.options(rev, side)
		default:
			if n, ok := immOpts(rev, side, &buf); ok {
				in = buf[:n]
			} else {
				in = c.options(rev, side)
			}
		}
		for _, o := range in {
			c.step()
			if !slices.Contains(c.stk[start:end], o) {
				if end < len(c.stk) {
					c.stk[end] = o
				} else {
					c.stk = append(c.stk, o)
				}
				end++
			}
		}
		c.stk = c.stk[:end]
		opts = c.stk[start:end:end]
	}
	return opts, start >= 0
}

// leVirtual reports x ≤ G for G = { left | right }, a game not yet made:
// x ≤ G unless some G^R ≤ x or some x^L ≥ G. The answers are memoized for
// the one construction (bypassing and removing options keeps G's value).
// (Bounds on G's stops from its options' decide a third of these
// comparisons, but computing them cost more than they saved.)
func (c *Calc) leVirtual(x gid, left, right []gid) bool {
	c.step()

	for _, r := range right {
		if c.leq(r, x) {
			return false
		}
	}
	return c.leVirtualRest(x, left, right)
}

// leVirtualRest is leVirtual past its test of G's Right options.
func (c *Calc) leVirtualRest(x gid, left, right []gid) bool {
	if x>>expShift == 0 {
		// an immediate integer n > 0 has the one Left option n-1, and
		// G ≤ n-1 fails exactly when some G^L ≥ n-1 (n-1 has no Right
		// option); n ≤ 0 has no Left option
		n := int32(x)
		if n <= 0 {
			return true
		}
		n1 := gid(uint32(n - 1))
		for _, l := range left {
			if c.leq(n1, l) {
				return true
			}
		}
		return false
	}
	if x.isNumber() {
		if x, k, m, _ := c.nus(x); k == 0 && m == 0 && x.IsInteger() {
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
	}
	if v, ok := c.vget(x, false); ok {
		return v
	}
	v := true
	mark := len(c.stk)
	for _, xl := range c.options(x, Left) {
		if c.geVirtual(xl, left, right) {
			v = false
			break
		}
	}
	c.stk = c.stk[:mark]
	c.vput(x, false, v)
	return v
}

// geVirtual reports G ≤ x for G = { left | right }: unless some G^L ≥ x or
// some x^R ≤ G.
func (c *Calc) geVirtual(x gid, left, right []gid) bool {
	c.step()

	for _, l := range left {
		if c.leq(x, l) {
			return false
		}
	}
	return c.geVirtualRest(x, left, right)
}

// geVirtualRest is geVirtual past its test of G's Left options.
func (c *Calc) geVirtualRest(x gid, left, right []gid) bool {
	if x>>expShift == 0 { // an immediate integer: the mirror image
		n := int32(x)
		if n >= 0 {
			return true
		}
		n1 := gid(uint32(n + 1))
		for _, r := range right {
			if c.leq(r, n1) {
				return true
			}
		}
		return false
	}
	if x.isNumber() {
		if x, k, m, _ := c.nus(x); k == 0 && m == 0 && x.IsInteger() {
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
	}
	if v, ok := c.vget(x, true); ok {
		return v
	}
	v := true
	mark := len(c.stk)
	for _, xr := range c.options(x, Right) {
		if c.leVirtual(xr, left, right) {
			v = false
			break
		}
	}
	c.stk = c.stk[:mark]
	c.vput(x, true, v)
	return v
}

// vslot is an entry of the memo of comparisons with the game under
// construction: an open-addressing table kept by the Calc and cleared in
// O(1) by a new generation, so a construction allocates nothing.
type vslot struct {
	x   gid
	gen uint32
	geq bool
	v   bool
}

func vhash(x gid, geq bool, shift uint) uint64 {
	h := uint64(x) * 0x9e3779b97f4a7c15
	if geq {
		h ^= 0x5bd1e9955bd1e995
	}
	return (h * 0xff51afd7ed558ccd) >> shift
}

func (c *Calc) vshift() uint { return uint(64 - bits.Len(uint(len(c.vtab)-1))) }

func (c *Calc) vget(x gid, geq bool) (bool, bool) {
	if c.vn == 0 {
		return false, false
	}
	mask := uint64(len(c.vtab) - 1)
	for j := vhash(x, geq, c.vshift()); ; j = (j + 1) & mask {
		e := &c.vtab[j]
		if e.gen != c.vgen {
			return false, false
		}
		if e.x == x && e.geq == geq {
			return e.v, true
		}
	}
}

func (c *Calc) vput(x gid, geq bool, v bool) {
	if 2*(c.vn+1) > len(c.vtab) {
		c.vgrow()
	}
	mask := uint64(len(c.vtab) - 1)
	j := vhash(x, geq, c.vshift())
	for c.vtab[j].gen == c.vgen {
		j = (j + 1) & mask
	}
	c.vtab[j] = vslot{x: x, gen: c.vgen, geq: geq, v: v}
	c.vn++
}

// vgrow doubles the memo, keeping this generation's entries.
func (c *Calc) vgrow() {
	old := c.vtab
	c.vtab = make([]vslot, max(64, 2*len(old)))
	gen := c.vgen
	c.vn = 0
	for _, e := range old {
		if e.gen == gen {
			c.vput(e.x, e.geq, e.v)
		}
	}
}

// vreset starts a new construction: the memo empty.
func (c *Calc) vreset() {
	c.vgen++
	if c.vgen == 0 { // wrapped: old entries could look current
		clear(c.vtab)
		c.vgen = 1
	}
	c.vn = 0
}

// recognize returns the number-up-star whose canonical form is
// { left | right }, when it is one (the forms of nusOptions, read back).
func (c *Calc) recognize(left, right []gid) (gid, bool) {
	nl, nr := len(left), len(right)
	switch {
	case nl == 0 || nr == 0:
		return c.recognizeInteger(left, right)
	case !c.isNUS(left[0]) || !c.isNUS(right[0]):
		return 0, false
	case nl == 1 && nr == 1:
		return c.recognizeSingles(left[0], right[0])
	case nl == 2 && nr == 1 || nl == 1 && nr == 2:
		return c.recognizeUpStar(left, right)
	}
	return c.recognizeNimber(left, right)
}

// recognizeInteger: {|} = 0, {n|} = n+1, {|n} = n-1.
func (c *Calc) recognizeInteger(left, right []gid) (gid, bool) {
	switch {
	case len(left) == 0 && len(right) == 0:
		return 0, true
	case len(left) == 0 && len(right) == 1 && c.isNumber(right[0]):
		return c.s.numberID(c, c.number(right[0]).Sub(Int(1))), true
	case len(right) == 0 && len(left) == 1 && c.isNumber(left[0]):
		return c.s.numberID(c, c.number(left[0]).Add(Int(1))), true
	}
	return 0, false
}

// recognizeSingles: {x|y} = (x+y)/2 for numbers x < y, {x|x} = x*, and
// {x | x + j↑ + *n} = x + (j+1)↑ + *(n⊕1) for j ≥ 0 (and the mirror image).
func (c *Calc) recognizeSingles(l, r gid) (gid, bool) {
	if (l|r)&recBit == 0 {
		if id, ok, done := recognizeImm(l, r); done {
			return id, ok
		}
	}
	return c.recognizeSinglesDyadic(l, r)
}

// recognizeSinglesDyadic is recognizeSingles on the parts as Dyadics.
func (c *Calc) recognizeSinglesDyadic(l, r gid) (gid, bool) {
	x, k, m, _ := c.nus(l)
	y, j, n, _ := c.nus(r)
	lnum, rnum := k == 0 && m == 0, j == 0 && n == 0
	switch {
	case lnum && rnum && x.Less(y):
		return c.s.numberID(c, x.Add(y).Shift(-1)), true
	case lnum && rnum && x.Equal(y):
		return c.s.nusID(c, x, 0, 1), true
	case lnum && !rnum && x.Equal(y) && j >= 0:
		return c.s.nusID(c, x, j+1, n^1), true
	case rnum && !lnum && x.Equal(y) && k <= 0:
		return c.s.nusID(c, x, k-1, m^1), true
	}
	return 0, false
}

// recognizeImm is recognizeSingles on two immediates, on their bits (done =
// false: an answer that is not immediate, or exponents too far apart).
func recognizeImm(l, r gid) (id gid, ok, done bool) {
	lnum, rnum := l&(upField|nimField) == 0, r&(upField|nimField) == 0
	if !lnum && !rnum {
		return 0, false, true
	}
	d, cmpOK := immNumCmp(l, r)
	if !cmpOK {
		return 0, false, false
	}
	switch {
	case lnum && rnum && d < 0: // (x+y)/2
		if sum, ok := immAdd(l, r); ok && immExp(sum) < expMask {
			return immNumID(int64(immNum(sum)), immExp(sum)+1), true, true
		}
		return 0, false, false
	case lnum && rnum && d == 0: // x*
		return l | 1<<nimShift, true, true
	case lnum && d == 0 && immUp(r) >= 0:
		if j := immUp(r); j < maxImmUp {
			return immWith(l, j+1, immNim(r)^1), true, true
		}
		return 0, false, false
	case rnum && d == 0 && immUp(l) <= 0:
		if k := immUp(l); k > -maxImmUp {
			return immWith(r, k-1, immNim(l)^1), true, true
		}
		return 0, false, false
	}
	return 0, false, true
}

// recognizeUpStar: x↑* = {x, x* | x} and x↓* = {x | x, x*}.
func (c *Calc) recognizeUpStar(left, right []gid) (gid, bool) {
	pair, one, up := left, right[0], int64(1)
	if len(left) == 1 {
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

// recognizeNimber: x + *n = {x, x*, …, x*(n-1) | the same}.
func (c *Calc) recognizeNimber(left, right []gid) (gid, bool) {
	nl := len(left)
	if nl != len(right) || !slices.Equal(left, right) {
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

// intern returns the record with these canonical options, sorted and
// without repeats, making it if new.
func (c *Calc) intern(left, right []gid) gid {
	h := hashOptions(left, right)
	if id, ok := c.lookup(h, left, right); ok {
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
	id := c.s.newRec(c, h, left, right, 0)
	r := c.rec(id)
	r.birthday, r.ls, r.rs = b, ls, rs
	return id
}
