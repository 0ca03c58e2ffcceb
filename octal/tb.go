package octal

import (
	"context"
	"fmt"
	"slices"

	"github.com/grundy/grundy/impartial"
)

// tbRules is what the kernels need of a TBCode.
type tbRules struct {
	code      TBCode
	maxRemove int  // −1: unbounded
	maxHeaps  int  // −1: unbounded
	general   bool // the moves are not those of an octal or hexadecimal code (and Grundy's unequal splits)
	provable  bool // the Guy–Smith test applies: finite, bounded heaps, no modifier on two heaps or more
}

// NewTB returns the game of a take-and-break code. A code whose moves are
// those of an octal or hexadecimal code (at most three heaps, no modifier
// but "!" or "?" on two heaps, the same on every digit) is computed by the
// same kernels as octal codes, the sparse-space one included; Grundy's game
// 4!.0 among them. Any other code is computed by the plain kernel over its
// moves (every partition of the heap the code allows).
func NewTB(c TBCode) Game {
	r := &tbRules{code: c, maxRemove: c.MaxRemove(), maxHeaps: c.MaxHeaps()}
	r.provable = c.Period == 0 && r.maxHeaps >= 0 && !c.constrained()
	g, ok := octalLike(c)
	if !ok {
		r.general = true
		g = Game{}
	}
	g.tb = r
	return g
}

// octalLike returns the octal-kernel game of c, if c has one.
func octalLike(c TBCode) (Game, bool) {
	if c.Period > 0 || c.MaxHeaps() < 0 || c.MaxHeaps() > 3 {
		return Game{}, false
	}
	g := Game{}
	unequal := -1 // unknown, 0: equal splits allowed, 1: two heaps must differ
	for k, d := range c.Digits {
		if k > 0 {
			if _, ok := d.Allows(0); ok {
				g.takeAll = append(g.takeAll, k)
			}
			if _, ok := d.Allows(1); ok {
				g.one = append(g.one, k)
			}
		}
		if m, ok := d.Allows(2); ok {
			u := 0
			switch m {
			case AllUnequal, NotAllEqual: // the same for two heaps
				u = 1
			case AllEqual:
				return Game{}, false
			}
			if unequal >= 0 && u != unequal {
				return Game{}, false
			}
			unequal = u
			g.two = append(g.two, k)
		}
		if m, ok := d.Allows(3); ok {
			if m != Unconstrained {
				return Game{}, false
			}
			g.three = append(g.three, k)
		}
	}
	g.unequal = unequal == 1
	return g, true
}

// TB returns the take-and-break code of a game made by NewTB.
func (g Game) TB() (TBCode, bool) {
	if g.tb == nil {
		return TBCode{}, false
	}
	return g.tb.code, true
}

func (g Game) general() bool { return g.tb != nil && g.tb.general }

// options yields the moves of a heap of n tokens for a general code:
// k removed, then the heaps left by count, each partition once, largest
// heap first. parts is the caller's to keep.
func (r *tbRules) options(n int, yield func(k int, parts []int) bool) {
	r.moves(n, func(k int, parts []int) bool {
		var rev []int
		if len(parts) > 0 {
			rev = slices.Clone(parts)
			slices.Reverse(rev)
		}
		return yield(k, rev)
	})
}

// moves is the one walk over the moves of a heap of n tokens (options and
// the plain kernel, plainTB): k removed, then the heaps left, in
// non-decreasing order, in a buffer reused for the next move (nil when
// none is left). It stops when yield returns false.
func (r *tbRules) moves(n int, yield func(k int, parts []int) bool) {
	top := n
	if r.maxRemove >= 0 {
		top = min(n, r.maxRemove)
	}
	buf := make([]int, 0, 8)
	for k := 0; k <= top; k++ {
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
			if !partitions(m, h, c, buf[:0], func(parts []int) bool { return yield(k, parts) }) {
				return
			}
		}
	}
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

// tbWork is the largest number of partitions the plain kernel of a general
// code examines for one value before it checks the context again.
const tbWork = 1 << 16

// plainTB computes G(n) for a general code: the mex over every move of the
// XOR of the values of the heaps it leaves.
func (c *Computer) plainTB(ctx context.Context, n int) (uint32, int, error) {
	w := c.w
	stamp := w.stamp(n)
	mark := w.mark
	at := func(i int) uint32 { v, _ := c.val(i); return v }
	work := 0
	var err error
	c.g.tb.moves(n, func(_ int, parts []int) bool {
		x := uint32(0)
		for _, a := range parts {
			x ^= at(a)
		}
		mark[x] = stamp
		if len(parts) < 2 {
			return true // work counts the partitions into two or more heaps
		}
		if work++; work%tbWork == 0 {
			if err = ctx.Err(); err != nil {
				return false
			}
			if c.maxWork > 0 && c.tbWork+int64(work) > c.maxWork {
				err = &WorkError{Max: c.maxWork, Heap: n}
				return false
			}
		}
		return true
	})
	c.tbWork += int64(work)
	if err == nil && c.maxWork > 0 && c.tbWork > c.maxWork {
		err = &WorkError{Max: c.maxWork, Heap: n}
	}
	if err != nil {
		return 0, work, err
	}
	v := uint32(0)
	for mark[v] == stamp {
		v++
	}
	return v, work, nil
}

// WorkError reports a general take-and-break code whose moves are too many
// to list within the work limit (SetMaxWork): options examined.
type WorkError struct {
	Max  int64
	Heap int
}

func (e *WorkError) Error() string {
	return fmt.Sprintf("the moves of heap %d pass the work limit of %d options examined (a code that may leave many heaps has exponentially many moves)", e.Heap, e.Max)
}

// Unwrap makes a WorkError a position budget error (the options examined
// count as positions) for the CLI (exit 2) and the web (422).
func (e *WorkError) Unwrap() error {
	return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: e.Max}
}

// SetMaxWork bounds the options the plain kernel of a take-and-break code
// made by NewTB examines over a run (0: no bound): the partitions into two
// heaps or more of a general code, the pairs and triples of a code that
// leaves three heaps (whose plain kernel is cubic). Past it Extend fails
// with a *WorkError, the values before the heap that passed it kept.
// Octal and hexadecimal codes (New) are not affected.
func (c *Computer) SetMaxWork(n int64) { c.maxWork = n }
