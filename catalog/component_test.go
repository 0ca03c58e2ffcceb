package catalog_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

// component_values lists the value of each component of a position with
// more than one, in order, and is absent for one component (whose JSON
// stays as it was). The values are checked against the game's own
// nim-sequence (catalog.HeapGame.Values), and Value is their nim-sum.
func TestComponentValues(t *testing.T) {
	for _, tc := range []struct{ spec, pos string }{
		{"nim", "3 4 5"},
		{"kayles", "5 2 9"},
		{"subtract:1,3,4", "7 12 3"},
		{"octal:0.137", "10 11"},
		{"grundy", "17 8"},
	} {
		g := mustParse(t, tc.spec)
		res, err := g.Solve(ctx, tc.pos, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		hs, _ := games.ParseHeaps(tc.pos)
		seq, err := g.Values(ctx, g.Info().Start, slices.Max(hs), catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var want []impartial.Nimber
		var x impartial.Nimber
		for _, h := range hs {
			want = append(want, seq.Values[h-seq.Start])
			x ^= seq.Values[h-seq.Start]
		}
		if !slices.Equal(res.ComponentValues, want) || *res.Value != x {
			t.Errorf("%s %s: component values %v, value %d; the sequence gives %v, ⊕ = %d", tc.spec, tc.pos, res.ComponentValues, *res.Value, want, x)
		}
	}
	// One component: no component_values, the JSON of before.
	res, err := mustParse(t, "nim").Solve(ctx, "7", catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	if want := `{"game":"nim","position":"7","misere":false,"value":7,"outcome":"N","winning_moves":[{"to":"0","move":"take 7 from heap 1"}]}`; string(b) != want {
		t.Errorf("one heap:\n got %s\nwant %s", b, want)
	}
	// Misère play: values do not add, none are given.
	res, err = mustParse(t, "nim").Solve(ctx, "3 4 5", catalog.Options{Misere: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.ComponentValues != nil {
		t.Errorf("misère: component values %v", res.ComponentValues)
	}
	// A tight output budget keeps the moves and leaves the values out.
	heaps := strings.Repeat("1 ", 2000) + "2"
	res, err = mustParse(t, "nim").Solve(ctx, heaps, catalog.Options{Budget: impartial.Budget{MaxOutput: 8 << 10}})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(res); len(b) > 8<<10 || res.ComponentValues != nil {
		t.Errorf("8 KiB budget: %d bytes, %d component values", len(b), len(res.ComponentValues))
	}
}

// With AllOptions every option of a loopy position carries its own loopy
// value: the value Solve finds for the position the option leads to, and
// a draw is ∞(k) like the position's own.
func TestOptionLoopyValues(t *testing.T) {
	for _, tc := range []struct{ spec, pos string }{
		{"starlark:examples/draw.star", "4"},
		{"starlark:examples/loopy.star", "2"},
		{"starlark:examples/loopy.star", "5"},
	} {
		g := mustParse(t, tc.spec)
		res, err := g.Solve(ctx, tc.pos, catalog.Options{AllOptions: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Options) == 0 {
			t.Fatalf("%s %s: no options", tc.spec, tc.pos)
		}
		for _, o := range res.Options {
			after, err := g.Solve(ctx, o.To, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if o.LoopyValue == "" || o.LoopyValue != after.LoopyValue {
				t.Errorf("%s %s → %s: option's loopy value %q, the position's %q", tc.spec, tc.pos, o.To, o.LoopyValue, after.LoopyValue)
			}
		}
	}
	// Acyclic games keep their option JSON: no loopy values.
	res, err := mustParse(t, "nim").Solve(ctx, "2 1", catalog.Options{AllOptions: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Options {
		if o.LoopyValue != "" {
			t.Errorf("nim 2 1 → %s: loopy value %q", o.To, o.LoopyValue)
		}
	}
}
