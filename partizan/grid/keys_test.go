package grid

import (
	"math/rand/v2"
	"testing"
)

// keyBoards returns every board of at most 12 cells, and random boards of
// every size up to 64 cells, mostly empty, with the cells' codes 0 and 1.
func keyBoards() []Grid {
	var out []Grid
	for r := 1; r <= 12; r++ {
		for c := 1; r*c <= 12; c++ {
			out = append(out, boards(r, c, 2)...)
		}
	}
	rng := rand.New(rand.NewPCG(46, 5))
	for r := 1; r <= 64; r++ {
		for c := 1; r*c <= 64; c++ {
			for range 30 {
				cells := make([]byte, r*c)
				for i := range cells {
					if rng.IntN(4) == 0 {
						cells[i] = Blocked
					}
				}
				out = append(out, newGrid(r, c, cells))
			}
		}
	}
	return out
}

// emptyKey, with its 8×8 matrix fast path, is the key the general code
// computes (normal, then key over the symmetries), for each of its three
// uses: Domineering's Key and ConjugateKey, and Cram's Key.
func TestEmptyKeyIsTheKey(t *testing.T) {
	for _, g := range keyBoards() {
		n := normal(g)
		for _, c := range []struct {
			transposes, conj bool
			syms, swap       []symmetry
		}{{false, false, keepAxes, nil}, {true, true, keepAxes, swapAxes}, {true, false, allAxes, nil}} {
			got, gotNeg := emptyKey(g, c.transposes, c.conj)
			want, wantNeg := Grid{}, false
			if n.rows > 0 {
				want, wantNeg = n.key(c.syms, c.swap, nil)
			}
			if got != want || gotNeg != wantNeg {
				t.Fatalf("%dx%d %s, transposes %v conj %v: emptyKey %v %v, key %v %v", g.rows, g.cols, boardChars.format(g), c.transposes, c.conj, got, gotNeg, want, wantNeg)
			}
		}
	}
}

// transpose8 against the definition, on random matrices.
func TestTranspose8(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for range 1000 {
		m := rng.Uint64()
		var want uint64
		for r := range 8 {
			for c := range 8 {
				want |= (m >> (8*r + c) & 1) << (8*c + r)
			}
		}
		if got := transpose8(m); got != want {
			t.Fatalf("transpose8(%#x) = %#x, want %#x", m, got, want)
		}
	}
}
