package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// A sum of different games (the disjunctive sum of Winning Ways, ch. 2) is
// the catalog game "sum": its positions are written
//
//	GAME POSITION + GAME POSITION + …
//
// such as "kayles 7 + nim 3 4 + coins:mock-turtles HHT + wythoff 3 5", the
// same on the command line, in the JSON API and on the web. A "+" standing
// alone (spaces on both sides) and followed by a game's name starts a new
// component; any other "+" belongs to the position, so that a Starlark
// game's own sums ("starlark:g.star (1,2) + (3,4)") need no quoting. A
// position word that is also a game's name is written quoted ("nim") after
// such a "+".
//
// This file holds only the notation: each component's game is resolved
// through the sum's Resolver (the caller's file policy and limits), bound
// for the question like any game, and the engine answers the whole sum as
// an impartial.Compound (values by XOR, Smith's rule for loopy components,
// misère play by search of the sum).

const sumSpec = "sum"

// SumFamily is the family of the game "sum", whose components are resolved
// by the resolver that resolves it (under its families, files and limits).
func SumFamily() Family {
	return Family{
		Name:    sumSpec,
		Syntax:  sumSpec,
		Rule:    "a sum of positions of different games, \"kayles 7 + nim 3 4 + wythoff 3 5\": move in one component; values XOR",
		Example: sumSpec,
		Resolve: func(_ context.Context, r *Resolver, args string) (*Game, error) {
			if err := NoArgs(sumSpec, args); err != nil {
				return nil, err
			}
			return newSumOfGames(r), nil
		},
	}
}

// newSumOfGames returns the game "sum", whose components are resolved by r.
func newSumOfGames(r *Resolver) *Game {
	info := Info{
		Spec:     sumSpec,
		Name:     "sum of games",
		Rule:     "A position is a sum of positions of different games; a move is a move in one of them, and whoever cannot move in any loses. Its nim-value is the XOR of the components' values (Sprague–Grundy).",
		Position: `components "GAME POSITION" separated by " + ", e.g. "kayles 7 + nim 3 4 + wythoff 3 5"`,
		Example:  "kayles 7 + nim 3 4 + wythoff 3 5",
	}
	return New(Spec[impartial.Part]{Info: info, Bind: func(ctx context.Context, opts Options) (*Binding[impartial.Part], error) {
		s := &sumState{r: r, ctx: ctx, opts: opts, compound: impartial.NewCompound(), games: map[string]*Game{}}
		s.mctx, s.cancel = context.WithCancelCause(ctx)
		codec := Codec[impartial.Part]{Parse: s.parse, Format: s.format, Describe: s.describe, Board: s.board, spans: s.spans}
		return &Binding[impartial.Part]{Game: s.compound, Codec: codec, Ctx: s.mctx, Close: s.close, contexts: s.contexts, content: s.content}, nil
	}})
}

// component is a game bound as a component of a sum, its positions seen
// as values of type any: a *Binding[P], what the engine's component
// returns.
type component interface {
	spec() string
	term() impartial.Term
	parseAny(s string) ([]any, error)
	formatAny(xs []any) string
	// describeAny names the move of part i of xs to the option to, ""
	// when the game names no moves.
	describeAny(xs []any, i int, to any) string
	// boardAny draws the position; ok is false when the game has no
	// drawing.
	boardAny(xs []any) (board string, ok bool)
	ownContext() context.Context // nil: the question's
	done()
}

func (g *sumGame[P]) component(ctx context.Context, opts Options) (component, error) {
	return g.bind(ctx, opts)
}

func typed[P comparable](xs []any) []P {
	ps := make([]P, len(xs))
	for i, x := range xs {
		ps[i] = x.(P)
	}
	return ps
}

func (b *Binding[P]) spec() string                { return b.g.info.Spec }
func (b *Binding[P]) term() impartial.Term        { return impartial.NewTerm(b.Game) }
func (b *Binding[P]) formatAny(xs []any) string   { return b.Codec.Format(typed[P](xs)) }
func (b *Binding[P]) ownContext() context.Context { return b.Ctx }

func (b *Binding[P]) parseAny(s string) ([]any, error) {
	ps, err := b.g.parse(b, s)
	xs := make([]any, len(ps))
	for i, p := range ps {
		xs[i] = p
	}
	return xs, err
}

func (b *Binding[P]) describeAny(xs []any, i int, to any) string {
	if b.Codec.Describe == nil {
		return ""
	}
	return b.Codec.Describe(typed[P](xs), i, to.(P))
}

func (b *Binding[P]) boardAny(xs []any) (string, bool) {
	if b.Codec.Board == nil {
		return "", false
	}
	return b.Codec.Board(typed[P](xs)), true
}

// sumState is a sum bound for one question: the compound the engine
// analyzes, and the components' games. Each component of the position read
// has a term of its own, so a component's parts are the consecutive parts
// of one term.
type sumState struct {
	r        *Resolver
	ctx      context.Context
	opts     Options
	compound *impartial.Compound
	games    map[string]*Game // the games of the specs met (a rule file loads once)
	terms    []component      // the compound's terms, by number
	stops    []func() bool
	// mctx is the question's context, canceled too when a component's
	// session ends (a rule failed): the engine then stops at once.
	mctx   context.Context
	cancel context.CancelCauseFunc
}

// contexts are the components' own contexts, whose causes are their
// failures (Binding.failure).
func (s *sumState) contexts() []context.Context {
	var out []context.Context
	for _, t := range s.terms {
		if c := t.ownContext(); c != nil {
			out = append(out, c)
		}
	}
	return out
}

func (s *sumState) close() {
	for _, stop := range s.stops {
		stop()
	}
	for _, t := range s.terms {
		t.done()
	}
	s.cancel(nil)
}

// content is what defines the components met so far besides their specs
// (Content), component by component: "SPEC CONTENT; …".
func (s *sumState) content() string {
	var parts []string
	for _, g := range s.games {
		if c := g.Content(); c != "" {
			parts = append(parts, g.Info().Spec+" "+c)
		}
	}
	slices.Sort(parts)
	return strings.Join(slices.Compact(parts), "; ")
}

// sumError is a *PositionError of the sum.
func sumError(expr string, offset int, msg string) error {
	return &PositionError{Game: sumSpec, Position: expr, Offset: offset, Msg: msg}
}

// parse reads a sum expression; errors are *PositionError values naming
// the column of the sum.
func (s *sumState) parse(expr string) ([]impartial.Part, error) {
	words := sumWords(expr)
	if len(words) == 0 {
		return nil, sumError(expr, -1, `no components: write GAME POSITION + GAME POSITION, e.g. "kayles 7 + nim 3 4"`)
	}
	fams := s.r.Families
	var parts []impartial.Part
	k := 0 // the component
	for i := 0; i < len(words); {
		spec := words[i]
		j := i + 1
		for j < len(words) && !(words[j].Text == "+" && j+1 < len(words) && isGameName(words[j+1].Text, fams)) {
			j++
		}
		if strings.EqualFold(strings.SplitN(spec.Text, ":", 2)[0], sumSpec) {
			return nil, sumError(expr, spec.Offset, "a sum cannot be a component of a sum: write its components")
		}
		g, err := s.resolve(expr, spec)
		if err != nil {
			return nil, err
		}
		if j == i+1 {
			return nil, sumError(expr, spec.Offset, fmt.Sprintf("%s has no position (write GAME POSITION, e.g. %q)", g.Info().Spec, g.Info().Spec+" "+g.Info().Example))
		}
		t, err := s.term(k, g)
		if err != nil {
			return nil, err
		}
		k++
		tb := s.terms[t]
		start, last := words[i+1], words[j-1]
		atoms, err := tb.parseAny(expr[start.Offset : last.Offset+len(last.Text)])
		if err != nil {
			return nil, componentError(expr, words[i+1:j], start.Offset, g, err, fams)
		}
		for _, a := range atoms {
			parts = append(parts, impartial.Part{Term: t, Pos: a})
		}
		i = j + 1
	}
	return parts, nil
}

// term returns the term of component k, of game g: the one of the position
// read before, when it had a component k of the same game (so that a move
// and the position it leads to, read in turn, have the same terms), or a
// new one.
func (s *sumState) term(k int, g *Game) (int, error) {
	if k < len(s.terms) && s.terms[k].spec() == g.info.Spec {
		return k, nil
	}
	tb, err := g.e.component(s.ctx, s.opts)
	if err != nil {
		return 0, err
	}
	s.terms = append(s.terms, tb)
	if tctx := tb.ownContext(); tctx != nil {
		s.stops = append(s.stops, context.AfterFunc(tctx, func() { s.cancel(context.Cause(tctx)) }))
	}
	return s.compound.Add(tb.term()), nil
}

// resolve returns the game of a component's spec, once per question.
func (s *sumState) resolve(expr string, spec Field) (*Game, error) {
	if g, ok := s.games[spec.Text]; ok {
		return g, nil
	}
	g, err := s.r.Resolve(s.ctx, spec.Text)
	var se *SpecError
	if errors.As(err, &se) {
		off := spec.Offset
		if se.Offset >= 0 {
			off += se.Offset
		}
		return nil, &PositionError{Game: sumSpec, Position: expr, Offset: off, Msg: se.Msg, Err: se}
	}
	if err != nil {
		return nil, err
	}
	s.games[spec.Text] = g
	return g, nil
}

// componentError places the error of a component's position in the sum. A
// position that does not read because a "+" is followed by a misspelt
// game's name ("kayles 7 + nmi 3") is reported as the unknown game.
func componentError(expr string, words []Field, start int, g *Game, err error, fams []Family) error {
	for k := 0; k+1 < len(words); k++ {
		if words[k].Text != "+" {
			continue
		}
		name, _, _ := strings.Cut(words[k+1].Text, ":")
		if near := nearest(strings.ToLower(name), fams); near != "" {
			return sumError(expr, words[k+1].Offset, fmt.Sprintf("unknown game %q; did you mean %q?", name, near))
		}
	}
	var pe *PositionError
	if errors.As(err, &pe) {
		off := -1
		if pe.Offset >= 0 {
			off = start + pe.Offset
		}
		return sumError(expr, off, g.Info().Spec+": "+pe.Msg)
	}
	return err
}

// groups calls f for each component of ps: the consecutive parts of one
// term, ps[from:to].
func groups(ps []impartial.Part, f func(k, from, to int)) {
	for k, from := 0, 0; from < len(ps); k++ {
		to := from + 1
		for to < len(ps) && ps[to].Term == ps[from].Term {
			to++
		}
		f(k, from, to)
		from = to
	}
}

func positions(ps []impartial.Part) []any {
	xs := make([]any, len(ps))
	for i, p := range ps {
		xs[i] = p.Pos
	}
	return xs
}

// label writes a component as it is written in a sum.
func (s *sumState) label(ps []impartial.Part) string {
	t := s.terms[ps[0].Term]
	return t.spec() + " " + t.formatAny(positions(ps))
}

// format writes a sum in canonical syntax: each component as its game
// writes it, the games by their canonical specs.
func (s *sumState) format(ps []impartial.Part) string {
	var text []string
	groups(ps, func(_, from, to int) { text = append(text, s.label(ps[from:to])) })
	return strings.Join(text, " + ")
}

// describe names a move of part i, with its component.
func (s *sumState) describe(ps []impartial.Part, i int, to impartial.Part) string {
	var d string
	groups(ps, func(k, from, end int) {
		if i < from || i >= end {
			return
		}
		t := s.terms[ps[i].Term]
		xs := positions(ps[from:end])
		d = t.describeAny(xs, i-from, to.Pos)
		if d == "" {
			d = t.formatAny([]any{ps[i].Pos}) + " → " + t.formatAny([]any{to.Pos})
		}
		d = fmt.Sprintf("component %d, %s: %s", k+1, t.spec(), d)
	})
	return d
}

// spans gives the components of a sum for Result.Components.
func (s *sumState) spans(ps []impartial.Part) []span {
	var out []span
	groups(ps, func(_, from, to int) {
		t := s.terms[ps[from].Term]
		xs := positions(ps[from:to])
		out = append(out, span{game: t.spec(), from: from, to: to,
			loopy:  s.compound.TermLoopiness(ps[from].Term) != impartial.Acyclic,
			format: func() string { return t.formatAny(xs) },
			after: func(i int, p any) string {
				next := slices.Clone(xs)
				next[i-from] = p.(impartial.Part).Pos
				return t.formatAny(next)
			}})
	})
	return out
}

// board draws each component of a sum under its name, as its game draws
// it (or by its notation alone when its game has no drawing).
func (s *sumState) board(ps []impartial.Part) string {
	var b strings.Builder
	groups(ps, func(k, from, to int) {
		t := s.terms[ps[from].Term]
		fmt.Fprintf(&b, "%d. %s\n", k+1, s.label(ps[from:to]))
		board, ok := t.boardAny(positions(ps[from:to]))
		if !ok {
			return
		}
		for _, line := range strings.SplitAfter(board, "\n") {
			if line != "" {
				b.WriteString("   " + line)
			}
		}
	})
	return b.String()
}

// HasSumSeparator says whether the words of text contain a "+" standing
// alone and followed by the name of a game of fams: text, read after a
// game's name, is then a sum of different games rather than one game's
// position.
func HasSumSeparator(fams []Family, text string) bool {
	words := sumWords(text)
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
	_, ok := lookup(name, fams)
	return ok
}
