package grid

import (
	"testing"

	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

// benchSolve solves pos of r from a fresh store each iteration (a cold
// start, as pycgt's benchmarks clear their caches between workloads).
func benchSolve[P any, K comparable](b *testing.B, r interface {
	partizan.Ruleset[P, K]
	ParsePosition(string) (P, error)
}, pos string) {
	p, err := r.ParsePosition(pos)
	if err != nil {
		b.Fatal(err)
	}
	defer rulesettest.CPU(b)()
	for b.Loop() {
		if _, err := partizan.Solve(newCalc(), r, p); err != nil {
			b.Fatal(err)
		}
	}
}

// pycgt's benchmark list (benchmarks/run.py), the grid workloads.
func BenchmarkDomineering2x8(b *testing.B)  { benchSolve[Grid, Grid](b, Domineering{}, "2x8") }
func BenchmarkDomineering2x10(b *testing.B) { benchSolve[Grid, Grid](b, Domineering{}, "2x10") }
func BenchmarkDomineering2x12(b *testing.B) { benchSolve[Grid, Grid](b, Domineering{}, "2x12") }
func BenchmarkDomineering3x4(b *testing.B)  { benchSolve[Grid, Grid](b, Domineering{}, "3x4") }
func BenchmarkDomineering4x5(b *testing.B)  { benchSolve[Grid, Grid](b, Domineering{}, "4x5") }
func BenchmarkCram3x4(b *testing.B)         { benchSolve[Grid, Grid](b, Cram{}, "3x4") }
func BenchmarkClobber3x3(b *testing.B)      { benchSolve[Grid, Grid](b, Clobber{}, "xox|oxo|xox") }

// pycgt's "temperature of 2x11": the value and its temperature.
func BenchmarkTemperatureDomineering2x11(b *testing.B) {
	p, _ := Domineering{}.ParsePosition("2x11")
	defer rulesettest.CPU(b)()
	for b.Loop() {
		c := newCalc()
		g, err := partizan.Solve[Grid, Grid](c, Domineering{}, p)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := c.Temperature(g); err != nil {
			b.Fatal(err)
		}
	}
}

// The fixed cost of a cold start: a new store and a board with no move.
func BenchmarkColdStart(b *testing.B) { benchSolve[Grid, Grid](b, Domineering{}, "#") }

// CGSuite's Amazons test position (GameGridTest.scala), no pycgt peer.
func BenchmarkAmazons2x4(b *testing.B) { benchSolve[Grid, Grid](b, Amazons{}, "x...|o...") }
