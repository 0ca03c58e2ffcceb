package hackenbush

import (
	"slices"
	"strings"

	"github.com/grundy/grundy/partizan"
)

// Game is the ruleset of blue-red-green Hackenbush (Winning Ways, ch. 1–2
// and 7): a move cuts one edge, Left a blue or green one, Right a red or
// green one, and every edge no longer connected to the ground falls away.
// The zero Game is ready to use.
type Game struct{}

// Options yields the options of p for side s, one for each edge the
// player may cut, in the order of p's edges. It never fails.
func (Game) Options(p Position, s partizan.Side, yield func(Position) bool) error {
	left := s == partizan.Left
	es := p.Edges()
	keep := make([]bool, len(es))
	for i := range keep {
		keep[i] = true
	}
	for i, e := range es {
		if !mayCut(e.Color, left) {
			continue
		}
		keep[i] = false
		q := fromEdges(es, keep)
		keep[i] = true
		if !yield(q) {
			return nil
		}
	}
	return nil
}

// CutEdges returns, for each option Options yields for side s (in its
// order), the index in p.Edges() of the edge it cuts: what a face draws
// as the move.
func (Game) CutEdges(p Position, s partizan.Side) []int {
	left := s == partizan.Left
	var out []int
	for i, e := range p.Edges() {
		if mayCut(e.Color, left) {
			out = append(out, i)
		}
	}
	return out
}

func mayCut(c Color, left bool) bool {
	return c == Green || (left && c == Blue) || (!left && c == Red)
}

// Split returns the parts of p that meet only at the ground, each a
// picture of its own (nil when p is one part or none): p is their sum,
// since a cut in one never drops an edge of another (Winning Ways, ch. 1).
func (Game) Split(p Position) []Position {
	es := p.Edges()
	if len(es) == 0 {
		return nil
	}
	n := 0
	for _, e := range es {
		n = max(n, int(e.U)+1, int(e.V)+1)
	}
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, e := range es {
		if e.U != 0 && e.V != 0 {
			parent[find(int(e.U))] = find(int(e.V))
		}
	}
	// Each edge belongs to the part of its end off the ground; a loop at
	// the ground is a part of its own.
	part := make([]int, len(es))
	var roots []int
	for i, e := range es {
		v := int(e.U)
		if v == 0 {
			v = int(e.V)
		}
		r := -1 - i // a loop at the ground
		if v != 0 {
			r = find(v)
		}
		part[i] = r
		if !slices.Contains(roots, r) {
			roots = append(roots, r)
		}
	}
	if len(roots) == 1 {
		return nil
	}
	out := make([]Position, 0, len(roots))
	keep := make([]bool, len(es))
	for _, r := range roots {
		for i := range es {
			keep[i] = part[i] == r
		}
		out = append(out, fromEdges(es, keep))
	}
	return out
}

// Key returns the transposition key of p, the same for every drawing of
// one tree (Aho–Hopcroft–Ullman's rooted-tree isomorphism code); a
// picture with cycles is keyed by its edges as they stand, which is exact
// but tells apart some drawings of one picture.
func (Game) Key(p Position) string { return keyOf(p, false) }

// ConjugateKey is Key up to the swap of blue and red too, which negates
// the value: negated reports that the key is that of the swapped picture.
func (Game) ConjugateKey(p Position) (key string, negated bool) {
	k := keyOf(p, false)
	s := keyOf(p, true)
	if s < k {
		return s, true
	}
	return k, false
}

func keyOf(p Position, swap bool) string {
	es := p.Edges()
	if children, ok := asTree(es); ok {
		var b strings.Builder
		b.WriteByte('t')
		b.WriteString(treeCode(es, children, 0, swap))
		return b.String()
	}
	b := []byte(p.enc)
	if swap {
		for i := 2; i < len(b); i += 3 {
			b[i] = byte(swapColor(Color(b[i])))
		}
	}
	return "g" + string(b)
}

func swapColor(c Color) Color {
	switch c {
	case Blue:
		return Red
	case Red:
		return Blue
	}
	return c
}

// asTree reports whether the edges form a tree on the ground, and returns
// for each vertex the edges to its children.
func asTree(es []Edge) ([][]int, bool) {
	n := 1
	for _, e := range es {
		n = max(n, int(e.U)+1, int(e.V)+1)
	}
	if len(es) != n-1 {
		return nil, false
	}
	adj := make([][]int, n)
	for i, e := range es {
		if e.U == e.V {
			return nil, false
		}
		adj[e.U] = append(adj[e.U], i)
		adj[e.V] = append(adj[e.V], i)
	}
	children := make([][]int, n)
	seen := make([]bool, n)
	seen[0] = true
	stack := []int{0}
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, i := range adj[u] {
			w := int(es[i].U) + int(es[i].V) - u
			if seen[w] {
				continue
			}
			seen[w] = true
			children[u] = append(children[u], i)
			stack = append(stack, w)
		}
	}
	for _, s := range seen {
		if !s {
			return nil, false
		}
	}
	return children, true
}

// treeCode is the canonical code of the subtree at v: its branches'
// codes, sorted, each its edge's colour, its subtree's code and ")".
func treeCode(es []Edge, children [][]int, v int, swap bool) string {
	codes := make([]string, 0, len(children[v]))
	for _, i := range children[v] {
		e := es[i]
		w := int(e.U) + int(e.V) - v
		c := e.Color
		if swap {
			c = swapColor(c)
		}
		codes = append(codes, string('0'+byte(c))+treeCode(es, children, w, swap)+")")
	}
	slices.Sort(codes)
	return strings.Join(codes, "")
}

// FormatPosition writes p as Position.String does.
func (Game) FormatPosition(p Position) string { return p.String() }

// ParsePosition reads p as Parse does.
func (Game) ParsePosition(s string) (Position, error) { return Parse(s) }

// Value returns the closed forms of p when it has one: a number when p has
// no green edge (NumberValue), a nimber when every edge is green
// (NimValue). It is partizan's Valuer: the number search's work counts
// against c's budget (Calc.Charge), so that a large blue-red picture stops
// at its work budget or its deadline, not when the search is done.
func (Game) Value(c *partizan.Calc, p Position) (partizan.Game, bool, error) {
	v, ok, err := numberValue(p, c.Charge)
	if err != nil {
		return partizan.Game{}, false, err
	}
	if ok {
		return c.Store().Number(partizan.NewDyadic(v.Num, uint(v.Exp))), true, nil
	}
	if n, ok := NimValue(p); ok {
		return c.Store().Nimber(uint64(n)), true, nil
	}
	return partizan.Game{}, false, nil
}
