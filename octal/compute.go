package octal

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Method selects the kernel that computes a nim-sequence.
type Method int

const (
	// Auto uses the sparse-space kernel when a mask pays and the plain
	// kernel otherwise, re-deciding as the sequence grows.
	Auto Method = iota
	// PlainMethod is the O(n²) kernel (O(n³) with three-heap splits):
	// G(n) is the mex of every option's value. It is the test oracle.
	PlainMethod
	// SparseMethod forces the sparse-space kernel with the best mask found,
	// even where it does not pay (for tests). Games with three-heap splits
	// always use the plain kernel.
	SparseMethod
)

func (m Method) String() string {
	switch m {
	case PlainMethod:
		return "plain"
	case SparseMethod:
		return "sparse"
	}
	return "auto"
}

// MaxHeap is the largest heap size whose value a Computer computes holding
// every value; in tail mode (SetTail) heaps go up to MaxTailHeap.
const MaxHeap = 1<<31 - 2

// MaxTailHeap is the largest heap size a Computer in tail mode computes.
const MaxTailHeap = 1 << 50

// Stats describe a computation so far.
type Stats struct {
	// Computed is the number of values computed: G(0..Computed-1).
	Computed int `json:"computed"`
	// Kernel is the kernel used for the last value: "plain", "sparse" or
	// "period".
	Kernel string `json:"kernel"`
	// Mask, Positional and Shift define the rare/common split of the sparse
	// kernel: heap n is rare when parity(G(n) AND Mask) XOR (Positional and
	// n−Shift is odd) is 0.
	Mask       uint32 `json:"mask"`
	Positional bool   `json:"positional"`
	Shift      int    `json:"shift"`
	// Rare is the number of rare heaps among 1..Computed-1 (sparse kernel).
	Rare int `json:"rare"`
	// MaxValue is the largest value computed.
	MaxValue uint32 `json:"max_value"`
	// WordBytes is the width of one stored value: always 2 (values past
	// 65,534 are kept in a separate list, Escaped of them).
	WordBytes int `json:"word_bytes"`
	// Escaped is the number of values too large for 16 bits.
	Escaped int `json:"escaped"`
	// Held is the number of values held in memory: Computed, or in tail
	// mode the prefix plus the window.
	Held int `json:"held"`
	// Bytes estimates the memory held by the values and the kernel's tables.
	Bytes int64 `json:"bytes"`
}

// Computer computes the nim-sequence G(0), G(1), … of a game incrementally:
// Extend(ctx, n) computes up to G(n), and a later call continues where the
// last stopped. Values are stored in 16 bits; a value past 65,534 is kept
// in a separate list of (heap, value) pairs (checked, never truncated).
//
// Under Auto, the computer re-decides its kernel each time the sequence
// doubles (from 1024 values on): once Analyze proves a period, later values
// are copied from one period earlier (exact, by the Guy–Smith theorem);
// otherwise the sparse-space kernel runs with the mask that leaves the
// fewest rare heaps, if that is under one heap in eight, and the plain
// kernel otherwise.
//
// In tail mode (SetTail) it keeps only a prefix and a window of the latest
// values, so that memory stays flat however far it runs.
//
// A Computer is not safe for concurrent use.
type Computer struct {
	g      Game
	method Method

	store       // the values held (store.go)
	sparseState // the kernel chosen, the sparse-space split and its tables (sparse.go)
	workLimit   // a take-and-break code's work limit (SetMaxWork)

	// per.p > 0 once the period is proved (Auto only): G(n) = G(n−per.p)
	// for n ≥ per.n0 + per.p.
	per struct{ p, n0 int }

	sched scheduler   // one core or two (schedule.go)
	ck    checkpoints // replayed values and saves (replay.go)
	hooks testHooks

	// polled counts the work since the context was last checked.
	polled int
}

// testHooks are the switches tests use to reach paths that real runs
// reach only far out; the zero value of each but escAbove is off.
type testHooks struct {
	// escAbove is the largest value stored directly (escMark−1; lower
	// sends small values through the escape list).
	escAbove uint32
	// stall, if set, is called by the two-core goroutine id after each
	// heap n it computes (a goroutine held off its core).
	stall func(id, n int)
	// hashOnly finds period candidates by hashing even on short sequences.
	hashOnly bool
	// noTiny runs sparseFast where sparseTiny would run.
	noTiny bool
	// rloCap, if positive, shortens the reversed prefix (rloMax).
	rloCap int
}

// workLimit bounds the options a take-and-break code's plain kernel
// examines where it lists partitions (SetMaxWork); tbWork counts them.
type workLimit struct {
	maxWork, tbWork int64
}

// NewComputer returns a computer for g using the given method (Auto picks
// the kernel).
func NewComputer(g Game, m Method) *Computer {
	c := &Computer{g: g, method: m, hooks: testHooks{escAbove: escMark - 1}}
	c.nextChoose, c.w = 1024, newWorker()
	if m == SparseMethod {
		c.nextChoose = 16
	}
	c.vals = append(c.vals, 0) // G(0) = 0: no moves
	c.n = 1
	c.freq = make([][2]int64, 1)
	c.grow(1)
	return c
}

// Game returns the game being computed.
func (c *Computer) Game() Game { return c.g }

// Stats describes the computation so far.
func (c *Computer) Stats() Stats {
	s := Stats{Computed: c.n, Kernel: "plain", MaxValue: c.maxVal, WordBytes: 2, Escaped: len(c.esc), Held: len(c.vals) + len(c.ring)}
	if c.sparse {
		s.Kernel, s.Mask, s.Positional, s.Shift, s.Rare = "sparse", c.mask, c.e == 1, int(c.t), len(c.w.rareN)
	}
	if c.per.p > 0 {
		s.Kernel = "period"
	}
	if s.Held > c.n {
		s.Held = c.n
	}
	s.Bytes = c.store.bytes() + int64(cap(c.rlo))*2 + int64(cap(c.parity))
	s.Bytes += c.w.bytes()
	for _, w := range c.sched.pw {
		if w != nil {
			s.Bytes += w.bytes()
		}
	}
	return s
}

// ErrTooLarge reports a value or heap beyond what a Computer stores.
var ErrTooLarge = errors.New("value too large to store")

// Load appends known values G(Len()), G(Len()+1), … (say, read back from a
// checkpoint) as if they had been computed. The caller vouches for them.
// It may be called repeatedly, with chunks.
func (c *Computer) Load(vals []uint32) error {
	for _, v := range vals {
		if err := c.push(v); err != nil {
			return err
		}
		if c.n >= c.nextChoose && c.choosing() {
			c.nextChoose = 2 * c.n
			c.choose()
		}
	}
	if c.choosing() && (c.sparse || c.method != PlainMethod) {
		c.choose()
	}
	return nil
}

// push stores G(c.n) = v.
func (c *Computer) push(v uint32) error {
	n := c.n
	s, err := c.store.put(v, c.hooks.escAbove)
	if err != nil {
		return err
	}
	c.note(n, v, s)
	c.freq[v][n&1]++
	return nil
}

// note does for a new value G(n) = v, stored as s, what the tables and the
// rare list need (push, and the two-core run's book).
func (c *Computer) note(n int, v uint32, s uint16) {
	if v > c.maxVal {
		c.maxVal = v
		if v >= c.size {
			c.grow(v)
		}
	}
	if c.sparse && n > 0 && c.class(n, v) == 0 {
		c.w.rareN = append(c.w.rareN, n)
		c.w.rareV = append(c.w.rareV, s)
	}
}

// grow makes size a power of two above v and resizes the tables.
func (c *Computer) grow(v uint32) {
	if !c.store.grow(v) {
		return
	}
	c.w.size = c.size
	// Indexes up to 2·size (a mex can equal size) must be valid, and at
	// least 2^16 so that the 16-bit kernels index them without bounds
	// checks.
	want := max(int(2*c.size), 1<<16)
	c.w.growTables(want)
	if len(c.parity) < want {
		// The entries depend on the mask only: a table long enough
		// stays (the two-core goroutines read it while values grow).
		c.buildParity()
	}
}

// Extend computes G(n) for every n ≤ to. It checks ctx every few thousand
// pairs of heaps examined (at least once per value) and returns its error
// when done; the values computed before it stopped stay (Len).
//
// Each turn of its loop plans a segment of heaps over which nothing is
// re-decided (it ends where the kernel is re-chosen, the tail's prefix
// ends, a save is due or the replayed values end) and runs it: replayed
// values, a probe on two cores (schedule.go), or one kernel on one core.
func (c *Computer) Extend(ctx context.Context, to int) error {
	limit := MaxHeap
	if c.tail {
		limit = MaxTailHeap - 1
	}
	if to > limit {
		return fmt.Errorf("heap %d is too large (at most %d)", to, limit)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if !c.tail && to+1-len(c.vals) > 1<<16 {
		// One allocation of the final size: appending would double the
		// array and copy it, holding up to three times the values.
		c.Reserve(to + 1)
	}
	for c.n <= to {
		if err := c.ck.saveDue(c); err != nil {
			return err
		}
		c.rechoose()
		stop := c.segmentEnd(to)
		var err error
		if c.n < c.ck.replayEnd {
			err = c.replaySegment(ctx, stop)
		} else {
			err = c.computeSegment(ctx, stop)
		}
		if err != nil {
			return err
		}
	}
	return c.ck.saveDue(c)
}

// rechoose re-chooses the kernel where it is due: each time the sequence
// doubles, and once more at the end of the tail mode's prefix (the last
// choice that sees every value).
func (c *Computer) rechoose() {
	n := c.n
	if c.method != PlainMethod && n >= c.nextChoose && c.choosing() {
		c.choose()
		c.nextChoose = 2 * n
		c.sched.parOff = false // try two cores again
	}
	if c.tail && n == c.prefix && !c.frozen {
		if c.method != PlainMethod {
			c.choose()
		}
		c.frozen = true
	}
}

// segmentEnd returns the heap before which the next segment stops: to+1,
// or the next re-choice of the kernel, the end of the tail's prefix, the
// next save, the end of the replayed values.
func (c *Computer) segmentEnd(to int) int {
	n := c.n
	stop := to + 1
	if c.choosing() && c.nextChoose < stop && c.method != PlainMethod {
		stop = max(n+1, c.nextChoose)
	}
	if c.tail && n < c.prefix {
		stop = min(stop, c.prefix)
	}
	if c.ck.save != nil && c.ck.saveEvery > 0 {
		stop = min(stop, c.ck.nextSave)
	}
	if n < c.ck.replayEnd {
		stop = min(stop, c.ck.replayEnd)
	}
	return stop
}

// computeSegment computes G(c.n..stop−1), or a first part of them: on two
// cores while they pay, else on one.
func (c *Computer) computeSegment(ctx context.Context, stop int) error {
	replan, stop, err := c.twoCores(ctx, stop)
	if err != nil || replan {
		return err
	}
	return c.oneCore(ctx, stop)
}

// oneCore computes G(c.n..stop−1) on one core, or up to the heap from
// which two cores pay, and measures the one-core rate for the two-core
// mode's probes (judge).
func (c *Computer) oneCore(ctx context.Context, stop int) error {
	t0, n0 := time.Now(), c.n
	var err error
	switch {
	case c.per.p > 0:
		err = c.copyPeriod(ctx, stop)
	case c.n < stop:
		err = c.runKernel(ctx, stop)
	}
	if err != nil {
		return err
	}
	if c.n-n0 >= 256 {
		c.sched.seqRate = float64(c.n-n0) / max(time.Since(t0).Seconds(), 1e-9)
	}
	return nil
}

// runKernel computes G(c.n..stop−1) with the one-core kernel chosen for
// them (kernel), or up to the heap from which two cores pay.
func (c *Computer) runKernel(ctx context.Context, stop int) error {
	n := c.n
	k, err := c.kernel(n)
	if err != nil {
		return err
	}
	for maxVal, escaped := c.maxVal, len(c.esc); n < stop; n++ {
		if c.maxVal != maxVal || len(c.esc) != escaped {
			// A larger value may take the 16-bit or the tiny kernel
			// out of their range.
			maxVal, escaped = c.maxVal, len(c.esc)
			if k, err = c.kernel(n); err != nil {
				return err
			}
		}
		v, work, err := c.value(ctx, k, n)
		if err != nil {
			return err
		}
		if err := c.push(v); err != nil {
			return err
		}
		c.polled += work + 16
		c.sched.pairs += work
		c.sched.counted++
		if c.sched.counted&255 == 0 && stop-n > 256 && c.sparseParallel() && c.sched.parOn(n+1) {
			return nil // on two cores from here (the next segment)
		}
		if c.polled >= 1<<22 {
			c.polled = 0
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyPeriod computes G(c.n..stop−1) from the proved period: G(n) =
// G(n − p).
func (c *Computer) copyPeriod(ctx context.Context, stop int) error {
	p := c.per.p
	for n := c.n; n < stop; n++ {
		v, ok := c.val(n - p)
		if !ok {
			return &TailError{Heap: n, Needed: n - p, Prefix: len(c.vals), Window: len(c.ring), Msg: "the period is longer than the window"}
		}
		if err := c.push(v); err != nil {
			return err
		}
		c.polled += 17
		c.sched.pairs++
		c.sched.counted++
		if c.polled >= 1<<22 {
			c.polled = 0
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	return nil
}

// kernel is a one-core kernel, as chosen for a heap.
type kernel uint8

const (
	kernelTail         kernel = iota // sparseTail: the prefix and the window
	kernelTB                         // plainTB: a general take-and-break code
	kernelTiny                       // sparseTiny: every value below 64
	kernelSparse                     // sparseFast: 16-bit values
	kernelPlainFast                  // plainFast: 16-bit values, at most two heaps left
	kernelPlainGeneric               // plainGeneric: any value, three-heap splits
)

// kernel returns the kernel that computes G(n) on one core (the period
// aside: copyPeriod).
func (c *Computer) kernel(n int) (kernel, error) {
	switch {
	case c.tail && n >= c.prefix:
		if !c.sparse || !c.fast() {
			return 0, &TailError{Heap: n, Needed: -1, Msg: "tail mode needs the sparse-space kernel on values below 32768 (this game does not show the sparse-space phenomenon in its prefix: raise the prefix or run without tail mode)"}
		}
		return kernelTail, nil
	case c.g.general():
		return kernelTB, nil
	case c.sparse && c.fast() && c.size <= tinySize && !c.hooks.noTiny:
		return kernelTiny, nil
	case c.sparse && c.fast():
		return kernelSparse, nil
	case c.fast() && len(c.g.three) == 0:
		return kernelPlainFast, nil
	}
	return kernelPlainGeneric, nil
}

// value computes G(n) with kernel k; it returns the value and the pairs of
// heaps (options) examined.
func (c *Computer) value(ctx context.Context, k kernel, n int) (uint32, int, error) {
	switch k {
	case kernelTail:
		v, work := c.w.sparseTail(c, n)
		return v, work, c.w.tailErr
	case kernelTB:
		return c.plainTB(ctx, n)
	case kernelTiny:
		v, work := c.w.sparseTiny(c, n, c.vals)
		return v, work, nil
	case kernelSparse:
		v, work := c.w.sparseFast(c, n, c.vals, n, true)
		return v, work, nil
	case kernelPlainFast:
		v, work := c.w.plainFast(c, n)
		return v, work, nil
	}
	v, work, err := c.plainGeneric(ctx, n)
	if err == nil && c.maxWork > 0 && c.g.tb != nil && len(c.g.three) > 0 {
		// A take-and-break code leaving three heaps: its splits count
		// against the work limit as a general code's partitions do (the
		// value past it is dropped).
		if c.tbWork += int64(work); c.tbWork > c.maxWork {
			return 0, work, workError(c.maxWork, n)
		}
	}
	return v, work, err
}

// plainGeneric computes G(n) as the mex of the values of all options,
// reading values through val (any width, escapes), for three-heap splits
// and values past the fast kernels. It checks ctx in its long loops.
func (c *Computer) plainGeneric(ctx context.Context, n int) (uint32, int, error) {
	w := c.w
	stamp := w.stamp(n)
	mark := w.mark
	g := &c.g
	at := func(i int) uint32 { v, _ := c.val(i); return v }
	for _, k := range g.takeAll {
		if k == n {
			mark[0] = stamp
		}
	}
	for _, k := range g.one {
		if k < n {
			mark[at(n-k)] = stamp
		}
	}
	work := 0
	for _, k := range g.two {
		m := n - k
		hi := g.pairsHi(m)
		for b := 1; b <= hi; b++ {
			mark[at(b)^at(m-b)] = stamp
		}
		work += max(hi, 0)
	}
	for _, k := range g.three {
		m := n - k
		for a := 1; 3*a <= m; a++ {
			if a&63 == 0 {
				if err := ctx.Err(); err != nil {
					return 0, work, err
				}
			}
			va := at(a)
			for b := a; 2*b <= m-a; b++ {
				mark[va^at(b)^at(m-a-b)] = stamp
			}
			work += max(0, (m-a)/2-a+1)
		}
	}
	v := uint32(0)
	for mark[v] == stamp {
		v++
	}
	return v, work, nil
}

// ProvedPeriod returns the period the computer has proved and uses (Auto
// only), if any: G(n + p) = G(n) for every n ≥ n0.
func (c *Computer) ProvedPeriod() (p, n0 int, ok bool) {
	return c.per.p, c.per.n0, c.per.p > 0
}

// ValueAt returns G(n) if it is held or follows from a proved period.
func (c *Computer) ValueAt(n int) (uint32, bool) {
	switch {
	case n < 0:
		return 0, false
	case n < c.n:
		return c.val(n)
	case c.per.p > 0:
		return c.val(c.per.n0 + (n-c.per.n0)%c.per.p)
	}
	return 0, false
}
