package partizan_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
)

func Example() {
	s := partizan.NewStore(partizan.Config{})
	c := s.Calc(context.Background(), impartial.DefaultBudget)
	g, _ := c.Parse("{3||2|1}")
	up, _ := c.Parse("^")
	sum, _ := c.Add(g, up)
	o, _ := c.Outcome(g)
	mean, _ := c.Mean(g)
	temp, _ := c.Temperature(g)
	th, _ := c.Thermograph(g)
	fmt.Println(g, "+", up, "=", sum)
	fmt.Println("outcome", o, "mean", mean, "temperature", temp)
	fmt.Println(th)
	// Output:
	// {3||2|1} + ^ = {3^||2^|1^}
	// outcome L mean 9/4 temperature 3/4
	// Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])
}

func ExampleCalc_Compare() {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.DefaultBudget)
	for _, pair := range [][2]string{{"^", "0"}, {"^*", "0"}, {"^ + ^ + *", "{0|^}"}, {"Tiny(1)", "^"}} {
		g, _ := c.Parse(pair[0])
		h, _ := c.Parse(pair[1])
		r, _ := c.Compare(g, h)
		fmt.Println(pair[0], r, pair[1])
	}
	// Output:
	// ^ > 0
	// ^* ‖ 0
	// ^ + ^ + * = {0|^}
	// Tiny(1) < ^
}

func ExampleCalc_New() {
	s := partizan.NewStore(partizan.Config{})
	c := s.Calc(context.Background(), impartial.DefaultBudget)
	star := s.Nimber(1)
	// {0, * | 0}: canonical already, ↑*
	g, _ := c.New([]partizan.Game{partizan.Zero, star}, []partizan.Game{partizan.Zero})
	// {-1 | 1}: the simplest number between, 0
	h, _ := c.New([]partizan.Game{s.Integer(-1)}, []partizan.Game{s.Integer(1)})
	fmt.Println(g, h)
	// Output: ^* 0
}

func ExampleSolve() {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.DefaultBudget)
	// a row of n cells: Left removes one or two, Right removes one
	g, _ := partizan.Solve[int, int](c, row{}, 4)
	fmt.Println(g)
	// Output: ^3
}

type row struct{}

func (row) Options(n int, s partizan.Side, yield func(int) bool) error {
	if n >= 1 && !yield(n-1) {
		return nil
	}
	if s == partizan.Left && n >= 2 {
		yield(n - 2)
	}
	return nil
}

// Key: a row is its own key.
func (row) Key(n int) int { return n }
