package catalog_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

// Every family of issue 3: its example spec and example position solve, the
// canonical position round-trips, every winning move is a legal move to a
// P-position, and misère play works on small positions.
func TestIssue3Families(t *testing.T) {
	for _, c := range []struct{ spec, pos string }{
		{"subtract:pow2", "7"},
		{"subtract:all-but:2,5", "9"},
		{"take-range:2,3", "7"},
		{"multiply:2-9,162", "1"},
		{"northcott", "1 4; 3 8"},
		{"nimble", "3 5 6"},
		{"staircase", "3 1 4"},
		{"climbing-hill:3", "1 2 4"},
		{"moore:2", "3 4 5"},
		{"wythoff", "4 6"},
		{"fibonacci-nim", "20"},
		{"fibonacci-nim", "10 3"},
	} {
		g := mustParse(t, c.spec)
		if again := mustParse(t, g.Info().Spec); again.Info().Spec != g.Info().Spec {
			t.Errorf("%s: spec %q does not round-trip", c.spec, g.Info().Spec)
		}
		canon, err := g.Canonical(context.Background(), c.pos)
		if err != nil {
			t.Fatalf("%s %q: %v", c.spec, c.pos, err)
		}
		if again, _ := g.Canonical(context.Background(), canon); again != canon {
			t.Errorf("%s: canonical %q → %q", c.spec, canon, again)
		}
		if _, err := g.Canonical(context.Background(), g.Info().Example); err != nil {
			t.Errorf("%s: example position %q: %v", c.spec, g.Info().Example, err)
		}
		for _, misere := range []bool{false, true} {
			res, err := g.Solve(ctx, c.pos, catalog.Options{Misere: misere})
			if err != nil {
				t.Fatalf("%s %q misère=%v: %v", c.spec, c.pos, misere, err)
			}
			moves, err := g.Moves(ctx, c.pos, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range res.WinningMoves {
				if _, err := g.FindMove(ctx, c.pos, m.To, catalog.Options{}); err != nil {
					t.Errorf("%s: winning move %v is illegal: %v", c.spec, m, err)
				}
				after, err := g.Solve(ctx, m.To, catalog.Options{Misere: misere})
				if err != nil || after.Outcome != impartial.P {
					t.Errorf("%s: winning move to %s leaves %v (%v)", c.spec, m.To, after, err)
				}
			}
			if (res.Outcome == impartial.N) != (len(res.WinningMoves) > 0) || len(moves) == 0 {
				t.Errorf("%s %q: %+v with %d moves", c.spec, c.pos, res, len(moves))
			}
		}
	}
}

// Huge positions are answered from the closed forms, instantly.
func TestHugePositions(t *testing.T) {
	for _, c := range []struct {
		spec, pos string
		outcome   impartial.Outcome
		move      string
	}{
		{"subtract:1,3,4", "100000000000", impartial.N, "99999999997"},
		{"subtract:2,5", "700000000000", impartial.P, ""},
		{"multiply:2-9,4294967295", "1", impartial.N, ""},
		{"wythoff", "1618033988749894848 2618033988749894848", impartial.P, ""},
		{"wythoff", "1618033988749894853 2618033988749894848", impartial.N, "1618033988749894848 2618033988749894848"},
		{"fibonacci-nim", "1836311903", impartial.P, ""},
		{"fibonacci-nim", "2000000000", impartial.N, "1999999999 1"},
		{"climbing-hill:2", "1000 2000 4000", impartial.N, "1000 2000 3000"},
		{"moore:3", "1000000 1000000 1000000 1000000", impartial.P, ""},
	} {
		res, err := mustParse(t, c.spec).Solve(ctx, c.pos, catalog.Options{Budget: impartial.DefaultBudget})
		if err != nil {
			t.Errorf("%s %s: %v", c.spec, c.pos, err)
			continue
		}
		if res.Outcome != c.outcome {
			t.Errorf("%s %s: %v, want %v", c.spec, c.pos, res.Outcome, c.outcome)
		}
		if c.move != "" && (len(res.WinningMoves) == 0 || res.WinningMoves[0].To != c.move) {
			t.Errorf("%s %s: winning moves %v, want first %s", c.spec, c.pos, res.WinningMoves, c.move)
		}
	}
}

func TestIssue3SpecErrors(t *testing.T) {
	for spec, want := range map[string]string{
		"take-range:3,2":     "1 ≤ p ≤ q",
		"take-range:2":       "want two numbers",
		"multiply:1-9,100":   "at least 2",
		"multiply:2-9,0":     `target "0"`,
		"climbing-hill:0":    "king",
		"moore:x":            `k "x"`,
		"wythoff:3":          "takes no arguments",
		"subtract:all-but:x": `"x" is not a positive whole number`,
	} {
		_, err := families.Parse(spec)
		var se *catalog.SpecError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want a SpecError containing %q", spec, err, want)
		}
	}
	for _, c := range []struct{ spec, pos, want string }{
		{"wythoff", "3", "1 heap sizes"},
		{"northcott", "1 1", "both pieces on column 1"},
		{"northcott", "1 2 3", "two columns"},
		{"climbing-hill:2", "3 2", "not in order"},
		{"climbing-hill:3", "1 2", "king is person 3"},
		{"fibonacci-nim", "5 0", "took no tokens"},
		{"multiply:2-9,100", "0", "not a whole number ≥ 1"},
	} {
		_, err := mustParse(t, c.spec).Solve(ctx, c.pos, catalog.Options{})
		var pe *catalog.PositionError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want a PositionError containing %q", c.spec, c.pos, err, c.want)
		}
	}
}

// FuzzIssue3Positions: any position string of the issue-3 games is either
// rejected with a PositionError or has a canonical form that is a fixed point.
func FuzzIssue3Positions(f *testing.F) {
	specs := []string{"northcott", "staircase", "climbing-hill:2", "moore:2", "wythoff", "fibonacci-nim", "multiply:2-9,162", "nimble"}
	for i, s := range []string{"1 4; 3 8", "3 1 4", "1 2 4", "0 0 3", "4 7", "10 3", "5", ";", "1 2;", "-1", "99999999999999999999 1"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, pos string) {
		g, _ := families.Parse(specs[int(which)%len(specs)])
		canon, err := g.Canonical(context.Background(), pos)
		if err != nil {
			var pe *catalog.PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("%s %q: %v is not a PositionError", g.Info().Spec, pos, err)
			}
			return
		}
		if again, err := g.Canonical(context.Background(), canon); err != nil || again != canon {
			t.Fatalf("%s %q: canonical %q → %q, %v", g.Info().Spec, pos, canon, again, err)
		}
	})
}

// The Wythoff table against exhaustive search of the real game, and its first
// antidiagonals against OEIS A004481 (Grundy values of Wythoff's game).
func TestWythoffTable(t *testing.T) {
	tg := mustParse(t, "wythoff")
	tab, err := tg.ValueTable(ctx, 12, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	or := impartialtest.NewOracle[games.Pair](games.Wythoff{})
	for a := range 12 {
		for b := range 12 {
			if want := or.Value(games.Pair{A: a, B: b}); tab.Values[a][b] != want {
				t.Errorf("G(%d, %d) = %d, exhaustive search %d", a, b, tab.Values[a][b], want)
			}
		}
	}
	a004481 := []impartial.Nimber{0, 1, 1, 2, 2, 2, 3, 0, 0, 3, 4, 4, 1, 4, 4}
	var diag []impartial.Nimber
	for d := 0; len(diag) < len(a004481); d++ {
		for a := 0; a <= d && len(diag) < len(a004481); a++ {
			diag = append(diag, tab.Values[a][d-a])
		}
	}
	if !slices.Equal(diag, a004481) {
		t.Errorf("antidiagonals %v, A004481 %v", diag, a004481)
	}
	if _, err := tg.ValueTable(ctx, 0, catalog.Options{}); err == nil {
		t.Error("Table(0) succeeded")
	}
}
