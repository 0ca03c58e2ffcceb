package rules_test

import (
	"fmt"
	"testing"

	"go.starlark.net/starlark"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules"
)

// BenchmarkStarlarkVsGo measures positions solved per second for the same
// game written in Starlark (examples/subtract.star, examples/nim.star) and
// in Go (games.Subtraction, games.Nim), computing G(0..n) in ascending
// order as `grundy values` does. The Go games hide their closed forms
// (impartial.Plain) so that both search, and get a dense memo index as the
// Starlark session has.
func BenchmarkStarlarkVsGo(b *testing.B) {
	sub, _ := games.NewSubtraction([]int{1, 3, 4})
	for _, c := range []struct {
		name, src string
		goGame    impartial.Game[int]
		n         int
	}{
		{"subtract-1,3,4", subtract134, sub, 20000},
		{"nim", "heap = True\ndef moves(n):\n    return [n - k for k in range(1, n + 1)]\n", games.Nim{}, 1000},
	} {
		r, err := rules.Load("bench.star", []byte(c.src), rules.Limits{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/starlark/n=%d", c.name, c.n), func(b *testing.B) {
			for b.Loop() {
				s := r.NewSession(ctx, rules.Limits{})
				solver := impartial.NewSolver(s.Game(), impartial.Settings{})
				for i := range c.n + 1 {
					p, _ := s.Intern(starlark.MakeInt(i))
					if _, err := solver.Value(s.Context(), p); err != nil {
						b.Fatal(err)
					}
				}
				s.Close()
			}
			b.ReportMetric(float64(c.n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
		b.Run(fmt.Sprintf("%s/go/n=%d", c.name, c.n), func(b *testing.B) {
			for b.Loop() {
				solver := impartial.NewSolver[int](dense{impartial.Plain(c.goGame), c.n + 1}, impartial.Settings{})
				for i := range c.n + 1 {
					if _, err := solver.Value(ctx, i); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(c.n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// dense gives a game a dense memo index.
type dense struct {
	impartial.Game[int]
	limit int
}

func (g dense) Index(n int) (int, bool) { return n, n >= 0 && n < g.limit }
func (g dense) IndexLimit() int         { return g.limit }
