package games

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
	rulefile "github.com/grundy/grundy/rules"
)

// A partizan game of the user's own: a Starlark rule file that defines
// left_moves(position) and right_moves(position) (docs/partizan.md, "Your
// own rules"). It is named as the impartial catalog names rule files,
// starlark:FILE, read under the Resolver's file policy (Files) and run
// under its limits (Limits: steps and memory of each call, the file's top
// level included), and played by the same partizan.Solver as the built-in
// rulesets. A file that defines moves(position) instead is the impartial
// catalog's, and enters a sum as the nimber of its value.

// errNotPartizan marks a rule file that defines moves, not left_moves and
// right_moves: an impartial game, which the catalog plays.
var errNotPartizan = errors.New("not a partizan rule file")

// ruleFileName returns the file a spec names when it is a rule file's
// (starlark:FILE, or star:FILE as the catalog's alias).
func ruleFileName(spec string) (string, bool) {
	name, file, ok := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.ToLower(strings.TrimSpace(name))
	if !ok || name != "starlark" && name != "star" {
		return "", false
	}
	return strings.TrimSpace(file), true
}

// loadRuleFile reads and loads a rule file under res's policy and limits.
func loadRuleFile(ctx context.Context, res *catalog.Resolver, spec string) (*rulefile.Rules, string, error) {
	file, ok := ruleFileName(spec)
	if !ok {
		return nil, "", errNotPartizan
	}
	if file == "" {
		return nil, "", &notation.SyntaxError{What: "game", Input: spec, Offset: -1, Msg: "starlark needs a rule file, as in starlark:examples/domineering.star"}
	}
	if res == nil {
		return nil, "", fmt.Errorf("game %s: rule files are not read here", notation.Quote(spec))
	}
	src, err := res.ReadRuleFile(file)
	if err != nil {
		return nil, "", &catalog.SpecError{Spec: "starlark:" + file, Offset: -1, Msg: err.Error(), Err: err}
	}
	r, err := rulefile.Load(ctx, file, src, res.Limits)
	var be *impartial.BudgetError
	switch {
	case errors.As(err, &be):
		// a limit stopped the file's top level: a failure, not a bad spec
		// (as the impartial catalog says it)
		return nil, "", fmt.Errorf("game %s: %w", notation.Quote("starlark:"+file), err)
	case err != nil:
		return nil, "", &catalog.SpecError{Spec: "starlark:" + file, Offset: -1, Msg: err.Error(), Err: err}
	}
	if !r.Partizan() {
		return nil, "", errNotPartizan
	}
	return r, "starlark:" + file, nil
}

// IsPartizanRuleFile reports whether a question (a game and a position, as
// the faces take them) names a partizan rule file: game is starlark:FILE
// for a file that defines left_moves, or a sum with a piece that is one.
// It reads the files under res's policy and only parses them (nothing of
// them runs: the question's own budget applies when it is asked); a file
// that cannot be read or parsed is not one (the impartial path then says
// why).
func IsPartizanRuleFile(res *catalog.Resolver, game, position string) bool {
	is := func(spec string) bool {
		file, ok := ruleFileName(spec)
		if !ok || file == "" || res == nil {
			return false
		}
		src, err := res.ReadRuleFile(file)
		return err == nil && rulefile.DefinesPartizan(file, src)
	}
	if _, ok := ruleFileName(game); ok {
		return is(game)
	}
	if g := strings.TrimSpace(game); g != "" && !strings.EqualFold(g, "sum") {
		return false
	}
	known := func(name string) bool {
		if res == nil {
			return false
		}
		_, ok := catalog.LookupFamily(res.Families, name)
		return ok
	}
	ps, err := pieces(position, 0, position, known)
	if err != nil {
		return false
	}
	for _, p := range ps {
		if is(p.spec) {
			return true
		}
	}
	return false
}

// ruleFile returns the ruleset of a partizan rule file named by spec, one
// per file in a session, or errNotPartizan.
func (s *session) ruleFile(spec string) (*Ruleset, error) {
	file, ok := ruleFileName(spec)
	if !ok {
		return nil, errNotPartizan
	}
	if r, ok := s.files[file]; ok {
		return r, nil
	}
	if s.set.Resolver == nil {
		return nil, fmt.Errorf("game %s: rule files are not read here", notation.Quote(spec))
	}
	rf, name, err := loadRuleFile(s.ctx, s.set.Resolver, spec)
	if err != nil {
		return nil, err
	}
	sess := rf.NewSession(s.ctx, s.set.Resolver.Limits)
	s.closers = append(s.closers, sess.Close)
	eng := &ruleFileGame{s: sess, spec: name, budget: s.set.Budget, ctx: s.ctx, charge: s.c.Charge,
		opts: [2]map[rulefile.Pos][]rulefile.Pos{{}, {}}, comps: map[rulefile.Pos][]rulefile.Pos{}, state: map[rulefile.Pos]uint8{}}
	r := &Ruleset{Name: name, Title: rf.Name(), Rule: rf.Rule(), Example: rf.Example(),
		Left: rf.Left(), Right: rf.Right(),
		Syntax: "a position as the rule file writes it: its parse(text), or an int, a word, a quoted string or a tuple",
		eng:    adapt[rulefile.Pos, rulefile.Pos](eng)}
	if r.Title == "" {
		r.Title = "Starlark game " + filepath.Base(rf.File())
	}
	if r.Rule == "" {
		r.Rule = "the moves of each player are defined by the rule file " + rf.File()
	}
	s.files[file] = r
	return r, nil
}

// close ends the session's rule files' Starlark sessions.
func (s *session) close() {
	for _, c := range s.closers {
		c()
	}
	s.closers = nil
}

// maxRuleDepth bounds how many moves deep a rule file's game may go: the
// Solver recurses once per move, so a deeper game would exhaust the Go
// stack (a crash, not an error).
const maxRuleDepth = 20_000

// ruleFileGame is a partizan rule file as a partizan.Ruleset[Pos, Pos]:
// positions are the Session's (equal exactly when their Starlark values
// are equal, so a position is its own key). Before the Solver meets a
// position, explore lists every position reachable from it, each side's
// options and each option's components, and caches them: the Solver's
// recursion then runs on a graph known to be acyclic and shallow (a rule
// file whose game loops would otherwise recurse without end), and each
// rule function runs once per position.
type ruleFileGame struct {
	s      *rulefile.Session
	spec   string
	budget impartial.Budget
	ctx    context.Context

	opts  [2]map[rulefile.Pos][]rulefile.Pos // by side
	comps map[rulefile.Pos][]rulefile.Pos    // components of the positions moved to (nil: itself)
	state map[rulefile.Pos]uint8             // 1 while on the search path, 2 explored
	bytes int64
	err   error
	// charge counts the work of the exploration against the question's
	// budget (partizan.Calc.Charge): a unit for each position expanded and
	// for each Starlark step its rule calls took; steps is the session's
	// count of them already charged
	charge func(uint64) error
	steps  uint64
}

// CycleError is a partizan rule file whose game can repeat a position: a
// short partizan game must end.
type CycleError struct {
	Spec string
	Path []string // the positions of the cycle, the first repeated last
}

func (e *CycleError) Error() string {
	return fmt.Sprintf("game %s has a cycle of %d moves: %s (a partizan game must end: no position may repeat)",
		notation.Quote(e.Spec), len(e.Path)-1, strings.Join(e.Path, " -> "))
}

// DepthError is a partizan rule file whose game goes deeper than the
// solver follows.
type DepthError struct {
	Spec string
	Max  int
}

func (e *DepthError) Error() string {
	return fmt.Sprintf("game %s goes more than %d moves deep, deeper than the partizan solver follows", notation.Quote(e.Spec), e.Max)
}

func (g *ruleFileGame) list(p rulefile.Pos, f func(rulefile.Pos, func(rulefile.Pos) bool)) ([]rulefile.Pos, error) {
	var out []rulefile.Pos
	f(p, func(q rulefile.Pos) bool {
		out = append(out, q)
		return true
	})
	return out, g.s.Err()
}

// expand lists p's options of both sides and the components of each
// option, and returns the positions the Solver searches next.
func (g *ruleFileGame) expand(p rulefile.Pos) ([]rulefile.Pos, error) {
	var next []rulefile.Pos
	for _, side := range []partizan.Side{partizan.Left, partizan.Right} {
		left := side == partizan.Left
		os, err := g.list(p, func(p rulefile.Pos, y func(rulefile.Pos) bool) { g.s.Options(p, left, y) })
		if err != nil {
			return nil, err
		}
		if m := g.budget.MoveLimit(); m > 0 && int64(len(os)) > m {
			return nil, &impartial.BudgetError{Limit: impartial.LimitMoves, Max: m, What: "the options of " + g.s.Format(p)}
		}
		g.opts[side][p] = os
		g.bytes += 48 + 4*int64(len(os))
		for _, q := range os {
			cs, err := g.components(q)
			if err != nil {
				return nil, err
			}
			next = append(next, cs...)
		}
	}
	return next, nil
}

// components returns q's components, cached (q alone without a
// components function).
func (g *ruleFileGame) components(q rulefile.Pos) ([]rulefile.Pos, error) {
	if !g.s.Rules().HasComponents() {
		return []rulefile.Pos{q}, nil
	}
	if cs, ok := g.comps[q]; ok {
		return cs, nil
	}
	cs, err := g.s.SplitAll(q)
	if err != nil {
		return nil, err
	}
	g.comps[q] = cs
	g.bytes += 48 + 4*int64(len(cs))
	return cs, nil
}

// explore lists everything reachable from p (depth first, on a stack of
// its own rather than Go's), refusing a cycle or a game deeper than
// maxRuleDepth, under the question's budget.
func (g *ruleFileGame) explore(p rulefile.Pos) error {
	if g.err != nil {
		return g.err
	}
	if g.state[p] == 2 {
		return nil
	}
	type frame struct {
		p    rulefile.Pos
		next []rulefile.Pos
		i    int
	}
	var stack []frame
	enter := func(p rulefile.Pos) error {
		if len(stack) >= maxRuleDepth {
			return &DepthError{Spec: g.spec, Max: maxRuleDepth}
		}
		g.state[p] = 1
		next, err := g.expand(p)
		if err != nil {
			return err
		}
		if g.charge != nil {
			st := g.s.Steps()
			if err := g.charge(1 + st - g.steps); err != nil {
				return err
			}
			g.steps = st
		}
		stack = append(stack, frame{p: p, next: next})
		if n := int64(len(g.state)); n%1024 == 0 {
			if err := g.ctx.Err(); err != nil {
				return impartial.ContextError(g.ctx)
			}
		}
		if m := g.budget.MaxPositions; m > 0 && int64(len(g.state)) > m {
			return &impartial.BudgetError{Limit: impartial.LimitPositions, Max: m, What: "the positions of " + g.spec}
		}
		if m := g.budget.MaxMemory; m > 0 && g.bytes+g.s.MemoryEstimate() > m {
			return &impartial.BudgetError{Limit: impartial.LimitMemory, Max: m, What: "the positions of " + g.spec}
		}
		return nil
	}
	err := enter(p)
	for err == nil && len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i == len(top.next) {
			g.state[top.p] = 2
			stack = stack[:len(stack)-1]
			continue
		}
		q := top.next[top.i]
		top.i++
		switch g.state[q] {
		case 2:
		case 1:
			path := []string{}
			for j := len(stack) - 1; j >= 0; j-- {
				path = append(path, g.s.Format(stack[j].p))
				if stack[j].p == q {
					break
				}
			}
			for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
				path[i], path[j] = path[j], path[i]
			}
			err = &CycleError{Spec: g.spec, Path: append(path, g.s.Format(q))}
		default:
			err = enter(q)
		}
	}
	if err != nil {
		g.err = err
		for _, f := range stack {
			delete(g.state, f.p) // not explored
		}
	}
	return err
}

// Options yields p's options for side (partizan.Ruleset).
func (g *ruleFileGame) Options(p rulefile.Pos, side partizan.Side, yield func(rulefile.Pos) bool) error {
	if err := g.explore(p); err != nil {
		return err
	}
	for _, q := range g.opts[side][p] {
		if !yield(q) {
			break
		}
	}
	return nil
}

// Key is p itself: positions are equal exactly when their values are.
func (g *ruleFileGame) Key(p rulefile.Pos) rulefile.Pos { return p }

// Split returns p's components (partizan.Splitter), when the file defines
// components(position). An error is returned by the next Options.
func (g *ruleFileGame) Split(p rulefile.Pos) []rulefile.Pos {
	if !g.s.Rules().HasComponents() {
		return nil
	}
	cs, err := g.components(p)
	if err != nil {
		g.err = err
		return nil
	}
	return cs
}

// ParsePosition reads one position with the file's parse(text), or the
// default syntax.
func (g *ruleFileGame) ParsePosition(text string) (rulefile.Pos, error) {
	p, err := g.s.Parse(text)
	var pe *rulefile.ParseError
	if errors.As(err, &pe) {
		return 0, &notation.SyntaxError{What: "position", Input: text, Offset: pe.Offset, Msg: pe.Msg}
	}
	return p, err
}

// FormatPosition writes p with the file's format(position), or the
// default syntax.
func (g *ruleFileGame) FormatPosition(p rulefile.Pos) string { return g.s.Format(p) }
