package catalog_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules"
)

func example(name string) string { return "starlark:../examples/" + name }

// writeRules writes a rule file in a temporary directory and returns its spec.
func writeRules(t *testing.T, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.star")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return "starlark:" + path
}

// TestStarlarkMatchesCatalog: the Starlark versions of catalog games give the
// same values, outcomes and winning moves as the catalog.
func TestStarlarkMatchesCatalog(t *testing.T) {
	for _, c := range []struct{ star, spec string }{
		{example("nim.star"), "nim"},
		{example("subtract.star"), "subtract:1,3,4"},
	} {
		sg, cg := mustParse(t, c.star), mustParse(t, c.spec)
		ss, err := sg.Values(ctx, sg.Info().Start, 60, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		cs, _ := cg.Values(ctx, cg.Info().Start, 60, catalog.Options{})
		if !slices.Equal(ss.Values, cs.Values) {
			t.Errorf("%s values %v\n%s values %v", c.star, ss.Values, c.spec, cs.Values)
		}
		for _, pos := range []string{"7", "3 4 5", "1 1 1", "2 2", "10 11 12 13", "0"} {
			for _, misere := range []bool{false, true} {
				a, err := sg.Solve(ctx, pos, catalog.Options{Misere: misere})
				if err != nil {
					t.Fatal(err)
				}
				b, _ := cg.Solve(ctx, pos, catalog.Options{Misere: misere})
				a.Game = b.Game
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				if string(ja) != string(jb) {
					t.Errorf("%s %q misère=%v:\n got %s\nwant %s", c.star, pos, misere, ja, jb)
				}
			}
		}
		ma, _ := sg.Moves(ctx, "3 2", catalog.Options{})
		mb, _ := cg.Moves(ctx, "3 2", catalog.Options{})
		if !slices.Equal(ma, mb) {
			t.Errorf("%s moves %v, want %v", c.star, ma, mb)
		}
	}
}

// TestStarlarkWythoff checks the two-heap example against Wythoff's
// P-positions (⌊kφ⌋, ⌊kφ²⌋) (OEIS A000201, A001950).
func TestStarlarkWythoff(t *testing.T) {
	g := mustParse(t, example("twoheap.star"))
	phi := (1 + math.Sqrt(5)) / 2
	ppos := map[[2]int]bool{}
	for k := range 12 {
		a, b := int(float64(k)*phi), int(float64(k)*phi*phi)
		ppos[[2]int{a, b}], ppos[[2]int{b, a}] = true, true
	}
	for a := range 13 {
		for b := range 13 {
			res, err := g.Solve(ctx, fmt.Sprintf("%d, %d", a, b), catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if (res.Outcome == impartial.P) != ppos[[2]int{a, b}] {
				t.Errorf("Wythoff (%d,%d): %v", a, b, res.Outcome)
			}
			if res.Position != fmt.Sprintf("%d,%d", a, b) {
				t.Errorf("format: %q", res.Position)
			}
		}
	}
	var pe *catalog.PositionError
	if _, err := g.Solve(ctx, "3", catalog.Options{}); !errors.As(err, &pe) || !strings.Contains(err.Error(), "want two heap sizes a,b such as 3,5") {
		t.Errorf("bad position: %v", err)
	}
}

// TestStarlarkGraph checks the graph example's values, worked out by hand in
// the file, and sums of tokens.
func TestStarlarkGraph(t *testing.T) {
	g := mustParse(t, example("graph.star"))
	want := map[string]impartial.Nimber{"a": 1, "b": 0, "c": 2, "d": 1, "e": 0}
	for v, w := range want {
		res, err := g.Solve(ctx, v, catalog.Options{})
		if err != nil || *res.Value != w {
			t.Errorf("G(%s) = %v, %v; want %d", v, res, err, w)
		}
	}
	res, err := g.Solve(ctx, "a + c", catalog.Options{})
	if err != nil || *res.Value != 3 || len(res.WinningMoves) != 2 || res.WinningMoves[0].To != "c + c" {
		t.Errorf("a + c = %+v, %v", res, err)
	}
	if _, err := g.Solve(ctx, "a + z", catalog.Options{}); err == nil || !strings.Contains(err.Error(), `column 5: no vertex "z" in the graph`) && !strings.Contains(err.Error(), `no vertex "z"`) {
		t.Errorf("unknown vertex: %v", err)
	}
}

// TestStarlarkLoopy checks the loopy examples against the outcomes and
// values worked out by hand in the files.
func TestStarlarkLoopy(t *testing.T) {
	g := mustParse(t, example("loopy.star"))
	for n, w := range "PNNPNNPNN" {
		res, err := g.Solve(ctx, fmt.Sprint(n), catalog.Options{})
		if err != nil || res.Outcome.String() != string(w) {
			t.Errorf("loopy.star %d: %+v %v; want %c", n, res, err, w)
		}
	}
	res, _ := g.Solve(ctx, "6", catalog.Options{})
	if res.Remoteness == nil || *res.Remoteness != 4 {
		t.Errorf("remoteness of 6: %v", res.Remoteness)
	}
	// Heap 4 is an N-position of infinite value ∞(0,2) (worked out in the
	// file): values cannot list it, and 4 + 1 = ∞(1,3) is a draw.
	seq, err := g.Values(ctx, g.Info().Start, 3, catalog.Options{})
	if err != nil || !slices.Equal(seq.Values, []impartial.Nimber{0, 1, 2, 0}) {
		t.Errorf("values to 3: %v %v", seq, err)
	}
	if _, err := g.Values(ctx, g.Info().Start, 8, catalog.Options{}); err == nil || !strings.Contains(err.Error(), "heap 4 has the loopy value ∞(0,2) (an N-position)") {
		t.Errorf("values to 8: %v", err)
	}
	if res, err := g.Solve(ctx, "4 1", catalog.Options{}); err != nil || res.LoopyValue != "∞(1,3)" || res.Outcome != impartial.Draw {
		t.Errorf("4 1: %+v %v", res, err)
	}

	d := mustParse(t, example("draw.star"))
	for _, c := range []struct {
		pos, val, out string
		rem           int
		moves         []string
	}{
		{"end", "0", "P", 0, nil},
		{"2", "2", "N", 1, []string{"end"}},
		{"1", "0", "P", 2, nil},
		{"0", "1", "N", 3, []string{"1"}},
		{"3", "∞(0)", "N", 3, []string{"1"}},
		{"4", "∞(1)", "D", -1, []string{"4"}},
		// Sums by Smith's rule: ∞(1) + 2 = ∞(3), a draw; ∞(1) + 1 = ∞(0), a
		// win by moving 4 to 0; ∞ + ∞ is a draw.
		{"4 + 2", "∞(3)", "D", -1, []string{"4 + 2", "4 + end"}},
		// 0 + 0 lasts 6 moves (each token takes 3 to reach end).
		{"4 + 0", "∞(0)", "N", 7, []string{"0 + 0"}},
		{"4 + 4", "∞", "D", -1, []string{"4 + 4", "4 + 4"}},
		{"end + 0", "1", "N", 3, []string{"end + 1"}},
	} {
		res, err := d.Solve(ctx, c.pos, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var tos []string
		for _, m := range append(res.WinningMoves, res.DrawingMoves...) {
			tos = append(tos, m.To)
		}
		rem := -1
		if res.Remoteness != nil {
			rem = *res.Remoteness
		}
		if res.LoopyValue != c.val || res.Outcome.String() != c.out || rem != c.rem || !slices.Equal(tos, c.moves) {
			t.Errorf("draw.star %s: value %s %v rem %d moves %v; want %s %s %d %v", c.pos, res.LoopyValue, res.Outcome, rem, tos, c.val, c.out, c.rem, c.moves)
		}
		if (res.Value != nil) != !strings.HasPrefix(c.val, "∞") {
			t.Errorf("draw.star %s: nim-value %v with loopy value %s", c.pos, res.Value, c.val)
		}
	}
	// The perfect player keeps the draw.
	m, ok, err := d.Reply(ctx, "4", catalog.Options{})
	if err != nil || !ok || m.To != "4" {
		t.Errorf("Reply from 4: %v %v %v", m, ok, err)
	}
	res, _ = d.Solve(ctx, "4", catalog.Options{})
	if res.Outcome != impartial.Draw || res.LoopyValue != "∞(1)" || len(res.DrawingMoves) != 1 || res.DrawingMoves[0].To != "4" {
		t.Errorf("draw.star 4 = %+v", res)
	}
}

const cyclic = `
heap = True
def moves(n):
    return [n - 1, n + 1] if 0 < n and n < 3 else []
`

// TestStarlarkCycleFallback: without a loopy declaration, a cycle switches
// to loopy analysis; with loopy = False it is an error naming the cycle.
func TestStarlarkCycleFallback(t *testing.T) {
	g := mustParse(t, writeRules(t, cyclic))
	// 1 → 0 wins; 2 → 1 or 3: 3 has no move, so 2 wins too.
	res, err := g.Solve(ctx, "2", catalog.Options{})
	if err != nil || res.LoopyValue == "" || res.Outcome != impartial.N {
		t.Fatalf("fallback: %+v %v", res, err)
	}
	strict := mustParse(t, writeRules(t, cyclic+"loopy = False\n"))
	var ce *impartial.CycleError
	if _, err := strict.Solve(ctx, "2", catalog.Options{}); !errors.As(err, &ce) || !strings.Contains(err.Error(), "cycle of 2 moves: 1 -> 2 -> 1") && !strings.Contains(err.Error(), "2 -> 1 -> 2") {
		t.Errorf("loopy = False: %v", err)
	}
	var ue *impartial.UnsupportedError
	if _, err := g.Solve(ctx, "2", catalog.Options{Misere: true}); !errors.As(err, &ue) || !strings.Contains(err.Error(), "misère play of a loopy game is not supported") {
		t.Errorf("misère: %v", err)
	}
	// A draw in values is reported, not listed.
	draws := mustParse(t, writeRules(t, "heap = True\ndef moves(n):\n    return [n] if n == 2 else [n - 1] if n > 0 else []\n"))
	if _, err := draws.Values(ctx, draws.Info().Start, 5, catalog.Options{}); err == nil || !strings.Contains(err.Error(), "heap 2 has the loopy value ∞ (a draw)") {
		t.Errorf("values with a draw: %v", err)
	}
}

func TestStarlarkErrors(t *testing.T) {
	var se *catalog.SpecError
	for _, c := range []struct{ spec, want string }{
		{"starlark:", "starlark needs a rule file"},
		{"starlark:../examples/none.star", "../examples/none.star: cannot read the rule file"},
		{writeRules(t, "def moves(n):\n    return [n -\n"), "game.star:3:1: "},
	} {
		if _, err := families.Parse(c.spec); !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want a SpecError with %q", c.spec, err, c.want)
		}
	}
	g := mustParse(t, writeRules(t, "heap = True\ndef moves(n):\n    return [n - 1] if n != 3 else [n // (n - 3)]\n"))
	var re *rules.RuleError
	if _, err := g.Solve(ctx, "5", catalog.Options{}); !errors.As(err, &re) || !strings.Contains(err.Error(), "game.star:3:38: in moves(3): floored division by zero") {
		t.Errorf("runtime error: %v", err)
	}
	lim := &catalog.Resolver{Families: families.All(), Files: rules.OSFiles{}, Limits: rules.Limits{MaxSteps: 1000}}
	loop, err := lim.Resolve(ctx, writeRules(t, "heap = True\ndef moves(n):\n    while True:\n        pass\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := loop.Solve(ctx, "5", catalog.Options{}); !errors.As(err, &re) || !strings.Contains(err.Error(), "more than 1000 steps") {
		t.Errorf("endless loop: %v", err)
	}
	split := mustParse(t, writeRules(t, "heap = True\ndef moves(n):\n    return [(1, 2)]\n"))
	if _, err := split.Solve(ctx, "5", catalog.Options{}); !errors.As(err, &re) || !strings.Contains(err.Error(), "(1, 2), which is not a heap size") {
		t.Errorf("heap game with a tuple: %v", err)
	}
	var pe *catalog.PositionError
	if _, err := mustParse(t, example("draw.star")).Solve(ctx, "0 + (1,", catalog.Options{}); !errors.As(err, &pe) || pe.Offset != 7 {
		t.Errorf("bad position: %v", err)
	}
}

// TestStarlarkConcurrent: one catalog game solved from many goroutines (run
// with -race), as the web server does.
func TestStarlarkConcurrent(t *testing.T) {
	g := mustParse(t, example("draw.star"))
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				res, err := g.Solve(ctx, "4 + 2", catalog.Options{})
				if err != nil || res.LoopyValue != "∞(3)" {
					t.Errorf("%v %v", res, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func ExampleParse_starlark() {
	// The example rule files are built in.
	g, err := families.Parse("starlark:examples/draw.star")
	if err != nil {
		panic(err)
	}
	for _, pos := range []string{"0", "4", "4 + 0"} {
		res, _ := g.Solve(context.Background(), pos, catalog.Options{})
		moves := append(res.WinningMoves, res.DrawingMoves...)
		fmt.Printf("%s: loopy value %s, outcome %s, best move to %s", pos, res.LoopyValue, res.Outcome, moves[0].To)
		if res.Remoteness != nil {
			fmt.Printf(", remoteness %d", *res.Remoteness)
		}
		fmt.Println()
	}
	// Output:
	// 0: loopy value 1, outcome N, best move to 1, remoteness 3
	// 4: loopy value ∞(1), outcome D, best move to 4
	// 4 + 0: loopy value ∞(0), outcome N, best move to 0 + 0, remoteness 7
}
