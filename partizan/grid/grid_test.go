package grid

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/longtest"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

// boards returns every rows × cols board whose cells take codes 0..k-1.
func boards(rows, cols, k int) []Grid {
	n := rows * cols
	total := 1
	for range n {
		total *= k
	}
	out := make([]Grid, 0, total)
	for x := range total {
		b := make([]byte, n)
		for i := range n {
			b[i] = byte(x % k)
			x /= k
		}
		out = append(out, newGrid(rows, cols, b))
	}
	return out
}

func sizes() [][2]int {
	s := [][2]int{{1, 1}, {1, 2}, {2, 1}, {1, 5}, {2, 2}, {2, 3}, {3, 2}}
	if longtest.Enabled() {
		s = append(s, [2]int{1, 8}, [2]int{2, 4}, [2]int{4, 2}, [2]int{3, 3})
	}
	return s
}

// Every board of the small sizes against the plain oracle: values,
// regions, keys (and the transposes negated), and partizan's Solver.
func TestDomineeringAgainstOracle(t *testing.T) {
	for _, sz := range sizes() {
		rulesettest.Check[Grid, Grid](t, Domineering{}, boards(sz[0], sz[1], 2))
	}
}

func TestCramAgainstOracle(t *testing.T) {
	for _, sz := range sizes() {
		rulesettest.Check[Grid, Grid](t, Cram{}, boards(sz[0], sz[1], 2))
	}
}

func TestClobberAgainstOracle(t *testing.T) {
	s := [][2]int{{1, 1}, {1, 4}, {2, 2}, {1, 5}}
	if longtest.Enabled() {
		s = append(s, [2]int{2, 3}, [2]int{3, 2}, [2]int{1, 6})
	}
	for _, sz := range s {
		rulesettest.Check[Grid, Grid](t, Clobber{}, boards(sz[0], sz[1], 3))
	}
}

func newCalc() *partizan.Calc {
	return partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
}

func solveWith[P any, K comparable](t testing.TB, r partizan.Ruleset[P, K], p P) (partizan.Game, *partizan.Calc) {
	t.Helper()
	c := newCalc()
	g, err := partizan.Solve(c, r, p)
	if err != nil {
		t.Fatal(err)
	}
	return g, c
}

type known struct{ pos, value string }

func checkKnown[P any, K comparable](t *testing.T, r interface {
	partizan.Ruleset[P, K]
	ParsePosition(string) (P, error)
}, cases []known) {
	t.Helper()
	for _, c := range cases {
		p, err := r.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		g, calc := solveWith(t, r, p)
		want, err := calc.Parse(c.value)
		if err != nil {
			t.Fatal(err)
		}
		if g != want {
			t.Errorf("%s = %s, want %s", c.pos, g, c.value)
		}
	}
}

// CGSuite's own test values (aaron-siegel/cgsuite,
// lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala).
func TestCGSuiteGridValues(t *testing.T) {
	checkKnown[Grid, Grid](t, Domineering{}, []known{{"4x4", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"}})
	checkKnown[Grid, Grid](t, Cram{}, []known{{".........|##.######", "*4"}})
	checkKnown[Grid, Grid](t, Clobber{}, []known{{"xox|ox.", "{^^*|*,v}"}})
}

// Cram computed as a partizan game agrees with grundy's impartial engine
// on every board of the small sizes, both through the Solver's impartial
// fast path (Cram says it is impartial: each value is *mex of its options')
// and through the canonical-form construction (constructedCram).
func TestCramAgreesWithImpartialEngine(t *testing.T) {
	s := append(sizes(), [2]int{2, 4}, [2]int{3, 3}, [2]int{1, 9}, [2]int{2, 5}, [2]int{3, 4}, [2]int{4, 3}, [2]int{2, 6})
	c := newCalc()
	sv := partizan.NewSolver[Grid, Grid](c, Cram{})
	built := partizan.NewSolver[Grid, Grid](c, constructedCram{})
	is := impartial.NewSolver[Grid](Cram{}, impartial.Settings{})
	for _, sz := range s {
		for _, g := range boards(sz[0], sz[1], 2) {
			v, err := sv.Value(g)
			if err != nil {
				t.Fatal(err)
			}
			w, err := built.Value(g)
			if err != nil {
				t.Fatal(err)
			}
			n, err := is.Value(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			if v != c.Store().FromNimber(n) || w != v {
				t.Fatalf("Cram %s: partizan %s (constructed %s), impartial %s", Cram{}.FormatPosition(g), v, w, n)
			}
		}
	}
}

// constructedCram is Cram without its Impartial method: the Solver makes
// its values by the canonical-form construction, as for a partizan game.
type constructedCram struct{}

func (constructedCram) Options(g Grid, s partizan.Side, yield func(Grid) bool) error {
	return Cram{}.Options(g, s, yield)
}
func (constructedCram) Key(g Grid) Grid     { return Cram{}.Key(g) }
func (constructedCram) Split(g Grid) []Grid { return Cram{}.Split(g) }

func TestParseBoards(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"....|....", "....|...."},
		{"2x3", "...|..."},
		{" 2×3 ", "...|..."},
		{".#.| ..#", ".#.|..#"},
	} {
		g, err := Domineering{}.ParsePosition(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got := (Domineering{}).FormatPosition(g); got != c.out {
			t.Errorf("%q reads as %q, want %q", c.in, got, c.out)
		}
	}
	// Clobber's R×C is its usual start, the full checkerboard with x in
	// the top left corner (pycgt's "clobber 3x3" is xox|oxo|xox).
	for _, c := range []struct{ in, out string }{
		{"XOX|ox.", "xox|ox."},
		{"3x3", "xox|oxo|xox"},
		{" 2×4", "xoxo|oxox"},
		{"1x1", "x"},
		{"3x2", "xo|ox|xo"},
	} {
		if g, err := (Clobber{}).ParsePosition(c.in); err != nil || (Clobber{}).FormatPosition(g) != c.out {
			t.Errorf("Clobber %q: %v %v, want %s", c.in, (Clobber{}).FormatPosition(g), err, c.out)
		}
	}
	if _, err := (Amazons{}).ParsePosition("4x4"); err == nil || !strings.Contains(err.Error(), `column 1: Amazons has no R×C shorthand`) {
		t.Errorf("Amazons 4x4: %v", err)
	}
	for _, c := range []struct{ in, want string }{
		{"", `position "": empty board`},
		{"...|..", `position "...|..": column 5: row 2 has 2 cells, but row 1 has 3`},
		{"..x", `position "..x": column 3: "x" is not a cell here (cells: . #)`},
		{"..|", `position "..|": column 4: row 2 has 0 cells`},
		{"0x3", `position "0x3": column 1: board "0x3" is not R×C`},
		{"300x300", `is not R×C`},
		{strings.Repeat(".", 300), `board too large`},
	} {
		_, err := Domineering{}.ParsePosition(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %s", c.in, err, c.want)
		}
		var se *notation.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): %T is not a *notation.SyntaxError", c.in, err)
		}
	}
}

func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"....|....", "4x4", "xox|ox.", ".#.|#.#", "", "|", "2x", "x2", "1×1", "..|.", "xx|oo|..", "x...|o..#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range []interface {
			ParsePosition(string) (Grid, error)
			FormatPosition(Grid) string
		}{Domineering{}, Clobber{}, Amazons{}, Konane{}} {
			g, err := r.ParsePosition(s)
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("error spans lines: %v", err)
				}
				continue
			}
			out := r.FormatPosition(g)
			h, err := r.ParsePosition(out)
			if err != nil || h != g {
				t.Fatalf("%q writes %q, which reads back as %v, %v", s, out, h, err)
			}
		}
	})
}

// randomBig returns boards of more than 64 cells (so the byte-per-cell
// paths run) with only a few live cells, codes drawn from live.
func randomBig(seed uint64, fill byte, live []byte) []Grid {
	r := rand.New(rand.NewPCG(seed, 7))
	var out []Grid
	for range 40 {
		rows, cols := 5+r.IntN(8), 9+r.IntN(9)
		b := []byte(strings.Repeat(string([]byte{fill}), rows*cols))
		for range 2 + r.IntN(7) {
			b[r.IntN(len(b))] = live[r.IntN(len(live))]
		}
		// and a small cluster, so that regions have moves
		at := r.IntN(len(b) - cols - 1)
		for _, i := range []int{at, at + 1, at + cols, at + cols + 1} {
			b[i] = live[r.IntN(len(live))]
		}
		out = append(out, newGrid(rows, cols, b))
	}
	return out
}

// Large boards take the byte-per-cell paths; their regions, once cropped,
// the bitboard ones: both against the oracle, and against each other.
func TestLargeBoards(t *testing.T) {
	rulesettest.Check[Grid, Grid](t, Domineering{}, randomBig(1, Blocked, []byte{Empty}))
	rulesettest.Check[Grid, Grid](t, Cram{}, randomBig(2, Blocked, []byte{Empty}))
	rulesettest.Check[Grid, Grid](t, Clobber{}, randomBig(3, Vacant, []byte{Black, White, Black, White, Vacant}))
	// The same region drawn on a large board and on its own board has one
	// key.
	big := NewGrid(9, 9, Blocked).with(Empty, 10, 11, 12, 19, 28)
	small, _ := Domineering{}.ParsePosition("...|.##|.##")
	if (Domineering{}).Key(big) != (Domineering{}).Key(small) {
		t.Errorf("a region on a 9×9 board and on its own have different keys")
	}
	mirrored, _ := Domineering{}.ParsePosition("...|##.|##.")
	if (Domineering{}).Key(small) != (Domineering{}).Key(mirrored) {
		t.Errorf("a board and its mirror image have different keys")
	}
	ell, _ := Domineering{}.ParsePosition("####|....|.###")
	transposed, _ := Domineering{}.ParsePosition("#..|#.#|#.#|#.#")
	k1, n1 := Domineering{}.ConjugateKey(ell)
	k2, n2 := Domineering{}.ConjugateKey(transposed)
	if k1 != k2 || n1 == n2 {
		t.Errorf("a board and its transpose: conjugate keys %v %v, %v %v", k1, n1, k2, n2)
	}
}

func TestAmazonsAgainstOracle(t *testing.T) {
	s := [][2]int{{1, 1}, {1, 3}, {2, 2}, {1, 4}}
	if longtest.Enabled() {
		s = append(s, [2]int{1, 5}, [2]int{2, 3}, [2]int{3, 2})
	}
	for _, sz := range s {
		rulesettest.Check[Grid, Grid](t, Amazons{}, boards(sz[0], sz[1], 4))
	}
	rulesettest.Check[Grid, Grid](t, Amazons{}, randomBig(4, Arrow, []byte{Vacant, Vacant, Black, White}))
}

// CGSuite's own test value (GameGridTest.scala, "define Amazons properly").
func TestCGSuiteAmazons(t *testing.T) {
	checkKnown[Grid, Grid](t, Amazons{}, []known{{"x...|o...", "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}"}})
}

// TestLargeBoardsChargeTheirCells: every ruleset here charges a position of
// more than 64 cells (held a byte a cell, each option a copy and each key
// a pass over it) a unit per 8 cells (partizan.Coster), and one unit on a
// bitboard; a search of a 9×9 board so counts at least 11 units for each
// position it searched, so the work budget bounds its time (issue 46: a
// 16×16 Konane ran 25 times longer per unit than an 8×8 one).
func TestLargeBoardsChargeTheirCells(t *testing.T) {
	corner := func(pattern string, fill byte) string {
		rows := strings.Split(pattern, "|")
		out := make([]string, 9)
		for i := range out {
			r := ""
			if i < len(rows) {
				r = rows[i]
			}
			out[i] = r + strings.Repeat(string(fill), 9-len(r))
		}
		return strings.Join(out, "|")
	}
	type costly interface {
		partizan.Ruleset[Grid, Grid]
		partizan.Coster[Grid]
		ParsePosition(string) (Grid, error)
	}
	stones := strings.Repeat("........|", 7) + "x......o" // 8×8
	for _, tc := range []struct {
		name       string
		r          costly
		small, pos string
	}{
		{"domineering", Domineering{}, "8x8", corner("....|....|...", '#')},
		{"cram", Cram{}, "8x8", corner("....|....|..", '#')},
		{"clobber", Clobber{}, stones, corner("xoxo|oxo|x", '.')},
		{"konane", Konane{}, stones, corner("xox|o.o|.x", '.')},
		{"amazons", Amazons{}, stones, corner("x..|..o", '#')},
	} {
		small, err := tc.r.ParsePosition(tc.small)
		if err != nil {
			t.Fatal(err)
		}
		big, err := tc.r.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		if c := tc.r.Cost(small); c != 1 {
			t.Errorf("%s: a board of 64 cells costs %d units, want 1", tc.name, c)
		}
		if c := tc.r.Cost(big); c != 11 {
			t.Errorf("%s: a board of 81 cells costs %d units, want 11", tc.name, c)
		}
		c := newCalc()
		sv := partizan.NewSolver(c, partizan.Ruleset[Grid, Grid](tc.r))
		if _, err := sv.Value(big); err != nil {
			t.Fatal(err)
		}
		if n := sv.Positions(); n < 2 || c.Work() < 11*uint64(n) {
			t.Errorf("%s %s: %d units of work for %d positions searched, want at least 11 each", tc.name, tc.pos, c.Work(), n)
		}
	}
}
