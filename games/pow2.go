package games

import "github.com/grundy/grundy/impartial"

// PowerSubtraction is the subtraction game whose move sizes are the powers of
// two 1, 2, 4, 8, … (HDU 1847). No power of two is a multiple of 3 and every
// heap n ≢ 0 (mod 3) can move to a multiple of 3 (take 1 or 2), so
// G(n) = n mod 3.
type PowerSubtraction struct{}

// Moves yields n-1, n-2, n-4, … (smallest power first).
func (PowerSubtraction) Moves(n int, yield func(int) bool) {
	for s := 1; s > 0 && s <= n; s <<= 1 {
		if !yield(n - s) {
			return
		}
	}
}

// ClosedValue returns G(n) = n mod 3.
func (PowerSubtraction) ClosedValue(n int) (impartial.Nimber, bool) {
	if n < 0 {
		return 0, false
	}
	return impartial.Nimber(n % 3), true
}

// MovesToValue lists the options n - 2^k with (n - 2^k) mod 3 = v.
func (PowerSubtraction) MovesToValue(dst []int, n int, v impartial.Nimber) ([]int, bool) {
	for s := 1; s > 0 && s <= n; s <<= 1 {
		if impartial.Nimber((n-s)%3) == v {
			dst = append(dst, n-s)
		}
	}
	return dst, true
}

// Index memoizes heaps densely.
func (PowerSubtraction) Index(n int) (int, bool) { return n, n >= 0 && n < maxDenseHeap }

// IndexLimit bounds the dense memo.
func (PowerSubtraction) IndexLimit() int { return maxDenseHeap }
