package octal

import (
	"math"
	"slices"
)

// The moves of a general take-and-break code (tb.go): the walk over every
// partition the code allows from a heap, with its count of work, and the
// check of one move.

// options yields the moves of a heap of n tokens for a general code:
// k removed, then the heaps left by count, each partition once, largest
// heap first. parts is the caller's to keep.
func (r *tbRules) options(n int, yield func(k int, parts []int) bool) {
	r.moves(n, nil, func(k int, parts []int) bool {
		var rev []int
		if len(parts) > 0 {
			rev = slices.Clone(parts)
			slices.Reverse(rev)
		}
		return yield(k, rev)
	})
}

// isMove reports whether removing k tokens may leave the heaps parts
// (each at least 1): what the walk (moves) would yield, checked directly.
func (r *tbRules) isMove(k int, parts []int) bool {
	if r.maxRemove >= 0 && k > r.maxRemove {
		return false
	}
	c, ok := r.code.Digit(k).Allows(len(parts))
	switch {
	case !ok:
		return false
	case len(parts) <= 1:
		return k > 0
	}
	sorted := slices.Sorted(slices.Values(parts))
	equal := sorted[0] == sorted[len(sorted)-1]
	switch c {
	case AllEqual:
		return equal
	case NotAllEqual:
		return !equal
	case AllUnequal:
		for i := 1; i < len(sorted); i++ {
			if sorted[i] == sorted[i-1] {
				return false
			}
		}
	}
	return true
}

// tbWalk counts the work of a walk over a heap's moves and checks, every
// tbPoll steps of it, whether to go on (plainTB: its context). A step is a
// number of tokens or of heaps tried, a divisor tried, or a part of a move
// built, so a check comes after a bounded amount of work however few of
// the partitions tried are moves (issue 45: a digit "=" on any number of
// heaps was tried for every count up to the heap, n² steps a heap without
// a check). The walk itself tries only counts that can give a move, but
// for a small bounded number per k.
type tbWalk struct {
	steps int64
	next  int64
	check func() bool // false stops the walk
}

// tbPoll is the number of steps between two checks of a walk: each is a
// few nanoseconds, so a check comes every few tens of microseconds.
const tbPoll = 1 << 14

// step counts units of work; false when the walk must stop.
func (w *tbWalk) step(units int) bool {
	if w == nil {
		return true
	}
	w.steps += int64(units)
	if w.check == nil || w.steps < w.next {
		return true
	}
	w.next = w.steps + tbPoll
	return w.check()
}

// moves is the one walk over the moves of a heap of n tokens (options and
// the plain kernel, plainTB): k removed, then the heaps left, in
// non-decreasing order, in a buffer reused for the next move (nil when
// none is left). It stops when yield returns false, or w's check.
func (r *tbRules) moves(n int, w *tbWalk, yield func(k int, parts []int) bool) {
	top := n
	if r.maxRemove >= 0 {
		top = min(n, r.maxRemove)
	}
	buf := make([]int, 0, 8)
	counted := func(k int) func(parts []int) bool {
		return func(parts []int) bool { return w.step(len(parts)) && yield(k, parts) }
	}
	for k := 0; k <= top; k++ {
		if !w.step(1) {
			return
		}
		d := r.code.Digit(k)
		if d.IsZero() {
			continue
		}
		m := n - k
		hmax := m
		if h := d.MaxHeaps(); h >= 0 {
			hmax = min(hmax, h)
		}
		for h := 0; h <= hmax; h++ {
			if !w.step(1) {
				return
			}
			c, ok := d.Allows(h)
			if !ok {
				continue
			}
			switch h {
			case 0:
				if m == 0 && k > 0 && !yield(k, nil) {
					return
				}
				continue
			case 1:
				if k > 0 && !yield(k, append(buf[:0], m)) {
					return
				}
				continue
			}
			if d.more && h >= len(d.heaps) {
				// The unbounded tail: every count from here on has c. Only
				// counts that can give a move are tried: divisors of m
				// for "=", counts h with 1 + 2 + … + h ≤ m for "!".
				switch c {
				case AllEqual:
					if !equalParts(m, h, hmax, w, buf[:0], counted(k)) {
						return
					}
					h = hmax
					continue
				case AllUnequal:
					hmax = min(hmax, maxDistinctParts(m))
					if h > hmax {
						continue
					}
				}
			}
			if !partitions(m, h, c, buf[:0], counted(k)) {
				return
			}
		}
	}
}

// maxDistinctParts returns the most pairwise unequal parts m splits into:
// the largest h with 1 + 2 + … + h ≤ m.
func maxDistinctParts(m int) int {
	h := int(math.Sqrt(float64(2 * m)))
	for h > 0 && h*(h+1)/2 > m {
		h--
	}
	for (h+1)*(h+2)/2 <= m {
		h++
	}
	return h
}

// equalParts yields the splits of m into h equal parts for every divisor
// h of m in [lo, hi], in increasing order of h: the divisors up to √m
// upwards, then their cofactors (w counts the divisions tried). It returns
// false if yield or w stopped it.
func equalParts(m, lo, hi int, w *tbWalk, buf []int, yield func(parts []int) bool) bool {
	split := func(h int) bool {
		if h < lo || h > hi {
			return true
		}
		buf = buf[:0]
		for range h {
			buf = append(buf, m/h)
		}
		return yield(buf)
	}
	r := 0
	for i := 1; i*i <= m; i++ {
		if !w.step(1) {
			return false
		}
		if r = i; m%i == 0 && !split(i) {
			return false
		}
	}
	for i := r; i >= 1; i-- {
		if !w.step(1) {
			return false
		}
		if m%i == 0 && i*i != m && !split(m/i) {
			return false
		}
	}
	return true
}

// partitions yields every partition of m into h ≥ 2 non-empty parts, in
// non-decreasing order, that satisfies c. It returns false if yield did.
func partitions(m, h int, c Constraint, buf []int, yield func(parts []int) bool) bool {
	if m < h {
		return true
	}
	switch c {
	case AllEqual:
		if m%h != 0 {
			return true
		}
		for range h {
			buf = append(buf, m/h)
		}
		return yield(buf)
	case AllUnequal:
		return distinctParts(m, h, 1, buf, yield)
	}
	return parts(m, h, 1, buf, func(p []int) bool {
		if c == NotAllEqual && p[0] == p[len(p)-1] {
			return true
		}
		return yield(p)
	})
}

// parts yields the non-decreasing partitions of m into h parts ≥ lo.
func parts(m, h, lo int, buf []int, yield func([]int) bool) bool {
	if h == 1 {
		if m < lo {
			return true
		}
		return yield(append(buf, m))
	}
	for a := lo; a*h <= m; a++ {
		if !parts(m-a, h-1, a, append(buf, a), yield) {
			return false
		}
	}
	return true
}

// distinctParts yields the strictly increasing partitions of m into h
// parts ≥ lo.
func distinctParts(m, h, lo int, buf []int, yield func([]int) bool) bool {
	if h == 1 {
		if m < lo {
			return true
		}
		return yield(append(buf, m))
	}
	// a, a+1, …, a+h−1 is the least sum with smallest part a.
	for a := lo; h*a+h*(h-1)/2 <= m; a++ {
		if !distinctParts(m-a, h-1, a+1, append(buf, a), yield) {
			return false
		}
	}
	return true
}
