package games

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/longtest"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan/cutcake"
	"github.com/grundy/grundy/partizan/graph"
	"github.com/grundy/grundy/partizan/grid"
	"github.com/grundy/grundy/partizan/hackenbush"
	"github.com/grundy/grundy/partizan/rulesettest"
	"github.com/grundy/grundy/partizan/strip"
)

func settings() Settings {
	return Settings{Resolver: &catalog.Resolver{Families: families.All()}, All: true}
}

// boards returns every string of length n over the alphabet, with "|"
// after every cols cells (rows of a board) when cols > 0.
func boards(alphabet string, n, cols int) []string {
	out := []string{""}
	for i := 0; i < n; i++ {
		var next []string
		for _, s := range out {
			for _, ch := range alphabet {
				t := s
				if cols > 0 && i > 0 && i%cols == 0 {
					t += "|"
				}
				next = append(next, t+string(ch))
			}
		}
		out = next
	}
	return out
}

// checkOracle asks Analyze about each position of the ruleset called name
// and checks the value, the outcome and every option of both sides with
// its value and result against the plain oracle (partizan/rulesettest:
// canonical forms from the definitions, no store, no symmetry, no parts).
func checkOracle[P any, K comparable](t *testing.T, r rules[P, K], name string, positions []string) {
	t.Helper()
	ctx := context.Background()
	for _, text := range positions {
		p, err := r.ParsePosition(text)
		if err != nil {
			t.Fatalf("%s %q: %v", name, text, err)
		}
		want := rulesettest.Value[P](r, p)
		a, err := Analyze(ctx, name, text, settings())
		if err != nil {
			t.Fatalf("%s %q: %v", name, text, err)
		}
		if got := rulesettest.MustParse(a.Value); !rulesettest.Identical(got, want) {
			t.Errorf("%s %q = %s, oracle %s", name, text, a.Value, want)
		}
		wantOutcome := map[[2]bool]string{{true, true}: "P", {true, false}: "R", {false, true}: "L", {false, false}: "N"}[[2]bool{rulesettest.Le(want, rulesettest.Zero), rulesettest.Le(rulesettest.Zero, want)}]
		if a.Outcome != wantOutcome {
			t.Errorf("%s %q: outcome %s, oracle %s", name, text, a.Outcome, wantOutcome)
		}
		for _, side := range []struct {
			moves []Move
			wins  []Move
			n     int
			win   func(*rulesettest.Game) bool
			left  bool
		}{
			{a.LeftOptions, a.LeftWins, len(want.L), func(g *rulesettest.Game) bool { return rulesettest.Le(rulesettest.Zero, g) }, true},
			{a.RightOptions, a.RightWins, len(want.R), func(g *rulesettest.Game) bool { return rulesettest.Le(g, rulesettest.Zero) }, false},
		} {
			nwins := 0
			var ovs []*rulesettest.Game
			for _, m := range side.moves {
				q, err := r.ParsePosition(m.To)
				if err != nil {
					t.Fatalf("%s %q: option %q: %v", name, text, m.To, err)
				}
				ovs = append(ovs, rulesettest.Value[P](r, q))
			}
			checkRanks(t, name+" "+text, want, side.moves, ovs, side.left)
			for k, m := range side.moves {
				ov := ovs[k]
				if got := rulesettest.MustParse(m.Value); !rulesettest.Identical(got, ov) {
					t.Errorf("%s %q: option %s = %s, oracle %s", name, text, m.To, m.Value, ov)
				}
				if w := side.win(ov); w != (m.Result == "win") {
					t.Errorf("%s %q: option %s: result %s, oracle wins = %v", name, text, m.To, m.Result, w)
				} else if w {
					nwins++
				}
			}
			if nwins != len(side.wins) {
				t.Errorf("%s %q: %d winning moves listed, oracle %d", name, text, len(side.wins), nwins)
			}
		}
	}
}

// checkRanks checks each option's rank and reversibility against the
// definitions, by the plain oracle's comparisons (Siegel, CGT II.2): a
// Left option o is dominated when some other option o' has o ≤ o' and not
// o' ≤ o (o < o'; options of equal value are each best), reversible when
// some Right option of its canonical form is ≤ g; the mirror image for
// Right. ovs are the options' plain values, g the position's.
func checkRanks(t *testing.T, what string, g *rulesettest.Game, moves []Move, ovs []*rulesettest.Game, left bool) {
	t.Helper()
	le := rulesettest.Le
	better := func(a, b *rulesettest.Game) bool { // a strictly better than b for the side
		if left {
			return le(b, a) && !le(a, b)
		}
		return le(a, b) && !le(b, a)
	}
	for k, m := range moves {
		dominated := false
		for j := range ovs {
			if j != k && better(ovs[j], ovs[k]) {
				dominated = true
			}
		}
		want := map[bool]string{true: RankDominated, false: RankBest}[dominated]
		if m.Rank != want {
			t.Errorf("%s: option %s (%s): rank %q, by the definition %q", what, m.To, m.Value, m.Rank, want)
		}
		rev := false
		answers := ovs[k].R
		if !left {
			answers = ovs[k].L
		}
		for _, o := range answers {
			if left && le(o, g) || !left && le(g, o) {
				rev = true
			}
		}
		if m.Reversible != rev {
			t.Errorf("%s: option %s (%s): reversible %v, by the definition %v", what, m.To, m.Value, m.Reversible, rev)
		}
	}
}

func TestRulesetsAgainstOracle(t *testing.T) {
	dom := append(append(boards(".#", 4, 2), boards(".#", 6, 3)...), boards(".#", 6, 2)...)
	checkOracle[grid.Grid, grid.Grid](t, grid.Domineering{}, "domineering", dom)
	checkOracle[grid.Grid, grid.Grid](t, grid.Cram{}, "cram", boards(".#", 6, 3))
	checkOracle[grid.Grid, grid.Grid](t, grid.Clobber{}, "clobber", append(boards("xo.", 4, 2), boards("xo.", 4, 0)...))
	checkOracle[grid.Grid, grid.Grid](t, grid.Amazons{}, "amazons", []string{"x..|o..", "x.o", "xo..", "x#.|.o."})
	checkOracle[grid.Grid, grid.Grid](t, grid.Konane{}, "konane", append(boards("xo.", 4, 2), "xo.|.ox|...", "xo.o.", ".xoxox.", "xo...ox"))
	checkOracle[strip.Strip, strip.Strip](t, strip.ToadsAndFrogs{}, "toads-and-frogs", boards("tf.", 5, 0))
	checkOracle[strip.Strip, strip.Strip](t, strip.TopplingDominoes{}, "toppling-dominoes", boards("lre", 4, 0))
	checkOracle[hackenbush.Position, string](t, hackenbush.Game{}, "hackenbush", append(boards("lre", 3, 0), "l(l;r)", "e(l;re)", "lr(e;l)"))
	checkOracle[graph.Position, string](t, graph.Col{}, "col", []string{"path(3)", "path(4)", "cycle(4)", "L-.-R", "R-.-.-L", ".-.(-.;-L)"})
	checkOracle[graph.Position, string](t, graph.Snort{}, "snort", []string{"path(3)", "path(4)", "cycle(4)", "L-.-R", "L-.-.-L", ".-.(-.;-R)"})
	checkOracle[graph.Position, string](t, graph.Clobber{}, "clobber-graph", []string{"x-o-x", "x-o-x-o", "o-x-x-o", "x-o(-x;-o)"})
	checkOracle[cutcake.Position, string](t, cutcake.Game{}, "cutcake", []string{"2x3", "3x3", "1x4 + 2x2", "3x2 + 2x1"})
}

// Cram through this path is grundy's impartial engine: every value a
// nimber, the engine's nim-value (impartial.Solver on grid.Cram, an
// impartial.Game).
func TestCramIsImpartialEngine(t *testing.T) {
	ctx := context.Background()
	is := impartial.NewSolver[grid.Grid](grid.Cram{}, impartial.Settings{})
	for _, text := range append(boards(".#", 6, 3), "3x3", "2x5", "3x4", "4x4") {
		b, err := grid.Cram{}.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		n, err := is.Value(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Analyze(ctx, "cram", text, Settings{})
		if err != nil {
			t.Fatal(err)
		}
		want := map[impartial.Nimber]string{0: "0", 1: "*"}[n]
		if want == "" {
			want = "*" + strings.TrimPrefix(n.String(), "*")
		}
		if a.Value != want {
			t.Errorf("cram %s = %s, impartial engine %s", text, a.Value, n)
		}
	}
}

// A sum mixing a ruleset, impartial catalog games and values equals the
// oracle's sum of the parts, each impartial part the nimber of its
// catalog value (Kayles 7 = *2, Nim 3 = *3: Kayles' sequence, OEIS A002186).
func TestMixedSum(t *testing.T) {
	ctx := context.Background()
	a, err := Analyze(ctx, "sum", "domineering:'...|...' + kayles 7 + nim 3 - {1|*}", settings())
	if err != nil {
		t.Fatal(err)
	}
	dom := rulesettest.Value[grid.Grid](grid.Domineering{}, mustGrid(t, "...|..."))
	want := rulesettest.SumAll(dom, rulesettest.Nimber(2), rulesettest.Nimber(3), rulesettest.Neg(rulesettest.MustParse("{1|*}")))
	if got := rulesettest.MustParse(a.Value); !rulesettest.Identical(got, want) {
		t.Errorf("sum = %s, oracle %s", a.Value, want)
	}
	if len(a.Components) != 4 || a.Components[1].Value != "*2" || a.Components[2].Value != "*3" || a.Components[3].Value != "{*|-1}" {
		t.Errorf("components %+v", a.Components)
	}
	// Every option of the sum is a move in one component: its value is the
	// oracle's value of the sum it leads to.
	for _, m := range append(a.LeftOptions, a.RightOptions...) {
		b, err := Analyze(ctx, "sum", m.To, settings())
		if err != nil {
			t.Fatalf("option %s: %v", m.To, err)
		}
		if b.Value != m.Value {
			t.Errorf("option %s: value %s, but its analysis says %s", m.To, m.Value, b.Value)
		}
	}
	if a.LeftMoves != len(a.LeftOptions) || len(a.LeftOptions) == 0 {
		t.Errorf("left moves %d, listed %d", a.LeftMoves, len(a.LeftOptions))
	}
}

// An impartial component with too many moves to list: the value is still
// exact (Kayles has period 12 from 72 on: G(10^6) = G(4) = 1, OEIS
// A002186), and the note says why the moves are missing.
func TestHugeImpartialComponent(t *testing.T) {
	a, err := Analyze(context.Background(), "sum", "hackenbush lr + kayles 1000000", settings())
	if err != nil {
		t.Fatal(err)
	}
	if a.Value != "1/2*" || !strings.Contains(a.MovesNote, "kayles 1000000 has more than") || len(a.LeftWins) != 0 {
		t.Errorf("value %s, note %q, %d left wins", a.Value, a.MovesNote, len(a.LeftWins))
	}
}

func mustGrid(t *testing.T, s string) grid.Grid {
	g, err := grid.Domineering{}.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCalculate(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ expr, value, compare string }{
		{"{1|*} + ^ + *3", "{1^*3|^*2}", ""},
		{"^ + ^ == ^^", "^^", "equal"},
		{"^* <> 0", "^*", "confused"},
		{"^ >= 0", "^", "greater"},
		{"+-1 + +-1", "0", ""},                     // ±1 + ±1 = 0
		{"{3||2|1}", "{3||2|1}", ""},               // mean 9/4, temperature 3/4 (below)
		{"kayles 7 + nim 3 + *", "0", ""},          // *2 + *3 + * = 0
		{"domineering 2x2 - +-1", "0", ""},         // Domineering 2×2 = ±1
		{"cutcake '1x5 + 5x1' == 0", "0", "equal"}, // 4 - 4
		{"- cutcake 1x5 + cutcake 5x1", "-8", ""},
		// CGSuite's methods, on values and on quoted positions: Domineering
		// 2×3 = {2|-1/2}, cooled by 1/2 {3/2|0}, frozen 3/4*, mean 3/4
		{"domineering '...|...'.Cool(1/2)", "{3/2|0}", ""},
		{"domineering '...|...'.Freeze + 1", "7/4*", ""},
		{"1 - domineering '...|...'.Mean", "1/4", ""},
		{"kayles '7'.Birthday", "2", ""}, // *2 is born on day 2
		{"{3||2|1}.Cool(1/2) == {5/2|2*}", "{5/2|2*}", "equal"},
	} {
		r, err := Calculate(ctx, c.expr, settings())
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		if r.Value != c.value || r.Compare != c.compare {
			t.Errorf("%s = %s (%s), want %s (%s)", c.expr, r.Value, r.Compare, c.value, c.compare)
		}
		if c.compare != "" && (r.Holds == nil || !*r.Holds) {
			t.Errorf("%s does not hold", c.expr)
		}
	}
	r, _ := Calculate(ctx, "{3||2|1}", Settings{})
	if r.Mean != "9/4" || r.Temperature != "3/4" {
		t.Errorf("{3||2|1}: mean %s temperature %s, want 9/4 and 3/4", r.Mean, r.Temperature)
	}
	// The thermograph's walls: {2|-1/2}'s left wall is x = 2 + t from
	// the bottom... CGSuite's string and the points agree.
	r, _ = Calculate(ctx, "{2|-1/2}", Settings{})
	th := r.Thermograph
	if th.Mast != "3/4" || th.Temperature != "5/4" || th.Left[len(th.Left)-1].X != "3/4" || th.Right[len(th.Right)-1].T != "5/4" {
		t.Errorf("thermograph %+v", th)
	}
}

// Bad input: one line, naming the column; unknown names get the nearest.
func TestErrors(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ game, pos, want string }{
		{"domineerin", "2x2", `unknown partizan ruleset "domineerin"; did you mean "domineering"?`},
		{"domineering", "..|.x", `column 5`},
		{"sum", "domineering '..|.x'", `column 18`},
		{"sum", "1 - domineering:'..|.x'", `column 22`},
		{"sum", "{1|*", `column 1: unclosed '{'`},
		{"sum", "kayle 3 + ^", `unknown game "kayle"; did you mean "kayles"?`},
		{"sum", "domineering", `domineering needs a position`},
		{"sum", "1 + ", `missing a game`},
		{"sum", "^ <= 0", `a comparison "<="`},
		{"sum", "hackenbush 'lrl'.Warm", `column 18: unknown method "Warm"`},
		{"sum", "domineering '..|..'.Cool(1", `column 25: unclosed '('`},
		{"sum", "domineering '..|..'.Cool(^)", `column 26: the temperature of Cool must be a number`},
		// unquoted, the method is read as part of the position
		{"sum", "domineering 2x3.Mean", `column 13: position "2x3.Mean": "2" is not a cell here (cells: . #) (a method follows a quoted position: '2x3'.Mean)`},
	} {
		_, err := Analyze(ctx, c.game, c.pos, settings())
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %q: error %v, want %q", c.game, c.pos, err, c.want)
		}
	}
	_, err := Calculate(ctx, "^ <= 0 <= 1", Settings{})
	var se *notation.SyntaxError
	if !errors.As(err, &se) || se.Offset != 7 {
		t.Errorf("two comparisons: %v", err)
	}
}

// Every limit is a BudgetError, never a crash.
func TestBudgets(t *testing.T) {
	ctx := context.Background()
	for _, b := range []impartial.Budget{{MaxPositions: 50}, {MaxMemory: 4096}, {MaxOutput: 20}, {MaxMoves: 3}} {
		_, err := Analyze(ctx, "domineering", "4x4", Settings{Budget: b, All: true})
		var be *impartial.BudgetError
		if !errors.As(err, &be) {
			t.Errorf("budget %+v: %v, want a BudgetError", b, err)
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Analyze(cctx, "domineering", "6x6", Settings{}); err == nil {
		t.Error("a canceled context answered")
	}
}

func TestReply(t *testing.T) {
	ctx := context.Background()
	// Domineering 2×3 = {2|-1/2}: Left's only winning move leaves 2.
	m, ok, err := Reply(ctx, "domineering", "2x3", 0, Settings{})
	if err != nil || !ok || m.Value != "2" || m.Result != "win" {
		t.Errorf("left reply %+v %v %v", m, ok, err)
	}
	// No move: ok false.
	if _, ok, err := Reply(ctx, "domineering", "1x3", 0, Settings{}); ok || err != nil {
		t.Errorf("1x3 has no vertical domino: ok %v err %v", ok, err)
	}
	// A lost position: Right moving in {5|1} + {3|2} (> 0) loses either
	// way, and leaves Left the least: 1 + {3|2} = {4|3} (Left's stop 4)
	// rather than {5|1} + 2 = {7|3} (7).
	m, ok, err = Reply(ctx, "sum", "{5|1} + {3|2}", 1, Settings{})
	if err != nil || !ok || m.Result != "lose" || m.Value != "{4|3}" {
		t.Errorf("right reply %+v %v %v", m, ok, err)
	}
}

// The long suite: every 3×3 and 2×4 board, every strip of length 6.
func TestRulesetsAgainstOracleLong(t *testing.T) {
	longtest.Skip(t)
	checkOracle[grid.Grid, grid.Grid](t, grid.Domineering{}, "domineering", append(boards(".#", 9, 3), boards(".#", 8, 4)...))
	checkOracle[grid.Grid, grid.Grid](t, grid.Clobber{}, "clobber", boards("xo.", 6, 3))
	checkOracle[strip.Strip, strip.Strip](t, strip.ToadsAndFrogs{}, "toads-and-frogs", boards("tf.", 6, 0))
}

// Moves in words: the cells a domino covers, the stone that takes, the
// amazon's path and arrow, the toad's slide or jump.
func TestDescribe(t *testing.T) {
	for _, c := range []struct{ game, pos, to, want string }{
		{"domineering", "...|...", ".#.|.#.", "vertical domino on (1,2) (2,2)"},
		{"domineering", "...|...", "##.|...", "horizontal domino on (1,1) (1,2)"},
		{"clobber", "xox|ox.", ".xx|ox.", "x (1,1) takes (1,2)"},
		{"clobber", "xox|ox.", "o.x|ox.", "o (1,2) takes (1,1)"},
		{"amazons", "x..|o..", ".x.|o.#", "x (1,1) to (1,2), arrow at (2,3)"},
		{"amazons", "x..|o..", "#x.|o..", "x (1,1) to (1,2), arrow at (1,1)"},
		{"konane", "xo.o.", "..xo.", "x (1,1) jumps to (1,3)"},
		{"konane", "xo.o.", "....x", "x (1,1) jumps to (1,5), taking 2"},
		{"konane", "xo.|.ox|...", "xo.|x..|...", "x (2,3) jumps to (2,1)"},
		{"toads-and-frogs", "tt.f.f", "t.tf.f", "toad slides from cell 2 to 3"},
		{"toads-and-frogs", "t.tf.f", "t.tff.", "frog slides from cell 6 to 5"},
		{"toads-and-frogs", "t.tf.f", "tft..f", "frog jumps from cell 4 to 2"},
		{"toads-and-frogs", "tf.", ".ft", "toad jumps from cell 1 to 3"},
	} {
		a, err := Analyze(context.Background(), c.game, c.pos, Settings{All: true})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range append(a.LeftOptions, a.RightOptions...) {
			if m.To == c.to {
				found = true
				if m.Move != c.want {
					t.Errorf("%s %s to %s: %q, want %q", c.game, c.pos, c.to, m.Move, c.want)
				}
			}
		}
		if !found {
			t.Errorf("%s %s: no move to %s", c.game, c.pos, c.to)
		}
	}
}
