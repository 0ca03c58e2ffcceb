package partizan

import "math/bits"

// Immediate number-up-stars on their bits: the hot paths of comparison,
// sum, negative and options never build a Dyadic for them. An immediate's
// numerator is at most 2^30 in size, so the options below (and the number
// parts) are immediates again.

// immNumID returns the immediate number n/2^e, reduced (|n| ≤ 2^30, e ≤ 63).
func immNumID(n int64, e uint32) gid {
	if n == 0 {
		return 0
	}
	if e > 0 {
		s := min(uint32(bits.TrailingZeros64(uint64(n))), e)
		n >>= s
		e -= s
	}
	return gid(uint32(int32(n))) | gid(e)<<expShift
}

// immWith returns the immediate with id's number part and k↑ + *m.
func immWith(id gid, k int64, m uint64) gid {
	return id&numField | gid(uint64(k)&(1<<upBits-1))<<upShift | gid(m)<<nimShift
}

// immNumCmp compares the number parts of two immediates, when their
// exponents are close enough to align them in an int64 (ok = false: use
// Dyadic.Cmp).
func immNumCmp(a, b gid) (int, bool) {
	na, nb := int64(immNum(a)), int64(immNum(b))
	ea, eb := immExp(a), immExp(b)
	switch {
	case ea == eb:
	case ea < eb && eb-ea <= 32:
		na <<= eb - ea
	case eb < ea && ea-eb <= 32:
		nb <<= ea - eb
	default:
		return 0, false
	}
	switch {
	case na < nb:
		return -1, true
	case na > nb:
		return 1, true
	}
	return 0, true
}

// immNeg returns -a.
func immNeg(a gid) gid {
	return immWith(immNumID(-int64(immNum(a)), immExp(a)), -immUp(a), immNim(a))
}

// immAdd returns a + b when the sum is immediate.
func immAdd(a, b gid) (gid, bool) {
	na, nb := int64(immNum(a)), int64(immNum(b))
	ea, eb := immExp(a), immExp(b)
	e := max(ea, eb)
	if e-min(ea, eb) > 32 {
		return 0, false
	}
	n := na<<(e-ea) + nb<<(e-eb)
	k := immUp(a) + immUp(b)
	if n > 1<<30 || n < -(1<<30) || k > maxImmUp || k < -maxImmUp {
		return 0, false
	}
	return immWith(immNumID(n, e), k, immNim(a)^immNim(b)), true
}

// immOptions pushes the canonical options of the immediate id for side on
// c's stack (the forms of nusOptions).
func (c *Calc) immOptions(id gid, side Side) {
	k, m := immUp(id), immNim(id)
	x := id & numField
	switch {
	case k == 0 && m == 0:
		n, e := int64(immNum(id)), immExp(id)
		switch {
		case e > 0 && side == Left:
			c.stk = append(c.stk, immNumID(n-1, e))
		case e > 0:
			c.stk = append(c.stk, immNumID(n+1, e))
		case n > 0 && side == Left:
			c.stk = append(c.stk, immNumID(n-1, 0))
		case n < 0 && side == Right:
			c.stk = append(c.stk, immNumID(n+1, 0))
		}
	case k == 0:
		c.checkMoves(int(m))
		for i := uint64(0); i < m; i++ {
			c.stk = append(c.stk, x|gid(i)<<nimShift)
		}
	case k == 1 && m == 1:
		c.stk = append(c.stk, x)
		if side == Left {
			c.stk = append(c.stk, x|1<<nimShift)
		}
	case k == -1 && m == 1:
		c.stk = append(c.stk, x)
		if side == Right {
			c.stk = append(c.stk, x|1<<nimShift)
		}
	case k > 0:
		if side == Left {
			c.stk = append(c.stk, x)
		} else {
			c.stk = append(c.stk, immWith(x, k-1, m^1))
		}
	default:
		if side == Left {
			c.stk = append(c.stk, immWith(x, k+1, m^1))
		} else {
			c.stk = append(c.stk, x)
		}
	}
}

// immOpts writes the canonical options of the immediate id for side to buf
// and returns their count: every immediate but x + *m with m ≥ 2 has at
// most two (ok = false for those).
func immOpts(id gid, side Side, buf *[2]gid) (int, bool) {
	k, m := immUp(id), immNim(id)
	x := id & numField
	switch {
	case k == 0 && m == 0:
		n, e := int64(immNum(id)), immExp(id)
		switch {
		case e > 0 && side == Left:
			buf[0] = immNumID(n-1, e)
		case e > 0:
			buf[0] = immNumID(n+1, e)
		case n > 0 && side == Left:
			buf[0] = immNumID(n-1, 0)
		case n < 0 && side == Right:
			buf[0] = immNumID(n+1, 0)
		default:
			return 0, true
		}
		return 1, true
	case k == 0 && m == 1:
		buf[0] = x
		return 1, true
	case k == 0:
		return 0, false
	case k == 1 && m == 1:
		buf[0], buf[1] = x, x|1<<nimShift
		if side == Left {
			return 2, true
		}
		return 1, true
	case k == -1 && m == 1:
		buf[0], buf[1] = x, x|1<<nimShift
		if side == Right {
			return 2, true
		}
		return 1, true
	case k > 0:
		if side == Left {
			buf[0] = x
		} else {
			buf[0] = immWith(x, k-1, m^1)
		}
		return 1, true
	}
	if side == Left {
		buf[0] = immWith(x, k+1, m^1)
	} else {
		buf[0] = x
	}
	return 1, true
}

// immBirthday is nusBirthday of an immediate, on its bits (its numerator
// is odd when its exponent is not 0).
func immBirthday(id gid) uint64 {
	n, e := int64(immNum(id)), uint64(immExp(id))
	b := uint64(abs64(n))
	if e > 0 {
		b = b>>e + 1 + e
	}
	u, m := uint64(abs64(immUp(id))), immNim(id)
	switch {
	case u > 0 && m == 0:
		return b + u + 1
	case u&1 == 1 && m != 1:
		return b + u + (m ^ 1)
	}
	return b + u + m
}

// immMask0 is clear in two ids exactly when both are immediates of
// exponent 0 (integer number parts).
const immMask0 = recBit | expMask<<expShift

// immIntNoOpts reports whether id is an immediate integer with no option
// for side (n ≤ 0 for Left, n ≥ 0 for Right).
func immIntNoOpts(id gid, side Side) bool {
	return id>>expShift == 0 && (int32(id) <= 0 && side == Left || int32(id) >= 0 && side == Right)
}

// immLeqBoth is immLeq both ways, the number parts compared once.
func immLeqBoth(a, b gid) (ab, ba bool) {
	var d int
	if (a^b)&(expMask<<expShift) == 0 {
		d = int(int32(a)) - int(int32(b))
	} else if v, ok := immNumCmp(a, b); ok {
		d = v
	} else {
		d = immNumber(a).Cmp(immNumber(b))
	}
	if d != 0 {
		return d < 0, d > 0
	}
	return immLeq(a, b), immLeq(b, a)
}

// immLeq is nusLeq on two immediates (the common case of leq, kept apart
// from the records' lookups).
func immLeq(a, b gid) bool {
	var d int
	if (a^b)&(expMask<<expShift) == 0 {
		d = int(int32(a)) - int(int32(b))
	} else if v, ok := immNumCmp(a, b); ok {
		d = v
	} else {
		d = immNumber(a).Cmp(immNumber(b))
	}
	if d != 0 {
		return d < 0
	}
	return immUpNimLeq(a, b)
}

// immUpNimLeq is immLeq on two immediates of one number: k↑ + *m ≤ j↑ + *n.
// (Small enough to inline.)
func immUpNimLeq(a, b gid) bool {
	d, x := immUp(b)-immUp(a), (a^b)&nimField
	return d >= 2 || d == 1 && x != 1<<nimShift || d == 0 && x == 0
}
