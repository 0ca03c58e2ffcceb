package impartial

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"unsafe"
)

// Solver computes normal-play Grundy values of a game's positions and of sums
// of them, memoizing every atomic position it solves. The memo persists across
// calls, so asking about many positions of one game costs little more than
// asking about the largest. A Solver is not safe for concurrent use.
type Solver[P comparable] struct {
	game     Game[P]
	split    Splitter[P]
	valuer   Valuer[P]
	target   TargetMover[P]
	indexer  Indexer[P]
	settings Settings

	// Memo state of a position: 0 unknown, onStack while being searched,
	// v+done once solved with value v.
	dense  []uint32
	memo   map[P]uint32
	solved int64

	ctx   context.Context
	steps int

	// The search stack and, above each frame, its options' components and
	// their values (an arena shared by all frames, truncated on pop).
	stack   []frame[P]
	comps   []P
	vals    []Nimber
	ends    []int32 // splitters only: end in comps of each option
	marks   []uint64
	optVals []Nimber

	overflow  error // why generating the options of a position stopped
	yielded   int64 // options yielded for the position being pushed
	yieldMove func(P) bool
	yieldComp func(P) bool
	scratch   []P
}

const (
	onStack uint32 = 1
	done    uint32 = 2
	// maxMemo is the largest value the memo can hold.
	maxMemo = Nimber(^uint32(0) - done)
)

type frame[P comparable] struct {
	p    P
	lo   int32 // first component of this frame's options in comps
	olo  int32 // first option end in ends (splitters)
	next int32 // next component to look up
}

// NewSolver returns a solver for g. The closed forms g offers (Valuer,
// TargetMover) are used; wrap g with Plain to search instead.
func NewSolver[P comparable](g Game[P], settings Settings) *Solver[P] {
	s := &Solver[P]{game: g, settings: settings, memo: make(map[P]uint32)}
	s.split, _ = g.(Splitter[P])
	s.valuer, _ = g.(Valuer[P])
	s.target, _ = g.(TargetMover[P])
	s.indexer, _ = g.(Indexer[P])
	s.yieldComp = func(q P) bool {
		s.comps = append(s.comps, q)
		return true
	}
	// Generating moves checks the budget every 1024 options, so that a
	// position with a billion options cannot exhaust memory or time first.
	if s.split != nil {
		s.yieldMove = func(q P) bool {
			s.split.Components(q, s.yieldComp)
			s.ends = append(s.ends, int32(len(s.comps)))
			s.yielded++
			return s.yielded&1023 != 0 || !s.markOverflow()
		}
	} else {
		s.yieldMove = func(q P) bool {
			s.comps = append(s.comps, q)
			s.yielded++
			return s.yielded&1023 != 0 || !s.markOverflow()
		}
	}
	return s
}

// Solved returns the number of atomic positions memoized so far.
func (s *Solver[P]) Solved() int64 { return s.solved }

// MemoryEstimate returns the solver's estimate, in bytes, of the memory its
// memo tables and search stack hold.
func (s *Solver[P]) MemoryEstimate() int64 {
	var zero P
	psize := int64(unsafe.Sizeof(zero))
	m := int64(cap(s.dense)) * 4
	m += int64(len(s.memo)) * (psize + 4 + 12) // key, value, map overhead
	m += int64(cap(s.comps))*psize + int64(cap(s.vals))*8 + int64(cap(s.ends))*4
	m += int64(cap(s.stack)) * (psize + 12)
	return m
}

// markOverflow records whether the options generated so far for one
// position exceed the budget (its moves, positions or memory) or the
// context has ended.
func (s *Solver[P]) markOverflow() bool {
	if l := s.settings.Budget.MoveLimit(); l > 0 && s.yielded > l {
		s.overflow = &BudgetError{Limit: LimitMoves, Max: l}
	} else if s.ctx != nil && s.ctx.Err() != nil {
		s.overflow = ContextError(s.ctx)
	} else {
		s.overflow = s.overBudget()
	}
	return s.overflow != nil
}

func (s *Solver[P]) overBudget() error {
	b := s.settings.Budget
	if b.MaxPositions > 0 && s.solved+int64(len(s.stack))+int64(len(s.comps)) > b.MaxPositions {
		return &BudgetError{Limit: LimitPositions, Max: b.MaxPositions}
	}
	if b.MaxMemory > 0 && s.MemoryEstimate() > b.MaxMemory {
		return &BudgetError{Limit: LimitMemory, Max: b.MaxMemory}
	}
	return nil
}

func (s *Solver[P]) state(p P) uint32 {
	if s.indexer != nil {
		if i, ok := s.indexer.Index(p); ok {
			if i < len(s.dense) {
				return s.dense[i]
			}
			return 0
		}
	}
	return s.memo[p]
}

func (s *Solver[P]) setState(p P, st uint32) {
	if s.indexer != nil {
		if i, ok := s.indexer.Index(p); ok {
			if i >= len(s.dense) {
				n := max(i+1, 2*len(s.dense), 1<<16)
				n = min(n, s.indexer.IndexLimit())
				s.dense = append(s.dense, make([]uint32, n-len(s.dense))...)
			}
			s.dense[i] = st
			return
		}
	}
	if st == 0 {
		delete(s.memo, p)
		return
	}
	s.memo[p] = st
}

// Value returns the Grundy value of the sum of the given positions (a single
// position when one is given). Each position may itself be a sum if the game
// is a Splitter.
func (s *Solver[P]) Value(ctx context.Context, ps ...P) (Nimber, error) {
	var total Nimber
	for _, p := range ps {
		v, err := s.valueOf(ctx, p)
		if err != nil {
			return 0, err
		}
		total ^= v
	}
	return total, nil
}

// Outcome returns the normal-play outcome of the sum of the given positions.
func (s *Solver[P]) Outcome(ctx context.Context, ps ...P) (Outcome, error) {
	v, err := s.Value(ctx, ps...)
	if err != nil {
		return 0, err
	}
	return OutcomeOf(v), nil
}

// WinningMoves returns every winning move of the sum of the given positions:
// each move of a component i to an option of value G_i XOR T, where T is the
// value of the sum. The list is empty when T = 0 (a P-position). Moves are in
// component order, then in the order the game yields them (duplicates removed).
func (s *Solver[P]) WinningMoves(ctx context.Context, ps ...P) ([]Move[P], error) {
	vals := make([]Nimber, len(ps))
	var total Nimber
	for i, p := range ps {
		v, err := s.valueOf(ctx, p)
		if err != nil {
			return nil, err
		}
		vals[i] = v
		total ^= v
	}
	if total == 0 {
		return nil, nil
	}
	var moves []Move[P]
	for i, p := range ps {
		want := vals[i] ^ total
		if s.target != nil {
			if qs, ok := s.target.MovesToValue(nil, p, want); ok {
				for _, q := range qs {
					moves = append(moves, Move[P]{Index: i, To: q})
				}
				continue
			}
		}
		opts, err := s.Options(ctx, p)
		if err != nil {
			return nil, err
		}
		for _, q := range opts {
			v, err := s.valueOf(ctx, q)
			if err != nil {
				return nil, err
			}
			if v == want {
				moves = append(moves, Move[P]{Index: i, To: q})
			}
		}
	}
	return moves, nil
}

// Options returns the distinct options of p in the order the game yields
// them, within the budget's move limit (Budget.MoveLimit).
func (s *Solver[P]) Options(ctx context.Context, p P) ([]P, error) {
	return collectOptions(ctx, s.game, p, s.settings.Budget.MoveLimit())
}

// collectOptions lists the distinct options of p. limit bounds the moves the
// game yields (duplicates count: they cost as much to generate), and the
// context is checked as they come, so a position with a billion options
// ends in a budget error, not in exhausted memory or time.
func collectOptions[P comparable](ctx context.Context, g Game[P], p P, limit int64) ([]P, error) {
	var opts []P
	seen := make(map[P]struct{})
	var err error
	var yielded int64
	g.Moves(p, func(q P) bool {
		yielded++
		if limit > 0 && yielded > limit {
			err = &BudgetError{Limit: LimitMoves, Max: limit}
			return false
		}
		if yielded%pollEvery == 0 && ctx.Err() != nil {
			err = ContextError(ctx)
			return false
		}
		if _, dup := seen[q]; !dup {
			seen[q] = struct{}{}
			opts = append(opts, q)
		}
		return true
	})
	return opts, err
}

// valueOf returns the value of p, splitting it first when the game splits.
func (s *Solver[P]) valueOf(ctx context.Context, p P) (Nimber, error) {
	if s.split == nil {
		return s.atomic(ctx, p)
	}
	s.scratch = s.scratch[:0]
	s.split.Components(p, func(c P) bool {
		s.scratch = append(s.scratch, c)
		return true
	})
	parts := append([]P(nil), s.scratch...)
	var total Nimber
	for _, c := range parts {
		v, err := s.atomic(ctx, c)
		if err != nil {
			return 0, err
		}
		total ^= v
	}
	return total, nil
}

// atomic solves an atomic position by depth-first search with an explicit
// stack. Invariant: every frame's options occupy comps[frame.lo:] up to the
// next frame's lo, and vals[i] holds the value of comps[i] for i < next.
func (s *Solver[P]) atomic(ctx context.Context, root P) (Nimber, error) {
	if s.valuer != nil {
		if v, ok := s.valuer.ClosedValue(root); ok {
			return v, nil
		}
	}
	if st := s.state(root); st >= done {
		return Nimber(st - done), nil
	}
	if ctx.Err() != nil {
		return 0, ContextError(ctx)
	}
	s.ctx = ctx
	if err := s.push(root); err != nil {
		return 0, s.abort(err)
	}
search:
	for {
		top := len(s.stack) - 1
		f := &s.stack[top]
		for int(f.next) < len(s.comps) {
			c := s.comps[f.next]
			if s.valuer != nil {
				if v, ok := s.valuer.ClosedValue(c); ok {
					s.vals[f.next] = v
					f.next++
					continue
				}
			}
			st := s.state(c)
			if st >= done {
				s.vals[f.next] = Nimber(st - done)
				f.next++
				continue
			}
			if st == onStack {
				return 0, s.abort(s.cycle(c))
			}
			if err := s.push(c); err != nil {
				return 0, s.abort(err)
			}
			continue search
		}
		g := s.mex(f)
		if g > maxMemo {
			return 0, s.abort(fmt.Errorf("nim-value %d too large to memoize", g))
		}
		s.setState(f.p, uint32(g)+done)
		s.solved++
		s.comps = s.comps[:f.lo]
		s.vals = s.vals[:f.lo]
		s.ends = s.ends[:f.olo]
		s.stack = s.stack[:top]
		if top == 0 {
			return g, nil
		}
		parent := &s.stack[top-1]
		s.vals[parent.next] = g
		parent.next++
	}
}

// push marks p as being searched and lays out its options above the stack.
func (s *Solver[P]) push(p P) error {
	s.steps++
	if s.steps%pollEvery == 0 {
		if s.ctx.Err() != nil {
			return ContextError(s.ctx)
		}
	}
	if s.steps%256 == 0 {
		if err := s.overBudget(); err != nil {
			return err
		}
	}
	if b := s.settings.Budget.MaxPositions; b > 0 && s.solved+int64(len(s.stack)) >= b {
		return &BudgetError{Limit: LimitPositions, Max: b}
	}
	lo, olo := len(s.comps), len(s.ends)
	s.stack = append(s.stack, frame[P]{p: p, lo: int32(lo), olo: int32(olo), next: int32(lo)})
	s.setState(p, onStack)
	s.yielded = 0
	s.game.Moves(p, s.yieldMove)
	if err := s.overflow; err != nil {
		s.overflow = nil
		return err
	}
	if n := len(s.comps); n > cap(s.vals) {
		s.vals = slices.Grow(s.vals, n-len(s.vals))
	}
	s.vals = s.vals[:len(s.comps)]
	return nil
}

// mex computes the value of the top frame from its options' values.
func (s *Solver[P]) mex(f *frame[P]) Nimber {
	vals := s.vals[f.lo:]
	if s.split != nil {
		// An option's value is the XOR of its components' values.
		ends := s.ends[f.olo:]
		s.optVals = s.optVals[:0]
		start := int(f.lo)
		for _, e := range ends {
			var x Nimber
			for _, v := range s.vals[start:e] {
				x ^= v
			}
			s.optVals = append(s.optVals, x)
			start = int(e)
		}
		vals = s.optVals
	}
	n := len(vals)
	if n < 64 {
		var w uint64
		for _, v := range vals {
			if v < 64 {
				w |= 1 << v
			}
		}
		return Nimber(bits.TrailingZeros64(^w))
	}
	words := n/64 + 1
	if cap(s.marks) < words {
		s.marks = make([]uint64, words)
	}
	m := s.marks[:words]
	for _, v := range vals {
		if v <= Nimber(n) {
			m[v/64] |= 1 << (v % 64)
		}
	}
	g := Nimber(n)
	for i, w := range m {
		if w != ^uint64(0) {
			g = Nimber(i*64 + bits.TrailingZeros64(^w))
			break
		}
	}
	clear(m)
	return g
}

// cycle builds the error for a move into c, which is on the stack.
func (s *Solver[P]) cycle(c P) error {
	start := len(s.stack) - 1
	for start > 0 && s.stack[start].p != c {
		start--
	}
	e := &CycleError{}
	for _, f := range s.stack[start:] {
		e.Cycle = append(e.Cycle, s.format(f.p))
	}
	return e
}

func (s *Solver[P]) format(p P) string {
	if s.settings.Format != nil {
		return s.settings.Format(p)
	}
	return fmt.Sprint(p)
}

// abort unwinds a failed search so that the memo holds only solved positions.
func (s *Solver[P]) abort(err error) error {
	for _, f := range s.stack {
		s.setState(f.p, 0)
	}
	s.stack = s.stack[:0]
	s.comps = s.comps[:0]
	s.vals = s.vals[:0]
	s.ends = s.ends[:0]
	return err
}
