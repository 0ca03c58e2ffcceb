package octal_test

// The kernels against the generic engine and its brute-force oracle
// (internal/octaltest plays octal's games on package impartial).

import (
	"context"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
	"github.com/grundy/grundy/internal/octaltest"
	"github.com/grundy/grundy/octal"
)

var ctx = context.Background()

// The plain kernel against exhaustive search of the real game graph
// (impartialtest.Oracle, which knows nothing of Sprague–Grundy sums).
func TestPlainAgainstOracle(t *testing.T) {
	octal.SkipUnderRace(t)
	games := append(octal.SomeCodes(t)[:140], octal.GrundysGame(), octal.MustHex(t, "0.8"), octal.MustHex(t, "0.48C"), octal.MustHex(t, "8.1"), octal.MustHex(t, "0.F7"))
	for _, g := range games {
		// At most 8 heaps arise from a heap of 11 when every move removes
		// a token, from a heap of 8 otherwise: all fit in Heaps.
		N := 11
		if c, ok := g.Code(); !ok || c.Digits[0] != 0 {
			N = 8
		}
		got := octal.Values(t, g, octal.PlainMethod, N)
		or := impartialtest.NewOracle[octaltest.Heaps](octaltest.Engine{Game: g})
		for n := 0; n <= N; n++ {
			if want := or.Value(octaltest.Heaps{int32(n)}); uint32(want) != got[n] {
				t.Fatalf("%s: plain G(%d) = %d, oracle %d", g, n, got[n], want)
			}
		}
	}
}

// The engine adapter passes the impartial conformance suite (engine vs
// oracle, sums, misère) on small positions.
func TestEngineConformance(t *testing.T) {
	for _, g := range []octal.Game{octal.MustCode(t, ".77"), octal.MustCode(t, ".137"), octal.MustCode(t, "4.07"), octal.GrundysGame(), octal.MustHex(t, "0.8")} {
		var ps []octaltest.Heaps
		for n := 0; n <= 7; n++ {
			ps = append(ps, octaltest.Heaps{int32(n)})
		}
		impartialtest.Check[octaltest.Heaps](t, octaltest.Engine{Game: g}, ps)
	}
}

// The kernels against the generic engine (impartial.Solver on the Splitter
// game Engine, which splits options into heaps and memoizes single heaps).
func TestAgainstEngine(t *testing.T) {
	octal.SkipUnderRace(t)
	games := octal.SomeCodes(t)[:80]
	games = append(games, octal.GrundysGame(), octal.MustHex(t, "0.8"), octal.MustHex(t, "4.C1"))
	for _, g := range games {
		const N = 60
		s := impartial.NewSolver[octaltest.Heaps](octaltest.Engine{Game: g}, impartial.Settings{})
		for _, m := range []octal.Method{octal.PlainMethod, octal.SparseMethod} {
			got := octal.Values(t, g, m, N)
			for n := 0; n <= N; n++ {
				want, err := s.Value(ctx, octaltest.Heaps{int32(n)})
				if err != nil {
					t.Fatal(err)
				}
				if uint32(want) != got[n] {
					t.Fatalf("%s %v: G(%d) = %d, engine %d", g, m, n, got[n], want)
				}
			}
		}
	}
}
