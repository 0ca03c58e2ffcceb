package octal

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Two cores (SetParallel): two goroutines take the heaps in turn, one the
// even heaps and one the odd ones. The options of heap n involve heaps up
// to n−1, but only a few involve heap n−1 itself: a move taking one token
// and leaving one heap (value G(n−1)), and for a digit d0 = 4 or Grundy's
// game the split 1 + (n−1) (value G(1) XOR G(n−1)). So while one goroutine
// finishes G(n−1), the other computes the mex s of every other option of
// n, from values it already has. When G(n−1) arrives, G(n) = s unless s is
// one of those left-out values x (mex(S ∪ {x}) = mex(S) when x ≠ mex(S));
// then it recomputes G(n) with every option. Each goroutine keeps its own
// tables and its own copy of the rare heaps, learning the other's values
// as they are published (an atomic count, so that a value is read only
// after it is written). The values are exactly those of one core.

// spinWait is how many times a goroutine polls the published count before
// it sleeps until the other one wakes it (on a busy machine the other
// goroutine may not be running at all).
const spinWait = 1 << 12

type parRun struct {
	c         *Computer
	buf       []uint16
	published atomic.Int64 // G(0..published−1) are in buf
	abort     atomic.Bool
	sleeping  [2]atomic.Bool
	pairs     [2]int // pairs examined by each goroutine
	wake      [2]chan struct{}
	to        int
	err       error
	errOnce   sync.Once
}

// extendParallel computes G(c.n..to) on two goroutines; the sparse kernel
// must be on, values fast, no period.
func (c *Computer) extendParallel(ctx context.Context, to int) error {
	if cap(c.vals) < to+1 {
		c.Reserve(max(to+1, 2*cap(c.vals)))
	}
	start := c.n
	r := &parRun{c: c, buf: c.vals[:to+1], to: to, wake: [2]chan struct{}{make(chan struct{}, 1), make(chan struct{}, 1)}}
	r.published.Store(int64(start))
	var ws [2]*worker
	for i := range ws {
		w := c.pw[i]
		if w == nil {
			w = newWorker()
			c.pw[i] = w
		}
		w.rareN = append(w.rareN[:0], c.w.rareN...)
		w.rareV = append(w.rareV[:0], c.w.rareV...)
		w.size = c.size
		ws[i] = w
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.run(ctx, ws[1], start+1, 1)
	}()
	r.run(ctx, ws[0], start, 0)
	wg.Wait()
	// Book the values the goroutines published, as push would have.
	done := int(r.published.Load())
	c.pairs += r.pairs[0] + r.pairs[1]
	c.counted += done - start
	c.vals = c.vals[:start]
	for n := start; n < done; n++ {
		if err := c.push(uint32(r.buf[n])); err != nil {
			return err
		}
	}
	return r.err
}

func (r *parRun) fail(err error) {
	r.errOnce.Do(func() { r.err = err })
	r.stop()
}

// stop ends the run and wakes both goroutines.
func (r *parRun) stop() {
	r.abort.Store(true)
	for i := range r.wake {
		select {
		case r.wake[i] <- struct{}{}:
		default:
		}
	}
}

// wait blocks until G(0..n−1) are published; false if the run stopped.
// Goroutine id spins a while, then sleeps until publish wakes it.
func (r *parRun) wait(n, id int) bool {
	for i := 0; r.published.Load() < int64(n); i++ {
		if r.abort.Load() {
			return false
		}
		if i < spinWait {
			continue
		}
		r.sleeping[id].Store(true)
		if r.published.Load() < int64(n) && !r.abort.Load() {
			<-r.wake[id]
		}
		r.sleeping[id].Store(false)
		i = 0
	}
	return !r.abort.Load() || r.published.Load() >= int64(n)
}

// publish makes G(n) visible and wakes the other goroutine if it sleeps.
func (r *parRun) publish(n, id int) {
	r.published.Store(int64(n + 1))
	if other := 1 - id; r.sleeping[other].Load() {
		select {
		case r.wake[other] <- struct{}{}:
		default:
		}
	}
}

// run computes the heaps first, first+2, … up to r.to.
func (r *parRun) run(ctx context.Context, w *worker, first, id int) {
	c := r.c
	g := &c.g
	learned := c.n // heaps below learned are in w's rare list
	learn := func(upto int) {
		for ; learned < upto; learned++ {
			v := uint32(r.buf[learned])
			if v >= w.size {
				w.size = uint32(1) << bits.Len32(v)
			}
			if c.class(learned, v) == 0 {
				w.rareN = append(w.rareN, learned)
				w.rareV = append(w.rareV, r.buf[learned])
			}
		}
	}
	takeOne := len(g.one) > 0 && g.one[0] == 1
	splitsN := len(g.two) > 0 && g.two[0] == 0
	for n := first; n <= r.to; n += 2 {
		if (n-first)&1023 == 0 && ctx.Err() != nil {
			r.fail(ctx.Err())
			return
		}
		if !r.wait(n-1, id) {
			return
		}
		learn(n - 1)
		s, work := w.sparseFast(c, n, r.buf, true)
		r.pairs[id] += work
		if !r.wait(n, id) {
			return
		}
		learn(n)
		x := uint32(r.buf[n-1])
		if takeOne && s == x || splitsN && s == uint32(r.buf[1])^x {
			s, _ = w.sparseFast(c, n, r.buf, false)
		}
		if s >= fastLimit {
			// Past the 16-bit kernels: stop here, the caller goes on.
			r.stop()
			return
		}
		r.buf[n] = uint16(s)
		r.publish(n, id)
	}
}

// The plain kernel on two cores: for each heap, the worker marks the
// values of the second half of the splits in its own table while the
// caller marks the first half; the mex is taken over both. A value costs
// O(n) pairs here, so handing over one heap at a time is cheap.
type plainRun struct {
	job, done atomic.Int64 // heap to mark, heap marked (−1: none)
	stopped   atomic.Bool
	sleeping  atomic.Bool
	wake      chan struct{}
}

// plainParallelFrom is the least heap for which the plain kernel splits
// its pairs between two cores.
const plainParallelFrom = 1 << 13

func (c *Computer) extendPlainParallel(ctx context.Context, to int) error {
	c.Reserve(to + 1)
	if c.pw[0] == nil {
		c.pw[0] = newWorker()
	}
	w2 := c.pw[0]
	w2.size = c.size
	r := &plainRun{wake: make(chan struct{}, 1)}
	r.job.Store(-1)
	r.done.Store(-1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		last := int64(-1)
		for {
			var n int64
			for i := 0; ; i++ {
				if r.stopped.Load() {
					return
				}
				if n = r.job.Load(); n != last {
					break
				}
				if i >= spinWait {
					r.sleeping.Store(true)
					if r.job.Load() == last && !r.stopped.Load() {
						<-r.wake
					}
					r.sleeping.Store(false)
					i = 0
				}
			}
			last = n
			w2.markPlain(c, int(n), w2.stamp(int(n)), secondHalf)
			r.done.Store(n)
		}
	}()
	defer func() {
		r.stopped.Store(true)
		select {
		case r.wake <- struct{}{}:
		default:
		}
		wg.Wait()
	}()
	for n := c.n; n <= to; n++ {
		r.job.Store(int64(n))
		if r.sleeping.Load() {
			select {
			case r.wake <- struct{}{}:
			default:
			}
		}
		c.w.markPlain(c, n, c.w.stamp(n), firstHalf)
		for i := 0; r.done.Load() != int64(n); i++ {
			if i >= spinWait {
				runtime.Gosched()
			}
		}
		stamp, s2 := c.w.cur, w2.cur
		v := uint16(0)
		for c.w.mark[v] == stamp || w2.mark[v] == s2 {
			v++
		}
		if err := c.push(uint32(v)); err != nil {
			return err
		}
		c.pairs += n / 2
		c.counted++
		if n&63 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if !c.fast() {
			return nil // the caller goes on with the generic kernel
		}
	}
	return nil
}
