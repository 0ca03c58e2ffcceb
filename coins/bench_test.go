package coins

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// BenchmarkValues times tables g(Start..n): Values (closed form or parity
// extension where the game has one) against PlainValues (mex over the rule's
// moves) on the same game and n.
func BenchmarkValues(b *testing.B) {
	ctx := context.Background()
	for _, c := range []struct {
		spec string
		n    int
	}{
		{"mock-turtles", 1e4}, {"mock-turtles", 1e5},
		{"ruler", 1e4}, {"twins", 1e6}, {"twins:1,2,3", 1e6},
		{"grunt", 1e4},
		{"up-to:4", 500}, {"up-to:4", 1000},
		{"moebius", 200}, {"moebius", 400},
		{"mogul", 60}, {"mogul", 80},
	} {
		g, err := ParseRule(c.spec)
		if err != nil {
			b.Fatal(err)
		}
		for _, plain := range []bool{false, true} {
			name := "fast"
			if plain {
				name = "plain"
			}
			b.Run(fmt.Sprintf("%s/n=%d/%s", c.spec, c.n, name), func(b *testing.B) {
				for b.Loop() {
					var err error
					if plain {
						_, err = g.PlainValues(ctx, c.n, impartial.Budget{})
					} else {
						_, err = g.Values(ctx, c.n, impartial.Budget{})
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkMockTurtlesPosition: the value of a Mock Turtles position with
// 100 heads below 10^8 (HDU 3537's largest case), in closed form.
func BenchmarkMockTurtlesPosition(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	heads := make([]int, 100)
	for i := range heads {
		heads[i] = 1e8 - 100 + i - r.IntN(2)*int(r.Int32N(1e6))
	}
	p := Position{Heads: heads}
	s := MockTurtles().NewSolver(impartial.Budget{})
	ctx := context.Background()
	for b.Loop() {
		if _, err := s.Value(ctx, p); err != nil {
			b.Fatal(err)
		}
	}
}
