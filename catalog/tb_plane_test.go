package catalog_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/nimber"
)

// TestTBFamily: tb:CODE is CGSuite's take-and-break syntax; tb:4!.0 is
// Grundy's game and tb:0.77 Kayles (the same values, facts and period as
// the named games), digits past 15 work through every question.
func TestTBFamily(t *testing.T) {
	grundy, err := mustParse(t, "grundy").Values(ctx, 0, 3000, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tb := mustParse(t, "tb:4!.0")
	seq, err := tb.Values(ctx, 0, 3000, catalog.Options{})
	if err != nil || !slices.Equal(seq.Values, grundy.Values) {
		t.Fatalf("tb:4!.0 values differ from grundy: %v", err)
	}
	if info := tb.Info(); info.OEIS != "A002188" || !info.Periodic {
		t.Errorf("tb:4!.0 info %+v", info)
	}
	k := mustParse(t, "tb:.77")
	if info := k.Info(); info.Spec != "tb:0.77" || info.OEIS != "A002186" {
		t.Errorf("tb:.77 info %+v", info)
	}
	p, err := k.Period(ctx, 100000, catalog.Options{})
	if err != nil || p.Status != catalog.PeriodProved || p.Period != 12 || p.Preperiod != 71 {
		t.Errorf("tb:0.77 period = %+v %v", p, err)
	}
	p, err = mustParse(t, "tb:0.2G").Period(ctx, 10000, catalog.Options{})
	if err != nil || p.Status != catalog.PeriodProved || p.Period != 2 {
		t.Errorf("tb:0.2G period = %+v %v", p, err)
	}
	// A position of a code leaving four heaps: the winning moves lead to
	// P-positions.
	g := mustParse(t, "tb:0.G")
	res, err := g.Solve(ctx, "12 5", catalog.Options{Budget: impartial.DefaultBudget})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.WinningMoves {
		after, err := g.Solve(ctx, m.To, catalog.Options{Budget: impartial.DefaultBudget})
		if err != nil || after.Outcome != impartial.P {
			t.Errorf("tb:0.G 12 5 → %s: %+v %v", m.To, after, err)
		}
	}
	// Codes that may leave more heaps than a position holds list values but
	// refuse moves.
	if _, err := mustParse(t, "tb:0.*").Solve(ctx, "9", catalog.Options{Budget: impartial.DefaultBudget}); err == nil {
		t.Error("tb:0.* solve: want an error (moves of unboundedly many heaps)")
	}
	for spec, offset := range map[string]int{"tb:2.0": 3, "tb:0.{2,": 5, "tb:0.[3": 7} {
		_, err := families.Parse(spec)
		var se *catalog.SpecError
		if !errors.As(err, &se) || se.Offset != offset {
			t.Errorf("Parse(%q): %v, want a SpecError at offset %d", spec, err, offset)
		}
	}
}

// TestPlaneFamily: the two-dimensional coin games through the catalog:
// values, winning moves leading to P-positions, the value table (Turning
// Corners' is the nim-multiplication table), misère play, sums.
func TestPlaneFamily(t *testing.T) {
	opts := catalog.Options{Budget: impartial.DefaultBudget}
	tc := mustParse(t, "coins:turning-corners")
	tab, err := tc.ValueTable(ctx, 16, opts)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := nimber.Table(16)
	for a := range 16 {
		for b := range 16 {
			if uint64(tab.Values[a][b]) != want[a][b] {
				t.Fatalf("Turning Corners table (%d,%d) = %d, want %d", a, b, tab.Values[a][b], want[a][b])
			}
		}
	}
	for _, c := range []struct{ spec, pos string }{
		{"coins:turning-corners", "HTT/THT/TTH"},
		{"coins:rugs", "(3,5) (2,2) (1,1)"},
		{"coins:ruler*mock-turtles", "HHT/TTH"},
		{"coins:acrostic-twins", "(7,3) (1,1)"},
		{"coins:twins:1,2,3*turning-turtles", "(5,4) (2,1)"},
	} {
		g := mustParse(t, c.spec)
		res, err := g.Solve(ctx, c.pos, opts)
		if err != nil {
			t.Fatalf("%s %s: %v", c.spec, c.pos, err)
		}
		if (res.Outcome == impartial.N) != (len(res.WinningMoves) > 0) {
			t.Errorf("%s %s: outcome %v with %d winning moves", c.spec, c.pos, res.Outcome, len(res.WinningMoves))
		}
		for _, m := range res.WinningMoves {
			after, err := g.Solve(ctx, m.To, opts)
			if err != nil || after.Outcome != impartial.P {
				t.Errorf("%s %s → %s (%s): %+v %v", c.spec, c.pos, m.To, m.Move, after, err)
			}
		}
	}
	res, err := tc.Solve(ctx, "HTT/THT", catalog.Options{Misere: true, Budget: impartial.DefaultBudget})
	if err != nil || res.Outcome == 0 {
		t.Errorf("misère Turning Corners HTT/THT: %+v %v", res, err)
	}
	sum := mustParse(t, "sum")
	res, err = sum.Solve(context.Background(), "coins:turning-corners (2,2) + nim 3", opts)
	if err != nil || *res.Value != 0 {
		t.Errorf("turning-corners (2,2) + nim 3: %+v %v (want value 2⊗2 ⊕ 3 = 0)", res, err)
	}
	for spec, offset := range map[string]int{"coins:ruler*rular": 12, "coins:rugs:3": 6} {
		_, err := families.Parse(spec)
		var se *catalog.SpecError
		if !errors.As(err, &se) || se.Offset != offset {
			t.Errorf("Parse(%q): %v, want a SpecError at offset %d", spec, err, offset)
		}
	}
}
