package partizan

import (
	"fmt"
	"slices"
	"testing"
)

// kayles is Kayles (Winning Ways, ch. 4; Dudeney) as a partizan ruleset
// that says it is impartial: a position is a list of rows of pins, and
// either player knocks down one pin or two adjacent pins of a row, which
// may split it in two. valued, when set, values single rows of at least 4
// pins in closed form (the Valuer) by the nim-sequence; lie, when set,
// values a row of 3 pins as 1 instead, a value no impartial game has.
type kayles struct {
	impartial, valued, lie bool
}

func (k kayles) Impartial() bool { return k.impartial }

func (k kayles) Options(p []int, s Side, yield func([]int) bool) error {
	for i, h := range p {
		for _, t := range []int{1, 2} {
			for a := 0; a+t <= h; a++ {
				q := slices.Concat(p[:i], []int{a, h - a - t}, p[i+1:])
				if !yield(slices.DeleteFunc(q, func(x int) bool { return x == 0 })) {
					return nil
				}
			}
		}
	}
	return nil
}

func (kayles) Key(p []int) string {
	q := slices.Clone(p)
	slices.Sort(q)
	return fmt.Sprint(q)
}

func (kayles) Split(p []int) [][]int {
	if len(p) < 2 {
		return nil
	}
	out := make([][]int, len(p))
	for i, h := range p {
		out[i] = []int{h}
	}
	return out
}

// kaylesNim is the nim-sequence of Kayles from 0 pins (OEIS A002186).
var kaylesNim = []uint64{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7}

func (k kayles) Value(c *Calc, p []int) (Game, bool, error) {
	if k.lie && slices.Equal(p, []int{3}) {
		return c.Store().Integer(1), true, nil
	}
	if !k.valued || len(p) != 1 || p[0] < 4 || p[0] >= len(kaylesNim) {
		return Game{}, false, nil
	}
	return c.Store().Nimber(kaylesNim[p[0]]), true, nil
}

// The Solver's impartial fast path (mex of the options' nimbers) against
// the canonical-form construction (the same ruleset not saying it is
// impartial, and the Plain solver) and the published nim-sequence, on every
// row up to 12 pins and every pair of rows up to 6 pins.
func TestImpartialFastPath(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	fast := NewSolver[[]int, string](c, kayles{impartial: true})
	built := NewSolver[[]int, string](c, kayles{})
	plain := NewSolver[[]int, string](c, kayles{impartial: true})
	plain.Plain = true
	var ps [][]int
	for n := range 13 {
		ps = append(ps, []int{n})
	}
	for a := 1; a <= 6; a++ {
		for b := a; b <= 6; b++ {
			ps = append(ps, []int{a, b})
		}
	}
	for _, p := range ps {
		var want uint64
		for _, h := range p {
			want ^= kaylesNim[h]
		}
		for name, sv := range map[string]*Solver[[]int, string]{"fast": fast, "construction": built, "plain": plain} {
			g, err := sv.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			if g != s.Nimber(want) {
				t.Errorf("Kayles %v: %s %v, want *%d", p, name, g, want)
			}
		}
	}
}

// Closed forms join the fast path (a Valuer's nimbers), and a position
// with an option whose value is not a nimber (a closed form wrong for an
// impartial game) gets the construction of { options | options }.
func TestImpartialFastPathFallback(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	for n := range 9 {
		g, err := Solve[[]int, string](c, kayles{impartial: true, valued: true}, []int{n, 2})
		if err != nil {
			t.Fatal(err)
		}
		if want := s.Nimber(kaylesNim[n] ^ kaylesNim[2]); g != want {
			t.Errorf("Kayles %d+2 with closed forms: %v, want %v", n, g, want)
		}
	}
	// The liar through the fast path and through the construction.
	liar := NewSolver[[]int, string](c, kayles{impartial: true, lie: true})
	both := NewSolver[[]int, string](c, kayles{lie: true})
	nonNimber := false
	for n := range 9 {
		g, err := liar.Value([]int{n})
		if err != nil {
			t.Fatal(err)
		}
		h, err := both.Value([]int{n})
		if err != nil {
			t.Fatal(err)
		}
		if g != h {
			t.Errorf("%d pins: fast path %v, construction %v", n, g, h)
		}
		if x, k, _, ok := c.nus(g.id); !ok || x.Sign() != 0 || k != 0 {
			nonNimber = true
		}
	}
	if !nonNimber {
		t.Error("the liar's values are all nimbers: the fallback was not reached")
	}
}

// Nimbers past the immediate ones (records of the store) and positions
// with more than 256 options: a Nim heap of n has the options 0 … n-1,
// valued in closed form up to 5000 tokens.
type bigNim struct{}

func (bigNim) Impartial() bool { return true }
func (bigNim) Options(p int, _ Side, yield func(int) bool) error {
	for q := range p {
		if !yield(q) {
			break
		}
	}
	return nil
}
func (bigNim) Key(p int) int { return p }
func (bigNim) Value(c *Calc, p int) (Game, bool, error) {
	if p > 5000 {
		return Game{}, false, nil
	}
	return c.Store().Nimber(uint64(p)), true, nil
}

func TestImpartialFastPathBigNimbers(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	for _, n := range []int{5001, 5002} {
		g, err := Solve[int, int](c, bigNim{}, n)
		if err != nil {
			t.Fatal(err)
		}
		if g != s.Nimber(uint64(n)) {
			t.Errorf("heap %d: %v", n, g)
		}
	}
}
