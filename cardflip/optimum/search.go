package optimum

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"

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
	if err := checkOptions(m, opt, relaxed, tweak != nil); err != nil {
		return nil, err
	}
	turns := opt.Model == cardflip.TurnNumber
	rearrange := opt.Variant == cardflip.Rearrange
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
	var rows []uint32 // the turn search's: every deal's row, sorted
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
			rows = make([]uint32, len(entries))
			for i, e := range entries {
				rows[i] = e.st
			}
			slices.Sort(rows)
			round = func(b int64) int64 { return ts.solve(0, [][]uint32{rows}, b) }
			ub = min(ub, o.fact*int64(opt.MaxTurns+2*m*int(b2u(opt.MemoryAfterTurns)))+1)
		} else {
			ft := new(big.Rat).Mul(cardflip.FrontToBackExpectation(m), big.NewRat(o.fact, 1))
			ub = min(ub, new(big.Int).Quo(ft.Num(), ft.Denom()).Int64()+1)
		}
		start, err := o.firstBudget(opt, tweak)
		if err != nil {
			return nil, err
		}
		total = o.budgets(round, start, ub)
	default:
		o.root = true
		total = o.solve(0, entries, ub)
	}
	if o.stop {
		return nil, ctx.Err()
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
			if !ts.collect(rows, res.Policy) {
				return nil, fmt.Errorf("cardflip: optimal: the turn search lost its strategy for m = %d (a bug)", m)
			}
		} else {
			o.collect(0, entries, res.Policy)
		}
	}
	return res, nil
}

// checkOptions refuses what the search does not cover; tweaked (a test's
// switches) lifts the limits on m.
func checkOptions(m int, opt Options, relaxed, tweaked bool) error {
	switch {
	case opt.MemoryFrom < 0:
		return fmt.Errorf("cardflip: optimal: MemoryFrom must be at least 0, not %d", opt.MemoryFrom)
	case relaxed && (m < 1 || m > MaxBoundM):
		return fmt.Errorf("cardflip: the relaxed search covers 1 ≤ m ≤ %d, not m = %d", MaxBoundM, m)
	case !relaxed && (m < 1 || m > MaxM && !tweaked):
		return fmt.Errorf("cardflip: the optimal-strategy search covers 1 ≤ m ≤ %d, not m = %d", MaxM, m)
	}
	turns := opt.Model == cardflip.TurnNumber
	rearrange := opt.Variant == cardflip.Rearrange
	switch {
	case turns && m > MaxTurnM && !tweaked:
		return fmt.Errorf("cardflip: the turn-number search covers 1 ≤ m ≤ %d, not m = %d", MaxTurnM, m)
	case turns && opt.MaxTurns < m:
		return fmt.Errorf("cardflip: the turn-number search needs a turn limit of at least m = %d, not %d", m, opt.MaxTurns)
	case opt.Variant != cardflip.Standard && opt.Variant != cardflip.Rearrange:
		return fmt.Errorf("cardflip: the optimal-strategy search covers the standard rules and %s, not %s", cardflip.Rearrange, opt.Variant)
	case rearrange && (turns || relaxed):
		return fmt.Errorf("cardflip: the %s search is table-only (no turn model, no MemoryFrom)", cardflip.Rearrange)
	case rearrange && m > MaxRearrangeM && !tweaked:
		return fmt.Errorf("cardflip: the %s search covers 1 ≤ m ≤ %d, not m = %d", cardflip.Rearrange, MaxRearrangeM, m)
	case opt.MemoryAfterTurns && (!turns || relaxed):
		return fmt.Errorf("cardflip: MemoryAfterTurns needs the turn-number model (and no MemoryFrom)")
	}
	return nil
}

// firstBudget is the first budget of a deepening search: the memory
// player's total m!·(2m − H_m) rounded up, or table-only the relaxed
// search's.
func (o *optSearch) firstBudget(opt Options, tweak func(*optSearch)) (int64, error) {
	m := o.m
	t := new(big.Rat).Mul(cardflip.SingleExpectation(m), big.NewRat(o.fact, 1))
	start := new(big.Int).Quo(t.Num(), t.Denom()).Int64() + 1
	if o.turns || o.rearrange || o.deepenFromMemory || m <= 1 {
		return start, nil
	}
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
	r, err := optimalSearch(o.ctx, m, ro, func(rs *optSearch) {
		if tweak != nil {
			tweak(rs)
		}
		rs.dtMemo = o.dtMemo
	})
	if err != nil {
		return 0, err
	}
	lo := new(big.Rat).Mul(r.Expectation, big.NewRat(o.fact, 1))
	o.nodes += r.Nodes
	return max(start, lo.Num().Int64()+1), nil // the total is an integer
}

// budgets runs round on the budgets from start up to ub, each failed one's
// bound the next budget, until a strategy fits (the total returned is
// below its budget), none can, or the context ends (o.stop).
func (o *optSearch) budgets(round func(budget int64) int64, start, ub int64) int64 {
	total := int64(optInf)
	for b := start; b <= ub; {
		total = round(b)
		if o.stop {
			return optInf
		}
		o.rounds++
		if total < b || total >= optInf {
			break
		}
		b = total + 1
	}
	return total
}

const optInf = math.MaxInt64 / 4

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
