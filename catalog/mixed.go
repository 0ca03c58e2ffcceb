package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
)

// A sum of different games (the disjunctive sum of Winning Ways, ch. 2): a
// move is a move in one component, and whoever cannot move in any component
// loses. By the Sprague–Grundy theorem its nim-value is the XOR of the
// components' values, each found by its own game's analysis (closed forms
// included), so 'subtract:1,3,4 100000000000 + nim 3' is as quick as its
// parts. A component of a loopy game adds by Smith's rule
// (impartial.LoopyValue.Add). Under misère play values do not add, and the
// sum is searched as a whole (impartial.MisereSolver over the components'
// positions), within the budget.
//
// The syntax, the same on the command line, in the JSON API and on the web
// (game=sum&position=…):
//
//	GAME POSITION + GAME POSITION + …
//
// such as "kayles 7 + nim 3 4 + coins:mock-turtles HHT + wythoff 3 5". A "+"
// standing alone (spaces on both sides) and followed by a game's name starts
// a new component; any other "+" belongs to the position, so that a
// Starlark game's own sums ("starlark:g.star (1,2) + (3,4)") need no
// quoting. A position word that is also a game's name is written quoted
// ("nim") after such a "+".

const sumSpec = "sum"

func sumFamily() Family {
	return Family{
		Name:    sumSpec,
		Syntax:  sumSpec,
		Rule:    "a sum of positions of different games, \"kayles 7 + nim 3 4 + wythoff 3 5\": move in one component; values XOR",
		Example: sumSpec,
		New: func(args string) (Game, error) {
			if err := noArgs(sumSpec, args); err != nil {
				return nil, err
			}
			return MixedSum{}, nil
		},
	}
}

// MixedSum is the catalog game whose positions are sums of positions of
// different catalog games (spec "sum"). Each question parses its
// expression, so the game holds no state.
type MixedSum struct{}

// Info describes the sum game.
func (MixedSum) Info() Info {
	return Info{
		Spec:     sumSpec,
		Name:     "sum of games",
		Rule:     "A position is a sum of positions of different games; a move is a move in one of them, and whoever cannot move in any loses. Its nim-value is the XOR of the components' values (Sprague–Grundy).",
		Position: `components "GAME POSITION" separated by " + ", e.g. "kayles 7 + nim 3 4 + wythoff 3 5"`,
		Example:  "kayles 7 + nim 3 4 + wythoff 3 5",
	}
}

// HasSumSeparator says whether the words of text contain a "+" standing
// alone and followed by a game's name: text, read after a game's name, is
// then a sum of different games rather than one game's position.
func HasSumSeparator(text string) bool {
	words := sumWords(text)
	fams := Families()
	for i := 0; i+1 < len(words); i++ {
		if words[i].Text == "+" && isGameName(words[i+1].Text, fams) {
			return true
		}
	}
	return false
}

// sumWords splits text at white space, keeping each word's offset.
func sumWords(text string) []Field {
	var out []Field
	start := -1
	for i, r := range text {
		space := r == ' ' || r == '\t' || r == '\n' || r == '\r'
		switch {
		case space && start >= 0:
			out = append(out, Field{Text: text[start:i], Offset: start})
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, Field{Text: text[start:], Offset: start})
	}
	return out
}

// isGameName says whether word is a spec naming a catalog family (only the
// name before ":" is looked at).
func isGameName(word string, fams []Family) bool {
	name, _, _ := strings.Cut(word, ":")
	name = strings.ToLower(name)
	for _, f := range fams {
		if f.Name == name || slices.Contains(f.Aliases, name) {
			return true
		}
	}
	return false
}

// sumPart is one component of a sum: a position of game number game, in
// that game's canonical syntax (itself possibly a sum of the game's own
// components, such as the heaps "3 4" of nim).
type sumPart struct {
	game int
	pos  string
}

// sumExpr is a parsed sum: its distinct games and its components.
type sumExpr struct {
	games []Game
	parts []sumPart
}

// sumError is a *PositionError of the sum.
func sumError(expr string, offset int, msg string) error {
	return &PositionError{Game: sumSpec, Position: expr, Offset: offset, Msg: msg}
}

// parseSum reads a sum expression; errors are *PositionError values naming
// the column of the sum.
func parseSum(expr string) (*sumExpr, error) {
	words := sumWords(expr)
	if len(words) == 0 {
		return nil, sumError(expr, -1, `no components: write GAME POSITION + GAME POSITION, e.g. "kayles 7 + nim 3 4"`)
	}
	fams := Families()
	e := &sumExpr{}
	index := map[string]int{}
	for i := 0; i < len(words); {
		spec := words[i]
		j := i + 1
		for j < len(words) && !(words[j].Text == "+" && j+1 < len(words) && isGameName(words[j+1].Text, fams)) {
			j++
		}
		if strings.EqualFold(strings.SplitN(spec.Text, ":", 2)[0], sumSpec) {
			return nil, sumError(expr, spec.Offset, "a sum cannot be a component of a sum: write its components")
		}
		gi, ok := index[spec.Text]
		if !ok {
			g, err := Parse(spec.Text)
			if err != nil {
				var se *SpecError
				if errors.As(err, &se) {
					off := spec.Offset
					if se.Offset >= 0 {
						off += se.Offset
					}
					return nil, sumError(expr, off, se.Msg)
				}
				return nil, err
			}
			gi = len(e.games)
			e.games = append(e.games, g)
			index[spec.Text] = gi
		}
		g := e.games[gi]
		if j == i+1 {
			return nil, sumError(expr, spec.Offset, fmt.Sprintf("%s has no position (write GAME POSITION, e.g. %q)", g.Info().Spec, g.Info().Spec+" "+g.Info().Example))
		}
		start, last := words[i+1], words[j-1]
		text := expr[start.Offset : last.Offset+len(last.Text)]
		canon, err := g.Canonical(text)
		if err != nil {
			var pe *PositionError
			if errors.As(err, &pe) {
				off := -1
				if pe.Offset >= 0 {
					off = start.Offset + pe.Offset
				}
				return nil, sumError(expr, off, g.Info().Spec+": "+pe.Msg)
			}
			return nil, err
		}
		e.parts = append(e.parts, sumPart{game: gi, pos: canon})
		i = j + 1
	}
	return e, nil
}

// spec names the game of a component.
func (e *sumExpr) spec(p sumPart) string { return e.games[p.game].Info().Spec }

// label writes a component as it is written in a sum.
func (e *sumExpr) label(p sumPart) string { return e.spec(p) + " " + p.pos }

// format writes a sum of components in canonical syntax.
func (e *sumExpr) format(ps []sumPart) string {
	text := make([]string, len(ps))
	for i, p := range ps {
		text[i] = e.label(p)
	}
	return strings.Join(text, " + ")
}

// Canonical checks a sum and writes it in canonical syntax: each component
// as its game writes it, the games by their canonical specs.
func (MixedSum) Canonical(position string) (string, error) {
	e, err := parseSum(position)
	if err != nil {
		return "", err
	}
	return e.format(e.parts), nil
}

// SamePosition says whether a and b are the same sum, each component
// compared as its game compares positions (a row of coins and its heads).
func (MixedSum) SamePosition(a, b string) (bool, error) {
	ea, err := parseSum(a)
	if err != nil {
		return false, err
	}
	eb, err := parseSum(b)
	if err != nil {
		return false, err
	}
	if len(ea.parts) != len(eb.parts) {
		return false, nil
	}
	for i, p := range ea.parts {
		q := eb.parts[i]
		if ea.spec(p) != eb.spec(q) {
			return false, nil
		}
		if p.pos == q.pos {
			continue
		}
		cmp, ok := ea.games[p.game].(PositionComparer)
		if !ok {
			return false, nil
		}
		if same, err := cmp.SamePosition(p.pos, q.pos); err != nil || !same {
			return false, err
		}
	}
	return true, nil
}

// sumEngine is a sum seen as an engine game (package impartial) for one
// question: positions are components (sumPart), their moves and values
// come from the components' own games through the catalog, so that closed
// forms, Starlark sessions and budgets apply to each. Errors met while the
// engine runs are kept (err) and reported instead of its answer.
type sumEngine struct {
	ctx  context.Context
	e    *sumExpr
	opts Options // the components' options: no output budget, no listing
	err  error

	values map[sumPart]impartial.LoopyValue
	moves  map[sumPart][]Move
	desc   map[[2]sumPart]string
}

// maxCachedMoves bounds the components whose moves the engine keeps.
const maxCachedMoves = 1 << 16

func newSumEngine(ctx context.Context, e *sumExpr, opts Options) *sumEngine {
	o := opts
	o.AllOptions, o.Target, o.MaxListed, o.Budget.MaxOutput = false, nil, 0, 0
	return &sumEngine{ctx: ctx, e: e, opts: o, values: map[sumPart]impartial.LoopyValue{}, moves: map[sumPart][]Move{}, desc: map[[2]sumPart]string{}}
}

func (s *sumEngine) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

// Moves yields the options of a component, as its game lists them.
func (s *sumEngine) Moves(p sumPart, yield func(sumPart) bool) {
	ms, err := s.list(p)
	if err != nil {
		s.fail(err)
		return
	}
	for _, m := range ms {
		if !yield(sumPart{p.game, m.To}) {
			return
		}
	}
}

func (s *sumEngine) list(p sumPart) ([]Move, error) {
	if ms, ok := s.moves[p]; ok {
		return ms, nil
	}
	if s.err != nil {
		return nil, s.err
	}
	ms, err := s.e.games[p.game].Moves(s.ctx, p.pos, s.opts)
	if err != nil {
		return nil, err
	}
	if len(s.moves) < maxCachedMoves {
		s.moves[p] = ms
	}
	return ms, nil
}

// Loopiness declares the sum loopy when a component's game may be (a
// Starlark game), so that misère play of a loopy sum is refused clearly.
func (s *sumEngine) Loopiness() impartial.Loopiness {
	if s.e.mayLoop() {
		return impartial.MayLoop
	}
	return impartial.Acyclic
}

// value returns the generalized value of a component, from its game's own
// analysis.
func (s *sumEngine) value(p sumPart) (impartial.LoopyValue, error) {
	if v, ok := s.values[p]; ok {
		return v, nil
	}
	o := s.opts
	o.valueOnly = true
	res, err := s.e.games[p.game].Solve(s.ctx, p.pos, o)
	if err != nil {
		return impartial.LoopyValue{}, err
	}
	var v impartial.LoopyValue
	switch {
	case res.loopy != nil:
		v = *res.loopy
	case res.Value != nil:
		v = impartial.FiniteValue(*res.Value)
	default:
		return impartial.LoopyValue{}, &impartial.UnsupportedError{Msg: fmt.Sprintf(
			"the nim-value of %s is not known (its outcome comes from a closed form), and a sum needs the value of every component", s.e.label(p))}
	}
	if len(s.values) < maxCachedMoves {
		s.values[p] = v
	}
	return v, nil
}

// infinite stands for an infinite loopy value where the engine asks for a
// nimber: the option of a loopy component that is never the value a
// winning move looks for. (Questions that add such values go by Smith's
// rule instead: MixedSum.smith.)
const infinite = ^impartial.Nimber(0)

// ClosedValue gives the value of a component from its game's analysis. An
// error is kept for the caller and answered with 0, so that the search
// stops at once instead of searching the component by its moves.
func (s *sumEngine) ClosedValue(p sumPart) (impartial.Nimber, bool) {
	v, err := s.value(p)
	if err != nil {
		s.fail(err)
		return 0, true
	}
	if v.Inf {
		return infinite, true
	}
	return v.N, true
}

// mayLoop says whether a component's game may be loopy (a Starlark game).
func (e *sumExpr) mayLoop() bool {
	for _, g := range e.games {
		if _, ok := g.(*StarlarkGame); ok {
			return true
		}
	}
	return false
}

// CountMovesToValue lists the options of a component of value v through
// its game's own analysis (Options.Target), closed forms included.
func (s *sumEngine) CountMovesToValue(ctx context.Context, p sumPart, v impartial.Nimber, limit int, b impartial.Budget) ([]sumPart, int64, string, bool, error) {
	if lv, err := s.value(p); err != nil || lv.Inf {
		return nil, 0, "", false, nil
	}
	if _, loopy := s.e.games[p.game].(*StarlarkGame); loopy {
		// Loopy games list no moves to a value: the engine enumerates.
		return nil, 0, "", false, nil
	}
	o := s.opts
	o.Target, o.MaxListed = &v, limit
	res, err := s.e.games[p.game].Solve(s.ctx, p.pos, o)
	if err != nil {
		var un *impartial.UnsupportedError
		if errors.As(err, &un) {
			return nil, 0, "", false, nil
		}
		return nil, 0, "", true, err
	}
	var first []sumPart
	for _, m := range res.WinningMoves {
		if limit < 0 || (limit > 0 && len(first) == limit) {
			break
		}
		q := sumPart{p.game, m.To}
		s.desc[[2]sumPart{p, q}] = m.Move
		first = append(first, q)
	}
	count := int64(len(res.WinningMoves))
	if res.MoveCount != nil {
		count = *res.MoveCount
	}
	return first, count, res.MoveClasses, true, nil
}

// move turns the engine's move of component i of ps into a catalog move
// of the sum, naming the component.
func (s *sumEngine) move(ps []sumPart, i int, to sumPart) Move {
	next := slices.Clone(ps)
	next[i] = to
	from := ps[i]
	d, ok := s.desc[[2]sumPart{from, to}]
	if !ok {
		if ms, err := s.list(from); err == nil {
			for _, m := range ms {
				if m.To == to.pos {
					d = m.Move
					break
				}
			}
		}
	}
	what := fmt.Sprintf("component %d, %s", i+1, s.e.spec(from))
	if d == "" {
		d = fmt.Sprintf("%s → %s", from.pos, to.pos)
	}
	return Move{To: s.e.format(next), Move: what + ": " + d}
}

// question parses a sum and sets up its engine.
func (MixedSum) question(ctx context.Context, position string, opts Options) (*sumExpr, *sumEngine, string, error) {
	e, err := parseSum(position)
	if err != nil {
		return nil, nil, "", err
	}
	canon := e.format(e.parts)
	if err := checkOutput(canon, opts); err != nil {
		return nil, nil, "", err
	}
	return e, newSumEngine(ctx, e, opts), canon, nil
}

func (s *sumEngine) query(opts Options, canon string) impartial.Query {
	return impartial.Query{
		Misere:     opts.Misere,
		Settings:   impartial.Settings{Budget: opts.Budget, Format: func(p any) string { return s.e.label(p.(sumPart)) }},
		AllOptions: opts.AllOptions,
		Target:     opts.Target,
		MaxListed:  listLimit(opts, canon),
		ValueOnly:  opts.valueOnly,
	}
}

// Solve analyzes a sum: under normal play by the values of its components
// (their XOR, or Smith's sum when a component is loopy), under misère play
// by a search of the whole sum.
func (g MixedSum) Solve(ctx context.Context, position string, opts Options) (*Result, error) {
	e, s, canon, err := g.question(ctx, position, opts)
	if err != nil {
		return nil, err
	}
	res := &Result{Game: sumSpec, Position: canon, Misere: opts.Misere, WinningMoves: []Move{}}
	if !opts.Misere {
		vals := make([]impartial.LoopyValue, len(e.parts))
		total, loopy := impartial.FiniteValue(0), false
		for i, p := range e.parts {
			if vals[i], err = s.value(p); err != nil {
				return nil, err
			}
			total = total.Add(vals[i])
			c := Component{Game: e.spec(p), Position: p.pos}
			if vals[i].Inf {
				loopy = true
			} else {
				n := vals[i].N
				c.Value = &n
			}
			if _, ok := e.games[p.game].(*StarlarkGame); ok {
				c.LoopyValue = vals[i].String()
			}
			res.Components = append(res.Components, c)
		}
		// Every option valued, when a component may be loopy, goes by
		// Smith's rule too: an option may have an infinite value.
		if loopy || (opts.AllOptions && e.mayLoop()) {
			return g.smith(s, res, vals, total, canon, opts)
		}
	}
	an, err := impartial.Analyze(ctx, s, e.parts, s.query(opts, canon))
	if s.err != nil {
		return nil, s.err
	}
	if err != nil {
		return nil, g.explain(err, canon, opts)
	}
	res.Outcome, res.Value = an.Outcome, an.Value
	for _, o := range an.Moves {
		m := s.move(e.parts, o.Index, o.To)
		switch {
		case opts.AllOptions:
			res.Options = append(res.Options, Option{To: m.To, Move: m.Move, Result: resultWord(o.After), Value: o.Value, Remoteness: remoteness(o.Remoteness)})
		default:
			res.WinningMoves = append(res.WinningMoves, m)
		}
	}
	if s.err != nil {
		return nil, s.err
	}
	noteMoves(res, len(an.Moves), an.Count, an.Classes, an.Stopped, opts)
	return res, nil
}

// noteMoves sets the count and the note of a result's moves when not all
// are listed.
func noteMoves(res *Result, listed int, count int64, classes string, stopped *impartial.BudgetError, opts Options) {
	if count != int64(listed) {
		res.MoveCount = &count
	}
	res.MoveClasses = classes
	switch {
	case stopped != nil:
		res.MovesNote = "the list stopped early: " + stopped.Error()
	case count > int64(listed):
		res.MovesNote = fmt.Sprintf("%d more not listed: the answer would pass the output budget of %s", count-int64(listed), impartial.FormatBytes(opts.Budget.MaxOutput))
		if opts.MaxListed > 0 && (opts.Budget.MaxOutput == 0 || listed == opts.MaxListed) {
			res.MovesNote = fmt.Sprintf("%d more not listed (at most %d are)", count-int64(listed), opts.MaxListed)
		}
	}
}

// explain names the sum in a budget error of the whole sum's search.
func (MixedSum) explain(err error, canon string, opts Options) error {
	var be *impartial.BudgetError
	if errors.As(err, &be) && be.What == "" && (be.Limit == impartial.LimitPositions || be.Limit == impartial.LimitMemory || be.Limit == impartial.LimitMoves) {
		be.What = "search of the sum " + notation.Quote(canon)
		if opts.Misere {
			be.What = "misère " + be.What
		}
	}
	return err
}

// smith answers a sum with a component of infinite loopy value by Smith's
// rule (Smith 1966; Winning Ways ch. 12): the value is the sum of the
// components' generalized values; a move wins when it leaves value 0 and
// keeps the draw when it leaves an infinite value without 0 among its
// options' values. Each component's options, with their values, come from
// its own game's analysis.
func (g MixedSum) smith(s *sumEngine, res *Result, vals []impartial.LoopyValue, total impartial.LoopyValue, canon string, opts Options) (*Result, error) {
	e := s.e
	res.Outcome = total.Outcome()
	res.LoopyValue = total.String()
	res.loopy = &total
	if !total.Inf {
		n := total.N
		res.Value = &n
	}
	if opts.valueOnly || (res.Outcome == impartial.P && !opts.AllOptions) {
		return res, nil
	}
	limit := listLimit(opts, canon)
	listed := 0
	var count int64
	add := func(o Option) {
		count++
		if limit == 0 || (limit > 0 && listed < limit) {
			listed++
			m := Move{To: o.To, Move: o.Move}
			switch {
			case opts.AllOptions:
				res.Options = append(res.Options, o)
			case res.Outcome == impartial.N:
				res.WinningMoves = append(res.WinningMoves, m)
			default:
				res.DrawingMoves = append(res.DrawingMoves, m)
			}
		}
	}
	for i, p := range e.parts {
		rest := impartial.FiniteValue(0)
		for j, v := range vals {
			if j != i {
				rest = rest.Add(v)
			}
		}
		if res.Outcome == impartial.N && !opts.AllOptions && !vals[i].Inf {
			continue // a win moves the one infinite component to a finite value
		}
		o := s.opts
		o.AllOptions = true
		r, err := e.games[p.game].Solve(s.ctx, p.pos, o)
		if err != nil {
			return nil, err
		}
		for _, opt := range r.Options {
			var w impartial.LoopyValue
			switch {
			case opt.loopy != nil:
				w = *opt.loopy
			case opt.Value != nil:
				w = impartial.FiniteValue(*opt.Value)
			default:
				return nil, &impartial.UnsupportedError{Msg: fmt.Sprintf("the nim-value of %s %s is not known, and a sum needs the value of every option", e.spec(p), opt.To)}
			}
			after := w.Add(rest)
			keep := opts.AllOptions || after.Outcome() == impartial.P && res.Outcome == impartial.N || after.Outcome() == impartial.Draw && res.Outcome == impartial.Draw
			if !keep {
				continue
			}
			to := sumPart{p.game, opt.To}
			s.desc[[2]sumPart{p, to}] = opt.Move
			m := s.move(e.parts, i, to)
			so := Option{To: m.To, Move: m.Move, Result: resultWord(after.Outcome()), loopy: &after}
			if !after.Inf {
				n := after.N
				so.Value = &n
			}
			add(so)
		}
		if r.MoveCount != nil {
			res.MovesNote = fmt.Sprintf("the options of %s were not all listed (%s)", e.label(p), r.MovesNote)
			count = -1
		}
	}
	if count >= 0 {
		noteMoves(res, listed, count, "", nil, opts)
	} else {
		c := int64(-1)
		res.MoveCount = &c
	}
	return res, nil
}

// Moves lists every move of the sum, component by component, within the
// move and output budgets.
func (g MixedSum) Moves(ctx context.Context, position string, opts Options) ([]Move, error) {
	e, s, canon, err := g.question(ctx, position, opts)
	if err != nil {
		return nil, err
	}
	limit := opts.Budget.MoveLimit()
	var total int64
	lists := make([][]Move, len(e.parts))
	for i, p := range e.parts {
		o := s.opts
		if limit > 0 {
			// What is left of the budget, and at least 1 (0 is no limit):
			// one move more than is left is enough to refuse the list.
			o.Budget.MaxMoves = max(limit-total, 1)
		}
		ms, err := e.games[p.game].Moves(ctx, p.pos, o)
		var be *impartial.BudgetError
		if errors.As(err, &be) && be.Limit == impartial.LimitMoves {
			err = &impartial.BudgetError{Limit: impartial.LimitMoves, Max: limit}
		}
		if err != nil {
			return nil, g.explainMoves(err, canon)
		}
		lists[i] = ms
		total += int64(len(ms))
		if limit > 0 && total > limit {
			return nil, g.explainMoves(&impartial.BudgetError{Limit: impartial.LimitMoves, Max: limit}, canon)
		}
	}
	if m := opts.Budget.MaxOutput; m > 0 && total*int64(len(canon)+moveBytes) > m {
		return nil, g.explainMoves(&impartial.BudgetError{Limit: impartial.LimitOutput, Max: m}, canon)
	}
	out := make([]Move, 0, total)
	for i, ms := range lists {
		p := e.parts[i]
		for _, m := range ms {
			to := sumPart{p.game, m.To}
			s.desc[[2]sumPart{p, to}] = m.Move
			out = append(out, s.move(e.parts, i, to))
		}
	}
	return out, nil
}

func (MixedSum) explainMoves(err error, canon string) error {
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.What != "" || be.Limit == impartial.LimitTime || be.Limit == impartial.LimitCanceled {
		return err
	}
	be.What = "the moves of the sum " + notation.Quote(canon)
	be.Hint = "ask for the value and the winning moves instead (solve), or for a smaller position"
	return err
}

// Reply returns the perfect player's move: impartial.Reply over the
// components (the remoteness rule when the sum is small enough to explore),
// or, for a sum with a component of infinite loopy value, the first
// winning or drawing move Smith's rule gives, else the first legal move.
func (g MixedSum) Reply(ctx context.Context, position string, opts Options) (Move, bool, error) {
	e, s, canon, err := g.question(ctx, position, opts)
	if err != nil {
		return Move{}, false, err
	}
	if !opts.Misere {
		for _, p := range e.parts {
			v, err := s.value(p)
			if err != nil {
				return Move{}, false, err
			}
			if v.Inf {
				o := opts
				o.AllOptions, o.Target, o.MaxListed = false, nil, 1
				res, err := g.Solve(ctx, position, o)
				if err != nil {
					return Move{}, false, err
				}
				for _, ms := range [][]Move{res.WinningMoves, res.DrawingMoves} {
					if len(ms) > 0 {
						return ms[0], true, nil
					}
				}
				ms, err := g.Moves(ctx, position, opts)
				if err != nil || len(ms) == 0 {
					return Move{}, false, err
				}
				return ms[0], true, nil
			}
		}
	}
	m, ok, err := impartial.Reply(ctx, s, e.parts, s.query(opts, canon))
	if s.err != nil {
		return Move{}, false, s.err
	}
	if err != nil || !ok {
		return Move{}, false, g.explain(err, canon, opts)
	}
	return s.move(e.parts, m.Index, m.To), true, nil
}

// Board draws each component of a sum under its name, as its game draws
// it (or by its notation alone when its game has no drawing).
func (MixedSum) Board(position string) (string, error) {
	e, err := parseSum(position)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i, p := range e.parts {
		d, err := Board(e.games[p.game], p.pos)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%d. %s\n", i+1, e.label(p))
		for _, line := range strings.SplitAfter(d, "\n") {
			if line != "" {
				b.WriteString("   " + line)
			}
		}
	}
	return b.String(), nil
}
