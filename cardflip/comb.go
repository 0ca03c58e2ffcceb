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
