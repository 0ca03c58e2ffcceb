package bridge

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy/grundy/internal/cputime"
)

const benchN = 1_000_000

// cpuTime reports the process's CPU time (user + system) per op as
// "cpu-ns/op": on a shared, oversubscribed machine wall time mostly measures
// waiting for a core. Call it with b.Loop's loop in between:
// defer cpuTime(b)().
func cpuTime(b *testing.B) func() {
	start := rusage()
	return func() {
		b.ReportMetric(float64(rusage()-start)/float64(b.N), "cpu-ns/op")
	}
}

func rusage() int64 { return cputime.Process().Nanoseconds() }

// alternating returns 2 1 2 1 …: a possible sequence with n runs of 1s, the
// most work per query.
func alternating(n int) []uint8 {
	seq := make([]uint8, 2*n)
	for i := range seq {
		seq[i] = uint8(2 - i%2)
	}
	return seq
}

func BenchmarkCount(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	dealt := u8(randomDeal(r, benchN).Sequence())
	for _, c := range []struct {
		name string
		seq  []uint8
	}{{"alternating", alternating(benchN)}, {"random-deal", dealt}} {
		b.Run(c.name+"/n=1e6/with-precomputation", func(b *testing.B) {
			defer cpuTime(b)()
			for b.Loop() {
				k, _ := NewCounter(DefaultModulus)
				k.Count(c.seq)
			}
		})
		b.Run(c.name+"/n=1e6/query", func(b *testing.B) {
			k, _ := NewCounter(DefaultModulus)
			k.Reserve(benchN)
			for b.Loop() {
				k.Count(c.seq)
			}
		})
	}
}

func BenchmarkSolve(b *testing.B) {
	r := rand.New(rand.NewPCG(2, 2))
	d := randomDeal(r, benchN)
	text := d.String()
	b.Run("Sequence/n=1e6", func(b *testing.B) {
		defer cpuTime(b)()
		for b.Loop() {
			d.Sequence()
		}
	})
	b.Run("ParseDeal+Sequence/n=1e6", func(b *testing.B) {
		defer cpuTime(b)()
		for b.Loop() {
			d, err := ParseDeal(strings.NewReader(text))
			if err != nil {
				b.Fatal(err)
			}
			d.Sequence()
		}
	})
	// Baseline: the oracle, O(n³) per start.
	small := randomDeal(r, 8)
	b.Run("Sequence/n=8", func(b *testing.B) {
		for b.Loop() {
			small.Sequence()
		}
	})
	b.Run("ExhaustiveSequence/n=8", func(b *testing.B) {
		for b.Loop() {
			small.ExhaustiveSequence()
		}
	})
}

func BenchmarkEnumerate(b *testing.B) {
	for _, n := range []int{2, 3} {
		b.Run("n="+string(rune('0'+n)), func(b *testing.B) {
			defer cpuTime(b)()
			for b.Loop() {
				if _, err := Enumerate(context.Background(), n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
