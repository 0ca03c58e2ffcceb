package misere_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
	"github.com/grundy/grundy/internal/octaltest"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/octal"
)

// The analysis path with the misère quotient (misere.OctalValued) gives,
// on every sum of up to three heaps of at most 9 tokens, the outcome and
// the winning moves of an exhaustive search of the real game (the
// brute-force oracle on octaltest.Engine, whose positions hold up to eight
// heaps, so that no move of these sums is left out).
func TestOctalValuedAgreesWithSearch(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.77", "0.07", "0.75", "0.137", "0.6", "0.312", "4.07"} {
		c, err := octal.ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		g := octal.New(c)
		or := impartialtest.NewOracle[octaltest.Heaps](octaltest.Engine{Game: g})
		for a := 0; a <= 9; a++ {
			for b := 0; b <= a; b++ {
				for d := 0; d <= min(b, 4); d++ {
					ps := parts(a, b, d)
					res, err := impartial.Analyze(ctx, misere.NewOctalValued(g), ps, impartial.Query{Misere: true})
					if err != nil {
						t.Fatal(err)
					}
					name := fmt.Sprintf("%s %d %d %d", code, a, b, d)
					hs := heaps(a, b, d)
					if want := or.Outcome(true, hs...); res.Outcome != want {
						t.Fatalf("%s: outcome %v (%s), search %v", name, res.Outcome, res.By, want)
					}
					var got []impartial.Move[octaltest.Heaps]
					for _, m := range res.Moves {
						to, _ := octaltest.HeapsOf(m.To.Sizes()...)
						got = append(got, impartial.Move[octaltest.Heaps]{Index: m.Index, To: to})
					}
					if want := or.WinningMoves(true, hs...); !impartialtest.SameMoves(got, want) {
						t.Fatalf("%s: winning moves %v, search %v", name, got, want)
					}
				}
			}
		}
	}
}

func heaps(hs ...int) []octaltest.Heaps {
	out := make([]octaltest.Heaps, len(hs))
	for i, h := range hs {
		out[i], _ = octaltest.HeapsOf(h)
	}
	return out
}

func parts(hs ...int) []octal.Parts {
	ps := make([]octal.Parts, len(hs))
	for i, h := range hs {
		ps[i], _ = octal.PartsOf(h)
	}
	return ps
}

// A misère sum of huge heaps of a game with a proved quotient (Kayles,
// proved at heap 167) is answered by the quotient, not by a search.
func TestOctalValuedHugeHeaps(t *testing.T) {
	c, _ := octal.ParseCode("0.77")
	res, err := impartial.Analyze(context.Background(), misere.NewOctalValued(octal.New(c)), parts(1000000, 999999, 123456), impartial.Query{Misere: true, MaxListed: 3, Settings: impartial.Settings{Budget: impartial.Budget{MaxPositions: 100_000}}})
	if err != nil || res.By != impartial.ByMisereRule {
		t.Fatalf("misère Kayles 10^6 999999 123456: %+v, %v", res, err)
	}
}
