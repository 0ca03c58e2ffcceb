package grid_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/grid"
)

// Domineering (Left places vertical dominoes) on the empty 2×3 and 4×4
// boards, with the mean and temperature of the first.
func ExampleDomineering() {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	for _, s := range []string{"2x3", "4x4", "##..|...."} {
		b, _ := grid.Domineering{}.ParsePosition(s)
		g, _ := partizan.Solve[grid.Grid, grid.Grid](c, grid.Domineering{}, b)
		m, _ := c.Mean(g)
		t, _ := c.Temperature(g)
		fmt.Printf("%s = %s (mean %s, temperature %s)\n", s, g, m, t)
	}
	// Output:
	// 2x3 = {2|-1/2} (mean 3/4, temperature 5/4)
	// 4x4 = +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}} (mean 0, temperature 0)
	// ##..|.... = {0|-2} (mean -1, temperature 1)
}

// Clobber: x is Left's (black), o Right's (white).
func ExampleClobber() {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	b, _ := grid.Clobber{}.ParsePosition("xox|ox.")
	g, _ := partizan.Solve[grid.Grid, grid.Grid](c, grid.Clobber{}, b)
	fmt.Println(g)
	// Output: {^^*|*,v}
}

// Cram is impartial: every position is a nimber, the same as grundy's
// impartial engine gives.
func ExampleCram() {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	b, _ := grid.Cram{}.ParsePosition(".........|##.######")
	g, _ := partizan.Solve[grid.Grid, grid.Grid](c, grid.Cram{}, b)
	n, _ := impartial.NewSolver[grid.Grid](grid.Cram{}, impartial.Settings{}).Value(context.Background(), b)
	fmt.Println(g, n)
	// Output: *4 *4
}

// Konane: x (Left) jumps an o into the empty cell beyond; Ernst's solid
// linear pattern of seven stones is -3, and a double jump is one option.
func ExampleKonane() {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	for _, s := range []string{".xoxoxox.", "xo.o.", ".xo|xo.|..."} {
		b, _ := grid.Konane{}.ParsePosition(s)
		g, _ := partizan.Solve[grid.Grid, grid.Grid](c, grid.Konane{}, b)
		fmt.Printf("%s = %s\n", s, g)
	}
	// Output:
	// .xoxoxox. = -3
	// xo.o. = 1
	// .xo|xo.|... = ^
}
