package catalog_test

import (
	"slices"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
)

// The OEIS entries named in Info hold the games' nim-sequences: each
// game's values are checked against the first terms of its entry, as
// published (https://oeis.org/ANNNNNN, data section), at the shift Info
// gives: G(n) = a(n − shift), a indexed from the entry's offset.
func TestOEISTerms(t *testing.T) {
	published := map[string]struct {
		offset int
		terms  []impartial.Nimber
	}{
		// Kayles (octal games .77 and .771), offset 0.
		"A002186": {0, []impartial.Nimber{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8}},
		// Dawson's Chess (octal game .137), offset 0; .07 has values a(n−1).
		"A002187": {0, []impartial.Nimber{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2}},
		// Grundy's game, offset 0.
		"A002188": {0, []impartial.Nimber{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4}},
		// Double Kayles (octal game .7777), offset 0.
		"A071074": {0, []impartial.Nimber{0, 1, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 4, 5, 12, 13, 9, 8, 2, 3, 4, 5, 15, 14, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 13, 12, 15, 14, 9, 8, 2, 3, 4, 5, 16, 17, 10, 11, 8, 9, 14, 15, 5, 4, 3, 2, 16, 17}},
		// Couples-are-Forever, octal games .6, .601, …, offset 0.
		"A046695": {0, []impartial.Nimber{0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1, 4, 5, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 0, 2, 8, 4, 5, 3, 4, 5, 6, 2, 5, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 0, 2}},
		// Odious numbers ("nim-values for mock turtles"), offset 1.
		"A000069": {1, []impartial.Nimber{1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49, 50, 52, 55, 56, 59, 61, 62, 64, 67, 69, 70, 73, 74, 76, 79}},
		// Highest power of 2 dividing n, offset 1.
		"A006519": {1, []impartial.Nimber{1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 32, 1, 2, 1, 4, 1, 2, 1, 8}},
	}
	specs := []string{"kayles", "octal:0.77", "dawson-chess", "octal:0.137", "dawson-kayles", "octal:0.07", "grundy",
		"double-kayles", "octal:0.7777", "officers", "octal:0.6", "coins:mock-turtles", "coins:ruler"}
	for _, spec := range specs {
		info := mustParse(t, spec).Info()
		pub, ok := published[info.OEIS]
		if !ok {
			t.Errorf("%s: OEIS %q, not one of the entries checked here", spec, info.OEIS)
			continue
		}
		seq, err := mustParse(t, spec).(catalog.HeapGame).Values(ctx, 120, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for i, v := range seq.Values {
			n := seq.Start + i
			k := n - info.OEISShift - pub.offset // index into the published terms
			if k < 0 || k >= len(pub.terms) {
				continue
			}
			checked++
			if v != pub.terms[k] {
				t.Errorf("%s: G(%d) = %d, %s gives a(%d) = %d", spec, n, v, info.OEIS, n-info.OEISShift, pub.terms[k])
			}
		}
		if checked < 40 {
			t.Errorf("%s: only %d terms checked", spec, checked)
		}
	}
	// Wythoff's game: A004481, whose triangle A317205 lists G(n, m) for
	// m ≤ n row by row (Blass and Fraenkel 1990, Table 2).
	if info := mustParse(t, "wythoff").Info(); info.OEIS != "A004481" || !info.Table {
		t.Errorf("wythoff: OEIS %q, table %v", info.OEIS, info.Table)
	}
	triangle := []impartial.Nimber{0, 1, 2, 2, 0, 1, 3, 4, 5, 6, 4, 5, 3, 2, 7, 5, 3, 4, 0, 6, 8, 6, 7, 8, 1, 9, 10, 3, 7, 8, 6, 9, 0, 1, 4, 5}
	tab, err := mustParse(t, "wythoff").(catalog.TableGame).Table(ctx, 8, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []impartial.Nimber
	for n := range 8 {
		for m := 0; m <= n; m++ {
			got = append(got, tab.Values[n][m])
		}
	}
	if !slices.Equal(got, triangle) {
		t.Errorf("Wythoff G(n, m), m ≤ n < 8: %v\nA317205: %v", got, triangle)
	}
}

// Every OEIS key is a canonical spec of the catalog (no typo hides an
// entry), and every board is one the page draws.
func TestPresentTables(t *testing.T) {
	for _, spec := range []string{"kayles", "octal:0.77", "dawson-chess", "octal:0.137", "dawson-kayles", "octal:0.07", "grundy",
		"double-kayles", "octal:0.7777", "officers", "octal:0.6", "coins:mock-turtles", "coins:ruler", "wythoff"} {
		if got := mustParse(t, spec).Info(); got.Spec != spec || got.OEIS == "" {
			t.Errorf("%s: canonical spec %q, OEIS %q", spec, got.Spec, got.OEIS)
		}
	}
	for _, f := range catalog.Families() {
		g, err := catalog.Parse(f.Example)
		if err != nil {
			continue // a family whose example needs a file
		}
		if b := g.Info().Board; b != "" && !slices.Contains(catalog.Boards(), b) {
			t.Errorf("%s: board %q is not one of %v", f.Example, b, catalog.Boards())
		}
	}
	for spec, want := range map[string]string{"nim": "heaps", "kayles": "pins", "coins:mock-turtles": "coins", "staircase": "stairs", "wythoff": "queen", "nimble": "strip", "northcott": ""} {
		if got := mustParse(t, spec).Info().Board; got != want {
			t.Errorf("%s: board %q, want %q", spec, got, want)
		}
	}
}
