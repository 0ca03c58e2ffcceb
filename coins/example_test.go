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

func ExampleTurningCorners() {
	p := coins.TurningCorners()
	pos, _ := p.ParsePosition("TTT/TTT/TTH") // one head at (2,2)
	s := p.NewSolver(impartial.DefaultBudget)
	v, _ := s.Value(context.Background(), pos) // 2 ⊗ 2
	moves, _ := s.WinningMoves(context.Background(), pos)
	fmt.Println(uint64(v), moves)
	// Output: 3 [turn coins (0,0), (2,0), (0,2), (2,2)]
}

func ExampleParsePlane() {
	p, _ := coins.ParsePlane("ruler*mock-turtles")
	pos, _ := p.ParsePosition("(4,3) (1,0)")
	v, _ := p.NewSolver(impartial.DefaultBudget).Value(context.Background(), pos)
	fmt.Println(p.Name, uint64(v)) // ruler(4) ⊗ odious(3) ⊕ ruler(1) ⊗ odious(0) = 4 ⊗ 7 ⊕ 1 ⊗ 1
	// Output: Ruler × Mock Turtles 11
}
