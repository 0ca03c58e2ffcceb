package catalog_test

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/coins"
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
	for _, spec := range oeisSpecs(t) {
		info := mustParse(t, spec).Info()
		pub, ok := published[info.OEIS]
		if !ok {
			t.Errorf("%s: OEIS %q, not one of the entries checked here", spec, info.OEIS)
			continue
		}
		seq, err := mustParse(t, spec).Values(ctx, info.Start, 120, catalog.Options{})
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
	tab, err := mustParse(t, "wythoff").ValueTable(ctx, 8, catalog.Options{})
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

// oeisSpecs lists every game of the catalog that names an OEIS entry for
// its nim-sequence: the families' own games, the named octal codes as
// octal:CODE, and every coin-turning rule without parameters.
func oeisSpecs(t *testing.T) []string {
	var specs []string
	for _, f := range families.All() {
		if f.OEIS != "" && f.Name != "wythoff" {
			specs = append(specs, f.Name)
		}
	}
	for _, code := range []string{"0.77", "0.137", "0.07", "0.7777", "0.6"} {
		specs = append(specs, "octal:"+code)
	}
	for _, rule := range coins.RuleNames() {
		if strings.Contains(rule, ":") {
			continue
		}
		if info := mustParse(t, "coins:"+rule).Info(); info.OEIS != "" {
			specs = append(specs, info.Spec)
		}
	}
	return specs
}

// TestRegistry: every entry of the catalog is complete and consistent: its
// names are unique, its example resolves and its example position solves,
// its canonical spec round-trips, its board is one the page draws and its
// text drawing is of that board, its closed form is stated, and it has a
// row in the table of docs/games.md.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range families.All() {
		for _, n := range append([]string{f.Name}, f.Aliases...) {
			if seen[n] {
				t.Errorf("name %q used twice", n)
			}
			seen[n] = true
		}
		if f.Rule == "" || f.Syntax == "" || f.Example == "" {
			t.Errorf("family %q is missing a field: %+v", f.Name, f)
		}
		g, err := families.Parse(f.Example)
		if err != nil {
			t.Errorf("family %q: example %q: %v", f.Name, f.Example, err)
			continue
		}
		info := g.Info()
		if info.Name == "" || info.Rule == "" || info.Position == "" || info.Example == "" {
			t.Errorf("%s: incomplete description %+v", info.Spec, info)
		}
		if _, err := g.Solve(ctx, info.Example, catalog.Options{Budget: impartial.DefaultBudget}); err != nil {
			t.Errorf("%s: example position %q: %v", info.Spec, info.Example, err)
		}
		if again, err := families.Parse(info.Spec); err != nil || again.Info().Spec != info.Spec {
			t.Errorf("%s: canonical spec does not round-trip: %v", info.Spec, err)
		}
		if f.Name != "starlark" && f.Name != "sum" && info.ClosedForm == "" {
			t.Errorf("%s: no closed form stated (say \"searched\" when there is none)", info.Spec)
		}
		if b := info.Board; b != "" && !slices.Contains(catalog.Boards(), b) {
			t.Errorf("%s: board %q is not one of %v", info.Spec, b, catalog.Boards())
		}
		// The text drawing is of the board the page draws.
		text, err := g.Board(ctx, info.Example)
		if err != nil {
			t.Errorf("%s: drawing %q: %v", info.Spec, info.Example, err)
		}
		glyph := map[string]string{"heaps": "heap 1 ●", "pins": "row 1 | ", "coins": "○", "coingrid": "○", "stairs": "▄", "queen": "♛"}[info.Board]
		if glyph != "" && text != "" && !strings.Contains(text, glyph) {
			t.Errorf("%s: board %q, but its text drawing has no %q:\n%s", info.Spec, info.Board, glyph, text)
		}
	}
	for spec, want := range map[string]string{"nim": "heaps", "kayles": "pins", "double-kayles": "pins", "coins:mock-turtles": "coins", "coins:turning-corners": "coingrid", "coins:ruler*mock-turtles": "coingrid", "staircase": "stairs", "wythoff": "queen", "nimble": "strip", "northcott": ""} {
		if got := mustParse(t, spec).Info().Board; got != want {
			t.Errorf("%s: board %q, want %q", spec, got, want)
		}
	}
}

var updateGamesTable = flag.Bool("update-games-table", false, "rewrite the table of docs/games.md from families.All()")

// TestGamesTable: the table of every game in docs/games.md is the one
// families.All() gives (with -update-games-table, it is rewritten).
func TestGamesTable(t *testing.T) {
	const begin, end = "<!-- games table: generated from families.All() by go test ./catalog -run TestGamesTable -update-games-table -->\n", "<!-- end of the games table -->\n"
	var b strings.Builder
	b.WriteString(begin)
	b.WriteString("| spec | rule | board | closed form (source) |\n| --- | --- | --- | --- |\n")
	cell := func(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
	for _, f := range families.All() {
		name := "`" + f.Syntax + "`"
		for _, a := range f.Aliases {
			name += ", `" + a + "`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", name, cell(f.Rule), strings.Join(f.GameBoards(), ", "), cell(f.ClosedForm))
	}
	b.WriteString(end)
	const path = "../docs/games.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(string(doc), begin), strings.Index(string(doc), end)
	if i < 0 || j < i {
		t.Fatalf("%s has no generated games table (between %q and %q)", path, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	got := string(doc[i : j+len(end)])
	if got == b.String() {
		return
	}
	if *updateGamesTable {
		if err := os.WriteFile(path, []byte(string(doc[:i])+b.String()+string(doc[j+len(end):])), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the games table of %s is not the catalog's: run go test ./catalog -run TestGamesTable -update-games-table\nwant:\n%s", path, b.String())
}

// Every game's rule is a sentence where the faces show it (grundy games
// GAME's "rule:", the play command's opening line, the web picker): it
// starts with a capital and ends with a full stop (issue 44 §4: "knock
// down one pin…" of Kayles). Each family's example and each game its
// family lists are checked.
func TestRuleSentences(t *testing.T) {
	for _, f := range families.All() {
		specs := []string{f.Example}
		for _, a := range f.Args {
			specs = append(specs, f.Name+":"+a)
		}
		for _, spec := range specs {
			g, err := families.Parse(spec)
			if err != nil {
				continue // a listed argument that needs more (coins:twins:S); the example covers the family
			}
			rule := g.Info().Rule
			first, _ := utf8.DecodeRuneInString(rule)
			if !unicode.IsUpper(first) || !strings.HasSuffix(rule, ".") && !strings.HasSuffix(rule, ".)") {
				t.Errorf("%s: rule %q is not a sentence", spec, rule)
			}
		}
	}
}
