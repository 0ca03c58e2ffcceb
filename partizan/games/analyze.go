package games

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
)

// Analysis is the answer about one position: what `grundy solve --json`
// prints for a partizan game and what the API returns.
type Analysis struct {
	// Game is the ruleset's name, or "sum" for a sum of components.
	Game string `json:"game"`
	// Position is the position in canonical syntax (a sum written out:
	// "domineering '..|..' + kayles 7").
	Position string `json:"position"`
	// Components are the terms of a sum (absent for one ruleset position).
	Components []Component `json:"components,omitempty"`
	// Left and Right say who the players are, when the position is one
	// ruleset's.
	Left  string `json:"left,omitempty"`
	Right string `json:"right,omitempty"`
	// Picture is the position drawn as a graph, when it is one position
	// of a ruleset played on a picture (Hackenbush, Col, Snort, Clobber
	// on a graph): each move's Changes index into it.
	Picture *Picture `json:"picture,omitempty"`
	Values
	// LeftWins and RightWins are the winning moves of each side moving
	// first: Left's options ≥ 0, Right's ≤ 0 (empty, not null, when none).
	LeftWins  []Move `json:"left_winning_moves"`
	RightWins []Move `json:"right_winning_moves"`
	// LeftOptions and RightOptions list every option of each side with
	// its value (Settings.All), or the page of them Settings.Offset and
	// Settings.Limit ask for, as many as fit in the output budget.
	LeftOptions  []Move `json:"left_options,omitempty"`
	RightOptions []Move `json:"right_options,omitempty"`
	// LeftMoves and RightMoves count the options of each side.
	LeftMoves  int `json:"left_moves"`
	RightMoves int `json:"right_moves"`
	// LeftNext and RightNext are, when a side's options are not all
	// listed from the offset on, the offset of the next page of them;
	// LeftNote and RightNote say how many are not listed and why.
	LeftNext  int    `json:"left_next_offset,omitempty"`
	LeftNote  string `json:"left_options_note,omitempty"`
	RightNext int    `json:"right_next_offset,omitempty"`
	RightNote string `json:"right_options_note,omitempty"`
	// MovesNote says why moves are missing (an impartial component with
	// too many moves to list): the value above is still exact.
	MovesNote string `json:"moves_note,omitempty"`
}

// Values are the facts of a game value: canonical form, outcome and
// thermal values, as CGSuite writes them.
type Values struct {
	// Value is the canonical form, as CGSuite writes it ("{2|-1/2}").
	Value string `json:"value"`
	// Outcome is the outcome class: L, R, N or P; OutcomeText says it in
	// words ("Left wins, whoever moves first").
	Outcome     string `json:"outcome"`
	OutcomeText string `json:"outcome_text"`
	// Temperature and Mean in CGSuite's conventions (a number m/2^e has
	// temperature -1/2^e); LeftStop and RightStop where play ends.
	Temperature string `json:"temperature"`
	Mean        string `json:"mean"`
	LeftStop    string `json:"left_stop"`
	RightStop   string `json:"right_stop"`
	// Birthday is the day the canonical form was born.
	Birthday uint64 `json:"birthday"`
	// Thermograph is the value's thermograph, its walls as points.
	Thermograph *Thermograph `json:"thermograph,omitempty"`
}

// Component is one term of a sum with its value.
type Component struct {
	// Kind is "ruleset", "impartial" (a catalog game: the nimber of its
	// value) or "value" (CGSuite notation).
	Kind     string `json:"kind"`
	Game     string `json:"game,omitempty"`
	Position string `json:"position"`
	// Negated is set for a term subtracted from the sum.
	Negated bool   `json:"negated,omitempty"`
	Value   string `json:"value"`
}

// Move is an option of a side: the position it leads to and its value.
type Move struct {
	// To is the position after the move, in canonical syntax (the whole
	// sum for a sum).
	To string `json:"to"`
	// Value is the value of the position after the move.
	Value string `json:"value"`
	// Move says in words what the move does, where the ruleset has words
	// for it ("vertical domino on (1,2) (2,2)"; for a sum, in its component).
	Move string `json:"move,omitempty"`
	// Result is what the move does for the player making it, the other
	// player then to move: "win" (it wins against any defence) or "lose".
	Result string `json:"result"`
	// Rank is what the option is among its side's options: RankBest
	// ("best": no other option of the side is better for its player) or
	// RankDominated ("dominated": another is; Siegel, CGT II.2).
	Rank string `json:"rank"`
	// Reversible is set for an option the other player can answer with a
	// move at least as good for them as the position before (a Left
	// option G^L with some G^LR ≤ G, of its canonical form; dually for
	// Right): the canonical form bypasses it.
	Reversible bool `json:"reversible,omitempty"`
	// Changes are, for a position with a Picture, the parts of it the
	// move changes: the edge a Hackenbush move cuts (an index into
	// Picture.Edges); the vertex Col or Snort colours, or the vertex of
	// the stone Clobber moves and the one it captures (indices into
	// Picture.Vertices).
	Changes []int `json:"changes,omitempty"`
	// OtherChanges are the changes of the other moves that lead to the
	// same position (cutting either of two equal stalks, colouring either
	// of two vertices of a cycle), one list per move.
	OtherChanges [][]int `json:"other_changes,omitempty"`
	// Component is, for a sum, the component moved in (counted from 1),
	// and ComponentTo its position after the move.
	Component   int    `json:"component,omitempty"`
	ComponentTo string `json:"component_to,omitempty"`

	comp *component // the component after the move
	g    partizan.Game
}

// Analyze answers a question about a position: game names a ruleset
// ("domineering", with position in its syntax) or is "sum" (or "") with
// position a sum of rulesets' positions, impartial catalog games and
// values ("domineering '..|..' + kayles 7 + ^"). It returns the value in
// canonical form, the outcome, each side's winning moves (every option with
// Settings.All), the temperature, mean, stops and thermograph.
func Analyze(ctx context.Context, game, position string, set Settings) (*Analysis, error) {
	s := newSession(ctx, set)
	defer s.close()
	ks, err := s.read(game, position)
	if err != nil {
		return nil, err
	}
	return s.analyze(game, ks)
}

// read parses a question: one ruleset position, or a sum.
func (s *session) read(game, position string) ([]*component, error) {
	if g := strings.TrimSpace(game); g != "" && !strings.EqualFold(g, "sum") {
		r, err := s.ruleFile(g)
		if errors.Is(err, errNotPartizan) {
			r, err = Lookup(s.set.Rulesets, g)
		}
		if err != nil {
			return nil, err
		}
		pos, err := r.Parse(position)
		if err != nil {
			return nil, err
		}
		v, err := s.solver(r).value(pos.p)
		if err != nil {
			return nil, err
		}
		return []*component{{kind: KindRuleset, r: r, pos: pos, g: v, text: r.Name + " " + quote(pos.String())}}, nil
	}
	_, rel, _, _, relOff, err := splitRelation(position)
	if err != nil {
		return nil, err
	}
	if rel != "" {
		return nil, syntaxErr(position, relOff, fmt.Sprintf("a comparison %q in a position (grundy value compares games)", rel))
	}
	return s.parseSum(position, 0, position)
}

func (s *session) analyze(game string, ks []*component) (*Analysis, error) {
	g, err := s.total(ks)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Game: "sum", Position: sumText(ks), LeftWins: []Move{}, RightWins: []Move{}}
	if len(ks) == 1 && ks[0].kind == KindRuleset && !ks[0].neg {
		r := ks[0].r
		a.Game, a.Position, a.Left, a.Right = r.Name, ks[0].pos.String(), r.Left, r.Right
		if a.Picture, err = s.pictureOf(ks[0]); err != nil {
			return nil, err
		}
	} else {
		for _, k := range ks {
			v, err := s.format(k.g)
			if err != nil {
				return nil, err
			}
			c := Component{Kind: k.kind, Value: v, Negated: k.neg, Position: k.text}
			switch k.kind {
			case KindRuleset:
				c.Game, c.Position = k.r.Name, k.pos.String()
			case KindImpartial:
				c.Game, c.Position = k.spec, k.cpos
			}
			a.Components = append(a.Components, c)
		}
	}
	if err := s.emit(len(a.Position)); err != nil {
		return nil, err
	}
	if a.Values, err = s.values(g); err != nil {
		return nil, err
	}
	var all [2][]Move
	for _, side := range []partizan.Side{partizan.Left, partizan.Right} {
		moves, err := s.options(ks, side)
		if errors.Is(err, errImpartialMoves) {
			a.MovesNote = err.Error()
			continue
		}
		if err != nil {
			return nil, err
		}
		wins := []Move{}
		for _, m := range moves {
			if m.Result == "win" {
				if err := s.fill(&m); err != nil {
					return nil, err
				}
				wins = append(wins, m)
			}
		}
		all[side] = moves
		if side == partizan.Left {
			a.LeftWins, a.LeftMoves = wins, len(moves)
		} else {
			a.RightWins, a.RightMoves = wins, len(moves)
		}
	}
	if s.set.All {
		if err := s.pages(a, all); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// outcomeText says an outcome class in words.
func outcomeText(o partizan.Outcome) string {
	switch o {
	case partizan.L:
		return "Left wins, whoever moves first"
	case partizan.R:
		return "Right wins, whoever moves first"
	case partizan.N:
		return "the first player wins, Left or Right"
	}
	return "the second player wins (whoever moves first loses)"
}

// values gathers the facts of g.
func (s *session) values(g partizan.Game) (Values, error) {
	var v Values
	var err error
	if v.Value, err = s.format(g); err != nil {
		return v, err
	}
	o, err := s.c.Outcome(g)
	if err != nil {
		return v, err
	}
	v.Outcome, v.OutcomeText = o.String(), outcomeText(o)
	t, err := s.c.Temperature(g)
	if err != nil {
		return v, err
	}
	m, err := s.c.Mean(g)
	if err != nil {
		return v, err
	}
	l, r := g.Stops()
	v.Temperature, v.Mean, v.LeftStop, v.RightStop, v.Birthday = t.String(), m.String(), l.String(), r.String(), g.Birthday()
	th, err := s.c.Thermograph(g)
	if err != nil {
		return v, err
	}
	v.Thermograph = thermographOf(th)
	return v, s.emit(v.Thermograph.size() + len(v.Temperature) + len(v.Mean) + len(v.LeftStop) + len(v.RightStop))
}

// errImpartialMoves marks an impartial component whose moves are too
// many to list: the value is known, the moves are not listed.
var errImpartialMoves = errors.New("too many moves to list")

// maxImpartialMoves bounds the moves of one impartial component a sum
// lists (each is valued by the catalog): a heap of a million has a million.
const maxImpartialMoves = 100_000

// impartialOptions lists the options of an impartial component with their
// values, once per component (both sides have them).
func (s *session) impartialOptions(k *component) ([]catalog.Option, error) {
	key := k.spec + "\x00" + k.cpos
	if opts, ok := s.impOpts[key]; ok {
		return opts, nil
	}
	limit := int64(maxImpartialMoves)
	if m := s.set.Budget.MoveLimit(); m > 0 && m < limit {
		limit = m
	}
	if e, ok := s.impErr[key]; ok {
		return nil, e
	}
	// Moves refuses a list longer than its move budget before building it:
	// a cheap test before the catalog values every option.
	b := s.set.Budget
	b.MaxMoves = limit
	var be *impartial.BudgetError
	if _, err := k.cg.Moves(s.ctx, k.cpos, catalog.Options{Budget: b}); errors.As(err, &be) && be.Limit == impartial.LimitMoves {
		e := &movesError{what: k.text, more: limit}
		s.impErr[key] = e
		return nil, e
	}
	res, err := k.cg.Solve(s.ctx, k.cpos, catalog.Options{Budget: s.set.Budget, AllOptions: true, MaxListed: int(limit)})
	switch {
	case errors.As(err, &be) && be.Limit != impartial.LimitTime && be.Limit != impartial.LimitCanceled:
		e := &movesError{what: k.text, err: err}
		s.impErr[key] = e
		return nil, e
	case err != nil:
		return nil, err
	case res.MoveCount != nil && *res.MoveCount > int64(len(res.Options)):
		e := &movesError{what: k.text, n: *res.MoveCount, listed: len(res.Options)}
		s.impErr[key] = e
		return nil, e
	}
	for _, o := range res.Options {
		if o.Value == nil {
			return nil, fmt.Errorf("%s: the move to %s has no finite value", k.text, o.To)
		}
	}
	s.impOpts[key] = res.Options
	return res.Options, nil
}

// movesError says that an impartial component's moves are too many to
// list (n of them, or a budget ran out finding them).
type movesError struct {
	what   string
	n      int64
	listed int
	more   int64 // more than this many moves
	err    error
}

func (e *movesError) Error() string {
	if e.err != nil {
		return fmt.Sprintf("the moves of %s are not listed (%v); the value is exact", e.what, e.err)
	}
	if e.more > 0 {
		return fmt.Sprintf("%s has more than %d moves, more than a sum lists; the value is exact", e.what, e.more)
	}
	return fmt.Sprintf("%s has %d moves, more than the %d a sum lists; the value is exact", e.what, e.n, e.listed)
}

func (e *movesError) Unwrap() []error { return []error{errImpartialMoves, e.err} }

// options lists side's options of the sum ks, each valued and ranked
// (their values not yet written: fill).
func (s *session) options(ks []*component, side partizan.Side) ([]Move, error) {
	total, err := s.total(ks)
	if err != nil {
		return nil, err
	}
	var out []Move
	seen := map[string]int{} // a ruleset may yield an option twice: list it once (its index in out)
	for i, k := range ks {
		kopts, err := s.componentOptions(k, side)
		if err != nil {
			return nil, err
		}
		if limit := s.set.Budget.MoveLimit(); limit > 0 && int64(len(out)+len(kopts)) > limit {
			return nil, &impartial.BudgetError{Limit: impartial.LimitMoves, Max: limit, What: "the options of the position"}
		}
		kv, err := s.value(k)
		if err != nil {
			return nil, err
		}
		rest, err := s.c.Sub(total, kv)
		if err != nil {
			return nil, err
		}
		var changes [][]int // what each option changes in the picture
		if k.kind == KindRuleset && len(ks) == 1 && !k.neg {
			if pe, ok := k.r.eng.(pictured); ok {
				if changes = pe.changes(k.pos.p, side); len(changes) != len(kopts) {
					changes = nil
				}
			}
		}
		for j, nk := range kopts {
			nv, err := s.value(nk)
			if err != nil {
				return nil, err
			}
			after, err := s.c.Add(rest, nv)
			if err != nil {
				return nil, err
			}
			m, err := s.move(ks, i, nk, after, side)
			if err != nil {
				return nil, err
			}
			if changes != nil {
				m.Changes = changes[j]
			}
			if at, ok := seen[m.To]; !ok {
				seen[m.To] = len(out)
				out = append(out, m)
			} else if m.Changes != nil {
				out[at].OtherChanges = append(out[at].OtherChanges, m.Changes)
			}
		}
	}
	return out, s.rank(out, side, total)
}

// move describes the move in component i to nk, with value after.
func (s *session) move(ks []*component, i int, nk *component, after partizan.Game, side partizan.Side) (Move, error) {
	m := Move{comp: nk, g: after, Result: "lose"}
	// Left moving to G' wins when G' ≥ 0 (Right, to move, loses); Right
	// when G' ≤ 0.
	var win bool
	var err error
	if side == partizan.Left {
		win, err = s.c.Leq(partizan.Zero, after)
	} else {
		win, err = s.c.Leq(after, partizan.Zero)
	}
	if err != nil {
		return m, err
	}
	if win {
		m.Result = "win"
	}
	if nk.kind == KindRuleset {
		m.Move = describe(nk.r, ks[i].pos.String(), nk.pos.String())
	}
	if len(ks) == 1 && ks[0].kind == KindRuleset && !ks[0].neg {
		m.To = nk.pos.String()
	} else {
		next := append([]*component(nil), ks...)
		next[i] = nk
		m.To, m.Component = sumText(next), i+1
		switch nk.kind {
		case KindRuleset:
			m.ComponentTo = nk.pos.String()
		case KindImpartial:
			m.ComponentTo = nk.cpos
		default:
			m.ComponentTo = nk.text
		}
	}
	return m, nil
}

// componentOptions lists side's options in one component, as components
// (with the component's sign: a move of Left's in -G is one of Right's in
// G, negated).
func (s *session) componentOptions(k *component, side partizan.Side) ([]*component, error) {
	inner := side
	if k.neg {
		inner = side.Other()
	}
	var out []*component
	switch k.kind {
	case KindRuleset:
		ps, gs, err := s.solver(k.r).options(k.pos.p, inner)
		if err != nil {
			return nil, err
		}
		for j, p := range ps {
			pos := Position{Ruleset: k.r, p: p}
			out = append(out, &component{kind: KindRuleset, neg: k.neg, r: k.r, pos: pos, g: gs[j], text: k.r.Name + " " + quote(pos.String())})
		}
	case KindValue:
		for o := range k.g.Options(inner) {
			text, err := s.format(o)
			if err != nil {
				return nil, err
			}
			out = append(out, &component{kind: KindValue, g: o, text: text})
			if limit := s.set.Budget.MoveLimit(); limit > 0 && int64(len(out)) > limit {
				return nil, &impartial.BudgetError{Limit: impartial.LimitMoves, Max: limit, What: "the options of " + k.text}
			}
		}
	case KindImpartial:
		opts, err := s.impartialOptions(k)
		if err != nil {
			return nil, err
		}
		for _, o := range opts {
			nk := &component{kind: KindImpartial, neg: k.neg, cg: k.cg, spec: k.spec, cpos: o.To, g: s.c.Store().FromNimber(*o.Value)}
			nk.text = nk.spec + " " + o.To
			if strings.ContainsAny(o.To, "+-'\"<>=") {
				nk.text = nk.spec + " " + quote(o.To)
			}
			out = append(out, nk)
		}
	}
	return out, nil
}

// Reply returns the perfect player's move for side from a position
// (Analyze's game and position): a winning move when there is one (the
// first, in the ruleset's order), otherwise the option with the best stop
// for side (the loss that leaves the most). ok is false when side has no
// move.
func Reply(ctx context.Context, game, position string, side partizan.Side, set Settings) (m Move, ok bool, err error) {
	s := newSession(ctx, set)
	defer s.close()
	ks, err := s.read(game, position)
	if err != nil {
		return Move{}, false, err
	}
	moves, err := s.options(ks, side)
	if err != nil || len(moves) == 0 {
		return Move{}, false, err
	}
	m = best(moves, side)
	return m, true, s.fill(&m)
}

// BestMove is the perfect player's choice for side among the options
// listed by an analysis made with Settings.All (Reply's rule; all of them
// unless a page or the output budget cut the list): the first winning
// move in the ruleset's order, otherwise the losing move that leaves the
// best stop for side. ok is false when side has no move.
func BestMove(a *Analysis, side partizan.Side) (Move, bool) {
	moves := a.LeftOptions
	if side == partizan.Right {
		moves = a.RightOptions
	}
	if len(moves) == 0 {
		return Move{}, false
	}
	return best(moves, side), true
}

// best picks a winning move, or the losing move with the best stop.
func best(moves []Move, side partizan.Side) Move {
	for _, m := range moves {
		if m.Result == "win" {
			return m
		}
	}
	pick := moves[0]
	for _, m := range moves[1:] {
		if side == partizan.Left && stopFor(m.g, side).Cmp(stopFor(pick.g, side)) > 0 ||
			side == partizan.Right && stopFor(m.g, side).Cmp(stopFor(pick.g, side)) < 0 {
			pick = m
		}
	}
	return pick
}

// stopFor is the stop of g reached with the other player to move: the
// right stop after a move of Left's, the left stop after Right's.
func stopFor(g partizan.Game, mover partizan.Side) partizan.Dyadic {
	l, r := g.Stops()
	if mover == partizan.Left {
		return r
	}
	return l
}
