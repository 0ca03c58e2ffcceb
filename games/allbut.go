package games

import (
	"fmt"
	"slices"
)

// AllBut is the subtraction game whose move sizes are all positive integers
// except a finite set E: a move removes s ∉ E tokens from one heap.
// Its nim-sequence is eventually arithmetic-periodic (A. N. Siegel, "Finite
// excluded subtraction sets and infinite geography", 2006); it is searched.
type AllBut struct {
	except []int // ascending, distinct, positive
}

// NewAllBut returns the all-but subtraction game excluding the given sizes.
func NewAllBut(except []int) (AllBut, error) {
	e := slices.Clone(except)
	slices.Sort(e)
	e = slices.Compact(e)
	if len(e) > 0 && e[0] <= 0 {
		return AllBut{}, fmt.Errorf("excluded size %d; sizes must be positive", e[0])
	}
	return AllBut{except: e}, nil
}

// Except returns the excluded sizes in ascending order.
func (g AllBut) Except() []int { return slices.Clone(g.except) }

// Moves yields n-s for s = 1, 2, …, n with s not excluded.
func (g AllBut) Moves(n int, yield func(int) bool) {
	j := 0
	for s := 1; s <= n; s++ {
		for j < len(g.except) && g.except[j] < s {
			j++
		}
		if j < len(g.except) && g.except[j] == s {
			continue
		}
		if !yield(n - s) {
			return
		}
	}
}

// Index memoizes heaps densely.
func (AllBut) Index(n int) (int, bool) { return n, n >= 0 && n < maxDenseHeap }

// IndexLimit bounds the dense memo.
func (AllBut) IndexLimit() int { return maxDenseHeap }
