package games

import (
	"fmt"
	"slices"

	"github.com/grundy/grundy/impartial"
)

// Subtraction is the subtraction game on one heap with a finite set S of
// positive move sizes: a move removes s ∈ S tokens (s ≤ heap).
type Subtraction struct {
	set []int        // ascending, distinct, positive
	per *periodCache // the period, found on first use beyond PeriodFrom
}

// NewSubtraction returns the subtraction game with the given move sizes, in
// any order and with repetitions allowed; every size must be positive.
func NewSubtraction(sizes []int) (Subtraction, error) {
	if len(sizes) == 0 {
		return Subtraction{}, fmt.Errorf("subtraction set is empty")
	}
	set := slices.Clone(sizes)
	slices.Sort(set)
	set = slices.Compact(set)
	if set[0] <= 0 {
		return Subtraction{}, fmt.Errorf("subtraction set has %d; sizes must be positive", set[0])
	}
	return Subtraction{set: set, per: &periodCache{}}, nil
}

// Set returns the move sizes in ascending order.
func (g Subtraction) Set() []int { return slices.Clone(g.set) }

// Moves yields n-s for each s ∈ S with s ≤ n, smallest s first.
func (g Subtraction) Moves(n int, yield func(int) bool) {
	for _, s := range g.set {
		if s > n || !yield(n-s) {
			return
		}
	}
}

// bash returns m when S = {1..m} (Bash's game), else 0.
func (g Subtraction) bash() int {
	if g.set[len(g.set)-1] == len(g.set) {
		return len(g.set)
	}
	return 0
}

// ClosedValue returns n mod (m+1) for Bash's game S = {1..m}. For other
// sets, heaps of at least PeriodFrom tokens take their value from the
// nim-sequence's period (see [Subtraction.Period]), found once on first use;
// smaller heaps are searched.
func (g Subtraction) ClosedValue(n int) (impartial.Nimber, bool) {
	if m := g.bash(); m > 0 && n >= 0 {
		return impartial.Nimber(n % (m + 1)), true
	}
	if n >= PeriodFrom {
		if pc := g.periodic(); pc != nil {
			return pc.value(n), true
		}
	}
	return 0, false
}

// MovesToValue lists the options of value v in Bash's game: from n, the
// heap n-s has value v exactly when s ≡ n - v (mod m+1), so s = (n-v) mod (m+1)
// if that is a legal size (1..m, at most n).
func (g Subtraction) MovesToValue(dst []int, n int, v impartial.Nimber) ([]int, bool) {
	m := g.bash()
	if m == 0 {
		if n < PeriodFrom || g.periodic() == nil {
			return dst, false
		}
		pc := g.periodic()
		for _, s := range g.set {
			if s <= n && pc.value(n-s) == v {
				dst = append(dst, n-s)
			}
		}
		return dst, true
	}
	if v > impartial.Nimber(m) {
		return dst, true
	}
	s := ((n-int(v))%(m+1) + (m + 1)) % (m + 1)
	if s >= 1 && s <= n {
		dst = append(dst, n-s)
	}
	return dst, true
}

// Index memoizes heaps densely: heap sizes are small integers.
func (g Subtraction) Index(n int) (int, bool) { return n, n >= 0 && n < maxDenseHeap }

// IndexLimit bounds the dense memo.
func (g Subtraction) IndexLimit() int { return maxDenseHeap }

// maxDenseHeap is the largest heap memoized in a slice rather than a map.
const maxDenseHeap = 1 << 28
