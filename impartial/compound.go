package impartial

import (
	"context"
	"errors"
	"fmt"
)

// A Compound is a sum of positions of different games (the disjunctive sum
// of Winning Ways, ch. 2): a move is a move in one component, and whoever
// cannot move in any component loses. Each game of the sum is a Term; a
// position of the compound is a Part, a position of one term's game.
//
// Analyze answers a compound by its components' own analyses, each under
// its own game's closed forms, tables and loop policy:
//   - under normal play the value of the sum is the XOR of the components'
//     values (the Sprague–Grundy theorem), and a winning move is a move of
//     one component to the value that makes the XOR 0, found by that
//     component's own analysis (Query.Target);
//   - when a component has an infinite generalized value, the sum is valued
//     by Smith's rule (Smith 1966; Winning Ways, ch. 12: LoopyValue.Add), and
//     its winning and drawing moves are the options of a component whose
//     value, added to the rest, wins or keeps the draw;
//   - under misère play values do not add, and the sum is searched as a
//     whole (MisereSolver over the compound's moves).
//
// A Compound holds the values of the components it has met: use one per
// question.
type Compound struct {
	terms  []Term
	values map[Part]LoopyValue
}

// Part is a position of a Compound: the position Pos of the game of term
// number Term.
type Part struct {
	Term int
	Pos  any
}

// Term is one game of a Compound, its positions seen as values of type any.
// NewTerm makes one.
type Term interface {
	moves(p any, yield func(any) bool)
	loopiness() Loopiness
	analyze(ctx context.Context, ps []any, q Query) (*Analysis[any], error)
	misereOutcome(ps []any) (Outcome, bool)
	components(p any, yield func(any) bool)
}

// NewTerm returns g as a term of a Compound.
func NewTerm[P comparable](g Game[P]) Term { return term[P]{g} }

type term[P comparable] struct{ g Game[P] }

func (t term[P]) moves(p any, yield func(any) bool) {
	t.g.Moves(p.(P), func(q P) bool { return yield(q) })
}

func (t term[P]) loopiness() Loopiness {
	if d, ok := t.g.(LoopDeclarer); ok {
		return d.Loopiness()
	}
	return Acyclic
}

func (t term[P]) analyze(ctx context.Context, ps []any, q Query) (*Analysis[any], error) {
	qs := make([]P, len(ps))
	for i, p := range ps {
		qs[i] = p.(P)
	}
	a, err := Analyze(ctx, t.g, qs, q)
	if a == nil {
		return nil, err
	}
	out := &Analysis[any]{Outcome: a.Outcome, Value: a.Value, Values: a.Values, Loopy: a.Loopy, Remoteness: a.Remoteness, RemotenessStopped: a.RemotenessStopped,
		By: a.By, Count: a.Count, Classes: a.Classes, Stopped: a.Stopped, Moves: make([]Option[any], len(a.Moves))}
	for i, o := range a.Moves {
		out.Moves[i] = Option[any]{Move: Move[any]{Index: o.Index, To: o.To}, After: o.After, Value: o.Value, Loopy: o.Loopy, Remoteness: o.Remoteness}
	}
	return out, err
}

func (t term[P]) components(p any, yield func(any) bool) {
	if s, ok := t.g.(Splitter[P]); ok {
		s.Components(p.(P), func(q P) bool { return yield(q) })
		return
	}
	yield(p)
}

func (t term[P]) misereOutcome(ps []any) (Outcome, bool) {
	rule, ok := t.g.(MisereRule[P])
	if !ok {
		return 0, false
	}
	qs := make([]P, len(ps))
	for i, p := range ps {
		qs[i] = p.(P)
	}
	return rule.MisereOutcome(qs)
}

var _ Splitter[Part] = (*Compound)(nil)

// NewCompound returns the compound of the given terms.
func NewCompound(terms ...Term) *Compound {
	return &Compound{terms: terms, values: map[Part]LoopyValue{}}
}

// Add adds a term and returns its number.
func (c *Compound) Add(t Term) int {
	c.terms = append(c.terms, t)
	return len(c.terms) - 1
}

// Terms returns the number of terms.
func (c *Compound) Terms() int { return len(c.terms) }

// TermLoopiness returns what the game of term i declares about cycles.
func (c *Compound) TermLoopiness(i int) Loopiness { return c.terms[i].loopiness() }

// Moves yields the options of a part: its game's options of its position.
func (c *Compound) Moves(p Part, yield func(Part) bool) {
	c.terms[p.Term].moves(p.Pos, func(q any) bool { return yield(Part{p.Term, q}) })
}

// Loopiness is MayLoop when the game of a term may be loopy: misère play of
// a loopy sum is then refused clearly, and Reply ranks by the loopy engine.
func (c *Compound) Loopiness() Loopiness {
	for _, t := range c.terms {
		if t.loopiness() != Acyclic {
			return MayLoop
		}
	}
	return Acyclic
}

// MisereOutcome applies the misère rule of the game when every part is of
// the same term (Bouton's rule for a sum of Nim heaps written as a sum).
func (c *Compound) MisereOutcome(ps []Part) (Outcome, bool) {
	if len(ps) == 0 {
		return 0, false
	}
	pos := make([]any, len(ps))
	for i, p := range ps {
		if p.Term != ps[0].Term {
			return 0, false
		}
		pos[i] = p.Pos
	}
	return c.terms[ps[0].Term].misereOutcome(pos)
}

// mayLoop says whether a term's game may be loopy.
func (c *Compound) mayLoop() bool { return c.Loopiness() != Acyclic }

// partQuery is the question a component is asked: the sum's settings, no
// listing bound of its own unless given.
func partQuery(q Query) Query {
	return Query{Settings: q.Settings}
}

// value returns the generalized value of a part, from its game's analysis.
func (c *Compound) value(ctx context.Context, p Part, q Query) (LoopyValue, error) {
	if v, ok := c.values[p]; ok {
		return v, nil
	}
	pq := partQuery(q)
	pq.ValueOnly = true
	a, err := c.terms[p.Term].analyze(ctx, []any{p.Pos}, pq)
	if err != nil {
		return LoopyValue{}, err
	}
	var v LoopyValue
	switch {
	case a.Loopy != nil:
		v = *a.Loopy
	case a.Value != nil:
		v = FiniteValue(*a.Value)
	default:
		return LoopyValue{}, &UnsupportedError{Msg: fmt.Sprintf(
			"the nim-value of %s is not known (its outcome comes from a closed form), and a sum needs the value of every component", formatPart(q, p))}
	}
	if len(c.values) < maxCompoundValues {
		c.values[p] = v
	}
	return v, nil
}

// maxCompoundValues bounds the values of parts a Compound keeps.
const maxCompoundValues = 1 << 16

func formatPart(q Query, p Part) string {
	if q.Format != nil {
		return q.Format(p)
	}
	return fmt.Sprint(p.Pos)
}

// analyze answers a question about the sum ps under normal play.
func (c *Compound) analyze(ctx context.Context, ps []Part, q Query) (*Analysis[Part], error) {
	vals := make([]LoopyValue, len(ps))
	total := FiniteValue(0)
	for i, p := range ps {
		v, err := c.value(ctx, p, q)
		if err != nil {
			return nil, err
		}
		vals[i] = v
		total = total.Add(v)
	}
	res := &Analysis[Part]{Outcome: total.Outcome(), By: ByClosedForm}
	if c.mayLoop() {
		res.LoopyValues = vals
	}
	// Every option valued, when a component may be loopy, goes by Smith's
	// rule too: an option of a finite loopy component may be infinite.
	smith := total.Inf || (q.AllOptions && c.mayLoop())
	if smith {
		res.Loopy = &total
	}
	if !total.Inf {
		res.Value = nimberPtr(total.N)
		res.Values = make([]Nimber, len(vals))
		for i, v := range vals {
			res.Values[i] = v.N
		}
	}
	if q.ValueOnly {
		res.Count = -1
		return res, nil
	}
	l := newListing(res, q.MaxListed)
	defer l.done()
	if smith {
		return res, c.smith(ctx, ps, q, vals, total, l)
	}
	a := &analyzer[Part]{g: c, ps: ps, q: q}
	switch {
	case q.AllOptions:
		value := func(i int, to Part) (*Nimber, error) {
			v, err := c.value(ctx, to, q)
			if err != nil || v.Inf {
				return nil, err
			}
			return nimberPtr(total.N ^ vals[i].N ^ v.N), nil
		}
		if ok, err := a.ranked(ctx, l, value); ok || err != nil {
			return res, err
		}
		for i, p := range ps {
			rest := total.N ^ vals[i].N
			err := c.options(ctx, p, q, l, func(o Option[any]) (Option[Part], bool, error) {
				if o.Value == nil {
					return Option[Part]{}, false, c.noValue(q, p)
				}
				after := rest ^ *o.Value
				return Option[Part]{Move: Move[Part]{Index: i, To: Part{p.Term, o.To}}, After: OutcomeOf(after), Value: nimberPtr(after), Remoteness: -1}, true, nil
			})
			if err != nil || res.Stopped != nil {
				return res, err
			}
		}
	case q.Target != nil || total.N != 0:
		target := Nimber(0)
		if q.Target != nil {
			target = *q.Target
		}
		for i, p := range ps {
			rest := total.N ^ vals[i].N
			if err := c.toValue(ctx, i, p, rest^target, rest, q, l); err != nil || res.Stopped != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// toValue lists the options of part i of value want, from its game's own
// analysis (closed forms, residue classes of a proved period); rest is the
// value of the other parts. A game that lists no moves to a value (a loopy
// game) has its options enumerated and valued one by one.
func (c *Compound) toValue(ctx context.Context, i int, p Part, want, rest Nimber, q Query, l *listing[Part]) error {
	after := rest ^ want
	opt := func(to any) Option[Part] {
		return Option[Part]{Move: Move[Part]{Index: i, To: Part{p.Term, to}}, After: OutcomeOf(after), Value: nimberPtr(after), Remoteness: -1}
	}
	pq := partQuery(q)
	pq.Target = &want
	if q.MaxListed != 0 {
		pq.MaxListed = max(q.MaxListed-len(l.res.Moves), 0)
		if pq.MaxListed == 0 {
			pq.MaxListed = -1 // count only
		}
	}
	a, err := c.terms[p.Term].analyze(ctx, []any{p.Pos}, pq)
	var un *UnsupportedError
	if errors.As(err, &un) {
		return l.stop(eachOption(ctx, Game[Part](c), p, q.Budget.MoveLimit(), func(to Part) error {
			v, err := c.value(ctx, to, q)
			if err == nil && !v.Inf && v.N == want {
				l.add(opt(to.Pos))
			}
			return err
		}))
	}
	if a == nil {
		return err
	}
	for _, o := range a.Moves {
		if q.MaxListed == 0 || (q.MaxListed > 0 && len(l.res.Moves) < q.MaxListed) {
			l.res.Moves = append(l.res.Moves, opt(o.To))
		}
	}
	if a.Count < 0 {
		l.counts = false
	}
	l.count += max(a.Count, 0)
	for _, c := range a.Classes {
		c.Index = i
		l.res.Classes = append(l.res.Classes, c)
	}
	if a.Stopped != nil {
		return l.stop(a.Stopped)
	}
	return err
}

// options lists the options of part p through its game's analysis
// (Query.AllOptions), each turned into an option of the sum by conv, which
// says whether to keep it. A part whose options are not all listed makes
// the count unknown.
func (c *Compound) options(ctx context.Context, p Part, q Query, l *listing[Part], conv func(Option[any]) (Option[Part], bool, error)) error {
	pq := partQuery(q)
	pq.AllOptions = true
	a, err := c.terms[p.Term].analyze(ctx, []any{p.Pos}, pq)
	if a == nil {
		return err
	}
	for _, o := range a.Moves {
		so, keep, err := conv(o)
		if err != nil {
			return err
		}
		if keep {
			l.add(so)
		}
	}
	if a.Count != int64(len(a.Moves)) {
		l.counts = false
	}
	if a.Stopped != nil {
		return l.stop(a.Stopped)
	}
	return err
}

// smith lists the moves of a sum valued by Smith's rule: the winning moves
// (to a sum of value 0) from an N-position, the moves keeping the draw from
// a draw, or every option with AllOptions. A win moves the one infinite
// component to a finite value, so only infinite components are searched for
// wins.
func (c *Compound) smith(ctx context.Context, ps []Part, q Query, vals []LoopyValue, total LoopyValue, l *listing[Part]) error {
	outcome := total.Outcome()
	if outcome == P && !q.AllOptions {
		return nil
	}
	for i, p := range ps {
		if outcome == N && !q.AllOptions && !vals[i].Inf {
			continue
		}
		rest := FiniteValue(0)
		for j, v := range vals {
			if j != i {
				rest = rest.Add(v)
			}
		}
		err := c.options(ctx, p, q, l, func(o Option[any]) (Option[Part], bool, error) {
			var w LoopyValue
			switch {
			case o.Loopy != nil:
				w = *o.Loopy
			case o.Value != nil:
				w = FiniteValue(*o.Value)
			default:
				return Option[Part]{}, false, c.noValue(q, p)
			}
			after := w.Add(rest)
			so := Option[Part]{Move: Move[Part]{Index: i, To: Part{p.Term, o.To}}, After: after.Outcome(), Loopy: &after, Remoteness: -1}
			if !after.Inf {
				so.Value = nimberPtr(after.N)
			}
			// Without AllOptions: only the moves that win (from an
			// N-position) or keep the draw (from a draw).
			keep := q.AllOptions || after.Outcome() == P || (outcome == Draw && after.Outcome() == Draw)
			return so, keep, nil
		})
		if err != nil || l.res.Stopped != nil {
			return err
		}
	}
	return nil
}

func (c *Compound) noValue(q Query, p Part) error {
	return &UnsupportedError{Msg: fmt.Sprintf("the nim-value of an option of %s is not known, and a sum needs the value of every option", formatPart(q, p))}
}

// Components yields the atomic components of a part: its game's components
// (the heaps a take-and-break move leaves) when the game splits, else the
// part itself. So the misère search and the remoteness ranking of a sum
// work on multisets of atomic parts, whatever the games.
func (c *Compound) Components(p Part, yield func(Part) bool) {
	c.terms[p.Term].components(p.Pos, func(q any) bool { return yield(Part{p.Term, q}) })
}
