package optimum

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"

	"github.com/grundy/grundy/cardflip"
)

// The first exhaustive search (commit 19c1413 and before), kept as the
// reference the faster search (search.go) is tested against: refOptimal
// searches all deterministic table-only strategies for m ≤ 4 cards and
// returns the least E[X] with a strategy reaching it.
//
// A table-only strategy is a table: for each visible row, which card to
// look at, and for each number it may show, where it goes. The search fills
// the table lazily while playing all m! deals at once, level by level (the
// level is the number of face-up cards, which never decreases): the cost of
// the levels above k depends only on the multiset of states in which the
// deals reach level k+1, so that cost is memoized on it. A branch is cut
// when its cost so far plus one turn per deal per remaining card reaches
// the best found, and when a deal's play loops (the strategy would never
// end). Coins do not help: a randomized strategy is a mixture of
// deterministic ones, and its E[X] is the same mixture of theirs.
func refOptimal(ctx context.Context, m int, model cardflip.Model, maxTurns int) (*Result, error) {
	if m < 1 || m > 4 {
		return nil, fmt.Errorf("cardflip: the optimal-strategy search covers 1 ≤ m ≤ 4, not m = %d", m)
	}
	if model == cardflip.TurnNumber && maxTurns < m {
		return nil, fmt.Errorf("cardflip: the turn-number search needs a turn limit of at least m = %d, not %d", m, maxTurns)
	}
	o := &refSearch{ctx: ctx, m: m, memo: map[string]*refMemo{}, turns: model == cardflip.TurnNumber, maxTurns: maxTurns}
	var entries []refEntry
	for _, d := range deals(m) {
		entries = append(entries, refEntry{st: d, n: 1})
	}
	total := o.solve(0, entries)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if total >= refInf {
		return nil, fmt.Errorf("cardflip: optimal: no finite strategy found for m = %d", m)
	}
	pol := cardflip.NewTablePolicy(m, model, false)
	o.collect(0, entries, pol)
	return &Result{M: m, Expectation: big.NewRat(total, cardflip.Factorial(m)), Policy: pol, Nodes: o.nodes}, nil
}

const refInf = math.MaxInt64 / 4

// A full state packs the row in 4 bits per card: the number, plus 8 when
// face up. Its visible part keeps only the face-up numbers.
type refEntry struct {
	st   uint32
	turn int // turns played before the entry
	n    int64
}

type refDeal struct {
	st    uint32
	turn  int
	n     int64
	cost  int64
	done  bool
	exit  uint32
	final bool // the game ended
}

type refDecisions struct {
	look  map[uint64]int
	place map[uint64]cardflip.Move
}

type refMemo struct {
	cost int64
	dec  refDecisions
	// exits of the deals under dec, to continue the policy one level up.
	exits []refEntry
}

type refSearch struct {
	ctx   context.Context
	m     int
	memo  map[string]*refMemo
	nodes int64
	stop  bool // the context ended
	// turns: the turn-number model; maxTurns bounds a game's length there.
	turns    bool
	maxTurns int
}

func (o *refSearch) vkey(st uint32, turn int) uint64 {
	v := uint64(refVisible(st, o.m))
	if o.turns {
		v |= uint64(turn+1) << 32
	}
	return v
}

func refCell(st uint32, i int) uint32 { return st >> (4 * i) & 15 }

func refVisible(st uint32, m int) uint32 {
	var v uint32
	for i := range m {
		if c := refCell(st, i); c&8 != 0 {
			v |= (c & 7) << (4 * i)
		}
	}
	return v
}

// move applies a move to a full state of m cards.
func refMoveState(st uint32, m, pos int, mv cardflip.Move) uint32 {
	cells := make([]uint32, 0, 8)
	for i := range m {
		if i != pos {
			cells = append(cells, refCell(st, i))
		}
	}
	c := refCell(st, pos)
	if mv.Up {
		c |= 8
	}
	cells = append(cells[:mv.To], append([]uint32{c}, cells[mv.To:]...)...)
	var out uint32
	for i, x := range cells {
		out |= x << (4 * i)
	}
	return out
}

func refEntriesKey(k int, es []refEntry) string {
	refSortEntries(es)
	var b strings.Builder
	fmt.Fprintf(&b, "%d:", k)
	for _, e := range es {
		fmt.Fprintf(&b, "%x@%d*%d,", e.st, e.turn, e.n)
	}
	return b.String()
}

func refSortEntries(es []refEntry) {
	sort.Slice(es, func(i, j int) bool {
		if es[i].st != es[j].st {
			return es[i].st < es[j].st
		}
		return es[i].turn < es[j].turn
	})
}

func refMergeEntries(es []refEntry) []refEntry {
	refSortEntries(es)
	out := es[:0]
	for _, e := range es {
		if len(out) > 0 && out[len(out)-1].st == e.st && out[len(out)-1].turn == e.turn {
			out[len(out)-1].n += e.n
		} else {
			out = append(out, e)
		}
	}
	return out
}

// solve returns the least total number of turns, summed over the deals,
// from level k to the end.
func (o *refSearch) solve(k int, entries []refEntry) int64 {
	entries = refMergeEntries(entries)
	key := refEntriesKey(k, entries)
	if r, ok := o.memo[key]; ok {
		return r.cost
	}
	res := &refMemo{cost: refInf}
	if k == o.m-1 { // one card face down: look at it, turn it up
		res.cost = 0
		for _, e := range entries {
			res.cost += e.n
		}
		o.memo[key] = res
		return res.cost
	}
	deals := make([]refDeal, len(entries))
	for i, e := range entries {
		deals[i] = refDeal{st: e.st, turn: e.turn, n: e.n}
	}
	dec := refDecisions{look: map[uint64]int{}, place: map[uint64]cardflip.Move{}}
	o.dfs(k, deals, dec, res)
	o.memo[key] = res
	return res.cost
}

// dfs completes the level-k decisions dec for the deals; it records in
// best any completion cheaper than best.cost.
func (o *refSearch) dfs(k int, deals []refDeal, dec refDecisions, best *refMemo) {
	o.nodes++
	if o.nodes&1023 == 0 && o.ctx.Err() != nil {
		o.stop = true
	}
	if o.stop {
		return
	}
	m := o.m
	limit := cardflip.Factorial(m) + 1 // a deal that stays longer on a level loops
	var lb int64
	blocked := -1
	var bvis uint64
	bx := 0
	// Deals waiting at the same row for the look: only those with k+1
	// at the one position looked at can finish the level in one turn.
	type group struct {
		v     uint64
		total int64
		at    [8]int64
	}
	var groups []group
	for i := range deals {
		d := &deals[i]
		for !d.done {
			if o.turns && d.turn >= o.maxTurns {
				return // too long
			}
			v := o.vkey(d.st, d.turn)
			pos, ok := dec.look[v]
			if !ok {
				if blocked < 0 {
					blocked, bvis, bx = i, v, 0
				}
				gi := -1
				for j := range groups {
					if groups[j].v == v {
						gi = j
					}
				}
				if gi < 0 {
					groups = append(groups, group{v: v})
					gi = len(groups) - 1
				}
				for p := range m {
					if int(refCell(d.st, p)&7) == k+1 {
						groups[gi].at[p] += d.n
					}
				}
				groups[gi].total += d.n
				break
			}
			x := int(refCell(d.st, pos) & 7)
			mv, ok := dec.place[placeKey(v, x)]
			if !ok {
				if blocked < 0 {
					blocked, bvis, bx = i, v, x
				}
				if x != k+1 {
					lb += d.n // this turn does not finish the level
				}
				break
			}
			d.st = refMoveState(d.st, m, pos, mv)
			d.cost++
			d.turn++
			if mv.Up {
				d.done = true
				d.final = x == m
				d.exit = d.st
			} else if d.cost > limit {
				return // loops forever
			}
		}
		lb += d.n * d.cost
		if !d.done {
			lb += d.n // at least the turn that finds k+1
		}
		lb += d.n * int64(m-k-1)
	}
	for _, g := range groups {
		most := int64(0)
		for _, c := range g.at {
			most = max(most, c)
		}
		lb += g.total - most
	}
	if lb >= best.cost {
		return
	}
	if blocked < 0 {
		o.complete(k, deals, dec, best)
		return
	}
	try := func() {
		cp := make([]refDeal, len(deals))
		copy(cp, deals)
		o.dfs(k, cp, dec, best)
	}
	if bx == 0 { // which card to look at
		for pos := range m {
			if uint32(bvis)>>(4*pos)&15 != 0 {
				continue
			}
			if bvis&(1<<32-1) == 0 && (!o.turns || bvis>>32 == 1) && 2*pos > m-1 { // mirror symmetry of the first row
				continue
			}
			dec.look[bvis] = pos
			try()
		}
		delete(dec.look, bvis)
		return
	}
	key := placeKey(bvis, bx)
	if bx == k+1 {
		if k == m-2 { // turning it up leaves one turn: nothing is better
			dec.place[key] = cardflip.Move{Up: true, To: dec.look[bvis]}
			try()
			delete(dec.place, key)
			return
		}
		for to := range m {
			dec.place[key] = cardflip.Move{Up: true, To: to}
			try()
		}
	}
	for to := range m {
		dec.place[key] = cardflip.Move{To: to}
		try()
	}
	delete(dec.place, key)
}

// complete prices the level's complete decisions dec: the deals' turns
// in it plus the best of the levels above; it records them in best if
// cheaper.
func (o *refSearch) complete(k int, deals []refDeal, dec refDecisions, best *refMemo) {
	var exits []refEntry
	var cost int64
	for _, d := range deals {
		cost += d.n * d.cost
		if !d.final {
			exits = append(exits, refEntry{st: d.exit, turn: d.turn, n: d.n})
		}
	}
	if len(exits) > 0 {
		cost += o.solve(k+1, append([]refEntry(nil), exits...))
	}
	if cost < best.cost {
		best.cost = cost
		best.exits = refMergeEntries(exits)
		best.dec = refDecisions{look: map[uint64]int{}, place: map[uint64]cardflip.Move{}}
		for a, b := range dec.look {
			best.dec.look[a] = b
		}
		for a, b := range dec.place {
			best.dec.place[a] = b
		}
	}
}

// collect copies the decisions of the optimal play into pol.
func (o *refSearch) collect(k int, entries []refEntry, pol *cardflip.TablePolicy) {
	entries = refMergeEntries(entries)
	r := o.memo[refEntriesKey(k, entries)]
	if r == nil || k == o.m-1 {
		return
	}
	for a, b := range r.dec.look {
		pol.SetLook(a, b)
	}
	for a, b := range r.dec.place {
		pol.SetPlace(a>>4, int(a&15), b)
	}
	if len(r.exits) > 0 {
		o.collect(k+1, append([]refEntry(nil), r.exits...), pol)
	}
}
