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

// hold allocates n MiB and keeps them until release is closed, ignoring
// its context (a computation that does not stop when told, holding what it
// allocated); it reports on allocated when the blocks are live.
func hold(n int, allocated chan<- struct{}, release <-chan struct{}) {
	held := make([][]byte, n)
	for i := range held {
		held[i] = make([]byte, 1<<20)
		for j := range held[i] {
			held[i][j] = byte(j)
		}
	}
	close(allocated)
	<-release
	runtime.KeepAlive(held)
}

// waitSamples waits until the guard has taken n more samples.
func waitSamples(t *testing.T, g *Guard, n int64) {
	t.Helper()
	want := g.Samples() + n
	for start := time.Now(); g.Samples() < want; time.Sleep(time.Millisecond) {
		if time.Since(start) > time.Minute {
			t.Fatalf("the guard took %d of %d samples in a minute", n-(want-g.Samples()), n)
		}
	}
}

// TestGuardStopsTheGrower (issue 45, finding 3): a computation that
// started while another filled the heap is not stopped for that one's
// memory. The hog grows the heap to the limit; the victim, watched once
// the hog holds most of it, allocates a little; the guard stops the hog
// alone, and once the hog has ended, the victim is admitted and runs on.
// (Before, the guard canceled every computation watched.)
func TestGuardStopsTheGrower(t *testing.T) {
	runtime.GC()
	base := Usage()
	g := New(Options{Limit: base + 64<<20})
	hogCtx, hogEnd := g.Watch(context.Background())
	defer hogEnd()
	// 40 MiB first, then the victim comes, then the hog goes on.
	hog := make(chan int, 1)
	victimIn := make(chan struct{})
	go func() {
		first := allocatePaced(t, hogCtx, g, base, 40)
		<-victimIn
		hog <- first + allocate(hogCtx, 1024)
	}()
	for g.Peak() < base+39<<20 {
		time.Sleep(time.Millisecond)
	}
	victim, victimEnd := g.Watch(context.Background())
	defer victimEnd()
	small := allocate(victim, 4)
	close(victimIn)
	n := <-hog
	var be *impartial.BudgetError
	if c := context.Cause(hogCtx); !errors.As(c, &be) || be.Limit != impartial.LimitMemory {
		t.Fatalf("the hog's cause is %v after %d MiB, want a memory BudgetError", c, n)
	}
	if victim.Err() != nil {
		t.Fatalf("the victim (%d MiB) was stopped: %v", small, context.Cause(victim))
	}
	hogEnd()                                                              // the hog's memory is garbage now
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a failsafe
	defer cancel()
	if err := g.Admit(ctx); err != nil {
		t.Fatalf("new work not admitted after the hog ended: %v", err)
	}
	if victim.Err() != nil || g.Trips() != 1 {
		t.Errorf("after the hog ended: victim %v, %d trips (want 1)", context.Cause(victim), g.Trips())
	}
}

// TestGuardWaitsForTheStopped: while a computation the guard stopped has
// not ended (it ignores its context and holds its memory), the heap stays
// over the limit, but no other computation is stopped for it, and new work
// waits in Admit until it ends.
func TestGuardWaitsForTheStopped(t *testing.T) {
	runtime.GC()
	base := Usage()
	g := New(Options{Limit: base + 32<<20, Ceiling: base + 1<<30})
	hogCtx, hogEnd := g.Watch(context.Background())
	allocated, release := make(chan struct{}), make(chan struct{})
	go hold(48, allocated, release)
	<-allocated
	<-hogCtx.Done() // stopped, but still holding 48 MiB
	victim, victimEnd := g.Watch(context.Background())
	defer victimEnd()
	allocate(victim, 4)
	waitSamples(t, g, 20)
	if victim.Err() != nil || g.Stopping() != 1 {
		t.Fatalf("while the hog holds the memory: victim %v, %d stopping", context.Cause(victim), g.Stopping())
	}
	short, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := g.Admit(short); err == nil {
		t.Fatal("new work admitted while the stopped hog still holds the heap over the limit")
	}
	close(release)
	hogEnd()
	ctx, cancel2 := context.WithTimeout(context.Background(), time.Minute) // a failsafe
	defer cancel2()
	if err := g.Admit(ctx); err != nil {
		t.Fatalf("not admitted after the hog ended: %v", err)
	}
	if victim.Err() != nil || g.Trips() != 1 {
		t.Errorf("victim %v, %d trips (want 1)", context.Cause(victim), g.Trips())
	}
}

// TestGuardCeiling: a stopped computation that goes on growing past the
// ceiling gets every computation stopped, so the process lives.
func TestGuardCeiling(t *testing.T) {
	runtime.GC()
	base := Usage()
	g := New(Options{Limit: base + 16<<20, Ceiling: base + 48<<20})
	hogCtx, hogEnd := g.Watch(context.Background())
	defer hogEnd()
	allocated, release := make(chan struct{}), make(chan struct{})
	go hold(24, allocated, release)
	<-allocated
	<-hogCtx.Done()
	other, otherEnd := g.Watch(context.Background())
	defer otherEnd()
	allocated2, release2 := make(chan struct{}), make(chan struct{})
	go hold(40, allocated2, release2) // the hog's further growth: past the ceiling
	<-allocated2
	select {
	case <-other.Done():
	case <-time.After(time.Minute): // a failsafe
		t.Fatal("past the ceiling, the other computation was not stopped")
	}
	close(release)
	close(release2)
	if g.Trips() != 2 {
		t.Errorf("%d trips, want 2", g.Trips())
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
