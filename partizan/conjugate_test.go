package partizan

import (
	"context"
	"fmt"
	"math/bits"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// dom is a toy Domineering for the Solver's tests and benchmarks: a board of
// w×h ≤ 64 cells as a bitboard of the covered ones; Left places vertical
// dominoes, Right horizontal ones. Reflections keep the orientation of a
// domino (same value: Key); the transpose turns Left's dominoes into
// Right's (the negative: ConjugateKey).
type dom struct{}

type domPos struct {
	w, h uint8
	occ  uint64 // bit r*w+c: the cell at row r, column c is covered
}

func (dom) Options(p domPos, s Side, yield func(domPos) bool) error {
	w, h := int(p.w), int(p.h)
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			i := r*w + c
			j := i + w // Left: the cell below
			if s == Right {
				j = i + 1
				if c+1 >= w {
					continue
				}
			} else if r+1 >= h {
				continue
			}
			m := uint64(1)<<i | uint64(1)<<j
			if p.occ&m == 0 && !yield(domPos{p.w, p.h, p.occ | m}) {
				return nil
			}
		}
	}
	return nil
}

// image returns p under a symmetry of the rectangle: flipped left-right,
// upside down, and then transposed when t is set.
func (p domPos) image(flipC, flipR, t bool) domPos {
	w, h := int(p.w), int(p.h)
	q := domPos{w: p.w, h: p.h}
	if t {
		q.w, q.h = p.h, p.w
	}
	for rest := p.occ; rest != 0; rest &= rest - 1 {
		i := bits.TrailingZeros64(rest)
		r, c := i/w, i%w
		if flipC {
			c = w - 1 - c
		}
		if flipR {
			r = h - 1 - r
		}
		if t {
			r, c = c, r
		}
		q.occ |= 1 << (r*int(q.w) + c)
	}
	return q
}

func (p domPos) less(q domPos) bool {
	if p.w != q.w {
		return p.w < q.w
	}
	if p.h != q.h {
		return p.h < q.h
	}
	return p.occ < q.occ
}

// least returns the least image of p, and whether it is a transposed one
// (an untransposed image wins a tie: then p = -p anyway).
func (p domPos) least(transpose bool) (domPos, bool) {
	best, neg := p, false
	for f := 1; f < 8; f++ {
		t := f&4 != 0
		if t && !transpose {
			break
		}
		if q := p.image(f&1 != 0, f&2 != 0, t); q.less(best) {
			best, neg = q, t
		}
	}
	return best, neg
}

// Key is the least image of p under the reflections: a board is its own
// key (no pointers: the table stays out of the garbage collector's way).
func (dom) Key(p domPos) domPos {
	q, _ := p.least(false)
	return q
}

func (dom) ConjugateKey(p domPos) (domPos, bool) {
	return p.least(true)
}

// domString is dom keyed by strings (the least image's bytes), without
// the conjugation: BenchmarkSolveDomineering weighs a string key against a
// pointer-free one.
type domString struct{}

func (domString) Options(p domPos, s Side, yield func(domPos) bool) error {
	return dom{}.Options(p, s, yield)
}

func (domString) Key(p domPos) string {
	q, _ := p.least(false)
	var b [10]byte
	b[0], b[1] = q.w, q.h
	for i := 0; i < 8; i++ {
		b[2+i] = byte(q.occ >> (8 * i))
	}
	return string(b[:])
}

// domPlain is dom without its conjugation.
type domPlain struct{ dom }

func (domPlain) ConjugateKey() {}

// domTree is a board's game tree, by the rules alone.
func domTree(p domPos, memo map[domPos]*tree) *tree {
	if t, ok := memo[p]; ok {
		return t
	}
	t := &tree{}
	dom{}.Options(p, Left, func(q domPos) bool { t.L = append(t.L, domTree(q, memo)); return true })
	dom{}.Options(p, Right, func(q domPos) bool { t.R = append(t.R, domTree(q, memo)); return true })
	memo[p] = t
	return t
}

// TestSolverConjugate solves boards with the conjugation and against the
// oracle (small boards) and the solver without it (larger ones): the same
// canonical forms, from fewer positions.
func TestSolverConjugate(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	o := newOracle()
	sv := NewSolver[domPos, domPos](c, dom{})
	plain := NewSolver[domPos, domPos](c, domPlain{})
	for _, wh := range [][2]uint8{{1, 2}, {2, 1}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {4, 2}} {
		p := domPos{w: wh[0], h: wh[1]}
		g, err := sv.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := o.canonical(domTree(p, map[domPos]*tree{})).key; toTree(g).key != want {
			t.Errorf("%dx%d = %v: oracle %s", wh[0], wh[1], g, want)
		}
	}
	for _, wh := range [][2]uint8{{4, 3}, {3, 4}, {4, 4}, {5, 3}, {2, 7}, {7, 2}} {
		p := domPos{w: wh[0], h: wh[1]}
		// a board with a covered corner too: no longer symmetric
		for _, q := range []domPos{p, {w: p.w, h: p.h, occ: 1}} {
			g, err := sv.Value(q)
			if err != nil {
				t.Fatal(err)
			}
			h, err := plain.Value(q)
			if err != nil {
				t.Fatal(err)
			}
			if g != h {
				t.Errorf("%dx%d/%x: with the conjugation %v, without %v", q.w, q.h, q.occ, g, h)
			}
		}
	}
	if sv.Positions() >= plain.Positions() {
		t.Errorf("the conjugation kept %d positions, the plain key %d", sv.Positions(), plain.Positions())
	}
	// the transpose of a board is its negative
	for _, wh := range [][2]uint8{{2, 3}, {4, 3}} {
		a, _ := sv.Value(domPos{w: wh[0], h: wh[1], occ: 2})
		b, _ := sv.Value(domPos{w: wh[0], h: wh[1], occ: 2}.image(false, false, true))
		if n, _ := c.Neg(a); n != b {
			t.Errorf("%dx%d: %v and its transpose %v", wh[0], wh[1], a, b)
		}
	}
}

func benchDom[K comparable](b *testing.B, rules Ruleset[domPos, K], w, h uint8) {
	var clk cpuClock
	defer clk.report(b)
	clk.on()
	defer clk.off()
	for b.Loop() {
		c := NewStore(Config{}).Calc(context.Background(), impartial.Budget{})
		if _, err := Solve(c, rules, domPos{w: w, h: h}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolveDomineering solves toy Domineering boards through the
// Solver: with the conjugation (transposes share a table entry), without,
// and without it keyed by strings.
func BenchmarkSolveDomineering(b *testing.B) {
	for _, wh := range [][2]uint8{{4, 4}, {5, 4}, {6, 3}} {
		b.Run(fmt.Sprintf("%dx%d", wh[0], wh[1]), func(b *testing.B) { benchDom(b, dom{}, wh[0], wh[1]) })
		b.Run(fmt.Sprintf("%dx%d-noconj", wh[0], wh[1]), func(b *testing.B) { benchDom(b, domPlain{}, wh[0], wh[1]) })
		b.Run(fmt.Sprintf("%dx%d-stringkey", wh[0], wh[1]), func(b *testing.B) { benchDom(b, domString{}, wh[0], wh[1]) })
	}
}
