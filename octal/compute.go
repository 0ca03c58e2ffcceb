package octal

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sort"
	"time"
	"unsafe"
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

// escMark in the 16-bit store says "the value is in the escape list".
const escMark = 0xFFFF

type escEntry struct {
	n int
	v uint32
}

// fastLimit bounds the values of the 16-bit fast kernels: with every value
// below it, every XOR of two values and every mex indexes a table of 2^16
// entries without a bounds check.
const fastLimit = 1 << 15

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

	// vals holds G(0..len(vals)-1): every value, or in tail mode the prefix.
	vals []uint16
	// Tail mode: ring holds G(i) at ring[i&rmask] for the latest heaps
	// i ≥ len(vals); n is the number of values computed.
	tail   bool
	prefix int  // tail mode: heaps below it stay in vals
	frozen bool // tail mode: the sparse split is chosen for good
	ring   []uint16
	rmask  int
	n      int

	esc []escEntry // values > escAbove, heaps ascending
	// escAbove is the largest value stored directly (a field so that tests
	// can exercise the escape path with small values).
	escAbove uint32
	// stall, if set, is called by the two-core goroutine id after each
	// heap n it computes (tests: a goroutine held off its core).
	stall func(id, n int)
	// takeovers counts the heaps a two-core goroutine computed for the
	// other one, held up (parallel.go).
	takeovers int

	maxVal uint32
	size   uint32 // power of two > every value: all XORs are < size
	// freq[v][p]: heaps 1..n−1 of value v and parity p.
	freq [][2]int64

	// Sparse-space state.
	sparse     bool
	mask       uint32
	e, t       uint32 // positional parity flag and shift
	parity     []uint8
	tinyPar    [2]uint64 // the values below 64 of parity 0 and 1 (sparseTiny)
	nextChoose int
	w          *worker // the kernel's tables and the rare heaps

	// perP > 0 once the period is proved (Auto only): G(n) = G(n−perP)
	// for n ≥ perN0 + perP.
	perP, perN0 int

	// rlo holds G(0..P−1) reversed, rlo[i] = G(P−1−i), for the sparse
	// kernel's scans (scanSegR): with the smaller heaps read backwards the
	// pairs of a split line up in memory. Built as the kernel is chosen.
	rlo []uint16

	hashOnly bool // tests: candidates by hashing even on short sequences
	noTiny   bool // tests: sparseFast where sparseTiny would run
	rloCap   int  // tests: a shorter reversed prefix than rloMax (0: rloMax)
	parallel bool
	pw       [2]*worker // the two-core mode's workers
	work     int        // pairs since the context was last checked
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

	// maxWork bounds the options a take-and-break code's plain kernel
	// examines where it lists partitions (SetMaxWork); tbWork counts them.
	maxWork, tbWork int64

	// Replay (SetReplay): G(n) for n < replayEnd comes from replay.
	replay    func() (uint32, error)
	replayEnd int
	// Saves (SetSave): save is called when Len() reaches nextSave, a
	// multiple of saveEvery.
	save                func(*Computer) error
	saveEvery, nextSave int
}

// SetReplay makes the next n values come from next instead of a kernel
// (say, values saved by an earlier run of the same game: SetSave), while
// everything else Extend does goes as if they were computed: the kernel is
// re-chosen at the same heaps, the rare heaps are the same, so a computer
// that replays a prefix ends in the state of one that computed it, and a
// period hunt (Hunt) run on it stops where it would have. The caller
// vouches for the values. Call it before Extend. A take-and-break code's
// work limit (SetMaxWork) counts the options of computed values only, so
// SetReplay refuses a computer with one on a code that counts them.
func (c *Computer) SetReplay(n int, next func() (uint32, error)) error {
	if !c.CanReplay() {
		return errors.New("octal: a replayed value's work is unknown, and this code's work is limited")
	}
	c.replay, c.replayEnd = next, c.n+n
	return nil
}

// CanReplay reports whether SetReplay accepts values: not on a
// take-and-break code whose work limit counts the options of a value
// (partitions, three heaps or more).
func (c *Computer) CanReplay() bool {
	return c.maxWork == 0 || c.g.tb == nil || !c.g.general() && len(c.g.three) == 0
}

// SetSave makes Extend call save each time Len() reaches a multiple of
// every (the values to keep are G(0..Len()−1)): a long run saves its
// progress by work, never by time, so that its saves fall at the same
// heaps on any machine. Where the values are computed does not depend on
// it. An error from save stops Extend.
func (c *Computer) SetSave(every int, save func(*Computer) error) {
	c.save, c.saveEvery = save, every
	if every > 0 {
		c.nextSave = (c.n/every + 1) * every
	}
}

// saveDue calls save if Len() has reached the next save point.
func (c *Computer) saveDue() error {
	if c.save == nil || c.saveEvery <= 0 || c.n < c.nextSave {
		return nil
	}
	c.nextSave = (c.n/c.saveEvery + 1) * c.saveEvery
	return c.save(c)
}

// worker holds what one goroutine needs to compute values: its stamp
// tables and its own copy of the rare heaps (see parallel.go).
type worker struct {
	// The two-core mode's workers are allocated together and written on
	// every heap (cur, pl, set, ms): the padding keeps each in cache lines
	// of its own, as do the capacities newWorker gives the small slices.
	_     [64]byte
	mark  []uint32 // stamps: marked while computing G(n) when = stamp(n)
	pend  []uint8  // fast kernel: 1 while a value is pending
	pl    []uint32
	ms    []int
	rareN []int
	rareV []uint16    // G(rareN[i]) (fast kernel; escMark if escaped)
	size  uint32      // power of two > every value this worker knows
	cur   uint32      // the last stamp
	cuts  []int       // per split digit: rare heaps below the digit's last m
	set   [64]byte    // the pending values below 512 as bits (scanHitR)
	b     *batchMarks // the last batch of heaps marked together (batch.go)
	tiny  tinySets    // the rare-split sets of the last few m (tiny.go)
	// declined is the last heap for which batching did not pay; the
	// next fifteen do not ask again.
	declined int
	// tailErr is set by a tail-mode kernel that needed a value it does
	// not hold.
	tailErr error
	// freq tallies the values the worker completed in a two-core run,
	// as c.freq does.
	freq [][2]int64
	_    [64]byte
}

func newWorker() *worker {
	// ms and cuts get a cache line each (an 8-byte array would share one
	// with the other core's: measured, a third of the two-core overhead
	// at 2^23 was the load of ms[i]).
	return &worker{mark: make([]uint32, 1<<16), pend: make([]uint8, 1<<16),
		ms: make([]int, 0, 8), cuts: make([]int, 0, 8), pl: make([]uint32, 0, 64)}
}

// NewComputer returns a computer for g using the given method (Auto picks
// the kernel).
func NewComputer(g Game, m Method) *Computer {
	c := &Computer{g: g, method: m, escAbove: escMark - 1, nextChoose: 1024, w: newWorker()}
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

// Len returns the number of values computed: G(0..Len()-1).
func (c *Computer) Len() int { return c.n }

// Held reports whether G(i) is held in memory (always for i < Len() unless
// in tail mode).
func (c *Computer) Held(i int) bool {
	_, ok := c.val(i)
	return ok
}

// At returns G(n) for n < Len(). In tail mode n must be held (see Held);
// At panics otherwise.
func (c *Computer) At(n int) uint32 {
	v, ok := c.val(n)
	if !ok {
		panic(fmt.Sprintf("octal: G(%d) is not held (tail mode keeps G(0..%d) and G(%d..%d))", n, len(c.vals)-1, c.n-len(c.ring), c.n-1))
	}
	return v
}

// val returns G(i) if it is held.
func (c *Computer) val(i int) (uint32, bool) {
	var v uint16
	switch {
	case i < 0 || i >= c.n:
		return 0, false
	case i < len(c.vals):
		v = c.vals[i]
	case c.tail && i >= c.n-len(c.ring):
		v = c.ring[i&c.rmask]
	default:
		return 0, false
	}
	if v == escMark && len(c.esc) > 0 {
		return c.escaped(i), true
	}
	return uint32(v), true
}

func (c *Computer) escaped(i int) uint32 {
	j := sort.Search(len(c.esc), func(j int) bool { return c.esc[j].n >= i })
	if j < len(c.esc) && c.esc[j].n == i {
		return c.esc[j].v
	}
	return escMark
}

// AppendValues appends G(from..to-1) to dst.
func (c *Computer) AppendValues(dst []uint32, from, to int) []uint32 {
	for n := from; n < to; n++ {
		dst = append(dst, c.At(n))
	}
	return dst
}

// Frequencies returns how many heaps among 1..Len()−1 have each value:
// f[v] heaps of value v.
func (c *Computer) Frequencies() []int64 {
	f := make([]int64, 0, c.maxVal+1)
	for v := 0; v <= int(c.maxVal) && v < len(c.freq); v++ {
		f = append(f, c.freq[v][0]+c.freq[v][1])
	}
	return f
}

// Stats describes the computation so far.
func (c *Computer) Stats() Stats {
	s := Stats{Computed: c.n, Kernel: "plain", MaxValue: c.maxVal, WordBytes: 2, Escaped: len(c.esc), Held: len(c.vals) + len(c.ring)}
	if c.sparse {
		s.Kernel, s.Mask, s.Positional, s.Shift, s.Rare = "sparse", c.mask, c.e == 1, int(c.t), len(c.w.rareN)
	}
	if c.perP > 0 {
		s.Kernel = "period"
	}
	if s.Held > c.n {
		s.Held = c.n
	}
	s.Bytes = int64(cap(c.vals))*2 + int64(cap(c.rlo))*2 + int64(cap(c.ring))*2 + int64(cap(c.esc))*16 + int64(cap(c.parity)) + int64(cap(c.freq))*16
	s.Bytes += c.w.bytes()
	for _, w := range c.pw {
		if w != nil {
			s.Bytes += w.bytes()
		}
	}
	return s
}

func (w *worker) bytes() int64 {
	n := int64(cap(w.mark))*4 + int64(cap(w.pend)) + int64(cap(w.rareN))*8 + int64(cap(w.rareV))*2 + int64(cap(w.pl))*4
	if w.b != nil {
		n += int64(unsafe.Sizeof(*w.b))
	}
	return n
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

// choosing reports whether the kernel may still be re-chosen: always, but
// in tail mode only while the prefix is being computed.
func (c *Computer) choosing() bool { return !c.tail || c.n < c.prefix }

// push stores G(c.n) = v.
func (c *Computer) push(v uint32) error {
	n := c.n
	if v >= 1<<30 {
		return ErrTooLarge
	}
	if c.tail && n >= MaxTailHeap || !c.tail && n > MaxHeap {
		return fmt.Errorf("heap %d is too large", n)
	}
	s := uint16(v)
	if v > c.escAbove {
		s = escMark
		c.esc = append(c.esc, escEntry{n, v})
	}
	if c.tail && n >= c.prefix {
		c.ring[n&c.rmask] = s
	} else {
		c.vals = append(c.vals, s)
	}
	c.n++
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
	size := uint32(1) << bits.Len32(v)
	if size <= c.size {
		return
	}
	c.size = size
	c.w.size = size
	// Indexes up to 2·size (a mex can equal size) must be valid, and at
	// least 2^16 so that the 16-bit kernels index them without bounds
	// checks.
	want := max(int(2*size), 1<<16)
	c.w.growTables(want)
	c.freq = append(c.freq, make([][2]int64, int(size)-len(c.freq))...)
	if len(c.parity) < want {
		// The entries depend on the mask only: a table long enough
		// stays (the two-core goroutines read it while values grow).
		c.buildParity()
	}
}

func (w *worker) growTables(want int) {
	if len(w.mark) < want {
		w.mark = append(w.mark, make([]uint32, want-len(w.mark))...)
	}
}

func (c *Computer) buildParity() {
	c.parity = c.parity[:0]
	c.tinyPar = [2]uint64{}
	for v := range uint32(tinySize) {
		c.tinyPar[bits.OnesCount32(v&c.mask)&1] |= 1 << v
	}
	if !c.sparse {
		return // only the sparse kernels read it
	}
	for v := uint32(0); v < max(2*c.size, 1<<16); v++ {
		c.parity = append(c.parity, uint8(bits.OnesCount32(v&c.mask)&1))
	}
}

// class returns 0 for a rare heap n of value v, 1 for a common one.
func (c *Computer) class(n int, v uint32) uint32 {
	return uint32(bits.OnesCount32(v&c.mask)&1) ^ (c.e & uint32(n-int(c.t)) & 1)
}

// stamp returns a new stamp for the tables while computing G(n): never 0
// (the tables' initial value) nor an earlier one (the tables are cleared
// when the counter wraps).
func (w *worker) stamp(n int) uint32 {
	w.cur++
	if w.cur == 0 {
		clear(w.mark)
		w.cur = 1
	}
	return w.cur
}

// Extend computes G(n) for every n ≤ to. It checks ctx every few thousand
// pairs of heaps examined (at least once per value) and returns its error
// when done; the values computed before it stopped stay (Len).
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
		if err := c.saveDue(); err != nil {
			return err
		}
		n := c.n
		if c.method != PlainMethod && n >= c.nextChoose && c.choosing() {
			c.choose()
			c.nextChoose = 2 * n
			c.parOff = false // try two cores again
		}
		if c.tail && n == c.prefix && !c.frozen {
			if c.method != PlainMethod {
				c.choose() // the last choice that sees every value
			}
			c.frozen = true
		}
		stop := to + 1
		if c.choosing() && c.nextChoose < stop && c.method != PlainMethod {
			stop = max(n+1, c.nextChoose)
		}
		if c.tail && n < c.prefix {
			stop = min(stop, c.prefix)
		}
		if c.save != nil && c.saveEvery > 0 {
			stop = min(stop, c.nextSave)
		}
		if n < c.replayEnd {
			// Saved values, pushed as computed ones are.
			for stop = min(stop, c.replayEnd); n < stop; n++ {
				v, err := c.replay()
				if err == nil {
					err = c.push(v)
				}
				if err != nil {
					return fmt.Errorf("octal: replaying G(%d): %w", n, err)
				}
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			continue
		}
		// Two cores, a probe at a time: on a machine busy with other work
		// the handovers can cost more than they save, and then the values
		// come one core at a time until the kernel is re-chosen.
		if stop-n >= 256 && c.sparseParallel() && c.parOn(n) {
			end := min(stop-1, n+parProbe)
			t0 := time.Now()
			if err := c.extendParallel(ctx, end); err != nil {
				return err
			}
			c.judge(c.n-n, time.Since(t0))
			n = c.n // the rest (if it stopped early) one value at a time
			if n < stop && !c.parOff {
				continue
			}
		}
		if c.parallel && c.perP == 0 && !c.sparse && c.fast() && len(c.g.three) == 0 && !c.g.general() && !c.tail && n >= plainParallelFrom && !c.parOff {
			end := min(stop-1, n+parProbe/8)
			t0 := time.Now()
			if err := c.extendPlainParallel(ctx, end); err != nil {
				return err
			}
			c.judge(c.n-n, time.Since(t0))
			n = c.n
			if n < stop && !c.parOff {
				continue
			}
			stop = min(stop, n+parProbe/8) // a one-core probe, then try again
		}
		t0, n0 := time.Now(), n
		for ; n < stop; n++ {
			var v uint32
			var work int
			switch {
			case c.perP > 0:
				var ok bool
				if v, ok = c.val(n - c.perP); !ok {
					return &TailError{Heap: n, Needed: n - c.perP, Prefix: len(c.vals), Window: len(c.ring), Msg: "the period is longer than the window"}
				}
				work = 1
			case c.tail && n >= c.prefix:
				if !c.sparse || !c.fast() {
					return &TailError{Heap: n, Needed: -1, Msg: "tail mode needs the sparse-space kernel on values below 32768 (this game does not show the sparse-space phenomenon in its prefix: raise the prefix or run without tail mode)"}
				}
				v, work = c.w.sparseTail(c, n)
				if c.w.tailErr != nil {
					return c.w.tailErr
				}
			case c.g.general():
				var err error
				if v, work, err = c.plainTB(ctx, n); err != nil {
					return err
				}
			case c.sparse && c.fast() && c.size <= tinySize && !c.noTiny:
				v, work = c.w.sparseTiny(c, n, c.vals)
			case c.sparse && c.fast():
				v, work = c.w.sparseFast(c, n, c.vals, n, true)
			case c.fast() && len(c.g.three) == 0:
				v, work = c.w.plainFast(c, n)
			default:
				var err error
				v, work, err = c.plainGeneric(ctx, n)
				if err != nil {
					return err
				}
				if c.maxWork > 0 && c.g.tb != nil && len(c.g.three) > 0 {
					// A take-and-break code leaving three heaps: its
					// splits count against the work limit as a general
					// code's partitions do (the value past it is dropped).
					if c.tbWork += int64(work); c.tbWork > c.maxWork {
						return &WorkError{Max: c.maxWork, Heap: n}
					}
				}
			}
			if err := c.push(v); err != nil {
				return err
			}
			c.work += work + 16
			c.pairs += work
			c.counted++
			if c.counted&255 == 0 && stop-n > 256 && c.sparseParallel() && c.parOn(n+1) {
				n++
				break // on two cores from here (the outer loop)
			}
			if c.work >= 1<<22 {
				c.work = 0
				if err := ctx.Err(); err != nil {
					return err
				}
			}
		}
		if n-n0 >= 256 {
			c.seqRate = float64(n-n0) / max(time.Since(t0).Seconds(), 1e-9)
		}
	}
	return c.saveDue()
}

// parProbe is how many values the two-core mode computes before its speed
// is compared with one core's.
const parProbe = 1 << 13

// judge compares the two-core rate just measured (values in d) with the
// last one-core rate, and turns the two-core mode off for parRetry values
// when two probes in a row do not win.
func (c *Computer) judge(values int, d time.Duration) {
	if values < 256 || c.seqRate == 0 {
		return
	}
	if rate := float64(values) / max(d.Seconds(), 1e-9); rate >= c.seqRate {
		c.parLost = 0
		return
	}
	// One lost probe is often a hiccup (a GC cycle's worker taking one of
	// the two cores, a page fault storm); two in a row, the machine is busy.
	if c.parLost++; c.parLost >= 2 {
		c.parOff, c.parLost = true, 0
		c.parRetry = c.n + parRetry
	}
}

// parRetry is how many values one core computes after a two-core probe
// lost before two cores are tried again: a busy moment (another process
// on the other core) must not cost a whole doubling of the sequence.
const parRetry = 16 * parProbe

// parOn reports whether the two-core mode is on at heap n, turning it back
// on once the one-core stretch after a lost probe is over.
func (c *Computer) parOn(n int) bool {
	if c.parOff && n >= c.parRetry {
		c.parOff = false
	}
	return !c.parOff
}

// Reserve makes room for G(0..n−1) in one allocation (a caller that knows
// how far it will go saves the copies and the garbage of a growing array).
func (c *Computer) Reserve(n int) {
	if c.tail || cap(c.vals) >= n || n > MaxHeap+1 {
		return
	}
	grown := make([]uint16, len(c.vals), n)
	copy(grown, c.vals)
	c.vals = grown
}

// fast reports whether the 16-bit kernels apply: no escaped value and
// every value below fastLimit.
func (c *Computer) fast() bool { return len(c.esc) == 0 && c.maxVal < fastLimit }

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

// SetParallel lets the computer use a second goroutine (a second core)
// for the sparse-space kernel (see parallel.go). Values are the same
// either way.
func (c *Computer) SetParallel(on bool) { c.parallel = on }

// choose picks the sparse-space split (mask, e, t) with the fewest rare
// heaps among the values so far, or the plain kernel when none pays.
func (c *Computer) choose() {
	g := &c.g
	n := c.n
	if c.method == Auto && c.perP == 0 {
		// A proved period gives every later value exactly.
		if res := Analyze(c); res.Status == Proved {
			c.perP, c.perN0 = res.Period, res.Preperiod
			c.setSparse(false, 0, 0, 0)
			return
		}
	}
	if c.perP > 0 {
		return
	}
	if len(g.three) > 0 || len(g.two) == 0 || c.method == PlainMethod || !c.fast() {
		c.setSparse(false, 0, 0, 0)
		return
	}
	// Positional parity needs every split digit to have one parity.
	sameParity := true
	for _, k := range g.two {
		if (k-g.two[0])%2 != 0 {
			sameParity = false
		}
	}
	var present []uint32
	for v, cn := range c.freq {
		if cn[0]+cn[1] > 0 {
			present = append(present, uint32(v))
		}
	}
	bestR, bm, be, bt := int64(n), uint32(0), uint32(0), uint32(0)
	limit := min(c.size, 1<<12)
	for m := uint32(1); m < limit; m++ {
		for e := uint32(0); e <= 1; e++ {
			if e == 1 && !sameParity {
				continue
			}
			for t := uint32(0); t <= e; t++ {
				r := int64(0)
				for _, v := range present {
					p := uint32(bits.OnesCount32(v&m) & 1)
					for par := uint32(0); par < 2; par++ {
						// class = p ^ (e & (n - t)) with n of parity par.
						if p^(e&(par^t)&1) == 0 {
							r += c.freq[v][par]
						}
					}
				}
				if r < bestR {
					bestR, bm, be, bt = r, m, e, t
				}
			}
		}
	}
	pays := bestR*8 < int64(n) || c.method == SparseMethod
	c.setSparse(pays, bm, be, bt)
	c.reversePrefix()
}

// rloMax bounds the reversed prefix: scans seldom reach heaps past it
// (Grundy's game at 10^6: 3,200 pairs a value on average, 23,000 at most).
const rloMax = 1 << 16

// reversePrefix builds c.rlo from the values held, up to rloMax of them.
func (c *Computer) reversePrefix() {
	limit := rloMax
	if c.rloCap > 0 {
		limit = c.rloCap
	}
	P := min(len(c.vals), limit)
	if !c.sparse || c.tail || P <= len(c.rlo) {
		return
	}
	c.rlo = make([]uint16, P)
	for i := range c.rlo {
		c.rlo[i] = c.vals[P-1-i]
	}
}

// sparseParallel reports whether the sparse kernel should go on two cores:
// it may, and a value has cost enough pairs lately to pay for handing it
// over.
func (c *Computer) sparseParallel() bool {
	return c.parallel && c.perP == 0 && c.sparse && c.fast() && !c.tail && c.n > 1024 &&
		c.counted >= 256 && c.pairs >= parallelPairs*c.counted
}

// parallelPairs is the average number of pairs of heaps a value must cost
// for the two-core mode: handing a value to the other core costs about as
// much as a few hundred pairs.
const parallelPairs = 1000

func (c *Computer) setSparse(on bool, m, e, t uint32) {
	if on == c.sparse && m == c.mask && e == c.e && t == c.t {
		return
	}
	c.pairs, c.counted = 0, 0
	c.sparse, c.mask, c.e, c.t = on, m, e, t
	w := c.w
	w.rareN, w.rareV = w.rareN[:0], w.rareV[:0]
	w.dropBatch()
	w.tiny.drop()
	if !on {
		c.mask, c.e, c.t = 0, 0, 0
		c.buildParity()
		return
	}
	c.buildParity()
	for i := 1; i < c.n; i++ {
		v, _ := c.val(i)
		if c.class(i, v) == 0 {
			w.rareN = append(w.rareN, i)
			w.rareV = append(w.rareV, c.vals[i])
		}
	}
}

// ProvedPeriod returns the period the computer has proved and uses (Auto
// only), if any: G(n + p) = G(n) for every n ≥ n0.
func (c *Computer) ProvedPeriod() (p, n0 int, ok bool) {
	return c.perP, c.perN0, c.perP > 0
}

// ValueAt returns G(n) if it is held or follows from a proved period.
func (c *Computer) ValueAt(n int) (uint32, bool) {
	switch {
	case n < 0:
		return 0, false
	case n < c.n:
		return c.val(n)
	case c.perP > 0:
		return c.val(c.perN0 + (n-c.perN0)%c.perP)
	}
	return 0, false
}
