package catalog_test

import (
	"context"
	"errors"
	"testing"

	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/notation"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
)

// FuzzParse: any string either names a game whose canonical spec parses to
// itself, or fails with a SpecError; never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"nim", "subtract:1,3,4", "subtract:1-3,7", "subtract:", "x:y", "subtract:1-", ":", "subtract:9-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		g, err := families.Parse(spec)
		if err != nil {
			var se *catalog.SpecError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q): %v is not a SpecError", spec, err)
			}
			return
		}
		canon := g.Info().Spec
		again, err := families.Parse(canon)
		if err != nil || again.Info().Spec != canon {
			t.Fatalf("canonical spec %q of %q does not round-trip: %v", canon, spec, err)
		}
	})
}

// FuzzHeapPosition: any string either is a list of heaps that formats and
// parses back to itself, or fails with a SyntaxError naming a column of it.
func FuzzHeapPosition(f *testing.F) {
	for _, s := range []string{"3 4 5", "0", "", "1,2", " 7\t8\n", "-1", "1e3", "99999999999999999999"} {
		f.Add(s)
	}
	g, _ := families.Parse("nim")
	f.Fuzz(func(t *testing.T, pos string) {
		hs, err := games.ParseHeaps(pos)
		if err != nil {
			var se *notation.SyntaxError
			if !errors.As(err, &se) || se.Offset >= len(pos) {
				t.Fatalf("ParseHeaps(%q): %v is not a SyntaxError within the input", pos, err)
			}
			return
		}
		again, err := games.ParseHeaps(games.FormatHeaps(hs))
		if err != nil || len(again) != len(hs) {
			t.Fatalf("round trip of %q: %v %v", pos, again, err)
		}
		for i := range hs {
			if again[i] != hs[i] {
				t.Fatalf("round trip of %q: %v != %v", pos, again, hs)
			}
		}
		if _, err := g.Solve(context.Background(), pos, catalog.Options{Budget: impartial.Budget{MaxPositions: 1e5}}); err != nil {
			t.Fatalf("nim %q: %v", pos, err)
		}
	})
}

// FuzzStarlarkPosition: any text is either a position of the example games
// whose canonical form reads back to itself, or a PositionError; never a
// panic, never a rule error.
func FuzzStarlarkPosition(f *testing.F) {
	for _, s := range []string{"4 + 2", "end", "0+0+0", "(1,", "\"a\" + b", "3,5", "'+'", "((", "+", "-1", "1.5", "a + (1, (2, x))"} {
		f.Add(s)
	}
	var gs []*catalog.Game
	for _, name := range []string{"draw.star", "graph.star", "twoheap.star", "subtract.star"} {
		g, err := families.Parse("starlark:examples/" + name)
		if err != nil {
			f.Fatal(err)
		}
		gs = append(gs, g)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		for _, g := range gs {
			canon, err := g.Canonical(context.Background(), pos)
			if err != nil {
				var pe *catalog.PositionError
				if !errors.As(err, &pe) {
					t.Fatalf("%s: Canonical(%q): %v is not a PositionError", g.Info().Spec, pos, err)
				}
				if pe.Offset < -1 || pe.Offset > len(pos) {
					t.Fatalf("%s: Canonical(%q): offset %d out of range", g.Info().Spec, pos, pe.Offset)
				}
				continue
			}
			again, err := g.Canonical(context.Background(), canon)
			if err != nil || again != canon {
				t.Fatalf("%s: canonical %q of %q reads back as %q, %v", g.Info().Spec, canon, pos, again, err)
			}
		}
	})
}
