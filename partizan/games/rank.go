package games

import (
	"github.com/grundy/grundy/partizan"
)

// What an option is among its side's options (Move.Rank): the words of the
// canonical form theorem (Siegel, Combinatorial Game Theory, AMS 2013,
// II.2; Winning Ways ch. 2, "dominated and reversible options").
const (
	// RankBest marks an option no other option of the same side beats:
	// for Left, none is greater; for Right, none is less. Options of equal
	// value are each best when one is (the canonical form keeps one of
	// them), and options confused with each other are each best.
	RankBest = "best"
	// RankDominated marks an option another option of the same side
	// beats: a Left option G^L1 is dominated by G^L2 when G^L1 ≤ G^L2
	// (here G^L1 < G^L2, as equal values are each best), a Right option
	// G^R1 by G^R2 when G^R1 ≥ G^R2. The player never needs it: the
	// canonical form drops it.
	RankDominated = "dominated"
)

// rank marks side's options (every option of side from the position of
// value total, each with its value m.g) best or dominated, and reversible:
// a Left option G^L is reversible when its canonical form has a Right
// option G^LR ≤ G (Right's answer leaves Right at least as well off as G
// did; the canonical form replaces G^L by the Left options of G^LR), a
// Right option G^R when some G^RL ≥ G. Each distinct value is compared
// once: the options of one store are hash-consed, so equal values are one
// partizan.Game.
//
// The best values are the maximal elements for Left (minimal for Right)
// of the values' partial order, found in one pass that keeps the maximal
// values seen so far: a value no kept value beats replaces the kept
// values it beats. That is O(d·m) comparisons for d distinct values with
// m best ones, each under the session's budget.
func (s *session) rank(moves []Move, side partizan.Side, total partizan.Game) error {
	// beats reports a strictly better than b for side.
	beats := func(a, b partizan.Game) (bool, error) {
		if a == b {
			return false, nil
		}
		if side == partizan.Left {
			return s.c.Leq(b, a)
		}
		return s.c.Leq(a, b)
	}
	var distinct []partizan.Game
	seen := map[partizan.Game]bool{}
	for _, m := range moves {
		if !seen[m.g] {
			seen[m.g] = true
			distinct = append(distinct, m.g)
		}
	}
	var top []partizan.Game // Invariant: no value seen beats one of top.
	for _, v := range distinct {
		beaten := false
		for _, t := range top {
			b, err := beats(t, v)
			if err != nil {
				return err
			}
			if b {
				beaten = true
				break
			}
		}
		if beaten {
			continue
		}
		keep := top[:0]
		for _, t := range top {
			b, err := beats(v, t)
			if err != nil {
				return err
			}
			if !b {
				keep = append(keep, t)
			}
		}
		top = append(keep, v)
	}
	best := map[partizan.Game]bool{}
	for _, t := range top {
		best[t] = true
	}
	reversible := map[partizan.Game]bool{}
	for _, v := range distinct {
		r, err := s.reversible(v, side, total)
		if err != nil {
			return err
		}
		reversible[v] = r
	}
	for i := range moves {
		moves[i].Rank = RankDominated
		if best[moves[i].g] {
			moves[i].Rank = RankBest
		}
		moves[i].Reversible = reversible[moves[i].g]
	}
	return nil
}

// reversible reports whether side's option of value v (canonical) from a
// position of value g reverses: for Left, some Right option of v is ≤ g;
// for Right, some Left option of v is ≥ g.
func (s *session) reversible(v partizan.Game, side partizan.Side, g partizan.Game) (bool, error) {
	for o := range v.Options(side.Other()) {
		var r bool
		var err error
		if side == partizan.Left {
			r, err = s.c.Leq(o, g)
		} else {
			r, err = s.c.Leq(g, o)
		}
		if err != nil || r {
			return r, err
		}
	}
	return false, nil
}
