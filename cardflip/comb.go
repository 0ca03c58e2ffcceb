package cardflip

import "math"

// Comb is stacks with one more building block, the comb: once the left
// part of a segment (numbers a+2..aX) is face up, its cards are labels. A
// right-part card v > aX+1 that is read is put face down right after the
// face-up card v−aX+a, so the row itself says which card lies there; when
// v becomes the next card it is turned up from that slot with one look.
// Every right-part card is thus read once and turned up once, the least
// one player with full memory needs, instead of a minimum search and a
// split of its own. The comb has l labels, so the split makes the right
// part as large as it can use (r ≤ l+1, half of the segment), tuned for
// small segments (combRight); segments of at most 5 cards are played by
// the optimal tables (161/20 for 5 cards).
func Comb() Strategy {
	s := newStacks("comb", combParams(combTables))
	s.info.Summary = "stacks, and a finished left part labels the slots of the right part's cards (a comb)"
	return s
}

// combParams are comb's settings with the whole-game tables whole (the
// table search of comb_tables_test.go starts from comb without them).
func combParams(whole map[int][]string) stacksParams {
	return stacksParams{plain: 0.5, pre: 0.65, preLarge: 0.5, preCut: 16,
		base: 5, tables: true, hidden: true, slotSizes: []int{7, 30, 60, 90}, preSlots: true,
		comb: true, combMin: 2, rightOf: combRight[:], wholeRight: combWholeRight[:], whole: whole, chainFront: true}
}

// combRight[S] is the right part of a plain segment of S cards where it
// differs from half (0: half), chosen by exact evaluation for S ≤ 9 and
// by 300000 seeded games for 10 ≤ S ≤ 33 (each S with the smaller ones
// fixed).
var combRight = [...]int{6: 2, 7: 2, 8: 1, 9: 2, 10: 3, 11: 4, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6, 17: 6,
	18: 6, 19: 7, 20: 8, 21: 9, 22: 10, 25: 10, 26: 10, 27: 12, 28: 12, 29: 12, 30: 13, 31: 14, 32: 15, 33: 0}

// combWholeRight[m] replaces combRight[m] in a whole game of m cards:
// a left part of 7 cards, which splits into parts small enough for the
// tables (chainFront), chosen by exact evaluation at
// m = 10 (20148463/907200 against 3369491/151200 with r = 3, which is
// stacks' game) and by 200000 seeded games at m = 11 (25.22 against
// 25.29). As parts of larger games these splits did worse (m = 100:
// 335.99 against 335.76 in the same 100000 games).
var combWholeRight = [...]int{10: 2, 11: 3}

// Ordered is comb whose split files the cards of a right part in rough
// value order (each as far from the pivot as its expected rank among the
// right cards already filed) instead of in two stacks. The comb reads a
// right part from its first card on; read in nearly increasing order, a
// card is the next one far more often (at m = 100, 47 of the 91 cards the
// comb reads against 24), and each such card saves the look that turns
// it up from its slot. Its right parts are larger (orderedRight) and its
// minimum searches keep fewer hidden slots (2 from 7 cards, 3 from 30).
func Ordered() Strategy {
	p := combParams(combTables)
	p.sorted = true
	p.rightOf = orderedRight[:]
	p.wholeRight = nil
	p.slotSizes = []int{7, 30}
	s := newStacks("ordered", p)
	s.info.Summary = "comb, with each right part filed in rough value order, so that the comb reads it nearly in order"
	return s
}

// orderedRight[S] is the right part of a plain segment of S cards where it
// differs from half (0: half): comb's for S ≤ 8 (whole games of 6 to 8
// cards are played by combTables), else chosen by TestOrderedRightSearch
// (exact evaluation for S = 9, 30000 seeded games for 10 ≤ S ≤ 40, each S
// with the smaller ones fixed, whole games of S cards).
var orderedRight = [...]int{6: 2, 7: 2, 8: 1, 9: 4, 10: 5, 11: 4, 12: 5, 13: 6, 14: 7, 15: 7, 16: 6, 17: 7,
	18: 7, 19: 9, 20: 9, 21: 10, 22: 11, 23: 9, 24: 9, 25: 11, 26: 13, 27: 13, 28: 13, 29: 14, 30: 15,
	31: 15, 32: 16, 33: 13, 34: 14, 35: 15, 36: 16, 37: 17, 38: 18, 39: 19, 40: 20}

// Skewed is ordered whose split files a right card of a large right part
// (at least 10 cards) past its expected rank, by about one standard
// deviation of that rank: of the q cards already right of the pivot, the
// number smaller than x is hypergeometric with mean q·u and variance
// about q·u(1−u) (u = (x−aX−1)/(r−1)), and x goes to
// ⌊q·u + 0.75 + (u − ½) + k·√(q·u(1−u))⌋, k = (0.95 + 0.4·ln(r/50))·(1 − 0.3·(q/(r−1) − ½)).
// The comb reads a card when it is next only if every smaller card lies
// before it; filing late trades a few such cards for many more (measured:
// at m = 100 the comb turns up 33 cards from slots instead of 44). With
// these right parts, half of a segment from 20 cards on is again the best
// split (orderedRight below 20). The constants were chosen by paired
// simulation at m = 100 and checked at m = 30 to 1000
// (docs/cardflip.md); right parts of fewer than 10 cards are filed as
// ordered files them, so Skewed and Ordered agree on every game of fewer
// than 20 cards.
func Skewed() Strategy {
	p := combParams(combTables)
	p.sorted = true
	p.rightOf = orderedRight[:20]
	p.wholeRight = nil
	p.slotSizes = []int{7, 30}
	p.skew = &skew{minR: 10, bias: 0.75, slope: 1, k: 0.95, kLog: 0.4, kFill: -0.3}
	s := newStacks("skewed", p)
	s.info.Summary = "ordered, with the cards of large right parts filed a standard deviation past their expected rank"
	return s
}

// skew is Skewed's filing rule (see Skewed).
type skew struct {
	minR                        int
	bias, slope, k, kLog, kFill float64
}

// pos is the place, counted from the pivot, of a right card with c
// smaller cards among the r−1 others of its part, q of them filed.
func (k *skew) pos(c, q, r int) int {
	// Every product is rounded by an explicit conversion: the Go spec lets
	// a compiler fuse x*y + z into one FMA (arm64, ppc64, s390x do), which
	// rounds once and could move f across an integer, so the same deal
	// would be played differently on another machine.
	u := float64(c) / float64(r-1)
	kk := float64((k.k + float64(k.kLog*math.Log(float64(r)/50))) * (1 + float64(k.kFill*(float64(q)/float64(r-1)-0.5))))
	f := float64(u*float64(q)) + k.bias + float64(k.slope*(u-0.5)) + float64(kk*math.Sqrt(float64(float64(q)*u)*(1-u)))
	return min(q, max(0, int(math.Floor(f))))
}
