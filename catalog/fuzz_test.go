package catalog_test

import (
	"context"
	"errors"
	"testing"

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
		g, err := catalog.Parse(spec)
		if err != nil {
			var se *catalog.SpecError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q): %v is not a SpecError", spec, err)
			}
			return
		}
		canon := g.Info().Spec
		again, err := catalog.Parse(canon)
		if err != nil || again.Info().Spec != canon {
			t.Fatalf("canonical spec %q of %q does not round-trip: %v", canon, spec, err)
		}
	})
}

// FuzzHeapPosition: any string either is a list of heaps that formats and
// parses back to itself, or fails with a PositionError.
func FuzzHeapPosition(f *testing.F) {
	for _, s := range []string{"3 4 5", "0", "", "1,2", " 7\t8\n", "-1", "1e3", "99999999999999999999"} {
		f.Add(s)
	}
	g, _ := catalog.Parse("nim")
	f.Fuzz(func(t *testing.T, pos string) {
		hs, err := catalog.ParseHeaps(pos)
		if err != nil {
			var pe *catalog.PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseHeaps(%q): %v is not a PositionError", pos, err)
			}
			return
		}
		again, err := catalog.ParseHeaps(catalog.FormatHeaps(hs))
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
