package coins_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/coins"
	"github.com/grundy/grundy/impartial"
)

// The kernels a call through a rule's shape reaches, on fixed inputs:
// a row of H and T valued as it is read (hihocoder1172's largest case),
// winning moves constructed by inverting g (Mock Turtles), from runs
// (Ruler) and by trying every move (Grunt), every move listed (Mock
// Turtles), and the two-dimensional values and winning moves (Turning
// Corners, Rugs, a product with a searched factor). They use only the
// package's API, so that the same file times an older commit.

// BenchmarkRowValue: a random row of 10^6 coins of Turning Turtles.
func BenchmarkRowValue(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	var sb strings.Builder
	for range 1_000_000 {
		sb.WriteByte("HT"[r.IntN(2)])
	}
	row := sb.String()
	s := coins.TurningTurtles().NewSolver(impartial.Budget{})
	ctx := context.Background()
	for b.Loop() {
		if _, err := s.RowValue(ctx, row); err != nil {
			b.Fatal(err)
		}
	}
}

// randomHeads returns n distinct ascending heads in [lo, hi).
func randomHeads(seed uint64, n, lo, hi int) []int {
	r := rand.New(rand.NewPCG(seed, 1))
	seen := map[int]bool{}
	for len(seen) < n {
		seen[lo+r.IntN(hi-lo)] = true
	}
	out := make([]int, 0, n)
	for x := range seen {
		out = append(out, x)
	}
	slices.Sort(out)
	return out
}

func BenchmarkWinningMoves(b *testing.B) {
	ctx := context.Background()
	for _, c := range []struct {
		spec   string
		n, top int
	}{
		{"mock-turtles", 100, 1e8}, // by inverting the closed form
		{"twins", 100, 1e8},        // by inverting x
		{"ruler", 40, 1e6},         // from runs' XORs
		{"moebius", 8, 60},         // every move tried, values by the parity extension
		{"grunt", 30, 3000},        // every move tried, values searched
		{"subtraction:2,5", 100, 1e5},
	} {
		g, err := coins.ParseRule(c.spec)
		if err != nil {
			b.Fatal(err)
		}
		p := coins.Position{Heads: randomHeads(5, c.n, g.Start, c.top)}
		s := g.NewSolver(impartial.Budget{})
		if _, err := s.WinningMoves(ctx, p); err != nil { // the table, once
			b.Fatal(err)
		}
		b.Run(c.spec, func(b *testing.B) {
			for b.Loop() {
				if _, err := s.WinningMoves(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMoves lists every move of 20 heads of Mock Turtles below 120.
func BenchmarkMoves(b *testing.B) {
	ctx := context.Background()
	p := coins.Position{Heads: randomHeads(6, 20, 0, 120)}
	s := coins.MockTurtles().NewSolver(impartial.Budget{})
	for b.Loop() {
		if _, err := s.Moves(ctx, p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlane(b *testing.B) {
	ctx := context.Background()
	for _, c := range []struct {
		spec   string
		n, top int
		wins   bool
	}{
		{"turning-corners", 100, 1 << 30, false},
		{"ruler*mock-turtles", 100, 1 << 20, false},
		{"turning-corners", 4, 1 << 10, true},
		{"rugs", 4, 1 << 8, true},
		{"grunt*twins", 4, 200, true},
		{"acrostic-twins", 20, 1 << 20, true},
	} {
		p, err := coins.ParsePlane(c.spec)
		if err != nil {
			b.Fatal(err)
		}
		xs := randomHeads(7, c.n, p.A.Start, c.top)
		ys := randomHeads(8, c.n, p.B.Start, c.top)
		var sb strings.Builder
		for i := range xs {
			sb.WriteString("(" + strconv.Itoa(xs[i]) + "," + strconv.Itoa(ys[i]) + ") ")
		}
		g, err := p.ParsePosition(sb.String())
		if err != nil {
			b.Fatal(err)
		}
		s := p.NewSolver(impartial.Budget{})
		name := c.spec + "/value"
		if c.wins {
			name = c.spec + "/wins"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				var err error
				if c.wins {
					_, err = s.WinningMoves(ctx, g)
				} else {
					_, err = s.Value(ctx, g)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
