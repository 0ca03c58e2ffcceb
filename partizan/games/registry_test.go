package games

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
)

// TestRegistry: every ruleset of the list of record is complete and
// consistent: its names are unique and no impartial catalog game's (a
// name must say which door it opens), its example parses, solves and
// round-trips, its board is one the page draws, and it states at least one
// known value with its source, which the solver gives.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rulesets() {
		for _, n := range append([]string{r.Name}, r.Aliases...) {
			if seen[n] {
				t.Errorf("name %q used twice", n)
			}
			seen[n] = true
			if _, ok := catalog.LookupFamily(families.All(), n); ok {
				t.Errorf("ruleset name %q is also an impartial catalog game's", n)
			}
		}
		if r.Title == "" || r.Rule == "" || r.Syntax == "" || r.Example == "" || r.Board == "" {
			t.Errorf("%s: a field is missing: %+v", r.Name, r)
		}
		if (r.Left == "") != r.Impartial || (r.Right == "") != r.Impartial {
			t.Errorf("%s: Left %q, Right %q, impartial %v: name both players, or neither for an impartial ruleset", r.Name, r.Left, r.Right, r.Impartial)
		}
		if !strings.Contains("grid strip graph hackenbush cakes", r.Board) {
			t.Errorf("%s: board %q is not one the page draws", r.Name, r.Board)
		}
		p, err := r.Parse(r.Example)
		if err != nil {
			t.Errorf("%s: example %q: %v", r.Name, r.Example, err)
			continue
		}
		if q, err := r.Parse(p.String()); err != nil || q.String() != p.String() {
			t.Errorf("%s: example %q is written %q, which reads back as %v, %v", r.Name, r.Example, p.String(), q, err)
		}
		if _, err := Analyze(context.Background(), r.Name, r.Example, Settings{}); err != nil {
			t.Errorf("%s: example %q does not solve: %v", r.Name, r.Example, err)
		}
		if len(r.Known) == 0 {
			t.Errorf("%s: no known value stated", r.Name)
		}
		for _, k := range r.Known {
			if k.Source == "" {
				t.Errorf("%s %s: no source", r.Name, k.Position)
			}
		}
	}
}

// Known answers from CGSuite's tests (GameGridTest, GameStripTest,
// GameGraphTest; aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/)
// and the literature, as the registry states them with their sources
// (Ruleset.Known, what grundy games RULESET prints), through the faces'
// path.
func TestKnownAnswers(t *testing.T) {
	ctx := context.Background()
	n := 0
	for _, r := range Rulesets() {
		for _, k := range r.Known {
			n++
			a, err := Analyze(ctx, r.Name, k.Position, Settings{})
			if err != nil {
				t.Fatalf("%s %s: %v", r.Name, k.Position, err)
			}
			if a.Value != k.Value {
				t.Errorf("%s %s = %s, %s says %s", r.Name, k.Position, a.Value, k.Source, k.Value)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d known values", n)
	}
	// Domineering 2×3: temperature 5/4, mean 3/4 (Berlekamp 1988).
	a, _ := Analyze(ctx, "domineering", "2x3", Settings{})
	if a.Temperature != "5/4" || a.Mean != "3/4" || a.LeftStop != "2" || a.RightStop != "-1/2" {
		t.Errorf("domineering 2x3: temperature %s mean %s stops %s %s", a.Temperature, a.Mean, a.LeftStop, a.RightStop)
	}
}

var updateRulesetsTable = flag.Bool("update-rulesets-table", false, "rewrite the partizan table of docs/games.md from Rulesets()")

// TestRulesetsTable: the table of partizan rulesets in docs/games.md is the
// one Rulesets() gives (with -update-rulesets-table, it is rewritten).
func TestRulesetsTable(t *testing.T) {
	const begin, end = "<!-- rulesets table: generated from partizan/games.Rulesets() by go test ./partizan/games -run TestRulesetsTable -update-rulesets-table -->\n", "<!-- end of the rulesets table -->\n"
	var b strings.Builder
	b.WriteString(begin)
	b.WriteString("| ruleset | rule | Left, Right | position | example | known values (source) |\n| --- | --- | --- | --- | --- | --- |\n")
	cell := func(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
	code := func(s string) string { return "`" + cell(s) + "`" }
	for _, r := range Rulesets() {
		name := code(r.Name)
		for _, a := range r.Aliases {
			name += ", " + code(a)
		}
		players := r.Left + "; " + r.Right
		if r.Impartial {
			players = "the same moves (impartial)"
		}
		var known []string
		for _, k := range r.Known {
			known = append(known, fmt.Sprintf("%s = %s (%s)", code(k.Position), code(k.Value), cell(k.Source)))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", name, cell(r.Rule), cell(players), cell(r.Syntax), code(r.Example), strings.Join(known, "; "))
	}
	b.WriteString(end)
	const path = "../../docs/games.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(string(doc), begin), strings.Index(string(doc), end)
	if i < 0 || j < i {
		t.Fatalf("%s has no generated rulesets table (between %q and %q)", path, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	if string(doc[i:j+len(end)]) == b.String() {
		return
	}
	if *updateRulesetsTable {
		if err := os.WriteFile(path, []byte(string(doc[:i])+b.String()+string(doc[j+len(end):])), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the rulesets table of %s is not the registry's: run go test ./partizan/games -run TestRulesetsTable -update-rulesets-table\nwant:\n%s", path, b.String())
}
