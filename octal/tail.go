package octal

import (
	"fmt"
	"math/bits"
)

// Tail mode: bounded memory for record runs.
//
// The sparse-space kernel reads, for G(n), the values of the rare heaps
// (kept in their own list), the partners m − r of the rare heaps r, and the
// splits b + (m − b) of its scan from b = 1 up until every pending value is
// found. When the rare heaps are all small (they stop appearing early in the
// games where the method pays), the partners m − r lie among the last few
// values, and the scan reaches small b only. So a prefix G(0..P−1) and a
// window of the last W values hold everything a run reads, and memory stays
// flat as n grows. (Rogalski's octal solver runs the same way, keeping a
// "tail" of recent values besides the front.)
//
// Whatever the kernel reads is checked: a value outside the prefix and the
// window stops the computation with a *TailError, never a wrong value. The
// mask of the sparse kernel is chosen one last time from the prefix (its
// choice needs every value) and kept.

// SetTail switches the computer to tail mode: it keeps G(0..prefix−1) and
// the last window values (window rounded up to a power of two, at least
// 1024), and at most MaxTailHeap heaps. It may be called before or after
// values are computed; values from the prefix on that are older than the
// window are dropped at once. Tail mode needs the sparse-space kernel: a run
// that reaches the end of the prefix on another kernel stops with a
// *TailError.
func (c *Computer) SetTail(prefix, window int) error {
	if c.tail {
		return fmt.Errorf("octal: SetTail: already in tail mode")
	}
	if prefix < 2 || window < 1 {
		return fmt.Errorf("octal: SetTail: prefix %d and window %d must be at least 2 and 1", prefix, window)
	}
	w := 1 << bits.Len(uint(max(window, 1024)-1))
	if w > 1<<40 || prefix > MaxHeap {
		return fmt.Errorf("octal: SetTail: prefix %d or window %d too large", prefix, window)
	}
	if c.n > prefix && c.method != PlainMethod {
		c.choose() // the last choice that sees every value
	}
	ring := make([]uint16, w)
	for i := max(prefix, c.n-w); i < c.n; i++ {
		ring[i&(w-1)] = c.vals[i]
	}
	if c.n > prefix {
		c.vals = c.vals[:prefix:prefix]
		c.vals = append([]uint16(nil), c.vals...) // free the rest
		c.frozen = true
	}
	c.tail, c.prefix, c.ring, c.rmask = true, prefix, ring, w-1
	return nil
}

// runFwd returns the stored values of heaps i..e for the largest e ≤ j such
// that they are contiguous in memory, or ok = false if G(i) is not held.
func (c *Computer) runFwd(i, j int) (s []uint16, e int, ok bool) {
	P := len(c.vals)
	if i < P {
		e = min(j, P-1)
		return c.vals[i : e+1], e, true
	}
	low := max(P, c.n-len(c.ring))
	if i < low || j >= c.n {
		return nil, 0, false
	}
	k := i & c.rmask
	e = min(j, i+len(c.ring)-k-1)
	return c.ring[k : k+e-i+1], e, true
}

// runBack returns the stored values of heaps s..j for the least s ≥ i such
// that they are contiguous in memory, or ok = false if G(j) is not held.
func (c *Computer) runBack(j, i int) (v []uint16, s int, ok bool) {
	P := len(c.vals)
	if j < P {
		s = max(i, 0)
		return c.vals[s : j+1], s, true
	}
	low := max(P, c.n-len(c.ring))
	if j < low || j >= c.n {
		return nil, 0, false
	}
	k := j & c.rmask
	s = max(i, low, j-k)
	return c.ring[k-(j-s) : k+1], s, true
}

// sparseTail is sparseFast on the prefix and the window.
func (w *worker) sparseTail(c *Computer, n int) (uint32, int) {
	stamp := w.stamp(n)
	mark := (*[1 << 16]uint32)(w.mark)
	g := &c.g
	P := len(c.vals)
	low := max(P, n-len(c.ring))
	get := func(i int) (uint16, bool) {
		switch {
		case i >= 0 && i < P:
			return c.vals[i], true
		case i >= low && i < n:
			return c.ring[i&c.rmask], true
		}
		w.fail(c, n, i, "raise the window")
		return 0, false
	}
	for _, k := range g.takeAll {
		if k == n {
			mark[0] = stamp
		}
	}
	for _, k := range g.one {
		if k < n {
			x, ok := get(n - k)
			if !ok {
				return 0, 0
			}
			mark[x] = stamp
		}
	}
	possible := w.splits(c, n)
	work := 0
	for _, m := range w.ms {
		for i, r := range w.rareN {
			if r >= m {
				break
			}
			if g.unequal && 2*r == m {
				continue
			}
			x, ok := get(m - r)
			if !ok {
				return 0, 0
			}
			mark[w.rareV[i]^x] = stamp
			work++
		}
	}
	cand, pl := w.candidate(c, stamp, possible)
	if len(pl) == 0 {
		return cand, work
	}
	pend := (*[1 << 16]uint8)(w.pend)
	remaining := len(pl)
	for b0 := 1; remaining > 0; b0 += scanBlock {
		any := false
		for _, m := range w.ms {
			hi := g.pairsHi(m)
			if b0 > hi {
				continue
			}
			any = true
			b1 := min(hi, b0+scanBlock-1)
			for b := b0; b <= b1 && remaining > 0; {
				lo, e, ok := c.runFwd(b, b1)
				if !ok {
					w.fail(c, n, b, "raise the prefix")
					return 0, 0
				}
				up, s, ok := c.runBack(m-b, m-e)
				if !ok || m-b >= n {
					w.fail(c, n, m-b, "raise the window")
					return 0, 0
				}
				L := m - b - s + 1 // pairs b..b+L−1
				var k int
				remaining, k = scanSeg(pend, lo[:L], up, remaining)
				work += k
				b += L
			}
			if remaining == 0 {
				break
			}
		}
		if !any {
			break
		}
	}
	return w.settle(cand, remaining), work
}

func (w *worker) fail(c *Computer, n, needed int, hint string) {
	if w.tailErr == nil {
		w.tailErr = &TailError{Heap: n, Needed: needed, Prefix: len(c.vals), Window: len(c.ring), Msg: hint}
	}
	// Leave no pending marks behind.
	for _, v := range w.pl {
		w.pend[uint16(v)] = 0
	}
	w.pl = w.pl[:0]
}
