package main

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
)

// The command line's sentences for the catalog's answers.
func TestResultText(t *testing.T) {
	for _, c := range []struct{ spec, pos, want string }{
		{"nim", "3 4 5", "nim position 3 4 5 has nim-value 2 = 3 ⊕ 4 ⊕ 5, so it is an N-position: the player to move wins by moving to 1 4 5 (take 2 from heap 1).\n"},
		{"subtract:1,3,4", "7", "subtract:1,3,4 position 7 has nim-value 0, so it is a P-position: the player to move loses against best play.\n"},
		{"kayles", "5 7", "kayles position 5 7 has nim-value 6 = 4 ⊕ 2, so it is an N-position: the player to move wins with any of these 2 moves:\n" +
			"  3 1 7 (heap 1: take 1 and split the rest into 3 + 1)\n  5 5 (heap 2: take 2, leaving 5)\n"},
		{"starlark:examples/draw.star", "4", "starlark:examples/draw.star position 4 has loopy value ∞(1), so it is a draw: neither player can force a win; the one move that keeps the draw is to 4.\n"},
		{"starlark:examples/draw.star", "4 + 0", "starlark:examples/draw.star position 4 + 0 has loopy value ∞(0), so it is an N-position: the player to move wins in 7 moves by moving to 0 + 0 (component 1: 4 → 0).\n"},
		{"sum", "kayles 7 + nim 3 4", "The sum kayles 7 + nim 3 4 has nim-value 5 = 2 ⊕ 7, so it is an N-position: the player to move wins by moving to kayles 7 + nim 3 1 (component 2, nim: take 3 from heap 2).\n"},
	} {
		g, err := families.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		res, err := g.Solve(context.Background(), c.pos, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := resultText(res, textStyle{}); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s %s:\n got %q\nwant %q", c.spec, c.pos, got, c.want)
		}
	}
}
