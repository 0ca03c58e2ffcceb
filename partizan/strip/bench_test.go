package strip

import (
	"context"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

func benchSolve(b *testing.B, r interface {
	partizan.Ruleset[Strip, Strip]
	ParsePosition(string) (Strip, error)
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

// pycgt's "toads-and-frogs len 6" (benchmarks/run.py).
func BenchmarkToadsAndFrogs6(b *testing.B) { benchSolve(b, ToadsAndFrogs{}, "ttt.ff") }

// CGSuite's test position.
func BenchmarkToadsAndFrogs12(b *testing.B) { benchSolve(b, ToadsAndFrogs{}, "ttttt..fffff") }

func BenchmarkTopplingDominoes(b *testing.B) { benchSolve(b, TopplingDominoes{}, "lrrlrrlrllrlr") }
