package misere

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/octaltest"
	"github.com/grundy/grundy/octal"
)

// bruteForce checks a quotient against exhaustive misère search: for every
// sum of heaps of sizes 1..maxHeap with at most maxTotal tokens, the
// outcome the quotient predicts is the outcome the engine's search of the
// sum (impartial.MisereSolver over impartial.Plain, no closed forms)
// finds, and so are the winning moves.
func bruteForce(t *testing.T, name string, g octal.Game, q *Quotient, maxHeap, maxTotal int) int {
	t.Helper()
	ctx := context.Background()
	s := impartial.NewMisereSolver(impartial.Plain[octaltest.Heaps](octaltest.Engine{Game: g}), impartial.Settings{})
	checked := 0
	var sum []int
	var rec func(from, left int)
	rec = func(from, left int) {
		if t.Failed() {
			return
		}
		ps := make([]octaltest.Heaps, len(sum))
		for i, h := range sum {
			ps[i] = octaltest.Heaps{int32(h)}
		}
		want, err := s.Outcome(ctx, ps...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := q.Outcome(ctx, sum)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: heaps %v: quotient says %v, search %v (Φ = %v)", name, sum, got, want, q.Pretending())
			return
		}
		if checked%7 == 0 {
			checkMoves(t, name, s, q, sum)
		}
		checked++
		for h := from; h <= min(maxHeap, left); h++ {
			sum = append(sum, h)
			rec(h, left-h)
			sum = sum[:len(sum)-1]
		}
	}
	rec(1, maxTotal)
	return checked
}

// checkMoves compares the quotient's winning moves with the search's.
func checkMoves(t *testing.T, name string, s *impartial.MisereSolver[octaltest.Heaps], q *Quotient, sum []int) {
	t.Helper()
	ctx := context.Background()
	ps := make([]octaltest.Heaps, len(sum))
	for i, h := range sum {
		ps[i] = octaltest.Heaps{int32(h)}
	}
	want, err := s.WinningMoves(ctx, ps...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := q.WinningMoves(ctx, sum, 0)
	if err != nil {
		t.Fatal(err)
	}
	key := func(i int, parts []int) string {
		p := slices.Clone(parts)
		slices.Sort(p)
		return fmt.Sprint(i, p)
	}
	var a, b []string
	for _, m := range got {
		a = append(a, key(m.Index, m.To))
	}
	for _, m := range want {
		b = append(b, key(m.Index, m.To.Sizes()))
	}
	slices.Sort(a)
	slices.Sort(b)
	a, b = slices.Compact(a), slices.Compact(b)
	if !slices.Equal(a, b) {
		t.Errorf("%s: heaps %v: winning moves %v, search %v", name, sum, a, b)
	}
}

func mustCode(t testing.TB, s string) octal.Game {
	c, err := octal.ParseCode(s)
	if err != nil {
		t.Fatal(err)
	}
	return octal.New(c)
}

// TestQuotientsAgainstSearch checks the quotients of named games to heap 12
// against exhaustive search of every sum of at most 22 tokens.
func TestQuotientsAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.75", "0.77", "0.07", "0.137", "0.312", "0.4", "0.04", "0.6", "0.123", "4.7", "0.33"} {
		g := mustCode(t, code)
		q, err := Compute(ctx, Octal(g), 12, Settings{})
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		n := bruteForce(t, code, g, q, 12, 22)
		t.Logf("%s: size %d, %d sums checked", code, q.Size(), n)
	}
}

// TestRandomCodesAgainstSearch is the property test: random codes of up to
// three digits (hexadecimal too), quotient to heap 9 against every sum of
// at most 13 tokens.
func TestRandomCodesAgainstSearch(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(16, 2008))
	for i := 0; i < 100; i++ {
		hex := i%5 == 4
		base := 8
		if hex {
			base = 16
		}
		digits := []uint8{uint8(r.IntN(2) * 4)}
		if hex {
			digits[0] = uint8(r.IntN(4) * 4)
		}
		for k := 1 + r.IntN(3); k > 0; k-- {
			digits = append(digits, uint8(r.IntN(base)))
		}
		c := octal.Code{Hex: hex, Digits: digits}
		g := octal.New(c)
		q, err := Compute(ctx, Octal(g), 10, Settings{MaxSize: 512})
		if err != nil {
			if impartial.LimitOf(err) == impartial.LimitSize {
				continue
			}
			t.Fatalf("%s: %v", c, err)
		}
		bruteForce(t, c.String(), g, q, 10, 15)
	}
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }
