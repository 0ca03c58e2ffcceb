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
// Ways, ch. 7; it holds for every colour, by the strategy-copying
// argument, and H ≥ H' gives X[H at v] ≥ X[H' at v]). So
//
//   - an edge to a leaf, with a value x already hanging at the leaf, is
//     the stalk of x with one more edge at its foot, worth underEdge (by
//     Berlekamp's sign-expansion rule), and joins the value hanging at its
//     other end: pendant trees are peeled away into numbers at the
//     vertices they hang from;
//   - what remains on the ground falls into parts that meet only at the
//     ground (summed), each a block (a 2-connected piece) at the ground
//     with, at each of its vertices, the value of what hangs there (bulbs
//     beyond a cut vertex are valued the same way, from that vertex);
//   - a block with its hanging values is searched, and remembered, by its
//     edges and those values, up to the picture's automorphisms: its
//     options cut one of its edges (what is cut off falls, with the values
//     hanging from it) or move in a hanging value, a stalk, to that
//     number's canonical option (the value of the whole is monotone in the
//     hanging value, so a stalk's best move is its number's).
//
// ok is false when p has a green edge, more than 64 edges or vertices, or
// a value whose numerator or denominator would pass 2^61.
func NumberValue(p Position) (v Dyadic, ok bool) {
	v, ok, _ = numberValue(p, nil)
	return v, ok
}

// numberValue is NumberValue with its work counted by charge (nil: not
// counted): blockWork units for each block state looked up (its cost, about,
// in the units of partizan.Calc.Work). An error of charge (a work budget
// spent, a context ended) stops the search and is returned.
func numberValue(p Position, charge func(uint64) error) (v Dyadic, ok bool, err error) {
	s, ok := newNumSearch(p)
	if !ok {
		return Dyadic{}, false, nil
	}
	s.charge = charge
	var w weights
	v, err = s.value(0, s.all, &w)
	if errors.Is(err, errOverflow) {
		return Dyadic{}, false, nil
	}
	if err != nil {
		return Dyadic{}, false, err
	}
	return v, true, nil
}

// blockWork is the work charged for one block state looked up by the
// number search: a lookup, hit or miss, took about 260 ns on the "Moderately
// Hard Bed" (5.7 million of them in 1.5 s), the time of 8 to 10 units of
// the algebra's work.
const blockWork = 8

var errOverflow = errors.New("hackenbush: number too large")

// minSymmetricEdges is the size from which the number search looks for
// the picture's automorphisms to key its states with.
const minSymmetricEdges = 16

// weights holds the value hanging at each vertex (a stalk of that value),
// set marks the vertices whose value is not 0.
type weights struct {
	set uint64
	d   [64]Dyadic
}

func (w *weights) add(v int, x Dyadic) error {
	if w.set&(1<<v) == 0 {
		w.d[v] = Dyadic{}
	}
	y, err := checkedAdd(w.d[v], x)
	if err != nil {
		return err
	}
	w.d[v] = y
	if y == (Dyadic{}) {
		w.set &^= 1 << v
	} else {
		w.set |= 1 << v
	}
	return nil
}

// restrict returns the weights of w at the vertices of vs.
func (w *weights) restrict(vs uint64, out *weights) {
	out.set = w.set & vs
	for m := out.set; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		out.d[v] = w.d[v]
	}
}

type numSearch struct {
	n    int // vertices
	all  uint64
	ends [64][2]uint8
	inc  [64]uint64 // edges at each vertex (a loop once)
	loop uint64     // the loops
	blue uint64
	auts []automorphism // of the picture, the identity first

	memo    map[string]Dyadic       // block states: their values
	scripts map[shape]*script       // (root, edges): how they fall apart
	blocks  map[shape][]blockOption // (root, block): its cuts
	key     []byte
	charge  func(uint64) error // counts the work (nil: not counted)
}

// shape is a root and a set of edges connected to it.
type shape struct {
	r int8
	m uint64
}

// A script is how the edges m on root r fall apart, which depends on the
// edges alone: the pendant edges peeled, in order (each adds what it
// holds, as one more edge under it, to the vertex it hangs from), then the
// parts at r, each a block with the scripts of the bulbs hanging from its
// cut vertices. Evaluating it on hanging values is arithmetic and lookups
// of block states; scripts are built once per shape.
type script struct {
	r     int
	peels []peel
	parts []partScript
}

// peel is one pendant edge: edge i from leaf to the vertex it hangs from
// (leaf -1 for a loop at to).
type peel struct {
	i, leaf, to int
	blue        bool
}

type partScript struct {
	bulbs []*script // rooted at the block's cut vertices
	block uint64
	vb    uint64 // the block's vertices but r
	edge  int    // the block's edge when it has one (a bridge), else -1
	far   int    // that edge's other end
}

// blockOption is a cut of a block's edge and the script of what is left.
type blockOption struct {
	blue bool
	sc   *script
}

func newNumSearch(p Position) (*numSearch, bool) {
	es := p.Edges()
	if len(es) > 64 {
		return nil, false
	}
	s := &numSearch{n: 1, memo: map[string]Dyadic{}, scripts: map[shape]*script{}, blocks: map[shape][]blockOption{}}
	for i, e := range es {
		if e.Color == Green || e.U >= 64 || e.V >= 64 {
			return nil, false
		}
		s.n = max(s.n, int(e.U)+1, int(e.V)+1)
		s.ends[i] = [2]uint8{e.U, e.V}
		s.inc[e.U] |= 1 << i
		s.inc[e.V] |= 1 << i
		if e.U == e.V {
			s.loop |= 1 << i
		}
		if e.Color == Blue {
			s.blue |= 1 << i
		}
		s.all |= 1 << i
	}
	// Symmetries pay for their search only on pictures large enough for
	// the number search to take long; small ones key by the identity.
	if len(es) >= minSymmetricEdges {
		s.auts = automorphisms(es, s.n)
	} else {
		s.auts = automorphisms(nil, 1)
	}
	return s, true
}

// value returns the value of the edges m (all connected to r) grounded at
// r, with the values w hanging at their vertices other than r (w is the
// caller's and is changed).
func (s *numSearch) value(r int, m uint64, w *weights) (Dyadic, error) {
	w.set &^= 1 << r
	if err := s.run(s.script(r, m), w); err != nil {
		return Dyadic{}, err
	}
	if w.set&(1<<r) == 0 {
		return Dyadic{}, nil
	}
	return w.d[r], nil
}

// run evaluates sc on w in place: it adds the value of sc's edges (with
// the values hanging at their vertices) to the value hanging at sc.r.
func (s *numSearch) run(sc *script, w *weights) error {
	for _, p := range sc.peels {
		x := Dyadic{}
		if p.leaf >= 0 && w.set&(1<<p.leaf) != 0 {
			x = w.d[p.leaf]
			w.set &^= 1 << p.leaf
		}
		y, err := underEdge(p.blue, x)
		if err != nil {
			return err
		}
		if err := w.add(p.to, y); err != nil {
			return err
		}
	}
	var sub weights
	for _, p := range sc.parts {
		for _, b := range p.bulbs {
			if err := s.run(b, w); err != nil {
				return err
			}
		}
		var x Dyadic
		var err error
		if p.edge >= 0 {
			y := Dyadic{}
			if w.set&(1<<p.far) != 0 {
				y = w.d[p.far]
			}
			x, err = underEdge(s.blue&(1<<p.edge) != 0, y)
		} else {
			w.restrict(p.vb, &sub)
			x, err = s.block(sc.r, p.block, &sub)
		}
		if err != nil {
			return err
		}
		if err := w.add(sc.r, x); err != nil {
			return err
		}
	}
	return nil
}

// script returns the script of the edges m on root r, building it once.
func (s *numSearch) script(r int, m uint64) *script {
	k := shape{int8(r), m}
	if sc, ok := s.scripts[k]; ok {
		return sc
	}
	sc := &script{r: r}
	// Loops first: each is one edge hanging from its vertex.
	for loops := m & s.loop; loops != 0; loops &= loops - 1 {
		i := bits.TrailingZeros64(loops)
		sc.peels = append(sc.peels, peel{i, -1, int(s.ends[i][0]), s.blue&(1<<i) != 0})
	}
	m &^= s.loop
	// Then the pendant trees, leaf by leaf.
	var leaves uint64
	for vs := s.vertices(m) &^ (1 << r); vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		if e := s.inc[v] & m; e&(e-1) == 0 {
			leaves |= 1 << v
		}
	}
	for leaves != 0 {
		v := bits.TrailingZeros64(leaves)
		leaves &^= 1 << v
		e := s.inc[v] & m
		if e == 0 {
			continue
		}
		i := bits.TrailingZeros64(e)
		u := s.other(i, v)
		sc.peels = append(sc.peels, peel{i, v, u, s.blue&(1<<i) != 0})
		m &^= 1 << i
		if u != r {
			if e := s.inc[u] & m; e != 0 && e&(e-1) == 0 {
				leaves |= 1 << u
			}
		}
	}
	// What is left falls into parts at r, each a block with bulbs.
	for rest := m; rest != 0; {
		p := s.part(r, rest, bits.TrailingZeros64(rest))
		rest &^= p
		b, cuts := s.rootBlock(r, p)
		vb := s.vertices(b)
		ps := partScript{block: b, vb: vb &^ (1 << r), edge: -1}
		for c := cuts; c != 0; c &= c - 1 {
			v := bits.TrailingZeros64(c)
			ps.bulbs = append(ps.bulbs, s.script(v, s.hanging(v, p&^b, vb)))
		}
		if b&(b-1) == 0 {
			ps.edge = bits.TrailingZeros64(b)
			ps.far = s.other(ps.edge, r)
		}
		sc.parts = append(sc.parts, ps)
	}
	s.scripts[k] = sc
	return sc
}

// block returns the value of the 2-connected block b at r with the
// values w hanging at its vertices (not at r).
func (s *numSearch) block(r int, b uint64, w *weights) (Dyadic, error) {
	if s.charge != nil {
		if err := s.charge(blockWork); err != nil {
			return Dyadic{}, err
		}
	}
	key := s.blockKey(r, b, w)
	if v, ok := s.memo[string(key)]; ok {
		return v, nil
	}
	memoKey := string(key) // s.key is reused by the searches below
	opts, ok := s.blocks[shape{int8(r), b}]
	if !ok {
		for rest := b; rest != 0; rest &= rest - 1 {
			i := bits.TrailingZeros64(rest)
			opts = append(opts, blockOption{s.blue&(1<<i) != 0, s.script(r, s.reach(r, b&^(1<<i)))})
		}
		s.blocks[shape{int8(r), b}] = opts
	}
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
	var sub weights
	// Cut an edge of the block: what is cut off falls, values with it.
	for _, o := range opts {
		w.restrict(w.set, &sub)
		if err := s.run(o.sc, &sub); err != nil {
			return Dyadic{}, err
		}
		v := Dyadic{}
		if sub.set&(1<<r) != 0 {
			v = sub.d[r]
		}
		offer(o.blue, v)
	}
	// Move in a hanging value, a stalk, to its number's canonical option.
	for vs := w.set; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		for _, left := range [2]bool{true, false} {
			y, ok := option(w.d[v], left)
			if !ok {
				continue
			}
			w.restrict(w.set, &sub)
			sub.set &^= 1 << v
			if err := sub.add(v, y); err != nil {
				return Dyadic{}, err
			}
			x, err := s.block(r, b, &sub)
			if err != nil {
				return Dyadic{}, err
			}
			offer(left, x)
		}
	}
	v := simplest(lo, hasLo, hi, hasHi)
	s.memo[memoKey] = v
	return v, nil
}

// blockKey returns the memo key of block b at r with values w: the least,
// over the picture's automorphisms, of (root, edges, values by vertex),
// the images compared by root and edges first, so that only the least
// ones are written out.
func (s *numSearch) blockKey(r int, b uint64, w *weights) []byte {
	bestR, bestM, ties := r, b, 0
	var tie [maxAutomorphisms]int
	for k := 1; k < len(s.auts); k++ {
		a := &s.auts[k]
		ar, am := int(a.vertex[r]), a.mapEdges(b)
		switch {
		case ar < bestR || ar == bestR && am < bestM:
			bestR, bestM, ties = ar, am, 0
			tie[0] = k
			ties = 1
		case ar == bestR && am == bestM:
			tie[ties] = k
			ties++
		}
	}
	if bestR == r && bestM == b {
		// the identity is among the least
		tie[ties] = 0
		ties++
	}
	best := s.key[:0]
	var buf [9 + 64*12]byte
	for t := range ties {
		k := tie[t]
		var key []byte
		if k == 0 {
			key = appendBlockKey(buf[:0], r, b, w, nil)
		} else {
			key = appendBlockKey(buf[:0], bestR, bestM, w, &s.auts[k])
		}
		if t == 0 || string(key) < string(best) {
			best = append(best[:0], key...)
		}
	}
	s.key = best
	return best
}

func appendBlockKey(key []byte, r int, b uint64, w *weights, a *automorphism) []byte {
	key = append(key, byte(r))
	key = binary.LittleEndian.AppendUint64(key, b)
	if a == nil {
		for m := w.set; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m)
			key = appendWeight(key, v, w.d[v])
		}
		return key
	}
	// The mapped vertices, in increasing order.
	var mapped uint64
	var at [64]int8
	for m := w.set; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		mapped |= 1 << a.vertex[v]
		at[a.vertex[v]] = int8(v)
	}
	for m := mapped; m != 0; m &= m - 1 {
		u := bits.TrailingZeros64(m)
		key = appendWeight(key, u, w.d[at[u]])
	}
	return key
}

// appendWeight appends vertex v's value: the vertex, the exponent and the
// numerator as a zig-zag varint (small values, the common ones, in three
// bytes).
func appendWeight(key []byte, v int, d Dyadic) []byte {
	key = append(key, byte(v), d.Exp)
	return binary.AppendVarint(key, d.Num)
}
