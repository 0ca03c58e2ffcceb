package impartial

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// LoopyValue is a generalized Sprague–Grundy value (Smith 1966; Fraenkel and
// Yesha 1986): either a nimber, or ∞(K) where K is the set of finite values
// of the position's options.
//
// A position of finite value n behaves in every sum exactly like a Nim heap of
// size n; in particular it is a P-position when n = 0 and an N-position
// otherwise. A position of value ∞(K) is an N-position when 0 ∈ K (it has a
// move to a P-position) and a draw otherwise.
type LoopyValue struct {
	// Inf says whether the value is infinite.
	Inf bool
	// N is the value when it is finite.
	N Nimber
	// K lists, when the value is infinite, the finite values of the options,
	// ascending and without repeats.
	K []Nimber
}

// FiniteValue returns the finite generalized value n.
func FiniteValue(n Nimber) LoopyValue { return LoopyValue{N: n} }

// InfiniteValue returns ∞(K); K is copied, sorted and made distinct.
func InfiniteValue(k ...Nimber) LoopyValue {
	k = slices.Clone(k)
	slices.Sort(k)
	return LoopyValue{Inf: true, K: slices.Compact(k)}
}

// String writes a finite value as its decimal number and an infinite one as
// "∞" (no finite option) or "∞(0,2)".
func (v LoopyValue) String() string {
	if !v.Inf {
		return strconv.FormatUint(uint64(v.N), 10)
	}
	if len(v.K) == 0 {
		return "∞"
	}
	parts := make([]string, len(v.K))
	for i, k := range v.K {
		parts[i] = strconv.FormatUint(uint64(k), 10)
	}
	return "∞(" + strings.Join(parts, ",") + ")"
}

// Outcome returns P for the value 0, D for ∞(K) with 0 ∉ K, and N otherwise.
func (v LoopyValue) Outcome() Outcome {
	switch {
	case !v.Inf && v.N == 0:
		return P
	case v.Inf && !slices.Contains(v.K, 0):
		return Draw
	}
	return N
}

// Equal reports whether v and w are the same value.
func (v LoopyValue) Equal(w LoopyValue) bool {
	if v.Inf != w.Inf {
		return false
	}
	if !v.Inf {
		return v.N == w.N
	}
	return slices.Equal(v.K, w.K)
}

// Add returns the value of the sum of positions of values v and w, by
// Smith's rule: a ⊕ b for finite values, a ⊕ ∞(K) = ∞(K ⊕ a) where
// K ⊕ a = {k ⊕ a : k ∈ K}, and ∞(K) ⊕ ∞(L) = ∞ (the sum of two infinite
// positions is a draw).
func (v LoopyValue) Add(w LoopyValue) LoopyValue {
	switch {
	case !v.Inf && !w.Inf:
		return FiniteValue(v.N ^ w.N)
	case v.Inf && w.Inf:
		return LoopyValue{Inf: true}
	case w.Inf:
		v, w = w, v
	}
	k := make([]Nimber, len(v.K))
	for i, x := range v.K {
		k[i] = x ^ w.N
	}
	return InfiniteValue(k...)
}

// LoopySolver analyzes games whose positions may repeat (loopy games) by
// retrograde analysis of the graph of positions reachable from the positions
// it is asked about: for every position the outcome (win, loss or draw), the
// remoteness (how many moves the game lasts under best play: the winner
// hurries, the loser delays) and the generalized Sprague–Grundy value.
//
// Sums are split into components by the game's Splitter, and each component
// is analyzed on its own graph; the sum's value is then given by Smith's rule
// ([LoopyValue.Add]): the graph of a sum, the product of its components'
// graphs, is explored only for its remoteness (SumRemoteness), and only up to
// SumGraphLimit positions. Inside a
// component's graph every option must be atomic (a game whose moves split a
// position into several components is refused with an error).
//
// The graph grows as new positions are asked about and is analyzed again,
// as a whole, when it has grown; every exploration is bounded by the
// settings' budget and the context. A LoopySolver is not safe for concurrent use.
type LoopySolver[Pos comparable] struct {
	// SumGraphLimit bounds the positions of a sum's own graph that
	// SumRemoteness and GoodMoves explore (0: DefaultSumGraphLimit;
	// negative: never explore it).
	SumGraphLimit int
	// SumGraphMoveLimit, when positive, also bounds the moves listed while
	// exploring a sum's own graph: a graph of few positions with many moves
	// each is given up like a graph of too many positions.
	SumGraphMoveLimit int

	game     Game[Pos]
	split    Splitter[Pos]
	indexer  Indexer[Pos]
	settings Settings

	dense    []int32 // with an Indexer: node id + 1 of each index, 0 if none
	ids      map[Pos]int32
	pos      []Pos
	succ     []int32 // successor lists, node after node
	end      []int32 // end[i] is the end of node i's successors in succ
	expanded int     // nodes below this have their successors listed
	stamp    []int32 // scratch: dedup of successors
	steps    int

	analyzed int // nodes analyzed; the analysis is stale when < len(pos)
	outcome  []Outcome
	rem      []int32 // remoteness; -1 for draws
	gamma    []int32 // generalized value; -1 for ∞
	count    []int32 // the counter of Fraenkel and Yesha's algorithm
}

// NewLoopySolver returns a loopy-game solver for g.
func NewLoopySolver[Pos comparable](g Game[Pos], settings Settings) *LoopySolver[Pos] {
	s := &LoopySolver[Pos]{game: g, settings: settings, ids: make(map[Pos]int32)}
	s.split, _ = g.(Splitter[Pos])
	s.indexer, _ = g.(Indexer[Pos])
	return s
}

// Solved returns the number of positions in the graph explored so far.
func (s *LoopySolver[Pos]) Solved() int64 { return int64(len(s.pos)) }

// MemoryEstimate returns the solver's estimate, in bytes, of the memory held
// by its graph and analysis.
func (s *LoopySolver[Pos]) MemoryEstimate() int64 {
	var zero Pos
	n := int64(len(s.pos))
	return int64(cap(s.dense))*4 + n*(int64(unsafe.Sizeof(zero))*2+4+16) + int64(cap(s.succ))*4 + int64(cap(s.end))*4 + int64(cap(s.stamp))*4 + n*(1+4+4+4) + int64(len(s.succ))*4
}

func (s *LoopySolver[Pos]) format(p Pos) string {
	if s.settings.Format != nil {
		return s.settings.Format(p)
	}
	return fmt.Sprint(p)
}

func (s *LoopySolver[Pos]) overBudget() error {
	b := s.settings.Budget
	if b.MaxPositions > 0 && int64(len(s.pos)) > b.MaxPositions {
		return &BudgetError{Limit: LimitPositions, Max: b.MaxPositions}
	}
	if b.MaxMemory > 0 && s.MemoryEstimate() > b.MaxMemory {
		return &BudgetError{Limit: LimitMemory, Max: b.MaxMemory}
	}
	return nil
}

func (s *LoopySolver[Pos]) intern(p Pos) int32 {
	if s.indexer != nil {
		if i, ok := s.indexer.Index(p); ok {
			if i < len(s.dense) && s.dense[i] > 0 {
				return s.dense[i] - 1
			}
			if i >= len(s.dense) {
				n := min(max(i+1, 2*len(s.dense), 1<<10), s.indexer.IndexLimit())
				s.dense = append(s.dense, make([]int32, n-len(s.dense))...)
			}
			id := int32(len(s.pos))
			s.dense[i] = id + 1
			s.pos = append(s.pos, p)
			return id
		}
	}
	if id, ok := s.ids[p]; ok {
		return id
	}
	id := int32(len(s.pos))
	s.ids[p] = id
	s.pos = append(s.pos, p)
	return id
}

// forget removes p from the position index.
func (s *LoopySolver[Pos]) forget(p Pos) {
	if s.indexer != nil {
		if i, ok := s.indexer.Index(p); ok {
			s.dense[i] = 0
			return
		}
	}
	delete(s.ids, p)
}

// components returns the atomic components of p (p itself unless the game
// splits).
func (s *LoopySolver[Pos]) components(p Pos) []Pos {
	if s.split == nil {
		return []Pos{p}
	}
	var out []Pos
	s.split.Components(p, func(c Pos) bool {
		out = append(out, c)
		return true
	})
	return out
}

// explore adds the positions reachable from root to the graph.
func (s *LoopySolver[Pos]) explore(ctx context.Context, root Pos) (int32, error) {
	if ctx.Err() != nil {
		return 0, ContextError(ctx)
	}
	id := s.intern(root)
	var ferr error
	for s.expanded < len(s.pos) {
		k := int32(s.expanded)
		p := s.pos[k]
		s.steps++
		if s.steps%pollEvery == 0 {
			if ctx.Err() != nil {
				return 0, s.rollback(ContextError(ctx))
			}
		}
		if s.steps%256 == 0 {
			if err := s.overBudget(); err != nil {
				return 0, s.rollback(err)
			}
		}
		s.game.Moves(p, func(q Pos) bool {
			if s.split != nil {
				parts := s.components(q)
				if len(parts) != 1 || parts[0] != q {
					ferr = fmt.Errorf("loopy analysis: the move from %s to %s splits the position into %d components; loopy analysis needs atomic options", s.format(p), s.format(q), len(parts))
					return false
				}
			}
			v := s.intern(q)
			for int(v) >= len(s.stamp) {
				s.stamp = append(s.stamp, -1)
			}
			if s.stamp[v] != k {
				s.stamp[v] = k
				s.succ = append(s.succ, v)
			}
			if len(s.pos)&1023 == 0 || len(s.succ)&(1<<16-1) == 0 {
				ferr = s.overBudget() // also every 65,536 moves: positions with many moves fill memory with few positions
			}
			return ferr == nil
		})
		if ferr != nil {
			return 0, s.rollback(ferr)
		}
		s.end = append(s.end, int32(len(s.succ)))
		s.expanded++
	}
	if err := s.overBudget(); err != nil {
		return 0, s.rollback(err)
	}
	return id, nil
}

// rollback forgets the nodes of an unfinished exploration, so that the graph
// stays closed under moves.
func (s *LoopySolver[Pos]) rollback(err error) error {
	keep := s.expanded
	if s.analyzed < keep {
		// Nodes expanded but not analyzed may point to unexpanded ones:
		// keep only what was analyzed.
		keep = s.analyzed
	}
	for _, p := range s.pos[keep:] {
		s.forget(p)
	}
	for i := range s.stamp {
		s.stamp[i] = -1
	}
	s.pos = s.pos[:keep]
	s.end = s.end[:keep]
	if keep > 0 {
		s.succ = s.succ[:s.end[keep-1]]
	} else {
		s.succ = s.succ[:0]
	}
	s.expanded = keep
	return err
}

func (s *LoopySolver[Pos]) succs(u int32) []int32 {
	lo := int32(0)
	if u > 0 {
		lo = s.end[u-1]
	}
	return s.succ[lo:s.end[u]]
}

// analyze runs the retrograde analysis and Fraenkel and Yesha's algorithm
// over the whole graph.
func (s *LoopySolver[Pos]) analyze(ctx context.Context) error {
	n := len(s.pos)
	if s.analyzed == n {
		return nil
	}
	pend, pred := predecessors(n, s.succ, s.succs)
	preds := func(v int32) []int32 { return pred[pend[v]:pend[v+1]] }
	var err error
	if s.outcome, s.rem, err = retrograde(ctx, n, s.succs, preds); err != nil {
		return err
	}
	s.gamma = make([]int32, n)
	s.count = make([]int32, n)
	if order := sinksFirst(n, s.succs, preds); order != nil {
		// An acyclic graph: the generalized value is the nim-value, the mex
		// of the options' values, found sinks first in time linear in the
		// edges (Fraenkel and Yesha's rounds would take a pass over the
		// graph per value). The counter is left 0: on an acyclic graph every
		// winning move makes progress.
		mark := make([]int32, n+1)
		for h, u := range order {
			if h%pollEvery == 0 && ctx.Err() != nil {
				return ContextError(ctx)
			}
			for _, v := range s.succs(u) {
				mark[s.gamma[v]] = u + 1
			}
			m := int32(0)
			for mark[m] == u+1 {
				m++
			}
			s.gamma[u] = m
		}
		s.analyzed = n
		return nil
	}
	queue := make([]int32, 0, n)

	// The generalized Sprague–Grundy function, by the algorithm of Fraenkel
	// and Yesha (1986). Round i labels i every unlabeled u that has no
	// option labeled i and whose every option that is unlabeled or labeled ∞
	// has an option labeled i; then labels ∞ every unlabeled position without
	// an option labeled i. cnt[u] counts u's options that are unlabeled or ∞
	// and do not yet have an option labeled i.
	const unlabeled, inf = -2, -1
	for u := range s.gamma {
		s.gamma[u] = unlabeled
	}
	unl := make([]int32, n)
	for u := range unl {
		unl[u] = int32(u)
	}
	cnt := make([]int32, n)
	hasI := make([]int32, n) // round+1 when the position has an option labeled i
	for i := int32(0); len(unl) > 0; i++ {
		if ctx.Err() != nil {
			return ContextError(ctx)
		}
		queue = queue[:0]
		for _, u := range unl {
			c := int32(0)
			for _, v := range s.succs(u) {
				if s.gamma[v] < 0 {
					c++
				}
			}
			cnt[u] = c
			if c == 0 {
				queue = append(queue, u)
			}
		}
		m := int32(0)
		for h := 0; h < len(queue); h++ {
			u := queue[h]
			if s.gamma[u] != unlabeled || hasI[u] == i+1 {
				continue
			}
			s.gamma[u], s.count[u] = i, m
			m++
			for _, w := range preds(u) {
				if hasI[w] == i+1 {
					continue
				}
				hasI[w] = i + 1
				if s.gamma[w] >= 0 {
					continue
				}
				for _, x := range preds(w) {
					if s.gamma[x] != unlabeled {
						continue
					}
					if cnt[x]--; cnt[x] == 0 && hasI[x] != i+1 {
						queue = append(queue, x)
					}
				}
			}
		}
		next := unl[:0]
		for _, u := range unl {
			switch {
			case s.gamma[u] != unlabeled:
			case hasI[u] != i+1:
				s.gamma[u] = inf
			default:
				next = append(next, u)
			}
		}
		unl = next
	}
	s.analyzed = n
	return nil
}

// predecessors builds the predecessor lists of a graph of n nodes whose
// successor lists, node after node, make up succ.
func predecessors(n int, succ []int32, succs func(int32) []int32) (pend, pred []int32) {
	pend = make([]int32, n+1)
	for _, v := range succ {
		pend[v+1]++
	}
	for i := 1; i <= n; i++ {
		pend[i] += pend[i-1]
	}
	pred = make([]int32, len(succ))
	fill := slices.Clone(pend[:n])
	for u := range int32(n) {
		for _, v := range succs(u) {
			pred[fill[v]] = u
			fill[v]++
		}
	}
	return pend, pred
}

// sinksFirst returns the nodes of a graph in an order where every node
// comes after all of its successors, or nil when the graph has a cycle
// (Kahn's algorithm, run from the sinks backwards).
func sinksFirst(n int, succs, preds func(int32) []int32) []int32 {
	left := make([]int32, n)
	order := make([]int32, 0, n)
	for u := range int32(n) {
		if left[u] = int32(len(succs(u))); left[u] == 0 {
			order = append(order, u)
		}
	}
	for h := 0; h < len(order); h++ {
		for _, u := range preds(order[h]) {
			if left[u]--; left[u] == 0 {
				order = append(order, u)
			}
		}
	}
	if len(order) < n {
		return nil
	}
	return order
}

// retrograde decides the outcome and remoteness of every node of a graph.
// Positions without moves are losses; a position with a move to a loss is a
// win, one whose every move goes to a win is a loss; the rest are draws
// (remoteness -1). The queue holds decided positions in nondecreasing
// remoteness, so a win's first losing option is its nearest and a loss's
// last winning option its farthest.
func retrograde(ctx context.Context, n int, succs, preds func(int32) []int32) ([]Outcome, []int32, error) {
	outcome := make([]Outcome, n)
	rem := make([]int32, n)
	left := make([]int32, n)
	queue := make([]int32, 0, n)
	for u := range int32(n) {
		left[u] = int32(len(succs(u)))
		if left[u] == 0 {
			outcome[u] = P
			queue = append(queue, u)
		}
	}
	for h := 0; h < len(queue); h++ {
		if h%pollEvery == 0 && ctx.Err() != nil {
			return nil, nil, ContextError(ctx)
		}
		v := queue[h]
		for _, u := range preds(v) {
			if outcome[u] != 0 {
				continue
			}
			if outcome[v] == P {
				outcome[u], rem[u] = N, rem[v]+1
				queue = append(queue, u)
			} else if left[u]--; left[u] == 0 {
				outcome[u], rem[u] = P, rem[v]+1
				queue = append(queue, u)
			}
		}
	}
	for u := range n {
		if outcome[u] == 0 {
			outcome[u], rem[u] = Draw, -1
		}
	}
	return outcome, rem, nil
}

// value returns the generalized value of node u.
func (s *LoopySolver[Pos]) value(u int32) LoopyValue {
	if g := s.gamma[u]; g >= 0 {
		return FiniteValue(Nimber(g))
	}
	var k []Nimber
	for _, v := range s.succs(u) {
		if g := s.gamma[v]; g >= 0 {
			k = append(k, Nimber(g))
		}
	}
	return InfiniteValue(k...)
}

// nodes explores and analyzes the components of the given positions and
// returns their nodes.
func (s *LoopySolver[Pos]) nodes(ctx context.Context, ps ...Pos) ([][]int32, error) {
	out := make([][]int32, len(ps))
	for i, p := range ps {
		for _, c := range s.components(p) {
			u, err := s.explore(ctx, c)
			if err != nil {
				return nil, err
			}
			out[i] = append(out[i], u)
		}
	}
	if err := s.analyze(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

// Value returns the generalized Sprague–Grundy value of the sum of the given
// positions, each split into its components when the game splits.
func (s *LoopySolver[Pos]) Value(ctx context.Context, ps ...Pos) (LoopyValue, error) {
	nodes, err := s.nodes(ctx, ps...)
	if err != nil {
		return LoopyValue{}, err
	}
	total := FiniteValue(0)
	for _, us := range nodes {
		for _, u := range us {
			total = total.Add(s.value(u))
		}
	}
	return total, nil
}

// Outcome returns the outcome (P, N or Draw) of the sum of the given positions.
func (s *LoopySolver[Pos]) Outcome(ctx context.Context, ps ...Pos) (Outcome, error) {
	v, err := s.Value(ctx, ps...)
	return v.Outcome(), err
}

// Remoteness returns the remoteness of p: the number of moves the game lasts
// when the winner hurries and the loser delays. ok is false for a draw.
// p is analyzed as one position, even when the game would split it.
func (s *LoopySolver[Pos]) Remoteness(ctx context.Context, p Pos) (r int, ok bool, err error) {
	u, err := s.explore(ctx, p)
	if err == nil {
		err = s.analyze(ctx)
	}
	if err != nil {
		return 0, false, err
	}
	return int(s.rem[u]), s.rem[u] >= 0, nil
}

// LoopyMove is a move in a sum of loopy games (component Index changes to
// To) with what it leads to.
type LoopyMove[Pos comparable] struct {
	Move[Pos]
	// Value is the generalized value of the sum after the move.
	Value LoopyValue
	// Remoteness is that of the position after the move: -1 for a draw, and
	// when the sum's graph was too large to explore.
	Remoteness int
}

// GoodMoves returns the moves a perfect player considers in the sum of the
// given positions: from an N-position every winning move (to a P-position),
// from a draw every move that keeps the draw, from a P-position none.
//
// The moves are listed best first, so that always taking the first one wins
// or draws: a win is taken by the move of least remoteness, found in the
// component's graph when a single component can move, and in the sum's own
// graph when it has at most SumGraphLimit positions. For larger sums, moves
// that lower a component's finite value come first, then moves of an
// infinite component to a finite value, each by increasing counter of the
// position reached (the counter of Fraenkel and Yesha's algorithm), then the
// other winning moves. LoopyMove.Remoteness is -1 where it is not known.
func (s *LoopySolver[Pos]) GoodMoves(ctx context.Context, ps ...Pos) ([]LoopyMove[Pos], Outcome, error) {
	return s.rankMoves(ctx, false, ps...)
}

// RankedMoves returns every legal move of the sum of the given positions,
// best first for the player to move, by the remoteness rule of retrograde
// analysis (Steinhaus 1925; Smith 1966; Winning Ways, ch. 9): the winner
// hurries, the loser delays. First come the winning moves (to P-positions),
// ordered as GoodMoves orders them, least remoteness first; then the moves
// to draws; then the losing moves (to N-positions), greatest remoteness
// first, those of unknown remoteness (a sum whose graph is larger than
// SumGraphLimit) last, in the game's order. So from an N-position the first
// move wins fastest, from a draw it keeps the draw, and from a P-position it
// makes the loss last as long as the opponent allows: the game then lasts
// exactly the position's remoteness when both players take the first move.
// The Outcome is that of the sum itself.
func (s *LoopySolver[Pos]) RankedMoves(ctx context.Context, ps ...Pos) ([]LoopyMove[Pos], Outcome, error) {
	return s.rankMoves(ctx, true, ps...)
}

// rankMoves lists the good moves (all = false) or every move (all = true)
// of a sum, best first.
func (s *LoopySolver[Pos]) rankMoves(ctx context.Context, all bool, ps ...Pos) ([]LoopyMove[Pos], Outcome, error) {
	nodes, err := s.nodes(ctx, ps...)
	if err != nil {
		return nil, 0, err
	}
	var flat []int32
	var owner []int
	live := 0
	for i, us := range nodes {
		for _, u := range us {
			flat = append(flat, u)
			owner = append(owner, i)
			if len(s.succs(u)) > 0 {
				live++
			}
		}
	}
	total := FiniteValue(0)
	for _, u := range flat {
		total = total.Add(s.value(u))
	}
	if total.Outcome() == P && !all {
		return nil, P, nil
	}
	// group ranks what a move leads to, for the player making it: a win (the
	// sum after it is a P-position), a draw, a loss.
	group := func(after Outcome) int {
		switch after {
		case P:
			return 0
		case Draw:
			return 1
		}
		return 2
	}
	best := group(P)
	if total.Outcome() == Draw {
		best = group(Draw)
	}
	// With several components that can move, the sum's own graph gives the
	// remoteness of each move, when it is small enough.
	var sg *sumGraph
	if live > 1 {
		if sg, err = s.buildSumGraph(ctx, flat); err != nil {
			return nil, 0, err
		}
	}
	type ranked struct {
		m                 LoopyMove[Pos]
		group, class, key int
	}
	var out []ranked
	for j, u := range flat {
		rest := FiniteValue(0)
		for k, w := range flat {
			if k != j {
				rest = rest.Add(s.value(w))
			}
		}
		from := s.value(u)
		for _, v := range s.succs(u) {
			to := s.value(v)
			after := rest.Add(to)
			gr := group(after.Outcome())
			if gr != best && !all {
				continue
			}
			r := ranked{m: LoopyMove[Pos]{Move: Move[Pos]{Index: owner[j], To: s.pos[v]}, Value: after, Remoteness: -1}, group: gr}
			switch {
			case live == 1:
				r.m.Remoteness = int(s.rem[v])
				r.key = int(s.rem[v])
			case sg != nil:
				next := slices.Clone(flat)
				next[j] = v
				_, key := sumKey(nil, s.live(next))
				rem := sg.rem[sg.keys[key]]
				r.m.Remoteness, r.key = int(rem), int(rem)
			case gr == 2:
				r.class = 1 // a loss of unknown remoteness: after the known ones
			case !from.Inf && !to.Inf && to.N < from.N:
				r.class, r.key = 0, int(s.count[v])
			case from.Inf && !to.Inf:
				r.class, r.key = 1, int(s.count[v])
			default:
				r.class = 2
			}
			if gr == 2 && r.class == 0 {
				r.key = -r.key // a loss: the farthest first
			}
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.group, b.group), cmp.Compare(a.class, b.class), cmp.Compare(a.key, b.key))
	})
	moves := make([]LoopyMove[Pos], len(out))
	for i, r := range out {
		moves[i] = r.m
	}
	return moves, total.Outcome(), nil
}
