package cardflip

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"
)

// MaxOptimalM is the largest m Optimal searches.
const MaxOptimalM = 4

// OptimalResult is the best table-only strategy for m cards.
type OptimalResult struct {
	M int
	// Expectation is the least E[X] over all table-only strategies.
	Expectation *big.Rat
	// Policy plays it (a table from visible rows to actions).
	Policy *TablePolicy
	// Nodes is the number of search nodes visited.
	Nodes int64
}

// Optimal searches all deterministic table-only strategies for m ≤ 4
// cards and returns the least E[X] with a strategy reaching it.
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
func Optimal(ctx context.Context, m int) (*OptimalResult, error) {
	return OptimalModel(ctx, m, TableOnly, 0)
}

// OptimalModel is Optimal under the given information model. Under
// TurnNumber the table is keyed by the row and the turn number, and only
// strategies that end every game within maxTurns turns are searched.
func OptimalModel(ctx context.Context, m int, model Model, maxTurns int) (*OptimalResult, error) {
	if m < 1 || m > MaxOptimalM {
		return nil, fmt.Errorf("cardflip: the optimal-strategy search covers 1 ≤ m ≤ %d, not m = %d", MaxOptimalM, m)
	}
	if model == TurnNumber && maxTurns < m {
		return nil, fmt.Errorf("cardflip: the turn-number search needs a turn limit of at least m = %d, not %d", m, maxTurns)
	}
	o := &optSearch{ctx: ctx, m: m, memo: map[string]*optMemo{}, turns: model == TurnNumber, maxTurns: maxTurns}
	perm := make([]int, m)
	var entries []optEntry
	for r := range Factorial(m) {
		unrank(perm, r)
		var st uint32
		for i, x := range perm {
			st |= uint32(x) << (4 * i)
		}
		entries = append(entries, optEntry{st: st, n: 1})
	}
	total := o.solve(0, entries)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if total >= optInf {
		return nil, fmt.Errorf("cardflip: optimal: no finite strategy found for m = %d", m)
	}
	pol := &TablePolicy{m: m, turns: o.turns, look: map[uint64]int{}, place: map[uint64]Move{}}
	o.collect(0, entries, pol)
	return &OptimalResult{M: m, Expectation: big.NewRat(total, Factorial(m)), Policy: pol, Nodes: o.nodes}, nil
}

const optInf = math.MaxInt64 / 4

// A full state packs the row in 4 bits per card: the number, plus 8 when
// face up. Its visible part keeps only the face-up numbers.
type optEntry struct {
	st   uint32
	turn int // turns played before the entry
	n    int64
}

type optDeal struct {
	st    uint32
	turn  int
	n     int64
	cost  int64
	done  bool
	exit  uint32
	final bool // the game ended
}

type optDecisions struct {
	look  map[uint64]int
	place map[uint64]Move
}

// visible keys: the row's face-up numbers, and the coming turn's number in
// bits 32.. under the turn-number model; place keys add the number seen.
func placeKey(v uint64, x int) uint64 { return v<<4 | uint64(x) }

type optMemo struct {
	cost int64
	dec  optDecisions
	// exits of the deals under dec, to continue the policy one level up.
	exits []optEntry
}

type optSearch struct {
	ctx   context.Context
	m     int
	memo  map[string]*optMemo
	nodes int64
	stop  bool // the context ended
	// turns: the turn-number model; maxTurns bounds a game's length there.
	turns    bool
	maxTurns int
}

func (o *optSearch) vkey(st uint32, turn int) uint64 {
	v := uint64(visible(st, o.m))
	if o.turns {
		v |= uint64(turn+1) << 32
	}
	return v
}

func cell(st uint32, i int) uint32 { return st >> (4 * i) & 15 }

func visible(st uint32, m int) uint32 {
	var v uint32
	for i := range m {
		if c := cell(st, i); c&8 != 0 {
			v |= (c & 7) << (4 * i)
		}
	}
	return v
}

// move applies a move to a full state of m cards.
func moveState(st uint32, m, pos int, mv Move) uint32 {
	cells := make([]uint32, 0, 8)
	for i := range m {
		if i != pos {
			cells = append(cells, cell(st, i))
		}
	}
	c := cell(st, pos)
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

func entriesKey(k int, es []optEntry) string {
	sortEntries(es)
	var b strings.Builder
	fmt.Fprintf(&b, "%d:", k)
	for _, e := range es {
		fmt.Fprintf(&b, "%x@%d*%d,", e.st, e.turn, e.n)
	}
	return b.String()
}

func sortEntries(es []optEntry) {
	sort.Slice(es, func(i, j int) bool {
		if es[i].st != es[j].st {
			return es[i].st < es[j].st
		}
		return es[i].turn < es[j].turn
	})
}

func mergeEntries(es []optEntry) []optEntry {
	sortEntries(es)
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
func (o *optSearch) solve(k int, entries []optEntry) int64 {
	entries = mergeEntries(entries)
	key := entriesKey(k, entries)
	if r, ok := o.memo[key]; ok {
		return r.cost
	}
	res := &optMemo{cost: optInf}
	if k == o.m-1 { // one card face down: look at it, turn it up
		res.cost = 0
		for _, e := range entries {
			res.cost += e.n
		}
		o.memo[key] = res
		return res.cost
	}
	deals := make([]optDeal, len(entries))
	for i, e := range entries {
		deals[i] = optDeal{st: e.st, turn: e.turn, n: e.n}
	}
	dec := optDecisions{look: map[uint64]int{}, place: map[uint64]Move{}}
	o.dfs(k, deals, dec, res)
	o.memo[key] = res
	return res.cost
}

// dfs completes the level-k decisions dec for the deals; it records in
// best any completion cheaper than best.cost.
func (o *optSearch) dfs(k int, deals []optDeal, dec optDecisions, best *optMemo) {
	o.nodes++
	if o.nodes&1023 == 0 && o.ctx.Err() != nil {
		o.stop = true
	}
	if o.stop {
		return
	}
	m := o.m
	limit := Factorial(m) + 1 // a deal that stays longer on a level loops
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
					if int(cell(d.st, p)&7) == k+1 {
						groups[gi].at[p] += d.n
					}
				}
				groups[gi].total += d.n
				break
			}
			x := int(cell(d.st, pos) & 7)
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
			d.st = moveState(d.st, m, pos, mv)
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
		var exits []optEntry
		var cost int64
		for _, d := range deals {
			cost += d.n * d.cost
			if !d.final {
				exits = append(exits, optEntry{st: d.exit, turn: d.turn, n: d.n})
			}
		}
		if len(exits) > 0 {
			cost += o.solve(k+1, append([]optEntry(nil), exits...))
		}
		if cost < best.cost {
			best.cost = cost
			best.exits = mergeEntries(exits)
			best.dec = optDecisions{look: map[uint64]int{}, place: map[uint64]Move{}}
			for a, b := range dec.look {
				best.dec.look[a] = b
			}
			for a, b := range dec.place {
				best.dec.place[a] = b
			}
		}
		return
	}
	try := func() {
		cp := make([]optDeal, len(deals))
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
			dec.place[key] = Move{Up: true, To: dec.look[bvis]}
			try()
			delete(dec.place, key)
			return
		}
		for to := range m {
			dec.place[key] = Move{Up: true, To: to}
			try()
		}
	}
	for to := range m {
		dec.place[key] = Move{To: to}
		try()
	}
	delete(dec.place, key)
}

// collect copies the decisions of the optimal play into pol.
func (o *optSearch) collect(k int, entries []optEntry, pol *TablePolicy) {
	entries = mergeEntries(entries)
	r := o.memo[entriesKey(k, entries)]
	if r == nil || k == o.m-1 {
		return
	}
	for a, b := range r.dec.look {
		pol.look[a] = b
	}
	for a, b := range r.dec.place {
		pol.place[a] = b
	}
	if len(r.exits) > 0 {
		o.collect(k+1, append([]optEntry(nil), r.exits...), pol)
	}
}

// TablePolicy is a table-only strategy given as a table of visible rows
// (as found by Optimal) for one m. Rows missing from the table, which the
// strategy never produces from a fresh deal, are played front to back.
type TablePolicy struct {
	m     int
	turns bool // keyed by the turn number too (TurnNumber model)
	look  map[uint64]int
	place map[uint64]Move
}

func (p *TablePolicy) Info() Info {
	if p.turns {
		return Info{Name: fmt.Sprintf("optimal-turn-%d", p.m), Model: TurnNumber,
			Summary: fmt.Sprintf("the optimal table+turn strategy for m = %d found by exhaustive search", p.m)}
	}
	return Info{Name: fmt.Sprintf("optimal-%d", p.m), Model: TableOnly,
		Summary: fmt.Sprintf("the optimal table-only strategy for m = %d found by exhaustive search", p.m)}
}

func (p *TablePolicy) NewPlayer(Seat) Player { return p }

// Rows is the number of visible rows in the table.
func (p *TablePolicy) Rows() int { return len(p.look) }

func (p *TablePolicy) key(t *Turn) (uint64, bool) {
	if t.Len() != p.m {
		return 0, false
	}
	var v uint64
	for i := range t.m {
		v |= uint64(t.cell(i)) << (4 * i)
	}
	if p.turns {
		n, ok := t.Number()
		if !ok {
			return 0, false
		}
		v |= uint64(n) << 32
	}
	return v, true
}

func (p *TablePolicy) Look(t *Turn) int {
	if v, ok := p.key(t); ok {
		if pos, ok := p.look[v]; ok {
			return pos
		}
	}
	return firstDown(&t.View, 0, t.Len())
}

func (p *TablePolicy) Place(t *Turn, pos, x int) Move {
	if v, ok := p.key(t); ok {
		if _, ok := p.look[v]; ok {
			if mv, ok := p.place[placeKey(v, x)]; ok {
				return mv
			}
		}
	}
	return Move{Up: x == t.k+1, To: t.Len() - 1}
}

// Describe lists the table, one visible row per line.
func (p *TablePolicy) Describe() []string {
	var rows []uint64
	for v := range p.look {
		rows = append(rows, v)
	}
	sort.Slice(rows, func(i, j int) bool {
		if ti, tj := rows[i]>>32, rows[j]>>32; ti != tj {
			return ti < tj
		}
		ki, kj := popcount4(uint32(rows[i])), popcount4(uint32(rows[j]))
		if ki != kj {
			return ki < kj
		}
		return rows[i] < rows[j]
	})
	var out []string
	for _, v := range rows {
		vis := make([]int, p.m)
		for i := range vis {
			vis[i] = int(v >> (4 * i) & 15)
		}
		pos := p.look[v]
		var acts []string
		for x := 1; x <= p.m; x++ {
			mv, ok := p.place[placeKey(v, x)]
			if !ok {
				continue
			}
			side := "down"
			if mv.Up {
				side = "up"
			}
			acts = append(acts, fmt.Sprintf("%d→%s@%d", x, side, mv.To))
		}
		turn := ""
		if v>>32 != 0 {
			turn = fmt.Sprintf("turn %d ", v>>32)
		}
		out = append(out, fmt.Sprintf("%s%s look %d: %s", turn, FormatRow(vis, -1), pos, strings.Join(acts, " ")))
	}
	return out
}

func popcount4(v uint32) int {
	n := 0
	for ; v != 0; v >>= 4 {
		if v&15 != 0 {
			n++
		}
	}
	return n
}
