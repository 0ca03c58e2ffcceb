package catalog

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy/grundy/examples"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules"
)

func starlarkFamily() Family {
	newGame := func(ctx context.Context, args string, lim rules.Limits) (Game, error) {
		if strings.TrimSpace(args) == "" {
			return nil, &SpecError{Offset: -1, Msg: "starlark needs a rule file, as in starlark:examples/subtract.star"}
		}
		r, err := loadRules(ctx, args, lim)
		var be *impartial.BudgetError
		switch {
		case errors.As(err, &be):
			// A limit of the computation stopped the file's top level:
			// a failure, not a bad spec.
			return nil, fmt.Errorf("catalog: game %q: %w", "starlark:"+args, err)
		case err != nil:
			return nil, &SpecError{Offset: -1, Msg: err.Error()}
		}
		return NewStarlarkGame(r, "starlark:"+args), nil
	}
	return Family{
		Name:    "starlark",
		Aliases: []string{"star"},
		Syntax:  "starlark:FILE",
		Rule:    "a game whose moves a Starlark rule file defines (see docs/starlark.md); loopy games allowed",
		Example: "starlark:examples/subtract.star",
		New: func(args string) (Game, error) {
			return newGame(context.Background(), args, rules.Limits{})
		},
		NewContext: newGame,
	}
}

// loadRules loads a rule file from disk or, for examples/NAME.star when no
// such file exists, from the examples built into the binary.
func loadRules(ctx context.Context, path string, lim rules.Limits) (*rules.Rules, error) {
	if name, ok := strings.CutPrefix(filepath.ToSlash(path), "examples/"); ok {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			if src, err := examples.FS.ReadFile(name); err == nil {
				return rules.Load(ctx, path, src, lim)
			}
		}
	}
	return rules.LoadFile(ctx, path, lim)
}

// StarlarkGame is a catalog game defined by a Starlark rule file. Each call
// runs in its own rules.Session, so the game is safe for concurrent use.
//
// A position is a sum of components. For a heap game (heap = True) it is
// written as heap sizes separated by spaces; otherwise as positions
// separated by "+", each read by the file's parse(text) (or
// rules.ParseDefault) and written by its format(position) (or
// rules.DefaultFormat). Components are split further by the file's
// components(position).
//
// Normal play: unless the file says loopy = True, the game is first solved
// as an acyclic game; if a cycle turns up, and the file does not say
// loopy = False, it is analyzed as a loopy game instead (outcome with draws,
// remoteness, generalized Sprague–Grundy values).
type StarlarkGame struct {
	rules *rules.Rules
	info  Info
}

// NewStarlarkGame returns the catalog game of a loaded rule file, named by
// spec.
func NewStarlarkGame(r *rules.Rules, spec string) *StarlarkGame {
	info := Info{Spec: spec, Name: r.Name(), Rule: r.Rule(), Example: r.Example(), Heap: r.Heap()}
	if info.Name == "" {
		info.Name = "Starlark game " + filepath.Base(r.File())
	}
	if info.Rule == "" {
		info.Rule = "The moves are defined by the rule file " + r.File() + "."
	}
	if r.Heap() {
		info.Position = "heap sizes separated by spaces, e.g. \"3 4 5\""
		if info.Example == "" {
			info.Example = "5"
		}
	} else {
		info.Position = "a position as the rule file writes it (an int, a word, a quoted string or a tuple by default); a sum as positions separated by +"
	}
	return &StarlarkGame{rules: r, info: info}
}

// Info describes the game.
func (g *StarlarkGame) Info() Info { return g.info }

// Rules returns the game's rule file.
func (g *StarlarkGame) Rules() *rules.Rules { return g.rules }

func (g *StarlarkGame) posError(position string, off int, msg string) error {
	return &PositionError{Game: g.info.Spec, Position: position, Offset: off, Msg: msg}
}

// parse reads a position into its atomic components.
func (g *StarlarkGame) parse(s *rules.Session, position string) ([]rules.Pos, error) {
	var roots []rules.Pos
	if g.rules.Heap() {
		hs, err := ParseHeaps(position)
		if err != nil {
			pe := err.(*PositionError)
			pe.Game, pe.Position = g.info.Spec, position
			return nil, pe
		}
		for _, h := range hs {
			p, err := s.Intern(starlark.MakeInt(h))
			if err != nil {
				return nil, g.posError(position, -1, err.Error())
			}
			roots = append(roots, p)
		}
	} else {
		parts, offs := splitSum(position)
		for i, part := range parts {
			trimmed := strings.TrimSpace(part)
			if trimmed == "" {
				return nil, g.posError(position, offs[i], "empty position (want a position, or positions separated by +)")
			}
			offs[i] += strings.Index(part, trimmed)
			part = trimmed
			p, err := s.Parse(part)
			var pe *rules.ParseError
			switch {
			case errors.As(err, &pe):
				off := -1
				if pe.Offset >= 0 {
					off = offs[i] + pe.Offset
				}
				return nil, g.posError(position, off, pe.Msg)
			case err != nil:
				return nil, err
			}
			roots = append(roots, p)
		}
	}
	var atoms []rules.Pos
	for _, p := range roots {
		cs, err := s.SplitAll(p)
		if err != nil {
			return nil, err
		}
		atoms = append(atoms, cs...)
	}
	if err := g.checkHeaps(s, atoms); err != nil {
		return nil, err
	}
	return atoms, nil
}

// checkHeaps checks that the components of a heap game are heap sizes.
func (g *StarlarkGame) checkHeaps(s *rules.Session, atoms []rules.Pos) error {
	if !g.rules.Heap() {
		return nil
	}
	for _, a := range atoms {
		if n, ok := s.Value(a).(starlark.Int); !ok || n.Sign() < 0 {
			return &rules.RuleError{File: g.rules.File(), Func: "moves", Msg: fmt.Sprintf("a heap game met the position %s, which is not a heap size (an int ≥ 0); define components(position) to split it into heaps", rules.DefaultFormat(s.Value(a)))}
		}
	}
	return nil
}

// splitSum splits text at the + signs outside quotes and brackets, and
// returns each part with its byte offset.
func splitSum(text string) ([]string, []int) {
	var parts []string
	var offs []int
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == '+' && depth == 0:
			parts, offs = append(parts, text[start:i]), append(offs, start)
			start = i + 1
		}
	}
	return append(parts, text[start:]), append(offs, start)
}

func (g *StarlarkGame) format(s *rules.Session, atoms []rules.Pos) string {
	parts := make([]string, len(atoms))
	for i, a := range atoms {
		parts[i] = s.Format(a)
	}
	if g.rules.Heap() {
		return strings.Join(parts, " ")
	}
	return strings.Join(parts, " + ")
}

// Canonical checks a position and writes it in canonical syntax.
func (g *StarlarkGame) Canonical(position string) (string, error) {
	s := g.rules.NewSession(context.Background(), rules.Limits{})
	defer s.Close()
	atoms, err := g.parse(s, position)
	if err != nil {
		return "", err
	}
	out := g.format(s, atoms)
	return out, s.Err()
}

func (g *StarlarkGame) settings(s *rules.Session, opts Options) impartial.Settings {
	return impartial.Settings{Budget: opts.Budget, Format: func(p any) string { return s.Format(p.(rules.Pos)) }}
}

// move builds the Move of component i of atoms to the option to.
func (g *StarlarkGame) move(s *rules.Session, atoms []rules.Pos, i int, to rules.Pos) (Move, error) {
	parts, err := s.SplitAll(to)
	if err != nil {
		return Move{}, err
	}
	if err := g.checkHeaps(s, parts); err != nil {
		return Move{}, err
	}
	next := append(append(append([]rules.Pos(nil), atoms[:i]...), parts...), atoms[i+1:]...)
	m := Move{To: g.format(s, next)}
	switch {
	case g.rules.Heap():
		from, _ := s.Value(atoms[i]).(starlark.Int).Int64()
		if len(parts) == 1 {
			if n, _ := s.Value(parts[0]).(starlark.Int).Int64(); n < from {
				m.Move = fmt.Sprintf("take %d from heap %d", from-n, i+1)
				break
			}
		}
		m.Move = fmt.Sprintf("heap %d: %d → %s", i+1, from, g.format(s, parts))
	case len(atoms) > 1:
		m.Move = fmt.Sprintf("component %d: %s → %s", i+1, s.Format(atoms[i]), g.format(s, parts))
	}
	return m, s.Err()
}

// Solve analyzes a position.
func (g *StarlarkGame) Solve(ctx context.Context, position string, opts Options) (*Result, error) {
	s := g.rules.NewSession(ctx, opts.Starlark)
	defer s.Close()
	atoms, err := g.parse(s, position)
	if err != nil {
		return nil, err
	}
	res := &Result{Game: g.info.Spec, Position: g.format(s, atoms), Misere: opts.Misere, WinningMoves: []Move{}}
	ectx := s.Context()
	var moves []impartial.Move[rules.Pos]
	switch {
	case opts.Misere:
		ms := impartial.NewMisereSolver(s.Game(), g.settings(s, opts))
		res.Outcome, err = ms.Outcome(ectx, atoms...)
		if err == nil {
			moves, err = ms.WinningMoves(ectx, atoms...)
		}
		var ce *impartial.CycleError
		if errors.As(err, &ce) && s.Err() == nil {
			return nil, fmt.Errorf("catalog: %s: misère play needs an acyclic game: %w", g.info.Spec, err)
		}
	case g.rules.Loopy() == rules.LoopyYes:
		return g.solveLoopy(s, atoms, res, opts)
	default:
		sv := impartial.NewSolver(s.Game(), g.settings(s, opts))
		var v impartial.Nimber
		v, err = sv.Value(ectx, atoms...)
		if err == nil {
			res.Value, res.Outcome = &v, impartial.OutcomeOf(v)
			moves, err = sv.WinningMoves(ectx, atoms...)
		}
		var ce *impartial.CycleError
		if errors.As(err, &ce) && s.Err() == nil && g.rules.Loopy() == rules.LoopyAuto {
			res.Value = nil
			return g.solveLoopy(s, atoms, res, opts)
		}
	}
	if s.Err() != nil {
		return nil, s.Err()
	}
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		mv, err := g.move(s, atoms, m.Index, m.To)
		if err != nil {
			return nil, err
		}
		res.WinningMoves = append(res.WinningMoves, mv)
	}
	return res, s.Err()
}

// solveLoopy analyzes a position as a loopy game.
func (g *StarlarkGame) solveLoopy(s *rules.Session, atoms []rules.Pos, res *Result, opts Options) (*Result, error) {
	ectx := s.Context()
	ls := impartial.NewLoopySolver(s.Game(), g.settings(s, opts))
	fail := func(err error) (*Result, error) {
		if s.Err() != nil {
			return nil, s.Err()
		}
		return nil, err
	}
	val, err := ls.Value(ectx, atoms...)
	if err != nil {
		return fail(err)
	}
	moves, out, err := ls.GoodMoves(ectx, atoms...)
	if err != nil {
		return fail(err)
	}
	res.Outcome, res.LoopyValue = out, val.String()
	if !val.Inf {
		res.Value = &val.N
	}
	// The remoteness of a sum comes from the sum's own graph, omitted when
	// that graph is larger than the solver explores.
	rem, ok, err := ls.SumRemoteness(ectx, atoms...)
	var be *impartial.BudgetError
	switch {
	case errors.As(err, &be) && be.Limit == impartial.LimitPositions:
	case err != nil:
		return fail(err)
	case ok:
		res.Remoteness = &rem
	}
	for _, m := range moves {
		mv, err := g.move(s, atoms, m.Index, m.To)
		if err != nil {
			return fail(err)
		}
		if out == impartial.Draw {
			res.DrawingMoves = append(res.DrawingMoves, mv)
		} else {
			res.WinningMoves = append(res.WinningMoves, mv)
		}
	}
	return res, s.Err()
}

// Reply returns the perfect player's move under normal play by the
// remoteness rule of retrograde analysis (Steinhaus 1925; Smith 1966;
// Winning Ways, ch. 9): from an N-position a winning move of least
// remoteness (the quickest win), from a draw a move that keeps the draw, and
// from a P-position the move to the option of greatest remoteness (the loss
// delayed longest, in the hope of a mistake). It takes the first of
// impartial.LoopySolver.RankedMoves, which works on acyclic games too; for a
// sum whose own graph is too large to explore (more than
// impartial.DefaultSumGraphLimit positions, or more than 2^19 moves) winning
// moves come in the solver's safe order and losing moves in the game's order.
//
// Under misère play, for files that say loopy = False, and for an acyclic
// game the loopy engine cannot take (a move that splits a position into
// components, or its budget), Reply answers as catalog.Reply does for other
// games: the first winning move Solve lists, else the first legal move.
func (g *StarlarkGame) Reply(ctx context.Context, position string, opts Options) (m Move, ok bool, err error) {
	if opts.Misere || g.rules.Loopy() == rules.LoopyNo {
		return solveReply(ctx, g, position, opts)
	}
	m, ok, fallback, err := g.rankedReply(ctx, position, opts)
	if fallback {
		return solveReply(ctx, g, position, opts)
	}
	return m, ok, err
}

// rankedReply is Reply by the loopy engine's RankedMoves. fallback says that
// the engine could not take an acyclic game (a move that splits, or the
// position or memory budget), and Solve should be asked instead.
func (g *StarlarkGame) rankedReply(ctx context.Context, position string, opts Options) (m Move, ok, fallback bool, err error) {
	s := g.rules.NewSession(ctx, opts.Starlark)
	defer s.Close()
	atoms, err := g.parse(s, position)
	if err != nil {
		return Move{}, false, false, err
	}
	ls := impartial.NewLoopySolver(s.Game(), g.settings(s, opts))
	ls.SumGraphMoveLimit = replySumGraphMoves
	moves, _, err := ls.RankedMoves(s.Context(), atoms...)
	if s.Err() != nil {
		return Move{}, false, false, s.Err()
	}
	if err != nil {
		return Move{}, false, g.rules.Loopy() == rules.LoopyAuto && rankedFallback(ctx, err), err
	}
	if len(moves) == 0 {
		return Move{}, false, false, nil
	}
	m, err = g.move(s, atoms, moves[0].Index, moves[0].To)
	if err != nil {
		return Move{}, false, false, err
	}
	return m, true, false, s.Err()
}

// Moves lists every move from the position, component by component.
func (g *StarlarkGame) Moves(ctx context.Context, position string, opts Options) ([]Move, error) {
	s := g.rules.NewSession(ctx, opts.Starlark)
	defer s.Close()
	atoms, err := g.parse(s, position)
	if err != nil {
		return nil, err
	}
	sv := impartial.NewSolver(s.Game(), g.settings(s, opts))
	var out []Move
	for i, a := range atoms {
		qs, err := sv.Options(s.Context(), a)
		if s.Err() != nil {
			return nil, s.Err()
		}
		if err != nil {
			return nil, err
		}
		for _, q := range qs {
			m, err := g.move(s, atoms, i, q)
			if err != nil {
				return nil, err
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// Values returns the normal-play values of the heaps 0..to of a heap game.
// A loopy heap game is analyzed as such; its values are listed when all are
// finite, and otherwise the first infinite one is reported as an error.
func (g *StarlarkGame) Values(ctx context.Context, to int, opts Options) (*Sequence, error) {
	if !g.rules.Heap() {
		return nil, fmt.Errorf("catalog: %s is not a heap game (the rule file does not say heap = True)", g.info.Spec)
	}
	if err := CheckSequenceBudget(to, opts.Budget); err != nil {
		return nil, err
	}
	s := g.rules.NewSession(ctx, opts.Starlark)
	defer s.Close()
	ectx := s.Context()
	heaps := make([]rules.Pos, to+1)
	for n := range heaps {
		p, err := s.Intern(starlark.MakeInt(n))
		if err != nil {
			return nil, err
		}
		heaps[n] = p
	}
	seq := &Sequence{Game: g.info.Spec, Values: make([]impartial.Nimber, 0, to+1)}
	if g.rules.Loopy() != rules.LoopyYes {
		sv := impartial.NewSolver(s.Game(), g.settings(s, opts))
		var err error
		for _, h := range heaps {
			var v impartial.Nimber
			if v, err = sv.Value(ectx, h); err != nil {
				break
			}
			seq.Values = append(seq.Values, v)
		}
		var ce *impartial.CycleError
		switch {
		case s.Err() != nil:
			return nil, s.Err()
		case err == nil:
			return seq, nil
		case !errors.As(err, &ce) || g.rules.Loopy() == rules.LoopyNo:
			return nil, err
		}
		seq.Values = seq.Values[:0]
	}
	ls := impartial.NewLoopySolver(s.Game(), g.settings(s, opts))
	// Explore every heap first, so that the graph is analyzed once.
	if _, err := ls.Value(ectx, heaps...); err != nil || s.Err() != nil {
		if s.Err() != nil {
			return nil, s.Err()
		}
		return nil, err
	}
	for n, h := range heaps {
		v, err := ls.Value(ectx, h)
		if s.Err() != nil {
			return nil, s.Err()
		}
		if err != nil {
			return nil, err
		}
		if v.Inf {
			return nil, fmt.Errorf("catalog: %s: heap %d has the loopy value %s (%s); values lists finite values only: use grundy solve %s %d", g.info.Spec, n, v, outcomeWord(v.Outcome()), g.info.Spec, n)
		}
		seq.Values = append(seq.Values, v.N)
	}
	return seq, nil
}

func outcomeWord(o impartial.Outcome) string {
	switch o {
	case impartial.Draw:
		return "a draw"
	case impartial.P:
		return "a P-position"
	}
	return "an N-position"
}
