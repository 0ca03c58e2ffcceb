package grid

import (
	"math/rand/v2"
	"testing"
)

// keyBoards returns every board of at most 12 cells, and random boards of
// every size up to 64 cells, mostly empty or mostly blocked (so that on a
// wide board the live cells may fit in 8 columns), codes 0 and 1.
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
			for j := range 40 {
				cells := make([]byte, r*c)
				for i := range cells {
					if (rng.IntN(4) == 0) != (j%2 == 1) {
						cells[i] = Blocked
					}
				}
				out = append(out, newGrid(r, c, cells))
			}
		}
	}
	return out
}

// emptyKey is the key the general code computes (normal, then key over the
// symmetries), as a matrix of the live cells where they fit in 8 × 8, for
// each of its three uses: Domineering's Key and ConjugateKey, and Cram's
// Key.
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
				want = asMatrix(want)
			}
			if got != want || gotNeg != wantNeg {
				t.Fatalf("%dx%d %s, transposes %v conj %v: emptyKey %v %v, key %v %v", g.rows, g.cols, boardChars.format(g), c.transposes, c.conj, got, gotNeg, want, wantNeg)
			}
		}
	}
}

// asMatrix returns a key of Grid.key (the image, its blocked cells in lo)
// as emptyKey writes it when it fits in 8 × 8: its live cells as a matrix.
func asMatrix(k Grid) Grid {
	if k.rows > 8 || k.cols > 8 || !k.small() {
		return k
	}
	live := geometry(int(k.rows), int(k.cols)).full &^ k.lo
	var m uint64
	for i := range int(k.rows) * int(k.cols) {
		if live>>i&1 != 0 {
			m |= 1 << (8*(i/int(k.cols)) + i%int(k.cols))
		}
	}
	return Grid{rows: k.rows, cols: k.cols, lo: m}
}

// AppendKeys on a small board: each region's key from its cells is the
// key of that region on a board of its own (Split's part), on every board
// of keyBoards (rulesettest.Check holds them to the Solver's lookups on
// the smaller boards of the oracle tests).
func TestAppendKeysAreThePartsKeys(t *testing.T) {
	for _, g := range keyBoards() {
		parts := splitEmpty(g)
		if parts == nil {
			parts = []Grid{g}
		}
		got := Cram{}.AppendKeys(nil, g)
		gotD := Domineering{}.AppendKeys(nil, g)
		if len(got) != len(parts) || len(gotD) != len(parts) {
			t.Fatalf("%s: %d parts, keys %v and %v", boardChars.format(g), len(parts), got, gotD)
		}
		for i, p := range parts {
			k, neg := Domineering{}.ConjugateKey(p)
			if got[i].Key != (Cram{}).Key(p) || got[i].Negated || gotD[i].Key != k || gotD[i].Negated != neg {
				t.Fatalf("%s part %s: keys %v and %v", boardChars.format(g), boardChars.format(p), got[i], gotD[i])
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

// keyBits (matrices up to 8 × 8, rows beyond) against its definition: the
// least image under the symmetries (recoded for conj), as (rows, cols, lo,
// hi), each image made cell by cell by symmetry.source, on random boards
// of every size up to 64 cells with all four codes, for the symmetry sets
// the rulesets ask for.
func TestKeyBitsIsTheLeastImage(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 6))
	sets := []struct {
		syms, conj []symmetry
		recode     []byte
	}{{allAxes, nil, nil}, {allAxes, allAxes, swapStones}, {keepAxes, swapAxes, nil}, {keepAxes, nil, nil},
		// sets of the symmetries' own (not the package's), and a recoding
		// other than the stones' exchange
		{[]symmetry{allAxes[3], allAxes[6]}, []symmetry{allAxes[1], allAxes[4], allAxes[7]}, []byte{3, 1, 0, 2}}}
	for r := 1; r <= 64; r++ {
		for c := 1; r*c <= 64; c++ {
			for range 20 {
				cells := make([]byte, r*c)
				for i := range cells {
					cells[i] = byte(rng.IntN(4))
				}
				g := newGrid(r, c, cells)
				for _, set := range sets {
					got, gotNeg := g.keyBits(set.syms, set.conj, set.recode)
					want, wantNeg := leastImage(g, set.syms, set.conj, set.recode)
					if got != want || gotNeg != wantNeg {
						t.Fatalf("%dx%d %v: keyBits %v %v, least image %v %v", r, c, cells, got, gotNeg, want, wantNeg)
					}
				}
			}
		}
	}
}

func leastImage(g Grid, syms, conj []symmetry, recode []byte) (Grid, bool) {
	var best Grid
	found, neg := false, false
	for i, set := range [2][]symmetry{syms, conj} {
		for _, sym := range set {
			rows, cols := int(g.rows), int(g.cols)
			if sym.transpose {
				rows, cols = cols, rows
			}
			cells := make([]byte, rows*cols)
			for a := range rows {
				for b := range cols {
					r, c := sym.source(a, b, rows, cols)
					x := g.At(r, c)
					if i == 1 && recode != nil {
						x = recode[x]
					}
					cells[a*cols+b] = x
				}
			}
			x := newGrid(rows, cols, cells)
			less := !found || x.rows < best.rows || x.rows == best.rows && (x.cols < best.cols || x.cols == best.cols && (x.lo < best.lo || x.lo == best.lo && x.hi < best.hi))
			if less {
				best, found, neg = x, true, i == 1
			}
		}
	}
	return best, neg
}
