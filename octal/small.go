package octal

import (
	"math/bits"
	"sort"
	"unsafe"
)

// The sparse-space kernel while every value is below 128 (the census's
// sparse classes 4.045, .324, .174, … whose largest values to 10^6 are
// 27–106): sparseTiny's method on sets of two words. With the vector loops
// (small_amd64.s, AVX2):
//
//   - the rare splits of eight heaps m … m+7 are found in one pass over the
//     rare heaps r ≥ 8 (rareBatched, rareSmall8: G(m − r … m + 7 − r) is
//     one load, each heap a 32-bit lane whose set is four words, VPSLLVD);
//     the few other rare heaps (below 8, and from m up) are marked for each
//     heap, and so is every rare heap where a batch would not pay (a byte
//     of a 128-byte table a pair, read back as the set's bits, rareSmall);
//     the set of m is kept for the next split digits as sparseTiny keeps
//     it (4.045: digits 0, 2 and 3, one set computed for three heaps);
//   - the scan of the common splits looks the pending values up in a
//     vector register (the set's sixteen bytes, VPSHUFB), 32 pairs a step
//     on one, two or three split digits side by side.
//
// The pure Go path (other platforms, -tags purego, no AVX2) computes the
// same sets in registers and scans through the pending table (scanAll).

// smallSize is the largest size (power of two above every value) of the
// small kernel.
const smallSize = 128

// smallSet is a set of values below 128: lo holds 0..63, hi 64..127.
type smallSet struct{ lo, hi uint64 }

func (s smallSet) or(t smallSet) smallSet     { return smallSet{s.lo | t.lo, s.hi | t.hi} }
func (s smallSet) andNot(t smallSet) smallSet { return smallSet{s.lo &^ t.lo, s.hi &^ t.hi} }
func (s smallSet) empty() bool                { return s.lo|s.hi == 0 }

// add returns s with x (below 128) added.
func (s smallSet) add(x uint16) smallSet {
	b := uint64(1) << (x & 63)
	if x&64 == 0 {
		s.lo |= b
	} else {
		s.hi |= b
	}
	return s
}

// min returns the least value in s, 128 if s is empty.
func (s smallSet) min() uint32 {
	if s.lo != 0 {
		return uint32(bits.TrailingZeros64(s.lo))
	}
	return 64 + uint32(bits.TrailingZeros64(s.hi)) // 128 when hi = 0
}

// below returns the set of the values below v (v ≤ 128).
func below(v uint32) smallSet {
	switch {
	case v >= 128:
		return smallSet{^uint64(0), ^uint64(0)}
	case v >= 64:
		return smallSet{^uint64(0), 1<<(v-64) - 1}
	}
	return smallSet{1<<v - 1, 0}
}

// smallSets caches the rare-split sets of the last few m, as tinySets does,
// and a batch of them (rareBatch).
type smallSets struct {
	tag   [tinyKeep]int
	set   [tinyKeep]smallSet
	batch rareBatch
}

func (t *smallSets) drop() { t.tag = [tinyKeep]int{}; t.batch.valid = false }

// rareBatch holds the rare splits of the heaps base … base+7 over the rare
// heaps rareN[lo:hi], those from smallBatch up to base (rareBatched).
type rareBatch struct {
	valid        bool
	base, lo, hi int
	part         [smallBatch]smallSet
	out          [4][smallBatch]uint32 // rareSmall8's and rareTiny8's words
}

// smallBatch is the number of heaps m … m+7 whose rare splits one pass over
// the rare heaps r ≥ smallBatch computes (rareSmall8): G(m − r … m + 7 − r)
// are then one load, all known before G(m).
const smallBatch = 8

// smallBatchFrom is the fewest rare heaps from smallBatch up to m for which
// the batch runs: its setup and the read-back of the eight sets cost about
// as much as a dozen rare splits marked one by one.
const smallBatchFrom = 16

// sparseSmall computes G(n) from vals = G(0..n−1), every value below
// smallSize, as sparseFast does on one core (avail = n). It returns the
// value and the number of pairs of heaps examined.
func (w *worker) sparseSmall(c *Computer, n int, vals []uint16) (uint32, int) {
	vals = vals[:n]
	g := &c.g
	var marks smallSet
	for _, k := range g.takeAll {
		if k == n {
			marks.lo |= 1
		}
	}
	for _, k := range g.one {
		if k < n {
			marks = marks.add(vals[n-k])
		}
	}
	possible := w.splits(c, n)
	work := 0
	for i, m := range w.ms {
		cut := w.cut(i, m) // the rare heaps below m
		j := m & (tinyKeep - 1)
		if w.small.tag[j] != m {
			w.small.set[j] = w.smallRare(vals, cut, m, g.unequal)
			w.small.tag[j] = m
			work += cut
		}
		marks = marks.or(w.small.set[j])
	}
	// cand: the least value not marked that is either ≥ size or of a
	// parity no common split gives (sparseFast's candidate).
	var pos smallSet // the values a common split may give
	if possible&1 != 0 {
		pos = pos.or(c.smallPar[0])
	}
	if possible&2 != 0 {
		pos = pos.or(c.smallPar[1])
	}
	all := smallSet{^uint64(0), ^uint64(0)}
	stop := all.andNot(marks).andNot(pos.andNot(all.andNot(below(w.size))))
	cand := stop.min() // 128 when stop is empty (128 ≥ size)
	pend := all.andNot(marks).andNot(all.andNot(below(cand)))
	if pend.empty() {
		return cand, work
	}
	left, scanned := w.scanSmall(c, vals, pend)
	work += scanned
	if left.empty() {
		return cand, work
	}
	return left.min(), work
}

// scanSmall scans the common splits of w.ms for the pending values pend,
// as scanAll does, and returns those not found and the pairs examined.
// With the vector loops, the splits within the reversed prefix (one, two
// or three split digits side by side) are scanned there, and whatever they
// leave through the pending table.
func (w *worker) scanSmall(c *Computer, vals []uint16, pend smallSet) (smallSet, int) {
	ms := w.ms
	unequal := c.g.unequal
	P := len(c.rlo)
	if !hasSmallAsm || P == 0 || len(ms) > 3 {
		return w.scanTable(vals, c.rlo, ms, unequal, pend, nil)
	}
	var H int // the smaller heaps 1..H of every digit, within the prefix
	var hs [3]int
	for i, m := range ms {
		hs[i] = pairsHi(m, unequal)
		if i == 0 || hs[i] < H {
			H = hs[i]
		}
	}
	H = min(H, P-1)
	step := 8
	if len(ms) == 1 {
		step = 16
	}
	if H < step {
		return w.scanTable(vals, c.rlo, ms, unequal, pend, nil)
	}
	lo := c.rlo[P-1-H : P-1]
	var left smallSet
	var at int
	switch len(ms) {
	case 1:
		left.lo, left.hi, at = scanSmall1(&lo[0], &vals[ms[0]-H], H, pend.lo, pend.hi)
	case 2:
		left.lo, left.hi, at = scanSmall2(&lo[0], &vals[ms[0]-H], &vals[ms[1]-H], H, pend.lo, pend.hi)
	case 3:
		left.lo, left.hi, at = scanSmall3(&lo[0], &vals[ms[0]-H], &vals[ms[1]-H], &vals[ms[2]-H], H, pend.lo, pend.hi)
	}
	scanned := len(ms) * (H - at)
	if left.empty() {
		return left, scanned
	}
	// The splits b > H of the digits that have them: through the table.
	var rest [3][2]int
	for i, m := range ms {
		rest[i] = [2]int{m, hs[i]}
	}
	left, k := w.scanTable(vals, c.rlo, nil, unequal, left, &restSpans{H + 1, rest[:len(ms)]})
	return left, scanned + k
}

// restSpans are the splits b + (m − b), from ≤ b ≤ hi, of each (m, hi).
type restSpans struct {
	from  int
	spans [][2]int
}

// scanTable scans for pend through the pending table: every split of ms
// (scanAll), or with rest only the splits it names. It returns the values
// not found and the pairs examined.
func (w *worker) scanTable(vals, rlo []uint16, ms []int, unequal bool, pend smallSet, rest *restSpans) (smallSet, int) {
	pt := (*[1 << 16]uint8)(w.pend)
	w.pl = w.pl[:0]
	for half, word := range [2]uint64{pend.lo, pend.hi} {
		for p := word; p != 0; p &= p - 1 {
			v := uint32(64*half + bits.TrailingZeros64(p))
			pt[v] = 1
			w.pl = append(w.pl, v)
		}
	}
	remaining, scanned := len(w.pl), 0
	if rest == nil {
		remaining, scanned = scanAll(pt, nil, vals, rlo, ms, unequal, remaining, len(vals))
	} else {
		for _, d := range rest.spans {
			if remaining > 0 && d[1] >= rest.from {
				var k int
				remaining, k = scanRange(pt, nil, vals, rlo, d[0], rest.from, d[1], remaining)
				scanned += k
			}
		}
	}
	var left smallSet
	for _, v := range w.pl {
		if pt[v] != 0 {
			left = left.add(uint16(v))
			pt[v] = 0
		}
	}
	return left, scanned
}

// smallRare returns the set of values G(r) ^ G(m − r) of the rare heaps
// r < m, the first cut of w.rareN (r ≠ m/2 when the heaps must differ),
// every value below 128. vals holds G(0..m−1) at least.
func (w *worker) smallRare(vals []uint16, cut, m int, unequal bool) smallSet {
	if unequal {
		if m%2 == 0 {
			// r = m/2 would split m into two equal heaps: leave it out.
			if j := sort.SearchInts(w.rareN[:cut], m/2); j < cut && w.rareN[j] == m/2 {
				return w.smallRange(vals, 0, j, m).or(w.smallRange(vals, j+1, cut, m))
			}
		}
	} else if hasSmallAsm {
		// (A batch would hold r = (m+j)/2 for some heap m + j: it runs
		// only where equal heaps are allowed.)
		if s, ok := w.rareBatched(&w.small.batch, vals, cut, m, false); ok {
			return s
		}
	}
	return w.smallRange(vals, 0, cut, m)
}

// rareBatched returns the set of smallRare or tinyRare (tiny: every value
// below 64) with every split allowed, from the batch b if it holds m, else
// from a batch built from m: the splits of the rare heaps r from
// smallBatch up to the batch's first heap come from the batch, the few
// others (r below smallBatch, and from the first heap up to m) are marked
// here. It returns false when a batch would not pay (fewer than
// smallBatchFrom rare heaps it would hold). vals holds G(0..m−1) at least.
func (w *worker) rareBatched(b *rareBatch, vals []uint16, cut, m int, tiny bool) (smallSet, bool) {
	if !b.valid || m < b.base || m >= b.base+smallBatch || b.hi > cut {
		if cut < smallBatchFrom {
			return smallSet{}, false
		}
		lo := sort.SearchInts(w.rareN[:cut], smallBatch)
		if cut-lo < smallBatchFrom {
			return smallSet{}, false
		}
		if w.rareN[lo] < smallBatch || w.rareN[cut-1] >= m || len(vals) < m {
			panic("octal: rareBatched: rare heap out of range")
		}
		nr := w.negRare()
		// last is G(m − 1): the loop reads G(m − r … m − r + 7), every
		// one below m (r ≥ 8), at 2 − 2r from it, without a pointer past
		// the values (which -race's checkptr refuses when m = len(vals)).
		last := &vals[m-1]
		if tiny {
			rareTiny8(last, &nr[lo], &w.rareV[lo], cut-lo, &b.out)
			b.out[2], b.out[3] = [smallBatch]uint32{}, [smallBatch]uint32{}
		} else {
			rareSmall8(last, &nr[lo], &w.rareV[lo], cut-lo, &b.out)
		}
		for j := range b.part {
			b.part[j] = smallSet{
				lo: uint64(b.out[0][j]) | uint64(b.out[1][j])<<32,
				hi: uint64(b.out[2][j]) | uint64(b.out[3][j])<<32,
			}
		}
		b.valid, b.base, b.lo, b.hi = true, m, lo, cut
	}
	s := b.part[m-b.base]
	if b.lo > 0 {
		s = s.or(smallRangeGo(vals, w.rareN[:b.lo], w.rareV[:b.lo], m))
	}
	if cut > b.hi {
		// The rare heaps from the batch's first heap up to m (in [1, m)).
		s = s.or(smallRangeGo(vals, w.rareN[b.hi:cut], w.rareV[b.hi:cut], m))
	}
	return s, true
}

// smallRange is the set of values G(r) ^ G(m − r) of the rare heaps
// w.rareN[i:j], every one in [1, m) and every value below 128.
func (w *worker) smallRange(vals []uint16, i, j, m int) smallSet {
	if i >= j {
		return smallSet{}
	}
	rs, rv := w.rareN[i:j], w.rareV[i:j]
	if rs[0] < 1 || rs[len(rs)-1] >= m || len(vals) < m {
		panic("octal: smallRange: rare heap out of range")
	}
	if !hasSmallAsm {
		return smallRangeGo(vals, rs, rv, m)
	}
	nr := w.negRare()[i:j]
	// The table is the pending table, all zero between values; vals[m−1]
	// is G(m − 1): the loop reads G(m − r) at 2 − 2r from it, without a
	// pointer past the values.
	lo, hi := rareSmall(&vals[m-1], &nr[0], &rv[0], len(nr), (*[1 << 16]byte)(w.pend))
	return smallSet{lo, hi}
}

// negRare returns the rare heaps negated (−w.rareN[i]), which the vector
// loop adds to m: the list follows w.rareN as it grows (whoever rebuilds
// w.rareN empties it: setSparse).
func (w *worker) negRare() []int {
	k := min(len(w.rareNeg), len(w.rareN))
	w.rareNeg = w.rareNeg[:k]
	for _, r := range w.rareN[k:] {
		w.rareNeg = append(w.rareNeg, -r)
	}
	return w.rareNeg
}

// smallRangeGo is smallRange in Go, the sets in registers (checked by the
// caller: every r in rs in [1, m)).
func smallRangeGo(vals []uint16, rs []int, rv []uint16, m int) smallSet {
	rv = rv[:len(rs)]
	base := unsafe.Pointer(unsafe.SliceData(vals))
	at := func(r int) uint16 { return *(*uint16)(unsafe.Add(base, 2*(m-r))) }
	var a, b smallSet // two chains
	i := 0
	for ; i+2 <= len(rs); i += 2 {
		r := rs[i : i+2 : i+2]
		v := rv[i : i+2 : i+2]
		a = a.add(v[0] ^ at(r[0]))
		b = b.add(v[1] ^ at(r[1]))
	}
	if i < len(rs) {
		a = a.add(rv[i] ^ at(rs[i]))
	}
	return a.or(b)
}
