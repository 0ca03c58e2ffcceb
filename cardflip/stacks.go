package cardflip

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Stacks is our table-only strategy: the seed's divide and conquer with
// the building blocks of cardflip-beyond.md. See doc.go for the layout.
func Stacks() Strategy {
	return newStacks("stacks", stacksParams{plain: 0.35, pre: 0.65, preLarge: 0.5, preCut: 16,
		base: 4, tables: true, hidden: true, slotSizes: []int{7, 30, 60, 90}, preSlots: true})
}

type stacksParams struct {
	plain, pre float64 // fraction of a segment's other cards in its right part
	// preLarge replaces pre for pre-split segments of at least preCut cards.
	preLarge float64
	preCut   int
	base     int  // plain segments of at most base cards are not split
	tables   bool // play base segments of 3 and 4 cards by the optimal tables (else front to back)
	hidden   bool // minimum searches keep the next-but-one card in a hidden slot
	// slotSizes[j] is the least segment size with j+2 hidden slots
	// (a+2 at lo, a+3 at lo+1, …); smaller segments have one.
	slotSizes []int
	preSlots  bool // pre-split searches park the left child's first cards
	// comb: right parts of at least combMin cards are played through the
	// finished left part's comb (combLook).
	comb    bool
	combMin int
	// rightOf[S], when set, is the right part of a plain segment of S cards;
	// wholeRight[S], when set, replaces it for a whole game of S cards.
	rightOf, wholeRight []int
	// plainLarge replaces plain for plain segments of at least plainCut cards.
	plainLarge float64
	plainCut   int
	// whole: tables (as in optimalTables) for whole games of more than
	// base cards, played when the row has that many cards.
	whole map[int][]string
	// sorted: a right part that will be combed is filed in rough value
	// order instead of two stacks (Ordered).
	sorted bool
	// skew, when set, files the cards of right parts of at least
	// skew.minR cards past their expected rank (Skewed).
	skew *skew

	// chainFront: a chain at the end of an unsplit segment is set aside
	// even when other cards of the segment are face up (put at its front
	// by the table of the rest).
	chainFront bool
}

type stacks struct {
	info Info
	p    stacksParams
	// right[pre][S] is the size of the right part of a segment of S cards.
	tables map[int]*baseTable
}

func newStacks(name string, p stacksParams) *stacks {
	st := &stacks{
		info: Info{Name: name, Model: TableOnly,
			Summary: "divide and conquer with flip on sight, pivot chains, two stacks, hidden slot, optimal small cases"},
		p:      p,
		tables: map[int]*baseTable{},
	}
	for m, rows := range p.whole {
		tb, err := parseTable(m, rows)
		if err != nil {
			panic(err)
		}
		st.tables[m] = tb
	}
	if p.tables {
		for m, rows := range optimalTables {
			tb, err := parseTable(m, rows)
			if err != nil {
				panic(err)
			}
			st.tables[m] = tb
		}
	}
	return st
}

func (s *stacks) Info() Info            { return s.info }
func (s *stacks) NewPlayer(Seat) Player { return s }

// split returns the sizes of the left and right parts of a segment of S
// cards (S ≥ 2); pre is for segments filed in two stacks by their parent,
// whole for the whole row.
func (s *stacks) split(S int, pre, whole bool) (l, r int) {
	if S <= 1 {
		return 0, 0
	}
	f := s.p.plain
	if !pre && s.p.plainLarge > 0 && S >= s.p.plainCut {
		f = s.p.plainLarge
	}
	if pre {
		f = s.p.pre
		if s.p.preCut > 0 && S >= s.p.preCut {
			f = s.p.preLarge
		}
	}
	r = int(math.Floor(f*float64(S-1) + 0.5))
	if !pre && S < len(s.p.rightOf) && s.p.rightOf[S] > 0 {
		r = s.p.rightOf[S]
	}
	if whole && S < len(s.p.wholeRight) && s.p.wholeRight[S] > 0 {
		r = s.p.wholeRight[S]
	}
	r = max(1, min(r, S-1))
	return S - 1 - r, r
}

// slots is the number of hidden slots in a search of S cards.
func (s *stacks) slots(S int) int {
	n := 1
	for _, t := range s.p.slotSizes {
		if S >= t {
			n++
		}
	}
	return min(n, S-3)
}

// plan modes
const (
	stFTB    = 1 // put the card at Plan[2]−1, up if next
	stSplit  = 2 // split of the plain segment Plan[1..4] = lo, hi, a, piv
	stHidden = 3 // hidden-slot minimum search of segment Plan[1..3] = lo, hi, a
	stTable  = 4 // base table Plan[1] = lo, Plan[3] = local key, Plan[4] = a, Plan[5] = S
	// stPreHidden: search of a pre-split lower block Plan[1..2] = lo, end,
	// Plan[3] = a, Plan[4] = the left child's number of slots.
	stPreHidden = 5
	// stComb: a right part played through its left part's comb: Plan[1]
	// = 1 (turn up in place) or 2 (read its first card), Plan[2] = hi,
	// Plan[3] = aX, Plan[4] = a.
	stComb = 6
)

// find is the position of the face-up card x ≥ 1 if it lies in [lo, hi),
// else -1.
func find(v *View, x, lo, hi int) int {
	if i := v.Find(x); i >= lo && i < hi {
		return i
	}
	return -1
}

func (s *stacks) Look(t *Turn) int {
	if hi := t.View.Len(); hi > s.p.base && s.p.whole != nil {
		if tb := s.tables[hi]; tb != nil {
			if pos, ok := s.tableLook(t, tb, 0, hi, 0); ok {
				return pos
			}
		}
	}
	return s.lookSeg(t, 0, t.View.Len(), 0)
}

// lookSeg plays the segment [lo, hi) of numbers a+1..a+(hi−lo) as a
// plain segment (the whole row: lo = 0, a = 0).
func (s *stacks) lookSeg(t *Turn, lo, hi, a int) int {
	v := &t.View
	k := v.k
	pre := false
	p := &t.Plan
	for {
		S := hi - lo
		if S == 1 {
			p[0], p[2] = stFTB, hi
			return lo
		}
		if !pre && S <= s.p.base {
			// A chain a+1, a+2, … of cards turned up on sight at the
			// end, nothing else up: the rest is a fresh segment. With
			// chainFront, in a part of a larger game, the rest may
			// already be under way (the rest's table put its first card
			// up at its front); without it such a row reaches the table
			// of the whole segment, which never produced it (a look that
			// repeats forever when the left part has 5 cards).
			j := 0
			for j < S && v.cell(hi-1-j) == a+1+j {
				j++
			}
			if j > 0 && (k-a == j || s.p.chainFront && S < v.Len()) {
				hi, a = hi-j, a+j
				continue
			}
			if tb := s.tables[S]; tb != nil {
				if pos, ok := s.tableLook(t, tb, lo, hi, a); ok {
					return pos
				}
			}
			p[0], p[2] = stFTB, hi
			return firstDown(v, lo, hi)
		}
		l, r := s.split(S, pre, S == v.Len())
		if k == a && !pre && s.p.hidden {
			p[0], p[1], p[2], p[3] = stHidden, lo, hi, a
			return lo + s.slots(S)
		}
		if k == a && pre && s.p.preSlots && l > s.p.base && s.p.hidden {
			// Search the lower block for a+1, parking the left child's
			// minimum a+2 where the child's own search will read first,
			// and a+3, … in the child's slots.
			hc := s.slots(l)
			p[0], p[1], p[2], p[3], p[4] = stPreHidden, lo, lo+l+1, a, hc
			return lo + hc + 1
		}
		if k == a {
			e := hi
			if pre {
				e = lo + l + 1
			}
			p[0], p[2] = stFTB, e
			return lo
		}
		piv := find(v, a+1, lo, hi)
		// The split runs while the right region lacks cards and unread
		// cards remain at lo (a right part being combed also lacks
		// cards, but lo then holds a face-up card of the left part).
		if hi-1-piv < r && (k < a+1+l || !s.p.comb || v.cell(lo) == 0) {
			p[0], p[1], p[2], p[3], p[4] = stSplit, lo, hi, a, piv
			return lo
		}
		if k >= a+1+l {
			if s.p.comb && s.combable(l, r) {
				return s.combLook(t, lo, hi, a, a+1+l, piv)
			}
			lo, a, pre = piv+1, a+1+l, !pre
		} else {
			hi, a, pre = piv, a+1, false
		}
	}
}

// combable says that the right part of r cards is played through the
// comb of its finished left part of l cards: each card of the right part
// but its minimum gets a slot right after one card of the left part.
func (s *stacks) combable(l, r int) bool { return r >= s.p.combMin && r-1 <= l }

// combLook plays the right part (piv, hi) of values aX+1.., once the left
// part [lo, piv) (values a+2..aX) is finished: number v > aX+1 waits right
// after the face-up card v−aX+a; the next card is turned up from its slot,
// else the right part's first card is read (and filed, or turned up and
// put at the end of the part).
func (s *stacks) combLook(t *Turn, lo, hi, a, aX, piv int) int {
	v := &t.View
	p := &t.Plan
	n := v.k + 1
	p[0], p[2], p[3], p[4] = stComb, hi, aX, a
	if n > aX+1 {
		if c := v.Find(n-aX+a) + 1; v.cell(c) == 0 {
			p[1] = 1
			return c
		}
	}
	p[1] = 2
	return piv + 1
}

func (s *stacks) Place(t *Turn, pos, x int) Move {
	to, up := s.place(t, pos, x)
	return Move{Up: up, To: to}
}

// place is Place without the Move (the engine's fast loop calls it).
func (s *stacks) place(t *Turn, pos, x int) (to int, up bool) {
	p := &t.Plan
	next := x == t.k+1
	switch p[0] {
	case stFTB:
		return p[2] - 1, next
	case stHidden:
		if x == p[3]+1 {
			return p[2] - 1, true
		}
		if j := x - p[3] - 2; j >= 0 && j < s.slots(p[2]-p[1]) {
			return p[1] + j, false
		}
		return p[2] - 1, false
	case stPreHidden:
		lo, e, a, hc := p[1], p[2], p[3], p[4]
		switch {
		case x == a+1:
			return e - 1, true
		case x == a+2:
			return lo + hc, false
		case x >= a+3 && x < a+3+hc:
			return lo + x - a - 3, false
		}
		return e - 1, false
	case stComb:
		if p[1] == 1 {
			return pos, true
		}
		if next {
			return p[2] - 1, true
		}
		return t.View.Find(x-p[3]+p[4]) + 1, false
	case stTable:
		if mv, ok := s.tables[p[5]].place[placeKey(uint64(p[3]), x-p[4])]; ok {
			return p[1] + mv.To, mv.Up
		}
		return p[1] + p[5] - 1, next
	}
	v := &t.View
	lo, hi, a, piv := p[1], p[2], p[3], p[4]
	// While the split runs, [lo, piv) still holds unfiled cards, so the
	// sizes of the nested segments come from the numbers, not the positions.
	S := hi - lo
	for {
		l, r := s.split(S, false, S == v.Len())
		if x > a+1+l { // right part: two stacks
			if s.p.sorted && r >= 2 && s.p.comb && s.combable(l, r) {
				// In value order, roughly: of the q cards already right
				// of the pivot, about q·(x−aX−1)/(r−1) are smaller than x
				// (the other right cards are equally likely to have come
				// first), so x goes that far in, rounded. The comb then
				// reads the part nearly in order, and a card read is
				// often the next one (ordered.go).
				q := hi - 1 - piv
				if k := s.p.skew; k != nil && r >= k.minR {
					return piv + k.pos(x-a-2-l, q, r), false
				}
				return piv + (2*(x-a-2-l)*q+r-1)/(2*(r-1)), false
			}
			lr, _ := s.split(r, true, false)
			if x <= a+1+l+lr+1 {
				return piv, false
			}
			return hi - 1, false
		}
		// left part: the left child is the plain segment of l cards before piv.
		if l <= s.p.base {
			// Not split: stack the card before the chain turned up on sight.
			d := piv
			if t.k >= a+2 {
				d = find(v, t.k, lo, piv)
			}
			return d - 1, next
		}
		if t.k < a+2 {
			return piv - 1, next
		}
		S, hi, a = l, piv, a+1
		piv = find(v, a+1, lo, hi)
	}
}

// tableLook plays the base table tb on the segment [lo, hi) of numbers
// a+1..: ok is false for a row the table does not cover.
func (s *stacks) tableLook(t *Turn, tb *baseTable, lo, hi, a int) (int, bool) {
	v := &t.View
	S := hi - lo
	if v.k-a == S-1 { // one card left: look at it
		pos := firstDown(v, lo, hi)
		t.Plan[0], t.Plan[2] = stFTB, pos+1
		return pos, true
	}
	var key uint64
	for i := range S {
		if x := v.cell(lo + i); x != 0 {
			key |= uint64(x-a) << (4 * i)
		}
	}
	pos, ok := tb.look[key]
	if !ok {
		return 0, false
	}
	t.Plan[0], t.Plan[1], t.Plan[3], t.Plan[4], t.Plan[5] = stTable, lo, int(key), a, S
	return lo + pos, true
}

// Optimal table-only policies for 3 and 4 cards, as printed by
// `grundy cardflip optimal --m 3 --table` and `--m 4 --table` (tests check
// that they reach 25/6 and 73/12, the optima). Rows with one card face
// down are implicit: look at it and turn it up.
var optimalTables = map[int][]string{
	3: {
		"[· · ·] look 1: 1→up@0 2→down@0 3→down@2",
		"[1 · ·] look 1: 2→up@1 3→down@0",
		"[· 1 ·] look 2: 2→up@2",
	},
	4: {
		"[· · · ·] look 1: 1→up@0 2→down@3 3→down@0 4→down@2",
		"[1 · · ·] look 3: 2→up@0 3→down@0 4→down@2",
		"[· 1 · ·] look 2: 2→up@0 4→down@0",
		"[· · 1 ·] look 3: 2→up@0",
		"[2 1 · ·] look 2: 3→up@2 4→down@0",
		"[2 · 1 ·] look 1: 3→up@1",
		"[· 2 1 ·] look 3: 3→up@3",
		"[2 · · 1] look 2: 3→up@2",
	},
	5: {
		"[· · · · ·] look 2: 1→up@0 2→down@1 3→down@3 4→down@0 5→down@4",
		"[1 · · · ·] look 2: 2→up@0 3→down@3 4→down@1 5→down@0",
		"[· 1 · · ·] look 4: 2→up@0 3→down@3 4→down@0",
		"[· · 1 · ·] look 3: 2→up@0 3→down@0",
		"[· · · 1 ·] look 4: 2→up@0",
		"[2 1 · · ·] look 3: 3→up@0 4→down@2 5→down@0",
		"[2 · 1 · ·] look 4: 3→up@0 4→down@0",
		"[· 2 1 · ·] look 4: 3→up@0 4→down@0",
		"[2 · · 1 ·] look 4: 3→up@0",
		"[· 2 · 1 ·] look 4: 3→up@0",
		"[· · 2 1 ·] look 4: 3→up@0",
		"[2 · · · 1] look 1: 3→up@0",
		"[3 2 1 · ·] look 3: 4→up@3 5→down@0",
		"[3 2 · 1 ·] look 4: 4→up@4",
		"[3 · 2 1 ·] look 4: 4→up@4",
		"[· 3 2 1 ·] look 4: 4→up@4",
		"[3 2 · · 1] look 2: 4→up@2",
		"[3 · 2 · 1] look 1: 4→up@1",
		"[3 · · 2 1] look 1: 4→up@1",
	},
}

// baseTable is a small table policy in segment coordinates.
type baseTable struct {
	look  map[uint64]int
	place map[uint64]Move
}

// parseTable reads rows in the format of TablePolicy.Describe, a row of a
// table+turn strategy starting "turn N " (N ≥ 1: the key's bits 32 and up).
func parseTable(m int, rows []string) (*baseTable, error) {
	t := &baseTable{look: map[uint64]int{}, place: map[uint64]Move{}}
	for _, full := range rows {
		var key uint64
		row := full
		if rest, ok := strings.CutPrefix(row, "turn "); ok {
			ns, r, _ := strings.Cut(rest, " ")
			n, err := strconv.Atoi(ns)
			if err != nil || n < 1 || n > 1<<20 {
				return nil, fmt.Errorf("cardflip: table row %q: want turn N (N ≥ 1) before the row", full)
			}
			key, row = uint64(n)<<32, r
		}
		end := strings.Index(row, "]")
		if !strings.HasPrefix(row, "[") || end < 0 {
			return nil, fmt.Errorf("cardflip: table row %q: want [row] look P: …", full)
		}
		cells := strings.Fields(row[1:end])
		if len(cells) != m {
			return nil, fmt.Errorf("cardflip: table row %q has %d cells, want %d", full, len(cells), m)
		}
		for i, c := range cells {
			if c == "·" {
				continue
			}
			x, err := strconv.Atoi(c)
			if err != nil || x < 1 || x > m {
				return nil, fmt.Errorf("cardflip: table row %q: bad cell %q", full, c)
			}
			key |= uint64(x) << (4 * i)
		}
		var pos int
		rest := strings.TrimSpace(row[end+1:])
		head, acts, ok := strings.Cut(rest, ":")
		if _, err := fmt.Sscanf(head, "look %d", &pos); !ok || err != nil || pos < 0 || pos >= m {
			return nil, fmt.Errorf("cardflip: table row %q: want look P: …", full)
		}
		t.look[key] = pos
		for _, a := range strings.Fields(acts) {
			var x, to int
			var side string
			xs, r, ok1 := strings.Cut(a, "→")
			sd, ts, ok2 := strings.Cut(r, "@")
			ts, ords, hasOrder := strings.Cut(ts, "/")
			var err1, err2 error
			x, err1 = strconv.Atoi(xs)
			to, err2 = strconv.Atoi(ts)
			side = sd
			if !ok1 || !ok2 || err1 != nil || err2 != nil || (side != "up" && side != "down") || to < 0 || to >= m {
				return nil, fmt.Errorf("cardflip: table row %q: bad action %q", full, a)
			}
			mv := Move{Up: side == "up", To: to}
			if hasOrder {
				// A permutation of the cells, one digit a cell (Rearrange).
				if len(ords) != m {
					return nil, fmt.Errorf("cardflip: table row %q: bad order in %q", full, a)
				}
				mv.Order = make([]int, m)
				used := 0
				for j, c := range []byte(ords) {
					d := int(c) - '0'
					if d < 0 || d >= m || used>>d&1 != 0 {
						return nil, fmt.Errorf("cardflip: table row %q: bad order in %q", full, a)
					}
					used |= 1 << d
					mv.Order[j] = d
				}
			}
			t.place[placeKey(key, x)] = mv
		}
	}
	return t, nil
}
