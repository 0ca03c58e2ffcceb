package catalog

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/rules"
)

func starlarkFamily() Family {
	return Family{
		Name:    "starlark",
		Aliases: []string{"star"},
		Syntax:  "starlark:FILE",
		Rule:    "a game whose moves a Starlark rule file defines (see docs/starlark.md); loopy games allowed",
		Example: "starlark:examples/subtract.star",
		resolve: func(ctx context.Context, r *Resolver, args string) (Game, error) {
			file := strings.TrimSpace(args)
			if file == "" {
				return nil, &SpecError{Offset: -1, Msg: "starlark needs a rule file, as in starlark:examples/subtract.star"}
			}
			src, err := r.readRuleFile(file)
			if err != nil {
				return nil, &SpecError{Offset: -1, Msg: err.Error(), Err: err}
			}
			rs, err := rules.Load(ctx, file, src, r.Limits)
			var be *impartial.BudgetError
			switch {
			case errors.As(err, &be):
				// A limit of the computation stopped the file's top level:
				// a failure, not a bad spec.
				return nil, fmt.Errorf("game %s: %w", notation.Quote("starlark:"+file), err)
			case err != nil:
				return nil, &SpecError{Offset: -1, Msg: err.Error(), Err: err}
			}
			return NewStarlarkGame(rs, "starlark:"+file, r.Limits), nil
		},
	}
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
// spec, whose rule functions run under lim.
func NewStarlarkGame(r *rules.Rules, spec string, lim rules.Limits) *StarlarkGame {
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
		s := r.NewSession(ctx, lim)
		b := &binding[rules.Pos]{game: s.Game(), codec: g.codec(s), ctx: s.Context(), fail: s.Err, close: s.Close}
		if r.Heap() {
			b.heap = func(n int) (rules.Pos, error) { return s.Intern(starlark.MakeInt(n)) }
			b.heapRules = func() misere.HeapRules { return starlarkHeapRules(s) }
		}
		return b, nil
	})
	return g
}

// starlarkHeapRules reads the options of single heaps from a heap game's
// rule file, for misère quotients: each option as the heap sizes its
// components are.
func starlarkHeapRules(s *rules.Session) misere.HeapRules {
	return misere.RulesFunc(func(n int, yield func([]int) bool) error {
		p, err := s.Intern(starlark.MakeInt(n))
		if err != nil {
			return err
		}
		var parts []int
		var bad error
		s.Moves(p, func(q rules.Pos) bool {
			cs, err := s.SplitAll(q)
			if err != nil {
				bad = err
				return false
			}
			parts = parts[:0]
			for _, c := range cs {
				v, ok := s.Value(c).(starlark.Int)
				k, exact := v.Int64()
				if !ok || !exact || k < 0 {
					bad = &rules.RuleError{File: s.Rules().File(), Func: "moves", Msg: fmt.Sprintf("heap %d has an option with the part %s, which is not a heap size", n, rules.DefaultFormat(s.Value(c)))}
					return false
				}
				parts = append(parts, int(k))
			}
			return yield(parts)
		})
		if bad != nil {
			return bad
		}
		return s.Err()
	})
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
