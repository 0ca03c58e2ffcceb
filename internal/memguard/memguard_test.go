package memguard

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/grundy/grundy/impartial"
)

// allocate grows a live slice of 1 MiB blocks until ctx ends or max blocks
// are held, and returns how many it held.
func allocate(ctx context.Context, max int) int {
	var held [][]byte
	for len(held) < max {
		if ctx.Err() != nil {
			break
		}
		b := make([]byte, 1<<20)
		for i := range b {
			b[i] = byte(i) // touch it: resident, not just reserved
		}
		held = append(held, b)
	}
	n := len(held)
	runtime.KeepAlive(held)
	return n
}

// allocatePaced is allocate, one block at a time as the guard sees them:
// after each block it waits until the guard has sampled a heap that holds
// the blocks before it (its peak reaches base plus those), so that how far
// the heap passes the limit before the guard trips does not depend on how
// fast this loop runs against the sampler's clock. It fails the test if the
// guard stops sampling (a failsafe far above any sampling period).
func allocatePaced(t *testing.T, ctx context.Context, g *Guard, base int64, max int) int {
	t.Helper()
	var held [][]byte
	for len(held) < max {
		if ctx.Err() != nil {
			break
		}
		b := make([]byte, 1<<20)
		for i := range b {
			b[i] = byte(i)
		}
		held = append(held, b)
		seen := base + int64(len(held)-1)<<20
		for start := time.Now(); g.Peak() < seen && ctx.Err() == nil; time.Sleep(100 * time.Microsecond) {
			if time.Since(start) > time.Minute {
				t.Fatalf("the guard sampled no heap of %d MiB over the start in a minute (peak %d MiB over)", len(held)-1, (g.Peak()-base)>>20)
			}
		}
	}
	n := len(held)
	runtime.KeepAlive(held)
	return n
}

// TestGuardCancelsPastLimit allocates in a loop under a limit 64 MiB above
// the heap at the start: the guard must cancel with the memory cause, and
// not before the heap really passed the limit (the test's own blocks are
// the truth: at least 64 MiB of them were live), nor at a later sample
// than the first past it (the loop is paced by the guard's samples; how
// far a computation allocating freely gets past the limit depends on its
// speed against the sampler's period, and is logged only).
func TestGuardCancelsPastLimit(t *testing.T) {
	runtime.GC()
	base := Usage()
	const extra = 64 << 20
	g := New(Options{Limit: base + extra})
	ctx, cancel := g.Watch(context.Background())
	defer cancel()
	start := time.Now()
	n := allocatePaced(t, ctx, g, base, 1024) // 1 GiB if the guard never trips
	elapsed := time.Since(start)
	if ctx.Err() == nil {
		t.Fatalf("allocated %d MiB over a %d MiB margin and the context is still live", n, extra>>20)
	}
	var be *impartial.BudgetError
	if c := context.Cause(ctx); !errors.As(c, &be) || be.Limit != impartial.LimitMemory || be.Max != g.Limit() {
		t.Fatalf("cause %v, want a memory BudgetError with Max %d", c, g.Limit())
	}
	// It tripped only once the blocks held really filled the margin (the
	// heap held other garbage too, so the blocks may be a little fewer).
	if n < extra>>20*3/4 {
		t.Errorf("canceled after %d MiB of the %d MiB margin: tripped early", n, extra>>20)
	}
	// And at the first sample past it: the loop goes on only once a sample
	// saw a heap holding the blocks before the last, so the guard trips
	// within a few blocks past the margin (the block allocated while the
	// sample that trips is taken, and those allocated between its peak and
	// its cancel, if the sampler is held up there).
	if n > extra>>20+4 {
		t.Errorf("canceled after %d MiB over a %d MiB margin: tripped late", n, extra>>20)
	}
	t.Logf("canceled after %d MiB, %v", n, elapsed)
	if g.Trips() != 1 || g.Peak() <= g.Limit() {
		t.Errorf("trips %d, peak %d, limit %d", g.Trips(), g.Peak(), g.Limit())
	}
	if err := Cause(ctx, &impartial.BudgetError{Limit: impartial.LimitCanceled, Err: ctx.Err()}); err != context.Cause(ctx) {
		t.Errorf("Cause = %v, want the guard's error", err)
	}
}

// TestGuardCancelsEveryWatched: one computation's growth cancels all the
// computations watched at that moment (the guard cannot tell whose memory
// it is), and the watch list empties.
func TestGuardCancelsEveryWatched(t *testing.T) {
	runtime.GC()
	g := New(Options{Limit: Usage() + 32<<20})
	idle, cancelIdle := g.Watch(context.Background())
	defer cancelIdle()
	busy, cancelBusy := g.Watch(context.Background())
	defer cancelBusy()
	allocate(busy, 1024)
	select {
	case <-idle.Done():
	case <-time.After(time.Minute): // a failsafe: busy's cancel cancels it at once
		t.Fatal("the idle computation was not canceled")
	}
	if w := g.Watching(); w != 0 {
		t.Errorf("still watching %d", w)
	}
}

// TestGuardUnderLimit: a computation that stays under the limit is not
// canceled; its cancel function ends the watch and the sampler.
func TestGuardUnderLimit(t *testing.T) {
	g := New(Options{Limit: Usage() + 1<<30})
	ctx, cancel := g.Watch(context.Background())
	allocate(ctx, 8)
	// At least one sample while it is watched (the sampler takes its
	// first at once, then one every few milliseconds).
	for start := time.Now(); g.Peak() == 0; time.Sleep(time.Millisecond) {
		if time.Since(start) > time.Minute {
			t.Fatal("no sample in a minute")
		}
	}
	if ctx.Err() != nil {
		t.Fatalf("canceled under the limit: %v", context.Cause(ctx))
	}
	cancel()
	if ctx.Err() == nil || g.Watching() != 0 {
		t.Fatalf("after cancel: err %v, watching %d", ctx.Err(), g.Watching())
	}
	if err := Cause(ctx, context.Canceled); err != context.Canceled {
		t.Errorf("Cause of a plain cancel = %v", err)
	}
	if g.Trips() != 0 || g.Peak() == 0 {
		t.Errorf("trips %d, peak %d", g.Trips(), g.Peak())
	}
}

// TestGuardParent: the watched context ends with its parent, with the
// parent's cause.
func TestGuardParent(t *testing.T) {
	g := New(Options{Limit: 1 << 40})
	parent, stop := context.WithTimeout(context.Background(), time.Millisecond)
	defer stop()
	ctx, cancel := g.Watch(parent)
	defer cancel()
	<-ctx.Done()
	if !errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
		t.Errorf("cause %v", context.Cause(ctx))
	}
	if err := Cause(ctx, ctx.Err()); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Cause %v", err)
	}
}

// TestNoLimit: a guard without a limit never cancels and starts no sampler.
func TestNoLimit(t *testing.T) {
	g := New(Options{})
	ctx, cancel := g.Watch(context.Background())
	defer cancel()
	allocate(ctx, 4)
	if ctx.Err() != nil || g.Watching() != 0 {
		t.Errorf("err %v, watching %d", ctx.Err(), g.Watching())
	}
}

func TestSetGCLimit(t *testing.T) {
	prev := debugLimit()
	restore := SetGCLimit(800 << 20)
	if got := debugLimit(); got != 700<<20 {
		t.Errorf("soft limit %d, want %d", got, 700<<20)
	}
	// A lower limit already set is kept.
	inner := SetGCLimit(1 << 40)
	if got := debugLimit(); got != 700<<20 {
		t.Errorf("soft limit %d after a higher request", got)
	}
	inner()
	restore()
	if got := debugLimit(); got != prev {
		t.Errorf("restored %d, want %d", got, prev)
	}
}

func debugLimit() int64 { return debug.SetMemoryLimit(-1) }
