package impartial

import (
	"context"
	"errors"
	"fmt"
)

// Method says how an answer was found.
type Method string

const (
	ByClosedForm   Method = "closed form"
	ByOutcomeRule  Method = "closed-form outcome"
	BySearch       Method = "search"
	ByLoopy        Method = "loopy analysis"
	ByMisereRule   Method = "misère closed form"
	ByMisereSearch Method = "misère search"
)

// Query is a question for Analyze.
type Query struct {
	// Misere selects misère play (whoever makes the last move loses).
	Misere bool
	// Settings bound the work (Budget) and format positions in errors.
	Settings
	// AllOptions asks for every option of the position, each with what it
	// leads to, instead of the good moves only.
	AllOptions bool
	// Target, when not nil, asks (under normal play) for the options of
	// value *Target instead of the good moves: the moves a sum of different
	// games needs from one of its components.
	Target *Nimber
	// MaxListed bounds the moves listed; 0 means no bound but the budget's,
	// a negative bound lists none. Their number is still counted when the
	// count is cheap.
	MaxListed int
	// ValueOnly asks for the outcome and the value alone: no move is
	// examined (Moves is empty and Count -1). A sum of different games asks
	// its components this way.
	ValueOnly bool
}

// Analysis is the answer to a Query: the outcome, the value where it is
// known, and the moves asked for. The value and the outcome never wait for
// the moves: when listing the moves runs out of budget, Moves holds those
// found, Count is -1 and Stopped says which budget ran out.
type Analysis[Pos comparable] struct {
	// Outcome is P, N or Draw.
	Outcome Outcome
	// Value is the nim-value under normal play, when it is known and finite.
	Value *Nimber
	// Values are the nim-values of the components ps[i], when Value is
	// their nim-sum (the Sprague–Grundy theorem: the value of a sum is the
	// XOR of the values of its parts); nil otherwise. They are what a
	// learner needs to see why a move wins: 3 ⊕ 4 ⊕ 5 = 2.
	Values []Nimber
	// Loopy is the generalized Sprague–Grundy value, for positions analyzed
	// as a loopy game (and for sums of different games valued by Smith's
	// rule: see Compound).
	Loopy *LoopyValue
	// LoopyValues are the generalized values of the components ps[i] of a
	// Compound one of whose games may be loopy; nil otherwise.
	LoopyValues []LoopyValue
	// Remoteness is the number of moves the game lasts when the winner
	// hurries and the loser delays, when it is known: from loopy analysis,
	// and, with AllOptions, from the sum's own game graph when it fits the
	// ranking bounds (see Remoteness).
	Remoteness *int
	// RemotenessStopped, when not nil, says why the options were not
	// ranked by remoteness (AllOptions): the bound of the ranking search
	// the sum's game graph passed.
	RemotenessStopped *BudgetError
	// By says how the outcome was found.
	By Method
	// Moves are the winning moves (from an N-position), the moves keeping
	// the draw (from a draw), none from a P-position; the options of value
	// Query.Target; or with Query.AllOptions every option. Best first where
	// the engine ranks them, otherwise in position then game order.
	Moves []Option[Pos]
	// Count is the number of such moves, which may exceed len(Moves) (the
	// list was bounded by MaxListed), or -1 when it is not known.
	Count int64
	// Classes describe all the moves when they were too many to list and
	// the game knows them in closed form (TargetCounter), in the order of
	// the components.
	Classes []MoveClass
	// Stopped, when not nil, says which budget ended the list of moves
	// early; the outcome and the value are still right.
	Stopped *BudgetError
}

// Option is a move with what it leads to.
type Option[Pos comparable] struct {
	Move[Pos]
	// After is the outcome of the position after the move, for the player
	// then to move: P means the move wins, N that it loses, Draw a draw.
	// Zero when it is not known.
	After Outcome
	// Value is the nim-value of the whole position after the move, when
	// known (normal play).
	Value *Nimber
	// Loopy is the generalized value after the move (loopy analysis).
	Loopy *LoopyValue
	// Remoteness is that of the position after the move, or -1.
	Remoteness int
}

// Bounds on the small search Analyze runs on the side for the value of a
// position whose outcome a closed form gives (the remoteness ranking of
// every option has its own: rankStates, rankMoves, rankBytes).
const (
	valueSearchPositions = 20_000
	valueSearchWidth     = 256
)

// Analyze answers a question about the sum of the positions ps of game g:
// the one analysis path of grundy, which every face (CLI, web, judge
// drivers) uses. It chooses, in this order:
//   - under misère play, the game's MisereRule when it applies, else an
//     exhaustive search of the sum (MisereSolver);
//   - for a Loopy game, or a MayLoop game in which a cycle turns up, loopy
//     analysis (LoopySolver: outcomes with draws, remoteness, Smith values);
//   - for a single position with a closed-form outcome (OutcomeRule), that
//     outcome, with the value when a small search finds it;
//   - otherwise the Sprague–Grundy search (Solver), which uses the game's
//     closed-form values (Valuer) wherever they apply.
//
// Every step runs under q.Budget and the context: a budget that runs out
// before the outcome is known is an error (*BudgetError); one that runs out
// while the moves are listed only shortens the list (Analysis.Stopped).
func Analyze[Pos comparable](ctx context.Context, g Game[Pos], ps []Pos, q Query) (*Analysis[Pos], error) {
	if p, ok := g.(Preparer[Pos]); ok {
		if err := p.Prepare(ctx, ps, q); err != nil {
			return nil, err
		}
	}
	a := &analyzer[Pos]{g: g, ps: ps, q: q}
	if q.Misere {
		res, err := a.misere(ctx)
		var ce *CycleError
		if errors.As(err, &ce) && loopinessOf(g) != Acyclic {
			return nil, &UnsupportedError{Msg: "misère play of a loopy game is not supported: " + err.Error()}
		}
		return res, err
	}
	if c, ok := any(g).(*Compound); ok {
		// A sum of different games: each component by its own analysis.
		res, err := c.analyze(ctx, any(ps).([]Part), q)
		r, _ := any(res).(*Analysis[Pos])
		return r, err
	}
	return byLoopPolicy(ctx, g, a.normal, a.loopy)
}

// loopinessOf returns what g declares about cycles (Acyclic by default).
func loopinessOf(g any) Loopiness {
	if d, ok := g.(LoopDeclarer); ok {
		return d.Loopiness()
	}
	return Acyclic
}

// byLoopPolicy is the loop policy of every question, written once: a Loopy
// game is answered by loopy analysis; any other game by acyclic analysis,
// and a MayLoop game in which a cycle turns up by loopy analysis instead.
func byLoopPolicy[T any](ctx context.Context, g any, acyclic, loopy func(context.Context) (T, error)) (T, error) {
	loop := loopinessOf(g)
	if loop == Loopy {
		return loopy(ctx)
	}
	res, err := acyclic(ctx)
	var ce *CycleError
	if errors.As(err, &ce) && loop == MayLoop {
		return loopy(ctx)
	}
	return res, err
}

type analyzer[Pos comparable] struct {
	g  Game[Pos]
	ps []Pos
	q  Query
}

// listing collects the moves of an answer under the listing bounds.
type listing[Pos comparable] struct {
	res    *Analysis[Pos]
	max    int
	count  int64
	counts bool // false once the count is unknown
}

func newListing[Pos comparable](res *Analysis[Pos], max int) *listing[Pos] {
	return &listing[Pos]{res: res, max: max, counts: true}
}

func (l *listing[Pos]) add(o Option[Pos]) {
	l.count++
	if l.max == 0 || (l.max > 0 && len(l.res.Moves) < l.max) {
		l.res.Moves = append(l.res.Moves, o)
	}
}

// stop records why the listing ended early. It returns err when the
// question itself must fail: a canceled context (an interrupt).
func (l *listing[Pos]) stop(err error) error {
	var be *BudgetError
	if !errors.As(err, &be) || be.Limit == LimitCanceled {
		return err
	}
	l.res.Stopped = be
	l.counts = false
	return nil
}

func (l *listing[Pos]) done() {
	if l.counts {
		l.res.Count = l.count
	} else {
		l.res.Count = -1
	}
}

// replace returns ps with ps[i] replaced by q.
func replace[Pos comparable](ps []Pos, i int, q Pos) []Pos {
	out := make([]Pos, len(ps))
	copy(out, ps)
	out[i] = q
	return out
}

func nimberPtr(v Nimber) *Nimber { return &v }

// normal answers under normal play by values.
func (a *analyzer[Pos]) normal(ctx context.Context) (*Analysis[Pos], error) {
	if len(a.ps) == 1 && a.q.Target == nil {
		if rule, ok := a.g.(OutcomeRule[Pos]); ok {
			if o, ok := rule.ClosedOutcome(a.ps[0]); ok {
				return a.byOutcomeRule(ctx, rule, o)
			}
		}
	}
	s := NewSolver(a.g, a.q.Settings)
	vals := make([]Nimber, len(a.ps))
	var total Nimber
	for i, p := range a.ps {
		v, err := s.Value(ctx, p)
		if err != nil {
			return nil, err
		}
		vals[i] = v
		total ^= v
	}
	res := &Analysis[Pos]{Value: nimberPtr(total), Values: vals, Outcome: OutcomeOf(total), By: BySearch}
	if a.closed() {
		res.By = ByClosedForm
	}
	if a.q.ValueOnly {
		res.Count = -1
		return res, nil
	}
	l := newListing(res, a.q.MaxListed)
	defer l.done()
	switch {
	case a.q.AllOptions:
		return res, a.allOptions(ctx, s, l, vals, total)
	case a.q.Target != nil:
		for i := range a.ps {
			if err := a.toValue(ctx, s, l, i, vals[i]^total^*a.q.Target, total^vals[i]); err != nil || res.Stopped != nil {
				return res, err
			}
		}
	case total != 0:
		for i := range a.ps {
			// An option may have a larger value than its position, so every
			// component is searched, not only those whose value the move lowers.
			if err := a.toValue(ctx, s, l, i, vals[i]^total, total^vals[i]); err != nil || res.Stopped != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// closed says whether the game's closed form values every position asked.
func (a *analyzer[Pos]) closed() bool {
	v, ok := a.g.(Valuer[Pos])
	if !ok {
		return false
	}
	for _, p := range a.ps {
		if _, ok := v.ClosedValue(p); !ok {
			return false
		}
	}
	return true
}

// toValue lists the options of component i of value want; rest is the
// value of the other components, so the position after such a move has
// value rest ^ want.
func (a *analyzer[Pos]) toValue(ctx context.Context, s *Solver[Pos], l *listing[Pos], i int, want, rest Nimber) error {
	after := rest ^ want
	opt := func(q Pos) Option[Pos] {
		return Option[Pos]{Move: Move[Pos]{Index: i, To: q}, After: OutcomeOf(after), Value: nimberPtr(after), Remoteness: -1}
	}
	p := a.ps[i]
	limit := a.q.MaxListed
	if tc, ok := a.g.(TargetCounter[Pos]); ok {
		room := 0
		if limit != 0 {
			room = max(limit-len(l.res.Moves), 0)
			if room == 0 {
				room = -1 // count only
			}
		}
		first, count, classes, ok, err := tc.CountMovesToValue(ctx, p, want, room, a.q.Budget)
		if ok || err != nil {
			for _, q := range first {
				if limit == 0 || (limit > 0 && len(l.res.Moves) < limit) {
					l.res.Moves = append(l.res.Moves, opt(q))
				}
			}
			if count < 0 {
				l.counts = false
			}
			l.count += max(count, 0)
			for _, c := range classes {
				c.Index = i
				l.res.Classes = append(l.res.Classes, c)
			}
			if err != nil {
				return l.stop(err)
			}
			return nil
		}
	}
	if tm, ok := a.g.(TargetMover[Pos]); ok {
		if qs, ok := tm.MovesToValue(nil, p, want); ok {
			for _, q := range qs {
				l.add(opt(q))
			}
			return nil
		}
	}
	return l.stop(eachOption(ctx, a.g, p, a.q.Budget.MoveLimit(), func(q Pos) error {
		v, err := s.Value(ctx, q)
		if err == nil && v == want {
			l.add(opt(q))
		}
		return err
	}))
}

// eachOption calls fn for each distinct option of p as the game yields it:
// no list of options is held, so the moves found before a budget runs out
// are kept; the move budget bounds the options examined, the context is
// checked as they come, and an error of fn stops the iteration.
func eachOption[Pos comparable](ctx context.Context, g Game[Pos], p Pos, limit int64, fn func(Pos) error) error {
	seen := make(map[Pos]struct{})
	var err error
	var yielded int64
	g.Moves(p, func(q Pos) bool {
		yielded++
		if limit > 0 && yielded > limit {
			err = &BudgetError{Limit: LimitMoves, Max: limit}
			return false
		}
		if yielded%pollEvery == 0 && ctx.Err() != nil {
			err = ContextError(ctx)
			return false
		}
		if _, dup := seen[q]; dup {
			return true
		}
		seen[q] = struct{}{}
		err = fn(q)
		return err == nil
	})
	return err
}

// allOptions lists every option with what it leads to, ranked by
// remoteness when the position's graph is small enough to explore.
func (a *analyzer[Pos]) allOptions(ctx context.Context, s *Solver[Pos], l *listing[Pos], vals []Nimber, total Nimber) error {
	value := func(i int, q Pos) (*Nimber, error) {
		v, err := s.Value(ctx, q)
		if err != nil {
			return nil, err
		}
		return nimberPtr(total ^ vals[i] ^ v), nil
	}
	if ok, err := a.ranked(ctx, l, value); ok || err != nil {
		return err
	}
	for i, p := range a.ps {
		err := eachOption(ctx, a.g, p, a.q.Budget.MoveLimit(), func(q Pos) error {
			v, err := s.Value(ctx, q)
			if err == nil {
				after := total ^ vals[i] ^ v
				l.add(Option[Pos]{Move: Move[Pos]{Index: i, To: q}, After: OutcomeOf(after), Value: nimberPtr(after), Remoteness: -1})
			}
			return err
		})
		if err != nil {
			return l.stop(err)
		}
	}
	return nil
}

// ranked lists every option ranked by the remoteness rule (winning moves
// quickest first, then draws, then losing moves longest first), and sets
// the position's remoteness, when the sum's game graph, explored as
// multisets of atomic components (sumTree), fits the ranking bounds. ok is
// false when it does not: Analysis.RemotenessStopped then says which bound
// the graph passed, and the caller lists the options unranked. value, when
// not nil, gives the value of the sum after ps[i] moves to q.
func (a *analyzer[Pos]) ranked(ctx context.Context, l *listing[Pos], value func(i int, q Pos) (*Nimber, error)) (ok bool, err error) {
	t := newSumTree(a.g, a.q.Budget)
	err = t.build(ctx, a.ps)
	var opts []Option[Pos]
	if err == nil {
		opts, err = t.rank(ctx, a.ps, a.q.Budget.MoveLimit(), value)
	}
	if err != nil {
		var be *BudgetError
		if !errors.As(err, &be) || be.Limit == LimitTime || be.Limit == LimitCanceled {
			return false, err
		}
		l.res.RemotenessStopped = be
		return false, nil
	}
	if r := t.rem[0]; r >= 0 {
		rem := int(r)
		l.res.Remoteness = &rem
	}
	for _, o := range opts {
		l.add(o)
	}
	return true, nil
}

func loopyOption[Pos comparable](m LoopyMove[Pos]) Option[Pos] {
	o := Option[Pos]{Move: m.Move, After: m.Value.Outcome(), Remoteness: m.Remoteness}
	v := m.Value
	o.Loopy = &v
	if !v.Inf {
		o.Value = nimberPtr(v.N)
	}
	return o
}

// byOutcomeRule answers a single position whose outcome a closed form
// gives: the value comes from a small search when the position has few
// options, and the winning moves are the options the rule says are
// P-positions.
func (a *analyzer[Pos]) byOutcomeRule(ctx context.Context, rule OutcomeRule[Pos], o Outcome) (*Analysis[Pos], error) {
	p := a.ps[0]
	res := &Analysis[Pos]{Outcome: o, By: ByOutcomeRule}
	if o == P {
		res.Value = nimberPtr(0)
	} else if v, ok := a.smallValue(ctx, p); ok {
		res.Value = &v
	}
	if ctx.Err() != nil {
		return nil, ContextError(ctx)
	}
	if a.q.ValueOnly {
		res.Count = -1
		return res, nil
	}
	l := newListing(res, a.q.MaxListed)
	defer l.done()
	if o == P && !a.q.AllOptions {
		return res, nil
	}
	if a.q.AllOptions {
		// The options' values, where a small search finds them (the rule
		// gives outcomes only). The game tree fits the ranking search when
		// this runs, so a plain search of it costs no more than the ranking
		// did; the closed forms, made for huge positions, would cost more
		// (Wythoff's: big-number square roots for every position).
		set := a.q.Settings
		if b := &set.Budget; b.MaxPositions == 0 || b.MaxPositions > valueSearchPositions {
			b.MaxPositions = valueSearchPositions
		}
		small := NewSolver(Plain(a.g), set)
		value := func(_ int, q Pos) (*Nimber, error) {
			if v, err := small.Value(ctx, q); err == nil {
				return &v, nil
			}
			return nil, ContextError(ctx)
		}
		if ok, err := a.ranked(ctx, l, value); ok || err != nil {
			return res, err
		}
	} else {
		if tm, ok := a.g.(TargetMover[Pos]); ok {
			if qs, ok := tm.MovesToValue(nil, p, 0); ok {
				for _, q := range qs {
					l.add(Option[Pos]{Move: Move[Pos]{To: q}, After: P, Value: nimberPtr(0), Remoteness: -1})
				}
				return res, nil
			}
		}
	}
	// Stream the options: a position with a billion options is examined
	// within the move budget, and none is held. A winning move the game
	// constructs comes first, so that one is listed whatever the budget.
	limit := a.q.Budget.MoveLimit()
	var yielded int64
	var stop error
	seen := make(map[Pos]struct{})
	if wm, ok := a.g.(WinningMover[Pos]); ok && o == N && !a.q.AllOptions {
		if q, ok := wm.WinningMove(p); ok {
			l.add(Option[Pos]{Move: Move[Pos]{To: q}, After: P, Value: nimberPtr(0), Remoteness: -1})
			seen[q] = struct{}{}
		}
	}
	a.g.Moves(p, func(q Pos) bool {
		yielded++
		if limit > 0 && yielded > limit {
			stop = &BudgetError{Limit: LimitMoves, Max: limit}
			return false
		}
		if yielded%pollEvery == 0 && ctx.Err() != nil {
			stop = ContextError(ctx)
			return false
		}
		if _, dup := seen[q]; dup {
			return true
		}
		if len(seen) < 1<<16 {
			seen[q] = struct{}{}
		}
		qo, ok := rule.ClosedOutcome(q)
		if !ok {
			stop = fmt.Errorf("the closed-form outcome of %s does not cover its option %s", a.format(p), a.format(q))
			return false
		}
		if qo == P || a.q.AllOptions {
			after := qo
			opt := Option[Pos]{Move: Move[Pos]{To: q}, After: after, Remoteness: -1}
			if after == P {
				opt.Value = nimberPtr(0)
			}
			l.add(opt)
		}
		return true
	})
	if stop != nil {
		return res, l.stop(stop)
	}
	return res, nil
}

// smallValue searches for the value of p within a small budget, when p
// has few options: a wide position means a search far beyond any budget.
func (a *analyzer[Pos]) smallValue(ctx context.Context, p Pos) (Nimber, bool) {
	if v, ok := a.g.(Valuer[Pos]); ok {
		if x, ok := v.ClosedValue(p); ok {
			return x, true
		}
	}
	width := 0
	a.g.Moves(p, func(Pos) bool { width++; return width <= valueSearchWidth })
	if width > valueSearchWidth {
		return 0, false
	}
	set := a.q.Settings
	if b := &set.Budget; b.MaxPositions == 0 || b.MaxPositions > valueSearchPositions {
		b.MaxPositions = valueSearchPositions
	}
	v, err := NewSolver(a.g, set).Value(ctx, p)
	return v, err == nil
}

func (a *analyzer[Pos]) format(p Pos) string {
	if a.q.Format != nil {
		return a.q.Format(p)
	}
	return fmt.Sprint(p)
}

// misere answers under misère play.
func (a *analyzer[Pos]) misere(ctx context.Context) (*Analysis[Pos], error) {
	s := NewMisereSolver(a.g, a.q.Settings)
	o, err := s.Outcome(ctx, a.ps...)
	if err != nil {
		return nil, err
	}
	res := &Analysis[Pos]{Outcome: o, By: ByMisereSearch}
	if rule, ok := a.g.(MisereRule[Pos]); ok {
		if _, ok := rule.MisereOutcome(s.components(a.ps)); ok {
			res.By = ByMisereRule
		}
	}
	if a.q.ValueOnly {
		res.Count = -1
		return res, nil
	}
	l := newListing(res, a.q.MaxListed)
	defer l.done()
	if o == P && !a.q.AllOptions {
		return res, nil
	}
	if mm, ok := a.g.(MisereMover[Pos]); ok && !a.q.AllOptions {
		if moves, count, ok := mm.MisereWinningMoves(ctx, a.ps, max(a.q.MaxListed, 0)); ok {
			for _, m := range moves {
				l.add(Option[Pos]{Move: m, After: P, Remoteness: -1})
			}
			if count < 0 {
				l.counts = false
			} else {
				l.count = count
			}
			return res, nil
		}
	}
	for i, p := range a.ps {
		err := eachOption(ctx, a.g, p, a.q.Budget.MoveLimit(), func(q Pos) error {
			after, err := s.Outcome(ctx, replace(a.ps, i, q)...)
			if err == nil && (after == P || a.q.AllOptions) {
				l.add(Option[Pos]{Move: Move[Pos]{Index: i, To: q}, After: after, Remoteness: -1})
			}
			return err
		})
		if err != nil {
			return res, l.stop(err)
		}
	}
	return res, nil
}

// loopy answers by retrograde analysis.
func (a *analyzer[Pos]) loopy(ctx context.Context) (*Analysis[Pos], error) {
	if a.q.Target != nil {
		return nil, &UnsupportedError{Msg: "moves to a given value are not listed for loopy games"}
	}
	ls := NewLoopySolver(a.g, a.q.Settings)
	val, err := ls.Value(ctx, a.ps...)
	if err != nil {
		return nil, err
	}
	res := &Analysis[Pos]{Outcome: val.Outcome(), Loopy: &val, By: ByLoopy}
	if !val.Inf {
		res.Value = nimberPtr(val.N)
	}
	if a.q.ValueOnly {
		res.Count = -1
		return res, nil
	}
	// The remoteness of a sum comes from the sum's own graph, omitted when
	// that graph is larger than the solver explores.
	rem, ok, err := ls.SumRemoteness(ctx, a.ps...)
	var be *BudgetError
	switch {
	case errors.As(err, &be) && be.Limit == LimitPositions:
	case err != nil:
		return nil, err
	case ok:
		res.Remoteness = &rem
	}
	l := newListing(res, a.q.MaxListed)
	defer l.done()
	var moves []LoopyMove[Pos]
	if a.q.AllOptions {
		moves, _, err = ls.RankedMoves(ctx, a.ps...)
	} else {
		moves, _, err = ls.GoodMoves(ctx, a.ps...)
	}
	if err != nil {
		return res, l.stop(err)
	}
	for _, m := range moves {
		l.add(loopyOption(m))
	}
	return res, nil
}

// Reply returns the perfect player's move from the sum ps, the move
// `grundy play` and the web's play page make. Under normal play, when the
// position's graph is small enough to explore, it follows the remoteness
// rule of retrograde analysis (Steinhaus 1925; Smith 1966; Winning Ways,
// ch. 9): the quickest win, a move keeping a draw, or the longest loss.
// Otherwise it plays the first winning (or drawing) move Analyze lists, and
// from a lost position the first legal move. ok is false when there is no
// legal move.
func Reply[Pos comparable](ctx context.Context, g Game[Pos], ps []Pos, q Query) (m Move[Pos], ok bool, err error) {
	q.AllOptions, q.Target, q.ValueOnly = false, nil, false
	if !q.Misere {
		res := &Analysis[Pos]{}
		a := &analyzer[Pos]{g: g, ps: ps, q: q}
		if p, isPrep := g.(Preparer[Pos]); isPrep {
			if err := p.Prepare(ctx, ps, q); err != nil {
				return Move[Pos]{}, false, err
			}
		}
		if ranked, err := a.ranked(ctx, newListing(res, 1), nil); err != nil {
			return Move[Pos]{}, false, err
		} else if ranked {
			if len(res.Moves) == 0 {
				return Move[Pos]{}, false, nil
			}
			return res.Moves[0].Move, true, nil
		}
	}
	q.MaxListed = 1
	res, err := Analyze(ctx, g, ps, q)
	if err != nil {
		return Move[Pos]{}, false, err
	}
	if len(res.Moves) > 0 {
		return res.Moves[0].Move, true, nil
	}
	if res.Count > 0 && res.Stopped == nil {
		// Good moves were counted but none listed: each is too large for
		// the answer (a coin-turning move of a billion coins). Playing the
		// first legal move instead would throw the game away.
		if m := q.Budget.MaxOutput; m > 0 {
			return Move[Pos]{}, false, &BudgetError{Limit: LimitOutput, Max: m, What: "the best move"}
		}
		return Move[Pos]{}, false, &BudgetError{Limit: LimitMemory, Max: q.Budget.MaxMemory, What: "the best move"}
	}
	for i, p := range ps {
		var first Pos
		found := false
		g.Moves(p, func(x Pos) bool { first, found = x, true; return false })
		if found {
			return Move[Pos]{Index: i, To: first}, true, nil
		}
	}
	return Move[Pos]{}, false, nil
}
