package octal

import (
	"fmt"
	"testing"
)

// benchValues computes G(0..n) of g with method m once per iteration and
// reports values/s and the kernel's rare-heap count.
func benchValues(b *testing.B, g Game, m Method, n int) { benchValuesPar(b, g, m, n, false) }

func benchValuesPar(b *testing.B, g Game, m Method, n int, par bool) {
	var st Stats
	for i := 0; i < b.N; i++ {
		c := NewComputer(g, m)
		c.SetParallel(par)
		if err := c.Extend(ctx, n); err != nil {
			b.Fatal(err)
		}
		st = c.Stats()
	}
	b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "values/s")
	b.ReportMetric(float64(st.Rare), "rare")
	b.ReportMetric(float64(st.Bytes), "bytes")
}

// Kayles to 10^7: the sparse-space kernel forced (no period shortcut), and
// the automatic choice (which proves period 12 at n = 1024 and copies).
func BenchmarkKayles(b *testing.B) {
	g := mustCode(b, ".77")
	b.Run("sparse/1e7", func(b *testing.B) { benchValues(b, g, SparseMethod, 10_000_000) })
	b.Run("auto/1e7", func(b *testing.B) { benchValues(b, g, Auto, 10_000_000) })
}

// Officers (.6) and Grundy's game to 10^6, automatic kernel (sparse space).
// "2cores" uses SetParallel (a second goroutine).
func BenchmarkOfficers(b *testing.B) {
	g := mustCode(b, ".6")
	b.Run("1core/1e6", func(b *testing.B) { benchValuesPar(b, g, Auto, 1_000_000, false) })
	b.Run("2cores/1e6", func(b *testing.B) { benchValuesPar(b, g, Auto, 1_000_000, true) })
}

func BenchmarkGrundysGame(b *testing.B) {
	g := GrundysGame()
	b.Run("1core/1e6", func(b *testing.B) { benchValuesPar(b, g, Auto, 1_000_000, false) })
	b.Run("2cores/1e6", func(b *testing.B) { benchValuesPar(b, g, Auto, 1_000_000, true) })
}

// .16: prove period 149459 with pre-period 105351 (needs G up to 509621).
func BenchmarkPeriod16(b *testing.B) {
	g := mustCode(b, ".16")
	for i := 0; i < b.N; i++ {
		res, _, err := FindPeriod(ctx, g, 1_000_000, Auto)
		if err != nil || res.Status != Proved || res.Period != 149459 {
			b.Fatalf("%+v %v", res, err)
		}
	}
}

// The plain O(n²) kernel against the sparse one at n = 3·10^4, same run.
func BenchmarkPlainVsSparse(b *testing.B) {
	games := []struct {
		name string
		g    Game
	}{{"kayles", mustCode(b, ".77")}, {".16", mustCode(b, ".16")}, {"officers", mustCode(b, ".6")}, {"grundy", GrundysGame()}}
	for _, gm := range games {
		for _, m := range []Method{PlainMethod, SparseMethod} {
			b.Run(fmt.Sprintf("%s/%v/3e4", gm.name, m), func(b *testing.B) { benchValues(b, gm.g, m, 30_000) })
		}
	}
}

// The games of the comparison with the open solvers (ogs, rogalski's
// octal): .167 and .161 to 2^22, Officers to 10^6 (BENCHMARKS.md).
func BenchmarkPeers(b *testing.B) {
	b.Run("0.167/2^22", func(b *testing.B) { benchValues(b, mustCode(b, ".167"), Auto, 1<<22) })
	b.Run("0.161/2^22", func(b *testing.B) { benchValues(b, mustCode(b, ".161"), Auto, 1<<22) })
	b.Run("officers/1e6", func(b *testing.B) { benchValues(b, mustCode(b, ".6"), Auto, 1_000_000) })
}

// The sparse classes of the census (results/octal-sparse-to16777216) that
// issue 43 measures against ogs: 4.045 (three split digits, 33 rare
// heaps), .054, .104, .454 and 4.367, to 10^6.
func BenchmarkSparseClasses(b *testing.B) {
	for _, code := range []string{"4.045", "0.054", "0.104", "0.454", "4.367", "4.406", "0.324", "0.174"} {
		b.Run(code+"/1e6", func(b *testing.B) { benchValues(b, mustCode(b, code), Auto, 1_000_000) })
	}
}
