package sweep

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy/grundy/internal/cputime"
)

// cpuSeconds is the process's CPU time so far (user + system).
func cpuSeconds() float64 { return cputime.Process().Seconds() }

// cores reports the CPU time per wall-clock second: how many cores the
// benchmark kept busy (on an idle machine; less when others share it).
func cores(b *testing.B) func() {
	start := cpuSeconds()
	return func() { b.ReportMetric((cpuSeconds()-start)/b.Elapsed().Seconds(), "cores") }
}

// benchSpecs are the sweeps the benchmarks time: the n = 3 bridge tally
// in 35·3 shards of depth 3 (7,484,400 layouts, 1/6 of them dealt), and the
// two-digit octal codes to G(20000).
var benchSpecs = []struct {
	name string
	spec Spec
}{
	{"bridge-n3", Spec{Kind: "bridge", Bridge: &BridgeSpec{N: 3, Depth: 3}}},
	{"octal-d2-to20000", Spec{Kind: "octal", Octal: &OctalSpec{Digits: 2, To: 20000}}},
}

// BenchmarkLocalRunner runs whole sweeps on the local executor, a fresh
// output directory each time (run with -cpu 1,2 for the scaling);
// cmd/grundy-sweep's BenchmarkPrismRunner runs them on Beam's Prism.
func BenchmarkLocalRunner(b *testing.B) {
	for _, bs := range benchSpecs {
		b.Run(bs.name, func(b *testing.B) {
			t, err := bs.spec.task()
			if err != nil {
				b.Fatal(err)
			}
			i := 0
			var unitSeconds float64
			defer cores(b)()
			for b.Loop() {
				i++
				sum, err := Run(context.Background(), bs.spec, Options{Out: fmt.Sprintf("%s/%d", b.TempDir(), i)})
				if err != nil {
					b.Fatal(err)
				}
				unitSeconds += sum.Seconds
			}
			// Overlap: the units' own wall times added up, per second of the
			// sweep: how many units ran at once on average. Unlike CPU time
			// it does not shrink when other processes take the cores.
			b.ReportMetric(unitSeconds/b.Elapsed().Seconds(), "overlap")
			b.ReportMetric(float64(t.units())*float64(b.N)/b.Elapsed().Seconds(), "units/s")
		})
	}
}

// BenchmarkDirect computes the same units one after the other in this
// goroutine, without an executor or a directory: the baseline for the
// executors' overhead.
func BenchmarkDirect(b *testing.B) {
	for _, bs := range benchSpecs {
		b.Run(bs.name, func(b *testing.B) {
			t, err := bs.spec.task()
			if err != nil {
				b.Fatal(err)
			}
			defer cores(b)()
			for b.Loop() {
				for u := range t.units() {
					if _, err := t.run(context.Background(), u); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(t.units())*float64(b.N)/b.Elapsed().Seconds(), "units/s")
		})
	}
}
