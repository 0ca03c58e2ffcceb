package impartial_test

import (
	"context"
	"errors"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// TestSharedMemo: the Solver memoizes atomic components, once for all the
// components of a sum: solving 30 + 31 + … + 40 memoizes each heap once.
func TestSharedMemo(t *testing.T) {
	calls := 0
	g := countingGame{calls: &calls}
	s := impartial.NewSolver[int](g, impartial.Settings{Budget: impartial.Budget{MaxPositions: 100}})
	heaps := []int{40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30}
	if _, err := s.Value(context.Background(), heaps...); err != nil {
		t.Fatal(err)
	}
	if calls != 41 || s.Solved() != 41 {
		t.Errorf("Moves called %d times, %d positions memoized; want 41 each (heaps 0..40 once)", calls, s.Solved())
	}
	// The budget counts the shared memo: 41 positions do not fit in 40.
	s = impartial.NewSolver[int](g, impartial.Settings{Budget: impartial.Budget{MaxPositions: 40}})
	var be *impartial.BudgetError
	if _, err := s.Value(context.Background(), heaps...); !errors.As(err, &be) {
		t.Errorf("budget: %v", err)
	}
}

type countingGame struct{ calls *int }

func (g countingGame) Moves(n int, yield func(int) bool) {
	*g.calls++
	for _, k := range []int{1, 3, 4} {
		if k <= n && !yield(n-k) {
			return
		}
	}
}
