package coins

import "context"

// Turns calls yield with every set of coins, other than x itself, that a
// move whose rightmost turned coin is x turns over, each set ascending.
// Moves that turn x alone yield the empty set. The slice passed to yield is
// reused: copy it to keep it. Turns stops when yield returns false.
//
// The number of sets is the number of moves from a single head on x:
// O(x^(k−1)) for UpTo(k), O(x) for Twins, Ruler and Grunt, at most |S| for
// TwinsAt and Subtraction, at most 1 for Consecutive and One. Each set is
// written out, so a run of Ruler or Consecutive costs its length: the
// package's own paths enumerate runs by their ends (eachTurn).
func (g *Game) Turns(x int, yield func(others []int) bool) {
	var buf []int
	g.eachTurn(x, func(t turn) bool {
		if !t.run {
			return yield(t.others)
		}
		buf = t.appendOthers(buf[:0])
		return yield(buf)
	})
}

// turn is one move of a one-dimensional game whose rightmost coin is x,
// held without writing out a long run: besides x it turns the coins
// others (ascending) or, when run is set, the run lo..x−1. A move of Ruler
// or of Consecutive(k) turns a run that can be millions of coins long,
// and its size, its value and the position it leads to are all known
// from its two ends.
type turn struct {
	others []int // !run: the other coins, ascending (the enumerator's buffer)
	lo     int   // run: the first coin
	x      int   // the rightmost coin
	run    bool
}

// size is the number of coins the move turns besides x.
func (t turn) size() int {
	if t.run {
		return t.x - t.lo
	}
	return len(t.others)
}

// coin returns the i-th coin the move turns, ascending, for 0 ≤ i ≤
// size(): x is the last.
func (t turn) coin(i int) int {
	switch {
	case t.run:
		return t.lo + i
	case i == len(t.others):
		return t.x
	}
	return t.others[i]
}

// appendOthers appends the coins other than x, ascending.
func (t turn) appendOthers(dst []int) []int {
	if !t.run {
		return append(dst, t.others...)
	}
	for y := t.lo; y < t.x; y++ {
		dst = append(dst, y)
	}
	return dst
}

// coinsPaced returns every coin the move turns, ascending (x last), in a
// new slice, polling ctx by the coins written.
func (t turn) coinsPaced(ctx context.Context, pace *pacer) ([]int, error) {
	out := make([]int, 0, t.size()+1)
	if !t.run {
		return append(append(out, t.others...), t.x), nil
	}
	for lo := t.lo; lo < t.x; {
		hi := min(t.x, lo+pollWork)
		for y := lo; y < hi; y++ {
			out = append(out, y)
		}
		if err := pace.add(ctx, int64(hi-lo)); err != nil {
			return nil, err
		}
		lo = hi
	}
	return append(out, t.x), nil
}

// eachTurn calls yield with every move whose rightmost coin is x, in the
// order of Turns, without writing out runs; it stops when yield returns
// false. Enumerating a move costs O(1) besides its listed coins.
func (g *Game) eachTurn(x int, yield func(turn) bool) {
	if x < g.Start {
		return
	}
	buf := make([]int, 0, 4)
	list := func(others []int) bool { return yield(turn{others: others, x: x}) }
	switch g.kind {
	case kUpTo:
		// Subsets of [Start, x) of size 0..k−1, smallest first.
		for size := 0; size < g.k && size <= x-g.Start; size++ {
			if !combinations(g.Start, x, size, buf[:0], list) {
				return
			}
		}
	case kTwins:
		for y := g.Start; y < x; y++ {
			if !list(append(buf[:0], y)) {
				return
			}
		}
	case kDistance:
		for _, d := range g.set {
			y := x - d
			switch {
			case y >= g.Start:
				if !list(append(buf[:0], y)) {
					return
				}
			case y == 0 && g.virtual:
				if !list(buf[:0]) {
					return
				}
			}
		}
	case kConsecutive:
		if lo := x - g.k + 1; lo >= g.Start {
			yield(turn{run: true, lo: lo, x: x})
		}
	case kRuler:
		for lo := x; lo >= g.Start; lo-- {
			if !yield(turn{run: true, lo: lo, x: x}) {
				return
			}
		}
	case kGrunt:
		for y := 1; y < x-y; y++ {
			if !list(append(buf[:0], 0, y, x-y)) {
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

// turnCount returns the number of moves whose rightmost coin is x, as a
// float (UpTo's count of subsets overflows int64 far from the origin).
func (g *Game) turnCount(x int) float64 {
	if x < g.Start {
		return 0
	}
	n := float64(x - g.Start) // coins left of x
	switch g.kind {
	case kUpTo:
		total, c := 0.0, 1.0
		for s := 0; s < g.k && float64(s) <= n; s++ {
			total += c
			c = c * (n - float64(s)) / float64(s+1)
		}
		return total
	case kTwins:
		return n
	case kDistance:
		count := 0
		for _, d := range g.set {
			if y := x - d; y >= g.Start || y == 0 && g.virtual {
				count++
			}
		}
		return float64(count)
	case kConsecutive:
		if x-g.k+1 >= g.Start {
			return 1
		}
		return 0
	case kRuler:
		return n + 1
	case kGrunt:
		return float64((x - 1) / 2)
	}
	return n
}

// runXor returns the XOR of g over the coins lo..hi (0 when lo > hi), in
// O(1), for the rules whose moves turn runs:
//
//	ruler           g(i) = i & −i = gray(i) ⊕ gray(i−1), so the XOR telescopes
//	                to gray(hi) ⊕ gray(lo−1);
//	consecutive:k   g(i) = 1 iff k | i: the parity of the multiples of k in lo..hi.
//
// ok is false for other rules.
func (g *Game) runXor(lo, hi int) (v Nimber, ok bool) {
	if lo > hi {
		return 0, g.kind == kRuler || g.kind == kConsecutive
	}
	switch g.kind {
	case kRuler:
		return Nimber(gray(uint64(hi)) ^ gray(uint64(lo-1))), true
	case kConsecutive:
		return Nimber((hi/g.k - (lo-1)/g.k) & 1), true
	}
	return 0, false
}
