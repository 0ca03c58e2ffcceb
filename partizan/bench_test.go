package partizan

import (
	"context"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// The algebra's benchmarks, each on a fresh store (cold caches), the same
// workloads as the pycgt side-by-side in BENCHMARKS.md.

// benchComponents are the 20 day-2 games summed by BenchmarkSum20Day2 (and by
// pycgt in the side-by-side).
// cpuClock sums CPU time over the timed parts of a benchmark.
type cpuClock struct {
	start, total int64
}

func (c *cpuClock) on()  { c.start = cpuNow() }
func (c *cpuClock) off() { c.total += cpuNow() - c.start }

func (c *cpuClock) report(b *testing.B) {
	b.ReportMetric(float64(c.total)/float64(b.N)/1e6, "cpu-ms/op")
}

var benchComponents = []string{
	"{1|*}", "^", "{1|0}", "*2", "{0|-1}", "v*", "1/2", "{*|-1}", "^*", "-1/2",
	"{1|*}", "v", "{1|0}", "*", "{0|-1}", "^", "{1|-1}", "{*|-1}", "{1|0,*}", "{0,*|-1}",
}

func BenchmarkCensusDay3(b *testing.B) {
	t := &testing.T{}
	var clk cpuClock
	defer clk.report(b)
	clk.on()
	defer clk.off()
	for b.Loop() {
		c := NewStore(Config{}).Calc(context.Background(), impartial.Budget{})
		if n := len(days(t, c, 3)[3]); n != 1474 {
			b.Fatal(n)
		}
	}
}

func BenchmarkSum20Day2(b *testing.B) {
	var clk cpuClock
	defer clk.report(b)
	clk.on()
	defer clk.off()
	for b.Loop() {
		c := NewStore(Config{}).Calc(context.Background(), impartial.Budget{})
		var gs []Game
		for _, s := range benchComponents {
			gs = append(gs, mustParse(b, c, s))
		}
		if _, err := c.Sum(gs...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSumSwitchesUps sums ±1, ±1/2, …, and ups: 12 switches and 12 ups.
func BenchmarkSumSwitchesUps(b *testing.B) {
	var clk cpuClock
	defer clk.report(b)
	clk.on()
	defer clk.off()
	for b.Loop() {
		c := NewStore(Config{}).Calc(context.Background(), impartial.Budget{})
		var gs []Game
		for i := 0; i < 12; i++ {
			gs = append(gs, mustParse(b, c, "{"+Int(int64(i+2)).Shift(-2).String()+"|0}"), mustParse(b, c, "^"))
		}
		if _, err := c.Sum(gs...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompareDay3 compares every day-2 game with every day-3 game on a
// store that has just made them (the comparison caches start empty).
func BenchmarkCompareDay3(b *testing.B) {
	t := &testing.T{}
	var clk cpuClock
	defer clk.report(b)
	for b.Loop() {
		b.StopTimer()
		s := NewStore(Config{})
		c := s.Calc(context.Background(), impartial.Budget{})
		ds := days(t, c, 3)
		clear(s.leqs)
		b.StartTimer()
		clk.on()
		for _, g := range ds[2] {
			for _, h := range ds[3] {
				if _, err := c.Compare(g, h); err != nil {
					b.Fatal(err)
				}
			}
		}
		clk.off()
	}
}

// BenchmarkThermographDay3 computes the thermograph (so the temperature and
// mean) of every game born by day 3, on a store that has just made them.
func BenchmarkThermographDay3(b *testing.B) {
	t := &testing.T{}
	var clk cpuClock
	defer clk.report(b)
	for b.Loop() {
		b.StopTimer()
		s := NewStore(Config{})
		c := s.Calc(context.Background(), impartial.Budget{})
		ds := days(t, c, 3)
		b.StartTimer()
		clk.on()
		for _, g := range ds[3] {
			if _, err := c.Thermograph(g); err != nil {
				b.Fatal(err)
			}
		}
		clk.off()
	}
}

// BenchmarkConstructDay4Sample makes {A|B} for 2000 pairs of random sets
// of day-3 games (day-4 games) on a store holding day 3.
func BenchmarkConstructDay4Sample(b *testing.B) {
	t := &testing.T{}
	var clk cpuClock
	defer clk.report(b)
	for b.Loop() {
		b.StopTimer()
		s := NewStore(Config{})
		c := s.Calc(context.Background(), impartial.Budget{})
		d3 := days(t, c, 3)[3]
		rng := newRand(7)
		b.StartTimer()
		clk.on()
		A, B := make([]Game, 0, 4), make([]Game, 0, 4)
		for i := 0; i < 2000; i++ {
			A, B = A[:0], B[:0]
			for j := 0; j < 4; j++ {
				A = append(A, d3[rng.next()%uint64(len(d3))])
				B = append(B, d3[rng.next()%uint64(len(d3))])
			}
			if _, err := c.New(A, B); err != nil {
				b.Fatal(err)
			}
		}
		clk.off()
	}
}

func BenchmarkFormatParseDay3(b *testing.B) {
	t := &testing.T{}
	s := NewStore(Config{})
	c := s.Calc(context.Background(), impartial.Budget{})
	d3 := days(t, c, 3)[3]
	var clk cpuClock
	defer clk.report(b)
	clk.on()
	defer clk.off()
	for b.Loop() {
		for _, g := range d3 {
			if h := mustParse(b, c, Format(g)); h != g {
				b.Fatal(g)
			}
		}
	}
}
