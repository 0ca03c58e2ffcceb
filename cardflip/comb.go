package cardflip

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
	p := stacksParams{plain: 0.5, pre: 0.65, preLarge: 0.5, preCut: 16,
		base: 5, tables: true, hidden: true, slotSizes: []int{7, 30, 60, 90}, preSlots: true,
		comb: true, combMin: 2, rightOf: combRight[:], whole: combTables}
	s := newStacks("comb", p)
	s.info.Summary = "stacks, and a finished left part labels the slots of the right part's cards (a comb)"
	return s
}

// combRight[S] is the right part of a plain segment of S cards where it
// differs from half (0: half), chosen by exact evaluation for S ≤ 9 and
// by 300000 seeded games for 10 ≤ S ≤ 33 (each S with the smaller ones
// fixed).
var combRight = [...]int{6: 2, 7: 2, 8: 1, 9: 2, 10: 3, 11: 4, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6, 17: 6,
	18: 6, 19: 7, 20: 8, 21: 9, 22: 10, 25: 10, 26: 10, 27: 12, 28: 12, 29: 12, 30: 13, 31: 14, 32: 15, 33: 0}
