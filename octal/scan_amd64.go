//go:build amd64 && !purego

package octal

import "golang.org/x/sys/cpu"

// hasScanAsm: scanR (scan_amd64.s, AVX2) runs on this CPU; has512:
// scanR512 does too (AVX-512 with VBMI).
var (
	hasScanAsm = cpu.X86.HasAVX2
	// hasSmallAsm: the small kernel's loops (small_amd64.s, AVX2) run.
	hasSmallAsm = cpu.X86.HasAVX2
	has512      = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI
)

// scanR is the vector form of scanSegR's loop, for pending values held
// both in pend and as bits in set (every XOR below 512): for i = n, n−16, …
// while i ≥ 16, each j of the block [i−16, i) in increasing order whose
// x = lo[j] ^ up[j] is pending is cleared in both and counted down from
// remaining; at 0 it returns (j, 0). Otherwise it returns the last i
// (below 16, not scanned) and the count left. lo and up hold n values.
//
//go:noescape
func scanR(lo, up *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (pos, left int)

// scanR512 is scanR in blocks of 32 (AVX-512 F, BW and VBMI); the last i
// it returns is below 32.
//
//go:noescape
func scanR512(lo, up *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (pos, left int)

// scanTwoR512 is scanR512 for two split digits: lo[j] pairs with up1[j]
// and up2[j]; in a block the hits with up1 are cleared first, then those
// with up2, each in increasing j.
//
//go:noescape
func scanTwoR512(lo, up1, up2 *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (pos, left int)

// rareSmall is smallRange's loop (small_amd64.s): the set of rv[i] ^
// G(m + nr[i]) for i < k (nr[i] = −r), where last points to G(m − 1); tab
// is all zero before and after (values below 128).
//
//go:noescape
func rareSmall(last *uint16, nr *int, rv *uint16, k int, tab *[1 << 16]byte) (lo, hi uint64)

// scanSmall1, scanSmall2 and scanSmall3 scan one, two or three split
// digits side by side (lo[j] pairs with each up[j], j from n−1 down) for
// the pending set (plo, phi), clearing each value met, and return the set
// left and, if it is empty, the start of the last block scanned (else 0).
//
//go:noescape
func scanSmall1(lo, up *uint16, n int, plo, phi uint64) (rlo, rhi uint64, pos int)

//go:noescape
func scanSmall2(lo, up1, up2 *uint16, n int, plo, phi uint64) (rlo, rhi uint64, pos int)

//go:noescape
func scanSmall3(lo, up1, up2, up3 *uint16, n int, plo, phi uint64) (rlo, rhi uint64, pos int)

// rareTiny is tinyRange's loop (small_amd64.s): the set of rv[i] ^ G(m −
// rs[i]) for i < k, where last points to G(m − 1), every value below 64.
//
//go:noescape
func rareTiny(last *uint16, rs *int, rv *uint16, k int) uint64

// rareSmall8 is smallRange for the eight heaps m … m+7 (small_amd64.s):
// last points to G(m − 1), and every rare heap −nr[i], i < k, is at least 8 and
// below m. out[w][j] is word w (the values 32w … 32w+31) of heap m + j's
// set. k > 0.
//
//go:noescape
func rareSmall8(last *uint16, nr *int, rv *uint16, k int, out *[4][8]uint32)

// rareTiny8 is rareSmall8 for values below 64: it sets out[0] and out[1].
//
//go:noescape
func rareTiny8(last *uint16, nr *int, rv *uint16, k int, out *[4][8]uint32)
