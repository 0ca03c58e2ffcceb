package octal

import (
	"sort"
	"unsafe"
)

// Batched rare-heap marking. For a game with many rare heaps (Officers,
// Grundy's game, …) most of a value's cost is marking rv ^ G(m − r) for
// every rare heap r and split digit: about 1,500 rare heaps at n = 2^24, each read at its
// own place in the values, so every pair costs a load of a cache line that
// the previous heap also loaded and the level-1 cache could not keep. The
// heaps n0 … n0+15 read G(m0 − r … m0 + 15 − r) for the same r: one pass
// over the rare heaps marks all sixteen, four lanes a 64-bit load, each in
// its own row of stamps. Only the rare heaps whose sixteen partners are all
// known at the start of the batch (below avail) are batched; each heap
// marks the few others itself (sparseFast).

// batchHeaps is the number of consecutive heaps one pass marks.
const batchHeaps = 16

// batchMinPairs is the fewest rare splits a heap for which batching pays:
// below it (.167 has 59 rare heaps at n = 2^22, 118 splits a heap) the
// rows cost the mex more than the pass saves.
const batchMinPairs = 256

// batchSize bounds the values a batch holds: the rows are indexed by value.
const batchSize = 1024

type batchMarks struct {
	n0, avail int // heaps n0 … n0+15, from G(0..avail−1)
	valid     bool
	// Per split digit (Game.two order), the rare heaps marked:
	// rareN[lo:xlo] and rareN[xhi:hi]; a split into equal heaps r + r,
	// forbidden in some games, is never batched.
	digits []batchDigit
	dbuf   [4]batchDigit // digits' array for up to four split digits
	stamp  uint16
	rows   [batchHeaps][batchSize]uint16 // rows[j][x] = stamp: x marked for heap n0+j
}

type batchDigit struct{ lo, xlo, xhi, hi int }

// dropBatch forgets w's batch (the rare list it indexes was rebuilt).
func (w *worker) dropBatch() {
	if w.b != nil {
		w.b.valid = false
	}
}

// batched reports whether heap n is covered by w's batch.
func (w *worker) batched(n, avail int) bool {
	b := w.b
	return b != nil && b.valid && n >= b.n0 && n < b.n0+batchHeaps && avail >= b.avail
}

// markBatchAt builds w's batch for the heaps n0 … n0+15 from G(0..avail−1)
// (every split digit k with n0 − k ≥ 2). The rare list must hold every
// rare heap below avail. It returns false if batching would not pay.
func (w *worker) markBatchAt(g *Game, vals []uint16, n0, avail int) bool {
	if w.size > batchSize || avail < 2*batchHeaps {
		return false
	}
	if n0 >= w.declined && n0 < w.declined+batchHeaps {
		return false // too few rare splits a moment ago: ask again later
	}
	var digits [4]batchDigit // on the stack for the usual few split digits
	ds := digits[:0]
	pairs := 0
	for _, k := range g.two {
		m0 := n0 - k
		m15 := m0 + batchHeaps - 1
		if m0 < 2 {
			return false
		}
		rLo := max(1, m15-avail+1) // r > m15 − avail: G(m_j − r) known for every j
		rHi := m0                  // r < m0 ≤ m_j
		if rHi-rLo < 4*batchHeaps {
			rLo = rHi // not worth it: each heap marks this digit itself
		}
		lo := sort.SearchInts(w.rareN, rLo)
		hi := sort.SearchInts(w.rareN, rHi)
		xlo, xhi := hi, hi
		if g.unequal {
			// r = m_j/2 for some j: ⌈m0/2⌉ ≤ r ≤ ⌊m15/2⌋.
			xlo = min(max(lo, sort.SearchInts(w.rareN, (m0+1)/2)), hi)
			xhi = min(max(xlo, sort.SearchInts(w.rareN, m15/2+1)), hi)
		}
		ds = append(ds, batchDigit{lo, xlo, xhi, hi})
		pairs += hi - lo
	}
	if pairs < batchMinPairs {
		w.declined = n0
		return false
	}
	if w.b == nil {
		w.b = new(batchMarks) // 32 KiB, for games that batch only
	}
	b := w.b
	if b.digits == nil {
		// In the batch's own memory: a small array of its own would
		// share a cache line with the other core's.
		b.digits = b.dbuf[:0]
	}
	b.digits = append(b.digits[:0], ds...)
	b.stamp++
	if b.stamp == 0 {
		b.rows = [batchHeaps][batchSize]uint16{}
		b.stamp = 1
	}
	b.n0, b.avail, b.valid = n0, avail, true
	vals = vals[:avail]
	for i, d := range b.digits {
		m0 := n0 - g.two[i]
		markBatch(&b.rows, vals, w.rareN[d.lo:d.xlo], w.rareV[d.lo:d.xlo], m0, b.stamp)
		markBatch(&b.rows, vals, w.rareN[d.xhi:d.hi], w.rareV[d.xhi:d.hi], m0, b.stamp)
	}
	return true
}

// markBatch sets rows[j][rv[i] ^ G(m0 + j − rs[i])] = stamp for every i
// and j < 16. Every m0 + 15 − rs[i] must index vals, and every value be
// below batchSize.
func markBatch(rows *[batchHeaps][batchSize]uint16, vals []uint16, rs []int, rv []uint16, m0 int, stamp uint16) {
	if len(rs) == 0 {
		return
	}
	if rs[0] < 1 || rs[len(rs)-1] > m0 || m0-rs[0]+batchHeaps > len(vals) {
		panic("octal: markBatch: rare heap out of range")
	}
	rv = rv[:len(rs)]
	base := unsafe.Pointer(unsafe.SliceData(vals))
	const mask = batchSize - 1
	// The sixteen lanes are written out: the compiler does not unroll a
	// loop, and a constant row index becomes part of the store's address.
	for i, r := range rs {
		p := unsafe.Add(base, 2*(m0-r))
		x := uint64(rv[i]) * 0x0001000100010001
		a := *(*uint64)(p) ^ x
		rows[0][a&mask] = stamp
		rows[1][a>>16&mask] = stamp
		rows[2][a>>32&mask] = stamp
		rows[3][a>>48&mask] = stamp
		a = *(*uint64)(unsafe.Add(p, 8)) ^ x
		rows[4][a&mask] = stamp
		rows[5][a>>16&mask] = stamp
		rows[6][a>>32&mask] = stamp
		rows[7][a>>48&mask] = stamp
		a = *(*uint64)(unsafe.Add(p, 16)) ^ x
		rows[8][a&mask] = stamp
		rows[9][a>>16&mask] = stamp
		rows[10][a>>32&mask] = stamp
		rows[11][a>>48&mask] = stamp
		a = *(*uint64)(unsafe.Add(p, 24)) ^ x
		rows[12][a&mask] = stamp
		rows[13][a>>16&mask] = stamp
		rows[14][a>>32&mask] = stamp
		rows[15][a>>48&mask] = stamp
	}
}

// markRareBatched marks the rare splits of heap n in w's batch that the
// batch left out: for each split digit, r in (m − avail, m) outside the
// batched ranges (and r ≠ m/2 if equal heaps are forbidden). It returns
// the pairs this heap owes, the batched ones included, and the heap's row.
func (w *worker) markRareBatched(mark *[1 << 16]uint32, vals []uint16, n, avail int, unequal bool, stamp uint32) (int, *[batchSize]uint16) {
	b := w.b
	work := 0
	for i, d := range b.digits {
		m := w.ms[i]
		lo := 0
		if avail < n {
			lo = sort.SearchInts(w.rareN, m-avail+1)
		}
		c := w.cut(i, m)
		work += c - lo
		if !unequal {
			// d.xlo = d.xhi = d.hi: the few small r and those near m.
			if lo < d.lo {
				markRange(mark, vals, w.rareN[lo:d.lo], w.rareV[lo:d.lo], m, stamp)
			}
			if d.hi < c {
				markRange(mark, vals, w.rareN[d.hi:c], w.rareV[d.hi:c], m, stamp)
			}
			continue
		}
		for _, s := range [3][2]int{{lo, d.lo}, {d.xlo, d.xhi}, {d.hi, c}} {
			if s[0] < s[1] {
				markRare(mark, vals, w.rareN[s[0]:s[1]], w.rareV[s[0]:s[1]], m, unequal, stamp)
			}
		}
	}
	return work, &b.rows[n-b.n0]
}

// candidateRow is candidate with the values of the heap's batch row marked
// too. A copy, not candidate with a nil row: the test for nil in this loop
// cost Officers 2–4% (measured).
func (w *worker) candidateRow(c *Computer, stamp uint32, row *[batchSize]uint16, bstamp uint16, possible uint8) (uint32, []uint32) {
	mark := (*[1 << 16]uint32)(w.mark)
	pend := (*[1 << 16]uint8)(w.pend)
	parity := (*[1 << 16]uint8)(c.parity)
	size := w.size
	pl := w.pl[:0]
	cand := uint32(0)
	for ; ; cand++ {
		x := uint16(cand)
		if cand < batchSize && row[cand&(batchSize-1)] == bstamp || mark[x] == stamp {
			continue
		}
		if cand >= size || possible>>parity[x]&1 == 0 {
			break
		}
		pend[x] = 1
		pl = append(pl, cand)
	}
	w.pl = pl
	return cand, pl
}
