package optimum

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"

	"github.com/grundy/grundy/cardflip"
)

// MaxM is the largest m Search covers table-only (m = 5 takes seconds,
// m = 6 a few minutes).
const MaxM = 6

// MaxTurnM is the largest m of the search under the turn-number model
// (m = 5 takes about two minutes and 700 MB).
const MaxTurnM = 5

// Result is the best strategy for m cards of the model and variant
// searched, or (for the relaxed searches) a lower bound.
type Result struct {
	M     int
	Model cardflip.Model
	// Expectation is the least E[X] over all strategies of the model.
	Expectation *big.Rat
	// Policy plays it (a table from visible rows to actions); nil for the
	// relaxed searches (MemoryFrom, MemoryAfterTurns).
	Policy *cardflip.TablePolicy
	// Nodes is the number of search nodes visited (decisions tried).
	Nodes int64
	// Memo is the number of level entries (multisets of deals) memoized;
	// under TurnNumber, of turn states (the sets of deals waiting at each
	// row at one turn) solved or refuted.
	Memo int
	// Variant is the rule variant searched (Standard or Rearrange).
	Variant cardflip.Variant
	// Rounds is the number of budgets tried by the deepening search (the
	// turn-number model and Rearrange; 0 for the others).
	Rounds int
}

// Options choose what Search searches; the zero value is the table-only
// search under the standard rules.
type Options struct {
	// Model: TableOnly (the default) or TurnNumber, whose tables are keyed
	// by the row and the turn number; MaxTurns then bounds a game.
	Model    cardflip.Model
	MaxTurns int
	// Variant: Standard (the default) or Rearrange, under which a player
	// may, after looking, permute the face-down cells (Move.Order); the
	// search then tries every such permutation (up to the symmetries of
	// a row no deal has reached yet). Rearrange is searched table-only.
	Variant cardflip.Variant
	// MemoryAfterTurns, under TurnNumber, relaxes the turn limit: a deal
	// that reaches MaxTurns turns is not cut but finished by one player
	// with full memory (who knows the row, the turn and the distribution
	// of the deals there). The result is then a lower bound for every
	// table+turn strategy, however long its games, not a strategy.
	MemoryAfterTurns bool
	// Bound, when set, is an E[X] some strategy is known to reach (an exact
	// value from Exact): the search looks only at strategies at or below
	// it, which cuts most of the tree. nil: no bound.
	Bound *big.Rat
	// Progress, when set, is called every 65536 nodes.
	Progress func(Progress)
	// MemoryFrom, when positive, relaxes the problem: from the level with
	// MemoryFrom cards face up on, one player with full memory plays (who
	// knows the row then and the distribution of the deals, not the turns
	// before). The result is then a lower bound for the table-only optimum
	// (equal to it when MemoryFrom ≥ m), not a strategy; m may go to
	// MaxBoundM.
	MemoryFrom int
}

// MaxBoundM is the largest m of the relaxed search (Options.MemoryFrom).
const MaxBoundM = 7

// MaxRearrangeM is the largest m of the search under the Rearrange variant.
const MaxRearrangeM = 5

// Progress is the state of a running search.
type Progress struct {
	Nodes int64
	Memo  int
	// Best is the least E[X] of a whole strategy found so far (nil if none).
	Best *big.Rat
}

// Search is the exhaustive search for the best strategy, a table from
// visible rows to actions: with the zero Options, over all deterministic
// table-only strategies for m ≤ MaxM cards, and it returns the least E[X]
// with a strategy reaching it. Under TurnNumber the table is keyed by the
// row and the turn number, and only strategies that end every game within
// MaxTurns turns are searched.
//
// The method, its bounds and its timings are in the package doc.
func Search(ctx context.Context, m int, opt Options) (*Result, error) {
	return optimalSearch(ctx, m, opt, nil)
}

// optimalSearch is Search with the test switches set by tweak.
func optimalSearch(ctx context.Context, m int, opt Options, tweak func(*optSearch)) (*Result, error) {
	relaxed := opt.MemoryFrom > 0 && opt.MemoryFrom < m
	switch {
	case opt.MemoryFrom < 0:
		return nil, fmt.Errorf("cardflip: optimal: MemoryFrom must be at least 0, not %d", opt.MemoryFrom)
	case relaxed && (m < 1 || m > MaxBoundM):
		return nil, fmt.Errorf("cardflip: the relaxed search covers 1 ≤ m ≤ %d, not m = %d", MaxBoundM, m)
	case !relaxed && (m < 1 || m > MaxM && tweak == nil):
		return nil, fmt.Errorf("cardflip: the optimal-strategy search covers 1 ≤ m ≤ %d, not m = %d", MaxM, m)
	}
	turns := opt.Model == cardflip.TurnNumber
	rearrange := opt.Variant == cardflip.Rearrange
	switch {
	case turns && m > MaxTurnM && tweak == nil:
		return nil, fmt.Errorf("cardflip: the turn-number search covers 1 ≤ m ≤ %d, not m = %d", MaxTurnM, m)
	case turns && opt.MaxTurns < m:
		return nil, fmt.Errorf("cardflip: the turn-number search needs a turn limit of at least m = %d, not %d", m, opt.MaxTurns)
	case opt.Variant != cardflip.Standard && opt.Variant != cardflip.Rearrange:
		return nil, fmt.Errorf("cardflip: the optimal-strategy search covers the standard rules and %s, not %s", cardflip.Rearrange, opt.Variant)
	case rearrange && (turns || relaxed):
		return nil, fmt.Errorf("cardflip: the %s search is table-only (no turn model, no MemoryFrom)", cardflip.Rearrange)
	case rearrange && m > MaxRearrangeM && tweak == nil:
		return nil, fmt.Errorf("cardflip: the %s search covers 1 ≤ m ≤ %d, not m = %d", cardflip.Rearrange, MaxRearrangeM, m)
	case opt.MemoryAfterTurns && (!turns || relaxed):
		return nil, fmt.Errorf("cardflip: MemoryAfterTurns needs the turn-number model (and no MemoryFrom)")
	}
	o := &optSearch{ctx: ctx, done: ctx.Done(), m: m, turns: turns, maxTurns: opt.MaxTurns,
		memo: map[string]*optMemo{}, dtMemo: map[string]int64{}, progress: opt.Progress, fact: cardflip.Factorial(m),
		rootBest: optInf, rearrange: rearrange, memAfterTurns: opt.MemoryAfterTurns}
	if relaxed {
		o.memoryFrom = opt.MemoryFrom
	}
	if tweak != nil {
		tweak(o)
	}
	ub := int64(optInf)
	if opt.Bound != nil {
		// Strategies at or below the bound: total turns over the m! deals
		// at most ⌊Bound·m!⌋.
		t := new(big.Rat).Mul(opt.Bound, big.NewRat(o.fact, 1))
		q := new(big.Int).Quo(t.Num(), t.Denom())
		if !q.IsInt64() || q.Int64() >= optInf {
			return nil, fmt.Errorf("cardflip: optimal: bound %s out of range", opt.Bound.RatString())
		}
		ub = q.Int64() + 1
	}
	entries := make([]optEntry, 0, o.fact)
	for _, d := range deals(m) {
		entries = append(entries, optEntry{st: d, n: 1})
	}
	var total int64
	var ts *turnSearch
	var deals []uint32 // the turn search's: every deal's row, sorted
	switch {
	case turns || rearrange || !relaxed && (m >= 6 || o.deepen):
		// Deepening: the budget of turns starts at the least conceivable
		// total (one player with full memory: m!·(2m − H_m), rounded up)
		// and grows until a strategy fits, so the first strategy found is
		// optimal and every failed budget is a proof. Unbounded, the turn
		// number and the Rearrange moves make the first strategies found
		// poor ones and the tree wide (pricing all deals by the group
		// relaxation of turnsearch.go without a budget is much slower
		// too). A failed round returns a lower bound at or above its
		// budget: the next budget starts there, and the memo entries (and
		// the turn search's cores) of a failed round stay valid lower
		// bounds for the next. Budgets end where a strategy is sure to
		// fit: games of at most MaxTurns turns (plus a memory player's 2m
		// under MemoryAfterTurns), or front to back under Rearrange.
		round := func(b int64) int64 {
			o.root = true
			return o.solve(0, entries, b)
		}
		if turns {
			ts = newTurnSearch(o)
			deals = make([]uint32, len(entries))
			for i, e := range entries {
				deals[i] = e.st
			}
			slices.Sort(deals)
			round = func(b int64) int64 { return ts.solve(0, [][]uint32{deals}, b) }
			ub = min(ub, o.fact*int64(opt.MaxTurns+2*m*int(b2u(opt.MemoryAfterTurns)))+1)
		} else {
			ft := new(big.Rat).Mul(cardflip.FrontToBackExpectation(m), big.NewRat(o.fact, 1))
			ub = min(ub, new(big.Int).Quo(ft.Num(), ft.Denom()).Int64()+1)
		}
		t := new(big.Rat).Mul(cardflip.SingleExpectation(m), big.NewRat(o.fact, 1))
		start := new(big.Int).Quo(t.Num(), t.Denom()).Int64() + 1
		if !turns && !rearrange && !o.deepenFromMemory && m > 1 {
			// Table-only (m ≥ 6): from the memory player's bound the budgets
			// would creep up a few turns a round. The relaxed search with
			// MemoryFrom = 1 (the first row played table-only, one player
			// with memory above it) is a lower bound much closer to the
			// optimum (7324/720 at m = 6, the optimum 7326/720): start
			// there.
			ro := Options{MemoryFrom: 1}
			if opt.Progress != nil {
				// Its best is a bound, not a strategy: not shown as one.
				ro.Progress = func(p Progress) { p.Best = nil; opt.Progress(p) }
			}
			// The memory player's trees (dt) are the same in both searches,
			// most of them over the big groups of the first row: the
			// relaxed search fills o's memo of them for the budgets.
			r, err := optimalSearch(ctx, m, ro, func(rs *optSearch) {
				if tweak != nil {
					tweak(rs)
				}
				rs.dtMemo = o.dtMemo
			})
			if err != nil {
				return nil, err
			}
			lo := new(big.Rat).Mul(r.Expectation, big.NewRat(o.fact, 1))
			start = max(start, lo.Num().Int64()+1) // the total is an integer
			o.nodes += r.Nodes
		}
		total = optInf
		for b := start; b <= ub; {
			total = round(b)
			if o.stop {
				return nil, ctx.Err()
			}
			o.rounds++
			if total < b || total >= optInf {
				break
			}
			b = total + 1
		}
	default:
		o.root = true
		total = o.solve(0, entries, ub)
		if o.stop {
			return nil, ctx.Err()
		}
	}
	if total >= ub {
		if opt.Bound != nil {
			return nil, fmt.Errorf("cardflip: optimal: no strategy reaches the bound %s for m = %d", opt.Bound.RatString(), m)
		}
		return nil, fmt.Errorf("cardflip: optimal: no finite strategy found for m = %d", m)
	}
	res := &Result{M: m, Model: opt.Model, Variant: opt.Variant, Expectation: big.NewRat(total, o.fact),
		Nodes: o.nodes, Memo: len(o.memo), Rounds: o.rounds}
	if ts != nil {
		res.Memo = len(ts.memo)
	}
	if !relaxed && !opt.MemoryAfterTurns {
		res.Policy = cardflip.NewTablePolicy(m, opt.Model, rearrange)
		if ts != nil {
			if !ts.collect(deals, res.Policy) {
				return nil, fmt.Errorf("cardflip: optimal: the turn search lost its strategy for m = %d (a bug)", m)
			}
		} else {
			o.collect(0, entries, res.Policy)
		}
	}
	return res, nil
}

const optInf = math.MaxInt64 / 4

// A full row packs the cards in 4 bits each: the number, plus 8 when
// face up. Its visible part keeps only the face-up numbers.
const (
	upBits  = 0x88888888
	numBits = 0x77777777
)

// optVisible is the visible part of a full row: the face-up numbers.
func optVisible(st uint32) uint32 {
	up := st & upBits >> 3 // 1 in every face-up cell
	return st & numBits & (up * 15)
}

// optMove takes the card at pos out of the full row st and inserts it at
// to, face up if up.
func optMove(st uint32, pos, to int, up bool) uint32 {
	P, T := uint(pos)*4, uint(to)*4
	c := st >> P & 15
	if up {
		c |= 8
	}
	rest := st&(1<<P-1) | st>>(P+4)<<P // without the card
	return rest&(1<<T-1) | c<<T | rest>>T<<(T+4)
}

// optMirror is the full row of m cards read right to left.
func optMirror(st uint32, m int) uint32 {
	var out uint32
	for i := range m {
		out |= (st >> (4 * i) & 15) << (4 * (m - 1 - i))
	}
	return out
}

// optEntry is a multiset element: n deals in the full row st, having
// played turn turns (counted only under the turn-number model).
type optEntry struct {
	st   uint32
	turn int32
	n    int64
}

func mergeOptEntries(es []optEntry) []optEntry {
	slices.SortFunc(es, func(a, b optEntry) int {
		if a.st != b.st {
			return cmpU32(a.st, b.st)
		}
		return int(a.turn - b.turn)
	})
	out := es[:0]
	for _, e := range es {
		if l := len(out) - 1; l >= 0 && out[l].st == e.st && out[l].turn == e.turn {
			out[l].n += e.n
		} else {
			out = append(out, e)
		}
	}
	return out
}

func cmpU32(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// optDecision is one entry of the table: the look of row v (x = 0), or
// where number x goes in row v (mv: the index, plus optUp when face up).
type optDecision struct {
	v  uint64
	x  int8
	mv uint64
}

// A move packs the insert index in bits 0..6, optUp, and under the
// Rearrange variant optOrder with Move.Order in 4-bit cells from bit
// optOrderShift (Order[j] in cell j).
const (
	optUp         = 0x80
	optOrder      = 0x100
	optOrderShift = 12
)

type optMemo struct {
	// cost is the least total of turns from the level on if exact, else
	// a lower bound for it.
	cost  int64
	exact bool
	// The best completion: the level's decisions and the deals' exits,
	// for the entries in the orientation mirrored says.
	mirrored bool
	dec      []optDecision
	exits    []optEntry
}

type optSearch struct {
	ctx  context.Context
	done <-chan struct{}
	m    int
	fact int64
	// turns: the turn-number model, searched by turnSearch (which shares
	// dt, the keys and the counters); the level search below is
	// table-only. maxTurns and memAfterTurns are its turn limit.
	turns    bool
	maxTurns int
	memo     map[string]*optMemo
	dtMemo   map[string]int64
	nodes    int64
	stop     bool // the context ended
	root     bool // the next solve is the root's (mirror symmetry of the first look)
	rootBest int64
	progress func(Progress)
	buf      []byte
	// Test switches: the search without the mirror symmetry, and with the
	// plain bound (one turn per card left per deal) instead of dt.
	noMirror, plainBound bool
	// And the Rearrange search without the symmetry of fresh rows; the
	// table-only search by deepening (as for m ≥ 6) at any m, and that
	// deepening from the memory bound, not from the relaxed search.
	noFresh, deepen, deepenFromMemory bool
	// memoryFrom > 0: levels from it on are priced by dt (the relaxation).
	memoryFrom int
	// rearrange: the Rearrange variant (moves carry an Order).
	rearrange bool
	// memAfterTurns: deals at maxTurns are priced by dt, not cut.
	memAfterTurns bool
	rounds        int
	polls         uint32
	ts            *turnSearch // the turn search, when it runs (for progress)
}

// vkey is the key of the visible row: the face-up numbers, and under the
// turn-number model the coming turn's number in bits 32...
func (o *optSearch) vkey(st uint32, turn int32) uint64 {
	v := uint64(optVisible(st))
	if o.turns {
		v |= uint64(turn+1) << 32
	}
	return v
}

// entriesKey is the memo key of a level's multiset, the lesser of its
// bytes and its mirror image's; mirrored says the mirror's.
func (o *optSearch) entriesKey(k int, es []optEntry) (string, bool) {
	a := o.appendEntries(nil, k, es)
	mir := make([]optEntry, len(es))
	for i, e := range es {
		mir[i] = optEntry{st: optMirror(e.st, o.m), turn: e.turn, n: e.n}
	}
	mir = mergeOptEntries(mir)
	b := o.appendEntries(nil, k, mir)
	if string(b) < string(a) && !o.noMirror {
		return string(b), true
	}
	return string(a), false
}

func (o *optSearch) appendEntries(b []byte, k int, es []optEntry) []byte {
	b = append(b, byte(k))
	for _, e := range es {
		b = binary.LittleEndian.AppendUint32(b, e.st)
		if o.turns {
			b = binary.AppendUvarint(b, uint64(e.turn))
		}
		b = binary.AppendUvarint(b, uint64(e.n))
	}
	return b
}

// poll checks the context every 256 calls: the turn search's inner loops
// (its decisions, priced set by set) can run long between two nodes.
func (o *optSearch) poll() bool {
	o.polls++
	if o.polls&255 == 0 {
		select {
		case <-o.done:
			o.stop = true
		default:
		}
	}
	return o.stop
}

func (o *optSearch) checkStop() {
	if o.nodes&63 == 1 { // a node of the turn search can cost milliseconds under -race
		select {
		case <-o.done:
			o.stop = true
		default:
		}
	}
	if o.progress != nil && o.nodes&(1<<16-1) == 0 {
		p := Progress{Nodes: o.nodes, Memo: len(o.memo)}
		if o.ts != nil {
			p.Memo = len(o.ts.memo)
		}
		if o.rootBest < optInf {
			p.Best = big.NewRat(o.rootBest, o.fact)
		}
		o.progress(p)
	}
}

// solve returns the least total number of turns, summed over the deals,
// from level k to the end, if it is below ub; otherwise a lower bound
// for it that is at least ub.
func (o *optSearch) solve(k int, entries []optEntry, ub int64) int64 {
	entries = mergeOptEntries(entries)
	if k == o.m-1 { // one card face down: look at it, turn it up
		var c int64
		for _, e := range entries {
			c += e.n
		}
		return c
	}
	if o.memoryFrom > 0 && k >= o.memoryFrom {
		return o.memoryCost(entries)
	}
	key, mirrored := o.entriesKey(k, entries)
	if r := o.memo[key]; r != nil && (r.exact || r.cost >= ub) {
		return r.cost
	}
	root := o.root
	o.root = false
	l := &optLevel{o: o, k: k, root: root, look: map[uint64]int8{}, place: map[uint64]uint64{},
		best: &optMemo{cost: ub, mirrored: mirrored}, next: optInf}
	l.limit = o.fact // more turns in one level than full rows: the deal loops
	deals := make([]optDeal, len(entries))
	for i, e := range entries {
		deals[i] = optDeal{st: e.st, turn: e.turn, n: e.n}
		l.run(&deals[i])
	}
	l.dfs(deals)
	if o.stop {
		return optInf
	}
	r := l.best
	if r.cost < ub {
		r.exact = true
	} else {
		// No completion below ub: every branch was cut at a bound of at
		// least ub, the least of which bounds them all.
		r.cost = max(ub, l.next)
		if old := o.memo[key]; old != nil && old.cost > r.cost {
			r.cost = old.cost
		}
		r.dec, r.exits = nil, nil
	}
	o.memo[key] = r
	return r.cost
}

// optDeal is a deal's progress through a level.
type optDeal struct {
	st   uint32
	turn int32
	stat uint8
	pos  int8 // dPlace: the position looked at
	x    int8 // dPlace: the number seen there
	n    int64
	cost int64 // turns in this level
}

const (
	dRun   = iota
	dLook  // waits for the look of its row
	dPlace // looked at pos and saw x: waits for where x goes
	dExit  // turned up k+1: waits at level k+1
	dEnd   // turned up m
	dLoop  // plays forever
)

type optLevel struct {
	o     *optSearch
	k     int
	root  bool
	limit int64
	look  map[uint64]int8
	place map[uint64]uint64
	trail []optDecision
	best  *optMemo
	// next is the least bound of a branch cut at or above best.cost: when
	// no completion is found it is a lower bound for every completion, the
	// next budget of a deepening search (as in IDA*).
	next int64
}

// cut records the bound of a branch cut at or above l.best.cost.
func (l *optLevel) cut(b int64) { l.next = min(l.next, b) }

// run plays the deal until it needs an undecided entry of the table or
// leaves the level.
func (l *optLevel) run(d *optDeal) {
	o := l.o
	for d.stat == dRun {
		v := o.vkey(d.st, d.turn)
		pos, ok := l.look[v]
		if !ok {
			d.stat = dLook
			return
		}
		x := int8(d.st >> (4 * uint(pos)) & 7)
		mv, ok := l.place[placeKey(v, int(x))]
		if !ok {
			d.stat, d.pos, d.x = dPlace, pos, x
			return
		}
		up := mv&optUp != 0
		d.st = o.apply(d.st, int(pos), mv)
		d.cost++
		d.turn++
		switch {
		case up && int(x) == o.m:
			d.stat = dEnd
		case up:
			d.stat = dExit
		case d.cost > l.limit:
			d.stat = dLoop
		}
	}
}

// optGroup is a set of deals a player with memory could not tell apart
// either: waiting at one row, or having seen one number at one row, or
// waiting at one row of the next level.
type optGroupKey struct {
	kind uint8
	v    uint64
}

type optMember struct {
	g  optGroupKey
	st uint32
	n  int64
}

// bound returns a lower bound for the total turns of every completion of
// the level's table from these deals, and the undecided entry the most
// deals wait for (ok false when none waits: the level is complete).
func (l *optLevel) bound(deals []optDeal) (lb int64, wait optGroupKey, ok bool) {
	o := l.o
	var ms []optMember
	for i := range deals {
		d := &deals[i]
		lb += d.n * d.cost
		switch d.stat {
		case dLook:
			ms = append(ms, optMember{optGroupKey{dLook, o.vkey(d.st, d.turn)}, d.st, d.n})
		case dPlace:
			lb += d.n // the look it has made
			st := d.st
			if int(d.x) == l.k+1 {
				st |= 8 << (4 * uint(d.pos)) // a player with memory turns it up
			}
			ms = append(ms, optMember{optGroupKey{dPlace, placeKey(o.vkey(d.st, d.turn), int(d.x))}, st, d.n})
		case dExit:
			ms = append(ms, optMember{optGroupKey{d.stat, o.vkey(d.st, d.turn)}, d.st, d.n})
		case dLoop:
			return optInf, wait, false
		}
	}
	slices.SortFunc(ms, func(a, b optMember) int {
		if a.g != b.g {
			if a.g.kind != b.g.kind {
				return int(a.g.kind) - int(b.g.kind)
			}
			if a.g.v < b.g.v {
				return -1
			}
			return 1
		}
		return cmpU32(a.st, b.st)
	})
	var most int64
	g := make([]dtEntry, 0, len(ms))
	for i := 0; i < len(ms); {
		j := i
		g = g[:0]
		var w int64
		for ; j < len(ms) && ms[j].g == ms[i].g; j++ {
			if n := len(g); n > 0 && g[n-1].st == ms[j].st {
				g[n-1].n += ms[j].n
			} else {
				g = append(g, dtEntry{ms[j].st, ms[j].n})
			}
			w += ms[j].n
		}
		lb += o.dt(g)
		if ms[i].g.kind != dExit && w > most {
			most, wait, ok = w, ms[i].g, true
		}
		i = j
	}
	return lb, wait, ok
}

// dfs completes the level's table for the deals; it records in l.best any
// completion cheaper than l.best.cost.
func (l *optLevel) dfs(deals []optDeal) {
	o := l.o
	o.nodes++
	o.checkStop()
	if o.stop {
		return
	}
	lb, wait, ok := l.bound(deals)
	if lb >= l.best.cost {
		l.cut(lb)
		return
	}
	if !ok {
		l.complete(deals)
		return
	}
	type child struct {
		mv    uint64
		lb    int64
		deals []optDeal
	}
	var kids []child
	try := func(mv uint64) {
		cp := slices.Clone(deals)
		for i := range cp {
			d := &cp[i]
			if d.stat == wait.kind && l.waits(d, wait) {
				d.stat = dRun
				l.run(d)
			}
		}
		b, _, _ := l.bound(cp)
		if b < l.best.cost {
			kids = append(kids, child{mv, b, cp})
		} else {
			l.cut(b)
		}
	}
	m := o.m
	if wait.kind == dLook {
		v := wait.v
		for pos := range m {
			if uint32(v)>>(4*pos)&15 != 0 {
				continue // face up
			}
			if l.root && !o.noMirror && uint32(v) == 0 && 2*pos > m-1 {
				continue // the first look: the mirror image of a look at the left half
			}
			l.look[v] = int8(pos)
			try(uint64(pos))
		}
		delete(l.look, v)
		sort.SliceStable(kids, func(i, j int) bool { return kids[i].lb < kids[j].lb })
		for _, c := range kids {
			if c.lb >= l.best.cost {
				l.cut(c.lb)
				break
			}
			l.look[v] = int8(c.mv)
			l.trail = append(l.trail, optDecision{v: v, mv: c.mv})
			l.dfs(c.deals)
			l.trail = l.trail[:len(l.trail)-1]
		}
		delete(l.look, v)
		return
	}
	pk := wait.v
	v, x := pk>>4, int(pk&15)
	pos := int(l.look[v])
	switch {
	case o.rearrange && x == l.k+1 && l.k == m-2:
		// Turning it up leaves one card: it finishes every deal waiting
		// here in one more turn, which nothing else does.
		l.place[pk] = uint64(pos) | optUp
		try(uint64(pos) | optUp)
	case o.rearrange:
		for _, mv := range l.rearrangeMoves(deals, v, pos, x) {
			l.place[pk] = mv
			try(mv)
		}
	default:
		if x == l.k+1 {
			if l.k == m-2 { // turning it up leaves one card: where it goes is immaterial
				l.place[pk] = uint64(pos) | optUp
				try(uint64(pos) | optUp)
			} else {
				for to := range m {
					l.place[pk] = uint64(to) | optUp
					try(uint64(to) | optUp)
				}
			}
		}
		for to := range m {
			if to == pos {
				// Put back where it was: table-only, the same row comes
				// again and with it the same look, forever. (Under the
				// turn model the next turn may look elsewhere: the turn
				// search tries it.)
				continue
			}
			l.place[pk] = uint64(to)
			try(uint64(to))
		}
	}
	delete(l.place, pk)
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].lb < kids[j].lb })
	for _, c := range kids {
		if c.lb >= l.best.cost {
			l.cut(c.lb)
			break
		}
		l.place[pk] = c.mv
		l.trail = append(l.trail, optDecision{v: v, x: int8(x), mv: c.mv})
		l.dfs(c.deals)
		l.trail = l.trail[:len(l.trail)-1]
	}
	delete(l.place, pk)
}

// waits says whether the deal (with stat kind) waits for the entry g.
func (l *optLevel) waits(d *optDeal, g optGroupKey) bool {
	v := l.o.vkey(d.st, d.turn)
	if g.kind == dLook {
		return v == g.v
	}
	return placeKey(v, int(d.x)) == g.v
}

// complete prices a whole table of the level: its turns plus the best of
// the levels above from the deals' exits.
func (l *optLevel) complete(deals []optDeal) {
	o := l.o
	var cost int64
	var exits []optEntry
	for _, d := range deals {
		cost += d.n * d.cost
		if d.stat == dExit {
			exits = append(exits, optEntry{st: d.st, turn: d.turn, n: d.n})
		}
	}
	if cost >= l.best.cost {
		l.cut(cost)
		return
	}
	if len(exits) > 0 {
		rest := o.solve(l.k+1, slices.Clone(exits), l.best.cost-cost)
		if o.stop {
			return
		}
		cost += rest
	}
	if cost >= l.best.cost {
		l.cut(cost) // rest is a lower bound at least the budget it was given
	}
	if cost < l.best.cost {
		l.best.cost = cost
		l.best.dec = slices.Clone(l.trail)
		l.best.exits = mergeOptEntries(exits)
		if l.k == 0 {
			o.rootBest = cost
		}
	}
}

// collect copies the decisions of the optimal play into pol.
func (o *optSearch) collect(k int, entries []optEntry, pol *cardflip.TablePolicy) {
	entries = mergeOptEntries(entries)
	if k == o.m-1 {
		return
	}
	key, mirrored := o.entriesKey(k, entries)
	r := o.memo[key]
	if r == nil || !r.exact {
		return
	}
	flip := mirrored != r.mirrored
	for _, d := range r.dec {
		v, mv := d.v, d.mv
		if flip {
			v = uint64(optMirror(uint32(v), o.m)) | v>>32<<32
			if d.x == 0 {
				mv = uint64(o.m - 1 - int(mv))
			} else {
				mv = o.mirrorMove(mv)
			}
		}
		if d.x == 0 {
			pol.SetLook(v, int(mv))
		} else {
			pol.SetPlace(v, int(d.x), o.moveOf(mv))
		}
	}
	exits := slices.Clone(r.exits)
	if flip {
		for i := range exits {
			exits[i].st = optMirror(exits[i].st, o.m)
		}
	}
	o.collect(k+1, exits, pol)
}

// memoryCost is what one player with full memory needs from the entries
// on, knowing the visible row of each (and the turn under TurnNumber):
// the sum of dt over the groups of one row.
func (o *optSearch) memoryCost(entries []optEntry) int64 {
	sort.Slice(entries, func(i, j int) bool {
		vi, vj := o.vkey(entries[i].st, entries[i].turn), o.vkey(entries[j].st, entries[j].turn)
		if vi != vj {
			return vi < vj
		}
		return entries[i].st < entries[j].st
	})
	var total int64
	var g []dtEntry
	for i := 0; i < len(entries); {
		v := o.vkey(entries[i].st, entries[i].turn)
		g = g[:0]
		j := i
		for ; j < len(entries) && o.vkey(entries[j].st, entries[j].turn) == v; j++ {
			if n := len(g); n > 0 && g[n-1].st == entries[j].st {
				g[n-1].n += entries[j].n
			} else {
				g = append(g, dtEntry{entries[j].st, entries[j].n})
			}
		}
		total += o.dt(slices.Clone(g))
		i = j
	}
	return total
}

// dtEntry is n deals in the full row st.
type dtEntry struct {
	st uint32
	n  int64
}

// dt is the least total number of turns one player with full memory
// needs to finish the deals of g (sorted by row, all with the same cards
// face up), knowing only that the game is one of them: the bound of the
// search. Such a player never moves a card (it remembers where each is),
// turns up the next card as soon as it knows where it is, and otherwise
// looks at a face-down card, which splits g by the number seen there.
func (o *optSearch) dt(g []dtEntry) int64 {
	m := o.m
	k := 0
	var down []int
	for i := range m {
		if g[0].st>>(4*uint(i))&8 != 0 {
			k++
		} else {
			down = append(down, i)
		}
	}
	var w int64
	for _, e := range g {
		w += e.n
	}
	if len(g) == 1 || k >= m-1 || o.plainBound {
		return w * int64(m-k)
	}
	b := o.buf[:0]
	for _, e := range g {
		b = binary.LittleEndian.AppendUint32(b, e.st)
		b = binary.AppendUvarint(b, uint64(e.n))
	}
	o.buf = b
	if c, ok := o.dtMemo[string(b)]; ok {
		return c
	}
	key := string(b)
	best := int64(optInf)
	// The next card's place known: turn it up first.
	for _, p := range down {
		all := true
		for _, e := range g {
			if int(e.st>>(4*uint(p))&7) != k+1 {
				all = false
				break
			}
		}
		if all {
			sub := make([]dtEntry, len(g))
			for i, e := range g {
				sub[i] = dtEntry{e.st | 8<<(4*uint(p)), e.n}
			}
			best = w + o.dt(sub)
			o.dtMemo[key] = best
			return best
		}
	}
	var parts [8][]dtEntry
	for _, p := range down {
		for x := range parts {
			parts[x] = parts[x][:0]
		}
		classes := 0
		for _, e := range g {
			x := int(e.st >> (4 * uint(p)) & 7)
			if len(parts[x]) == 0 {
				classes++
			}
			st := e.st
			if x == k+1 {
				st |= 8 << (4 * uint(p))
			}
			parts[x] = append(parts[x], dtEntry{st, e.n})
		}
		if classes == 1 {
			continue // a card it knows, not the next: a wasted look
		}
		c := w
		for x := range parts {
			if len(parts[x]) > 0 && c < best {
				c += o.dt(slices.Clone(parts[x]))
			}
		}
		best = min(best, c)
	}
	if len(o.dtMemo) > 1<<22 {
		clear(o.dtMemo)
	}
	o.dtMemo[key] = best
	return best
}

// apply plays the move mv of the card at pos on the full row st: the
// card goes to the index, face up if optUp, and under Rearrange the row is
// then permuted by the Order (cell j gets the card of cell Order[j]).
func (o *optSearch) apply(st uint32, pos int, mv uint64) uint32 {
	st = optMove(st, pos, int(mv&0x7f), mv&optUp != 0)
	if mv&optOrder == 0 {
		return st
	}
	var out uint32
	for j := range o.m {
		src := uint(mv >> (optOrderShift + 4*j) & 15)
		out |= (st >> (4 * src) & 15) << (4 * j)
	}
	return out
}

// optRuns marks the start of every run of face-down cells of the visible
// row w (m cells): bit j set when cell j is face down and cell j−1 is not.
func optRuns(w uint32, m int) uint32 {
	var starts uint32
	for j := range m {
		if w>>(4*j)&15 == 0 && (j == 0 || w>>(4*(j-1))&15 != 0) {
			starts |= 1 << j
		}
	}
	return starts
}

// rearrangeMoves lists the moves of number x, seen at pos of the visible
// row v (a key of the level's table), under the Rearrange variant: every
// place for the card (face up when x is next) followed by every
// permutation of the face-down cells, one move per distinct outcome (the
// map from the cells before the turn to the cells after it), without the
// move that leaves the row as it was (the same look would come again).
//
// A row no deal has reached yet (fresh: no deal waits there and its look
// is not decided; for a row of the next level, no deal has left for it) has
// a symmetry: its face-down cells within one run (cells between two face-up
// cards) can be relabeled, since the search has fixed nothing about them
// (a look at either cell of a run, or a card taken from it, leaves the same
// visible row; the Rearrange moves into and out of the row absorb the
// relabeling). So for a fresh row only the permutations that keep the
// order of the cells sent into each run are tried: which cards go into
// which run, not in what order.
func (l *optLevel) rearrangeMoves(deals []optDeal, v uint64, pos, x int) []uint64 {
	o, m := l.o, l.o.m
	vis := uint32(v)
	// ids: each cell's own index, to see a move's outcome as a map.
	var ids uint32
	for i := range m {
		ids |= uint32(i) << (4 * i)
	}
	seen := map[uint64]bool{}
	seenRow := map[uint64]bool{}
	var out []uint64
	ups := []bool{false}
	if x == l.k+1 {
		ups = append(ups, true)
	}
	perm := make([]int, m)
	for _, up := range ups {
		for to := range m {
			w := optMove(vis, pos, to, false)
			if up {
				w |= uint32(x) << (4 * to)
			}
			// Two places that leave the same visible row differ by a
			// permutation of the face-down cells, which the Order covers.
			if rk := uint64(w) | uint64(b2u(up))<<32; seenRow[rk] {
				continue
			} else {
				seenRow[rk] = true
			}
			mid := optMove(ids, pos, to, false)
			var down []int
			for j := range m {
				if w>>(4*j)&15 == 0 {
					down = append(down, j)
				}
			}
			// Is the row after the move fresh?
			wk := uint64(w) | v>>32<<32
			fresh := !o.noFresh
			if _, ok := l.look[wk]; ok && !up {
				fresh = false
			}
			for i := range deals {
				d := &deals[i]
				if (up && d.stat == dExit || !up && d.stat == dLook) && o.vkey(d.st, d.turn) == wk {
					fresh = false
					break
				}
			}
			runs := optRuns(w, m)
			r := len(down)
			for i := range r {
				perm[i] = i
			}
			for {
				ok := true
				if fresh {
					// Within a run the sources keep their order.
					for i := 1; i < r; i++ {
						if runs>>down[i]&1 == 0 && perm[i] < perm[i-1] {
							ok = false
							break
						}
					}
				}
				if ok {
					var order uint64
					var after uint32
					for j := range m {
						src := j
						for i, c := range down {
							if c == j {
								src = down[perm[i]]
							}
						}
						order |= uint64(src) << (4 * j)
						after |= (mid >> (4 * src) & 15) << (4 * j)
					}
					mv := uint64(to)
					if up {
						mv |= optUp
					}
					if order != uint64(ids) {
						mv |= optOrder | order<<optOrderShift
					}
					key := uint64(after) | uint64(b2u(up))<<32
					if !seen[key] && (up || after != ids) {
						seen[key] = true
						out = append(out, mv)
					}
				}
				if !nextPerm(perm[:r]) {
					break
				}
			}
		}
	}
	return out
}

// mirrorMove is the move mv of a mirrored row: the index read from the
// right, and the Order mirrored (cell j of the mirror gets the mirror of
// the source of cell m−1−j).
func (o *optSearch) mirrorMove(mv uint64) uint64 {
	m := o.m
	out := uint64(m-1-int(mv&0x7f)) | mv&optUp
	if mv&optOrder != 0 {
		out |= optOrder
		for j := range m {
			src := int(mv >> (optOrderShift + 4*(m-1-j)) & 15)
			out |= uint64(m-1-src) << (optOrderShift + 4*j)
		}
	}
	return out
}

// moveOf unpacks a move of the search.
func (o *optSearch) moveOf(mv uint64) cardflip.Move {
	out := cardflip.Move{Up: mv&optUp != 0, To: int(mv & 0x7f)}
	if mv&optOrder != 0 {
		out.Order = make([]int, o.m)
		for j := range out.Order {
			out.Order[j] = int(mv >> (optOrderShift + 4*j) & 15)
		}
	}
	return out
}
