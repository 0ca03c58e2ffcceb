// Package memguard makes a memory limit real. impartial.Budget.MaxMemory is a
// search's own estimate of its live data; a computation that allocates outside
// the search (a list of moves, an answer being built, a rule file) or several
// computations at once can still exhaust the machine. A Guard samples the
// memory the Go runtime holds, every few milliseconds while it has work to
// watch, and when the heap passes its limit it cancels every computation it
// watches, with a typed cause: context.Cause(ctx) is an
// *impartial.BudgetError with Limit impartial.LimitMemory.
//
// The signal is the runtime's own count of heap objects
// (runtime/metrics "/memory/classes/heap/objects:bytes": live objects plus
// dead ones the collector has not yet freed). SetGCLimit sets the runtime's
// soft memory limit (debug.SetMemoryLimit, what GOMEMLIMIT sets) a little
// below the guard's limit, so the collector frees garbage before the heap
// reaches the limit and the guard trips only when live data gets there, not
// because a collection was late.
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
package memguard

import (
	"context"
	"errors"
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

// heapObjects is the runtime/metrics name of the sampled quantity.
const heapObjects = "/memory/classes/heap/objects:bytes"

// Options configure a Guard.
type Options struct {
	// Limit is the high-water mark in bytes of the Go heap (live objects and
	// garbage not yet collected). Past it, every watched context is canceled.
	// Zero or negative: no limit (Watch only passes the parent through).
	Limit int64
	// Interval is the sampling period. Default: DefaultInterval.
	Interval time.Duration
}

// Guard watches the heap on behalf of the computations registered with
// Watch. It is safe for concurrent use. The sampling goroutine runs only
// while at least one computation is watched.
type Guard struct {
	limit    int64
	interval time.Duration
	adaptive bool // the default period: longer far from the limit

	mu       sync.Mutex
	watched  map[*watch]struct{}
	sampling bool // the sampling goroutine is running

	peak  atomic.Int64 // highest sample seen
	trips atomic.Int64 // times the limit was passed
}

type watch struct {
	cancel context.CancelCauseFunc
}

// New returns a guard with the options o.
func New(o Options) *Guard {
	adaptive := o.Interval <= 0
	if adaptive {
		o.Interval = DefaultInterval
	}
	return &Guard{limit: o.Limit, interval: o.Interval, adaptive: adaptive, watched: make(map[*watch]struct{})}
}

// Limit returns the guard's limit in bytes (0: none).
func (g *Guard) Limit() int64 { return g.limit }

// Peak returns the highest heap size the guard has sampled.
func (g *Guard) Peak() int64 { return g.peak.Load() }

// Trips returns how many times the heap was found over the limit (each time
// canceling every computation watched then).
func (g *Guard) Trips() int64 { return g.trips.Load() }

// Watching returns the number of computations watched now.
func (g *Guard) Watching() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.watched)
}

// Watch returns a context derived from parent that the guard cancels, with
// an *impartial.BudgetError{Limit: impartial.LimitMemory} as its cause, when
// the heap passes the limit while the computation runs. Call cancel when the
// computation ends: it stops the watch and releases the context.
func (g *Guard) Watch(parent context.Context) (ctx context.Context, cancel context.CancelFunc) {
	if g.limit <= 0 {
		return context.WithCancel(parent)
	}
	ctx, cancelCause := context.WithCancelCause(parent)
	w := &watch{cancel: cancelCause}
	g.mu.Lock()
	g.watched[w] = struct{}{}
	if !g.sampling {
		g.sampling = true
		go g.sample()
	}
	g.mu.Unlock()
	return ctx, func() {
		g.mu.Lock()
		delete(g.watched, w)
		g.mu.Unlock()
		cancelCause(context.Canceled)
	}
}

// sample runs while computations are watched: it reads the heap every
// interval and cancels them all when it is over the limit.
func (g *Guard) sample() {
	s := []metrics.Sample{{Name: heapObjects}}
	t := time.NewTimer(g.interval)
	defer t.Stop()
	for {
		metrics.Read(s)
		heap := int64(s[0].Value.Uint64())
		if heap > g.peak.Load() {
			g.peak.Store(heap) // only this goroutine stores
		}
		g.mu.Lock()
		if heap > g.limit && len(g.watched) > 0 {
			g.trips.Add(1)
			cause := &impartial.BudgetError{Limit: impartial.LimitMemory, Max: g.limit}
			for w := range g.watched {
				w.cancel(cause)
				delete(g.watched, w)
			}
		}
		if len(g.watched) == 0 {
			g.sampling = false
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		t.Reset(g.next(heap))
		<-t.C
	}
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
