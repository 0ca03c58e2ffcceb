package optimum

import (
	"context"
	"testing"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/internal/longtest"
)

// BenchmarkOptimalTurn is the exhaustive table+turn search (Search
// under TurnNumber, games within 10 turns) for m = 4: 145/24, with the
// number of search nodes. m = 5 takes about two minutes
// (TestOptimalTurnFive).
func BenchmarkOptimalTurn(b *testing.B) {
	var nodes int64
	for b.Loop() {
		r, err := Search(context.Background(), 4, Options{Model: cardflip.TurnNumber, MaxTurns: 10})
		if err != nil || r.Expectation.RatString() != "145/24" {
			b.Fatalf("%v %v", r, err)
		}
		nodes = r.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkOptimalSix is the exhaustive table-only search for m = 6:
// 407/40, by deepening from the relaxed bound (two to three minutes, so
// only with GRUNDY_LONG=1).
func BenchmarkOptimalSix(b *testing.B) {
	longtest.Skip(b)
	var nodes int64
	for b.Loop() {
		r, err := Search(context.Background(), 6, Options{})
		if err != nil || r.Expectation.RatString() != "407/40" {
			b.Fatalf("%v %v", r, err)
		}
		nodes = r.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
}
