package families

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/rules"
)

func starlarkFamily() catalog.Family {
	return catalog.Family{
		Name:    "starlark",
		Aliases: []string{"star"},
		Syntax:  "starlark:FILE",
		Rule:    "a game whose moves a Starlark rule file defines (see docs/starlark.md); loopy games allowed",
		Example: "starlark:examples/subtract.star",
		Resolve: func(ctx context.Context, r *catalog.Resolver, args string) (*catalog.Game, error) {
			file := strings.TrimSpace(args)
			if file == "" {
				return nil, &catalog.SpecError{Offset: -1, Msg: "starlark needs a rule file, as in starlark:examples/subtract.star"}
			}
			src, err := r.ReadRuleFile(file)
			if err != nil {
				return nil, &catalog.SpecError{Offset: -1, Msg: err.Error(), Err: err}
			}
			rs, err := rules.Load(ctx, file, src, r.Limits)
			var be *impartial.BudgetError
			switch {
			case errors.As(err, &be):
				// A limit of the computation stopped the file's top level:
				// a failure, not a bad spec.
				return nil, fmt.Errorf("game %s: %w", notation.Quote("starlark:"+file), err)
			case err != nil:
				return nil, &catalog.SpecError{Offset: -1, Msg: err.Error(), Err: err}
			case rs.Partizan():
				return nil, &catalog.SpecError{Offset: -1, Msg: fmt.Sprintf("%s is a partizan game (left_moves, right_moves), not an impartial one: grundy solve and grundy value play it as a partizan game (docs/partizan.md)", file)}
			}
			return NewStarlarkGame(rs, "starlark:"+file, r.Limits), nil
		},
	}
}

// NewStarlarkGame returns the catalog game of a loaded rule file, named by
// spec, whose rule functions run under lim. Each question runs in its own
// rules.Session, so the game is safe for concurrent use; a rule function
// that fails ends the session's context with its error as the cause, which
// is then the answer.
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
// Sprague–Grundy values). Its Content is the version of what rule files
// mean and the SHA-256 of the file.
func NewStarlarkGame(r *rules.Rules, spec string, lim rules.Limits) *catalog.Game {
	info := catalog.Info{Spec: spec, Name: r.Name(), Rule: r.Rule(), Example: r.Example()}
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
	sp := catalog.Spec[rules.Pos]{
		Info: info,
		Bind: func(ctx context.Context, opts catalog.Options) (*catalog.Binding[rules.Pos], error) {
			s := r.NewSession(ctx, lim)
			codec := catalog.Codec[rules.Pos]{Parse: s.ParsePosition, Format: s.FormatPosition, Describe: s.DescribeMove}
			b := &catalog.Binding[rules.Pos]{Game: s.Game(), Codec: codec, Ctx: s.Context(), Close: s.Close}
			if r.Heap() {
				b.HeapRules = func() misere.HeapRules { return misere.RulesFunc(s.HeapOptions) }
			}
			return b, nil
		},
		Content: func() string { return fmt.Sprintf("starlark/%d %s", rules.Version, r.Hash()) },
	}
	if r.Heap() {
		sp.Heap = rules.HeapOf
	}
	return catalog.New(sp)
}
