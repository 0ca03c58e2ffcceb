package coins

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/longtest"
)

// tableRules are the rules whose products the value tables are checked
// on: every rule, with small parameters, those without a closed form
// (subtraction:1,3, twins:1,3, Grunt, Moebius, Mogul, up-to:4) included.
var tableRules = []string{"one", "turning-turtles", "mock-turtles", "twins", "twins:1,3", "twins:1,2,3",
	"subtraction:1,3", "subtraction:1,2,3", "consecutive:2", "consecutive:3", "ruler", "grunt",
	"moebius", "mogul", "up-to:4"}

// legalMoves returns every legal move of rule with rightmost coin x, from
// the rule's definition (legalSet): every set of coins from start to x
// that contains x.
func legalMoves(spec string, start, x int) [][]int {
	var out [][]int
	n := x - start
	for sub := 0; sub < 1<<n; sub++ {
		var set []int
		for i := range n {
			if sub>>i&1 != 0 {
				set = append(set, start+i)
			}
		}
		set = append(set, x)
		if legalSet(spec, set) {
			out = append(out, set)
		}
	}
	return out
}

// definitionTable computes g(x, y) of single heads of the product a*b on
// the first rows × cols coins by the coin-turning theorem in two
// dimensions, without the Tartan theorem: the mex, over the product moves
// M_A × M_B with south-east coin (x, y) (each factor's moves from its
// rule's definition), of the XOR of g over the move's other coins.
func definitionTable(a, b string, ga, gb *Game, rows, cols int) [][]Nimber {
	g := make([][]Nimber, rows)
	for i := range g {
		g[i] = make([]Nimber, cols)
	}
	for i := range rows {
		for j := range cols {
			x, y := ga.Start+j, gb.Start+i
			seen := map[Nimber]bool{}
			for _, ma := range legalMoves(a, ga.Start, x) {
				for _, mb := range legalMoves(b, gb.Start, y) {
					var v Nimber
					for _, cx := range ma {
						for _, cy := range mb {
							if cx != x || cy != y {
								v ^= g[cy-gb.Start][cx-ga.Start]
							}
						}
					}
					seen[v] = true
				}
			}
			for seen[g[i][j]] {
				g[i][j]++
			}
		}
	}
	return g
}

// TestValueTableVsDefinition checks Plane.ValueTable (the Tartan theorem:
// nim-products of the factors' one-dimensional sequences) for every pair of
// tableRules: on 6×5 and 5×6 tables against the two-dimensional
// definition of a single head's value (definitionTable), and on 3×3 tables
// against a search of the real game graph of every position of the board,
// whose moves are written from each rule's definition (newBoard) — the
// single heads' values and that a position is the nim-sum of its heads.
// Under GRUNDY_LONG the definition is checked on 9×9 tables and the real
// game graph on 4×3 boards.
func TestValueTableVsDefinition(t *testing.T) {
	ctx := context.Background()
	sizes, boards := [][2]int{{6, 5}, {5, 6}}, [][2]int{{3, 3}}
	if longtest.Enabled() {
		sizes, boards = [][2]int{{9, 9}}, [][2]int{{3, 3}, {4, 3}}
	}
	for _, a := range tableRules {
		for _, b := range tableRules {
			p, err := ParsePlane(a + "*" + b)
			if err != nil {
				t.Fatal(err)
			}
			for _, rc := range sizes {
				rows, cols := rc[0], rc[1]
				got, err := p.ValueTable(ctx, rows, cols, impartial.Budget{})
				if err != nil {
					t.Fatal(err)
				}
				want := definitionTable(a, b, p.A, p.B, rows, cols)
				if tableString(got) != tableString(want) {
					t.Fatalf("%s %d×%d: table %v, definition %v", p.Spec, rows, cols, got, want)
				}
			}
			for _, wh := range boards {
				bd := newBoard(p, wh[0], wh[1])
				g := bd.grundy()
				tab, err := p.ValueTable(ctx, wh[1], wh[0], impartial.Budget{})
				if err != nil {
					t.Fatal(err)
				}
				for m := uint64(1); m < 1<<(wh[0]*wh[1]); m++ {
					var v Nimber
					for _, c := range bd.grid(m).Heads {
						v ^= tab[c.Y-p.B.Start][c.X-p.A.Start]
					}
					if v != g[m] {
						t.Fatalf("%s: position %s has value %d by the table, %d by search of the game", p.Spec, p.FormatPosition(bd.grid(m)), v, g[m])
					}
				}
			}
		}
	}
	// Acrostic Twins is no product: x ⊕ y, checked on the real game graph.
	p := AcrosticTwins()
	bd := newBoard(p, 4, 3)
	g := bd.grundy()
	tab, _ := p.ValueTable(ctx, 3, 4, impartial.Budget{})
	for i := range 12 {
		if c := bd.cell(i); tab[c.Y][c.X] != g[1<<i] || tab[c.Y][c.X] != Nimber(c.X^c.Y) {
			t.Errorf("acrostic-twins (%d,%d): table %d, search %d", c.X, c.Y, tab[c.Y][c.X], g[1<<i])
		}
	}
}

// TestValueTableOrientation: rows are the board's rows, counted from the
// rows' rule's first coin: for ruler*mock-turtles (columns from 1, rows
// from 0) vals[0] is g(1..4, 0) = ruler(x) ⊗ 1.
func TestValueTableOrientation(t *testing.T) {
	p, _ := ParsePlane("ruler*mock-turtles")
	tab, err := p.ValueTable(context.Background(), 2, 4, impartial.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if tableString(tab) != "[[1 2 1 4] [2 3 2 8]]" {
		t.Errorf("ruler*mock-turtles 2×4 = %v", tab)
	}
	// Budgets: the table is sized before it is made.
	_, err = p.ValueTable(context.Background(), 4096, 4096, impartial.Budget{MaxPositions: 1 << 20})
	wantBudgetError(t, "4096×4096 in 2^20 positions", err, impartial.LimitPositions)
	_, err = Product(Grunt(), Ruler()).ValueTable(context.Background(), 3, 3, impartial.Budget{MaxMemory: 64})
	wantBudgetError(t, "3×3 in 64 bytes", err, impartial.LimitMemory)
}

// tableString writes a table as numbers (Nimber's String writes *2).
func tableString(tab [][]Nimber) string {
	rows := make([][]uint64, len(tab))
	for i, r := range tab {
		for _, v := range r {
			rows[i] = append(rows[i], uint64(v))
		}
	}
	return fmt.Sprint(rows)
}
