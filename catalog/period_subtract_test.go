package catalog_test

import (
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
)

// Subtraction periods proved by state repetition, checked against values
// computed by plain search far beyond the certificate: the claimed period
// holds, and no smaller period or pre-period does.
func TestSubtractionPeriodProved(t *testing.T) {
	for _, c := range []struct {
		spec     string
		pre, per int
	}{
		{"subtract:1,3,4", 0, 7}, // Winning Ways, ch. 4: 0 1 0 1 2 3 2
		{"subtract:1-3", 0, 4},   // Bash's game: n mod 4
		{"subtract:2,4,7", 8, 3},
		{"subtract:2,5", 0, 7},
	} {
		g, err := families.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		res, err := g.Period(ctx, 100000, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != catalog.PeriodProved || res.Preperiod != c.pre || res.Period != c.per {
			t.Errorf("%s: %+v, want pre-period %d, period %d, proved", c.spec, res, c.pre, c.per)
		}
		const n = 3000
		set, _ := notation.IntSet(strings.TrimPrefix(c.spec, "subtract:"))
		sub, _ := games.NewSubtraction(set)
		s := impartial.NewSolver(impartial.Plain[int](sub), impartial.Settings{})
		vals := make([]impartial.Nimber, n)
		for i := range vals {
			if vals[i], err = s.Value(ctx, i); err != nil {
				t.Fatal(err)
			}
		}
		holds := func(pre, per int) bool {
			for i := pre; i+per < n; i++ {
				if vals[i+per] != vals[i] {
					return false
				}
			}
			return true
		}
		if !holds(res.Preperiod, res.Period) {
			t.Errorf("%s: claimed period %d from %d fails in G(0..%d)", c.spec, res.Period, res.Preperiod, n-1)
		}
		for p := 1; p < res.Period; p++ {
			if holds(res.Preperiod, p) {
				t.Errorf("%s: smaller period %d also holds", c.spec, p)
			}
		}
		if res.Preperiod > 0 && holds(res.Preperiod-1, res.Period) {
			t.Errorf("%s: pre-period %d is not the least", c.spec, res.Preperiod)
		}
	}
	// A --max too small to see the repetition: no period, not a false claim.
	g, _ := families.Parse("subtract:2,4,7")
	res, err := g.Period(ctx, 5, catalog.Options{})
	if err != nil || res.Status != catalog.PeriodNone {
		t.Errorf("subtract:2,4,7 with --max 5: %+v, %v; want status none", res, err)
	}
}
