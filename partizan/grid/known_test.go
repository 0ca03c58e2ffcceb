package grid

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grundy/grundy/partizan"
)

type thermal struct {
	pos, value, mean, temp string
}

func checkThermal(t *testing.T, cases []thermal) {
	t.Helper()
	for _, c := range cases {
		g, calc := solveWith[Grid, Grid](t, Domineering{}, mustBoard(t, c.pos))
		want, err := calc.Parse(c.value)
		if err != nil {
			t.Fatal(err)
		}
		m, err := calc.Mean(g)
		if err != nil {
			t.Fatal(err)
		}
		tp, err := calc.Temperature(g)
		if err != nil {
			t.Fatal(err)
		}
		if g != want || m.String() != c.mean || tp.String() != c.temp {
			t.Errorf("%s = %s, mean %s, temperature %s; want %s, %s, %s", c.pos, g, m, tp, c.value, c.mean, c.temp)
		}
	}
}

func mustBoard(t testing.TB, s string) Grid {
	t.Helper()
	g, err := Domineering{}.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Domineering on rectangles, Left placing vertical dominoes; R×C is R
// rows of C cells.
//   - A row of 2n or 2n+1 cells is -n, a column +n; the 2×2 board is ±1;
//     the 2×3 board is {2|-1/2}, mean 3/4, temperature 5/4 (Winning
//     Ways, ch. 5; the same figures in Wikipedia's "Domineering").
//   - The 3×2 board, "1/2 | -2 = -3/4 ± 5/4" (Berlekamp, values of N×2
//     Domineering, Berkeley Math 275, 2003, after "Blockbusting and
//     Domineering", J. Combin. Theory A 49, 1988).
//   - The 4×5 board is 1 (D. Wolfe, as issue 46 cites him).
func TestDomineeringLiterature(t *testing.T) {
	for n := 1; n <= 9; n++ {
		checkThermal(t, []thermal{{fmt.Sprintf("1x%d", n), fmt.Sprint(-(n / 2)), fmt.Sprint(-(n / 2)), "-1"}})
		checkThermal(t, []thermal{{fmt.Sprintf("%dx1", n), fmt.Sprint(n / 2), fmt.Sprint(n / 2), "-1"}})
	}
	checkThermal(t, []thermal{
		{"2x2", "+-1", "0", "1"},
		{"2x3", "{2|-1/2}", "3/4", "5/4"},
		{"3x2", "{1/2|-2}", "-3/4", "5/4"},
		{"4x5", "1", "1", "-1"},
		{"5x4", "-1", "-1", "-1"},
	})
}

// The 2×n and n×2 boards up to n = 12, with their means and
// temperatures. The values are this package's (the literature's tables,
// Berlekamp 1988 and Drummond-Cole 2013 among them, were not at hand to
// quote); pycgt 0.3.0, run beside it as an independent oracle, gives the
// same 2×1 … 2×11, 11×2, 3×4, 4×5 and 5×4. The transposed boards are
// checked to be their negatives.
func TestDomineeringTwoByN(t *testing.T) {
	checkThermal(t, []thermal{
		{"2x4", "Miny(2)", "0", "0"},
		{"2x5", "1/2", "1/2", "-1/2"},
		{"2x6", "{1Miny(2)|-1}", "0", "1"},
		{"2x7", "{3/2|-1/2}", "1/2", "1"},
		{"2x8", "{2Miny(2)|0||-1/2|-2}", "-1/8", "9/8"},
		{"2x9", "{5/2|1/2||0|-3/2}", "3/8", "9/8"},
		{"2x10", "{3Miny(2)|1||1/2|-1|||-3/2}", "-5/16", "19/16"},
		{"2x11", "{7/2|3/2||1|-1/2|||-1}", "3/16", "19/16"},
		{"11x2", "{1|||1/2|-1||-3/2|-7/2}", "-3/16", "19/16"},
		{"3x4", "-3/2", "-3/2", "-1/2"},
	})
	c := newCalc()
	sv := partizan.NewSolver[Grid, Grid](c, Domineering{})
	for n := 1; n <= 12; n++ {
		a, err1 := sv.Value(mustBoard(t, fmt.Sprintf("2x%d", n)))
		b, err2 := sv.Value(mustBoard(t, fmt.Sprintf("%dx2", n)))
		nb, err3 := c.Neg(b)
		if err1 != nil || err2 != nil || err3 != nil || a != nb {
			t.Errorf("2x%d = %s, but %dx2 = %s", n, a, n, b)
		}
	}
}

// Cram on a 1×n strip is the octal game 0.07 (Dawson's Kayles' cousin,
// Winning Ways ch. 15); its second-player wins are OEIS A215721: 0, 1, 5,
// 9, 15, 21, 25, 29, 35, 39, 43, 55, …
func TestCramStripZeros(t *testing.T) {
	zeros := []int{1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59, 63, 73, 77}
	c := newCalc()
	sv := partizan.NewSolver[Grid, Grid](c, Cram{})
	for n := 1; n <= 80; n++ {
		g, err := sv.Value(mustBoard(t, fmt.Sprintf("1x%d", n)))
		if err != nil {
			t.Fatal(err)
		}
		if !g.IsNimber() {
			t.Fatalf("1x%d = %s, not a nimber", n, g)
		}
		if zero := g == c.Store().Nimber(0); zero != slices.Contains(zeros, n) {
			t.Errorf("Cram 1x%d = %s", n, g)
		}
	}
}
