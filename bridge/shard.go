package bridge

import (
	"context"
	"fmt"
	"slices"
)

// MaxShardN is the largest n ShardTally accepts: n = 4 has 16!/2^8/8 ≈ 10^10
// layouts with 4n at position 1, n = 5 would have 2.4·10^14.
const MaxShardN = 4

// A Shard is a part of the layouts with card 4n at position 1: those whose
// cards 4n−1, 4n−2, …, 4n−len(Holders) are held by the 0-based positions
// Holders[0], Holders[1], … . The shards of one depth partition those
// layouts, and every layout is one of them rotated (see Rotate), so a sweep
// over the shards of a depth enumerates all (4n)!/2^(2n) layouts with a 2n-th
// of the work.
type Shard struct {
	N       int   `json:"n"`
	Holders []int `json:"holders"`
}

func (s Shard) String() string { return fmt.Sprintf("n=%d holders=%v", s.N, s.Holders) }

// Shards returns the shards of the given depth for n in lexicographic order
// of Holders: every way to deal cards 4n−1, …, 4n−depth to the 2n positions
// (two cards a position, 4n already at position 1).
func Shards(n, depth int) ([]Shard, error) {
	if n < 1 || n > MaxShardN {
		return nil, fmt.Errorf("bridge: shards need 1 ≤ n ≤ %d, got %d", MaxShardN, n)
	}
	if depth < 0 || depth > 4*n-1 {
		return nil, fmt.Errorf("bridge: shard depth %d is outside 0..%d", depth, 4*n-1)
	}
	free := make([]int, 2*n)
	for i := range free {
		free[i] = 2
	}
	free[0] = 1
	var out []Shard
	holders := make([]int, 0, depth)
	var walk func()
	walk = func() {
		if len(holders) == depth {
			out = append(out, Shard{N: n, Holders: slices.Clone(holders)})
			return
		}
		for p := range free {
			if free[p] == 0 {
				continue
			}
			free[p]--
			holders = append(holders, p)
			walk()
			holders = holders[:len(holders)-1]
			free[p]++
		}
	}
	walk()
	return out, nil
}

// ShardTally deals every layout of the shard and tallies it by its
// sequence, computed for each layout by the editorial's characterization
// (the same O(n) rule as Deal.Sequence, on a flat array: no allocation per
// layout). Counts of the result cover only layouts with 4n at position 1;
// Rotate turns a sum of such tallies into the tally of all layouts. ctx is
// checked every few thousand layouts.
func ShardTally(ctx context.Context, s Shard) (*Tally, error) {
	n := s.N
	if n < 1 || n > MaxShardN {
		return nil, fmt.Errorf("bridge: shard tally needs 1 ≤ n ≤ %d, got %d", MaxShardN, n)
	}
	b, top := 2*n, 4*n
	if len(s.Holders) > top-1 {
		return nil, fmt.Errorf("bridge: shard %v deals %d cards below 4n = %d", s, len(s.Holders), top)
	}
	w := &shardWalker{n: n, b: b, top: top, ctx: ctx, counts: make([]uint64, pow3int(b))}
	w.free[0] = 1
	for p := 1; p < b; p++ {
		w.free[p] = 2
	}
	w.holder[top] = 0
	for i, p := range s.Holders {
		if p < 0 || p >= b || w.free[p] == 0 {
			return nil, fmt.Errorf("bridge: shard %v: position %d cannot take card %d", s, p, top-1-i)
		}
		w.free[p]--
		w.holder[top-1-i] = int8(p)
	}
	w.pow3[b-1] = 1
	for i := b - 2; i >= 0; i-- {
		w.pow3[i] = 3 * w.pow3[i+1]
	}
	w.deal(top - 1 - len(s.Holders))
	if w.err != nil {
		return nil, fmt.Errorf("bridge: shard %v: %w", s, w.err)
	}
	return &Tally{N: n, Counts: w.counts}, nil
}

func pow3int(e int) int {
	r := 1
	for range e {
		r *= 3
	}
	return r
}

// shardWalker deals cards c, c−1, …, 1 to free slots. Dealing cards in
// decreasing order to positions (not slots) visits each layout once: a
// hand is a set of two cards.
type shardWalker struct {
	n, b, top int
	ctx       context.Context
	err       error
	counts    []uint64
	holder    [4*MaxShardN + 1]int8 // holder[c]: 0-based position of card c
	free      [2 * MaxShardN]int8   // free slots per position
	pow3      [2 * MaxShardN]int    // pow3[s] = 3^(2n−1−s): digit weight of start s
	leaves    uint32
}

func (w *shardWalker) deal(c int) {
	if c == 0 {
		w.counts[w.index()]++
		return
	}
	if c == 4 { // a few thousand layouts below here at most
		if w.leaves++; w.leaves&1023 == 0 && w.err == nil {
			w.err = w.ctx.Err()
		}
		if w.err != nil {
			return
		}
	}
	for p := range w.b {
		if w.free[p] == 0 {
			continue
		}
		w.free[p]--
		w.holder[c] = int8(p)
		w.deal(c - 1)
		w.free[p]++
	}
}

// index is Deal.Sequence on the walker's holder array, returned as the
// tally index: the chain of cards 4n, 4n−1, … alternating teams with
// holders walking backwards from the holder of 4n within one turn, then one
// sweep of the start backwards from just after the holder of 4n.
func (w *shardWalker) index() int {
	b, top := w.b, w.top
	h0 := int(w.holder[top])
	win := h0 & 1 // 0-based parity: 1 = team A
	// The alternation length: card 4n−j is held by W for even j.
	alt := 0
	for alt < top-1 && int(w.holder[top-alt-1])&1 == win^((alt+1)&1) {
		alt++
	}
	// dist[j] = D_j, the backward distance from h0 to the holder of 4n−j,
	// kept while it stays ≤ 2n−1.
	var dist [2*MaxShardN + 1]int
	kstar := 0
	for j := 0; j < alt; j++ {
		step := int(w.holder[top-j]) - int(w.holder[top-j-1])
		if step < 0 {
			step += b
		}
		next := dist[j] + step
		if next > b-1 {
			break
		}
		dist[j+1] = next
		kstar = j + 1
	}
	// A's points when the taker is the other team / W: [W = A] + [taker = A].
	low, high := win, win+1 // taker L (A iff W = P: +1 when win = 0)
	if win == 0 {
		low, high = 1, 0
	}
	idx, k := 0, 0
	for m := range b {
		for k < kstar && dist[k+1] <= m {
			k++
		}
		s := h0 - m
		if s < 0 {
			s += b
		}
		// The taker is W when (k < alt and k is odd) or (k = alt and k is even).
		wTakes := (k < alt && k&1 == 1) || (k == alt && k&1 == 0)
		v := low
		if wTakes {
			v = high
		}
		idx += v * w.pow3[s]
	}
	return idx
}

// Rotate returns the tally of all layouts from t, the tally of the layouts
// with card 4n at position 1. Moving every hand r positions on is a
// bijection onto the layouts with 4n at position 1+r; it keeps the teams for
// even r and swaps them for odd r, and as A maximizing A's points is P
// minimizing P's, the sequence moves r places on, complemented (v → 2−v)
// when r is odd. Tests check this against minimax.
func (t *Tally) Rotate() *Tally {
	b := 2 * t.N
	out := &Tally{N: t.N, Counts: make([]uint64, len(t.Counts))}
	seq := make([]int, b)
	for i, c := range t.Counts {
		if c == 0 {
			continue
		}
		digits := t.Sequence(i)
		for r := range b {
			for s, v := range digits {
				if r%2 == 1 {
					v = 2 - v
				}
				seq[(s+r)%b] = v
			}
			out.Counts[out.Index(seq)] += c
		}
	}
	return out
}

// Add adds u's counts to t's (both for the same n).
func (t *Tally) Add(u *Tally) {
	for i, c := range u.Counts {
		t.Counts[i] += c
	}
}
