package coins

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
	"github.com/grundy/grundy/nimber"
)

// legalPlane says, straight from each two-dimensional rule's definition
// and independently of Turns and of the Tartan theorem, whether a move may
// turn exactly the coins of turned (row-major, the last the south-east-most).
func legalPlane(p *Plane, turned []Cell) bool {
	se := turned[len(turned)-1]
	for _, c := range turned {
		if c.X > se.X || c.Y > se.Y {
			return false // the last coin must be the south-east-most
		}
	}
	xs, ys := map[int]bool{}, map[int]bool{}
	for _, c := range turned {
		xs[c.X], ys[c.Y] = true, true
	}
	cols, rows := sortedKeys(xs), sortedKeys(ys)
	switch p.Spec {
	case "turning-corners": // the four corners of a rectangle, 0 ≤ a < x, 0 ≤ b < y
		return len(turned) == 4 && len(cols) == 2 && len(rows) == 2
	case "rugs": // every coin of a block
		return len(turned) == len(cols)*len(rows) && cols[len(cols)-1]-cols[0] == len(cols)-1 && rows[len(rows)-1]-rows[0] == len(rows)-1
	case "acrostic-twins": // two coins in a row or in a column
		return len(turned) == 2 && (len(cols) == 1 || len(rows) == 1)
	}
	// A product A*B: the coins are M_A × M_B for legal moves of A and B.
	a, b, ok := strings.Cut(p.Spec, "*")
	if !ok {
		panic("no legal-move rule in legalPlane for the named game " + p.Spec)
	}
	return len(turned) == len(cols)*len(rows) && legalSet(a, cols) && legalSet(b, rows)
}

func sortedKeys(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// board is a W×H board of p as bit masks, bit i for the coin
// (A.Start + i mod W, B.Start + i div W), with every legal move found by
// trying every set of coins against legalPlane.
type board struct {
	p     *Plane
	w, h  int
	moves []uint64 // every legal move, as the mask of the coins it turns
}

func (bd *board) cell(i int) Cell { return Cell{bd.p.A.Start + i%bd.w, bd.p.B.Start + i/bd.w} }

func newBoard(p *Plane, w, h int) *board {
	bd := &board{p: p, w: w, h: h}
	n := w * h
	// A move's coins lie in the rectangle north-west of its south-east coin:
	// try every subset of every such rectangle that contains the corner.
	for se := 0; se < n; se++ {
		sx, sy := se%w, se/w
		var nw []int
		for i := 0; i < se; i++ {
			if i%w <= sx && i/w <= sy {
				nw = append(nw, i)
			}
		}
		for sub := 0; sub < 1<<len(nw); sub++ {
			var turned []Cell
			m := uint64(1) << se
			for j, i := range nw {
				if sub>>j&1 != 0 {
					turned = append(turned, bd.cell(i))
					m |= 1 << i
				}
			}
			turned = append(turned, bd.cell(se))
			if legalPlane(p, turned) {
				bd.moves = append(bd.moves, m)
			}
		}
	}
	return bd
}

// grundy computes G of every position by the mex rule over the real moves:
// a move clears its highest bit (the south-east coin), so every option is a
// smaller mask.
func (bd *board) grundy() []impartial.Nimber {
	n := bd.w * bd.h
	g := make([]impartial.Nimber, 1<<n)
	for m := uint64(1); m < 1<<n; m++ {
		seen := map[impartial.Nimber]bool{}
		for _, mv := range bd.moves {
			if se := 63 - bits.LeadingZeros64(mv); m>>se&1 != 0 {
				seen[g[m^mv]] = true
			}
		}
		v := impartial.Nimber(0)
		for seen[v] {
			v++
		}
		g[m] = v
	}
	return g
}

func (bd *board) grid(m uint64) Grid {
	gr := Grid{Heads: []Cell{}}
	for i := 0; i < bd.w*bd.h; i++ {
		if m>>i&1 != 0 {
			gr.Heads = append(gr.Heads, bd.cell(i))
		}
	}
	return gr
}

func (bd *board) mask(cells []Cell) uint64 {
	var m uint64
	for _, c := range cells {
		m |= 1 << ((c.Y-bd.p.B.Start)*bd.w + c.X - bd.p.A.Start)
	}
	return m
}

// planeGames are every named two-dimensional game (namedPlanes: a new one
// is brute-forced here once its rule is in legalPlane) and products.
func planeGames(t *testing.T) []*Plane {
	var ps []*Plane
	for _, n := range namedPlanes {
		ps = append(ps, n.new())
	}
	// The products of the seed's games (seed 001: Turning Turtles, Twins at
	// distance 1-3, Mock Turtles, Ruler, turn one coin, k consecutive,
	// subtraction coins, Grunt) and of Twins.
	for _, spec := range []string{"turning-turtles*turning-turtles", "mock-turtles*mock-turtles", "ruler*ruler",
		"twins:1,2,3*twins:1,2,3", "turning-turtles*ruler", "mock-turtles*twins", "ruler*twins:1,2,3",
		"one*mock-turtles", "subtraction:1,2,3*consecutive:2", "consecutive:3*turning-turtles", "grunt*twins",
		"twins*grunt", "moebius*ruler"} {
		p, err := ParsePlane(spec)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// TestPlaneBruteForce checks, for every named game and the products of the
// seed's games, on every position of 3×4 and 4×3 boards (and 4×4 for the
// named games), the values and the sets of winning moves against a search
// of the real game graph whose moves come from the rules (legalPlane), not
// from Turns or the Tartan theorem; and Turns against the rules on every
// coin of the board.
func TestPlaneBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, p := range planeGames(t) {
		sizes := [][2]int{{3, 4}, {4, 3}}
		if !strings.Contains(p.Spec, "*") {
			sizes = append(sizes, [2]int{4, 4})
		}
		for _, wh := range sizes {
			bd := newBoard(p, wh[0], wh[1])
			name := fmt.Sprintf("%s %dx%d", p.Spec, wh[0], wh[1])
			// Turns lists exactly the legal moves of each south-east coin.
			var fromTurns []uint64
			for i := 0; i < wh[0]*wh[1]; i++ {
				c := bd.cell(i)
				p.Turns(c, func(others []Cell) bool {
					if !slices.IsSortedFunc(others, cellLess) {
						t.Fatalf("%s: Turns(%v) not in row-major order: %v", name, c, others)
					}
					fromTurns = append(fromTurns, bd.mask(append(slices.Clone(others), c)))
					return true
				})
			}
			slices.Sort(fromTurns)
			want := slices.Clone(bd.moves)
			slices.Sort(want)
			if !slices.Equal(fromTurns, want) {
				t.Fatalf("%s: Turns lists %d moves, the rule allows %d", name, len(fromTurns), len(want))
			}
			g := bd.grundy()
			s := p.NewSolver(impartial.DefaultBudget)
			for m := uint64(0); m < 1<<(wh[0]*wh[1]); m++ {
				pos := bd.grid(m)
				v, err := s.Value(ctx, pos)
				if err != nil {
					t.Fatal(err)
				}
				if v != g[m] {
					t.Fatalf("%s: position %s has value %d, the search gives %d", name, p.FormatPosition(pos), v, g[m])
				}
				wins, err := s.WinningMoves(ctx, pos)
				if err != nil {
					t.Fatal(err)
				}
				var got, exp []uint64
				for _, w := range wins {
					got = append(got, bd.mask(w.Turn))
				}
				for _, mv := range bd.moves {
					if se := 63 - bits.LeadingZeros64(mv); m>>se&1 != 0 && g[m^mv] == 0 {
						exp = append(exp, mv)
					}
				}
				slices.Sort(got)
				slices.Sort(exp)
				if !slices.Equal(got, exp) {
					t.Fatalf("%s: position %s: %d winning moves listed, the search finds %d", name, p.FormatPosition(pos), len(got), len(exp))
				}
			}
		}
	}
}

// TestTartanValues: single heads of Turning Corners have value x ⊗ y, of
// Rugs (x & −x) ⊗ (y & −y), of Acrostic Twins x ⊕ y, far past any board.
func TestTartanValues(t *testing.T) {
	ctx := context.Background()
	tc, rugs, at := TurningCorners().NewSolver(impartial.DefaultBudget), Rugs().NewSolver(impartial.DefaultBudget), AcrosticTwins().NewSolver(impartial.DefaultBudget)
	for _, c := range []Cell{{2, 2}, {8, 8}, {16, 16}, {1000, 3}, {123456789, 987654321}} {
		if v, _ := tc.G(ctx, c); uint64(v) != nimber.Mul(uint64(c.X), uint64(c.Y)) {
			t.Errorf("Turning Corners head %v: %d, want %d", c, v, nimber.Mul(uint64(c.X), uint64(c.Y)))
		}
		if v, _ := rugs.G(ctx, c); uint64(v) != nimber.Mul(uint64(c.X&-c.X), uint64(c.Y&-c.Y)) {
			t.Errorf("Rugs head %v: %d", c, v)
		}
		if v, _ := at.G(ctx, c); int(v) != c.X^c.Y {
			t.Errorf("Acrostic Twins head %v: %d", c, v)
		}
	}
	if v, _ := tc.G(ctx, Cell{8, 8}); v != 13 {
		t.Errorf("Turning Corners (8,8) = %d, want 8 ⊗ 8 = 13", v)
	}
}

// TestPlaneWinningMovesFar checks winning moves at large coordinates,
// where no board can be searched: each is legal by the rules and leads to
// value 0.
func TestPlaneWinningMovesFar(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ spec, pos string }{
		{"turning-corners", "(1000,3) (77,5) (2,2)"},
		{"mock-turtles*mock-turtles", "(30,50) (3,5)"},
		{"ruler*turning-turtles", "(96,300) (1,1)"},
		{"rugs", "(12,40) (3,3) (64,64)"},
		{"acrostic-twins", "(100,37) (5,9)"},
		{"twins:1,2,3*mock-turtles", "(400,30) (2,2)"},
	} {
		p, err := ParsePlane(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := p.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		s := p.NewSolver(impartial.DefaultBudget)
		v, _ := s.Value(ctx, pos)
		t0 := time.Now()
		wins, err := s.WinningMoves(ctx, pos)
		t.Logf("%s %s: %d winning moves in %v", c.spec, c.pos, len(wins), time.Since(t0))
		if err != nil {
			t.Fatal(err)
		}
		if v != 0 && len(wins) == 0 {
			t.Errorf("%s %s: value %d but no winning move", c.spec, c.pos, v)
		}
		for _, w := range wins {
			if !slices.Contains(pos.Heads, w.Turn[len(w.Turn)-1]) || !legalPlane(p, w.Turn) {
				t.Fatalf("%s %s: illegal winning move %v", c.spec, c.pos, w)
			}
			if after, _ := s.Value(ctx, pos.Apply(w)); after != 0 {
				t.Fatalf("%s %s: %v leads to value %d", c.spec, c.pos, w, after)
			}
		}
	}
}

// TestPlaneWinningMovesBudget: a position with millions of winning moves
// (Mock Turtles squared at (1000, 2000): about 1.6·10^7) stops at the move
// budget instead of listing them.
func TestPlaneWinningMovesBudget(t *testing.T) {
	p, _ := ParsePlane("mock-turtles*mock-turtles")
	pos, _ := p.ParsePosition("(1000,2000) (3,5)")
	_, err := p.NewSolver(impartial.Budget{MaxMoves: 100_000}).WinningMoves(context.Background(), pos)
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitMoves {
		t.Errorf("WinningMoves: %v, want a move budget error", err)
	}
}

func TestPlanePositions(t *testing.T) {
	tc := TurningCorners()
	for _, c := range []struct{ in, out string }{
		{"HTT/THT", "HTT/THT"},
		{"htt / tht", "HTT/THT"},
		{"H/TTH", "HTT/TTH"},
		{"(1,1) (0,0)", "(0,0) (1,1)"},
		{"(2, 0),(0,3)", "(2,0) (0,3)"},
		{"none", "none"},
	} {
		g, err := tc.ParsePosition(c.in)
		if err != nil {
			t.Errorf("ParsePosition(%q): %v", c.in, err)
			continue
		}
		if got := tc.FormatPosition(g); got != c.out {
			t.Errorf("FormatPosition(ParsePosition(%q)) = %q, want %q", c.in, got, c.out)
		}
	}
	rugs := Rugs()
	for _, c := range []struct {
		p   *Plane
		in  string
		col int
		msg string
	}{
		{tc, "HTX/T", 3, "'X' is not a coin"},
		{tc, "(0,0) (0,0)", 7, "listed twice"},
		{tc, "(0,0", 5, "expected )"},
		{tc, "(0 0)", 4, "expected ,"},
		{tc, "0,0", 1, "expected ("},
		{rugs, "(0,1)", 2, "column 0 is off the board: Rugs numbers them from 1"},
		{tc, "(1,99999999999999999999)", 4, "too large"},
		{tc, "///", 0, "no coins"},
	} {
		_, err := c.p.ParsePosition(c.in)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset+1 != c.col || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("ParsePosition(%q): %v, want column %d: %q", c.in, err, c.col, c.msg)
		}
	}
	// Rugs counts from 1: the first letter is the coin (1,1).
	g, _ := rugs.ParsePosition("TH/HT")
	if !slices.Equal(g.Heads, []Cell{{2, 1}, {1, 2}}) {
		t.Errorf("Rugs TH/HT heads %v", g.Heads)
	}
}

func TestParsePlane(t *testing.T) {
	for _, c := range []struct{ rule, spec string }{
		{"turning-corners", "turning-corners"}, {"Rugs", "rugs"}, {"acrostic-twins", "acrostic-twins"},
		{"ruler*ruler", "ruler*ruler"}, {"twins:1-3*Mock-Turtles", "twins:1,2,3*mock-turtles"},
	} {
		p, err := ParsePlane(c.rule)
		if err != nil || p.Spec != c.spec {
			t.Errorf("ParsePlane(%q) = %v, %v; want spec %q", c.rule, p, err, c.spec)
		}
	}
	for _, c := range []struct {
		rule string
		col  int
		msg  string
	}{
		{"ruler*rular", 7, "unknown coin-turning rule"},
		{"twins:0*ruler", 7, "not a whole number"},
		{"ruler*ruler*ruler", 12, "two games only"},
		{"corners", 1, "unknown two-dimensional rule"},
	} {
		_, err := ParsePlane(c.rule)
		var re *RuleError
		if !errors.As(err, &re) || re.Offset+1 != c.col || !strings.Contains(re.Msg, c.msg) {
			t.Errorf("ParsePlane(%q): %v, want column %d: %q", c.rule, err, c.col, c.msg)
		}
	}
}

func TestPlaneDraw(t *testing.T) {
	tc := TurningCorners()
	g, _ := tc.ParsePosition("HTT/THT")
	want := "   0 1 2\n0  ● ○ ○\n1  ○ ● ○\n"
	if got := tc.Draw(g); got != want {
		t.Errorf("Draw = %q, want %q", got, want)
	}
}

// TestPlaneEngine runs the analysis path on positions of a 3×3 board
// (every 11th of the 512, and sums of two of them) against the brute-force oracle over the real
// game graph: outcome, value, winning moves, every option, normal and
// misère.
func TestPlaneEngine(t *testing.T) {
	for _, spec := range []string{"turning-corners", "acrostic-twins", "mock-turtles*ruler"} {
		p, err := ParsePlane(spec)
		if err != nil {
			t.Fatal(err)
		}
		e := p.NewEngine(context.Background(), impartial.DefaultBudget)
		or := impartialtest.NewOracle[CellKey](e)
		bd := &board{p: p, w: 3, h: 3}
		for m := uint64(0); m < 1<<(bd.w*bd.h); m += 11 {
			k := KeyOfCells(bd.grid(m).Heads)
			impartialtest.CheckAnalyze(t, e, or, k)
			if m%4 == 1 {
				impartialtest.CheckAnalyze(t, e, or, k, KeyOfCells(bd.grid(m/3).Heads))
			}
		}
	}
}

func TestPlaneEngineMisereReach(t *testing.T) {
	p := TurningCorners()
	e := p.NewEngine(context.Background(), impartial.DefaultBudget)
	err := e.Prepare(context.Background(), []CellKey{KeyOfCells([]Cell{{9, 9}})}, impartial.Query{Misere: true})
	var ue *impartial.UnsupportedError
	if !errors.As(err, &ue) {
		t.Errorf("misère (9,9): %v, want unsupported (100 coins)", err)
	}
	if n := p.Reach([]Cell{{3, 0}, {0, 3}}); n != 7 {
		t.Errorf("Reach = %d, want 7", n)
	}
}

// FuzzPlanePosition: any input either parses to a position that formats
// and parses back to the same heads, or fails with a syntax error naming a
// column inside the input.
func FuzzPlanePosition(f *testing.F) {
	for _, s := range []string{"HTT/THT", "htt / tht", "H/TTH", "(1,1) (0,0)", "(2, 0),(0,3)", "none", "-", "///", "(0,0", "(0 0)",
		"0,0", "(1,99999999999999999999)", "HTX/T", "(0,0) (0,0)", "(3,4)(5,6)", ""} {
		f.Add(s)
	}
	ps := []*Plane{TurningCorners(), Rugs()}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range ps {
			g, err := p.ParsePosition(s)
			if err != nil {
				var se *SyntaxError
				if !errors.As(err, &se) || se.Offset < -1 || se.Offset > len(s) {
					t.Fatalf("%s: ParsePosition(%q): %v", p.Spec, s, err)
				}
				continue
			}
			back, err := p.ParsePosition(p.FormatPosition(g))
			if err != nil || !slices.Equal(back.Heads, g.Heads) {
				t.Fatalf("%s: %q formats as %q, which reads back as %v (%v)", p.Spec, s, p.FormatPosition(g), back.Heads, err)
			}
		}
	})
}

// FuzzParsePlane: rules either parse (and their Spec parses back to the
// same game) or fail with a *RuleError naming a column inside the rule.
func FuzzParsePlane(f *testing.F) {
	for _, s := range []string{"turning-corners", "rugs", "acrostic-twins", "Turnablock", "ruler*ruler", "twins:1-3*Mock-Turtles", "ruler*rular",
		"twins:0*ruler", "ruler*ruler*ruler", "corners", "*", "up-to:3*", "*consecutive:2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePlane(s)
		if err != nil {
			var re *RuleError
			if !errors.As(err, &re) || re.Offset < -1 || re.Offset > len(s) {
				t.Fatalf("ParsePlane(%q): %v", s, err)
			}
			return
		}
		q, err := ParsePlane(p.Spec)
		if err != nil || q.Spec != p.Spec {
			t.Fatalf("ParsePlane(%q).Spec = %q does not read back: %v", s, p.Spec, err)
		}
	})
}
