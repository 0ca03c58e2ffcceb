package octal

import (
	"math/bits"
	"unsafe"
)

// sparseState is the kernel a Computer has chosen: the sparse-space split
// (mask, e, t: heap n is rare when parity(G(n) AND mask) XOR (e·(n−t) mod
// 2) = 0) or the plain kernel, the tables that split indexes, and when it
// is chosen again.
type sparseState struct {
	sparse     bool
	mask       uint32
	e, t       uint32 // positional parity flag and shift
	parity     []uint8
	tinyPar    [2]uint64 // the values below 64 of parity 0 and 1 (sparseTiny)
	nextChoose int       // the heap at which the kernel is chosen again
	w          *worker   // the kernel's tables and the rare heaps

	// rlo holds G(0..P−1) reversed, rlo[i] = G(P−1−i), for the sparse
	// kernel's scans (scanSegR): with the smaller heaps read backwards the
	// pairs of a split line up in memory. Built as the kernel is chosen.
	rlo []uint16
}

// class returns 0 for a rare heap n of value v, 1 for a common one.
func (s *sparseState) class(n int, v uint32) uint32 {
	return uint32(bits.OnesCount32(v&s.mask)&1) ^ (s.e & uint32(n-int(s.t)) & 1)
}

// fillParity fills the parity table of the mask, up to 2·size (at least
// 2^16) for the sparse kernels, and the tiny kernel's parity sets.
func (s *sparseState) fillParity(size uint32) {
	s.parity = s.parity[:0]
	s.tinyPar = [2]uint64{}
	for v := range uint32(tinySize) {
		s.tinyPar[bits.OnesCount32(v&s.mask)&1] |= 1 << v
	}
	if !s.sparse {
		return // only the sparse kernels read it
	}
	for v := uint32(0); v < max(2*size, 1<<16); v++ {
		s.parity = append(s.parity, uint8(bits.OnesCount32(v&s.mask)&1))
	}
}

func (c *Computer) buildParity() { c.fillParity(c.size) }

// choose picks the sparse-space split (mask, e, t) with the fewest rare
// heaps among the values so far, or the plain kernel when none pays.
func (c *Computer) choose() {
	g := &c.g
	n := c.n
	if c.method == Auto && c.per.p == 0 {
		// A proved period gives every later value exactly.
		if res := Analyze(c); res.Status == Proved {
			c.per.p, c.per.n0 = res.Period, res.Preperiod
			c.setSparse(false, 0, 0, 0)
			return
		}
	}
	if c.per.p > 0 {
		return
	}
	if len(g.three) > 0 || len(g.two) == 0 || c.method == PlainMethod || !c.fast() {
		c.setSparse(false, 0, 0, 0)
		return
	}
	bestR, bm, be, bt := c.bestSplit()
	pays := bestR*8 < int64(n) || c.method == SparseMethod
	c.setSparse(pays, bm, be, bt)
	c.reversePrefix()
}

// bestSplit returns the split (mask below 2^12, e, t) that leaves the
// fewest rare heaps among 1..Len()−1, and their number.
func (c *Computer) bestSplit() (rare int64, m, e, t uint32) {
	g := &c.g
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
	bestR, bm, be, bt := int64(c.n), uint32(0), uint32(0), uint32(0)
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
	return bestR, bm, be, bt
}

// rloMax bounds the reversed prefix: scans seldom reach heaps past it
// (Grundy's game at 10^6: 3,200 pairs a value on average, 23,000 at most).
const rloMax = 1 << 16

// reversePrefix builds c.rlo from the values held, up to rloMax of them.
func (c *Computer) reversePrefix() {
	limit := rloMax
	if c.hooks.rloCap > 0 {
		limit = c.hooks.rloCap
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

func (c *Computer) setSparse(on bool, m, e, t uint32) {
	if on == c.sparse && m == c.mask && e == c.e && t == c.t {
		return
	}
	c.sched.pairs, c.sched.counted = 0, 0
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
	// scanAvg is 16 times the average pairs scanned for the last values
	// (an exponential average over about 16): the vector scan runs only
	// where scans are long (vectorScanFrom).
	scanAvg int
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

func (w *worker) bytes() int64 {
	n := int64(cap(w.mark))*4 + int64(cap(w.pend)) + int64(cap(w.rareN))*8 + int64(cap(w.rareV))*2 + int64(cap(w.pl))*4
	if w.b != nil {
		n += int64(unsafe.Sizeof(*w.b))
	}
	return n
}

func (w *worker) growTables(want int) {
	if len(w.mark) < want {
		w.mark = append(w.mark, make([]uint32, want-len(w.mark))...)
	}
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
