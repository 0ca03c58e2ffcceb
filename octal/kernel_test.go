package octal

import (
	"math/rand/v2"
	"testing"
)

// scanR (the vector scan) against the plain loop it stands for: random
// values below 512 (below 256 a third of the time), random pending sets
// including the set's edges (values 0, 7, 8, 127, 128, 255, 256, 511),
// repeated values in one block, every length up to 300, and a count that
// runs out mid-block.
func TestScanR(t *testing.T) {
	if !hasScanAsm {
		t.Skip("no vector scan on this CPU or platform")
	}
	t.Run("avx2", func(t *testing.T) { testScanR(t, scanR, 16) })
	t.Run("avx512", func(t *testing.T) {
		if !has512 {
			t.Skip("no AVX-512 VBMI on this CPU")
		}
		testScanR(t, scanR512, 32)
	})
}

func testScanR(t *testing.T, scan func(lo, up *uint16, n int, set *[64]byte, pend *[1 << 16]uint8, remaining int) (int, int), block int) {
	r := rand.New(rand.NewPCG(1, 2))
	// want: the same contract, one pair at a time.
	want := func(lo, up []uint16, n int, pend *[1 << 16]uint8, remaining int) (int, int) {
		i := n
		for ; i >= block; i -= block {
			for j := i - block; j < i; j++ {
				if x := lo[j] ^ up[j]; pend[x] != 0 {
					pend[x] = 0
					if remaining--; remaining == 0 {
						return j, 0
					}
				}
			}
		}
		return i, remaining
	}
	edges := []uint16{0, 7, 8, 127, 128, 255, 256, 511}
	var p1, p2 [1 << 16]uint8
	for trial := 0; trial < 30000; trial++ {
		n := 1 + r.IntN(300)
		bound := 512
		if trial%3 == 0 {
			bound = 256
		}
		lo, up := make([]uint16, n), make([]uint16, n)
		for j := range n {
			lo[j], up[j] = uint16(r.IntN(bound)), uint16(r.IntN(bound))
			if trial%4 == 0 {
				up[j] = uint16(r.IntN(4)) // few XORs: repeats in a block
			}
		}
		clear(p1[:512])
		var set [64]byte
		count := 0
		for k := r.IntN(40); k > 0; k-- {
			x := uint16(r.IntN(bound))
			if trial%5 == 0 {
				x = edges[r.IntN(len(edges))]
			}
			if p1[x] == 0 {
				p1[x], count = 1, count+1
				set[x>>3] |= 1 << (x & 7)
			}
		}
		p2 = p1
		remaining := count
		if trial%2 == 0 && count > 1 {
			remaining = 1 + r.IntN(count) // stop once that many are found
		}
		gp, gl := scan(&lo[0], &up[0], n, &set, &p1, remaining)
		wp, wl := want(lo, up, n, &p2, remaining)
		if gp != wp || gl != wl || p1 != p2 {
			t.Fatalf("trial %d, n = %d: scan = (%d, %d), want (%d, %d) (pending equal: %v)", trial, n, gp, gl, wp, wl, p1 == p2)
		}
		for x := range 512 {
			if (set[x>>3]>>(x&7)&1 != 0) != (p1[x] != 0) {
				t.Fatalf("trial %d: bit %d of the set is %d, pend %d", trial, x, set[x>>3]>>(x&7)&1, p1[x])
			}
		}
	}
}

// scanTwoR512 against the plain loop of its contract, as TestScanR.
func TestScanTwoR512(t *testing.T) {
	if !has512 {
		t.Skip("no AVX-512 VBMI on this CPU or platform")
	}
	r := rand.New(rand.NewPCG(3, 4))
	want := func(lo, up1, up2 []uint16, n int, pend *[1 << 16]uint8, remaining int) (int, int) {
		i := n
		for ; i >= 32; i -= 32 {
			for _, up := range [][]uint16{up1, up2} {
				for j := i - 32; j < i; j++ {
					if x := lo[j] ^ up[j]; pend[x] != 0 {
						pend[x] = 0
						if remaining--; remaining == 0 {
							return j, 0
						}
					}
				}
			}
		}
		return i, remaining
	}
	var p1, p2 [1 << 16]uint8
	for trial := 0; trial < 30000; trial++ {
		n := 1 + r.IntN(300)
		bound := []int{64, 256, 512}[trial%3]
		lo, up1, up2 := make([]uint16, n), make([]uint16, n), make([]uint16, n)
		for j := range n {
			lo[j], up1[j], up2[j] = uint16(r.IntN(bound)), uint16(r.IntN(bound)), uint16(r.IntN(bound))
			if trial%4 == 0 {
				up2[j] = up1[j] ^ uint16(r.IntN(2)) // both digits hit the same values
			}
		}
		clear(p1[:512])
		var set [64]byte
		count := 0
		for k := r.IntN(40); k > 0; k-- {
			if x := uint16(r.IntN(bound)); p1[x] == 0 {
				p1[x], count = 1, count+1
				set[x>>3] |= 1 << (x & 7)
			}
		}
		p2 = p1
		remaining := count
		if trial%2 == 0 && count > 1 {
			remaining = 1 + r.IntN(count)
		}
		gp, gl := scanTwoR512(&lo[0], &up1[0], &up2[0], n, &set, &p1, remaining)
		wp, wl := want(lo, up1, up2, n, &p2, remaining)
		if gp != wp || gl != wl || p1 != p2 {
			t.Fatalf("trial %d, n = %d: scanTwoR512 = (%d, %d), want (%d, %d) (pending equal: %v)", trial, n, gp, gl, wp, wl, p1 == p2)
		}
		for x := range 512 {
			if (set[x>>3]>>(x&7)&1 != 0) != (p1[x] != 0) {
				t.Fatalf("trial %d: bit %d of the set is %d, pend %d", trial, x, set[x>>3]>>(x&7)&1, p1[x])
			}
		}
	}
}
