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
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
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
			return nil, fmt.Errorf("game %s: %w", notation.Quote("starlark:"+args), err)
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
// Questions go through the analysis path like every game's: unless the
// file says loopy = True, the game is first solved as an acyclic game; if a
// cycle turns up, and the file does not say loopy = False, it is analyzed as
// a loopy game instead (outcome with draws, remoteness, generalized
// Sprague–Grundy values).
type StarlarkGame struct {
	*SumGame[rules.Pos]
	rules *rules.Rules
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
	g := &StarlarkGame{rules: r}
	g.SumGame = newBoundGame(info, func(ctx context.Context, opts Options) (*binding[rules.Pos], error) {
		s := r.NewSession(ctx, opts.Starlark)
		return &binding[rules.Pos]{game: s.Game(), codec: g.codec(s), ctx: s.Context(), fail: s.Err, close: s.Close}, nil
	})
	return g
}

// Rules returns the game's rule file.
func (g *StarlarkGame) Rules() *rules.Rules { return g.rules }

// codec is the notation of a session's positions: the file's parse and
// format functions, heap sizes for heap games; a position is split into its
// components as it is read.
func (g *StarlarkGame) codec(s *rules.Session) Codec[rules.Pos] {
	return Codec[rules.Pos]{
		Parse: func(position string) ([]rules.Pos, error) { return g.parse(s, position) },
		Format: func(atoms []rules.Pos) string {
			var parts []string
			for _, a := range atoms {
				cs, _ := s.SplitAll(a)
				for _, c := range cs {
					parts = append(parts, s.Format(c))
				}
			}
			if g.rules.Heap() {
				return strings.Join(parts, " ")
			}
			return strings.Join(parts, " + ")
		},
		Describe: func(atoms []rules.Pos, i int, to rules.Pos) string {
			parts, _ := s.SplitAll(to)
			text := make([]string, len(parts))
			for j, p := range parts {
				text[j] = s.Format(p)
			}
			sep := " + "
			if g.rules.Heap() {
				sep = " "
			}
			switch {
			case g.rules.Heap():
				from, _ := s.Value(atoms[i]).(starlark.Int).Int64()
				if len(parts) == 1 {
					if n, ok := s.Value(parts[0]).(starlark.Int).Int64(); ok && n < from {
						return fmt.Sprintf("take %d from heap %d", from-n, i+1)
					}
				}
				return fmt.Sprintf("heap %d: %d → %s", i+1, from, strings.Join(text, sep))
			case len(atoms) > 1:
				return fmt.Sprintf("component %d: %s → %s", i+1, s.Format(atoms[i]), strings.Join(text, sep))
			}
			return ""
		},
	}
}

func (g *StarlarkGame) posError(position string, off int, msg string) error {
	return &PositionError{Game: g.info.Spec, Position: position, Offset: off, Msg: msg}
}

// parse reads a position into its atomic components.
func (g *StarlarkGame) parse(s *rules.Session, position string) ([]rules.Pos, error) {
	var roots []rules.Pos
	if g.rules.Heap() {
		hs, err := games.ParseHeaps(position)
		if err != nil {
			return nil, err
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
	if g.rules.Heap() {
		for _, a := range atoms {
			if n, ok := s.Value(a).(starlark.Int); !ok || n.Sign() < 0 {
				return nil, g.posError(position, -1, fmt.Sprintf("components(position) returned %s, which is not a heap size (an int ≥ 0), in a heap game", rules.DefaultFormat(s.Value(a))))
			}
		}
	}
	return atoms, s.Err()
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

// Values returns the normal-play values of the heaps 0..to of a heap game.
// A loopy heap game is analyzed as such; its values are listed when all are
// finite, and otherwise the first infinite one is reported as an error.
func (g *StarlarkGame) Values(ctx context.Context, to int, opts Options) (*Sequence, error) {
	if !g.rules.Heap() {
		return nil, &impartial.UnsupportedError{Msg: fmt.Sprintf("%s is not a heap game (the rule file does not say heap = True)", g.info.Spec)}
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
		sv := impartial.NewSolver(s.Game(), impartial.Settings{Budget: opts.Budget})
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
	ls := impartial.NewLoopySolver(s.Game(), impartial.Settings{Budget: opts.Budget})
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
			return nil, fmt.Errorf("%s: heap %d has the loopy value %s (%s); values lists finite values only: use grundy solve %s %d", g.info.Spec, n, v, outcomeWord(v.Outcome()), g.info.Spec, n)
		}
		seq.Values = append(seq.Values, v.N)
	}
	return seq, nil
}
