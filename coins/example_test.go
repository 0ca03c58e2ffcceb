package coins_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/coins"
	"github.com/grundy/grundy/impartial"
)

func Example() {
	ctx := context.Background()
	g := coins.MockTurtles()
	p, _ := g.ParsePosition("HHTHTTHT")
	s := g.NewSolver(impartial.DefaultBudget)
	v, _ := s.Value(ctx, p)
	moves, _ := s.WinningMoves(ctx, p)
	fmt.Println("value", uint64(v))
	for _, m := range moves {
		fmt.Println(m, "→", g.FormatPosition(p.Apply(m)))
	}
	// Output:
	// value 9
	// turn coins 2, 6 → HHHHTTTT
}

func ExampleGame_Values() {
	vals, _ := coins.Ruler().Values(context.Background(), 8, impartial.Budget{})
	fmt.Println(vals)
	// Output: [* *2 * *4 * *2 * *8]
}

func ExampleOdious() {
	for n := range 8 {
		fmt.Print(uint64(coins.Odious(n)), " ")
	}
	fmt.Println()
	// Output: 1 2 4 7 8 11 13 14
}
