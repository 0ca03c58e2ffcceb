package impartial

import (
	"cmp"
	"context"
	"encoding/binary"
	"reflect"
	"slices"
	"unsafe"
)

// The remoteness of a sum is not a function of its components' values: it is
// found on the sum's own game graph. A sumTree explores that graph as
// multisets of atomic components, so that games whose moves split a
// component (take-and-break games: a Kayles move may leave two rows) and
// sums of different games are ranked like any other game. Components
// without moves are left out of a state (they change nothing), and equal
// components have equal moves, so the graph of kayles 3 5 is small although
// its positions are many.
//
// Retrograde analysis of that graph gives every state's outcome and its
// remoteness by the rule of Steinhaus (1925) and Winning Ways, ch. 9: a
// position without moves has remoteness 0; a won position is won by its
// losing option (for the opponent) of least remoteness, plus one; a lost
// position lasts as long as its option of greatest remoteness, plus one.
// States on a cycle that neither player can leave to a win are draws
// (remoteness -1).
type sumTree[Pos comparable] struct {
	g     Game[Pos]
	split func(Pos, func(Pos) bool) // nil: every position is atomic
	index Indexer[Pos]              // nil: atoms are interned in a map
	// maxStates bounds the states of the graph (and the atomic components
	// met), maxMoves the moves listed (of components and of states),
	// maxMemory the estimate of the bytes held.
	maxStates, maxMoves, maxMemory int64
	// stringPos: positions are strings, whose bytes intern counts;
	// partPos: they are the parts of a sum, whose string ones it counts.
	stringPos, partPos bool

	atomIDs map[Pos]int32
	dense   []int32 // with an Indexer: atom id + 1 of each index, 0 if none
	atoms   []treeAtom[Pos]
	// The options of every atom, one after the other: option o is
	// optComps[optEnd[o-1]:optEnd[o]].
	optComps, optEnd []int32
	// yield lists an option of the atom being explored (one closure for
	// the whole exploration); yieldErr is why it stopped.
	yield    func(Pos) bool
	yieldErr error
	ctx      context.Context
	keys     map[string]int32
	states   [][]int32
	succ     []int32
	end      []int32
	moves    int64
	bytes    int64
	buf      []byte

	outcome []Outcome
	rem     []int32
}

// treeAtom is an atomic component met in the tree, with its options: the
// options first..last-1 of the tree's arena.
type treeAtom[Pos comparable] struct {
	p           Pos
	first, last int32
}

// options returns the number of options of atom u: an atom without
// options has no moves, and a state leaves it out.
func (t *sumTree[Pos]) options(u int32) int { return int(t.atoms[u].last - t.atoms[u].first) }

func (t *sumTree[Pos]) live(u int32) bool { return t.atoms[u].last > t.atoms[u].first }

// option returns option k of atom u: the sorted ids of its components that
// have moves (one id, or none, for a game that does not split).
func (t *sumTree[Pos]) option(u int32, k int) []int32 {
	o := t.atoms[u].first + int32(k)
	lo := int32(0)
	if o > 0 {
		lo = t.optEnd[o-1]
	}
	return t.optComps[lo:t.optEnd[o]]
}

// Bounds of the ranking search: the sum's graph is explored when it has at
// most this many states and moves (and the question's budget allows).
const (
	rankStates = 1 << 16
	rankMoves  = 1 << 19
	rankBytes  = 32 << 20
)

// splitOf returns how g splits a position into atomic components: its
// Splitter's Components, or nil when every position is atomic.
func splitOf[Pos comparable](g Game[Pos]) func(Pos, func(Pos) bool) {
	if s, ok := g.(Splitter[Pos]); ok {
		return s.Components
	}
	return nil
}

// newSumTree returns a ranking search of g's sums within b, clamped to the
// ranking bounds.
func newSumTree[Pos comparable](g Game[Pos], b Budget) *sumTree[Pos] {
	t := &sumTree[Pos]{g: g, split: splitOf(g), maxStates: rankStates, maxMoves: rankMoves, maxMemory: rankBytes,
		atomIDs: map[Pos]int32{}, keys: map[string]int32{}}
	t.index, _ = g.(Indexer[Pos])
	t.stringPos = reflect.TypeFor[Pos]().Kind() == reflect.String
	t.partPos = reflect.TypeFor[Pos]() == reflect.TypeFor[Part]()
	if b.MaxPositions > 0 {
		t.maxStates = min(t.maxStates, b.MaxPositions)
	}
	if m := b.MoveLimit(); m > 0 {
		t.maxMoves = min(t.maxMoves, m)
	}
	if b.MaxMemory > 0 {
		t.maxMemory = min(t.maxMemory, b.MaxMemory)
	}
	return t
}

// intern returns the id of the atomic component c, adding it (to be
// explored) when new; with add false, -1 for a component not met.
func (t *sumTree[Pos]) intern(c Pos, add bool) (int32, error) {
	i, dense := -1, false
	if t.index != nil {
		i, dense = t.index.Index(c)
		dense = dense && i < t.index.IndexLimit()
		if dense && i < len(t.dense) && t.dense[i] > 0 {
			return t.dense[i] - 1, nil
		}
	}
	if !dense {
		if id, ok := t.atomIDs[c]; ok {
			return id, nil
		}
	}
	if !add {
		return -1, nil
	}
	if int64(len(t.atoms)) >= t.maxStates {
		return 0, &BudgetError{Limit: LimitPositions, Max: t.maxStates}
	}
	id := int32(len(t.atoms))
	t.atoms = append(t.atoms, treeAtom[Pos]{p: c})
	if dense {
		if i >= len(t.dense) {
			n := min(max(i+1, 2*len(t.dense), 1<<10), t.index.IndexLimit())
			t.bytes += int64(n-len(t.dense)) * 4
			t.dense = append(t.dense, make([]int32, n-len(t.dense))...)
		}
		t.dense[i] = id + 1
	} else {
		t.atomIDs[c] = id
		t.bytes += int64(unsafe.Sizeof(c)) + 16
	}
	t.bytes += int64(unsafe.Sizeof(c)) + 8
	if n := t.heldBytes(&c); n > 0 {
		// A string position (a coin game's packed heads, alone or as a
		// component of a sum) holds its bytes besides its header, and one
		// can be megabytes: counted as it is met, so that a few huge
		// options stop the ranking, not the process.
		if t.bytes += n; t.bytes > t.maxMemory {
			return 0, &BudgetError{Limit: LimitMemory, Max: t.maxMemory}
		}
	}
	return id, nil
}

// heldBytes returns the bytes a position holds besides its own size: those
// of a string position, or of a string component of a sum.
func (t *sumTree[Pos]) heldBytes(c *Pos) int64 {
	switch {
	case t.stringPos:
		return int64(len(*(*string)(unsafe.Pointer(c))))
	case t.partPos:
		if v := reflect.ValueOf((*Part)(unsafe.Pointer(c)).Pos); v.Kind() == reflect.String {
			return int64(v.Len())
		}
	}
	return 0
}

// components appends to out the ids of p's atomic components (adding
// those not met yet when add is true; with add false a component not met
// is -1).
func (t *sumTree[Pos]) components(p Pos, out []int32, add bool) ([]int32, error) {
	if t.split == nil {
		id, err := t.intern(p, add)
		return append(out, id), err
	}
	var err error
	t.split(p, func(c Pos) bool {
		var id int32
		id, err = t.intern(c, add)
		out = append(out, id)
		return err == nil
	})
	return out, err
}

// exploreAtoms lists the options of every atomic component reachable from
// ps, each as its components' ids: one call of Moves per component.
func (t *sumTree[Pos]) exploreAtoms(ctx context.Context, ps []Pos) error {
	for _, p := range ps {
		if _, err := t.components(p, nil, true); err != nil {
			return err
		}
	}
	t.ctx = ctx
	t.yield = func(q Pos) bool {
		if t.moves++; t.moves > t.maxMoves {
			t.yieldErr = &BudgetError{Limit: LimitMoves, Max: t.maxMoves}
			return false
		}
		if t.moves%pollEvery == 0 && t.ctx.Err() != nil {
			t.yieldErr = ContextError(t.ctx)
			return false
		}
		// An option yielded twice leads to the same state: the state's
		// list of successors drops the repeat.
		if t.optComps, t.yieldErr = t.components(q, t.optComps, true); t.yieldErr != nil {
			return false
		}
		t.optEnd = append(t.optEnd, int32(len(t.optComps)))
		return true
	}
	for k := 0; k < len(t.atoms); k++ {
		if k%256 == 0 && ctx.Err() != nil {
			return ContextError(ctx)
		}
		t.atoms[k].first = int32(len(t.optEnd))
		t.g.Moves(t.atoms[k].p, t.yield)
		t.atoms[k].last = int32(len(t.optEnd))
		if t.yieldErr != nil {
			return t.yieldErr
		}
		if k%256 == 0 && t.bytes+int64(cap(t.optComps)+cap(t.optEnd))*4 > t.maxMemory {
			return &BudgetError{Limit: LimitMemory, Max: t.maxMemory}
		}
	}
	t.bytes += int64(cap(t.optComps)+cap(t.optEnd)) * 4
	if t.bytes > t.maxMemory {
		return &BudgetError{Limit: LimitMemory, Max: t.maxMemory}
	}
	// Every atom is explored: leave out of each option the components
	// without moves, and sort the rest (in place: the arena only shrinks).
	w, lo := 0, int32(0)
	for o, end := range t.optEnd {
		from := w
		for _, u := range t.optComps[lo:end] {
			if t.live(u) {
				t.optComps[w] = u
				w++
			}
		}
		slices.Sort(t.optComps[from:w])
		lo, t.optEnd[o] = end, int32(w)
	}
	t.optComps = t.optComps[:w]
	return nil
}

// liveOf returns the sorted ids, among ids, of the atoms that have moves.
func (t *sumTree[Pos]) liveOf(ids []int32) []int32 {
	out := make([]int32, 0, len(ids))
	for _, u := range ids {
		if t.live(u) {
			out = append(out, u)
		}
	}
	slices.Sort(out)
	return out
}

// state returns the id of the state of the sorted components ids, adding
// it (a copy of ids) when new; a *BudgetError when the graph would pass its
// bounds.
func (t *sumTree[Pos]) state(ids []int32) (int32, error) {
	t.buf = t.buf[:0]
	for _, u := range ids {
		t.buf = binary.AppendUvarint(t.buf, uint64(u))
	}
	if id, ok := t.keys[string(t.buf)]; ok {
		return id, nil
	}
	if int64(len(t.states)) >= t.maxStates {
		return 0, &BudgetError{Limit: LimitPositions, Max: t.maxStates}
	}
	key := string(t.buf)
	t.bytes += int64(len(key))*2 + int64(len(ids))*4 + 80
	if t.bytes > t.maxMemory {
		return 0, &BudgetError{Limit: LimitMemory, Max: t.maxMemory}
	}
	id := int32(len(t.states))
	t.keys[key] = id
	t.states = append(t.states, slices.Clone(ids))
	return id, nil
}

// lookup returns the id of the state of the sorted components ids, if the
// graph has it.
func (t *sumTree[Pos]) lookup(ids []int32) (int32, bool) {
	t.buf = t.buf[:0]
	for _, u := range ids {
		t.buf = binary.AppendUvarint(t.buf, uint64(u))
	}
	id, ok := t.keys[string(t.buf)]
	return id, ok
}

// merge writes into dst the sorted multiset cur without its element j,
// plus the sorted o.
func merge(dst, cur []int32, j int, o []int32) []int32 {
	dst = dst[:0]
	i, k := 0, 0
	for i < len(cur) || k < len(o) {
		if i == j {
			i++
			continue
		}
		if k == len(o) || (i < len(cur) && cur[i] <= o[k]) {
			dst = append(dst, cur[i])
			i++
		} else {
			dst = append(dst, o[k])
			k++
		}
	}
	return dst
}

func (t *sumTree[Pos]) succs(u int32) []int32 {
	lo := int32(0)
	if u > 0 {
		lo = t.end[u-1]
	}
	return t.succ[lo:t.end[u]]
}

// build explores the graph of the sum of ps (state 0) and analyzes it. A
// *BudgetError says which bound the graph passes (or that the context
// ended).
func (t *sumTree[Pos]) build(ctx context.Context, ps []Pos) error {
	if err := t.exploreAtoms(ctx, ps); err != nil {
		return err
	}
	var all []int32
	for _, p := range ps {
		all, _ = t.components(p, all, false)
	}
	if _, err := t.state(t.liveOf(all)); err != nil {
		return err
	}
	seen := map[int32]bool{}
	var scratch []int32
	for k := 0; k < len(t.states); k++ {
		if k%256 == 0 && ctx.Err() != nil {
			return ContextError(ctx)
		}
		cur := t.states[k]
		clear(seen)
		for j, u := range cur {
			if j > 0 && cur[j-1] == u {
				continue // the same component twice: the same moves
			}
			for m := range t.options(u) {
				o := t.option(u, m)
				if t.moves++; t.moves > t.maxMoves {
					return &BudgetError{Limit: LimitMoves, Max: t.maxMoves}
				}
				scratch = merge(scratch, cur, j, o)
				id, err := t.state(scratch)
				if err != nil {
					return err
				}
				if !seen[id] {
					seen[id] = true
					t.succ = append(t.succ, id)
				}
			}
		}
		t.end = append(t.end, int32(len(t.succ)))
		t.bytes += int64(len(t.succs(int32(k))))*8 + 8
		if t.bytes > t.maxMemory {
			return &BudgetError{Limit: LimitMemory, Max: t.maxMemory}
		}
	}
	n := len(t.states)
	pend, pred := predecessors(n, t.succ, t.succs)
	var err error
	t.outcome, t.rem, err = retrograde(ctx, n, t.succs, func(v int32) []int32 { return pred[pend[v]:pend[v+1]] })
	return err
}

// rankedOption is an option of the root with its place in the ranking.
type rankedOption[Pos comparable] struct {
	Option[Pos]
	group int
	key   int
}

// rank returns every distinct option of the sum ps (the root of a built
// tree), best first for the player to move: the winning moves by least
// remoteness, then the moves keeping a draw, then the losing moves by
// greatest remoteness, each group in the game's order. value, when not
// nil, gives the nim-value of the sum after ps[i] moves to q (nil where it
// is not known).
func (t *sumTree[Pos]) rank(ctx context.Context, ps []Pos, limit int64, value func(i int, q Pos) (*Nimber, error)) ([]Option[Pos], error) {
	parts := make([][]int32, len(ps))
	for i, p := range ps {
		ids, _ := t.components(p, nil, false)
		parts[i] = t.liveOf(ids)
	}
	var out []rankedOption[Pos]
	for i, p := range ps {
		var rest []int32
		for j := range ps {
			if j != i {
				rest = append(rest, parts[j]...)
			}
		}
		err := eachOption(ctx, t.g, p, limit, func(q Pos) error {
			ids, _ := t.components(q, slices.Clone(rest), false)
			if slices.Contains(ids, -1) {
				return &BudgetError{Limit: LimitPositions, Max: t.maxStates}
			}
			id, ok := t.lookup(t.liveOf(ids))
			if !ok {
				return &BudgetError{Limit: LimitPositions, Max: t.maxStates}
			}
			o := Option[Pos]{Move: Move[Pos]{Index: i, To: q}, After: t.outcome[id], Remoteness: int(t.rem[id])}
			if value != nil {
				v, err := value(i, q)
				if err != nil {
					return err
				}
				o.Value = v
			}
			r := rankedOption[Pos]{Option: o}
			switch o.After {
			case P:
				r.group, r.key = 0, o.Remoteness
			case Draw:
				r.group = 1
			default:
				r.group, r.key = 2, -o.Remoteness
			}
			out = append(out, r)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(out, func(a, b rankedOption[Pos]) int {
		return cmp.Or(cmp.Compare(a.group, b.group), cmp.Compare(a.key, b.key))
	})
	opts := make([]Option[Pos], len(out))
	for i, r := range out {
		opts[i] = r.Option
	}
	return opts, nil
}

// Remoteness returns the remoteness of the sum of the given positions of g
// (Steinhaus 1925; Winning Ways, ch. 9): the number of moves the game
// lasts when the winner hurries and the loser delays, found by retrograde
// analysis of the sum's own game graph, explored as multisets of atomic
// components (so take-and-break games, whose moves split a component, are
// answered too). ok is false for a draw. A graph larger than the budget
// (or than the ranking bounds, 65,536 states and 524,288 moves) is a
// *BudgetError.
func Remoteness[Pos comparable](ctx context.Context, g Game[Pos], ps []Pos, b Budget) (r int, ok bool, err error) {
	t := newSumTree(g, b)
	if err := t.build(ctx, ps); err != nil {
		return 0, false, err
	}
	return int(t.rem[0]), t.rem[0] >= 0, nil
}
