package bridge

import "fmt"

// MaxExhaustiveN is the largest n for which Exhaustive searches: its memo
// holds (2n+1)(4n+1)² values per start.
const MaxExhaustiveN = 64

// Exhaustive returns A's points when the player at 1-based position start
// leads, by minimax over the whole game tree: A maximizes, P minimizes. It is
// the oracle for Sequence. A position of the search is the number of players
// who have moved with the highest card played and the highest card kept so
// far (the rest of the history is irrelevant to the score), so the memoized
// search takes O(n³) time and space. It panics if start is not in 1..2n or
// n > MaxExhaustiveN.
func (d *Deal) Exhaustive(start int) int {
	return d.newSearch(start).value(0, 0, 0)
}

// ExhaustiveSequence returns Exhaustive(s) for s = 1..2n.
func (d *Deal) ExhaustiveSequence() []int {
	seq := make([]int, 2*d.N())
	for s := range seq {
		seq[s] = d.Exhaustive(s + 1)
	}
	return seq
}

// search is the memoized minimax for one start.
type search struct {
	d     *Deal
	start int // 0-based
	c     int // 4n+1, the number of values of a "highest card" (0 = none)
	memo  []int8
}

func (d *Deal) newSearch(start int) *search {
	n := d.N()
	if start < 1 || start > 2*n {
		panic(fmt.Sprintf("bridge: start %d is outside 1..%d", start, 2*n))
	}
	if n > MaxExhaustiveN {
		panic(fmt.Sprintf("bridge: Exhaustive needs n ≤ %d, got %d", MaxExhaustiveN, n))
	}
	c := 4*n + 1
	memo := make([]int8, (2*n+1)*c*c)
	for i := range memo {
		memo[i] = -1
	}
	return &search{d: d, start: start - 1, c: c, memo: memo}
}

// teamOfCard returns the team holding card c.
func (d *Deal) teamOfCard(c int) Team { return TeamOf(int(d.holder[c]) + 1) }

// value returns A's points under optimal play once t players have moved,
// the highest played card being mp and the highest kept mk.
func (s *search) value(t, mp, mk int) int {
	b := len(s.d.hands)
	if t == b {
		v := 0
		if s.d.teamOfCard(mp) == TeamA {
			v++
		}
		if s.d.teamOfCard(mk) == TeamA {
			v++
		}
		return v
	}
	key := (t*s.c+mp)*s.c + mk
	if v := s.memo[key]; v >= 0 {
		return int(v)
	}
	p := (s.start + t) % b
	h := s.d.hands[p]
	lo, hi := int(h[0]), int(h[1])
	playLo := s.value(t+1, max(mp, lo), max(mk, hi))
	playHi := s.value(t+1, max(mp, hi), max(mk, lo))
	v := min(playLo, playHi)
	if TeamOf(p+1) == TeamA {
		v = max(playLo, playHi)
	}
	s.memo[key] = int8(v)
	return v
}
