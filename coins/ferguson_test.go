package coins

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// Known answers from Ferguson, Game Theory, Part I, §5.2–5.5 (the
// two-dimensional coin-turning games), each checked through the public
// API: the tables of values, the worked positions with their values and
// the winning moves the text gives, and the count of moves it states.

// fergusonLayout is the position (5) of §5.2, used by every worked example
// of the section; Ferguson reads (x, y) as row x, column y, so his heads
// (1,3), (3,2), (4,4) are our (column,row) (3,1), (2,3), (4,4), and for
// the games counted from 1 his (2,4), (4,3), (5,5) are our (4,2), (3,4),
// (5,5).
const fergusonLayout = "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH"

func mustPlane(t *testing.T, spec string) *Plane {
	t.Helper()
	p, err := ParsePlane(spec)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustGrid(t *testing.T, p *Plane, s string) Grid {
	t.Helper()
	g, err := p.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// checkWorked checks a worked example: the position's value, that the
// text's winning move (the coins it turns, any order) is among the winning
// moves listed and gives the position the text shows (if after != ""),
// and, when count > 0, that exactly count winning moves are listed.
func checkWorked(t *testing.T, spec, pos string, value Nimber, turn []Cell, after string, count int) {
	t.Helper()
	ctx := context.Background()
	p := mustPlane(t, spec)
	g := mustGrid(t, p, pos)
	s := p.NewSolver(impartial.DefaultBudget)
	if v, err := s.Value(ctx, g); err != nil || v != value {
		t.Errorf("%s %s: value %d (%v), Ferguson gives %d", spec, pos, v, err, value)
	}
	wins, err := s.WinningMoves(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.SortedFunc(slices.Values(turn), cellLess)
	found := false
	for _, w := range wins {
		if slices.Equal(w.Turn, want) {
			found = true
			if got := p.FormatPosition(g.Apply(w)); after != "" && got != after {
				t.Errorf("%s %s: the move %v gives %s, Ferguson shows %s", spec, pos, w, got, after)
			}
		}
	}
	if !found {
		t.Errorf("%s %s: Ferguson's winning move %v is not among the %d listed: %v", spec, pos, want, len(wins), wins)
	}
	if count > 0 && len(wins) != count {
		t.Errorf("%s %s: %d winning moves listed, want %d: %v", spec, pos, len(wins), count, wins)
	}
}

// TestFergusonWorkedExamples: the position (5) of §5.2 in Acrostic Twins,
// Turning Corners, Turning Turtles squared and Rugs, and the position of
// (Mock Turtles)² of §5.4, with the values and winning moves the text
// gives.
func TestFergusonWorkedExamples(t *testing.T) {
	// Acrostic Twins: heads of values 2, 1, 0, so 3; the text's move turns
	// (1,3) and (1,0) (ours (3,1) and (0,1)) and asks for the others. By
	// g = x ⊕ y there are two more, from the head (2,3) of value 1 to value
	// 2: with (1,3) in its row or (2,0) in its column; the head (4,4) of
	// value 0 would need value 3, which no coin of its row or column has.
	checkWorked(t, "acrostic-twins", fergusonLayout, 3, []Cell{{0, 1}, {3, 1}}, "TTTTT/HTTTT/TTTTT/TTHTT/TTTTH", 3)
	// Turning Corners: 3 ⊕ 1 ⊕ 6 = 4, and "there is a unique way": the
	// corners (3,3), (3,4), (4,3), (4,4), shown as the position after it.
	checkWorked(t, "turning-corners", fergusonLayout, 4, []Cell{{3, 3}, {4, 3}, {3, 4}, {4, 4}}, "TTTTT/TTTHT/TTTTT/TTHHH/TTTHT", 1)
	// Turning Turtles squared, labelled from (1,1): 8 ⊕ 12 ⊕ 7 = 3; the
	// text turns (5,5), (2,3), (2,5), (5,3) (row, column).
	checkWorked(t, "turning-turtles*turning-turtles", fergusonLayout, 3, []Cell{{5, 5}, {3, 2}, {5, 2}, {3, 5}}, "TTTTT/TTHHH/TTTTT/TTHTT/TTHTT", 0)
	// Rugs: 8 ⊕ 4 ⊕ 1 = 13; the text turns the 2 × 4 block from (1,1) to
	// (2,4) (rows 1–2, columns 1–4).
	var block []Cell
	for y := 1; y <= 2; y++ {
		for x := 1; x <= 4; x++ {
			block = append(block, Cell{x, y})
		}
	}
	checkWorked(t, "rugs", fergusonLayout, 13, block, "HHHHT/HHHTT/TTTTT/TTHTT/TTTTH", 0)
	// (Mock Turtles)², §5.4: heads of values 2 and 9, so 11; the text's
	// move turns {1, 2, 5} × {2, 5, 6} counted from 1 (ours: rows 0, 1, 4
	// and columns 1, 4, 5).
	const mock = "THTTTT/TTTTTT/TTTTTT/TTTTTT/TTTTTH"
	var nine []Cell
	for _, y := range []int{0, 1, 4} {
		for _, x := range []int{1, 4, 5} {
			nine = append(nine, Cell{x, y})
		}
	}
	checkWorked(t, "mock-turtles*mock-turtles", mock, 11, nine, "TTTTHH/THTTHH/TTTTTT/TTTTTT/THTTHT", 0)
	// "There are 176 different moves from this position using the heads
	// with SG-value 9 as the southeast corner."
	p := mustPlane(t, "mock-turtles*mock-turtles")
	moves, err := p.NewSolver(impartial.DefaultBudget).Moves(context.Background(), mustGrid(t, p, mock))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range moves {
		if m.Turn[len(m.Turn)-1] == (Cell{5, 4}) {
			n++
		}
	}
	if n != 176 {
		t.Errorf("(Mock Turtles)²: %d moves with (5,4) south-east-most, Ferguson counts 176", n)
	}
	// Exercise 8, (Mock Turtles) × Ruler, rows Mock Turtles from 0 and
	// columns Ruler from 1 (ours ruler*mock-turtles: A is the columns'
	// game): "Note that the SG-value of this position is 15."
	p = mustPlane(t, "ruler*mock-turtles")
	if v, err := p.NewSolver(impartial.DefaultBudget).Value(context.Background(), mustGrid(t, p, "THTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTH")); err != nil || v != 15 {
		t.Errorf("exercise 8: value %d (%v), Ferguson gives 15", v, err)
	}
}

// TestFergusonTables: Tables 5.2 (Turning Corners, 0–15), 5.3 (Rugs, from
// (1,1)) and 5.4 ((Mock Turtles)², rows 0–4, columns 0–5) of Ferguson's
// text, the value of a single head at (column, row).
func TestFergusonTables(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		spec  string
		from  int
		table [][]Nimber // table[row][column]
	}{
		{"turning-corners", 0, [][]Nimber{
			{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
			{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
			{0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5},
			{0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10},
			{0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1},
			{0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14},
			{0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4},
			{0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11},
			{0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2},
			{0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13},
			{0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7},
			{0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8},
			{0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3},
			{0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12},
			{0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6},
			{0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9},
		}},
		{"rugs", 1, [][]Nimber{
			{1, 2, 1, 4, 1, 2, 1, 8},
			{2, 3, 2, 8, 2, 3, 2, 12},
			{1, 2, 1, 4, 1, 2, 1, 8},
			{4, 8, 4, 6, 4, 8, 4, 11},
			{1, 2, 1, 4, 1, 2, 1, 8},
			{2, 3, 2, 8, 2, 3, 2, 12},
			{1, 2, 1, 4, 1, 2, 1, 8},
			{8, 12, 8, 11, 8, 12, 8, 13},
		}},
		{"mock-turtles*mock-turtles", 0, [][]Nimber{
			{1, 2, 4, 7, 8, 11},
			{2, 3, 8, 9, 12, 13},
			{4, 8, 6, 10, 11, 7},
			{7, 9, 10, 4, 15, 1},
			{8, 12, 11, 15, 13, 9},
		}},
	} {
		s := mustPlane(t, c.spec).NewSolver(impartial.DefaultBudget)
		for y, row := range c.table {
			for x, want := range row {
				if v, err := s.G(ctx, Cell{c.from + x, c.from + y}); err != nil || v != want {
					t.Errorf("%s (%d,%d): %d (%v), Ferguson's table gives %d", c.spec, c.from+x, c.from+y, v, err, want)
				}
			}
		}
	}
}

// TestFergusonRecursions: a single head's value by the text's own
// recursions, over 0–31: (4) for Acrostic Twins, the least number not
// earlier in its row or column; (6) for Turning Corners,
// mex{g(x, b) ⊕ g(a, y) ⊕ g(a, b) : a < x, b < y}.
func TestFergusonRecursions(t *testing.T) {
	const n = 32
	mex := func(seen map[Nimber]bool) Nimber {
		v := Nimber(0)
		for seen[v] {
			v++
		}
		return v
	}
	var at, tc [n][n]Nimber // [x][y]
	for x := range n {
		for y := range n {
			s4, s6 := map[Nimber]bool{}, map[Nimber]bool{}
			for b := range y {
				s4[at[x][b]] = true
			}
			for a := range x {
				s4[at[a][y]] = true
				for b := range y {
					s6[tc[x][b]^tc[a][y]^tc[a][b]] = true
				}
			}
			at[x][y], tc[x][y] = mex(s4), mex(s6)
		}
	}
	ctx := context.Background()
	sa, sc := AcrosticTwins().NewSolver(impartial.DefaultBudget), TurningCorners().NewSolver(impartial.DefaultBudget)
	for x := range n {
		for y := range n {
			if v, _ := sa.G(ctx, Cell{x, y}); v != at[x][y] {
				t.Errorf("Acrostic Twins (%d,%d): %d, recursion (4) gives %d", x, y, v, at[x][y])
			}
			if v, _ := sc.G(ctx, Cell{x, y}); v != tc[x][y] {
				t.Errorf("Turning Corners (%d,%d): %d, recursion (6) gives %d", x, y, v, tc[x][y])
			}
		}
	}
}

// TestNamedPlanes: every named two-dimensional game is one entry, found by
// each of its names, with its rule and its closed form and source stated.
func TestNamedPlanes(t *testing.T) {
	for _, n := range namedPlanes {
		for _, name := range append([]string{n.name}, n.aliases...) {
			p, err := ParsePlane(name)
			if err != nil || p.Spec != n.name {
				t.Errorf("ParsePlane(%q) = %v, %v; want the game %q", name, p, err, n.name)
				continue
			}
			if !IsPlaneRule(name) {
				t.Errorf("IsPlaneRule(%q) = false", name)
			}
		}
		p := n.new()
		if p.Rule == "" || p.Name == "" || p.ClosedForm == "" || !slices.Contains(PlaneRuleNames(), p.Spec) {
			t.Errorf("%s: incomplete entry %+v", n.name, p)
		}
		if !strings.Contains(p.ClosedForm, "Ferguson") && !strings.Contains(p.ClosedForm, "Winning Ways") {
			t.Errorf("%s: closed form %q cites no source", n.name, p.ClosedForm)
		}
	}
	if p := mustPlane(t, "Turnablock"); p.Spec != "rugs" {
		t.Errorf("Turnablock is %q, want Rugs (Ferguson §5.4: \"This game is sometimes called Turnablock\")", p.Spec)
	}
}
