package misere

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/octaltest"
)

// BenchmarkOutcome times the misère outcome of a sum of 10,000 heaps of
// 0.75, sizes up to 10^6, and the winning moves of one of sizes up to 1000,
// from its quotient (proved at heap 21: images beyond come from the
// period). Listing winning moves enumerates the options of the heaps that
// have one, O(heap) each for a code with splits.
func BenchmarkOutcome(b *testing.B) {
	ctx := context.Background()
	q, err := Compute(ctx, Octal(mustCode(b, "0.75")), 30, Settings{})
	if err != nil || q.Status() != Proved {
		b.Fatal(q, err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	heaps := make([]int, 10_000)
	for i := range heaps {
		heaps[i] = 1 + r.IntN(1_000_000)
	}
	b.Run("outcome/10000-heaps", func(b *testing.B) {
		for b.Loop() {
			if _, err := q.Outcome(ctx, heaps); err != nil {
				b.Fatal(err)
			}
		}
	})
	// An N-position of heaps ≤ 1000: change one heap until the sum is one.
	for i := range heaps {
		heaps[i] = 1 + r.IntN(1000)
	}
	for o, _ := q.Outcome(ctx, heaps); o != impartial.N; o, _ = q.Outcome(ctx, heaps) {
		heaps[0]++
	}
	b.Run("winning-moves/10000-heaps", func(b *testing.B) {
		for b.Loop() {
			if _, err := q.WinningMoves(ctx, heaps, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSearch is the baseline: exhaustive misère search
// (impartial.MisereSolver, no closed forms) of a sum of 5 heaps of 0.75 of
// sizes 4..8, a fresh solver each time, against the quotient's product.
// (Search grows exponentially with the sum: it is no baseline for 10,000
// heaps.)
func BenchmarkSearch(b *testing.B) {
	ctx := context.Background()
	g := mustCode(b, "0.75")
	heaps := []int{4, 5, 6, 7, 8}
	ps := make([]octaltest.Heaps, len(heaps))
	for i, h := range heaps {
		ps[i] = octaltest.Heaps{int32(h)}
	}
	budget := impartial.Settings{Budget: impartial.Budget{MaxPositions: 2_000_000, MaxMemory: 256 << 20}}
	b.Run("search/5-heaps", func(b *testing.B) {
		for b.Loop() {
			s := impartial.NewMisereSolver(impartial.Plain[octaltest.Heaps](octaltest.Engine{Game: g}), budget)
			if _, err := s.Outcome(ctx, ps...); err != nil {
				b.Fatal(err)
			}
		}
	})
	q, err := Compute(ctx, Octal(g), 30, Settings{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("quotient/5-heaps", func(b *testing.B) {
		for b.Loop() {
			if _, err := q.Outcome(ctx, heaps); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSweep times the quotient of every two-digit octal code 0.dd to
// heap 20 within 20 million steps of work: a run that stops at the bound
// is timed to the stop (the sweep table of docs/misere.md).
func BenchmarkSweep(b *testing.B) {
	ctx := context.Background()
	for d := 0; d < 64; d++ {
		code := fmt.Sprintf("0.%d%d", d/8, d%8)
		g := mustCode(b, code)
		b.Run(code, func(b *testing.B) {
			for b.Loop() {
				_, err := Compute(ctx, Octal(g), 20, Settings{MaxWork: 20_000_000})
				var se *StopError
				if err != nil && !errors.As(err, &se) {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkQuotient times quotients heap by heap, against A. N. Siegel's
// MisereSolver in BENCHMARKS.md: the inputs of that table (code, last
// heap). It reports the order reached, the time per heap, and the memory
// the quotient holds per element (the Go heap after a collection with the
// quotient alive, less the heap before).
func BenchmarkQuotient(b *testing.B) {
	ctx := context.Background()
	for _, c := range []struct {
		code string
		to   int
	}{{"0.77", 30}, {"0.07", 30}, {"0.35", 20}, {"0.16", 18}, {"0.15", 60}, {"0.115", 60}} {
		g := mustCode(b, c.code)
		b.Run(fmt.Sprintf("%s-to-%d", c.code, c.to), func(b *testing.B) {
			var q *Quotient
			var perElem float64
			for b.Loop() {
				var ms runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&ms)
				before := ms.HeapAlloc
				var err error
				q, err = Compute(ctx, Octal(g), c.to, Settings{})
				if err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				runtime.ReadMemStats(&ms)
				perElem = float64(ms.HeapAlloc-before) / float64(q.Size())
				runtime.KeepAlive(q)
			}
			b.ReportMetric(float64(q.Size()), "elements")
			b.ReportMetric(perElem, "B/element")
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64(c.to), "ms/heap")
		})
	}
}

// BenchmarkKayles times Kayles' (0.77) misère quotient to heap 200 (proved
// at heap 167, 40 elements from heap 27 on) and to heap 60, the run issue
// 43 found 2.6 times as costly at 57e0944 as at d8fe8c5: from heap 30 on
// every heap is a conservative extension, so this is the cost of finding
// and verifying those. When every heap recomputed the transitions of every
// heap below it (64bd0dc..5bb09fe), to-200 cost 3.1 times d8fe8c5's CPU and
// to-60, at a twelfth of the cost, 1.9 times (BENCHMARKS.md).
func BenchmarkKayles(b *testing.B) {
	ctx := context.Background()
	g := mustCode(b, "0.77")
	for _, to := range []int{60, 200} {
		b.Run(fmt.Sprintf("to-%d", to), func(b *testing.B) {
			defer cpuTimer(b)()
			for b.Loop() {
				q, err := Compute(ctx, Octal(g), to, Settings{})
				if err != nil || q.Size() != 40 {
					b.Fatal(q, err)
				}
			}
		})
	}
}
