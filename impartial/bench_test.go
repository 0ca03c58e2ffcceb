package impartial_test

import (
	"fmt"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// sub134 is the subtraction game S = {1, 3, 4} on a compact position type.
type sub134 struct{}

func (sub134) Moves(n uint32, yield func(uint32) bool) {
	if n >= 1 && !yield(n-1) {
		return
	}
	if n >= 3 && !yield(n-3) {
		return
	}
	if n >= 4 {
		yield(n - 4)
	}
}

// sub134Dense adds a dense index, so that the memo is a slice.
type sub134Dense struct {
	sub134
	limit int
}

func (g sub134Dense) Index(n uint32) (int, bool) { return int(n), int(n) < g.limit }
func (g sub134Dense) IndexLimit() int            { return g.limit }

// BenchmarkSolve measures memoized positions per second: a fresh solver
// computes G(n), which solves all n+1 positions 0..n.
func BenchmarkSolve(b *testing.B) {
	for _, n := range []uint32{1e4, 1e6} {
		for _, c := range []struct {
			name string
			game impartial.Game[uint32]
		}{
			{"map", sub134{}},
			{"dense", sub134Dense{limit: int(n) + 1}},
		} {
			b.Run(fmt.Sprintf("subtract-1,3,4/%s/n=%d", c.name, n), func(b *testing.B) {
				for b.Loop() {
					s := impartial.NewSolver(c.game, impartial.Settings{})
					if _, err := s.Value(bg, n); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
			})
			// Ascending queries, as `grundy values` makes them: the search
			// stays shallow because every option is already memoized.
			b.Run(fmt.Sprintf("subtract-1,3,4/%s/ascending/n=%d", c.name, n), func(b *testing.B) {
				for b.Loop() {
					s := impartial.NewSolver(c.game, impartial.Settings{})
					for i := range n + 1 {
						if _, err := s.Value(bg, i); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
			})
		}
	}
}

func BenchmarkMisereNimSearch(b *testing.B) {
	for b.Loop() {
		s := impartial.NewMisereSolver[int](wide{}, impartial.Settings{})
		if _, err := s.Outcome(bg, 3, 4, 5, 6); err != nil {
			b.Fatal(err)
		}
	}
}
