package games_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

func heaps(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// Nim's closed forms (Bouton's normal and misère rules) against search and
// exhaustive play, on every heap up to 9 and on sums.
func TestNimClosedForms(t *testing.T) {
	impartialtest.Check[int](t, games.Nim{}, append(heaps(10), 7, 3, 1, 1, 2, 5))
	r := rand.New(rand.NewPCG(7, 7))
	or := impartialtest.NewOracle[int](games.Nim{})
	ms := impartial.NewMisereSolver[int](games.Nim{}, impartial.Settings{})
	plain := impartial.NewMisereSolver(impartial.Plain[int](games.Nim{}), impartial.Settings{})
	for range 300 {
		sum := make([]int, 1+r.IntN(4))
		for i := range sum {
			sum[i] = r.IntN(5)
		}
		want := or.Outcome(true, sum...)
		got, err := ms.Outcome(context.Background(), sum...)
		if err != nil || got != want {
			t.Fatalf("misère Nim %v: rule says %v (%v), exhaustive play says %v", sum, got, err, want)
		}
		if got, _ := plain.Outcome(context.Background(), sum...); got != want {
			t.Fatalf("misère Nim %v: search says %v, exhaustive play says %v", sum, got, want)
		}
		wm, err := ms.WinningMoves(context.Background(), sum...)
		if err != nil || !impartialtest.SameMoves(wm, or.WinningMoves(true, sum...)) {
			t.Fatalf("misère Nim %v: winning moves %v, want %v", sum, wm, or.WinningMoves(true, sum...))
		}
	}
}

func TestSubtractionClosedForms(t *testing.T) {
	for _, set := range [][]int{{1}, {1, 2}, {1, 2, 3}, {1, 2, 3, 4, 5}, {1, 3, 4}, {2, 5}, {3}, {1, 4, 9}} {
		g, err := games.NewSubtraction(set)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprint(set), func(t *testing.T) {
			impartialtest.Check[int](t, g, heaps(25))
		})
	}
}

// Known values: S = {1, 3, 4} has nim-sequence 0 1 0 1 2 3 2 with period 7
// (Berlekamp, Conway, Guy, Winning Ways, ch. 4).
func TestSubtraction134KnownValues(t *testing.T) {
	g, _ := games.NewSubtraction([]int{4, 1, 3})
	s := impartial.NewSolver[int](g, impartial.Settings{})
	period := []impartial.Nimber{0, 1, 0, 1, 2, 3, 2}
	for n := range 70 {
		v, err := s.Value(context.Background(), n)
		if err != nil || v != period[n%7] {
			t.Fatalf("G(%d) = %d, %v; want %d", n, v, err, period[n%7])
		}
	}
}

func TestNewSubtractionErrors(t *testing.T) {
	for _, set := range [][]int{nil, {0, 1}, {-2}} {
		if _, err := games.NewSubtraction(set); err == nil {
			t.Errorf("NewSubtraction(%v) succeeded", set)
		}
	}
}

func ExampleNim() {
	s := impartial.NewSolver[int](games.Nim{}, impartial.Settings{})
	ctx := context.Background()
	v, _ := s.Value(ctx, 3, 4, 5)
	moves, _ := s.WinningMoves(ctx, 3, 4, 5)
	fmt.Println("value", v)
	for _, m := range moves {
		fmt.Printf("heap %d -> %d\n", m.Index+1, m.To)
	}
	// Output:
	// value *2
	// heap 1 -> 1
}

func ExampleSubtraction() {
	g, _ := games.NewSubtraction([]int{1, 3, 4})
	s := impartial.NewSolver[int](g, impartial.Settings{})
	for n := range 8 {
		v, _ := s.Value(context.Background(), n)
		fmt.Print(uint64(v), " ")
	}
	fmt.Println()
	// Output:
	// 0 1 0 1 2 3 2 0
}
