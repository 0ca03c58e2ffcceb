package impartial

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"unsafe"
)

// MisereSolver computes misère-play outcomes and winning moves (the player
// who makes the last move loses). Values do not add under misère play, so a
// sum is searched as a whole: a state is the multiset of its atomic
// components, components without moves dropped (they change nothing).
// A game's MisereRule, when it applies, replaces the search.
//
// A MisereSolver is not safe for concurrent use.
type MisereSolver[Pos comparable] struct {
	game     Game[Pos]
	split    Splitter[Pos]
	rule     MisereRule[Pos]
	settings Settings

	ids   map[Pos]int32 // interned atomic components
	atoms []atom[Pos]
	memo  map[string]uint8
	stack []mframe
	key   []byte
	steps int
	work  int64 // child states examined (count)
	held  int64 // options held in expanded atoms, for the budget

	// addAtom appends to atomBuf: one callback for every Components call
	// (a closure per call was the cost of a judge's many small sums).
	addAtom func(Pos) bool
	atomBuf []int32
}

type atom[Pos comparable] struct {
	p        Pos
	opts     [][]int32 // each option: sorted ids of its non-terminal components
	expanded bool
}

type mframe struct {
	key  string
	ids  []int32
	j, k int // next child: component ids[j], its option k
}

const (
	mOnStack uint8 = 1
	mP       uint8 = 2
	mN       uint8 = 3
)

// NewMisereSolver returns a misère solver for g, using g's MisereRule if it
// has one (wrap g with Plain to always search).
func NewMisereSolver[Pos comparable](g Game[Pos], settings Settings) *MisereSolver[Pos] {
	s := &MisereSolver[Pos]{game: g, settings: settings, ids: make(map[Pos]int32), memo: make(map[string]uint8)}
	s.split, _ = g.(Splitter[Pos])
	s.rule, _ = g.(MisereRule[Pos])
	return s
}

// Outcome returns the misère outcome of the sum of the given positions.
func (s *MisereSolver[Pos]) Outcome(ctx context.Context, ps ...Pos) (Outcome, error) {
	ids := make([]int32, 0, len(ps))
	for _, p := range ps {
		ids = s.appendAtoms(ids, p)
	}
	slices.Sort(ids)
	return s.outcome(ctx, ids)
}

// WinningMoves returns every winning misère move of the sum of the given
// positions: the moves of one component to an option after which the sum is
// a misère P-position. The list is empty when the sum is itself a P-position.
func (s *MisereSolver[Pos]) WinningMoves(ctx context.Context, ps ...Pos) ([]Move[Pos], error) {
	parts := make([][]int32, len(ps))
	var all []int32
	for i, p := range ps {
		parts[i] = s.atomize(p)
		all = append(all, parts[i]...)
	}
	slices.Sort(all)
	o, err := s.outcome(ctx, all)
	if err != nil || o == P {
		return nil, err
	}
	var moves []Move[Pos]
	for i, p := range ps {
		var rest []int32
		for j := range ps {
			if j != i {
				rest = append(rest, parts[j]...)
			}
		}
		opts, err := collectOptions(ctx, s.game, p, s.settings.Budget.MoveLimit())
		if err != nil {
			return nil, err
		}
		for _, q := range opts {
			child := append(slices.Clone(rest), s.atomize(q)...)
			slices.Sort(child)
			o, err := s.outcome(ctx, child)
			if err != nil {
				return nil, err
			}
			if o == P {
				moves = append(moves, Move[Pos]{Index: i, To: q})
			}
		}
	}
	return moves, nil
}

// components returns the atomic components of ps that have moves.
func (s *MisereSolver[Pos]) components(ps []Pos) []Pos {
	var out []Pos
	for _, p := range ps {
		for _, id := range s.atomize(p) {
			out = append(out, s.atoms[id].p)
		}
	}
	return out
}

// Solved returns the number of states memoized so far.
func (s *MisereSolver[Pos]) Solved() int { return len(s.memo) }

// atomize returns the ids of p's components that have moves.
func (s *MisereSolver[Pos]) atomize(p Pos) []int32 {
	out := s.appendAtoms(nil, p)
	slices.Sort(out)
	return out
}

// appendAtoms appends the ids of p's atomic components that have moves to
// dst, unsorted. An atomic game (no Splitter) costs no allocation beyond
// dst's: a judge's thousands of Nim heaps go through here one by one.
func (s *MisereSolver[Pos]) appendAtoms(dst []int32, p Pos) []int32 {
	if s.split == nil {
		if id, ok := s.intern(p); ok {
			dst = append(dst, id)
		}
		return dst
	}
	if s.addAtom == nil {
		s.addAtom = func(c Pos) bool {
			if id, ok := s.intern(c); ok {
				s.atomBuf = append(s.atomBuf, id)
			}
			return true
		}
	}
	s.atomBuf = dst
	s.split.Components(p, s.addAtom)
	dst, s.atomBuf = s.atomBuf, nil
	return dst
}

// intern returns the id of atomic component c, or ok = false if c has no moves.
func (s *MisereSolver[Pos]) intern(c Pos) (int32, bool) {
	if id, ok := s.ids[c]; ok {
		return id, id >= 0
	}
	has := false
	s.game.Moves(c, func(Pos) bool { has = true; return false })
	id := int32(-1)
	if has {
		id = int32(len(s.atoms))
		s.atoms = append(s.atoms, atom[Pos]{p: c})
	}
	s.ids[c] = id
	return id, has
}

// options returns the options of atom id, each as the sorted ids of its
// components that have moves. Listing them is bounded like every other part
// of the search: the moves a game yields count against the move limit, the
// options held against the position and memory budgets, and the context is
// checked as they come (a heap of a hundred million tokens has a hundred
// million options).
func (s *MisereSolver[Pos]) options(ctx context.Context, id int32) ([][]int32, error) {
	a := &s.atoms[id]
	if a.expanded {
		return a.opts, nil
	}
	var opts [][]int32
	var err error
	limit := s.settings.Budget.MoveLimit()
	var yielded int64
	s.game.Moves(s.atoms[id].p, func(q Pos) bool {
		yielded++
		if limit > 0 && yielded > limit {
			err = &BudgetError{Limit: LimitMoves, Max: limit}
			return false
		}
		if yielded%1024 == 0 {
			if ctx.Err() != nil {
				err = ContextError(ctx)
				return false
			}
			s.held += 1024
			err = s.overBudget()
			s.held -= 1024
			if err != nil {
				return false
			}
		}
		opts = append(opts, s.atomize(q))
		return true
	})
	if err != nil {
		return nil, err
	}
	a = &s.atoms[id] // atomize may have grown s.atoms
	a.opts, a.expanded = opts, true
	s.held += int64(len(opts))
	return opts, nil
}

// overBudget checks the position and memory budgets.
func (s *MisereSolver[Pos]) overBudget() error {
	b := s.settings.Budget
	// The budget counts the options held too: one position can have a
	// million options.
	if b.MaxPositions > 0 && int64(len(s.memo)+len(s.atoms))+s.held >= b.MaxPositions {
		return &BudgetError{Limit: LimitPositions, Max: b.MaxPositions}
	}
	if b.MaxMemory > 0 && s.memory() > b.MaxMemory {
		return &BudgetError{Limit: LimitMemory, Max: b.MaxMemory}
	}
	return nil
}

func (s *MisereSolver[Pos]) encode(ids []int32) string {
	s.key = s.key[:0]
	for _, id := range ids {
		s.key = binary.AppendUvarint(s.key, uint64(id))
	}
	return string(s.key)
}

func (s *MisereSolver[Pos]) known(ids []int32, key string) uint8 {
	if s.rule != nil {
		comps := make([]Pos, len(ids))
		for i, id := range ids {
			comps[i] = s.atoms[id].p
		}
		if o, ok := s.rule.MisereOutcome(comps); ok {
			if o == P {
				return mP
			}
			return mN
		}
	}
	return s.memo[key]
}

func (s *MisereSolver[Pos]) memory() int64 {
	var zero Pos
	// An option held costs its slice header and at least one id.
	return int64(len(s.memo))*48 + int64(len(s.atoms))*int64(unsafe.Sizeof(zero)+40) + s.held*32
}

// outcome searches the state ids depth first with an explicit stack.
// A state is N as soon as one child is P, and P when every child is N;
// the empty state (no moves) is N, since the previous player moved last.
func (s *MisereSolver[Pos]) outcome(ctx context.Context, ids []int32) (Outcome, error) {
	key := s.encode(ids)
	switch s.known(ids, key) {
	case mP:
		return P, nil
	case mN:
		return N, nil
	}
	if err := s.pushState(ctx, ids, key); err != nil {
		return 0, s.unwind(err)
	}
	var res uint8
	for {
		if res != 0 {
			top := len(s.stack) - 1
			s.memo[s.stack[top].key] = res
			s.stack = s.stack[:top]
			if top == 0 {
				if res == mP {
					return P, nil
				}
				return N, nil
			}
			if res == mP {
				res = mN // the parent moves to a P-position
			} else {
				res = 0 // the parent goes on looking
			}
			continue
		}
		f := &s.stack[len(s.stack)-1]
		child, ok, err := s.nextChild(ctx, f)
		if err == nil && ok {
			err = s.count(ctx)
		}
		if err != nil {
			return 0, s.unwind(err)
		}
		if !ok {
			if len(f.ids) == 0 {
				res = mN
			} else {
				res = mP
			}
			continue
		}
		ckey := s.encode(child)
		switch s.known(child, ckey) {
		case mP:
			res = mN
		case mN:
		case mOnStack:
			return 0, s.unwind(s.cycleAt(ckey))
		default:
			if err := s.pushState(ctx, child, ckey); err != nil {
				return 0, s.unwind(err)
			}
		}
	}
}

// count counts one child state examined against the work budget
// (Budget.MaxWork) and polls the context every pollEvery of them. The
// positions bound the states memoized, but each state's children are
// examined once more from every parent, known or not: dawson-kayles 300
// under misère play examined about 10⁹ children within the default 20
// million positions (minutes), most of them already known, and polled the
// context only at new states.
func (s *MisereSolver[Pos]) count(ctx context.Context) error {
	s.work++
	if s.work%pollEvery == 0 && ctx.Err() != nil {
		return ContextError(ctx)
	}
	if m := s.settings.Budget.MaxWork; m > 0 && s.work > m {
		return &BudgetError{Limit: LimitWork, Max: m}
	}
	return nil
}

func (s *MisereSolver[Pos]) pushState(ctx context.Context, ids []int32, key string) error {
	s.steps++
	if s.steps%pollEvery == 0 {
		if ctx.Err() != nil {
			return ContextError(ctx)
		}
	}
	if err := s.overBudget(); err != nil {
		return err
	}
	s.memo[key] = mOnStack
	s.stack = append(s.stack, mframe{key: key, ids: ids})
	return nil
}

// nextChild returns the next child state of f: one copy of component
// f.ids[f.j] replaced by the components of its option f.k.
func (s *MisereSolver[Pos]) nextChild(ctx context.Context, f *mframe) ([]int32, bool, error) {
	for f.j < len(f.ids) {
		if f.j > 0 && f.ids[f.j] == f.ids[f.j-1] {
			f.j++ // equal components have equal moves
			continue
		}
		opts, err := s.options(ctx, f.ids[f.j])
		if err != nil {
			return nil, false, err
		}
		if f.k >= len(opts) {
			f.j++
			f.k = 0
			continue
		}
		opt := opts[f.k]
		f.k++
		child := make([]int32, 0, len(f.ids)-1+len(opt))
		child = append(child, f.ids[:f.j]...)
		child = append(child, f.ids[f.j+1:]...)
		child = append(child, opt...)
		slices.Sort(child)
		return child, true, nil
	}
	return nil, false, nil
}

func (s *MisereSolver[Pos]) cycleAt(key string) error {
	start := len(s.stack) - 1
	for start > 0 && s.stack[start].key != key {
		start--
	}
	e := &CycleError{}
	for _, f := range s.stack[start:] {
		e.Cycle = append(e.Cycle, s.formatState(f.ids))
	}
	return e
}

func (s *MisereSolver[Pos]) formatState(ids []int32) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		if s.settings.Format != nil {
			parts[i] = s.settings.Format(s.atoms[id].p)
		} else {
			parts[i] = fmt.Sprint(s.atoms[id].p)
		}
	}
	return "{" + strings.Join(parts, " + ") + "}"
}

func (s *MisereSolver[Pos]) unwind(err error) error {
	for _, f := range s.stack {
		delete(s.memo, f.key)
	}
	s.stack = s.stack[:0]
	return err
}
