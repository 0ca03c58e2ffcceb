package impartial_test

import (
	"fmt"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// BenchmarkLoopy compares the loopy solver (exploration, retrograde
// analysis, generalized values) with the acyclic solver on the same acyclic
// game, and measures it on a loopy game: subtraction {1, 3, 4} where every
// heap may also grow by 1 up to n (a cycle at every heap).
func BenchmarkLoopy(b *testing.B) {
	for _, n := range []int{1e5, 1e6} {
		heaps := make([]int, n+1)
		for i := range heaps {
			heaps[i] = i
		}
		b.Run(fmt.Sprintf("subtract-1,3,4/acyclic-solver/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				s := impartial.NewSolver[int](subtraction{1, 3, 4}, impartial.Settings{})
				for _, h := range heaps {
					if _, err := s.Value(bg, h); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
		b.Run(fmt.Sprintf("subtract-1,3,4/loopy-solver/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				s := impartial.NewLoopySolver[int](subtraction{1, 3, 4}, impartial.Settings{})
				if _, err := s.Value(bg, heaps...); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
		b.Run(fmt.Sprintf("subtract-1,3,4/loopy-solver/dense/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				s := impartial.NewLoopySolver[int](denseSub{subtraction{1, 3, 4}, n + 1}, impartial.Settings{})
				if _, err := s.Value(bg, heaps...); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
		b.Run(fmt.Sprintf("subtract-1,3,4-or-grow/loopy-solver/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				s := impartial.NewLoopySolver[int](growGame{n}, impartial.Settings{})
				if _, err := s.Value(bg, heaps...); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// growGame is subtraction {1, 3, 4} plus a move from h to h+1 below max.
type growGame struct{ max int }

func (g growGame) Moves(n int, yield func(int) bool) {
	for _, k := range []int{1, 3, 4} {
		if k <= n && !yield(n-k) {
			return
		}
	}
	if n < g.max {
		yield(n + 1)
	}
}

// denseSub adds a dense index to a subtraction game.
type denseSub struct {
	subtraction
	limit int
}

func (g denseSub) Index(n int) (int, bool) { return n, n < g.limit }
func (g denseSub) IndexLimit() int         { return g.limit }
