package bridge

import (
	"context"
	"testing"
)

// BenchmarkShardTally4 deals one n = 4 shard of depth 5 (cards 15..11 at
// positions 2, 3, 4, 5, 6; 7!·9!/2^5-ish layouts) and reports the cost per
// layout, the figure the n = 4 tally's run time is estimated from.
func BenchmarkShardTally4(b *testing.B) {
	s := Shard{N: 4, Holders: []int{1, 2, 3, 4, 5}}
	var layouts uint64
	defer cpuTime(b)()
	for b.Loop() {
		tl, err := ShardTally(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		layouts = 0
		for _, c := range tl.Counts {
			layouts += c
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(layouts), "ns/layout")
	b.ReportMetric(float64(layouts), "layouts/op")
}
