package catalog_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
)

// namedForms lists every spelling a family's games are named by: its
// example, the example under each of the family's names (its aliases), and
// each of the forms its Args list (the coin-turning rules), except those
// that stand for a family of forms (twins:S, A*B: a capital placeholder).
func namedForms(f catalog.Family) []string {
	forms := []string{f.Example}
	_, args, hasArgs := strings.Cut(f.Example, ":")
	for _, alias := range f.Aliases {
		if hasArgs {
			forms = append(forms, alias+":"+args)
		} else {
			forms = append(forms, alias)
		}
	}
	for _, a := range f.Args {
		if strings.ContainsFunc(a, unicode.IsUpper) {
			continue
		}
		forms = append(forms, f.Name+":"+a)
	}
	return forms
}

// TestNamedFormsRoundTrip: every form a registered game is named by
// resolves, its canonical spec resolves to the same game (the whole
// description, not only the spec), an alias names the same game as the
// name, and the game's positions round-trip: its example written
// canonically reads back as itself, and so does every position a move
// leads to (what a face prints can be fed back as input).
func TestNamedFormsRoundTrip(t *testing.T) {
	ctx := context.Background()
	opts := catalog.Options{Budget: impartial.DefaultBudget}
	for _, f := range families.All() {
		var first *catalog.Info
		for i, form := range namedForms(f) {
			g, err := families.Parse(form)
			if err != nil {
				t.Errorf("%s: form %q: %v", f.Name, form, err)
				continue
			}
			info := g.Info()
			if i == 0 {
				first = &info
			} else if i <= len(f.Aliases) && !reflect.DeepEqual(info, *first) {
				t.Errorf("%s: alias form %q names %+v, the name %+v", f.Name, form, info, *first)
			}
			again, err := families.Parse(info.Spec)
			if err != nil {
				t.Errorf("%s: canonical spec %q of %q: %v", f.Name, info.Spec, form, err)
				continue
			}
			if !reflect.DeepEqual(again.Info(), info) {
				t.Errorf("%s: %q is %+v, its canonical spec %q is %+v", f.Name, form, info, info.Spec, again.Info())
			}
			checkPositionRoundTrip(ctx, t, g, opts)
		}
	}
}

// checkPositionRoundTrip checks that g's example position, written
// canonically, reads back as itself, as do the positions of its first
// moves.
func checkPositionRoundTrip(ctx context.Context, t *testing.T, g *catalog.Game, opts catalog.Options) {
	t.Helper()
	spec := g.Info().Spec
	canon, err := g.Canonical(ctx, g.Info().Example)
	if err != nil {
		t.Errorf("%s: example %q: %v", spec, g.Info().Example, err)
		return
	}
	if again, err := g.Canonical(ctx, canon); err != nil || again != canon {
		t.Errorf("%s: canonical position %q reads back as %q (%v)", spec, canon, again, err)
	}
	res, err := g.Solve(ctx, canon, opts)
	if err != nil || res.Position != canon {
		t.Errorf("%s: solve %q: position %v (%v)", spec, canon, res, err)
	}
	moves, err := g.Moves(ctx, canon, opts)
	if err != nil {
		t.Errorf("%s: moves of %q: %v", spec, canon, err)
		return
	}
	for _, m := range moves[:min(len(moves), 8)] {
		if again, err := g.Canonical(ctx, m.To); err != nil || again != m.To {
			t.Errorf("%s: the move %q of %q leads to %q, which reads back as %q (%v)", spec, m.Move, canon, m.To, again, err)
		}
		if _, err := g.FindMove(ctx, canon, m.To, opts); err != nil {
			t.Errorf("%s: the move %q of %q to %q is not found again: %v", spec, m.Move, canon, m.To, err)
		}
	}
}
