package cardflip

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// Stats summarizes the number of turns X over many games. Every field is
// an integer sum, so the result does not depend on the order in which
// workers finish.
type Stats struct {
	Games int64
	Sum   int64
	SumSq int64
	Min   int
	Max   int
	// Hist[x] is the number of games that took x turns.
	Hist []int64
}

func (s *Stats) add(x int) {
	if s.Games == 0 || x < s.Min {
		s.Min = x
	}
	if x > s.Max {
		s.Max = x
	}
	s.Games++
	s.Sum += int64(x)
	s.SumSq += int64(x) * int64(x)
	for len(s.Hist) <= x {
		s.Hist = append(s.Hist, 0)
	}
	s.Hist[x]++
}

func (s *Stats) merge(o *Stats) {
	if o.Games == 0 {
		return
	}
	if s.Games == 0 || o.Min < s.Min {
		s.Min = o.Min
	}
	if o.Max > s.Max {
		s.Max = o.Max
	}
	s.Games += o.Games
	s.Sum += o.Sum
	s.SumSq += o.SumSq
	for len(s.Hist) < len(o.Hist) {
		s.Hist = append(s.Hist, 0)
	}
	for x, c := range o.Hist {
		s.Hist[x] += c
	}
}

// Mean is the average of X.
func (s *Stats) Mean() float64 { return float64(s.Sum) / float64(s.Games) }

// StdDev is the sample standard deviation of X.
func (s *Stats) StdDev() float64 {
	if s.Games < 2 {
		return 0
	}
	n := float64(s.Games)
	mean := float64(s.Sum) / n
	v := (float64(s.SumSq) - n*mean*mean) / (n - 1)
	return math.Sqrt(math.Max(v, 0))
}

// StdErr is the standard error of the mean.
func (s *Stats) StdErr() float64 { return s.StdDev() / math.Sqrt(float64(s.Games)) }

// CI95 is the normal 95% confidence interval of the mean.
func (s *Stats) CI95() [2]float64 {
	m, e := s.Mean(), 1.959963984540054*s.StdErr()
	return [2]float64{m - e, m + e}
}

// Options control an evaluation.
type Options struct {
	Rules Rules
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Progress, when set, is called now and then with the number of games done.
	Progress func(done int64)
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// MaxExactM is the largest m Exact enumerates (12! = 479,001,600 deals).
const MaxExactM = 12

// Factorial returns m! for 0 ≤ m ≤ 20.
func Factorial(m int) int64 {
	f := int64(1)
	for i := 2; i <= m; i++ {
		f *= int64(i)
	}
	return f
}

// ExactResult is the exact expectation over all m! deals.
type ExactResult struct {
	Stats
	// Expectation is E[X] = Sum/m! in lowest terms.
	Expectation *big.Rat
}

// Exact plays a deterministic strategy on every one of the m! deals, in
// parallel, and returns E[X] exactly.
func Exact(ctx context.Context, s Strategy, m int, o Options) (*ExactResult, error) {
	if err := CheckExact(s, m); err != nil {
		return nil, err
	}
	if err := Compatible(s, o.Rules); err != nil {
		return nil, err
	}
	// Chunks are runs of (m−d)! consecutive permutations in lexicographic
	// order sharing a prefix of length d.
	d := 0
	for d < m && Factorial(m)/Factorial(m-d) < int64(64*o.workers()) {
		d++
	}
	chunk := Factorial(m - d)
	total, err := playChunks(ctx, m, o, Factorial(m)/chunk, func() chunkPlayer {
		perm := make([]int, m)
		return func(g *Game, st *Stats, c int64) (int64, error) {
			unrank(perm, c*chunk)
			for i := int64(0); i < chunk; i++ {
				if i > 0 {
					nextPerm(perm)
				}
				if err := g.stopped(); err != nil {
					return i, err
				}
				x, err := g.Play(s, perm, nil)
				if err != nil {
					return i, fmt.Errorf("%w (deal %v)", err, perm)
				}
				st.add(x)
			}
			return chunk, nil
		}
	})
	if err != nil {
		return nil, err
	}
	r := new(big.Rat).SetFrac(big.NewInt(total.Sum), big.NewInt(Factorial(m)))
	return &ExactResult{Stats: *total, Expectation: r}, nil
}

// unrank sets perm to the permutation of 1..m of lexicographic rank r.
func unrank(perm []int, r int64) {
	m := len(perm)
	var used [64]bool
	if m > len(used) {
		panic("cardflip: unrank: m too large")
	}
	for i := range m {
		f := Factorial(m - 1 - i)
		q := int(r / f)
		r %= f
		for x := 1; x <= m; x++ {
			if !used[x] {
				if q == 0 {
					perm[i] = x
					used[x] = true
					break
				}
				q--
			}
		}
	}
}

// nextPerm advances perm to the next permutation in lexicographic order.
func nextPerm(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	for a, b := i+1, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return true
}

// Deal fills deal with the deal of game number game under the seed: a
// uniform permutation of 1..m drawn from a PCG seeded with (seed, game).
// The players' coins come from the same generator afterwards.
func Deal(deal []int, seed uint64, game int64) *rand.Rand {
	p := rand.NewPCG(seed, uint64(game))
	shuffle(p, deal)
	return rand.New(p)
}

// shuffle deals 1..m in the order of rand.Rand.Shuffle with
// Fisher–Yates and Lemire's bounded numbers, as math/rand/v2 does on
// 64-bit machines (TestShuffleMatchesStdlib), but on the PCG itself: no
// call through the Source interface and the swap closure per card, about
// half the cost at m = 13. It also makes the deals of a seed the same on
// every platform (math/rand/v2 draws differently on 32-bit ones).
func shuffle(p *rand.PCG, deal []int) {
	for i := range deal {
		deal[i] = i + 1
	}
	for i := len(deal) - 1; i > 0; i-- {
		n := uint64(i + 1)
		var j uint64
		if n&(n-1) == 0 { // a power of two: mask
			j = p.Uint64() & (n - 1)
		} else {
			hi, lo := bits.Mul64(p.Uint64(), n)
			if lo < n {
				for thresh := -n % n; lo < thresh; {
					hi, lo = bits.Mul64(p.Uint64(), n)
				}
			}
			j = hi
		}
		deal[i], deal[j] = deal[j], deal[i]
	}
}

// Simulate plays games 0..games−1 of the seed (see Deal) in parallel. The
// result depends only on the strategy, m, the rules, games and seed, not on
// the number of workers.
func Simulate(ctx context.Context, s Strategy, m int, games int64, seed uint64, o Options) (*Stats, error) {
	if m < 1 {
		return nil, fmt.Errorf("cardflip: the number of cards must be at least 1, not %d", m)
	}
	if games < 1 {
		return nil, fmt.Errorf("cardflip: the number of trials must be at least 1, not %d", games)
	}
	if err := Compatible(s, o.Rules); err != nil {
		return nil, err
	}
	const chunk = 1024
	return playChunks(ctx, m, o, (games+chunk-1)/chunk, func() chunkPlayer {
		deal := make([]int, m)
		pcg := rand.NewPCG(0, 0)
		r := rand.New(pcg)
		return func(g *Game, st *Stats, c int64) (int64, error) {
			lo, hi := c*chunk, min((c+1)*chunk, games)
			for i := lo; i < hi; i++ {
				if err := g.stopped(); err != nil {
					return i - lo, err
				}
				pcg.Seed(seed, uint64(i))
				shuffle(pcg, deal)
				x, err := g.Play(s, deal, r)
				if err != nil {
					return i - lo, fmt.Errorf("%w (game %d of seed %d)", err, i, seed)
				}
				st.add(x)
			}
			return hi - lo, nil
		}
	})
}

// A chunkPlayer plays chunk c of an evaluation on its worker's game,
// adding every X to st, and returns the number of games it played.
type chunkPlayer func(g *Game, st *Stats, c int64) (int64, error)

// playChunks runs o.workers() goroutines, each with its own game and its
// own chunkPlayer (from newPlayer, so each has its own scratch), over the
// chunks 0..chunks−1, claimed in order from a shared counter. The first
// error (not caused by ctx) stops every worker. Stats are integer sums,
// so the result does not depend on the number of workers or their timing.
func playChunks(ctx context.Context, m int, o Options, chunks int64, newPlayer func() chunkPlayer) (*Stats, error) {
	var next, done atomic.Int64
	var mu sync.Mutex
	var total Stats
	var firstErr error
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		next.Store(chunks)
	}
	var wg sync.WaitGroup
	for range o.workers() {
		wg.Go(func() {
			g, err := NewGame(m, o.Rules)
			if err != nil {
				fail(err)
				return
			}
			g.Context, g.done = ctx, ctx.Done()
			play := newPlayer()
			var st Stats
			for {
				c := next.Add(1) - 1
				if c >= chunks || ctx.Err() != nil {
					break
				}
				n, err := play(g, &st, c)
				if err != nil {
					if ctx.Err() == nil {
						fail(err)
					}
					break
				}
				if o.Progress != nil {
					o.Progress(done.Add(n))
				}
			}
			mu.Lock()
			total.merge(&st)
			mu.Unlock()
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return &total, nil
}
