package octal

import (
	"math/bits"
	"sort"
	"unsafe"
)

// The sparse-space kernel while every value is below 64 (.167, whose
// largest value to 2^28 is 63, is the case that matters): a set of values
// is then one 64-bit word. sparseTiny is sparseFast with the marked values
// and the pending values held in registers, and two savings that words
// allow:
//
//   - The rare splits of m, r + (m − r) for every rare heap r < m, give the
//     same set of values whichever heap n they are an option of, so the set
//     is computed once per m and kept for the next split digits: with split
//     digits k1 < k2, heap n's set for m = n − k1 serves heap n + k2 − k1
//     (.167: digits 2 and 3, half the rare marks). The sets are kept for the
//     last tinyKeep m, and dropped when the sparse split (and with it the
//     rare heaps) changes.
//   - The candidate (the least value neither marked nor possible for a split
//     of two common heaps) and the pending values below it are two bit
//     operations instead of a walk up the stamp table.
//
// The scan of the common splits is sparseFast's (scanAll), or for one or
// three split digits the small kernel's vector scan (small.go).

// tinySize is the largest size (power of two above every value) of the
// tiny kernel.
const tinySize = 64

const one64 uint64 = 1 // a typed 1 for the bit sets of scanTwoTiny

// tinyKeep is the number of rare-split sets kept (a power of two above the
// largest distance between two split digits that the reuse serves).
const tinyKeep = 8

// tinySets caches the rare-split sets of the last few m: set[m&(tinyKeep−1)]
// is the set of m when tag[…] = m (0: empty; every m cached is ≥ 2).
type tinySets struct {
	tag   [tinyKeep]int
	set   [tinyKeep]uint64
	batch rareBatch // (small.go)
}

func (t *tinySets) drop() { t.tag = [tinyKeep]int{}; t.batch.valid = false }

// sparseTiny computes G(n) from vals = G(0..n−1), every value below
// tinySize, as sparseFast does on one core (avail = n). It returns the value
// and the number of pairs of heaps examined (rare splits marked, common
// splits scanned), as sparseFast counts them.
func (w *worker) sparseTiny(c *Computer, n int, vals []uint16) (uint32, int) {
	vals = vals[:n]
	g := &c.g
	var marks uint64
	for _, k := range g.takeAll {
		if k == n {
			marks |= 1
		}
	}
	for _, k := range g.one {
		if k < n {
			marks |= 1 << (vals[n-k] & 63)
		}
	}
	possible := w.splits(c, n)
	work := 0
	for i, m := range w.ms {
		cut := w.cut(i, m) // the rare heaps below m
		j := m & (tinyKeep - 1)
		if w.tiny.tag[j] != m {
			if hasSmallAsm && !g.unequal && cut >= tinyBatchFrom {
				w.tiny.set[j] = w.tinyBatched(vals, cut, m)
			} else {
				w.tiny.set[j] = tinyRare(vals[:m], w.rareN[:cut], w.rareV[:cut], m, g.unequal)
			}
			w.tiny.tag[j] = m
			work += cut
		}
		marks |= w.tiny.set[j]
	}
	// cand: the least value not marked that is either ≥ size or of a
	// parity no common split gives (sparseFast's candidate).
	size := w.size
	inRange := ^uint64(0) // the values below size
	if size < 64 {
		inRange = 1<<size - 1
	}
	var pos uint64 // the values a common split may give
	if possible&1 != 0 {
		pos |= c.tinyPar[0]
	}
	if possible&2 != 0 {
		pos |= c.tinyPar[1]
	}
	stop := ^marks & (^pos | ^inRange)
	cand := uint32(bits.TrailingZeros64(stop)) // 64 when stop = 0 (64 ≥ size)
	pend := ^marks
	if cand < 64 {
		pend &= 1<<cand - 1
	}
	if pend == 0 {
		return cand, work
	}
	// Scan the common splits for the pending values, as sparseFast does.
	// One split digit, short scans (.104: about 20 pairs a value): in a
	// register, in Go, as two digits are below (the vector scan's call and
	// setup would cost as much as the scan).
	if ms := w.ms; len(ms) == 1 && len(c.rlo) > 0 && (!hasSmallAsm || w.scanAvg < tinyVectorFrom*16) {
		m := ms[0]
		h := pairsHi(m, g.unequal)
		if H := min(h, len(c.rlo)-1); H >= 1 {
			P := len(c.rlo)
			left, k := scanOneTiny(pend, c.rlo[P-1-H:P-1], vals[m-H:m])
			for b := H + 1; left != 0 && b <= h; b++ {
				left &^= 1 << ((vals[b] ^ vals[m-b]) & 63)
				k++
			}
			w.scanAvg += k - w.scanAvg>>4
			if work += k; left == 0 {
				return cand, work
			}
			return uint32(bits.TrailingZeros64(left)), work
		}
	}
	// One or three split digits: the small kernel's vector scan (one
	// register lookup for sixteen pairs: .205, one digit, 25% faster on
	// the whole run; 4.406, three digits, 30%).
	if hasSmallAsm && len(c.rlo) > 0 && len(w.ms) != 2 {
		left, k := w.scanSmall(c, vals, smallSet{lo: pend})
		w.scanAvg += k - w.scanAvg>>4
		work += k
		if left.empty() {
			return cand, work
		}
		return left.min(), work
	}
	// Two digits side by side in registers, any other layout through the
	// pending table.
	if ms := w.ms; len(ms) == 2 && len(c.rlo) > 0 && ms[0] > ms[1] {
		m1, m2 := ms[0], ms[1]
		h1, h2 := pairsHi(m1, g.unequal), pairsHi(m2, g.unequal)
		if H := min(h1, h2, len(c.rlo)-1); H >= 1 {
			P := len(c.rlo)
			left, k := scanTwoTiny(pend, c.rlo[P-1-H:P-1], vals[m1-H:m1], vals[m2-H:m2])
			work += k
			// The splits past the reversed prefix, or past the other
			// digit's last: b + (m − b) for H < b ≤ h, directly.
			for _, d := range [2][2]int{{m1, h1}, {m2, h2}} {
				for b := H + 1; left != 0 && b <= d[1]; b++ {
					left &^= 1 << ((vals[b] ^ vals[d[0]-b]) & 63)
					work++
				}
			}
			if left == 0 {
				return cand, work
			}
			return uint32(bits.TrailingZeros64(left)), work
		}
	}
	// The pending values as sparseFast holds them (w.pl, the pending
	// table), for its scan and its settle.
	pt := (*[1 << 16]uint8)(w.pend)
	w.pl = w.pl[:0]
	for p := pend; p != 0; p &= p - 1 {
		v := uint32(bits.TrailingZeros64(p))
		pt[v] = 1
		w.pl = append(w.pl, v)
	}
	left, scanned := scanAll(pt, nil, vals, c.rlo, w.ms, g.unequal, len(w.pl), n)
	return w.settle(cand, left), work + scanned
}

// tinyBatchFrom is the fewest rare heaps below m for which the tiny kernel
// asks for a batch of eight heaps (rareBatched, small.go): its marking a
// pair one by one (rareTiny, five instructions) is cheap enough that the
// batch's setup and the splits it leaves to each heap repay only long
// lists. In one interleaved run at 10^6 (8 rounds, CPU time), batches
// from 16 rare heaps took .205 (107 rare heaps) from 335 to 290 ms but
// .454 (16, three split digits) from 260 to 300 ms.
const tinyBatchFrom = 48

// tinyBatched is tinyRare of the first cut rare heaps (those below m, every
// split allowed) from a batch of eight heaps. vals holds G(0..m−1) at
// least.
func (w *worker) tinyBatched(vals []uint16, cut, m int) uint64 {
	if s, ok := w.rareBatched(&w.tiny.batch, vals, cut, m, true); ok {
		return s.lo
	}
	return tinyRare(vals[:m], w.rareN[:cut], w.rareV[:cut], m, false)
}

// tinyRare returns the set of values G(r) ^ G(m − r) of the rare heaps
// r < m (rs, with their values rv; r ≠ m/2 when the heaps must differ),
// every value below 64. vals holds G(0..m−1).
func tinyRare(vals []uint16, rs []int, rv []uint16, m int, unequal bool) uint64 {
	if unequal && m%2 == 0 {
		// r = m/2 would split m into two equal heaps: leave it out, as
		// markRare does.
		if j := sort.SearchInts(rs, m/2); j < len(rs) && rs[j] == m/2 {
			return tinyRange(vals, rs[:j], rv[:j], m) | tinyRange(vals, rs[j+1:], rv[j+1:], m)
		}
	}
	return tinyRange(vals, rs, rv, m)
}

// tinyRange is the set of values rv[i] ^ G(m − rs[i]), every r in rs in
// [1, m) and every value below 64.
func tinyRange(vals []uint16, rs []int, rv []uint16, m int) uint64 {
	if len(rs) > 0 && (rs[0] < 1 || rs[len(rs)-1] >= m || len(vals) < m) {
		panic("octal: tinyRange: rare heap out of range")
	}
	rv = rv[:len(rs)]
	if hasSmallAsm && len(rs) > 0 {
		// The same loop in assembly (small_amd64.s): five instructions
		// a pair, against about eight here.
		return rareTiny(&vals[m-1], &rs[0], &rv[0], len(rs))
	}
	// Every r in rs is in [1, m), so m − r indexes vals[:m]: read through
	// a pointer, without a bounds check a pair (as markRange).
	base := unsafe.Pointer(unsafe.SliceData(vals))
	at := func(r int) uint16 { return *(*uint16)(unsafe.Add(base, 2*(m-r))) }
	var a, b uint64 // two chains of ORs
	i := 0
	for ; i+2 <= len(rs); i += 2 {
		r := rs[i : i+2 : i+2]
		v := rv[i : i+2 : i+2]
		a |= 1 << ((v[0] ^ at(r[0])) & 63)
		b |= 1 << ((v[1] ^ at(r[1])) & 63)
	}
	if i < len(rs) {
		a |= 1 << ((rv[i] ^ at(rs[i])) & 63)
	}
	return a | b
}

// tinyVectorFrom is the fewest pairs the tiny kernel's scans of one split
// digit must have examined on average for the vector scan to run.
const tinyVectorFrom = 48

// scanOneTiny clears from the set pend the values lo[i] ^ up[i], i from
// len−1 down to 0 (scanSegR's order and layout), every value below 64, and
// returns what is left (0 as soon as nothing is, at most eight pairs later)
// and the pairs examined.
func scanOneTiny(pend uint64, lo, up []uint16) (uint64, int) {
	L := len(lo)
	up = up[:L]
	i := L
	for ; i >= 8; i -= 8 {
		y := load4(lo, i-4) ^ load4(up, i-4)
		z := load4(lo, i-8) ^ load4(up, i-8)
		hit := one64<<(y&63) | one64<<(y>>16&63) | one64<<(y>>32&63) | one64<<(y>>48&63) |
			one64<<(z&63) | one64<<(z>>16&63) | one64<<(z>>32&63) | one64<<(z>>48&63)
		if pend &^= hit; pend == 0 {
			return 0, L - i + 8
		}
	}
	for i--; i >= 0; i-- {
		if pend &^= one64 << ((lo[i] ^ up[i]) & 63); pend == 0 {
			return 0, L - i
		}
	}
	return pend, L
}

// scanTwoTiny clears from the set pend the values lo[i] ^ up1[i] and
// lo[i] ^ up2[i], i from len−1 down to 0 (scanTwoR's order and layout),
// every value below 64, and returns what is left (0 as soon as nothing is,
// at most eight pairs later) and the pairs examined. A value is a bit of a
// register: eight pairs cost three loads, two XORs and eight bit sets, and
// one branch that is taken once.
func scanTwoTiny(pend uint64, lo, up1, up2 []uint16) (uint64, int) {
	L := len(lo)
	up1, up2 = up1[:L], up2[:L]
	i := L
	for ; i >= 4; i -= 4 {
		l := load4(lo, i-4)
		y := l ^ load4(up1, i-4)
		z := l ^ load4(up2, i-4)
		hit := one64<<(y&63) | one64<<(y>>16&63) | one64<<(y>>32&63) | one64<<(y>>48&63) |
			one64<<(z&63) | one64<<(z>>16&63) | one64<<(z>>32&63) | one64<<(z>>48&63)
		if pend &^= hit; pend == 0 {
			return 0, 2 * (L - i + 4)
		}
	}
	for i--; i >= 0; i-- {
		pend &^= one64<<((lo[i]^up1[i])&63) | one64<<((lo[i]^up2[i])&63)
		if pend == 0 {
			return 0, 2 * (L - i)
		}
	}
	return pend, 2 * L
}
