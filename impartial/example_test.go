package impartial_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy/grundy/impartial"
)

func ExampleSolver() {
	ctx := context.Background()
	s := impartial.NewSolver[int](subtraction{1, 3, 4}, impartial.Settings{})
	var seq []impartial.Nimber
	for n := range 10 {
		v, _ := s.Value(ctx, n)
		seq = append(seq, v)
	}
	fmt.Println(seq)
	// The sum of heaps 2 and 5: values *0 and *3 XOR to *3, an N-position.
	moves, _ := s.WinningMoves(ctx, 2, 5)
	for _, m := range moves {
		fmt.Printf("heap %d -> %d\n", m.Index, m.To)
	}
	// Output:
	// [0 * 0 * *2 *3 *2 0 * 0]
	// heap 1 -> 2
}

func ExampleMisereSolver() {
	// Misère play of the sum 1 + 1 + 1 of the subtraction game {1}: the
	// player to move takes one token, then the opponent, then the player to
	// move takes the last and loses.
	s := impartial.NewMisereSolver[int](subtraction{1}, impartial.Settings{})
	o, _ := s.Outcome(context.Background(), 1, 1, 1)
	fmt.Println(o)
	// Output: P
}

func ExampleBudgetError() {
	s := impartial.NewSolver[int](subtraction{1, 3, 4}, impartial.Settings{
		Budget: impartial.Budget{MaxPositions: 1000},
	})
	_, err := s.Value(context.Background(), 1_000_000)
	var be *impartial.BudgetError
	fmt.Println(errors.As(err, &be), be.Limit)
	fmt.Println(err)
	// Output:
	// true positions
	// position budget exhausted: more than 1000 positions needed
}
