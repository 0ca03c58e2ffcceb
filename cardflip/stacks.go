package cardflip

import "math"

// Stacks is our table-only strategy: the seed's divide and conquer with
// the building blocks of cardflip-beyond.md. See doc.go for the layout.
func Stacks() Strategy {
	return newStacks("stacks", stacksParams{plain: 0.4, pre: 0.6, base: 3})
}

type stacksParams struct {
	plain, pre float64 // fraction of a segment's other cards in its right part
	base       int     // plain segments of at most base cards are played front to back
}

type stacks struct {
	info Info
	p    stacksParams
	// right[pre][S] is the size of the right part of a segment of S cards.
	right [2][]int
}

func newStacks(name string, p stacksParams) *stacks {
	return &stacks{
		info: Info{Name: name, Model: TableOnly,
			Summary: "divide and conquer with flip on sight, pivot chains and two stacks per right part"},
		p: p,
	}
}

func (s *stacks) Info() Info            { return s.info }
func (s *stacks) NewPlayer(Seat) Player { return s }

// split returns the sizes of the left and right parts of a segment of S
// cards (S ≥ 2); pre is for segments filed in two stacks by their parent.
func (s *stacks) split(S int, pre bool) (l, r int) {
	if S <= 1 {
		return 0, 0
	}
	f := s.p.plain
	if pre {
		f = s.p.pre
	}
	r = int(math.Floor(f*float64(S-1) + 0.5))
	r = max(1, min(r, S-1))
	return S - 1 - r, r
}

// plan modes
const (
	stFTB   = 1 // look at lo... put at Plan[2]−1, up if next
	stSplit = 2 // split of the plain segment Plan[1..4] = lo, hi, a, piv
)

func find(v *View, x, lo, hi int) int {
	for i := lo; i < hi; i++ {
		if v.vis[i] == x {
			return i
		}
	}
	return -1
}

func (s *stacks) Look(t *Turn) int {
	v := &t.View
	k := v.k
	lo, hi, a, pre := 0, v.Len(), 0, false
	p := &t.Plan
	for {
		S := hi - lo
		if S == 1 {
			p[0], p[2] = stFTB, hi
			return lo
		}
		if !pre && S <= s.p.base {
			p[0], p[2] = stFTB, hi
			return firstDown(v, lo, hi)
		}
		l, r := s.split(S, pre)
		if k == a {
			e := hi
			if pre {
				e = lo + l + 1
			}
			p[0], p[2] = stFTB, e
			return lo
		}
		piv := find(v, a+1, lo, hi)
		if hi-1-piv < r {
			p[0], p[1], p[2], p[3], p[4] = stSplit, lo, hi, a, piv
			return lo
		}
		if k >= a+1+l {
			lo, a, pre = piv+1, a+1+l, !pre
		} else {
			hi, a, pre = piv, a+1, false
		}
	}
}

func (s *stacks) Place(t *Turn, pos, x int) Move {
	p := &t.Plan
	next := x == t.k+1
	if p[0] == stFTB {
		return Move{Up: next, To: p[2] - 1}
	}
	v := &t.View
	lo, hi, a, piv := p[1], p[2], p[3], p[4]
	// While the split runs, [lo, piv) still holds unfiled cards, so the
	// sizes of the nested segments come from the numbers, not the positions.
	S := hi - lo
	for {
		l, r := s.split(S, false)
		if x > a+1+l { // right part: two stacks
			lr, _ := s.split(r, true)
			if x <= a+1+l+lr+1 {
				return Move{To: piv}
			}
			return Move{To: hi - 1}
		}
		// left part: the left child is the plain segment of l cards before piv.
		if l <= s.p.base || t.k < a+2 {
			return Move{Up: next, To: piv - 1}
		}
		S, hi, a = l, piv, a+1
		piv = find(v, a+1, lo, hi)
	}
}
