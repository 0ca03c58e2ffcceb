package octal

import (
	"context"
	"time"
)

// The two-core scheduler (SetParallel). Two cores pay only where a value
// costs far more than handing it over, and only while the second core is
// free: a run goes on two cores a probe at a time, and each probe's rate is
// compared with the last one-core rate. On a machine busy with other work
// the handovers can cost more than they save, and then the values come one
// core at a time for a while (parRetry values) or until the kernel is
// re-chosen. Which core computes a value never changes it.

// scheduler is the two-core mode's state.
type scheduler struct {
	parallel bool
	pw       [2]*worker // the two-core mode's workers
	// pairs and counted: pairs of heaps examined for the last counted
	// values (reset as the kernel is re-chosen): two cores pay only where
	// a value costs far more than handing it over.
	pairs, counted int
	// seqRate is the last one-core rate (values/s); parOff turns the
	// two-core mode off (it lost to one core) until heap parRetry or the
	// kernel is re-chosen.
	seqRate  float64
	parOff   bool
	parRetry int
	parLost  int // two-core probes lost in a row
	// takeovers counts the heaps a two-core goroutine computed for the
	// other one, held up (parallel.go).
	takeovers int
}

// SetParallel lets the computer use a second goroutine (a second core)
// for the sparse-space kernel (see parallel.go). Values are the same
// either way.
func (c *Computer) SetParallel(on bool) { c.sched.parallel = on }

// parProbe is how many values the two-core mode computes before its speed
// is compared with one core's.
const parProbe = 1 << 13

// parRetry is how many values one core computes after a two-core probe
// lost before two cores are tried again: a busy moment (another process
// on the other core) must not cost a whole doubling of the sequence.
const parRetry = 16 * parProbe

// parallelPairs is the average number of pairs of heaps a value must cost
// for the two-core mode: handing a value to the other core costs about as
// much as a few hundred pairs.
const parallelPairs = 1000

// twoCores computes a first part of G(c.n..stop−1) on two cores, a probe
// at a time, if they may pay: the sparse kernel's pipeline (parallel.go)
// for values of many pairs, the plain kernel's halves of the splits from
// heap plainParallelFrom. It reports whether the segment should be planned
// again (two cores are still on and the segment is not done), and
// otherwise the end of what one core computes next: stop, or a one-core
// probe after the plain kernel's lost one.
func (c *Computer) twoCores(ctx context.Context, stop int) (replan bool, end int, err error) {
	n := c.n
	if stop-n >= 256 && c.sparseParallel() && c.sched.parOn(n) {
		if err := c.probe(ctx, c.extendParallel, min(stop-1, n+parProbe)); err != nil {
			return false, 0, err
		}
		if c.n < stop && !c.sched.parOff {
			return true, 0, nil
		}
		// The rest (if it stopped early) one value at a time.
	}
	if c.plainParallel() {
		if err := c.probe(ctx, c.extendPlainParallel, min(stop-1, c.n+parProbe/8)); err != nil {
			return false, 0, err
		}
		if c.n < stop && !c.sched.parOff {
			return true, 0, nil
		}
		stop = min(stop, c.n+parProbe/8) // a one-core probe, then try again
	}
	return false, stop, nil
}

// probe runs a two-core extension to heap end and judges its rate.
func (c *Computer) probe(ctx context.Context, extend func(context.Context, int) error, end int) error {
	n := c.n
	t0 := time.Now()
	if err := extend(ctx, end); err != nil {
		return err
	}
	c.sched.judge(c.n-n, c.n, time.Since(t0))
	return nil
}

// judge compares the two-core rate just measured (values in d) with the
// last one-core rate, and turns the two-core mode off for parRetry values
// (from heap n) when two probes in a row do not win.
func (s *scheduler) judge(values, n int, d time.Duration) {
	if values < 256 || s.seqRate == 0 {
		return
	}
	if rate := float64(values) / max(d.Seconds(), 1e-9); rate >= s.seqRate {
		s.parLost = 0
		return
	}
	// One lost probe is often a hiccup (a GC cycle's worker taking one of
	// the two cores, a page fault storm); two in a row, the machine is busy.
	if s.parLost++; s.parLost >= 2 {
		s.parOff, s.parLost = true, 0
		s.parRetry = n + parRetry
	}
}

// parOn reports whether the two-core mode is on at heap n, turning it back
// on once the one-core stretch after a lost probe is over.
func (s *scheduler) parOn(n int) bool {
	if s.parOff && n >= s.parRetry {
		s.parOff = false
	}
	return !s.parOff
}

// sparseParallel reports whether the sparse kernel should go on two cores:
// it may, and a value has cost enough pairs lately to pay for handing it
// over.
func (c *Computer) sparseParallel() bool {
	return c.sched.parallel && c.per.p == 0 && c.sparse && c.fast() && !c.tail && c.n > 1024 &&
		c.sched.counted >= 256 && c.sched.pairs >= parallelPairs*c.sched.counted
}

// plainParallel reports whether the plain kernel should halve each heap's
// splits between two cores: it may (16-bit values, at most two heaps
// left, no tail), from heap plainParallelFrom, unless a probe lost.
func (c *Computer) plainParallel() bool {
	return c.sched.parallel && c.per.p == 0 && !c.sparse && c.fast() && len(c.g.three) == 0 && !c.g.general() &&
		!c.tail && c.n >= plainParallelFrom && !c.sched.parOff
}
