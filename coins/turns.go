package coins

// Turns calls yield with every set of coins, other than x itself, that a
// move whose rightmost turned coin is x turns over, each set ascending.
// Moves that turn x alone yield the empty set. The slice passed to yield is
// reused: copy it to keep it. Turns stops when yield returns false.
//
// The number of sets is the number of moves from a single head on x:
// O(x^(k−1)) for UpTo(k), O(x) for Twins, Ruler and Grunt, at most |S| for
// TwinsAt and Subtraction, at most 1 for Consecutive and One.
func (g *Game) Turns(x int, yield func(others []int) bool) {
	if x < g.Start {
		return
	}
	buf := make([]int, 0, 4)
	switch g.kind {
	case kUpTo:
		// Subsets of [Start, x) of size 0..k−1, smallest first.
		for size := 0; size < g.k && size <= x-g.Start; size++ {
			if !combinations(g.Start, x, size, buf[:0], yield) {
				return
			}
		}
	case kTwins:
		for y := g.Start; y < x; y++ {
			if !yield(append(buf[:0], y)) {
				return
			}
		}
	case kDistance:
		for _, d := range g.set {
			y := x - d
			switch {
			case y >= g.Start:
				if !yield(append(buf[:0], y)) {
					return
				}
			case y == 0 && g.virtual:
				if !yield(buf[:0]) {
					return
				}
			}
		}
	case kConsecutive:
		if lo := x - g.k + 1; lo >= g.Start {
			for y := lo; y < x; y++ {
				buf = append(buf, y)
			}
			yield(buf)
		}
	case kRuler:
		for lo := x; lo >= g.Start; lo-- {
			buf = buf[:0]
			for y := lo; y < x; y++ {
				buf = append(buf, y)
			}
			if !yield(buf) {
				return
			}
		}
	case kGrunt:
		for y := 1; y < x-y; y++ {
			if !yield(append(buf[:0], 0, y, x-y)) {
				return
			}
		}
	}
}

// combinations yields every ascending size-element subset of [lo, hi),
// each appended to prefix.
func combinations(lo, hi, size int, prefix []int, yield func([]int) bool) bool {
	if size == 0 {
		return yield(prefix)
	}
	for y := lo; y <= hi-size; y++ {
		if !combinations(y+1, hi, size-1, append(prefix, y), yield) {
			return false
		}
	}
	return true
}
