package octal

import (
	"math/rand/v2"
	"testing"
)

// TestMarkBatch checks the sixteen-lane pass against markRange, the one-heap
// loop, lane by lane: row j must hold exactly the values markRange marks
// for m0 + j.
func TestMarkBatch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		n := 64 + r.IntN(4000)
		vals := make([]uint16, n)
		for i := range vals {
			vals[i] = uint16(r.IntN(batchSize))
		}
		// Rare heaps: a sorted random subset of [1, m0], each with a value.
		m0 := batchHeaps + r.IntN(n-2*batchHeaps)
		var rs []int
		var rv []uint16
		lo := max(1, m0+batchHeaps-n)
		for x := lo; x <= m0; x++ {
			if r.IntN(4) == 0 {
				rs = append(rs, x)
				rv = append(rv, uint16(r.IntN(batchSize)))
			}
		}
		rows := new([batchHeaps][batchSize]uint16)
		const stamp = 7
		markBatch(rows, vals, rs, rv, m0, stamp)
		for j := range batchHeaps {
			mark := new([1 << 16]uint32)
			// markRange wants every r < m: the partner m − r = m0 + j − r ≥ j.
			keep := 0
			for keep < len(rs) && rs[keep] < m0+j {
				keep++
			}
			markRange(mark, vals, rs[:keep], rv[:keep], m0+j, 1)
			if keep < len(rs) { // r = m0 (j = 0): partner G(0)
				mark[rv[keep]^vals[m0+j-rs[keep]]] = 1
			}
			for x := range batchSize {
				if got, want := rows[j][x] == stamp, mark[x] == 1; got != want {
					t.Fatalf("trial %d, n %d, m0 %d, lane %d, value %d: batch %v, markRange %v", trial, n, m0, j, x, got, want)
				}
			}
		}
	}
}
