package cardflip

import "math/big"

// Halving is the simplest strategy we know whose E[X]/m stays bounded
// (table-only, n = ∞, standard rules): it answers the seed's closing
// question (is O(m log m) optimal?) in the negative. It is comb's skeleton
// without its refinements, kept plain so that its cost has an exact
// recurrence and a worst case linear in m.
//
// A segment is a run of positions [lo, hi) known, by counting, to hold the
// numbers a+1..a+S, none of them face up at first. It is played in three
// phases, each a pure function of the row:
//
//  1. Search: look at lo; the card goes to hi−1, face up if it is a+1.
//     The cards cycle, so a+1 is found within S looks, (S+1)/2 on average.
//  2. Split, with the pivot a+1 at the end: look at lo; a card of the left
//     part a+2..a+1+L goes face down just left of the pivot, one of the
//     right part just right of it, until R cards lie right of the pivot
//     (R = ⌈(S−1)/2⌉, L = S−1−R). At most S−1 looks, R·S/(R+1) on
//     average (the last right card among S−1 in uniform order).
//  3. The left part [lo, pivot) is played as a segment of its own. Once
//     it is face up, its cards are labels, and the right part is played
//     through them (the comb): the next card n > aX+1 (aX = a+1+L) waits,
//     if it has been read, right after the label n−aX+a, and is turned up
//     from there; otherwise the first card right of the pivot is read and
//     turned up if it is next (and put at the segment's end), else put
//     face down right after its label. R ≤ L+1, so every right card but
//     the least has a label. This is the single player's two passes with
//     the row as memory: at most 2R−1 looks, 2R − H_R on average.
//
// Hence E[X] = T(m) with T(S) = (S+1)/2 + R·S/(R+1) + T(L) + 2R − H_R,
// T(0) = 0, T(1) = 1 (HalvingExpectation; less 1 at m = 2, where the
// split's look at 2 ends the game), and every game takes at most W(m)
// turns, W(S) = S + (S−1) + W(L) + 2R − 1 ≤ 3S + W(⌊(S−1)/2⌋) < 6m.
// Since every strategy needs 2m − H_m (one player with memory can play
// it), the optimum of table-only play is Θ(m), between 2m − H_m and
// T(m) ≈ 5m; comb, which adds flips on sight, hidden slots, chains of
// pivots and optimal small cases to the same skeleton, measures 3.76m at
// m = 10^5.
func Halving() Strategy {
	return &policy{
		info: Info{Name: "halving", Model: TableOnly,
			Summary: "find the minimum, split the rest in halves, the left half likewise, the right half through the left's comb (≤ 6m, ≈ 5m)"},
		look:  halvingLook,
		place: halvingPlace,
	}
}

// halvingSplit is the right part R and the left part L of a segment of S
// cards (S ≥ 2).
func halvingSplit(S int) (l, r int) {
	r = S / 2 // ⌈(S−1)/2⌉
	return S - 1 - r, r
}

// Plan: [0] phase (1 search, 2 split, 3 comb: turn up from a slot, 4 comb:
// read), [1] lo, [2] hi, [3] a, [4] the pivot, [5] aX.
const (
	hvSearch = 1 + iota
	hvSplit
	hvSlot
	hvRead
)

func halvingLook(t *Turn) int {
	v := &t.View
	lo, hi, a := 0, v.Len(), 0
	k := v.k
	p := &t.Plan
	for {
		S := hi - lo
		if k == a {
			p[0], p[1], p[2], p[3] = hvSearch, lo, hi, a
			return lo
		}
		l, r := halvingSplit(S)
		piv := v.Find(a + 1)
		// The split runs while the right part lacks cards and lo holds an
		// unread card (in the comb, cards leave the right part for their
		// slots, but lo is then a label, or the pivot when L = 0).
		if hi-1-piv < r && piv > lo && v.cell(lo) == 0 {
			p[0], p[1], p[2], p[3], p[4] = hvSplit, lo, hi, a, piv
			return lo
		}
		if k < a+1+l {
			hi, a = piv, a+1
			continue
		}
		// The comb: the left part a+2..aX is face up.
		aX := a + 1 + l
		p[1], p[2], p[3], p[4], p[5] = lo, hi, a, piv, aX
		if n := k + 1; n > aX+1 {
			if c := v.Find(n-aX+a) + 1; v.cell(c) == 0 {
				p[0] = hvSlot
				return c
			}
		}
		p[0] = hvRead
		return piv + 1
	}
}

func halvingPlace(t *Turn, pos, x int) Move {
	p := &t.Plan
	next := x == t.k+1
	switch p[0] {
	case hvSearch:
		return Move{Up: next, To: p[2] - 1}
	case hvSplit:
		// The pivot is right of lo: once the card at lo is out, it lies at
		// piv−1, so index piv−1 is just left of it and piv just right.
		if l, _ := halvingSplit(p[2] - p[1]); x > p[3]+1+l {
			return Move{To: p[4]}
		}
		return Move{To: p[4] - 1}
	case hvSlot:
		return Move{Up: true, To: pos}
	}
	if next {
		return Move{Up: true, To: p[2] - 1}
	}
	return Move{To: t.Find(x-p[5]+p[3]) + 1}
}

// HalvingExpectation is E[X] of Halving: the recurrence T(m) (see
// Halving), less 1 at m = 2. Only the segments of the left chain m, L(m),
// L(L(m)), … enter it.
func HalvingExpectation(m int) *big.Rat {
	if m == 2 {
		return rat(5, 2)
	}
	t := new(big.Rat)
	for S := m; S >= 1; {
		if S == 1 {
			t.Add(t, rat(1, 1))
			break
		}
		l, r := halvingSplit(S)
		t.Add(t, rat(int64(S+1), 2))
		t.Add(t, rat(int64(r*S), int64(r+1)))
		t.Add(t, rat(int64(2*r), 1))
		t.Sub(t, Harmonic(r))
		S = l
	}
	return t
}

// HalvingMean is HalvingExpectation in floating point, for m too large
// for exact harmonic numbers.
func HalvingMean(m int) float64 {
	if m == 2 {
		return 2.5
	}
	t := 0.0
	for S := m; S >= 1; {
		if S == 1 {
			t++
			break
		}
		l, r := halvingSplit(S)
		h := 0.0
		for i := r; i >= 1; i-- {
			h += 1 / float64(i)
		}
		t += float64(S+1)/2 + float64(r*S)/float64(r+1) + float64(2*r) - h
		S = l
	}
	return t
}

// HalvingWorst is the bound W(m) on every game of Halving: W(0) = 0,
// W(1) = 1, W(S) = S + (S−1) + W(L) + 2R − 1.
func HalvingWorst(m int) int {
	if m <= 1 {
		return m
	}
	l, r := halvingSplit(m)
	return m + (m - 1) + HalvingWorst(l) + 2*r - 1
}
