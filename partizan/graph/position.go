package graph

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/notation"
)

// MaxVertices bounds the positions of the vertex-labelled games.
const MaxVertices = 64

// Position is a simple graph of at most 64 vertices, each with a label
// code (0 for none), as the vertex-labelled rulesets (Col, Snort, Clobber)
// play on it. Positions are values: comparable, usable as map keys, never
// changed by the methods.
//
// Inside, it is the number of vertices, a byte of label per vertex and a
// 64-bit neighbour set per vertex, in one string.
type Position struct {
	enc string
}

// NumVertices returns the number of vertices.
func (p Position) NumVertices() int {
	if p.enc == "" {
		return 0
	}
	return int(p.enc[0])
}

// Label returns the label code of vertex v.
func (p Position) Label(v int) byte { return p.enc[1+v] }

// Neighbours returns the neighbours of vertex v, as a bit set.
func (p Position) Neighbours(v int) uint64 {
	n := p.NumVertices()
	return binary.LittleEndian.Uint64([]byte(p.enc[1+n+8*v : 1+n+8*v+8]))
}

func (p Position) neighbours(v, n int) uint64 {
	i := 1 + n + 8*v
	s := p.enc
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// build encodes the graph of the given labels and neighbour sets.
func build(labels []byte, adj []uint64) Position {
	n := len(labels)
	if n == 0 {
		return Position{}
	}
	b := make([]byte, 1+n+8*n)
	b[0] = byte(n)
	copy(b[1:], labels)
	for v, m := range adj {
		binary.LittleEndian.PutUint64(b[1+n+8*v:], m)
	}
	return Position{string(b)}
}

// decode returns p's labels and neighbour sets.
func (p Position) decode() ([]byte, []uint64) {
	n := p.NumVertices()
	if n == 0 {
		return nil, nil
	}
	labels := []byte(p.enc[1 : 1+n])
	adj := make([]uint64, n)
	for v := range n {
		adj[v] = p.neighbours(v, n)
	}
	return labels, adj
}

// keep returns the subgraph on the vertices of set, renumbered in order,
// with the labels given (indexed by old vertex), encoded in one
// allocation.
func keep(labels []byte, adj []uint64, set uint64) Position {
	n := bits.OnesCount64(set)
	if n == 0 {
		return Position{}
	}
	var index [64]int8
	var buf [1 + 64 + 8*64]byte
	b := buf[:1+n+8*n]
	b[0] = byte(n)
	k := 0
	for m := set; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		index[v] = int8(k)
		b[1+k] = labels[v]
		k++
	}
	k = 0
	for m := set; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		var out uint64
		for w := adj[v] & set; w != 0; w &= w - 1 {
			out |= 1 << index[bits.TrailingZeros64(w)]
		}
		binary.LittleEndian.PutUint64(b[1+n+8*k:], out)
		k++
	}
	return Position{string(b)}
}

// components returns the vertex sets of the connected components of the
// graph of adj, restricted to set.
func components(adj []uint64, set uint64) []uint64 {
	var out []uint64
	for rest := set; rest != 0; {
		comp := rest & -rest
		frontier := comp
		for frontier != 0 {
			v := bits.TrailingZeros64(frontier)
			frontier &^= 1 << v
			nw := adj[v] & set &^ comp
			comp |= nw
			frontier |= nw
		}
		out = append(out, comp)
		rest &^= comp
	}
	return out
}

// split returns the connected components of p, each renumbered, those
// live says nothing of dropped (nil when p is one component or none).
func (p Position) split(live func(labels []byte, comp uint64) bool) []Position {
	n := p.NumVertices()
	if n == 0 {
		return nil
	}
	labels, adj := p.decode()
	all := uint64(1)<<n - 1
	if n == 64 {
		all = ^uint64(0)
	}
	comps := components(adj, all)
	var out []Position
	for _, c := range comps {
		if live == nil || live(labels, c) {
			out = append(out, keep(labels, adj, c))
		}
	}
	if len(out) == 1 && len(comps) == 1 {
		return nil
	}
	if out == nil {
		return []Position{}
	}
	return out
}

// key returns a transposition key of p (one component): the labels along
// it for a path (read from the end that gives the least), around it for a
// cycle (the least rotation or reflection), its canonical code rooted at
// its centre for a tree (Aho–Hopcroft–Ullman), and p's own encoding for
// any other graph (exact, but not the same for every drawing). Labels
// are mapped through recode first when it is not nil.
func (p Position) key(recode []byte) string {
	n := p.NumVertices()
	if n == 0 {
		return ""
	}
	labels, adj := p.decode()
	if recode != nil {
		for i, l := range labels {
			labels[i] = recode[l]
		}
	}
	edges := 0
	maxDeg := 0
	for _, m := range adj {
		d := bits.OnesCount64(m)
		edges += d
		maxDeg = max(maxDeg, d)
	}
	edges /= 2
	all := uint64(1)<<n - 1
	if n == 64 {
		all = ^uint64(0)
	}
	connected := len(components(adj, all)) == 1
	switch {
	case !connected:
	case edges == n-1 && maxDeg <= 2:
		return "p" + pathKey(labels, adj)
	case edges == n && maxDeg == 2:
		return "c" + cycleKey(labels, adj)
	case edges == n-1:
		return "t" + treeKey(labels, adj)
	}
	if recode == nil {
		return "g" + p.enc
	}
	return "g" + build(labels, adj).enc
}

// walk returns the labels along a path or cycle from vertex start.
func walk(labels []byte, adj []uint64, start int) []byte {
	out := []byte{labels[start]}
	prev, v := -1, start
	for {
		next := -1
		for m := adj[v]; m != 0; m &= m - 1 {
			w := bits.TrailingZeros64(m)
			if w != prev && w != start {
				next = w
				break
			}
		}
		if next < 0 {
			return out
		}
		out = append(out, labels[next])
		prev, v = v, next
	}
}

func pathKey(labels []byte, adj []uint64) string {
	start := 0
	for v, m := range adj {
		if bits.OnesCount64(m) <= 1 {
			start = v
			break
		}
	}
	s := walk(labels, adj, start)
	r := slices.Clone(s)
	slices.Reverse(r)
	if string(r) < string(s) {
		return string(r)
	}
	return string(s)
}

func cycleKey(labels []byte, adj []uint64) string {
	s := walk(labels, adj, 0)
	n := len(s)
	r := slices.Clone(s)
	slices.Reverse(r)
	best := ""
	for _, seq := range [2][]byte{s, r} {
		for k := range n {
			rot := string(seq[k:]) + string(seq[:k])
			if best == "" || rot < best {
				best = rot
			}
		}
	}
	return best
}

// treeKey is the canonical code of a tree rooted at its centre (both
// centres tried when there are two): each vertex its label, then its
// children's codes sorted, in parentheses.
func treeKey(labels []byte, adj []uint64) string {
	n := len(labels)
	// The centre: strip leaves until one or two vertices remain.
	deg := make([]int, n)
	var leaves []int
	for v, m := range adj {
		deg[v] = bits.OnesCount64(m)
		if deg[v] <= 1 {
			leaves = append(leaves, v)
		}
	}
	left := n
	for left > 2 {
		var next []int
		for _, v := range leaves {
			left--
			for m := adj[v]; m != 0; m &= m - 1 {
				w := bits.TrailingZeros64(m)
				deg[w]--
				if deg[w] == 1 {
					next = append(next, w)
				}
			}
		}
		leaves = next
	}
	var code func(v, from int) string
	code = func(v, from int) string {
		var kids []string
		for m := adj[v]; m != 0; m &= m - 1 {
			if w := bits.TrailingZeros64(m); w != from {
				kids = append(kids, code(w, v))
			}
		}
		slices.Sort(kids)
		return "(" + string(labels[v]+'0') + strings.Join(kids, "") + ")"
	}
	best := ""
	for _, c := range leaves {
		if k := code(c, -1); best == "" || k < best {
			best = k
		}
	}
	return best
}

// vertexSyntax is the graph syntax of a vertex-labelled ruleset: its
// labels (codes 1, 2, … in order) and "-" for an edge.
func vertexSyntax(labels ...string) *Syntax {
	syn := &Syntax{
		What:        "position",
		Vertex:      map[string]byte{},
		Edge:        map[string]byte{"-": 1},
		EdgeText:    func(byte) string { return "-" },
		MaxVertices: MaxVertices,
	}
	for i, l := range labels {
		syn.Vertex[l] = byte(i + 1)
		syn.Vertex[strings.ToLower(l)] = byte(i + 1)
		syn.Vertex[strings.ToUpper(l)] = byte(i + 1)
	}
	syn.VertexText = func(c byte) string {
		if c == 0 {
			return "."
		}
		return labels[c-1]
	}
	return syn
}

// parsePosition reads a graph in syn, or the shorthand path(n) or
// cycle(n) for n unlabelled vertices (when shorthand), or "empty", into a
// Position: loops and repeated edges dropped, the vertices numbered in
// the order they are written.
func parsePosition(syn *Syntax, s string, shorthand bool) (Position, error) {
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return Position{}, &notation.SyntaxError{What: "position", Input: s, Offset: -1, Msg: "empty graph (write empty for the graph with no vertex)"}
	case strings.EqualFold(t, "empty"):
		return Position{}, nil
	}
	if shorthand {
		if p, ok, err := parseShorthand(s); ok {
			return p, err
		}
	}
	g, err := syn.Parse(s)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(g.Labels, g.Edges), nil
}

// NewPosition returns the simple graph of the given vertex labels (codes,
// 0 for none) and edges, numbered as ParsePosition numbers the text its
// ruleset's FormatPosition writes of it: loops and repeated edges are
// dropped, as ParsePosition drops them. There must be at most MaxVertices
// labels, and each edge's ends must be vertices (it panics otherwise).
func NewPosition(labels []byte, edges []Edge) Position {
	if len(labels) > MaxVertices {
		panic(fmt.Sprintf("graph.NewPosition: %d vertices (at most %d)", len(labels), MaxVertices))
	}
	adj := make([]uint64, len(labels))
	for _, e := range edges {
		if e.U < 0 || e.V < 0 || e.U >= len(labels) || e.V >= len(labels) {
			panic(fmt.Sprintf("graph.NewPosition: edge %d-%d of a graph of %d vertices", e.U, e.V, len(labels)))
		}
		if e.U != e.V {
			adj[e.U] |= 1 << e.V
			adj[e.V] |= 1 << e.U
		}
	}
	return normalized(labels, adj)
}

// normalized returns the graph renumbered in the order of a depth-first
// walk that takes neighbours in increasing order (and each component from
// its least vertex): the order Format writes the vertices in, so that
// what Format writes reads back as the same Position.
func normalized(labels []byte, adj []uint64) Position {
	n := len(labels)
	order := make([]int, 0, n)
	var seen uint64
	var visit func(v int)
	visit = func(v int) {
		seen |= 1 << v
		order = append(order, v)
		for m := adj[v] &^ seen; m != 0; m = adj[v] &^ seen {
			visit(bits.TrailingZeros64(m))
		}
	}
	for v := range n {
		if seen&(1<<v) == 0 {
			visit(v)
		}
	}
	var index [64]int
	for k, v := range order {
		index[v] = k
	}
	nl := make([]byte, n)
	na := make([]uint64, n)
	for k, v := range order {
		nl[k] = labels[v]
		for m := adj[v]; m != 0; m &= m - 1 {
			na[k] |= 1 << index[bits.TrailingZeros64(m)]
		}
	}
	return build(nl, na)
}

func parseShorthand(s string) (Position, bool, error) {
	t := strings.TrimSpace(s)
	lower := strings.ToLower(t)
	var cycle bool
	var arg string
	switch {
	case strings.HasPrefix(lower, "path(") && strings.HasSuffix(t, ")"):
		arg = t[5 : len(t)-1]
	case strings.HasPrefix(lower, "cycle(") && strings.HasSuffix(t, ")"):
		arg, cycle = t[6:len(t)-1], true
	default:
		return Position{}, false, nil
	}
	off := strings.Index(s, arg)
	lo := int64(1)
	if cycle {
		lo = 3
	}
	n, err := notation.Int(strings.TrimSpace(arg), lo, MaxVertices, "number of vertices")
	if err != nil {
		se := err.(*notation.SyntaxError)
		return Position{}, true, &notation.SyntaxError{What: "position", Input: s, Offset: off, Msg: se.Msg}
	}
	labels := make([]byte, n)
	adj := make([]uint64, n)
	for v := range int(n) - 1 {
		adj[v] |= 1 << (v + 1)
		adj[v+1] |= 1 << v
	}
	if cycle {
		adj[0] |= 1 << (n - 1)
		adj[n-1] |= 1
	}
	return build(labels, adj), true, nil
}

// format writes p in syn ("empty" for no vertex), its vertices in the
// order normalized gives them.
func format(syn *Syntax, p Position) string {
	n := p.NumVertices()
	if n == 0 {
		return "empty"
	}
	labels, adj := normalized(p.decode()).decode()
	g := &Graph{Labels: labels}
	for v := range n {
		for m := adj[v] &^ (uint64(1)<<(v+1) - 1); m != 0; m &= m - 1 {
			g.Edges = append(g.Edges, Edge{U: v, V: bits.TrailingZeros64(m), Label: 1})
		}
	}
	return syn.Format(g)
}

// String describes p for debugging: its labels and edges.
func (p Position) String() string {
	n := p.NumVertices()
	var b strings.Builder
	b.WriteString(strconv.Itoa(n))
	for v := range n {
		fmt.Fprintf(&b, " %d:%d:%x", v, p.Label(v), p.Neighbours(v))
	}
	return b.String()
}
