package cardflip

// CombTurn, a strategy of the turn-number model that lost to comb, is kept
// here with its test (an experiment, not one of Strategies): docs/cardflip.md
// reports its figures.

import (
	"context"
	"testing"
)

// comb-turn under the turn-number model: every deal of m = 8 and 9
// played by the engine (an illegal action or a game that never ends is
// an error), seeded games up to 200 cards, Simulate within 4 standard
// errors of Exact at m = 9; below 8 cards it is comb. The table-only
// model is refused before the first game.
func TestCombTurnLegal(t *testing.T) {
	turn := Rules{Model: TurnNumber}
	for m := 1; m <= 7; m++ {
		if c, ct := exact(t, Comb(), m, Rules{}), exact(t, CombTurn(), m, turn); c.Cmp(ct) != 0 {
			t.Errorf("m=%d: comb-turn %s, comb %s", m, ct.RatString(), c.RatString())
		}
	}
	e8 := exact(t, CombTurn(), 8, turn)
	if e8.Cmp(SingleExpectation(8)) < 0 {
		t.Errorf("m=8: %s below the memory bound", e8.RatString())
	}
	e := f64(exact(t, CombTurn(), 9, turn))
	st := simulate(t, CombTurn(), 9, 20000, turn)
	if d := st.Mean() - e; d*d > 16*st.StdErr()*st.StdErr() {
		t.Errorf("m=9: simulated %.4f ± %.4f, exact %.4f", st.Mean(), st.StdErr(), e)
	}
	for _, m := range []int{10, 17, 33, 64, 100, 200} {
		simulate(t, CombTurn(), m, 300, turn)
		simulate(t, CombTurn(), m, 300, Rules{Model: TurnNumber, Variant: Rearrange, Players: 3})
	}
	if _, err := Simulate(context.Background(), CombTurn(), 20, 10, 1, Options{}); err == nil {
		t.Error("comb-turn played in the table-only model")
	}
}

// CombTurn is comb for the turn-number model (each player also knows the
// number of its turn). Turn t ≤ m knows that t−1 cards have been read, so
// the first m turns are one counted pass that reads every card once, with
// no search for the minimum first:
//
//   - the unread cards stay a block [t−1−c, m−c) (c: the cards turned up
//     and put at the far right), so turn t reads its first card;
//   - a card of the left block 2..L goes to the front, a card above L stays
//     where it was, 1 is turned up where it lies, and a card that is next
//     (2, 3, … after 1) is turned up and put at the far right.
//
// After the pass the row is [left block][larges read before 1][1][larges
// read after 1][2..j], every part known by counting: the left block
// j+1..L fills [0, L−j) and is played as a plain segment by comb. Then
// its cards are labels, as in comb: the next card n ≥ L+2 lies face down
// just left of the face-up card n−L+1 once it has been read; the unread
// cards are the one just left of 1 while it is face down, else the one
// just right of 1. A card read is turned up if next (L+1 to the far
// right, others before their label) or else put down before its label, so
// each card above L costs one more read and one turn-up, as in comb's
// right part. Labels 3..r+1 serve the r = m−L cards above L (2 is not a
// label: left of it may lie an unread card), so L ≥ (m+1)/2.
//
// It is not the best strategy of the turn-number model: comb, which
// ignores the turn number, is better (exact 76331/4480 ≈ 17.038 against
// 23291/1440 ≈ 16.174 at m = 8; 350.75 ± 0.04 against 335.76 ± 0.08 at
// m = 100, 100000 games, seed 1). The pass saves comb's search for 1 but
// leaves the left block unsplit, where comb's split already splits the
// left part's children (pivot chains), so the left block costs a whole
// comb game of its own. Hence it is not among Strategies.
func CombTurn() Strategy {
	return &combTurn{s: newStacks("comb", combParams(combTables))}
}

type combTurn struct{ s *stacks }

// combTurnMin is the least m played with the counted pass; smaller games
// are played as comb plays them (a table-only strategy is one of the
// turn-number model too).
const combTurnMin = 8

// Plan modes of combTurn (beside those of stacks).
const (
	ctPass  = 20 // the counted pass: Plan[1] = L
	ctRight = 21 // a card above L: Plan[1] = L, Plan[2] = 1 for a slot
)

func (c *combTurn) Info() Info {
	return Info{Name: "comb-turn", Model: TurnNumber,
		Summary: "comb whose first m turns are one counted pass (no search for 1)"}
}

func (c *combTurn) NewPlayer(Seat) Player { return c }

// left is L, the top of the left block, for m cards.
func (c *combTurn) left(m int) int { return (m + 2) / 2 }

func (c *combTurn) Look(t *Turn) int {
	m, k := t.Len(), t.k
	n, ok := t.Number()
	if !ok || m < combTurnMin {
		return c.s.Look(t)
	}
	L := c.left(m)
	p := &t.Plan
	if n <= m {
		p[0], p[1] = ctPass, L
		return n - 1 - max(0, k-1)
	}
	v := &t.View
	if k < L {
		j := 1
		if x := v.cell(m - 1); x >= 2 {
			j = x
		}
		return c.s.lookSeg(t, 0, L-j, j)
	}
	p[0], p[1] = ctRight, L
	if next := k + 1; next >= L+2 {
		if q := v.Find(next - L + 1); q > 0 && v.cell(q-1) == 0 {
			p[2] = 1
			return q - 1
		}
	}
	if q := v.Find(1); q > 0 && v.cell(q-1) == 0 {
		return q - 1
	} else {
		return q + 1
	}
}

func (c *combTurn) Place(t *Turn, pos, x int) Move {
	p := &t.Plan
	m, next := t.Len(), x == t.k+1
	switch p[0] {
	case ctPass:
		switch {
		case next && x == 1:
			return Move{Up: true, To: pos}
		case next:
			return Move{Up: true, To: m - 1}
		case x <= p[1]:
			return Move{To: 0}
		}
		return Move{To: pos}
	case ctRight:
		if p[2] == 1 {
			return Move{Up: true, To: pos}
		}
		L := p[1]
		if next && x == L+1 {
			return Move{Up: true, To: m - 1}
		}
		q := t.View.Find(x - L + 1)
		if q > pos {
			q--
		}
		return Move{Up: next, To: q}
	}
	return c.s.Place(t, pos, x)
}
