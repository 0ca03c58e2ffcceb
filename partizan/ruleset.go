package partizan

import (
	"fmt"
	"unsafe"

	"github.com/grundy/grundy/impartial"
)

// Ruleset is a short partizan game given by its rules: positions of type P,
// each with options for Left and for Right, and keys of type K for the
// transposition table. A package that plays a ruleset (Hackenbush,
// Domineering, …) implements it and asks a Solver for values.
//
// K is any comparable type: a string serves every ruleset; a key without
// pointers (an integer, an array, a struct of them: a small board's bits,
// say) is cheaper, since the table of such keys is hashed inline and never
// scanned by the garbage collector.
type Ruleset[P any, K comparable] interface {
	// Options calls yield with each option of p for side s, and stops early
	// when yield returns false. An option may be yielded twice. An error
	// (a rule file's, say) stops the search and is returned by the Solver.
	Options(p P, s Side, yield func(P) bool) error
	// Key returns p's key in the transposition table. Positions with equal
	// keys must have equal values: a ruleset folds its symmetries into the
	// key (a board and its mirror image, say) so that they are solved once.
	Key(p P) K
}

// Splitter is implemented by rulesets whose positions fall apart into
// independent components (regions of a board no move connects): Split
// returns them, and the value is the sum of theirs. A position that is one
// component returns nil (or itself alone). Components are solved, and keyed,
// on their own.
type Splitter[P any] interface {
	Split(p P) []P
}

// ComponentKeyer is implemented by Splitters that can key the components
// of a position without making them. AppendKeys appends to keys the key of
// each of p's components, in the order of Split(p), or p's own key when
// Split(p) has fewer than two parts: each the key the Solver would look
// the component up by (ConjugateKey's, with its negated, when the ruleset
// is a Conjugator; Key's otherwise). The Solver then asks for the
// components themselves (Split) only when one of them is not in its table
// yet: a position whose components are all known costs one call.
type ComponentKeyer[P any, K comparable] interface {
	AppendKeys(keys []PartKey[K], p P) []PartKey[K]
}

// PartKey is the key of a component (ComponentKeyer): Key's, or
// ConjugateKey's with its negated.
type PartKey[K comparable] struct {
	Key     K
	Negated bool
}

// Conjugator is implemented by rulesets with a symmetry that exchanges Left
// and Right, and so negates the value (Domineering transposed, Hackenbush
// with blue and red swapped). ConjugateKey returns p's key under all the
// ruleset's symmetries and whether it is the key of p's conjugate rather
// than of p: positions with equal keys and equal negated have equal values,
// and opposite values when negated differs. The Solver then keeps one entry
// for a position and its conjugate, the value of the key's own
// representative, and negates it for the other.
type Conjugator[P any, K comparable] interface {
	ConjugateKey(p P) (key K, negated bool)
}

// SplitKeyer is implemented by rulesets that are a Splitter and a
// Conjugator and can do both in one pass over a position (finding its
// components and its key share their work, as Toads and Frogs' frozen
// pieces do). SplitConjugateKey returns Split(p) when p has two or more
// components, and otherwise no parts and ConjugateKey(p). The Solver then
// asks it once a position instead of Split and ConjugateKey (a
// ComponentKeyer, when the ruleset is both, is asked instead).
type SplitKeyer[P any, K comparable] interface {
	SplitConjugateKey(p P) (parts []P, key K, negated bool)
}

// Valuer is implemented by rulesets that know some values in closed form
// (a Hackenbush string, say). Value returns ok = false where it does not
// know; it must agree with the search (tests hide it to check).
type Valuer[P any] interface {
	Value(c *Calc, p P) (g Game, ok bool, err error)
}

// Impartial is implemented by rulesets whose two players have the same
// options in every position (Cram, say, or any impartial game played as a
// partizan one): Impartial reports whether this ruleset is one. Every value
// is then a nimber, *mex of its options' nimbers (the Sprague–Grundy
// theorem: {*a, *b, … | *a, *b, …} = *mex(a, b, …); ONAG ch. 11, Siegel
// IV.1), and the Solver asks for Left's options only and makes *mex
// directly instead of the canonical form of { options | options }. A
// ruleset that says true must mean it: Right's options are never asked
// for. Plain solvers ignore it.
type Impartial interface {
	Impartial() bool
}

// Coster is implemented by rulesets whose positions cost more than a unit
// of work to handle: a board past a machine word, say, held a byte a cell,
// where each option is a copy of the board and each key or split a pass
// over it. Cost returns the units (at least 1) the Solver charges for each
// option of p it is given and for p itself when searched, in place of one,
// so that MaxWork bounds the time of a large board's search as it does a
// small one's (the same stop on any machine, the work counted, not timed).
type Coster[P any] interface {
	Cost(p P) uint64
}

// Solver computes canonical forms of the positions of a ruleset: the
// options of each side are valued recursively and the canonical form of
// { left values | right values } is made in c's store. It keeps a
// transposition table by Key across calls (so the options of a position
// solved once cost nothing more), splits positions into components when the
// ruleset can, and counts the table against c's budget (MaxPositions: the
// positions held; MaxWork: a unit, or a Coster's units, for each position
// searched and each option yielded, with the work of the algebra; the
// context is polled as the search goes). A Solver is for one goroutine.
type Solver[P any, K comparable] struct {
	c     *Calc
	rules Ruleset[P, K]
	split Splitter[P]
	val   Valuer[P]
	conj  Conjugator[P, K]
	sk    SplitKeyer[P, K] // only with split and conj
	keyer ComponentKeyer[P, K]
	cost  Coster[P]
	imp   bool      // the ruleset is Impartial
	tt    map[K]gid // by Key
	ctt   map[K]gid // by ConjugateKey: the value of the key's representative
	bytes int64
	// keyBytes estimates an entry's bytes (with a string key's own)
	keyBytes func(K) int64
	// the options being valued, a stack like the Calc's (each atom pops
	// what it pushed), and the yield that pushes; the components' keys, a
	// stack too
	stk  []P
	kstk []PartKey[K]
	push func(P) bool
	// where the options of the position being searched start, and their
	// bound (MaxMoves)
	pbase int
	pmax  int64
	// the units charged for each option of the position being searched
	// (Coster; 1 without)
	unit uint64
	// Plain, when set, ignores Split, SplitConjugateKey, AppendKeys, Value,
	// ConjugateKey and Impartial: the definition alone (under Key), for
	// tests of a ruleset's closed forms, components, conjugation and
	// nimbers.
	Plain bool
}

// A Solver's table and stack are made for a small solve at once: grown
// from empty a step at a time, as maps and slices do, they rehash and copy
// as they go, which cost a tenth of the instructions of a solve of 20
// positions (Toads and Frogs' ttt.ff). The stack is made at the first
// move, so a solve that makes none does not pay for it.
const (
	tableHint = 16 // the table's positions
	stackHint = 32 // the stack's
)

// NewSolver returns a solver of rules on c's store under c's budget.
func NewSolver[P any, K comparable](c *Calc, rules Ruleset[P, K]) *Solver[P, K] {
	s := &Solver[P, K]{c: c, rules: rules}
	s.split, _ = rules.(Splitter[P])
	s.val, _ = rules.(Valuer[P])
	s.conj, _ = rules.(Conjugator[P, K])
	if s.split != nil && s.conj != nil {
		s.sk, _ = rules.(SplitKeyer[P, K])
	}
	if s.split != nil {
		s.keyer, _ = rules.(ComponentKeyer[P, K])
	}
	if s.conj != nil {
		s.tt, s.ctt = make(map[K]gid), make(map[K]gid, tableHint)
	} else {
		s.tt, s.ctt = make(map[K]gid, tableHint), make(map[K]gid)
	}
	if im, ok := rules.(Impartial); ok {
		s.imp = im.Impartial()
	}
	s.cost, _ = rules.(Coster[P])
	s.unit = 1
	s.push = func(q P) bool {
		if s.stk == nil {
			s.stk = make([]P, 0, stackHint)
		}
		s.stk = append(s.stk, q)
		// a ruleset's loop over its moves is polled and bounded as it goes
		s.c.stepBy(s.unit)
		if n := len(s.stk) - s.pbase; s.pmax > 0 && int64(n) > s.pmax {
			s.c.checkMoves(n)
		}
		return true
	}
	var k K
	fixed := int64(unsafe.Sizeof(k)) + 24 // the key, the value, the map's overhead
	s.keyBytes = func(K) int64 { return fixed }
	if _, ok := any(k).(string); ok {
		s.keyBytes = func(k K) int64 { return fixed + int64(len(any(k).(string))) }
	}
	return s
}

// Solve returns the canonical form of position p of rules: a one-shot
// NewSolver(c, rules).Value(p).
func Solve[P any, K comparable](c *Calc, rules Ruleset[P, K], p P) (Game, error) {
	return NewSolver(c, rules).Value(p)
}

// Calc returns the computation the solver works in.
func (s *Solver[P, K]) Calc() *Calc { return s.c }

// Positions returns the number of positions in the transposition table.
func (s *Solver[P, K]) Positions() int { return len(s.tt) + len(s.ctt) }

// Value returns the canonical form of p.
func (s *Solver[P, K]) Value(p P) (Game, error) {
	var r gid
	err := s.run(func() { r = s.value(p) })
	return s.c.game(r), err
}

// run is the Calc's run, with the solver's stack left as found.
func (s *Solver[P, K]) run(f func()) error {
	mark := len(s.stk)
	defer func() {
		clear(s.stk[mark:]) // let the positions go
		s.stk = s.stk[:mark]
	}()
	return s.c.run(f)
}

// Options returns the options of p for side with their values, in the order
// the ruleset yields them (repeats included): what a face needs to list
// winning moves or every move.
func (s *Solver[P, K]) Options(p P, side Side) ([]P, []Game, error) {
	var ps []P
	var gs []Game
	err := s.run(func() {
		unit := s.costOf(p)
		if err := s.rules.Options(p, side, func(q P) bool {
			ps = append(ps, q)
			s.c.stepBy(unit)
			s.c.checkMoves(len(ps))
			return true
		}); err != nil {
			s.c.fail(err)
		}
		for _, q := range ps {
			gs = append(gs, s.c.game(s.value(q)))
		}
	})
	return ps, gs, err
}

func (s *Solver[P, K]) value(p P) gid {
	if s.Plain {
		return s.atom(p)
	}
	if s.keyer != nil {
		return s.valueByKeys(p)
	}
	var parts []P
	if s.sk != nil {
		var key K
		var negated bool
		if parts, key, negated = s.sk.SplitConjugateKey(p); len(parts) <= 1 {
			return s.keyed(p, key, negated)
		}
	} else if s.split != nil {
		parts = s.split.Split(p)
	}
	if len(parts) > 1 {
		var sum gid
		for _, q := range parts {
			sum = s.c.add(sum, s.atom(q))
		}
		return sum
	}
	return s.atom(p)
}

// valueByKeys is value by the keys of p's components (ComponentKeyer):
// the components are made only if one of them is to be searched.
func (s *Solver[P, K]) valueByKeys(p P) gid {
	mark := len(s.kstk)
	s.kstk = s.keyer.AppendKeys(s.kstk, p)
	n := len(s.kstk) - mark
	tt := s.table()
	var parts []P
	var sum gid
	for i := range n {
		k := s.kstk[mark+i] // the stack may move while a component is searched
		id, ok := tt[k.Key]
		switch {
		case !ok && n == 1:
			id = s.miss(p, k.Key, k.Negated)
		case !ok:
			if parts == nil {
				if parts = s.split.Split(p); len(parts) != n {
					s.c.fail(fmt.Errorf("partizan: AppendKeys gives %d components, Split %d", n, len(parts)))
				}
			}
			id = s.miss(parts[i], k.Key, k.Negated)
		case k.Negated:
			id = s.c.neg(id)
		}
		sum = s.c.add(sum, id)
	}
	// not cleared: what a stale key holds (a large board's string) stays
	// only until the stack grows over it again
	s.kstk = s.kstk[:mark]
	return sum
}

// costOf is the units charged for p and for each of its options: Cost's,
// or 1 without a Coster.
func (s *Solver[P, K]) costOf(p P) uint64 {
	if s.cost == nil {
		return 1
	}
	return max(s.cost.Cost(p), 1)
}

// table returns the transposition table the solver looks components up
// in: by ConjugateKey (a Conjugator, not Plain) or by Key. The two tables
// are apart so that Plain may change between calls.
func (s *Solver[P, K]) table() map[K]gid {
	if s.conj != nil && !s.Plain {
		return s.ctt
	}
	return s.tt
}

// atom values one component.
func (s *Solver[P, K]) atom(p P) gid {
	var key K
	negated := false
	if s.conj != nil && !s.Plain {
		key, negated = s.conj.ConjugateKey(p)
	} else {
		key = s.rules.Key(p)
	}
	return s.keyed(p, key, negated)
}

// keyed values one component given its key (negated as given).
func (s *Solver[P, K]) keyed(p P, key K, negated bool) gid {
	if id, ok := s.table()[key]; ok {
		if negated {
			return s.c.neg(id)
		}
		return id
	}
	return s.miss(p, key, negated)
}

// miss values component p, whose key (negated as given) is not in the
// table yet, and enters it.
func (s *Solver[P, K]) miss(p P, key K, negated bool) gid {
	unit := s.costOf(p)
	s.c.stepBy(unit)
	var id gid
	known := false
	if !s.Plain && s.val != nil {
		// The Valuer is user code running under the store's lock; it gets
		// the solver's Calc, whose methods must not be called from inside
		// (they take the lock), so closed forms are asked for outside the
		// lock: see valueOutside.
		id, known = s.valueOutside(p)
	}
	if !known {
		id = s.search(p, unit)
	}
	s.bytes += s.keyBytes(key)
	entry := id // the value of the key's representative
	if negated {
		entry = s.c.neg(id)
	}
	s.table()[key] = entry
	b := s.c.b
	if b.MaxPositions > 0 && int64(s.Positions()) > b.MaxPositions {
		s.c.fail(&impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions, What: "the positions searched"})
	}
	if b.MaxMemory > 0 && s.bytes+s.c.bytes > b.MaxMemory {
		s.c.fail(&impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory, What: "the positions searched"})
	}
	return id
}

// search values p from its options: their positions go on the solver's
// stack, their values on the Calc's, and the canonical form is made from
// those. Each option charges unit units of work (costOf(p), which miss
// has charged for p).
func (s *Solver[P, K]) search(p P, unit uint64) gid {
	if s.imp && !s.Plain {
		return s.searchImpartial(p, unit)
	}
	pmark, gmark := len(s.stk), len(s.c.stk)
	var n [2]int
	for _, sd := range [2]Side{Left, Right} {
		start := len(s.stk)
		s.pbase, s.pmax, s.unit = start, s.c.b.MoveLimit(), unit
		if err := s.rules.Options(p, sd, s.push); err != nil {
			s.c.fail(err)
		}
		n[sd] = len(s.stk) - start
		s.c.checkMoves(n[sd])
		opts := s.stk[start:len(s.stk):len(s.stk)]
		for _, q := range opts {
			v := s.value(q)
			s.c.stk = append(s.c.stk, v)
		}
	}
	vals := s.c.stk[gmark:]
	id := s.c.construct(vals[:n[Left]:n[Left]], vals[n[Left]:len(vals):len(vals)])
	clear(s.stk[pmark:])
	s.stk, s.c.stk = s.stk[:pmark], s.c.stk[:gmark]
	return id
}

// searchImpartial values p of an impartial ruleset: Left's options (Right's
// are the same) are valued, each a nimber, and p is *mex of them. Should an
// option's value not be a nimber (a Valuer's closed form out of line, say),
// the canonical form of { options | options } is made instead. The budget
// counts the options as construct does, both sides'.
func (s *Solver[P, K]) searchImpartial(p P, unit uint64) gid {
	pmark, gmark := len(s.stk), len(s.c.stk)
	s.pbase, s.pmax, s.unit = pmark, s.c.b.MoveLimit(), unit
	if err := s.rules.Options(p, Left, s.push); err != nil {
		s.c.fail(err)
	}
	n := len(s.stk) - pmark
	s.c.step()
	s.c.checkMoves(2 * n) // as construct counts { options | options }
	// mex ≤ n: the nimbers below n+1 are marked, the others cannot matter
	var small [4]uint64
	seen := small[:]
	if n >= 256 {
		seen = make([]uint64, n/64+1)
	}
	nimbers := true
	opts := s.stk[pmark:len(s.stk):len(s.stk)]
	for _, q := range opts {
		v := s.value(q)
		s.c.stk = append(s.c.stk, v)
		var m uint64
		if v&^nimField == 0 { // an immediate nimber, 0 included
			m = immNim(v)
		} else if x, k, big, ok := s.c.nus(v); ok && k == 0 && x.Sign() == 0 {
			m = big
		} else {
			nimbers = false
			continue
		}
		if m <= uint64(n) {
			seen[m/64] |= 1 << (m % 64)
		}
	}
	var id gid
	if nimbers {
		mex := uint64(0)
		for seen[mex/64]>>(mex%64)&1 != 0 {
			mex++
		}
		id = s.c.s.nusID(s.c, Dyadic{}, 0, mex)
	} else {
		vals := s.c.stk[gmark:]
		s.c.stk = append(s.c.stk, vals...)
		vals = s.c.stk[gmark:]
		id = s.c.construct(vals[:n:n], vals[n:])
	}
	clear(s.stk[pmark:])
	s.stk, s.c.stk = s.stk[:pmark], s.c.stk[:gmark]
	return id
}

// valueOutside asks the Valuer with the store's lock released, so that it
// may use the Calc's methods.
func (s *Solver[P, K]) valueOutside(p P) (gid, bool) {
	s.c.s.mu.Unlock()
	var g Game
	var ok bool
	var err error
	func() {
		defer s.c.lock()
		g, ok, err = s.val.Value(s.c, p)
	}()
	if err != nil {
		s.c.fail(err)
	}
	if !ok {
		return 0, false
	}
	return s.c.own(g), true
}
