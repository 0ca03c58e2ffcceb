package graph

import (
	"context"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

func benchSolve(b *testing.B, r interface {
	partizan.Ruleset[Position, string]
	ParsePosition(string) (Position, error)
}, pos string) {
	p, err := r.ParsePosition(pos)
	if err != nil {
		b.Fatal(err)
	}
	defer rulesettest.CPU(b)()
	for b.Loop() {
		c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
		if _, err := partizan.Solve(c, r, p); err != nil {
			b.Fatal(err)
		}
	}
}

// pycgt's "snort path 7" (benchmarks/run.py).
func BenchmarkSnortPath7(b *testing.B) { benchSolve(b, Snort{}, "path(7)") }

func BenchmarkSnortPath12(b *testing.B) { benchSolve(b, Snort{}, "path(12)") }
func BenchmarkColPath12(b *testing.B)   { benchSolve(b, Col{}, "path(12)") }
func BenchmarkColCycle10(b *testing.B)  { benchSolve(b, Col{}, "cycle(10)") }
