package octal

import (
	"fmt"
	"sort"
	"unsafe"
)

// The 16-bit kernels. With every value below fastLimit (2^15), a value, an
// XOR of two values and a mex all index tables of 2^16 entries, so the
// loops below run without bounds checks on the tables. The pair loops read
// four values of each side at once (one 64-bit load per side, the upper
// side's four lanes reversed in a register) and test the four XORs with one
// branch: a pair loop costs a little over one instruction per value read.

// sparseFast computes G(n) by the sparse-space method from vals = G(0..n−1).
// Invariant: w.rareN lists every heap 1 ≤ r < n of class 0 under (mask, e,
// t). A split of m into two common heaps a + b has a value x with
// parity(x & mask) = e·(m mod 2); every other split involves a rare heap and
// is enumerated directly. So a value that is not found among the enumerated
// options and has the other parity for every split digit is not an option
// at all: the mex is the least such value c unless a smaller value, of the
// first parity, is also missing, which a scan of all splits (stopped as
// soon as every smaller value is found) decides.
//
// It returns the value and the number of pairs of heaps examined.
//
// With avail < n (the two-core mode, parallel.go), only G(0..avail−1) are
// known: it leaves out every option involving a heap ≥ avail and returns the
// mex of the other options (the caller adds the left-out ones, excluded).
//
// With mayBatch, a heap with many rare splits marks them for the next
// sixteen heaps at once (batch.go); later calls for those heaps use that
// batch.
func (w *worker) sparseFast(c *Computer, n int, vals []uint16, avail int, mayBatch bool) (uint32, int) {
	stamp := w.stamp(n)
	mark := (*[1 << 16]uint32)(w.mark)
	vals = vals[:n]
	g := &c.g
	for _, k := range g.takeAll {
		if k == n {
			mark[0] = stamp
		}
	}
	for _, k := range g.one {
		if k < n && n-k < avail {
			mark[vals[n-k]] = stamp
		}
	}
	possible := w.splits(c, n)
	work := 0
	var row *[batchSize]uint16
	switch {
	case len(w.ms) == len(g.two) && (w.batched(n, avail) || mayBatch && w.markBatchAt(g, vals, n, avail)):
		var k int
		k, row = w.markRareBatched(mark, vals, n, avail, g.unequal, stamp)
		work += k
	case avail < n:
		// A split r + (m−r) of a rare heap r is known when m − r < avail.
		for _, m := range w.ms {
			lo := sort.SearchInts(w.rareN, m-avail+1)
			work += markRare(mark, vals, w.rareN[lo:], w.rareV[lo:], m, g.unequal, stamp)
		}
	case len(w.ms) == 2 && !g.unequal:
		c1, c2 := w.cut(0, w.ms[0]), w.cut(1, w.ms[1])
		work += markRare2(mark, vals, w.rareN[:c1], w.rareV[:c1], c2, w.ms[0], w.ms[1], stamp)
	case len(w.ms) == 3 && !g.unequal:
		c1, c2, c3 := w.cut(0, w.ms[0]), w.cut(1, w.ms[1]), w.cut(2, w.ms[2])
		work += markRare3(mark, vals, w.rareN[:c1], w.rareV[:c1], c2, c3, w.ms[0], w.ms[1], w.ms[2], stamp)
	case len(w.ms) == 1 && !g.unequal:
		c1 := w.cut(0, w.ms[0])
		markRange(mark, vals, w.rareN[:c1], w.rareV[:c1], w.ms[0], stamp)
		work += c1
	default:
		for _, m := range w.ms {
			work += markRare(mark, vals, w.rareN, w.rareV, m, g.unequal, stamp)
		}
	}
	var cand uint32
	var pl []uint32
	if row != nil {
		cand, pl = w.candidateRow(c, stamp, row, w.b.stamp, possible)
	} else {
		cand, pl = w.candidate(c, stamp, possible)
	}
	if len(pl) == 0 {
		return cand, work
	}
	pend := (*[1 << 16]uint8)(w.pend)
	var set *[64]byte
	if hasScanAsm && (len(w.ms) == 1 || len(w.ms) == 2 && has512) && w.size <= 512 && w.scanAvg >= vectorScanFrom*16 {
		// The vector scan tests sixteen splits against the pending
		// values held as a bit set.
		set = &w.set
		clear(set[:])
		for _, v := range pl {
			set[v>>3] |= 1 << (v & 7)
		}
	}
	remaining, scanned := scanAll(pend, set, vals, c.rlo, w.ms, g.unequal, len(pl), avail)
	w.scanAvg += scanned - w.scanAvg>>4
	return w.settle(cand, remaining), work + scanned
}

// vectorScanFrom is the fewest pairs the scans of the last values must
// have examined on average for the vector scan to run: its setup (the set
// of pending values, the lookup tables) costs about as much as a hundred
// pairs scanned in Go, which a scan of a few hundred pairs does not repay
// (.324 at 10^6, 130 pairs a scan: 1.5× slower with it).
const vectorScanFrom = 512

// splits sets w.ms to the heaps m = n − k ≥ 2 that heap n splits (k a split
// digit) and returns the parities a split of two common heaps can give: bit
// p set when some split of some m has parity p (for a + b = m both common,
// parity(G(a) ^ G(b)) = e·m mod 2).
func (w *worker) splits(c *Computer, n int) (possible uint8) {
	w.ms = w.ms[:0]
	for _, k := range c.g.two {
		if m := n - k; m >= 2 {
			w.ms = append(w.ms, m)
			possible |= 1 << (c.e & uint32(m) & 1)
		}
	}
	return possible
}

// candidate finds the least value not marked that no split of two commons
// can produce; the values below it not marked are pending (w.pend set).
func (w *worker) candidate(c *Computer, stamp uint32, possible uint8) (uint32, []uint32) {
	mark := (*[1 << 16]uint32)(w.mark)
	pend := (*[1 << 16]uint8)(w.pend)
	parity := (*[1 << 16]uint8)(c.parity)
	size := w.size
	pl := w.pl[:0]
	cand := uint32(0)
	for ; ; cand++ {
		x := uint16(cand)
		if mark[x] == stamp {
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

// settle returns the value once the scan is over: the candidate if every
// pending value was found, else the least pending value not found. It
// clears the pending marks.
func (w *worker) settle(cand uint32, remaining int) uint32 {
	pend := (*[1 << 16]uint8)(w.pend)
	res := cand
	for _, v := range w.pl {
		if remaining > 0 && pend[uint16(v)] != 0 && res == cand {
			res = v
		}
		pend[uint16(v)] = 0
	}
	return res
}

// markRare marks the values of the splits r + (m−r) of m for every rare
// heap r < m (r = m/2 only if equal heaps are allowed). It returns the
// number of pairs.
func markRare(mark *[1 << 16]uint32, vals []uint16, rareN []int, rareV []uint16, m int, unequal bool, stamp uint32) int {
	cut := sort.SearchInts(rareN, m)
	rs, rv := rareN[:cut], rareV[:cut]
	if unequal && m%2 == 0 {
		if j := sort.SearchInts(rs, m/2); j < len(rs) && rs[j] == m/2 {
			markRange(mark, vals, rs[:j], rv[:j], m, stamp)
			markRange(mark, vals, rs[j+1:], rv[j+1:], m, stamp)
			return cut
		}
	}
	markRange(mark, vals, rs, rv, m, stamp)
	return cut
}

func markRange(mark *[1 << 16]uint32, vals []uint16, rs []int, rv []uint16, m int, stamp uint32) {
	// Every r in rs is in [1, m) (the callers cut rs at m), so m − r
	// indexes vals[:m]: read through a pointer, without a bounds check a
	// pair.
	vals = vals[:m]
	rv = rv[:len(rs)]
	base := unsafe.Pointer(unsafe.SliceData(vals))
	at := func(r int) uint16 { return *(*uint16)(unsafe.Add(base, 2*(m-r))) }
	if len(rs) > 0 && (rs[0] < 1 || rs[len(rs)-1] >= m) {
		panic("octal: markRange: rare heap out of range")
	}
	i := 0
	for ; i+4 <= len(rs); i += 4 {
		r := rs[i : i+4 : i+4]
		v := rv[i : i+4 : i+4]
		mark[v[0]^at(r[0])] = stamp
		mark[v[1]^at(r[1])] = stamp
		mark[v[2]^at(r[2])] = stamp
		mark[v[3]^at(r[3])] = stamp
	}
	for ; i < len(rs); i++ {
		mark[rv[i]^at(rs[i])] = stamp
	}
}

// cut returns the number of rare heaps below m, for split digit i: m grows
// from one call to the next (or the rare list was rebuilt), so the count is
// found from the last one in amortized O(1).
func (w *worker) cut(i, m int) int {
	for len(w.cuts) <= i {
		w.cuts = append(w.cuts, 0)
	}
	c := min(w.cuts[i], len(w.rareN))
	for c > 0 && w.rareN[c-1] >= m {
		c--
	}
	for c < len(w.rareN) && w.rareN[c] < m {
		c++
	}
	w.cuts[i] = c
	return c
}

// markRare2 is markRare for two split digits at once, m1 > m2, given the
// rare heaps below m1 and how many are below m2: one pass over the rare
// heaps reads both partners.
func markRare2(mark *[1 << 16]uint32, vals []uint16, rareN []int, rareV []uint16, c2, m1, m2 int, stamp uint32) int {
	c1 := len(rareN)
	rs, rv := rareN[:c2], rareV[:c2]
	rv = rv[:len(rs)]
	// As in markRange: every r in rs is in [1, m2), so m1 − r and m2 − r
	// index vals[:m1].
	if len(rs) > 0 && (rs[0] < 1 || rs[len(rs)-1] >= m2 || m2 >= m1) {
		panic("octal: markRare2: rare heap out of range")
	}
	markTwo(mark, rs, rv, unsafe.Pointer(unsafe.SliceData(vals[:m1])), m1, m2, stamp)
	markRange(mark, vals, rareN[c2:c1], rareV[c2:c1], m1, stamp)
	return c1 + c2
}

// markRare3 is markRare2 for three split digits, m1 > m2 > m3, given the
// rare heaps below m1 and how many are below m2 and m3.
func markRare3(mark *[1 << 16]uint32, vals []uint16, rareN []int, rareV []uint16, c2, c3, m1, m2, m3 int, stamp uint32) int {
	c1 := len(rareN)
	rs, rv := rareN[:c3], rareV[:c3]
	rv = rv[:len(rs)]
	// Every r in rs is in [1, m3), so m1 − r, m2 − r and m3 − r index
	// vals[:m1].
	if len(rs) > 0 && (rs[0] < 1 || rs[len(rs)-1] >= m3 || m3 >= m2 || m2 >= m1) {
		panic("octal: markRare3: rare heap out of range")
	}
	markThree(mark, rs, rv, unsafe.Pointer(unsafe.SliceData(vals[:m1])), m1, m2, m3, stamp)
	return 3*c3 + markRare2(mark, vals, rareN[c3:c1], rareV[c3:c1], c2-c3, m1, m2, stamp)
}

// markThree is markTwo for three partners of each rare heap.
//
//go:noinline
func markThree(mark *[1 << 16]uint32, rs []int, rv []uint16, base unsafe.Pointer, m1, m2, m3 int, stamp uint32) {
	rv = rv[:len(rs)]
	for i, r := range rs {
		x := rv[i]
		mark[x^*(*uint16)(unsafe.Add(base, 2*(m1-r)))] = stamp
		mark[x^*(*uint16)(unsafe.Add(base, 2*(m2-r)))] = stamp
		mark[x^*(*uint16)(unsafe.Add(base, 2*(m3-r)))] = stamp
	}
}

// markTwo marks rv[i] ^ G(m1 − rs[i]) and rv[i] ^ G(m2 − rs[i]), where
// base points to G(0) (every pointer formed points into the values, as
// -race's checkptr demands). A leaf of its own, so that its loop keeps
// every variable in a register.
//
//go:noinline
func markTwo(mark *[1 << 16]uint32, rs []int, rv []uint16, base unsafe.Pointer, m1, m2 int, stamp uint32) {
	rv = rv[:len(rs)]
	for i, r := range rs {
		x := rv[i]
		mark[x^*(*uint16)(unsafe.Add(base, 2*(m1-r)))] = stamp
		mark[x^*(*uint16)(unsafe.Add(base, 2*(m2-r)))] = stamp
	}
}

// scanBlock is the most splits of one m the scan takes before moving to the
// next split digit: the digits are scanned side by side, in blocks of 16,
// 32, … up to scanBlock, so that a value one of them gives early is found
// early (Kayles: 34 pairs a value instead of 103 with blocks of 128).
const scanBlock = 128

// scanAll walks the splits b + (m−b), b = 1, 2, …, of every m in ms,
// clearing the pending mark of each value it meets, and stops when none
// remains. It returns the number still pending and the pairs examined.
// rlo is the prefix of vals reversed (see Computer.rlo; may be empty).
//
// Only G(0..avail−1) are read: the splits with a heap ≥ avail are left out.
func scanAll(pend *[1 << 16]uint8, set *[64]byte, vals, rlo []uint16, ms []int, unequal bool, remaining, avail int) (int, int) {
	// A split b + (m−b) is known when m − b < avail: b ≥ first(m).
	first := func(m int) int { return max(1, m-avail+1) }
	last := func(m int) int { return pairsHi(m, unequal) }
	if len(ms) == 1 {
		m := ms[0]
		hi := last(m)
		b0 := first(m)
		if hi < b0 {
			return remaining, 0
		}
		return scanRange(pend, set, vals, rlo, m, b0, hi, remaining)
	}
	scanned := 0
	if len(ms) == 2 && len(rlo) > 0 && ms[0] > ms[1] && first(ms[0]) == 1 {
		// Two digits side by side, one pass: the smaller heap read once
		// for both.
		m1, m2 := ms[0], ms[1]
		h1, h2 := last(m1), last(m2)
		H := min(h1, h2, len(rlo)-1)
		if H >= 1 {
			P := len(rlo)
			var k int
			remaining, k = scanTwoR(pend, set, rlo[P-1-H:P-1], vals[m1-H:m1], vals[m2-H:m2], remaining)
			scanned += k
			for _, d := range [2][2]int{{m1, h1}, {m2, h2}} {
				if remaining > 0 && d[1] > H {
					remaining, k = scanRange(pend, nil, vals, rlo, d[0], H+1, d[1], remaining)
					scanned += k
				}
			}
			return remaining, scanned
		}
	}
	if len(ms) == 3 && len(rlo) > 0 && ms[0] > ms[1] && ms[1] > ms[2] && first(ms[0]) == 1 {
		// Three digits side by side (4.045: m = n, n − 2, n − 3), one
		// pass: the smaller heap read once for all three.
		m1, m2, m3 := ms[0], ms[1], ms[2]
		h1, h2, h3 := last(m1), last(m2), last(m3)
		H := min(h1, h2, h3, len(rlo)-1)
		if H >= 1 {
			P := len(rlo)
			var k int
			remaining, k = scanThreeR(pend, rlo[P-1-H:P-1], vals[m1-H:m1], vals[m2-H:m2], vals[m3-H:m3], remaining)
			scanned += k
			for _, d := range [3][2]int{{m1, h1}, {m2, h2}, {m3, h3}} {
				if remaining > 0 && d[1] > H {
					remaining, k = scanRange(pend, nil, vals, rlo, d[0], H+1, d[1], remaining)
					scanned += k
				}
			}
			return remaining, scanned
		}
	}
	block := 8 // grows: the first pending values show early, in any digit
	for b0 := 1; ; b0 += block {
		block = min(2*block, scanBlock)
		any := false
		for _, m := range ms {
			hi := last(m)
			if b0 > hi {
				continue
			}
			any = true
			b1 := min(hi, b0+block-1)
			lo := max(b0, first(m))
			if lo <= b1 {
				var k int
				remaining, k = scanRange(pend, nil, vals, rlo, m, lo, b1, remaining)
				scanned += k
			}
			if remaining == 0 {
				return 0, scanned
			}
		}
		if !any {
			return remaining, scanned
		}
	}
}

// scanRange scans the splits b + (m−b) for lo ≤ b ≤ hi in increasing b
// (scanSeg's contract): through the reversed prefix rlo as far as it
// reaches, then directly.
func scanRange(pend *[1 << 16]uint8, set *[64]byte, vals, rlo []uint16, m, lo, hi, remaining int) (int, int) {
	scanned := 0
	if P := len(rlo); lo < P {
		b1 := min(hi, P-1)
		// rlo[P−1−b] = G(b): rlo[P−1−b1 …] pairs with vals[m−b1 …].
		var k int
		remaining, k = scanSegR(pend, set, rlo[P-1-b1:P-lo], vals[m-b1:m-lo+1], remaining)
		if remaining == 0 || b1 == hi {
			return remaining, k
		}
		scanned, lo = k, b1+1
	}
	remaining, k := scanSeg(pend, vals[lo:hi+1], vals[m-hi:m-lo+1], remaining)
	return remaining, scanned + k
}

// rev4 reverses the four 16-bit lanes of x.
func rev4(x uint64) uint64 {
	x = x<<32 | x>>32
	return (x&0x0000FFFF0000FFFF)<<16 | (x>>16)&0x0000FFFF0000FFFF
}

// load4 reads s[i..i+3] as one little-endian word (amd64 and arm64 allow
// unaligned loads; the caller checks i+4 ≤ len(s)).
func load4(s []uint16, i int) uint64 { return *(*uint64)(unsafe.Pointer(&s[i])) }

// scanSeg clears the pending marks of the values lo[i] ^ up[len−1−i] and
// returns the number still pending (0 as soon as none is) and the number of
// pairs examined.
func scanSeg(pend *[1 << 16]uint8, lo, up []uint16, remaining int) (int, int) {
	L := len(lo)
	up = up[:L]
	i := 0
	for ; i+4 <= L; i += 4 {
		y := load4(lo, i) ^ rev4(load4(up, L-4-i))
		if pend[uint16(y)]|pend[uint16(y>>16)]|pend[uint16(y>>32)]|pend[uint16(y>>48)] == 0 {
			continue
		}
		for s := 0; s < 64; s += 16 {
			if x := uint16(y >> s); pend[x] != 0 {
				pend[x] = 0
				if remaining--; remaining == 0 {
					return 0, i + 4
				}
			}
		}
	}
	for ; i < L; i++ {
		if x := lo[i] ^ up[L-1-i]; pend[x] != 0 {
			pend[x] = 0
			if remaining--; remaining == 0 {
				return 0, i + 1
			}
		}
	}
	return remaining, L
}

// scanSegR is scanSeg on pairs that line up: it clears the pending marks
// of the values lo[i] ^ up[i] for i from len−1 down to 0 (so that, with lo
// a reversed prefix, the smaller heap grows as in scanSeg) and returns the
// number still pending (0 as soon as none is, at most eight pairs later)
// and the pairs examined. No lane has to be reversed: eight pairs cost two
// loads a side, two XORs, eight table reads and one branch.
func scanSegR(pend *[1 << 16]uint8, set *[64]byte, lo, up []uint16, remaining int) (int, int) {
	L := len(lo)
	up = up[:L]
	i := L
	if set != nil && L >= 16 {
		// set holds the pending values (all below 512): the vector scan
		// takes the blocks of 16 (32), the rest is scanned below.
		scan := scanR
		if has512 {
			scan = scanR512
		}
		pos, left := scan(&lo[0], &up[0], L, set, pend, remaining)
		if left == 0 {
			return 0, L - pos
		}
		i, remaining = pos, left // the last few splits: the loops below
	}
	for ; i >= 8; i -= 8 {
		y := load4(lo, i-4) ^ load4(up, i-4)
		z := load4(lo, i-8) ^ load4(up, i-8)
		if pend[uint16(y)]|pend[uint16(y>>16)]|pend[uint16(y>>32)]|pend[uint16(y>>48)]|
			pend[uint16(z)]|pend[uint16(z>>16)]|pend[uint16(z>>32)]|pend[uint16(z>>48)] == 0 {
			continue
		}
		// A hit: clear the eight lanes without a branch each (a lane's
		// branch would mispredict about once a hit). The count of pairs
		// may then run up to seven past the last value found.
		remaining -= clear4(pend, y) + clear4(pend, z)
		if remaining == 0 {
			return 0, L - i + 8
		}
	}
	for i--; i >= 0; i-- {
		if x := lo[i] ^ up[i]; pend[x] != 0 {
			pend[x] = 0
			if remaining--; remaining == 0 {
				return 0, L - i
			}
		}
	}
	return remaining, L
}

// scanTwoR is scanSegR on two split digits at once: lo[i] pairs with
// up1[i] and with up2[i] (lo a reversed prefix, up1 and up2 the partners
// of the same smaller heap in each digit), i from len−1 down to 0. Four
// smaller heaps a step, both digits: one load of lo for two XORs.
func scanTwoR(pend *[1 << 16]uint8, set *[64]byte, lo, up1, up2 []uint16, remaining int) (int, int) {
	L := len(lo)
	up1, up2 = up1[:L], up2[:L]
	i := L
	if set != nil && has512 && L >= 32 {
		// The vector scan (scanR512 for two digits) takes the blocks of
		// 32; the rest is scanned below.
		pos, left := scanTwoR512(&lo[0], &up1[0], &up2[0], L, set, pend, remaining)
		if left == 0 {
			return 0, 2 * (L - pos)
		}
		i, remaining = pos, left
	}
	for ; i >= 4; i -= 4 {
		l := load4(lo, i-4)
		y := l ^ load4(up1, i-4)
		z := l ^ load4(up2, i-4)
		if pend[uint16(y)]|pend[uint16(y>>16)]|pend[uint16(y>>32)]|pend[uint16(y>>48)]|
			pend[uint16(z)]|pend[uint16(z>>16)]|pend[uint16(z>>32)]|pend[uint16(z>>48)] == 0 {
			continue
		}
		remaining -= clear4(pend, y) + clear4(pend, z)
		if remaining == 0 {
			return 0, 2 * (L - i + 4)
		}
	}
	for i--; i >= 0; i-- {
		remaining -= int(pend[lo[i]^up1[i]])
		pend[lo[i]^up1[i]] = 0
		remaining -= int(pend[lo[i]^up2[i]])
		pend[lo[i]^up2[i]] = 0
		if remaining == 0 {
			return 0, 2 * (L - i)
		}
	}
	return remaining, 2 * L
}

// scanThreeR is scanTwoR on three split digits: lo[i] pairs with up1[i],
// up2[i] and up3[i], i from len−1 down to 0. Four smaller heaps a step,
// all three digits: one load of lo for three XORs, one branch for twelve
// pairs.
func scanThreeR(pend *[1 << 16]uint8, lo, up1, up2, up3 []uint16, remaining int) (int, int) {
	L := len(lo)
	up1, up2, up3 = up1[:L], up2[:L], up3[:L]
	i := L
	for ; i >= 4; i -= 4 {
		l := load4(lo, i-4)
		x := l ^ load4(up1, i-4)
		y := l ^ load4(up2, i-4)
		z := l ^ load4(up3, i-4)
		if pend[uint16(x)]|pend[uint16(x>>16)]|pend[uint16(x>>32)]|pend[uint16(x>>48)]|
			pend[uint16(y)]|pend[uint16(y>>16)]|pend[uint16(y>>32)]|pend[uint16(y>>48)]|
			pend[uint16(z)]|pend[uint16(z>>16)]|pend[uint16(z>>32)]|pend[uint16(z>>48)] == 0 {
			continue
		}
		remaining -= clear4(pend, x) + clear4(pend, y) + clear4(pend, z)
		if remaining == 0 {
			return 0, 3 * (L - i + 4)
		}
	}
	for i--; i >= 0; i-- {
		for _, up := range [3][]uint16{up1, up2, up3} {
			x := lo[i] ^ up[i]
			remaining -= int(pend[x])
			pend[x] = 0
		}
		if remaining == 0 {
			return 0, 3 * (L - i)
		}
	}
	return remaining, 3 * L
}

// clear4 clears the pending marks of the four lanes of y and returns how
// many were set (a lane repeated counts once: its second read sees 0).
func clear4(pend *[1 << 16]uint8, y uint64) int {
	n := int(pend[uint16(y)])
	pend[uint16(y)] = 0
	n += int(pend[uint16(y>>16)])
	pend[uint16(y>>16)] = 0
	n += int(pend[uint16(y>>32)])
	pend[uint16(y>>32)] = 0
	n += int(pend[uint16(y>>48)])
	pend[uint16(y>>48)] = 0
	return n
}

// markSeg marks the values lo[i] ^ up[len−1−i].
func markSeg(mark *[1 << 16]uint32, lo, up []uint16, stamp uint32) {
	L := len(lo)
	up = up[:L]
	i := 0
	for ; i+4 <= L; i += 4 {
		y := load4(lo, i) ^ rev4(load4(up, L-4-i))
		mark[uint16(y)] = stamp
		mark[uint16(y>>16)] = stamp
		mark[uint16(y>>32)] = stamp
		mark[uint16(y>>48)] = stamp
	}
	for ; i < L; i++ {
		mark[lo[i]^up[L-1-i]] = stamp
	}
}

// plainFast computes G(n) as the mex of the values of all options, for
// games without three-heap splits, on 16-bit values.
func (w *worker) plainFast(c *Computer, n int) (uint32, int) {
	stamp := w.stamp(n)
	work := w.markPlain(c, n, stamp, allPairs)
	mark := (*[1 << 16]uint32)(w.mark)
	v := uint16(0)
	for mark[v] == stamp {
		v++
	}
	return uint32(v), work
}

// Which pairs markPlain marks: all, or one half (two cores, parallel.go).
const (
	allPairs = iota
	firstHalf
	secondHalf
)

// markPlain marks with stamp the values of the options of heap n: the
// moves to at most one heap and the splits b + (m−b) for b up to half the
// range (firstHalf), beyond it (secondHalf, and nothing else), or all. It
// returns the number of pairs marked.
func (w *worker) markPlain(c *Computer, n int, stamp uint32, part int) int {
	mark := (*[1 << 16]uint32)(w.mark)
	vals := c.vals[:n]
	g := &c.g
	if part != secondHalf {
		for _, k := range g.takeAll {
			if k == n {
				mark[0] = stamp
			}
		}
		for _, k := range g.one {
			if k < n {
				mark[vals[n-k]] = stamp
			}
		}
	}
	work := 0
	for _, k := range g.two {
		m := n - k
		hi := g.pairsHi(m)
		lo := 1
		switch part {
		case firstHalf:
			hi = hi / 2
		case secondHalf:
			lo = hi/2 + 1
		}
		if lo <= hi {
			markSeg(mark, vals[lo:hi+1], vals[m-hi:m-lo+1], stamp)
			work += hi - lo + 1
		}
	}
	return work
}

// pairsHi returns the largest smaller heap b of a split of m into b and
// m − b: m/2, less one when the two heaps must differ and m is even.
func (g *Game) pairsHi(m int) int { return pairsHi(m, g.unequal) }

func pairsHi(m int, unequal bool) int {
	hi := m / 2
	if unequal && m%2 == 0 {
		hi--
	}
	return hi
}

// TailError reports a value a tail-mode computation needs but no longer
// holds (or a tail mode that cannot run): the result would be wrong, so the
// computation stops.
type TailError struct {
	Heap   int // the heap being computed
	Needed int // the heap whose value is not held (-1 if none)
	Prefix int // values G(0..Prefix−1) are held
	Window int // and the last Window values
	Msg    string
}

func (e *TailError) Error() string {
	if e.Needed < 0 {
		return fmt.Sprintf("tail mode at heap %d: %s", e.Heap, e.Msg)
	}
	return fmt.Sprintf("tail mode: G(%d) needs G(%d), which is neither in the prefix G(0..%d) nor in the window of the last %d values (%s)",
		e.Heap, e.Needed, e.Prefix-1, e.Window, e.Msg)
}
