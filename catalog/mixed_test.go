package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

// sumGraph is a sum of different games seen as one engine game whose
// positions are whole sum expressions: its moves are the catalog's list of
// the sum's moves and nothing else, so that the brute-force oracle searches
// the sum's real game graph without the Sprague–Grundy theorem.
type sumGraph struct {
	t     *testing.T
	g     *catalog.Game
	moves map[string][]catalog.Move
}

func newSumGraph(t *testing.T, g *catalog.Game) sumGraph {
	return sumGraph{t, g, map[string][]catalog.Move{}}
}

func (s sumGraph) Moves(p string, yield func(string) bool) {
	ms, ok := s.moves[p]
	if !ok {
		var err error
		ms, err = s.g.Moves(context.Background(), p, catalog.Options{})
		if err != nil {
			s.t.Fatalf("moves of %q: %v", p, err)
		}
		s.moves[p] = ms
	}
	for _, m := range ms {
		if !yield(m.To) {
			return
		}
	}
}

// part is a component of a sum, for the oracle: a game and a position.
type part struct{ spec, pos string }

// partGraph is the game whose positions are components of any game: the
// oracle, given a tuple of them, searches the sum's real game graph (a move
// changes one component to one of its options) without the Sprague–Grundy
// theorem. Each component's options come from its game's list of moves.
type partGraph struct {
	t     *testing.T
	games map[string]*catalog.Game
	moves map[part][]part
}

func (g *partGraph) Moves(p part, yield func(part) bool) {
	qs, ok := g.moves[p]
	if !ok {
		game, ok := g.games[p.spec]
		if !ok {
			game = mustParse(g.t, p.spec)
			g.games[p.spec] = game
		}
		ms, err := game.Moves(context.Background(), p.pos, catalog.Options{})
		if err != nil {
			g.t.Fatalf("moves of %v: %v", p, err)
		}
		for _, m := range ms {
			qs = append(qs, part{p.spec, m.To})
		}
		g.moves[p] = qs
	}
	for _, q := range qs {
		if !yield(q) {
			return
		}
	}
}

// sumValue is the mex, over the moves of the sum's own graph, of the values
// of the sums they lead to: the value of a sum by definition.
func sumValue(or *impartialtest.Oracle[part], memo map[string]impartial.Nimber, ps []part) impartial.Nimber {
	key := fmt.Sprint(ps)
	if v, ok := memo[key]; ok {
		return v
	}
	var vs []impartial.Nimber
	for i, p := range ps {
		for _, q := range or.Options(p) {
			next := slices.Clone(ps)
			next[i] = q
			vs = append(vs, sumValue(or, memo, next))
		}
	}
	v := impartial.Mex(vs)
	memo[key] = v
	return v
}

func formatParts(ps []part) string {
	var text []string
	for _, p := range ps {
		text = append(text, p.spec+" "+p.pos)
	}
	return strings.Join(text, " + ")
}

// smallComponent returns a random small position of a random game: a
// component whose game graph the oracle can search in a sum.
func smallComponent(r *rand.Rand) part {
	switch r.IntN(8) {
	case 0:
		return part{"nim", fmt.Sprintf("%d %d", r.IntN(4), r.IntN(3))}
	case 1:
		return part{"kayles", fmt.Sprint(r.IntN(7))}
	case 2:
		return part{"subtract:1,3,4", fmt.Sprint(r.IntN(9))}
	case 3:
		row := make([]byte, 1+r.IntN(4))
		for i := range row {
			row[i] = "HT"[r.IntN(2)]
		}
		return part{"coins:mock-turtles", string(row)}
	case 4:
		return part{"wythoff", fmt.Sprintf("%d %d", r.IntN(4), r.IntN(4))}
	case 5:
		return part{"staircase", fmt.Sprintf("%d %d", r.IntN(3), r.IntN(3))}
	case 6:
		return part{example("subtract.star"), fmt.Sprint(r.IntN(6))}
	}
	return part{example("graph.star"), []string{"a", "b", "c", "a + c", "d + e"}[r.IntN(5)]}
}

func moveTargets(ms []catalog.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.To)
	}
	slices.Sort(out)
	// Moves in two components may reach the same sum (4 → 4 and 3 → 3 in
	// a sum of two loopy tokens): the oracles list positions.
	return slices.Compact(out)
}

// TestMixedSumAgainstOracle: on random sums of two or three small
// components of different games, normal and misère play, Solve gives the
// brute-force oracle's outcome, value (the mex over the sum's own graph,
// not an XOR) and exact set of winning moves, and its value is the XOR of
// the components' values asked one by one.
func TestMixedSumAgainstOracle(t *testing.T) {
	g := mustParse(t, "sum")
	or := impartialtest.NewOracle[part](&partGraph{t, map[string]*catalog.Game{}, map[part][]part{}})
	memo := map[string]impartial.Nimber{}
	r := rand.New(rand.NewPCG(15, 1))
	n := 80
	if testing.Short() {
		n = 20
	}
	for range n {
		parts := make([]part, 2+r.IntN(2))
		var xor impartial.Nimber
		for i := range parts {
			parts[i] = smallComponent(r)
			res, err := mustParse(t, parts[i].spec).Solve(ctx, parts[i].pos, catalog.Options{})
			if err != nil || res.Value == nil {
				t.Fatalf("%v: %v %v", parts[i], res, err)
			}
			xor ^= *res.Value
		}
		pos := formatParts(parts)
		if canon, err := g.Canonical(context.Background(), pos); err != nil || canon != pos {
			t.Fatalf("Canonical(%q) = %q, %v", pos, canon, err)
		}
		for _, misere := range []bool{false, true} {
			res, err := g.Solve(ctx, pos, catalog.Options{Misere: misere})
			if err != nil {
				t.Fatalf("%q misère=%v: %v", pos, misere, err)
			}
			if want := or.Outcome(misere, parts...); res.Outcome != want {
				t.Errorf("%q misère=%v: outcome %v, oracle %v", pos, misere, res.Outcome, want)
			}
			var want []string
			for _, m := range or.WinningMoves(misere, parts...) {
				next := slices.Clone(parts)
				next[m.Index] = m.To
				want = append(want, formatParts(next))
			}
			slices.Sort(want)
			want = slices.Compact(want)
			if got := moveTargets(res.WinningMoves); !slices.Equal(got, want) {
				t.Errorf("%q misère=%v: winning moves %q, oracle %q", pos, misere, got, want)
			}
			if misere {
				continue
			}
			if v := sumValue(or, memo, parts); res.Value == nil || *res.Value != v || *res.Value != xor {
				t.Errorf("%q: value %v, by the sum's graph %d, XOR of the components %d", pos, res.Value, v, xor)
			}
		}
	}
}

// TestMixedSumAllOptions: every option of a sum, with the value after it
// and its remoteness, against the oracle's value and remoteness of each
// option, searched on the sum's whole game graph (positions as the sum's
// strings): components that split (Kayles rows) included.
func TestMixedSumAllOptions(t *testing.T) {
	g := mustParse(t, "sum")
	or := impartialtest.NewOracle[string](newSumGraph(t, g))
	for _, pos := range []string{"kayles 4 + nim 2 3", "coins:mock-turtles HTH + wythoff 2 1 + subtract:1,3,4 5",
		"kayles 9 + nim 1", "dawson-kayles 7 + grundy 6 + kayles 3"} {
		res, err := g.Solve(ctx, pos, catalog.Options{AllOptions: true})
		if err != nil {
			t.Fatal(err)
		}
		opts := or.Options(pos)
		if len(res.Options) != len(opts) {
			t.Fatalf("%q: %d options, oracle %d", pos, len(res.Options), len(opts))
		}
		if want := or.Remoteness(pos); res.Remoteness == nil || *res.Remoteness != want {
			t.Errorf("%q: remoteness %v, oracle %d", pos, res.Remoteness, want)
		}
		for _, o := range res.Options {
			v := or.Value(o.To)
			word := "lose"
			if v == 0 {
				word = "win"
			}
			if o.Value == nil || *o.Value != v || o.Result != word {
				t.Errorf("%q → %q: %s value %v, oracle %d", pos, o.To, o.Result, o.Value, v)
			}
			if want := or.Remoteness(o.To); o.Remoteness == nil || *o.Remoteness != want {
				t.Errorf("%q → %q: remoteness %v, oracle %d", pos, o.To, o.Remoteness, want)
			}
			// The component moved and its position after the move: the
			// sum after the move, with that component replaced.
			var parts []string
			for k, c := range res.Components {
				p := c.Position
				if k+1 == o.Component {
					p = o.ComponentTo
				}
				parts = append(parts, c.Game+" "+p)
			}
			if o.Component < 1 || strings.Join(parts, " + ") != o.To {
				t.Errorf("%q → %q: component %d, %q", pos, o.To, o.Component, o.ComponentTo)
			}
		}
	}
}

// TestMixedSumMisereSplits: under misère play a sum is searched as a whole;
// a component whose moves split it (a Kayles row broken in two, again and
// again) is split into its rows, so no move is lost however many rows a
// component comes to hold. The oracle searches the sum's strings.
func TestMixedSumMisereSplits(t *testing.T) {
	g := mustParse(t, "sum")
	or := impartialtest.NewOracle[string](newSumGraph(t, g))
	for _, pos := range []string{"kayles 11 + nim 1", "kayles 10 + nim 2", "dawson-kayles 9 + nim 1"} {
		res, err := g.Solve(ctx, pos, catalog.Options{Misere: true})
		if err != nil {
			t.Fatal(err)
		}
		if want := or.Outcome(true, pos); res.Outcome != want {
			t.Errorf("%q misère: outcome %v, oracle %v", pos, res.Outcome, want)
		}
	}
}

// loopySumGraph is a sum with a loopy component as one engine game, for
// retrograde analysis of the sum's own graph.
type loopySumGraph struct{ sumGraph }

func (loopySumGraph) Loopiness() impartial.Loopiness { return impartial.Loopy }

// TestMixedSumLoopy: sums with loopy components follow Smith's rule; the
// outcome, the generalized value and the moves that win or keep the draw
// agree with retrograde analysis of the sum's whole graph (the product of
// the components' graphs, explored as one game: no rule of sums used).
func TestMixedSumLoopy(t *testing.T) {
	g := mustParse(t, "sum")
	draw, loopy := example("draw.star"), example("loopy.star")
	for _, pos := range []string{
		draw + " 4 + nim 1",             // ∞(1) ⊕ 1 = ∞(0): a win
		draw + " 4 + nim 2",             // ∞(3): a draw
		draw + " 3 + nim 3",             // ∞(0) ⊕ 3 = ∞(3): a draw
		draw + " 4 + " + draw + " 3",    // ∞ + ∞: a draw
		draw + " 0 + kayles 2",          // finite: 1 ⊕ 2
		loopy + " 4 + subtract:1,3,4 1", // ∞(0,2) ⊕ 1 = ∞(1,3): a draw (examples/loopy.star)
		loopy + " 4 + nim 2",            // ∞(0,2) ⊕ 2 = ∞(2,0): a win
		draw + " 4 + nim 1 + coins:mock-turtles HT",
	} {
		res, err := g.Solve(ctx, pos, catalog.Options{})
		if err != nil {
			t.Fatalf("%q: %v", pos, err)
		}
		ls := impartial.NewLoopySolver[string](loopySumGraph{newSumGraph(t, g)}, impartial.Settings{})
		want, err := ls.Value(ctx, pos)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != want.Outcome() {
			t.Errorf("%q: outcome %v, retrograde analysis %v", pos, res.Outcome, want.Outcome())
		}
		// The product graph gives the same generalized value as Smith's rule
		// only up to the options' values; the outcome and the good moves are
		// what must agree. The value is checked where it is finite.
		if !want.Inf && (res.Value == nil || *res.Value != want.N) {
			t.Errorf("%q: value %v, retrograde analysis %v", pos, res.Value, want)
		}
		good, _, err := ls.GoodMoves(ctx, pos)
		if err != nil {
			t.Fatal(err)
		}
		var wantMoves []string
		for _, m := range good {
			wantMoves = append(wantMoves, m.To)
		}
		slices.Sort(wantMoves)
		got := moveTargets(res.WinningMoves)
		if res.Outcome == impartial.Draw {
			got = moveTargets(res.DrawingMoves)
		}
		if !slices.Equal(got, wantMoves) {
			t.Errorf("%q (%v): moves %q, retrograde analysis %q", pos, res.Outcome, got, wantMoves)
		}
	}
}

// TestMixedSumSyntax: how a sum is written and read.
func TestMixedSumSyntax(t *testing.T) {
	g := mustParse(t, "sum")
	for _, c := range []struct{ in, canon string }{
		{"kayles 7 + nim 3 4", "kayles 7 + nim 3 4"},
		{"  KAYLES   7 +   nim 3,4  ", "kayles 7 + nim 3 4"},
		{"subtract:1-3 5 + subtract:3,1,2 6", "subtract:1-3 5 + subtract:1-3 6"},
		// A "+" not followed by a game's name belongs to the position: a
		// Starlark game's own sum.
		{example("graph.star") + " a + c + nim 2", example("graph.star") + " a + c + nim 2"},
		{"coins:mock-turtles 0 1 + coins:mock-turtles HHT", "coins:mock-turtles 0 1 + coins:mock-turtles HHT"},
	} {
		got, err := g.Canonical(context.Background(), c.in)
		if err != nil || got != c.canon {
			t.Errorf("Canonical(%q) = %q, %v; want %q", c.in, got, err, c.canon)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"", "no components"},
		{"kayles 7 + nim x", "column 16: nim: heap size \"x\""},
		{"kaylse 7 + nim 3", "column 1: unknown game \"kaylse\"; did you mean \"kayles\"?"},
		{"kayles 7 + nim", "kayles 7 + nim"}, // "nim" read as kayles's heap
		{"nim 3 + sum 4", "column 9: a sum cannot be a component of a sum"},
		{"nim 3 + wythoff", "column 9: wythoff has no position"},
	} {
		_, err := g.Canonical(context.Background(), c.in)
		var pe *catalog.PositionError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Canonical(%q): %v, want a position error containing %q", c.in, err, c.msg)
		}
	}
	if !catalog.HasSumSeparator(families.All(), "7 + nim 3") || catalog.HasSumSeparator(families.All(), "a + c") || catalog.HasSumSeparator(families.All(), "3+nim") {
		t.Error("HasSumSeparator reads a + before a game's name only")
	}
	// The position of a game without a value is refused with a clear error.
	_, err := g.Solve(ctx, "nim 3 + wythoff 1618033988749894853 2618033988749894848", catalog.Options{})
	var un *impartial.UnsupportedError
	if !errors.As(err, &un) || !strings.Contains(err.Error(), "value of wythoff") {
		t.Errorf("a component without a value: %v", err)
	}
}

// TestMixedSumBudget: a misère sum too large for the budget stops with a
// budget error naming the sum; huge components with closed forms cost
// nothing under normal play.
func TestMixedSumBudget(t *testing.T) {
	g := mustParse(t, "sum")
	_, err := g.Solve(ctx, "kayles 40 + nim 30 31 + subtract:1,3,4 50", catalog.Options{Misere: true, Budget: impartial.Budget{MaxPositions: 1000}})
	var be *impartial.BudgetError
	if !errors.As(err, &be) || !strings.Contains(err.Error(), "sum") {
		t.Errorf("misère sum over the budget: %v", err)
	}
	// subtract:1,3,4 has period 7 (0 1 0 1 2 3 2), so G(10^11) = G(10^11
	// mod 7 = 5) = 3; mock turtles' g(x) is the odious number 2x or 2x+1
	// (Winning Ways ch. 14): g(17) = 35 (17 has 2 ones), g(99999999) =
	// 199999998 (19 ones).
	res, err := g.Solve(ctx, "subtract:1,3,4 100000000000 + nim 5 + coins:mock-turtles 17 99999999", catalog.Options{Budget: impartial.DefaultBudget})
	if want := impartial.Nimber(3 ^ 5 ^ 35 ^ 199999998); err != nil || res.Value == nil || *res.Value != want {
		t.Errorf("huge components: %v, %v; want value %d", res, err, want)
	}
}

// TestMixedSumPlay: Reply and FindMove accept sums; a move may name a coin
// row in the other form.
func TestMixedSumPlay(t *testing.T) {
	g := mustParse(t, "sum")
	m, ok, err := g.Reply(ctx, "kayles 3 + nim 2", catalog.Options{})
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if res, _ := g.Solve(ctx, m.To, catalog.Options{}); res.Outcome != impartial.P {
		t.Errorf("reply %v leaves %v", m, res.Outcome)
	}
	if _, err := g.FindMove(ctx, "nim 2 + coins:mock-turtles HHT", "nim 2 + coins:mock-turtles 0", catalog.Options{}); err != nil {
		t.Errorf("FindMove with heads for a row: %v", err)
	}
	if _, err := g.FindMove(ctx, "nim 2 + kayles 3", "nim 2 + kayles 0", catalog.Options{}); err == nil {
		t.Error("FindMove accepted an illegal move")
	}
}

// TestBoards: the games the issue names draw their positions (the drawings
// themselves are tested in their packages), and a sum draws each component
// under its name.
func TestBoards(t *testing.T) {
	for _, c := range []struct{ spec, pos, has string }{
		{"nim", "3 4 5", "heap 3 ●●●●●  5"},
		{"kayles", "7", "| | | | | | |"},
		{"coins:mock-turtles", "HHT", "● ● ○"},
		{"staircase", "3 1 4", "▄▄▄▄████ 2: ●"},
		{"wythoff", "3 5", "5 · · · ♛"},
		{"sum", "kayles 2 + wythoff 1 1", "1. kayles 2\n   row 1 | |   2\n2. wythoff 1 1\n   1 · ♛\n"},
	} {
		b, err := mustParse(t, c.spec).Board(context.Background(), c.pos)
		if err != nil || !strings.Contains(b, c.has) {
			t.Errorf("%s %s: board %q, %v; want it to contain %q", c.spec, c.pos, b, err, c.has)
		}
	}
	if _, err := mustParse(t, "nim").Board(context.Background(), "x"); err == nil {
		t.Error("Board accepted a bad position")
	}
}

// FuzzSumPosition: any string either is a sum whose canonical form reads
// back to itself, or fails with a PositionError naming a column of it (or
// none); never a panic. Starlark specs are left out: they read files.
func FuzzSumPosition(f *testing.F) {
	for _, s := range []string{"kayles 7 + nim 3 4", "nim 3 + wythoff 2 1 + coins:mock-turtles HHT", "", "+", "nim + nim 1", "nim 1 +", "sum 1", "kaylse 3", "nim 3 + nim x", "subtract:1,3,4 9 + staircase 3 1 4", "coins:ruler 3 5 + northcott 1 4; 3 8"} {
		f.Add(s)
	}
	g, _ := families.Parse("sum")
	f.Fuzz(func(t *testing.T, pos string) {
		if strings.Contains(strings.ToLower(pos), "star") || len(pos) > 200 {
			return
		}
		canon, err := g.Canonical(context.Background(), pos)
		if err != nil {
			var pe *catalog.PositionError
			var se *catalog.SpecError
			if errors.As(err, &se) {
				return // a component's game spec (its arguments) is malformed
			}
			if !errors.As(err, &pe) || pe.Offset > len(pos) {
				t.Fatalf("Canonical(%q): %v is not a PositionError within the input (or at its end)", pos, err)
			}
			return
		}
		again, err := g.Canonical(context.Background(), canon)
		if err != nil || again != canon {
			t.Fatalf("canonical %q of %q reads back as %q, %v", canon, pos, again, err)
		}
	})
}
