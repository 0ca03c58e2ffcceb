package octal

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Two cores (SetParallel): two goroutines take the heaps in order from a
// shared counter. The options of heap n involve heaps up to n−1, but only
// a few involve the last ones: taking k tokens and leaving one heap n−k,
// and the splits b + (m−b) with b small. So a goroutine computes, from the
// values published so far, G(0..a−1) with a ≥ n−lookahead+1, the mex s of
// every option that involves heaps below a only (sparseFast with avail = a),
// and leaves it for the heap's turn. In heap order, under a lock, each
// left mex is completed once G(n−1) is published: G(n) = s unless s is one
// of the few left-out values x (mex(S ∪ X) = mex(S) when mex(S) ∉ X); then
// G(n) is recomputed with every option. So a goroutine busy with a heap of
// many pairs holds up the other one only after lookahead heaps, not at the
// next one. Each goroutine keeps its own tables and its own copy of the rare
// heaps, learning the values as they are published (an atomic count, so
// that a value is read only after it is written). The values are exactly
// those of one core.

// lookahead is how far past the published values a goroutine may take a
// heap: the left-out options of a heap are about lookahead per split digit.
const lookahead = 64

// batch is how many consecutive heaps a goroutine takes at once: the
// counters, the lock and the last values move between the cores once a
// batch instead of once a heap.
const batch = 16

// spinWait is how many times a goroutine polls the published count before
// it yields to the scheduler (on a busy machine the other goroutine may not
// be running at all). Sleeping on a channel instead cost more than the
// values: a wake-up takes longer than a value of a few thousand pairs.
const spinWait = 1 << 10

type partial struct {
	s     uint32
	avail int
	ready bool
}

type parRun struct {
	c   *Computer
	buf []uint16
	// The counters the goroutines write each value get a cache line each:
	// sharing one, they cost more than the values (false sharing).
	_         [64]byte
	published atomic.Int64 // G(0..published−1) are in buf
	_         [56]byte
	next      atomic.Int64 // the next heap to take
	_         [56]byte
	abort     atomic.Bool
	_         [63]byte
	mu        spinLock
	left      [lookahead]partial // by heap mod lookahead, under mu
	pairs     [2]int             // pairs examined by each goroutine, booked at its end
	takeovers int                // heaps computed by the goroutine that did not take them, under mu
	to        int
	claim     int  // the heap being computed outside the lock (−1: none), under mu
	held      bool // G(published) = heldV could not be booked, under mu
	heldV     uint32
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
	r := &parRun{c: c, buf: c.vals[:to+1], to: to, claim: -1}
	r.published.Store(int64(start))
	r.next.Store(int64(start))
	var ws [2]*worker
	for i := range ws {
		w := c.sched.pw[i]
		if w == nil {
			w = newWorker()
			c.sched.pw[i] = w
		}
		w.rareN = append(w.rareN[:0], c.w.rareN...)
		w.dropBatch()
		w.rareV = append(w.rareV[:0], c.w.rareV...)
		w.size = c.size
		ws[i] = w
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.run(ctx, ws[1], 1)
	}()
	r.run(ctx, ws[0], 0)
	wg.Wait()
	// The values published are booked (book) and in place in c.vals.
	done := int(r.published.Load())
	c.sched.pairs += r.pairs[0] + r.pairs[1]
	c.sched.takeovers += r.takeovers
	c.sched.counted += done - start
	c.vals = c.vals[:done]
	c.n = done
	for _, w := range ws {
		for v, f := range w.freq {
			c.freq[v][0] += f[0]
			c.freq[v][1] += f[1]
		}
		clear(w.freq)
	}
	if r.held && r.err == nil {
		// Computed right (its options are all below fastLimit) but not
		// bookable in parallel: push escapes it or grows the tables.
		if err := c.push(r.heldV); err != nil {
			return err
		}
		c.sched.counted++
	}
	return r.err
}

// book puts G(n) = v in place and does what push does for it: the
// goroutine completing heap n calls it under the lock, so that no serial
// pass is left once the goroutines are done. A value it cannot book (one
// to escape, or one past the 16-bit kernels) is held instead and the run
// stops after heap n−1; extendParallel pushes G(n) once the goroutines
// are done. It reports whether v was booked.
func (r *parRun) book(w *worker, n int, v uint32) bool {
	c := r.c
	if v >= fastLimit || v > c.hooks.escAbove {
		r.held, r.heldV = true, v
		r.abort.Store(true)
		return false
	}
	// Below fastLimit, grow leaves the parity table the goroutines read
	// as it is (it holds 2^16 entries already).
	c.note(n, v, uint16(v))
	// Tallied by the worker, added up once the run is over: c.freq would
	// move between the cores with every value (measured, a cache miss
	// nearly every time).
	if int(v) >= len(w.freq) {
		w.freq = append(w.freq, make([][2]int64, int(v)+1-len(w.freq))...)
	}
	w.freq[v][n&1]++
	r.buf[n] = uint16(v)
	return true
}

func (r *parRun) fail(err error) {
	r.errOnce.Do(func() { r.err = err })
	r.abort.Store(true)
}

// wait spins until G(0..n−1) are published and returns how many are (at
// least n); −1 if the run stopped. Every spinWait polls it calls stalled:
// the other goroutine may be off its core (another process, or the host
// running the other vCPU late), and the wait would then last as long.
func (r *parRun) wait(n int, stalled func()) int {
	for i := 0; ; i++ {
		if p := int(r.published.Load()); p >= n {
			return p
		}
		if r.abort.Load() {
			return -1
		}
		if i >= spinWait {
			stalled()
			runtime.Gosched()
			i = 0
		}
	}
}

// run takes heaps until r.to, leaves their partial mex and completes every
// heap whose turn has come.
func (r *parRun) run(ctx context.Context, w *worker, id int) {
	c := r.c
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
	pairs := 0
	defer func() { r.pairs[id] = pairs }()
	// exact computes G(p) with every option, without the lock (held on
	// entry and on return): G(0..p−1) are published, and p is claimed, so
	// the other goroutine completes no heap from p on and takes none past
	// p+lookahead−1 meanwhile; it goes on with its own heaps instead of
	// waiting for the lock.
	exact := func(p int) uint32 {
		r.claim = p
		r.mu.Unlock()
		learn(p)
		v, work := w.sparseFast(c, p, r.buf, p, false)
		pairs += work
		r.mu.Lock()
		r.claim = -1
		return v
	}
	// complete completes every heap whose turn has come, under the lock.
	complete := func() {
		p := int(r.published.Load())
		for ; p <= r.to && p != r.claim; p++ {
			e := &r.left[p%lookahead]
			if !e.ready {
				break
			}
			e.ready = false
			v := e.s
			if e.avail < p && r.leftOut(p, e.avail, v) {
				r.published.Store(int64(p))
				v = exact(p)
			}
			if !r.book(w, p, v) {
				break // held: past the 16-bit kernels or the tables
			}
		}
		// Published once for the whole run of heaps: the other goroutine
		// polls this cache line, and each store takes it back.
		r.published.Store(int64(p))
	}
	// takeOver computes the first heap not published, the other
	// goroutine's, when this one has waited for it a while: if the other
	// goroutine is off its core, the run goes on at the speed of one
	// core instead of stopping until it is back. Its partial, when it
	// comes, is dropped (the heap is published by then, or claimed).
	takeOver := func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		p := int(r.published.Load())
		if p > r.to || p == r.claim || r.left[p%lookahead].ready || r.abort.Load() {
			return
		}
		v := exact(p)
		r.takeovers++
		if r.book(w, p, v) {
			r.published.Store(int64(p + 1))
			complete()
		}
	}
	var mine [batch]partial
	for count := 0; ; count++ {
		n0 := int(r.next.Add(batch) - batch)
		if n0 > r.to || r.abort.Load() {
			return
		}
		if count&127 == 0 && ctx.Err() != nil {
			r.fail(ctx.Err())
			return
		}
		nb := min(batch, r.to-n0+1)
		for k := range nb {
			n := n0 + k
			avail := r.wait(n-lookahead+1, takeOver)
			if avail < 0 {
				return
			}
			avail = min(avail, n)
			learn(avail)
			s, work := w.sparseFast(c, n, r.buf, avail, true)
			pairs += work
			mine[k] = partial{s: s, avail: avail, ready: true}
			if c.hooks.stall != nil {
				c.hooks.stall(id, n)
			}
		}
		r.mu.Lock()
		done := int(r.published.Load())
		for k := range nb {
			if n := n0 + k; n >= done && n != r.claim { // else taken over
				r.left[n%lookahead] = mine[k]
			}
		}
		complete()
		r.mu.Unlock()
	}
}

// spinLock is a lock that never parks its goroutine. With sync.Mutex, a
// goroutine that found the lock held went to sleep; the other one, soon
// needing the values held back in its partials, then spun until the
// sleeper woke (tens of microseconds in this VM, more than a batch takes):
// measured, 2,500 such waits at 2^22 against 400 with this lock. The lock
// is held only for a batch's bookkeeping (recomputations run outside it).
type spinLock struct{ held atomic.Bool }

func (l *spinLock) Lock() {
	for i := 0; ; i++ {
		if !l.held.Load() && l.held.CompareAndSwap(false, true) {
			return
		}
		if i >= spinWait {
			runtime.Gosched()
			i = 0
		}
	}
}

func (l *spinLock) Unlock() { l.held.Store(false) }

// leftOut reports whether v is the value of an option of heap n that
// sparseFast with avail left out (one involving a heap ≥ avail); G(0..n−1)
// are published.
func (r *parRun) leftOut(n, avail int, v uint32) bool {
	g, vals := &r.c.g, r.buf
	for _, k := range g.one {
		if k < n && n-k >= avail && uint32(vals[n-k]) == v {
			return true
		}
	}
	for _, k := range g.two {
		m := n - k
		if m < 2 {
			continue
		}
		hi := min(pairsHi(m, g.unequal), m-avail)
		for b := 1; b <= hi; b++ {
			if uint32(vals[b]^vals[m-b]) == v {
				return true
			}
		}
	}
	return false
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
	if c.sched.pw[0] == nil {
		c.sched.pw[0] = newWorker()
	}
	w2 := c.sched.pw[0]
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
		c.sched.pairs += n / 2
		c.sched.counted++
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
