package cardflip

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/grundy/grundy/internal/cputime"
)

// cpuTime is the process's user+system CPU time: on a shared machine,
// games per CPU second is steadier than games per wall-clock second.
func cpuTime() time.Duration { return cputime.Process() }

// BenchmarkGames plays games on one goroutine (deal included) and reports
// games per second.
func BenchmarkGames(b *testing.B) {
	for _, s := range []Strategy{FrontToBack(), DivideConquer(), Stacks()} {
		for _, m := range []int{13, 100} {
			b.Run(fmt.Sprintf("%s/m=%d", s.Info().Name, m), func(b *testing.B) {
				g, _ := NewGame(m, Rules{})
				deal := make([]int, m)
				pcg := rand.NewPCG(1, 0)
				r := rand.New(pcg)
				turns := 0
				c0 := cpuTime()
				for i := 0; b.Loop(); i++ {
					pcg.Seed(1, uint64(i))
					shuffle(pcg, deal)
					x, err := g.Play(s, deal, r)
					if err != nil {
						b.Fatal(err)
					}
					turns += x
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
				if c := cpuTime() - c0; c > 0 {
					b.ReportMetric(float64(b.N)/c.Seconds(), "games/cpu-s")
				}
				b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
			})
		}
	}
}

// BenchmarkExact10 enumerates all 3,628,800 deals of m = 10 on all cores.
func BenchmarkExact10(b *testing.B) {
	for _, s := range []Strategy{FrontToBack(), DivideConquer(), Stacks()} {
		b.Run(s.Info().Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Exact(context.Background(), s, 10, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRows plays comb and front-to-back on a flat row of 16-bit
// cells and on a bigRow (blocks of bigBlock cells) for the same m: where
// the bigRow starts to pay (flatMax).
func BenchmarkRows(b *testing.B) {
	for _, s := range []Strategy{FrontToBack(), Comb()} {
		for _, m := range []int{100, 300, 1000, 3000} {
			for _, big := range []bool{false, true} {
				name := "flat"
				bigFrom := m + 1
				if big {
					name, bigFrom = "big", m
				}
				b.Run(fmt.Sprintf("%s/m=%d/%s", s.Info().Name, m, name), func(b *testing.B) {
					g, _ := newGame(m, Rules{}, bigFrom, bigBlock)
					deal := make([]int, m)
					pcg := rand.NewPCG(1, 0)
					for i := 0; b.Loop(); i++ {
						pcg.Seed(1, uint64(i))
						shuffle(pcg, deal)
						if _, err := g.Play(s, deal, nil); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
				})
			}
		}
	}
}

// BenchmarkFrontToBack100 is a fixed amount of work an op, 100 games of
// front to back at m = 100 (deals 0..99 of seed 1, about 260,000 turns), for
// counting instructions, which the load of a shared machine does not
// change (issue 43: 915785f made these games 5% more instructions and
// 1.20–1.35× the CPU time, unseen by wall-clock runs under load):
//
//	go test -c ./cardflip
//	GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//	    ./cardflip.test -test.run '^$' -test.bench FrontToBack100 -test.benchtime 2x -test.cpu 1
//
// less the same with -test.benchtime 1x is one op (callgrind aborts on
// the signals of Go's asynchronous preemption without the GODEBUG).
func BenchmarkFrontToBack100(b *testing.B) {
	const m, games = 100, 100
	g, err := NewGame(m, Rules{})
	if err != nil {
		b.Fatal(err)
	}
	s := FrontToBack()
	deal := make([]int, m)
	turns := 0
	for b.Loop() {
		turns = 0
		for i := range int64(games) {
			Deal(deal, 1, i)
			x, err := g.Play(s, deal, nil)
			if err != nil {
				b.Fatal(err)
			}
			turns += x
		}
	}
	b.ReportMetric(float64(turns)/games, "turns/game")
}
