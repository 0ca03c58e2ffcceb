package optimum

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sort"

	"github.com/grundy/grundy/cardflip"
)

// MaxTurnBoundM is the largest m TurnBound covers (m = 5 takes about a
// minute of one core).
const MaxTurnBoundM = 5

// TurnBound returns a lower bound for E[X] over every table+turn strategy
// (TurnNumber model, standard rules, n = ∞) for m cards, however long its
// games: the least E[X] of a relaxed game in which the table, keyed by the
// turn, plays only while every card is face down, and one player with
// full memory plays the rest (knowing the row and the turn, not the turns
// before). That player also takes over the deals still without card 1
// face up at turn maxTurns. Every table+turn strategy can be played by
// this pair, so none beats the bound; it does not decrease as maxTurns
// grows (an earlier cut hands more of the game to the memory player).
//
// While every card is face down every deal sees the same row, so the
// strategy there is a sequence of turns, each a look and a place for
// every number; deals that turn 1 up at turn t leave the table's play
// together, priced by the memory player's decision tree (dt, the bound
// of Search). The cost of the rest therefore depends only on the
// set of deals still face down and the turn, which the search memoizes
// (with the mirror image of the set); a branch is cut by the memory
// player's cost of the deals left, which is superadditive over disjoint
// sets of deals (a tree for the union plays each part), so the numbers
// placed so far bound every completion of a turn.
//
// At m = 4 the bound is 145/24 and at m = 5 it is 958/120: the optima of
// Search under TurnNumber (cardflip/testdata/turn5.txt for m = 5), which it
// proves for every game length.
func TurnBound(ctx context.Context, m, maxTurns int) (*big.Rat, error) {
	switch {
	case m < 1 || m > MaxTurnBoundM:
		return nil, fmt.Errorf("cardflip: the turn bound covers 1 ≤ m ≤ %d, not m = %d", MaxTurnBoundM, m)
	case maxTurns < 1:
		return nil, fmt.Errorf("cardflip: the turn bound needs maxTurns ≥ 1, not %d", maxTurns)
	}
	o := &optSearch{ctx: ctx, done: ctx.Done(), m: m, turns: true, memo: map[string]*optMemo{},
		dtMemo: map[string]int64{}, fact: cardflip.Factorial(m)}
	b := &turnBound{o: o, m: m, maxTurns: maxTurns, memo: map[string]turnMemo{}}
	total := b.solve(0, deals(m), optInf)
	if o.stop {
		return nil, ctx.Err()
	}
	return big.NewRat(total, o.fact), nil
}

type turnBound struct {
	o        *optSearch
	m        int
	maxTurns int
	memo     map[string]turnMemo
}

type turnMemo struct {
	cost  int64
	exact bool
}

// remember stores the result best of a search below ub under key: exact
// when below ub, else the lower bound ub, or a higher one already known.
func remember(memo map[string]turnMemo, key string, best, ub int64) turnMemo {
	r := turnMemo{cost: best, exact: best < ub}
	if !r.exact {
		r.cost = ub
		if old, ok := memo[key]; ok && old.cost > ub {
			r.cost = old.cost
		}
	}
	memo[key] = r
	return r
}

// solve returns the least total of turns from turn t for the deals with
// every card still face down, if below ub; else a lower bound at least ub.
func (b *turnBound) solve(t int, deals []uint32, ub int64) int64 {
	if len(deals) == 0 {
		return 0
	}
	if t >= b.maxTurns {
		return b.o.dtRows(deals)
	}
	o := b.o
	o.nodes++
	o.checkStop()
	if o.stop {
		return optInf
	}
	// The memo key: the deals with the turn, as Search keys a
	// level (the lesser of the row set and its mirror image).
	es := make([]optEntry, len(deals))
	for i, r := range deals {
		es[i] = optEntry{st: r, turn: int32(t), n: 1}
	}
	key, _ := o.entriesKey(0, mergeOptEntries(es))
	if r, ok := b.memo[key]; ok && (r.exact || r.cost >= ub) {
		return r.cost
	}
	m, n := b.m, int64(len(deals))
	best := ub
	type child struct {
		lb, now int64
		next    []uint32
	}
	var kids []child
	// choice is one entry of the turn's table for one number: the turns
	// its deals cost the memory player from now (card 1 turned up), or the
	// rows they stay face down in.
	type choice struct {
		now  int64
		stay []uint32
	}
	for p := range m {
		if t == 0 && 2*p > m-1 {
			continue // the first look: the mirror image of a look at the left half
		}
		var by [8][]uint32
		for _, r := range deals {
			x := r >> (4 * uint(p)) & 7
			by[x] = append(by[x], r)
		}
		var xs []int
		var opts [8][]choice
		for x := 1; x <= m; x++ {
			if len(by[x]) == 0 {
				continue
			}
			xs = append(xs, x)
			if x == 1 {
				// Turned up at u: the deals leave together, one row.
				up := int64(optInf)
				for u := range m {
					ex := make([]uint32, len(by[1]))
					for i, r := range by[1] {
						ex[i] = optMove(r, p, u, true)
					}
					up = min(up, b.o.dtRows(ex))
				}
				opts[x] = append(opts[x], choice{now: up})
			}
			// Face down anywhere, back where it was included: the next
			// turn may look elsewhere.
			for to := range m {
				st := make([]uint32, len(by[x]))
				for i, r := range by[x] {
					st[i] = optMove(r, p, to, false)
				}
				opts[x] = append(opts[x], choice{stay: st})
			}
		}
		// rest[i]: the least the numbers xs[i:] can cost on their own.
		rest := make([]int64, len(xs)+1)
		for i := len(xs) - 1; i >= 0; i-- {
			c := int64(optInf)
			for _, ch := range opts[xs[i]] {
				c = min(c, ch.now+b.o.dtRows(ch.stay))
			}
			rest[i] = rest[i+1] + c
		}
		var place func(i int, now int64, stay []uint32, dtStay int64)
		place = func(i int, now int64, stay []uint32, dtStay int64) {
			if n+now+dtStay+rest[i] >= best {
				return
			}
			if i == len(xs) {
				kids = append(kids, child{n + now + dtStay, n + now, slices.Clone(stay)})
				return
			}
			for _, ch := range opts[xs[i]] {
				next := append(stay, ch.stay...)
				d := dtStay
				if len(ch.stay) > 0 {
					d = b.o.dtRows(next)
				}
				place(i+1, now+ch.now, next, d)
			}
		}
		place(0, 0, nil, 0)
	}
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].lb < kids[j].lb })
	for _, c := range kids {
		if c.lb >= best {
			break
		}
		if v := c.now + b.solve(t+1, c.next, best-c.now); v < best {
			best = v
		}
		if o.stop {
			return optInf
		}
	}
	return remember(b.memo, key, best, ub).cost
}
