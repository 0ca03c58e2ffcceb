package hackenbush

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// NumberValue returns the value of a picture with no green edge. It is a
// number: in blue-red Hackenbush every Left move lowers the value and
// every Right move raises it, so G^L < G < G^R, and G is the simplest
// number between its best options (Winning Ways, ch. 2; Siegel,
// Combinatorial Game Theory, II.3.6). Only numbers are computed, never
// canonical forms.
//
// The search stands on the colon principle: a piece H hanging from the
// rest of the picture at a single vertex v may be replaced by any piece
// of the same value without changing the value of the whole (Winning
// Ways, ch. 7, and Siegel, CGT, I.4 for the partizan form: if H ≥ H' then
// X[H at v] ≥ X[H' at v], by a strategy-copying argument that holds for
// every colour). So a part on the ground is searched as its block at the
// ground (its 2-connected piece there, or one edge) with, at each vertex
// of the block, the value of everything hanging there, as a stalk of
// that value; a stalk's best moves are its number's canonical options
// (the value of the whole is monotone in the hanging value). A block of
// one edge is closed: an edge under a stalk of value x is the stalk with
// one more edge at its foot, read by Berlekamp's sign-expansion rule.
//
// ok is false when p has a green edge, more than 64 edges or vertices,
// or a value whose numerator or denominator would pass 2^62.
func NumberValue(p Position) (v Dyadic, ok bool) {
	s, ok := newNumSearch(p)
	if !ok {
		return Dyadic{}, false
	}
	v, err := s.value(0, s.all, nil)
	if err != nil {
		return Dyadic{}, false
	}
	return v, true
}

var errOverflow = errors.New("hackenbush: number too large")

type numSearch struct {
	n    int // vertices
	all  uint64
	ends [64][2]uint8
	inc  [64]uint64 // edges at each vertex
	blue uint64
	memo map[string]Dyadic
	key  []byte
}

func newNumSearch(p Position) (*numSearch, bool) {
	es := p.Edges()
	if len(es) > 64 {
		return nil, false
	}
	s := &numSearch{memo: map[string]Dyadic{}}
	for i, e := range es {
		if e.Color == Green || e.U >= 64 || e.V >= 64 {
			return nil, false
		}
		s.n = max(s.n, int(e.U)+1, int(e.V)+1)
		s.ends[i] = [2]uint8{e.U, e.V}
		s.inc[e.U] |= 1 << i
		s.inc[e.V] |= 1 << i
		if e.Color == Blue {
			s.blue |= 1 << i
		}
		s.all |= 1 << i
	}
	return s, true
}

// weight is the value of what hangs at vertex v, as a stalk.
type weight struct {
	v uint8
	d Dyadic
}

func (s *numSearch) other(i int, u uint8) uint8 {
	if s.ends[i][0] == u {
		return s.ends[i][1]
	}
	return s.ends[i][0]
}

// vertices returns the vertices the edges of m touch.
func (s *numSearch) vertices(m uint64) uint64 {
	var vs uint64
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		vs |= 1<<s.ends[i][0] | 1<<s.ends[i][1]
	}
	return vs
}

// reach returns the edges of m connected to r.
func (s *numSearch) reach(r uint8, m uint64) uint64 {
	seen := uint64(1) << r
	frontier := seen
	var edges uint64
	for frontier != 0 {
		v := bits.TrailingZeros64(frontier)
		frontier &^= 1 << v
		out := s.inc[v] & m &^ edges
		edges |= out
		for ; out != 0; out &= out - 1 {
			i := bits.TrailingZeros64(out)
			for _, w := range s.ends[i] {
				if seen&(1<<w) == 0 {
					seen |= 1 << w
					frontier |= 1 << w
				}
			}
		}
	}
	return edges
}

// part returns the edges of m reachable from edge i without passing
// through vertex r.
func (s *numSearch) part(r uint8, m uint64, i int) uint64 {
	edges := uint64(1) << i
	seen := uint64(1) << r
	var frontier uint64
	for _, w := range s.ends[i] {
		if seen&(1<<w) == 0 {
			seen |= 1 << w
			frontier |= 1 << w
		}
	}
	for frontier != 0 {
		v := bits.TrailingZeros64(frontier)
		frontier &^= 1 << v
		out := s.inc[v] & m &^ edges
		edges |= out
		for ; out != 0; out &= out - 1 {
			j := bits.TrailingZeros64(out)
			for _, w := range s.ends[j] {
				if seen&(1<<w) == 0 {
					seen |= 1 << w
					frontier |= 1 << w
				}
			}
		}
	}
	return edges
}

// value returns the value of the edges m (all connected to r) grounded at
// r, with the stalks ws hanging at their vertices: the weight at r, plus
// the parts that meet only at r.
func (s *numSearch) value(r uint8, m uint64, ws []weight) (Dyadic, error) {
	var total Dyadic
	var err error
	for _, w := range ws {
		if w.v == r {
			if total, err = checkedAdd(total, w.d); err != nil {
				return Dyadic{}, err
			}
		}
	}
	for rest := m; rest != 0; {
		p := s.part(r, rest, bits.TrailingZeros64(rest))
		rest &^= p
		vs := s.vertices(p) &^ (1 << r)
		var sub []weight
		for _, w := range ws {
			if vs&(1<<w.v) != 0 {
				sub = append(sub, w)
			}
		}
		v, err := s.atomic(r, p, sub)
		if err != nil {
			return Dyadic{}, err
		}
		if total, err = checkedAdd(total, v); err != nil {
			return Dyadic{}, err
		}
	}
	return total, nil
}

// atomic returns the value of one part p at r (with the stalks ws at its
// vertices other than r): its block at r with, at each of the block's
// vertices, the value of what hangs there.
func (s *numSearch) atomic(r uint8, p uint64, ws []weight) (Dyadic, error) {
	key := s.appendKey(s.key[:0], 'a', r, p, ws)
	s.key = key
	if v, ok := s.memo[string(key)]; ok {
		return v, nil
	}
	memoKey := string(key)
	v, err := s.atomicSearch(r, p, ws)
	if err == nil {
		s.memo[memoKey] = v
	}
	return v, err
}

// appendKey appends a memo key: a tag, the root, the edges and the weights.
func (s *numSearch) appendKey(key []byte, tag byte, r uint8, m uint64, ws []weight) []byte {
	key = append(key, tag, r)
	key = binary.LittleEndian.AppendUint64(key, m)
	for _, x := range ws {
		key = append(key, x.v, x.d.Exp)
		key = binary.LittleEndian.AppendUint64(key, uint64(x.d.Num))
	}
	return key
}

func (s *numSearch) atomicSearch(r uint8, p uint64, ws []weight) (Dyadic, error) {
	b := s.rootBlock(r, p)
	vb := s.vertices(b)
	// x: the value hanging at each vertex of the block but r.
	var xs []weight
	for vv := vb &^ (1 << r); vv != 0; vv &= vv - 1 {
		v := uint8(bits.TrailingZeros64(vv))
		h := s.hanging(v, p&^b, vb)
		var sub []weight
		hv := s.vertices(h) | 1<<v
		for _, w := range ws {
			if hv&(1<<w.v) != 0 {
				sub = append(sub, w)
			}
		}
		x, err := s.value(v, h, sub)
		if err != nil {
			return Dyadic{}, err
		}
		if x != (Dyadic{}) {
			xs = append(xs, weight{v, x})
		}
	}
	if b&(b-1) == 0 {
		// One edge (a bridge, or a loop at r): closed.
		var x Dyadic
		if len(xs) == 1 {
			x = xs[0].d
		}
		return underEdge(s.blue&b != 0, x)
	}
	return s.block(r, b, xs)
}

// block returns the value of the 2-connected block b at r with stalks xs.
func (s *numSearch) block(r uint8, b uint64, xs []weight) (Dyadic, error) {
	key := s.appendKey(s.key[:0], 'b', r, b, xs)
	s.key = key
	if v, ok := s.memo[string(key)]; ok {
		return v, nil
	}
	memoKey := string(key) // s.key is reused by the searches below
	var lo, hi Dyadic
	hasLo, hasHi := false, false
	offer := func(left bool, v Dyadic) {
		if left {
			if !hasLo || v.Cmp(lo) > 0 {
				lo, hasLo = v, true
			}
		} else if !hasHi || v.Cmp(hi) < 0 {
			hi, hasHi = v, true
		}
	}
	// Cut an edge of the block: what is cut off falls, stalks with it.
	for rest := b; rest != 0; rest &= rest - 1 {
		i := bits.TrailingZeros64(rest)
		m := s.reach(r, b&^(1<<i))
		vs := s.vertices(m)
		var sub []weight
		for _, x := range xs {
			if vs&(1<<x.v) != 0 {
				sub = append(sub, x)
			}
		}
		v, err := s.value(r, m, sub)
		if err != nil {
			return Dyadic{}, err
		}
		offer(s.blue&(1<<i) != 0, v)
	}
	// Move in a stalk, to its number's canonical option.
	for k, x := range xs {
		for _, left := range [2]bool{true, false} {
			y, ok := option(x.d, left)
			if !ok {
				continue
			}
			ys := make([]weight, 0, len(xs))
			ys = append(ys, xs[:k]...)
			if y != (Dyadic{}) {
				ys = append(ys, weight{x.v, y})
			}
			ys = append(ys, xs[k+1:]...)
			v, err := s.value(r, b, ys)
			if err != nil {
				return Dyadic{}, err
			}
			offer(left, v)
		}
	}
	v := simplest(lo, hasLo, hi, hasHi)
	s.memo[memoKey] = v
	return v, nil
}

// option returns the canonical Left (or Right) option of the number x:
// n-1 for an integer n > 0, (p∓1)/2^k for p/2^k, none for Left at an
// integer ≤ 0 (for Right at one ≥ 0).
func option(x Dyadic, left bool) (Dyadic, bool) {
	if x.Exp > 0 {
		if left {
			return Dyadic{x.Num - 1, x.Exp}.norm(), true
		}
		return Dyadic{x.Num + 1, x.Exp}.norm(), true
	}
	switch {
	case left && x.Num > 0:
		return Dyadic{x.Num - 1, 0}, true
	case !left && x.Num < 0:
		return Dyadic{x.Num + 1, 0}, true
	}
	return Dyadic{}, false
}

// rootBlock returns the edges of the block of p (a part at r: p minus r
// is connected) that contains r: Tarjan's biconnected components, by
// depth-first search from r with an edge stack.
func (s *numSearch) rootBlock(r uint8, p uint64) uint64 {
	if p&(p-1) == 0 {
		return p
	}
	var disc, low [64]int8
	t := int8(0)
	var stack []int
	var block uint64
	var dfs func(u uint8, via int)
	dfs = func(u uint8, via int) {
		t++
		disc[u], low[u] = t, t
		for out := s.inc[u] & p; out != 0; out &= out - 1 {
			i := bits.TrailingZeros64(out)
			if i == via {
				continue
			}
			w := s.other(i, u)
			switch {
			case disc[w] == 0:
				stack = append(stack, i)
				dfs(w, i)
				low[u] = min(low[u], low[w])
				if low[w] >= disc[u] && u == r {
					// The block at r: pop down to edge i.
					for {
						j := stack[len(stack)-1]
						stack = stack[:len(stack)-1]
						block |= 1 << j
						if j == i {
							break
						}
					}
				} else if low[w] >= disc[u] {
					// A block above u: drop it.
					for {
						j := stack[len(stack)-1]
						stack = stack[:len(stack)-1]
						if j == i {
							break
						}
					}
				}
			case disc[w] < disc[u]:
				stack = append(stack, i)
				low[u] = min(low[u], disc[w])
			case w == u:
				// A loop is a block of its own.
				if u == r {
					block |= 1 << i
				}
			}
		}
	}
	dfs(r, -1)
	return block
}

// hanging returns the edges of m that hang at v: reachable from v without
// passing through another vertex of the block (vb).
func (s *numSearch) hanging(v uint8, m uint64, vb uint64) uint64 {
	var edges uint64
	seen := vb
	frontier := uint64(1) << v
	for frontier != 0 {
		u := bits.TrailingZeros64(frontier)
		frontier &^= 1 << u
		out := s.inc[u] & m &^ edges
		edges |= out
		for ; out != 0; out &= out - 1 {
			i := bits.TrailingZeros64(out)
			for _, w := range s.ends[i] {
				if seen&(1<<w) == 0 {
					seen |= 1 << w
					frontier |= 1 << w
				}
			}
		}
	}
	return edges
}

// underEdge returns the value of an edge (blue or red) with a picture of
// value x on top: the stalk of x's sign expansion with one more edge at
// its foot, by Berlekamp's rule.
func underEdge(blue bool, x Dyadic) (Dyadic, error) {
	signs, err := signExpansion(x)
	if err != nil {
		return Dyadic{}, err
	}
	return stalkValue(append([]bool{blue}, signs...))
}

// signExpansion returns the sign expansion of x (true for +, a blue
// edge): the path from 0 to x in the tree of numbers, the stalk whose
// value x is (Conway, ONAG ch. 3).
func signExpansion(x Dyadic) ([]bool, error) {
	var out []bool
	var v Dyadic
	step := Dyadic{1, 0}
	changed := false
	for i := 0; v != x; i++ {
		if i > 200 {
			return nil, errOverflow
		}
		up := x.Cmp(v) > 0
		if len(out) > 0 && up != out[len(out)-1] {
			changed = true
		}
		if changed {
			step.Exp++
			if step.Exp > 62 {
				return nil, errOverflow
			}
		}
		if up {
			v = v.Add(step)
		} else {
			v = v.Add(step.Neg())
		}
		out = append(out, up)
	}
	return out, nil
}

// stalkValue returns the value of a blue-red stalk (true for blue, from
// the ground up) by Berlekamp's sign-expansion rule (Winning Ways, ch. 2):
// the edges up to the first change of colour count ±1 each, and each
// edge after it half as much as the one before, the first ±1/2.
func stalkValue(signs []bool) (Dyadic, error) {
	var v Dyadic
	step := Dyadic{1, 0}
	for i, blue := range signs {
		if i > 0 && (blue != signs[i-1] || step.Exp > 0) {
			if step.Exp >= 62 {
				return Dyadic{}, errOverflow
			}
			step.Exp++
		}
		var err error
		if blue {
			v, err = checkedAdd(v, step)
		} else {
			v, err = checkedAdd(v, step.Neg())
		}
		if err != nil {
			return Dyadic{}, err
		}
	}
	return v, nil
}

func checkedAdd(a, b Dyadic) (Dyadic, error) {
	if a.Exp < b.Exp {
		a, b = b, a
	}
	if bits.Len64(abs64(b.Num))+int(a.Exp-b.Exp) > 61 || bits.Len64(abs64(a.Num)) > 61 {
		return Dyadic{}, errOverflow
	}
	return a.Add(b), nil
}

func abs64(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}
