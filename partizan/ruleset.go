package partizan

import (
	"github.com/grundy/grundy/impartial"
)

// Ruleset is a short partizan game given by its rules: positions of type P,
// each with options for Left and for Right. A package that plays a ruleset
// (Hackenbush, Domineering, …) implements it and asks a Solver for values.
type Ruleset[P any] interface {
	// Options calls yield with each option of p for side s, and stops early
	// when yield returns false. An option may be yielded twice. An error
	// (a rule file's, say) stops the search and is returned by the Solver.
	Options(p P, s Side, yield func(P) bool) error
	// Key returns p's key in the transposition table. Positions with equal
	// keys must have equal values: a ruleset folds its symmetries into the
	// key (a board and its mirror image, say) so that they are solved once.
	Key(p P) string
}

// Splitter is implemented by rulesets whose positions fall apart into
// independent components (regions of a board no move connects): Split
// returns them, and the value is the sum of theirs. A position that is one
// component returns nil (or itself alone). Components are solved, and keyed,
// on their own.
type Splitter[P any] interface {
	Split(p P) []P
}

// Valuer is implemented by rulesets that know some values in closed form
// (a Hackenbush string, say). Value returns ok = false where it does not
// know; it must agree with the search (tests hide it to check).
type Valuer[P any] interface {
	Value(c *Calc, p P) (g Game, ok bool, err error)
}

// Solver computes canonical forms of the positions of a ruleset: the
// options of each side are valued recursively and the canonical form of
// { left values | right values } is made in c's store. It keeps a
// transposition table by Key across calls (so the options of a position
// solved once cost nothing more), splits positions into components when the
// ruleset can, and counts the table against c's budget (MaxPositions: the
// positions held; the context is polled as the search goes). A Solver is for
// one goroutine.
type Solver[P any] struct {
	c     *Calc
	rules Ruleset[P]
	split Splitter[P]
	val   Valuer[P]
	tt    map[string]gid
	bytes int64
	// Plain, when set, ignores Split and Value: the definition alone, for
	// tests of a ruleset's closed forms and components.
	Plain bool
}

// NewSolver returns a solver of rules on c's store under c's budget.
func NewSolver[P any](c *Calc, rules Ruleset[P]) *Solver[P] {
	s := &Solver[P]{c: c, rules: rules, tt: make(map[string]gid)}
	s.split, _ = rules.(Splitter[P])
	s.val, _ = rules.(Valuer[P])
	return s
}

// Solve returns the canonical form of position p of rules: a one-shot
// NewSolver(c, rules).Value(p).
func Solve[P any](c *Calc, rules Ruleset[P], p P) (Game, error) {
	return NewSolver(c, rules).Value(p)
}

// Calc returns the computation the solver works in.
func (s *Solver[P]) Calc() *Calc { return s.c }

// Positions returns the number of positions in the transposition table.
func (s *Solver[P]) Positions() int { return len(s.tt) }

// Value returns the canonical form of p.
func (s *Solver[P]) Value(p P) (Game, error) {
	var r gid
	err := s.c.run(func() { r = s.value(p) })
	return s.c.game(r), err
}

// Options returns the options of p for side with their values, in the order
// the ruleset yields them (repeats included): what a face needs to list
// winning moves or every move.
func (s *Solver[P]) Options(p P, side Side) ([]P, []Game, error) {
	var ps []P
	var gs []Game
	err := s.c.run(func() {
		if err := s.rules.Options(p, side, func(q P) bool {
			ps = append(ps, q)
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

func (s *Solver[P]) value(p P) gid {
	if !s.Plain && s.split != nil {
		if parts := s.split.Split(p); len(parts) > 1 {
			var sum gid
			for _, q := range parts {
				sum = s.c.add(sum, s.atom(q))
			}
			return sum
		}
	}
	return s.atom(p)
}

// atom values one component.
func (s *Solver[P]) atom(p P) gid {
	key := s.rules.Key(p)
	if id, ok := s.tt[key]; ok {
		return id
	}
	s.c.step()
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
		var side [2][]gid
		for _, sd := range [2]Side{Left, Right} {
			var opts []P
			if err := s.rules.Options(p, sd, func(q P) bool {
				opts = append(opts, q)
				return true
			}); err != nil {
				s.c.fail(err)
			}
			s.c.checkMoves(len(opts))
			vals := make([]gid, len(opts))
			for i, q := range opts {
				vals[i] = s.value(q)
			}
			side[sd] = vals
		}
		id = s.c.construct(side[Left], side[Right])
	}
	s.bytes += int64(len(key)) + 48
	s.tt[key] = id
	b := s.c.b
	if b.MaxPositions > 0 && int64(len(s.tt)) > b.MaxPositions {
		s.c.fail(&impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions, What: "the positions searched"})
	}
	if b.MaxMemory > 0 && s.bytes+s.c.bytes > b.MaxMemory {
		s.c.fail(&impartial.BudgetError{Limit: impartial.LimitMemory, Max: b.MaxMemory, What: "the positions searched"})
	}
	return id
}

// valueOutside asks the Valuer with the store's lock released, so that it
// may use the Calc's methods.
func (s *Solver[P]) valueOutside(p P) (gid, bool) {
	s.c.s.mu.Unlock()
	var g Game
	var ok bool
	var err error
	func() {
		defer s.c.s.mu.Lock()
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
