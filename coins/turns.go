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
	g.shape.eachTurn(x, yield)
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
	return g.shape.turnCount(x)
}

// runXor returns the XOR of g over the coins lo..hi (0 when lo > hi), in
// O(1), for the rules whose moves turn runs (Ruler, Consecutive: see their
// shapes); ok is false for other rules.
func (g *Game) runXor(lo, hi int) (v Nimber, ok bool) { return g.shape.runXor(lo, hi) }
