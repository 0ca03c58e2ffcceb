package games

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
)

// Settings control one question: its budget, what it lists, and where the
// impartial components of a sum come from.
type Settings struct {
	// Budget bounds the question: MaxPositions the positions searched and
	// the games made, MaxMoves the options of one position, MaxMemory the
	// search's tables, MaxOutput the bytes of the answer (values, lists,
	// walls), MaxWork the units of work of the whole question (its
	// canonical forms, their writing, a rule file's Starlark steps,
	// Hackenbush's number search: partizan.Calc.Work), the same stop on any
	// machine; the caller applies Budget.Timeout to the context. The zero
	// Budget has no limits.
	Budget impartial.Budget
	// All lists every option of both sides with its value, not only the
	// winning moves.
	All bool
	// Offset and Limit page the options All lists: each side's list
	// starts at its option Offset (in the order the ruleset gives them)
	// and holds at most Limit of them (0: as many as the output budget
	// allows, where a list stops rather than fail). Every option is found
	// and valued all the same: the counts, the winning moves and each
	// option's rank are of all of them.
	Offset, Limit int
	// Resolver resolves the impartial catalog games of a sum ("kayles 7"),
	// each entering as the nimber of its value; nil allows rulesets and
	// values only.
	Resolver *catalog.Resolver
	// Rulesets are the rulesets known; nil is Rulesets().
	Rulesets []*Ruleset
	// Store is the store of canonical forms to work in; nil makes a fresh
	// one for the question, bounded by Budget.
	Store *partizan.Store
}

// session is one question's state: the calculation, one solver per
// ruleset, the output counted against the budget.
type session struct {
	ctx     context.Context
	set     Settings
	c       *partizan.Calc
	solvers map[*Ruleset]solver
	out     int64                    // bytes of answer so far
	texts   map[partizan.Game]string // values written (valueText)
	// impOpts are the options of impartial components, by spec and position
	impOpts map[string][]catalog.Option
	impErr  map[string]error
	// files are the partizan rule files met (starlark:FILE), by file;
	// closers end their Starlark sessions (close)
	files   map[string]*Ruleset
	closers []func()
}

func newSession(ctx context.Context, set Settings) *session {
	if set.Rulesets == nil {
		set.Rulesets = Rulesets()
	}
	st := set.Store
	if st == nil {
		st = partizan.NewStore(partizan.Config{MaxGames: set.Budget.MaxPositions, MaxMemory: set.Budget.MaxMemory})
	}
	return &session{ctx: ctx, set: set, c: st.Calc(ctx, set.Budget), solvers: map[*Ruleset]solver{},
		texts: map[partizan.Game]string{}, impOpts: map[string][]catalog.Option{}, impErr: map[string]error{}, files: map[string]*Ruleset{}}
}

func (s *session) solver(r *Ruleset) solver {
	sv, ok := s.solvers[r]
	if !ok {
		sv = r.eng.solver(s.c)
		s.solvers[r] = sv
	}
	return sv
}

// known says whether a word names a game of the session.
func (s *session) known(name string) bool {
	if IsRuleset(s.set.Rulesets, name) {
		return true
	}
	if s.set.Resolver == nil || strings.EqualFold(name, "sum") {
		return false
	}
	_, ok := catalog.LookupFamily(s.set.Resolver.Families, name)
	return ok
}

// emit counts n bytes of answer against the output budget.
func (s *session) emit(n int) error {
	s.out += int64(n)
	if m := s.set.Budget.MaxOutput; m > 0 && s.out > m {
		return &impartial.BudgetError{Limit: impartial.LimitOutput, Max: m, What: "the answer"}
	}
	return nil
}

// format writes g as CGSuite does, counted against the output budget.
func (s *session) format(g partizan.Game) (string, error) {
	str, err := s.formatRoom(g)
	if err != nil {
		return "", err
	}
	return str, s.emit(len(str))
}

// formatRoom writes g as CGSuite does, in what the output budget leaves
// (a budget error when it does not fit), without counting it.
func (s *session) formatRoom(g partizan.Game) (string, error) {
	max := -1
	if m := s.set.Budget.MaxOutput; m > 0 {
		max = int(m - s.out)
		if max < 0 {
			max = 0
		}
	}
	if max == 0 {
		// FormatContext reads 0 as no bound: the budget is spent
		return "", &impartial.BudgetError{Limit: impartial.LimitOutput, Max: s.set.Budget.MaxOutput, What: "the value"}
	}
	// under the question's context and work budget: a form of exponential
	// size stops at the deadline, not minutes after it (issue 46, the web's
	// abuse cases), or at the work budget, wherever the clock is
	str, ok, err := s.c.Format(g, max)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", &impartial.BudgetError{Limit: impartial.LimitOutput, Max: s.set.Budget.MaxOutput, What: "the value"}
	}
	return str, nil
}

// Kinds of component.
const (
	KindRuleset   = "ruleset"   // a position of a partizan ruleset
	KindImpartial = "impartial" // a position of an impartial catalog game: its nimber
	KindValue     = "value"     // a game written in CGSuite's notation
)

// component is one term of a sum, valued.
type component struct {
	kind string
	neg  bool
	// a ruleset position
	r   *Ruleset
	pos Position
	// an impartial game
	cg   *catalog.Game
	spec string
	cpos string
	// the value as written (KindValue), or the term's value before its sign
	g partizan.Game
	// text is the component as written back (without its sign)
	text string
}

// value is the component's value with its sign.
func (s *session) value(k *component) (partizan.Game, error) {
	if k.neg {
		return s.c.Neg(k.g)
	}
	return k.g, nil
}

// parseSum reads and values the pieces of a sum (at offset base of full).
func (s *session) parseSum(full string, base int, text string) ([]*component, error) {
	ps, err := pieces(full, base, text, s.known)
	if err != nil {
		return nil, err
	}
	var out []*component
	for _, p := range ps {
		k, err := s.component(full, p)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}

func (s *session) component(full string, p piece) (*component, error) {
	k, err := s.position(full, p)
	if err != nil || p.methods == "" {
		return k, err
	}
	// G.Cool(1) of a position is a value, no longer a position of its game
	g, err := s.c.Apply(k.g, p.methods)
	if err != nil {
		return nil, shift(err, full, p.methodsOff)
	}
	text, err := s.format(g)
	if err != nil {
		return nil, err
	}
	return &component{kind: KindValue, neg: p.neg, g: g, text: text}, nil
}

// position reads a piece without its methods.
func (s *session) position(full string, p piece) (*component, error) {
	if p.name == "" {
		g, err := s.c.Parse(p.notation)
		if err != nil {
			return nil, s.unknownName(shift(err, full, p.off))
		}
		text, err := s.format(g)
		if err != nil {
			return nil, err
		}
		return &component{kind: KindValue, g: g, text: text}, nil
	}
	if r := find(s.set.Rulesets, p.name); r != nil {
		if p.spec != p.name {
			return nil, syntaxErr(full, p.off, fmt.Sprintf("%s takes no arguments after %q (write %s 'POSITION')", r.Name, ":", r.Name))
		}
		pos, err := r.Parse(p.pos)
		if err != nil {
			return nil, positionErr(full, p.posOff, p.pos, err)
		}
		g, err := s.solver(r).value(pos.p)
		if err != nil {
			return nil, err
		}
		return &component{kind: KindRuleset, neg: p.neg, r: r, pos: pos, g: g, text: r.Name + " " + quote(pos.String())}, nil
	}
	if _, ok := ruleFileName(p.spec); ok {
		r, err := s.ruleFile(p.spec)
		switch {
		case err == nil:
			pos, err := r.Parse(p.pos)
			if err != nil {
				return nil, positionErr(full, p.posOff, p.pos, err)
			}
			g, err := s.solver(r).value(pos.p)
			if err != nil {
				return nil, err
			}
			return &component{kind: KindRuleset, neg: p.neg, r: r, pos: pos, g: g, text: r.Name + " " + quote(pos.String())}, nil
		case !errors.Is(err, errNotPartizan):
			return nil, err
		}
	}
	return s.impartial(p)
}

// positionErr places a ruleset's syntax error in the whole expression
// (the position starts at off of full; the ruleset read it trimmed).
func positionErr(full string, off int, pos string, err error) error {
	var se *notation.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	lead := len(pos) - len(strings.TrimLeft(pos, " \t\r\n"))
	if full == pos && off == 0 && lead == 0 {
		return err
	}
	o := se.Offset
	if o >= 0 {
		o += off + lead
	}
	msg := "position " + notation.Quote(strings.TrimSpace(pos)) + ": " + se.Msg
	if quoted := off > 0 && strings.ContainsRune(`'"`, rune(full[off-1])); !quoted {
		if at, ok := methodAt(pos); ok {
			msg += fmt.Sprintf(" (a method follows a quoted position: '%s'%s)", strings.TrimSpace(pos[:at]), pos[at:])
		}
	}
	return &notation.SyntaxError{What: "expression", Input: full, Offset: o, Msg: msg}
}

// methodAt finds a method of partizan's notation (".Cool(", ".Freeze") in
// an unquoted position, where it was read as part of the position.
func methodAt(pos string) (int, bool) {
	for i := strings.IndexByte(pos, '.'); i >= 0; {
		j := i + 1
		for j < len(pos) && isLetter(pos[j]) {
			j++
		}
		for _, m := range partizan.MethodNames() {
			if name, _, _ := strings.Cut(m, "("); j > i+1 && strings.EqualFold(pos[i+1:j], name) {
				return i, true
			}
		}
		k := strings.IndexByte(pos[i+1:], '.')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return 0, false
}

// impartial values an impartial catalog game's position: the nimber of
// its nim-value (Sprague–Grundy), asked through the catalog's one door.
func (s *session) impartial(p piece) (*component, error) {
	g, err := s.set.Resolver.Resolve(s.ctx, p.spec)
	if err != nil {
		return nil, err
	}
	res, err := g.Solve(s.ctx, p.pos, catalog.Options{Budget: s.set.Budget, MaxListed: 1})
	if err != nil {
		return nil, err
	}
	if res.Value == nil {
		return nil, &catalog.PositionError{Game: g.Info().Spec, Position: p.pos, Offset: -1,
			Msg: fmt.Sprintf("not a short game (its loopy value is %s): only games that end can join a partizan sum", res.LoopyValue)}
	}
	k := &component{kind: KindImpartial, neg: p.neg, cg: g, spec: g.Info().Spec, cpos: res.Position,
		g: s.c.Store().FromNimber(*res.Value)}
	k.text = k.spec + " " + res.Position
	if strings.ContainsAny(res.Position, "+-'\"<>=") {
		k.text = k.spec + " " + quote(res.Position)
	}
	return k, nil
}

// Quote writes a ruleset's position as a sum writes it: in quotes, single
// unless it has one.
func Quote(p string) string { return quote(p) }

func quote(p string) string {
	if strings.ContainsRune(p, '\'') {
		return `"` + p + `"`
	}
	return "'" + p + "'"
}

// sumText writes components back as a sum.
func sumText(ks []*component) string {
	var b strings.Builder
	for i, k := range ks {
		switch {
		case i == 0 && k.neg:
			b.WriteString("-")
		case i > 0 && k.neg:
			b.WriteString(" - ")
		case i > 0 && !(k.kind == KindValue && strings.HasPrefix(k.text, "-") && !strings.ContainsAny(k.text[1:], "+-")):
			b.WriteString(" + ")
		}
		t := k.text
		if k.kind == KindValue && i > 0 && strings.HasPrefix(t, "-") && !strings.ContainsAny(t[1:], "+-") {
			// a negative number or infinitesimal: "g - 1/2", not "g + (-1/2)"
			b.WriteString(" - ")
			b.WriteString(t[1:])
			continue
		}
		if k.kind == KindValue && (i > 0 || k.neg) && strings.ContainsAny(t, "+-") {
			t = "(" + t + ")"
		}
		b.WriteString(t)
	}
	return b.String()
}

// total is the sum of the components' values.
func (s *session) total(ks []*component) (partizan.Game, error) {
	var sum partizan.Game
	for _, k := range ks {
		v, err := s.value(k)
		if err != nil {
			return partizan.Game{}, err
		}
		if sum, err = s.c.Add(sum, v); err != nil {
			return partizan.Game{}, err
		}
	}
	return sum, nil
}

// unknownName turns a syntax error at a word into an unknown game's,
// with the nearest name when the word looks like a mistyped one.
func (s *session) unknownName(err error) error {
	var se *notation.SyntaxError
	if !errors.As(err, &se) || se.Offset < 0 || se.Offset >= len(se.Input) {
		return err
	}
	if se.Offset > 0 && se.Input[se.Offset-1] == '.' {
		return err // a method's name (G.Cool(1)): partizan's error says it
	}
	j := se.Offset
	for j < len(se.Input) && (isAlnum(se.Input[j]) || se.Input[j] == '-' || se.Input[j] == '_') {
		j++
	}
	word := se.Input[se.Offset:j]
	if len(word) < 3 || !isLetter(word[0]) {
		return err
	}
	names := []string{}
	for _, r := range s.set.Rulesets {
		names = append(names, r.Name)
		names = append(names, r.Aliases...)
	}
	if s.set.Resolver != nil {
		for _, f := range s.set.Resolver.Families {
			if f.Name != "sum" {
				names = append(names, f.Name)
				names = append(names, f.Aliases...)
			}
		}
	}
	msg := fmt.Sprintf("unknown game %s", notation.Quote(word))
	best, bestD := "", 3
	for _, n := range names {
		if d := notation.EditDistance(strings.ToLower(word), n); d < bestD {
			best, bestD = n, d
		}
	}
	if best != "" {
		msg += fmt.Sprintf("; did you mean %q?", best)
	} else {
		msg += " (not a ruleset, a catalog game or a value)"
	}
	return &notation.SyntaxError{What: se.What, Input: se.Input, Offset: se.Offset, Msg: msg}
}
