// Package memguard makes a memory limit real. impartial.Budget.MaxMemory is a
// search's own estimate of its live data; a computation that allocates outside
// the search (a list of moves, an answer being built, a rule file) or several
// computations at once can still exhaust the machine. A Guard samples the
// memory the Go runtime holds, every few milliseconds while it has work to
// watch, and when the heap passes its limit it stops the computation that
// grew it, with a typed cause: context.Cause(ctx) is an
// *impartial.BudgetError with Limit impartial.LimitMemory.
//
// The signal is the runtime's own count of heap objects
// (runtime/metrics "/memory/classes/heap/objects:bytes": live objects plus
// dead ones the collector has not yet freed). SetGCLimit sets the runtime's
// soft memory limit (debug.SetMemoryLimit, what GOMEMLIMIT sets) a little
// below the guard's limit, so the collector frees garbage before the heap
// reaches the limit; and before it stops anything the guard collects once
// more itself, so it trips only when live data is over the limit, not
// because a collection was late.
//
// Whose memory it is: the runtime counts the heap of the process, not of a
// goroutine, so the guard attributes it by time. Each watched computation
// keeps the least heap sampled since it started; its growth is the heap now
// minus that. Past the limit the guard stops one computation, the one that
// grew the heap most (of those that grew it alike, one not watched as
// light, then the oldest), and then stops nothing more until that one has
// ended: it holds the memory, and a computation that started while the heap
// was already high, or that allocates little, is not stopped for it (in a
// server: one client's load does not change another's answer). Only when
// the stopped one has ended and the heap, collected, is still over the
// limit is the next one stopped. A computation that ignores its context
// could hold the process past its limit for ever, so past Ceiling every
// watched computation is stopped at once.
//
// Admit lets new work wait while the heap is over the limit, instead of
// starting it only to stop it (or another).
//
// Canceling a context stops only code that checks it; the engines' loops do
// (every few thousand positions), so the heap stops growing within one
// sampling interval plus one poll of the computation. The overshoot is what
// the computations allocate in that time (the default interval stretches
// only while the headroom is more than 4 GiB/s would fill in it).
//
// Use one Guard per process (the limit is the process's):
//
//	g := memguard.New(memguard.Options{Limit: 512 << 20})
//	defer memguard.SetGCLimit(g.Limit())()
//	ctx, cancel := g.Watch(ctx)
//	defer cancel()
//	err := run(ctx)
//	err = memguard.Cause(ctx, err) // the memory error when the guard stopped it
//
// # Beyond the CLI
//
// Guard.Peak, Samples, Trips, Watching and Stopping report what the guard
// saw and did; the tests of this package and of the web's memory governor
// read them (deadcode from cmd/ lists them), no face prints them.
package memguard

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grundy/grundy/impartial"
)

// DefaultInterval is the sampling period when Options.Interval is zero and
// the heap is near the limit. Reading the heap metric costs about a
// microsecond, and a computation allocating a gigabyte a second overshoots
// by about 5 MB before it is told to stop.
//
// Far from the limit the default sampler waits longer, up to MaxInterval:
// as long as the headroom would take fastAlloc bytes a second that long to
// fill. A goroutine woken every 5 ms is not free: it preempts a busy core,
// and a two-core octal run, whose goroutines wait for each other, lost a
// third of its speed to it.
const DefaultInterval = 5 * time.Millisecond

// MaxInterval bounds the default sampler's period far from the limit.
const MaxInterval = 100 * time.Millisecond

// fastAlloc is the allocation rate (bytes a second) the default sampler
// assumes when it stretches its period: more than a Go program sustains.
const fastAlloc = 4 << 30

// gcSpacing is the least time between two collections the guard forces
// (before it stops a computation, or while work waits in Admit): a full
// collection of a few hundred megabytes takes tens of milliseconds of a
// core.
const gcSpacing = 100 * time.Millisecond

// gcSpacingStopping is gcSpacing while a computation the guard stopped
// still runs (the heap it holds is live: collecting it often is waste).
const gcSpacingStopping = time.Second

// heapObjects is the runtime/metrics name of the sampled quantity.
const heapObjects = "/memory/classes/heap/objects:bytes"

// Options configure a Guard.
type Options struct {
	// Limit is the high-water mark in bytes of the Go heap (live objects and
	// garbage not yet collected). Past it, the computation that grew the
	// heap most is stopped. Zero or negative: no limit (Watch only passes
	// the parent through).
	Limit int64
	// Ceiling is the heap past which every watched computation is stopped
	// at once, even while one stopped before has not yet ended (it ignores
	// its context and holds the memory). Default: Limit + max(Limit,
	// 256 MiB).
	Ceiling int64
	// Interval is the sampling period. Default: DefaultInterval.
	Interval time.Duration
}

// Guard watches the heap on behalf of the computations registered with
// Watch. It is safe for concurrent use. The sampling goroutine runs only
// while at least one computation is watched or waits in Admit.
type Guard struct {
	limit    int64
	ceiling  int64
	interval time.Duration
	adaptive bool // the default period: longer far from the limit

	mu       sync.Mutex
	watched  map[*watch]struct{}
	seq      uint64 // Watch calls so far: the age of a watch
	sampling bool   // the sampling goroutine is running
	waiters  int    // calls of Admit waiting
	over     bool   // the heap is over the limit, or a stopped computation still runs
	clear    chan struct{}
	lastGC   time.Time // the last collection forced
	ended    int64     // watches ended so far
	endedGC  int64     // ended at the last collection forced

	peak    atomic.Int64 // highest sample seen
	trips   atomic.Int64 // computations stopped
	samples atomic.Int64 // samples taken (for tests)
}

type watch struct {
	cancel  context.CancelCauseFunc
	seq     uint64
	light   bool
	base    int64 // the least heap sampled since the computation started
	stopped bool  // stopped by the guard, not yet ended
}

// New returns a guard with the options o.
func New(o Options) *Guard {
	adaptive := o.Interval <= 0
	if adaptive {
		o.Interval = DefaultInterval
	}
	if o.Ceiling <= 0 || o.Ceiling < o.Limit {
		o.Ceiling = o.Limit + max(o.Limit, 256<<20)
	}
	return &Guard{limit: o.Limit, ceiling: o.Ceiling, interval: o.Interval, adaptive: adaptive,
		watched: make(map[*watch]struct{}), clear: make(chan struct{})}
}

// Limit returns the guard's limit in bytes (0: none).
func (g *Guard) Limit() int64 { return g.limit }

// Peak returns the highest heap size the guard has sampled.
func (g *Guard) Peak() int64 { return g.peak.Load() }

// Samples returns how many times the guard has sampled the heap.
func (g *Guard) Samples() int64 { return g.samples.Load() }

// Trips returns how many computations the guard has stopped.
func (g *Guard) Trips() int64 { return g.trips.Load() }

// Watching returns the number of computations watched now (those the guard
// stopped that have not ended included).
func (g *Guard) Watching() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.watched)
}

// Stopping returns the number of computations the guard stopped that have
// not ended yet.
func (g *Guard) Stopping() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for w := range g.watched {
		if w.stopped {
			n++
		}
	}
	return n
}

// Watch returns a context derived from parent that the guard cancels, with
// an *impartial.BudgetError{Limit: impartial.LimitMemory} as its cause, when
// the heap passes the limit and this computation grew it most (see the
// package doc). Call cancel when the computation ends: it stops the watch
// and releases the context; until then a computation the guard stopped
// counts as holding the memory.
func (g *Guard) Watch(parent context.Context) (ctx context.Context, cancel context.CancelFunc) {
	return g.watch(parent, false)
}

// WatchLight is Watch for a computation expected to allocate little (a
// server's cheap request): of several computations that grew the heap
// alike, the guard stops the others first.
func (g *Guard) WatchLight(parent context.Context) (ctx context.Context, cancel context.CancelFunc) {
	return g.watch(parent, true)
}

func (g *Guard) watch(parent context.Context, light bool) (context.Context, context.CancelFunc) {
	if g.limit <= 0 {
		return context.WithCancel(parent)
	}
	ctx, cancelCause := context.WithCancelCause(parent)
	w := &watch{cancel: cancelCause, light: light, base: Usage()}
	g.mu.Lock()
	g.seq++
	w.seq = g.seq
	g.watched[w] = struct{}{}
	g.startLocked()
	g.mu.Unlock()
	return ctx, func() {
		g.mu.Lock()
		if _, ok := g.watched[w]; ok {
			delete(g.watched, w)
			g.ended++
		}
		g.mu.Unlock()
		cancelCause(context.Canceled)
	}
}

// Admit waits until the heap is under the limit and every computation the
// guard stopped has ended, or until ctx ends (its error then). New work
// admitted only then does not start into a heap that is already full.
func (g *Guard) Admit(ctx context.Context) error {
	if g.limit <= 0 {
		return nil
	}
	g.mu.Lock()
	if !g.over {
		g.mu.Unlock()
		return nil
	}
	g.waiters++
	g.startLocked()
	clear := g.clear
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.waiters--
		g.mu.Unlock()
	}()
	select {
	case <-clear:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *Guard) startLocked() {
	if !g.sampling {
		g.sampling = true
		go g.sample()
	}
}

// sample runs while computations are watched or wait: it reads the heap
// every interval and acts on it (step).
func (g *Guard) sample() {
	s := []metrics.Sample{{Name: heapObjects}}
	read := func() int64 {
		metrics.Read(s)
		heap := int64(s[0].Value.Uint64())
		if heap > g.peak.Load() {
			g.peak.Store(heap) // only this goroutine stores
		}
		return heap
	}
	t := time.NewTimer(g.interval)
	defer t.Stop()
	for {
		heap := read()
		g.samples.Add(1)
		g.mu.Lock()
		collected := false
		spacing := gcSpacing
		if g.stoppingLocked() {
			spacing = gcSpacingStopping
		}
		if heap > g.limit && (g.ended != g.endedGC || time.Since(g.lastGC) >= spacing) {
			// Before stopping anything, or to let waiting work in, free the
			// garbage the heap counts (a stopped computation's, once it
			// ended): only live data should trip.
			g.lastGC, g.endedGC = time.Now(), g.ended
			g.mu.Unlock()
			runtime.GC()
			heap = read()
			g.mu.Lock()
			collected = true
		}
		g.stepLocked(heap, collected)
		if len(g.watched) == 0 && g.waiters == 0 {
			g.sampling = false
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		t.Reset(g.next(heap))
		<-t.C
	}
}

// stepLocked acts on a sample of the heap: under the limit it lets waiting
// work in; over it, just after a collection (collected), it stops the
// computation that grew the heap most, unless one it stopped is still
// running; past the ceiling it stops every one.
func (g *Guard) stepLocked(heap int64, collected bool) {
	for w := range g.watched {
		w.base = min(w.base, heap)
	}
	switch {
	case heap <= g.limit && !g.stoppingLocked():
		if g.over {
			g.over = false
			close(g.clear)
			g.clear = make(chan struct{})
		}
		return
	case heap > g.ceiling:
		for w := range g.watched {
			if !w.stopped {
				g.stopLocked(w)
			}
		}
	case collected && heap > g.limit && !g.stoppingLocked():
		if w := g.grewMostLocked(heap); w != nil {
			g.stopLocked(w)
		}
	}
	g.over = true
}

func (g *Guard) stopLocked(w *watch) {
	g.trips.Add(1)
	w.stopped = true
	w.cancel(&impartial.BudgetError{Limit: impartial.LimitMemory, Max: g.limit})
}

func (g *Guard) stoppingLocked() bool {
	for w := range g.watched {
		if w.stopped {
			return true
		}
	}
	return false
}

// grewMostLocked returns the computation to stop: the one whose growth
// (heap minus its least heap sampled) is largest; among those within a
// 32nd of the limit of the largest, a heavy one before a light one, then
// the oldest.
func (g *Guard) grewMostLocked(heap int64) *watch {
	var top int64 = -1
	for w := range g.watched {
		top = max(top, heap-w.base)
	}
	tie := g.limit / 32
	var best *watch
	for w := range g.watched {
		if heap-w.base < top-tie {
			continue
		}
		if best == nil || best.light && !w.light || best.light == w.light && w.seq < best.seq {
			best = w
		}
	}
	return best
}

// next returns how long the sampler waits after reading heap.
func (g *Guard) next(heap int64) time.Duration {
	if !g.adaptive {
		return g.interval
	}
	d := time.Duration(float64(g.limit-heap) / fastAlloc * float64(time.Second))
	return min(max(d, g.interval), MaxInterval)
}

// Usage returns the heap size now: live objects and garbage not yet
// collected, in bytes, the quantity the guard compares with its limit.
func Usage() int64 {
	s := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// SetGCLimit sets the runtime's soft memory limit (debug.SetMemoryLimit) to
// 7/8 of limit, unless a lower one is set already (by GOMEMLIMIT, say), so
// the collector works harder as the heap nears a guard's limit. It returns
// the function that restores the previous soft limit. limit ≤ 0 does
// nothing.
func SetGCLimit(limit int64) (restore func()) {
	if limit <= 0 {
		return func() {}
	}
	prev := debug.SetMemoryLimit(-1)
	soft := limit / 8 * 7
	if soft >= prev {
		return func() {}
	}
	debug.SetMemoryLimit(soft)
	return func() { debug.SetMemoryLimit(prev) }
}

// Cause returns the guard's memory error when ctx was canceled by a guard,
// and err otherwise. Engines report a canceled context as
// impartial.LimitCanceled; Cause turns that into the reason.
func Cause(ctx context.Context, err error) error {
	if err == nil || ctx.Err() == nil {
		return err
	}
	var be *impartial.BudgetError
	if c := context.Cause(ctx); errors.As(c, &be) && be.Limit == impartial.LimitMemory {
		return be
	}
	return err
}
