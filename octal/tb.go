package octal

import (
	"context"
	"fmt"

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

// tbWork is the largest number of partitions the plain kernel of a general
// code examines for one value before it checks the work limit again (its
// context is checked by the walk's steps, tbPoll).
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
	walk := &tbWalk{check: func() bool {
		err = ctx.Err()
		return err == nil
	}}
	c.g.tb.moves(n, walk, func(_ int, parts []int) bool {
		x := uint32(0)
		for _, a := range parts {
			x ^= at(a)
		}
		mark[x] = stamp
		if len(parts) < 2 {
			return true // work counts the partitions into two or more heaps
		}
		if work++; work%tbWork == 0 {
			if c.maxWork > 0 && c.tbWork+int64(work) > c.maxWork {
				err = workError(c.maxWork, n)
				return false
			}
		}
		return true
	})
	c.tbWork += int64(work)
	if err == nil && c.maxWork > 0 && c.tbWork > c.maxWork {
		err = workError(c.maxWork, n)
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

// workError is the stop of a general take-and-break code whose moves are
// too many to list within the work limit (SetMaxWork) at heap n: a
// *impartial.BudgetError of LimitWork (options examined), so that the CLI
// (exit 2) and the web (422) treat it as every limit.
func workError(max int64, n int) error {
	return &impartial.BudgetError{Limit: impartial.LimitWork, Max: max,
		Words: fmt.Sprintf("the moves of heap %d pass the work limit of %d options examined (a code that may leave many heaps has exponentially many moves)", n, max)}
}

// SetMaxWork bounds the options the plain kernel of a take-and-break code
// made by NewTB examines over a run (0: no bound): the partitions into two
// heaps or more of a general code, the pairs and triples of a code that
// leaves three heaps (whose plain kernel is cubic). Past it Extend fails
// with a *impartial.BudgetError of LimitWork, the values before the heap that passed it kept.
// Octal and hexadecimal codes (New) are not affected.
func (c *Computer) SetMaxWork(n int64) { c.maxWork = n }
