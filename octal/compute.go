package octal

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
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

// MaxHeap is the largest heap size whose value a Computer computes.
const MaxHeap = 1<<31 - 2

// Stats describe a computation so far.
type Stats struct {
	// Computed is the number of values held: G(0..Computed-1).
	Computed int `json:"computed"`
	// Kernel is the kernel used for the last value: "plain" or "sparse".
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
	// WordBytes is the width of one stored value: 2 (uint16) or 4 (uint32).
	WordBytes int `json:"word_bytes"`
	// Bytes estimates the memory held by the values and the kernel's tables.
	Bytes int64 `json:"bytes"`
}

// Computer computes the nim-sequence G(0), G(1), … of a game incrementally:
// Extend(ctx, n) computes up to G(n), and a later call continues where the
// last stopped. Values are stored as uint16 while they fit and widened to
// uint32 (checked) when one does not.
//
// Under Auto, the computer re-decides its kernel each time the sequence
// doubles (from 1024 values on): once Analyze proves a period, later values
// are copied from one period earlier (exact, by the Guy–Smith theorem);
// otherwise the sparse-space kernel runs with the mask that leaves the
// fewest rare heaps, if that is under one heap in eight, and the plain
// kernel otherwise.
//
// A Computer is not safe for concurrent use.
type Computer struct {
	g      Game
	method Method

	v16 []uint16
	v32 []uint32 // non-nil once widened; then v16 is nil
	// widenAbove is the largest value v16 may hold (a field so that tests
	// can exercise the widening path).
	widenAbove uint32

	maxVal uint32
	size   uint32 // power of two > every value: all XORs are < size

	// Sparse-space state.
	sparse     bool
	mask       uint32
	e, t       uint32 // positional parity flag and shift
	rare       []int32
	parity     []uint8 // parity(v & mask) for v < 2*size
	nextChoose int

	// perP > 0 once the period is proved (Auto only): G(n) = G(n−perP)
	// for n ≥ perN0 + perP.
	perP, perN0 int

	// Two-core mode (SetParallel): a worker goroutine enumerates the rare
	// splits of G(n+1) while the main goroutine finishes G(n).
	parallel   bool
	jobs       chan prepJob
	done       chan struct{}
	prepN      int // the first heap of the batch being prepared, or -1
	prepLo     int // the worker covers rare heaps below prepLo−batch… (see prepJob)
	wbuf       [2][][]uint32
	prepared   [][]uint32 // the worker's marks for the current batch
	batchStart int        // the heap the batches of this run start from

	mark, pend []uint32 // stamps: n+1 when marked while computing G(n)
	pendList   []uint32
	ms         []int
}

// NewComputer returns a computer for g using the given method (Auto picks
// the kernel).
func NewComputer(g Game, m Method) *Computer {
	c := &Computer{g: g, method: m, widenAbove: 1<<16 - 1, nextChoose: 1024, prepN: -1}
	if m == SparseMethod {
		c.nextChoose = 16
	}
	c.v16 = append(c.v16, 0) // G(0) = 0: no moves
	c.grow(1)
	return c
}

// Game returns the game being computed.
func (c *Computer) Game() Game { return c.g }

// Len returns the number of values computed: G(0..Len()-1).
func (c *Computer) Len() int {
	if c.v32 != nil {
		return len(c.v32)
	}
	return len(c.v16)
}

// At returns G(n) for n < Len().
func (c *Computer) At(n int) uint32 {
	if c.v32 != nil {
		return c.v32[n]
	}
	return uint32(c.v16[n])
}

// AppendValues appends G(from..to-1) to dst.
func (c *Computer) AppendValues(dst []uint32, from, to int) []uint32 {
	for n := from; n < to; n++ {
		dst = append(dst, c.At(n))
	}
	return dst
}

// Stats describes the computation so far.
func (c *Computer) Stats() Stats {
	s := Stats{Computed: c.Len(), Kernel: "plain", MaxValue: c.maxVal, WordBytes: 2}
	if c.sparse {
		s.Kernel, s.Mask, s.Positional, s.Shift, s.Rare = "sparse", c.mask, c.e == 1, int(c.t), len(c.rare)
	}
	if c.perP > 0 {
		s.Kernel = "period"
	}
	if c.v32 != nil {
		s.WordBytes = 4
	}
	s.Bytes = int64(cap(c.v16))*2 + int64(cap(c.v32))*4 + int64(cap(c.rare))*4 +
		int64(cap(c.mark)+cap(c.pend)+cap(c.pendList))*4 + int64(cap(c.parity))
	for _, buf := range c.wbuf {
		for _, m := range buf {
			s.Bytes += int64(cap(m)) * 4
		}
	}
	return s
}

// ErrTooLarge reports a value or heap beyond what a Computer stores.
var ErrTooLarge = errors.New("octal: value too large to store")

// Load appends known values G(Len()), G(Len()+1), … (say, read back from a
// checkpoint) as if they had been computed. The caller vouches for them.
func (c *Computer) Load(vals []uint32) error {
	for _, v := range vals {
		if err := c.push(v); err != nil {
			return err
		}
	}
	c.nextChoose = max(c.nextChoose, c.Len())
	if c.sparse || c.method != PlainMethod {
		c.choose()
	}
	return nil
}

func (c *Computer) push(v uint32) error {
	if c.v32 == nil && v > c.widenAbove {
		c.widen()
	}
	if c.v32 != nil {
		c.v32 = append(c.v32, v)
	} else {
		c.v16 = append(c.v16, uint16(v))
	}
	if v > c.maxVal {
		c.maxVal = v
		if v >= c.size {
			if v >= 1<<30 {
				return ErrTooLarge
			}
			c.grow(v)
		}
	}
	n := c.Len() - 1
	if c.sparse && n > 0 && c.class(n, v) == 0 {
		c.rare = append(c.rare, int32(n))
	}
	return nil
}

func (c *Computer) widen() {
	c.v32 = make([]uint32, len(c.v16), max(cap(c.v16), 16))
	for i, v := range c.v16 {
		c.v32[i] = uint32(v)
	}
	c.v16 = nil
}

// grow makes size a power of two above v and resizes the stamp tables.
func (c *Computer) grow(v uint32) {
	size := uint32(1) << bits.Len32(v)
	if size <= c.size {
		return
	}
	c.size = size
	// Indexes up to size (the mex can equal size) must be valid.
	// At least 1<<16 entries, so that the 16-bit kernels index them
	// without bounds checks.
	want := max(int(2*size), 1<<16)
	c.mark = append(c.mark, make([]uint32, want-len(c.mark))...)
	c.pend = append(c.pend, make([]uint32, want-len(c.pend))...)
	c.buildParity()
}

func (c *Computer) buildParity() {
	c.parity = c.parity[:0]
	for v := uint32(0); v < 2*c.size; v++ {
		c.parity = append(c.parity, uint8(bits.OnesCount32(v&c.mask)&1))
	}
}

// class returns 0 for a rare heap n of value v, 1 for a common one.
func (c *Computer) class(n int, v uint32) uint32 {
	return uint32(bits.OnesCount32(v&c.mask)&1) ^ (c.e & uint32(n-int(c.t)) & 1)
}

// Extend computes G(n) for every n ≤ to. It checks ctx every few thousand
// values and returns its error (wrapped) when done.
func (c *Computer) Extend(ctx context.Context, to int) error {
	if to > MaxHeap {
		return fmt.Errorf("octal: heap %d is too large (at most %d)", to, MaxHeap)
	}
	for c.Len() <= to {
		if err := ctx.Err(); err != nil {
			return err
		}
		n := c.Len()
		stop := min(to+1, (n|4095)+1)
		if c.method != PlainMethod && n >= c.nextChoose {
			c.choose()
			c.nextChoose = 2 * n
		}
		if c.nextChoose < stop {
			stop = max(n+1, c.nextChoose)
		}
		par := c.parallel && c.sparse && c.perP == 0 && c.v32 == nil && len(c.rare) >= 256 && stop-n > 1
		if par {
			c.startWorker()
			c.batchStart = n
		}
		for ; n < stop; n++ {
			var v uint32
			switch {
			case c.perP > 0:
				v = c.At(n - c.perP)
			case par:
				v = c.parallelValue(n, c.batchStart, stop)
			case c.sparse:
				v = c.sparseValue(n, nil)
			default:
				v = c.plainValue(n)
			}
			if err := c.push(v); err != nil {
				if par {
					c.stopWorker()
				}
				return err
			}
			if par && c.v32 != nil {
				c.stopWorker() // widened: the worker reads 16-bit values
				c.prepared = nil
				par = false
			}
		}
		if par {
			c.stopWorker()
			c.prepared = nil
		}
	}
	return nil
}

// val returns G(i) for i < Len(); inlined in the kernels' loops below.
func (c *Computer) val(i int) uint32 {
	if c.v32 != nil {
		return c.v32[i]
	}
	return uint32(c.v16[i])
}

// plainValue computes G(n) as the mex of the values of all options.
func (c *Computer) plainValue(n int) uint32 {
	stamp := uint32(n + 1)
	mark := c.mark
	g := &c.g
	for _, k := range g.takeAll {
		if k == n {
			mark[0] = stamp
		}
	}
	for _, k := range g.one {
		if k < n {
			mark[c.val(n-k)] = stamp
		}
	}
	for _, k := range g.two {
		m := n - k
		if c.v32 != nil {
			markPairs(mark, c.v32, m, g.unequal, stamp)
		} else {
			markPairs(mark, c.v16, m, g.unequal, stamp)
		}
	}
	for _, k := range g.three {
		m := n - k
		for a := 1; 3*a <= m; a++ {
			va := c.val(a)
			for b := a; 2*b <= m-a; b++ {
				mark[va^c.val(b)^c.val(m-a-b)] = stamp
			}
		}
	}
	v := uint32(0)
	for mark[v] == stamp {
		v++
	}
	return v
}

func markPairs[T uint16 | uint32](mark []uint32, g []T, m int, unequal bool, stamp uint32) {
	if m < 2 {
		return
	}
	hi := m / 2
	if unequal && m%2 == 0 {
		hi--
	}
	for b := 1; b <= hi; b++ {
		mark[g[b]^g[m-b]] = stamp
	}
}

// sparseValue computes G(n) by the sparse-space method. Invariant: c.rare
// lists every heap 1 ≤ r < n of class 0 under (mask, e, t). A split of m
// into two common heaps a + b has a value x with parity(x & mask) =
// e·(m mod 2); every other split involves a rare heap and is enumerated
// directly. So a value that is not found among the enumerated options and
// has the other parity for every split digit is not an option at all: the
// mex is the least such value c unless a smaller value, of the first
// parity, is also missing, which a scan of all splits (stopped as soon as
// every smaller value is found) decides.
//
// With prepared != nil, the worker has already marked (in prepared, with
// the same stamp) the rare splits whose heaps are both below n−1; only the
// splits involving heap n−1 remain to mark here.
func (c *Computer) sparseValue(n int, prepared []uint32) uint32 {
	stamp := uint32(n + 1)
	mark, pend, parity := c.mark, c.pend, c.parity
	g := &c.g
	for _, k := range g.takeAll {
		if k == n {
			mark[0] = stamp
		}
	}
	for _, k := range g.one {
		if k < n {
			mark[c.val(n-k)] = stamp
		}
	}
	possible := uint8(0) // bit p: some split of two commons has parity p
	c.ms = c.ms[:0]
	for _, k := range g.two {
		m := n - k
		if m < 2 {
			continue
		}
		c.ms = append(c.ms, m)
		possible |= 1 << (c.e & uint32(m) & 1)
		if prepared != nil {
			// The worker marked the splits with a rare heap in
			// [2·batch, batch start − batch); mark the others.
			bs := n - (n-c.batchStart)%batch
			lo := sortSearch(c.rare, 2*batch)
			hi := sortSearch(c.rare, bs-batch)
			rarePairs16((*[1 << 16]uint32)(mark), c.v16, c.rare[:lo], m, g.unequal, stamp)
			rarePairs16((*[1 << 16]uint32)(mark), c.v16, c.rare[hi:], m, g.unequal, stamp)
			continue
		}
		if c.v32 != nil {
			rarePairs(mark, c.v32, c.rare, m, g.unequal, stamp)
		} else {
			rarePairs16((*[1 << 16]uint32)(mark), c.v16, c.rare, m, g.unequal, stamp)
		}
	}
	// The candidate c: least value not found that no split of two commons
	// can produce. Values below it not found yet are pending.
	pl := c.pendList[:0]
	cand := uint32(0)
	for ; ; cand++ {
		if mark[cand] == stamp || int(cand) < len(prepared) && prepared[cand] == stamp {
			continue
		}
		if cand >= c.size || possible>>parity[cand]&1 == 0 {
			break
		}
		pend[cand] = stamp
		pl = append(pl, cand)
	}
	c.pendList = pl
	if len(pl) == 0 {
		return cand
	}
	remaining := len(pl)
	switch {
	case c.v32 != nil:
		remaining = scanPairs(pend, c.v32, c.ms, g.unequal, stamp, remaining)
	case len(c.ms) == 1:
		m := c.ms[0]
		hi := m / 2
		if g.unequal && m%2 == 0 {
			hi--
		}
		remaining = scan16((*[1 << 16]uint32)(pend), c.v16, m, hi, stamp, remaining)
	default:
		remaining = scanPairs(pend, c.v16, c.ms, g.unequal, stamp, remaining)
	}
	if remaining == 0 {
		return cand
	}
	for _, v := range pl {
		if pend[v] == stamp {
			return v
		}
	}
	panic("octal: sparse kernel lost a pending value")
}

// rarePairs marks the values of the splits r + (m−r) for every rare r < m
// with m−r < len(g).
func rarePairs[T uint16 | uint32](mark []uint32, g []T, rare []int32, m int, unequal bool, stamp uint32) {
	for _, r := range rare {
		b := m - int(r)
		if b < 1 {
			return
		}
		if b >= len(g) || unequal && b == int(r) {
			continue
		}
		mark[g[r]^g[b]] = stamp
	}
}

// SetParallel lets the computer use a second goroutine (a second core)
// for the sparse-space kernel: while the main goroutine computes a batch of
// values, a worker enumerates, for the next batch, the splits that involve
// a rare heap r ≥ 2·batch whose partner is already known. Values are the
// same either way.
func (c *Computer) SetParallel(on bool) { c.parallel = on }

const batch = 64

type prepJob struct {
	start int      // first heap of the batch
	g     []uint16 // G(0..start−batch−1): only these values are read
	rare  []int32  // rare heaps r with 2·batch ≤ r < start−batch
	out   [][]uint32
}

func (c *Computer) startWorker() {
	c.jobs, c.done = make(chan prepJob), make(chan struct{})
	jobs, done, two, unequal := c.jobs, c.done, c.g.two, c.g.unequal
	go func() {
		for j := range jobs {
			for i, mark := range j.out {
				t := j.start + i
				for _, k := range two {
					if m := t - k; m >= 2 {
						rarePairs(mark, j.g, j.rare, m, unequal, uint32(t+1))
					}
				}
			}
			done <- struct{}{}
		}
		close(done)
	}()
	c.prepN = -1
}

func (c *Computer) stopWorker() {
	if c.prepN >= 0 {
		<-c.done
		c.prepN = -1
	}
	close(c.jobs)
	<-c.done
}

// parallelValue computes G(n); at the start of each batch it collects the
// worker's marks for this batch and sends it the next one.
func (c *Computer) parallelValue(n, start, stop int) uint32 {
	if (n-start)%batch == 0 {
		c.prepared = nil
		if c.prepN == n {
			<-c.done
			c.prepared = c.wbuf[(n/batch)&1]
		}
		c.prepN = -1
		next := n + batch
		if next+batch <= stop {
			buf := &c.wbuf[(next/batch)&1]
			if len(*buf) != batch || len((*buf)[0]) < int(2*c.size) {
				*buf = make([][]uint32, batch)
				for i := range *buf {
					(*buf)[i] = make([]uint32, 2*c.size)
				}
			}
			lo := sortSearch(c.rare, 2*batch)
			hi := sortSearch(c.rare, next-batch)
			c.jobs <- prepJob{start: next, g: c.v16[: next-batch : next-batch], rare: c.rare[lo:hi:hi], out: *buf}
			c.prepN = next
			c.prepLo = next - batch
		}
	}
	var prepared []uint32
	if c.prepared != nil {
		prepared = c.prepared[(n-start)%batch]
	}
	return c.sparseValue(n, prepared)
}

// sortSearch returns the index of the first rare heap ≥ x.
func sortSearch(rare []int32, x int) int {
	lo, hi := 0, len(rare)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(rare[m]) < x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// rarePairs16 is rarePairs on 16-bit values, marking a table that every
// 16-bit value indexes (no bounds checks).
func rarePairs16(mark *[1 << 16]uint32, g []uint16, rare []int32, m int, unequal bool, stamp uint32) {
	if m > len(g) {
		rarePairs(mark[:], g, rare, m, unequal, stamp) // not reached: m ≤ n = len(g)
		return
	}
	g = g[:m]
	for _, r := range rare {
		b := m - int(r)
		if b < 1 {
			return
		}
		if unequal && b == int(r) {
			continue
		}
		mark[g[r]^g[b]] = stamp
	}
}

// scan16 is scan1 on 16-bit values with a table every value indexes.
func scan16(pend *[1 << 16]uint32, g []uint16, m, hi int, stamp uint32, remaining int) int {
	if hi >= m || hi < 1 || m > len(g) {
		return scan1(pend[:], g, m, hi, stamp, remaining)
	}
	lo := g[1 : hi+1]
	up := g[m-hi : m]
	for i, x := range lo {
		y := x ^ up[hi-1-i]
		if pend[y] == stamp {
			pend[y] = 0
			remaining--
			if remaining == 0 {
				return 0
			}
		}
	}
	return remaining
}

// scan1 is scanPairs for a single m: splits b + (m−b), 1 ≤ b ≤ hi.
func scan1[T uint16 | uint32](pend []uint32, g []T, m, hi int, stamp uint32, remaining int) int {
	if hi >= m || hi < 1 {
		return remaining
	}
	lo := g[:hi+1]
	up := g[m-hi : m]
	for b := 1; b <= hi; b++ {
		x := lo[b] ^ up[hi-b]
		if pend[x] == stamp {
			pend[x] = 0
			remaining--
			if remaining == 0 {
				return 0
			}
		}
	}
	return remaining
}

// scanPairs walks the splits b + (m−b) of every m in ms, interleaved (b = 1
// for every m, then b = 2, …), clearing the pending mark of each value it
// meets, and stops when none remains. It returns the number still pending.
func scanPairs[T uint16 | uint32](pend []uint32, g []T, ms []int, unequal bool, stamp uint32, remaining int) int {
	if len(ms) == 1 {
		m := ms[0]
		hi := m / 2
		if unequal && m%2 == 0 {
			hi--
		}
		return scan1(pend, g, m, hi, stamp, remaining)
	}
	for b := 1; ; b++ {
		any := false
		for _, m := range ms {
			if 2*b > m || unequal && 2*b == m {
				continue
			}
			any = true
			x := g[b] ^ g[m-b]
			if pend[x] == stamp {
				pend[x] = 0
				remaining--
				if remaining == 0 {
					return 0
				}
			}
		}
		if !any {
			return remaining
		}
	}
}

// choose picks the sparse-space split (mask, e, t) with the fewest rare
// heaps among the values so far, or the plain kernel when none pays.
func (c *Computer) choose() {
	g := &c.g
	n := c.Len()
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
	if len(g.three) > 0 || len(g.two) == 0 || c.method == PlainMethod {
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
	// count[v][p]: heaps 1..n-1 of value v and parity p.
	count := make([][2]int32, c.size)
	for i := 1; i < n; i++ {
		count[c.val(i)][i&1]++
	}
	var present []uint32
	for v, cn := range count {
		if cn[0]+cn[1] > 0 {
			present = append(present, uint32(v))
		}
	}
	bestR, bm, be, bt := n, uint32(0), uint32(0), uint32(0)
	limit := min(c.size, 1<<12)
	for m := uint32(1); m < limit; m++ {
		for e := uint32(0); e <= 1; e++ {
			if e == 1 && !sameParity {
				continue
			}
			for t := uint32(0); t <= e; t++ {
				r := 0
				for _, v := range present {
					p := uint32(bits.OnesCount32(v&m) & 1)
					for par := uint32(0); par < 2; par++ {
						// class = p ^ (e & (n - t)) with n of parity par.
						if p^(e&(par^t)&1) == 0 {
							r += int(count[v][par])
						}
					}
				}
				if r < bestR {
					bestR, bm, be, bt = r, m, e, t
				}
			}
		}
	}
	pays := bestR*8 < n || c.method == SparseMethod
	c.setSparse(pays, bm, be, bt)
}

func (c *Computer) setSparse(on bool, m, e, t uint32) {
	if on == c.sparse && m == c.mask && e == c.e && t == c.t {
		return
	}
	c.sparse, c.mask, c.e, c.t = on, m, e, t
	c.rare = c.rare[:0]
	if !on {
		c.mask, c.e, c.t = 0, 0, 0
		c.buildParity()
		return
	}
	c.buildParity()
	for i := 1; i < c.Len(); i++ {
		if c.class(i, c.val(i)) == 0 {
			c.rare = append(c.rare, int32(i))
		}
	}
}

// ProvedPeriod returns the period the computer has proved and uses (Auto
// only), if any: G(n + p) = G(n) for every n ≥ n0.
func (c *Computer) ProvedPeriod() (p, n0 int, ok bool) {
	return c.perP, c.perN0, c.perP > 0
}

// ValueAt returns G(n) if it is computed or follows from a proved period.
func (c *Computer) ValueAt(n int) (uint32, bool) {
	switch {
	case n < 0:
		return 0, false
	case n < c.Len():
		return c.At(n), true
	case c.perP > 0:
		return c.At(c.perN0 + (n-c.perN0)%c.perP), true
	}
	return 0, false
}
