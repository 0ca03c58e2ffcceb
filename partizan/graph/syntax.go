package graph

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/notation"
)

// Graph is an undirected multigraph with labelled vertices and edges, as
// CGSuite's graph syntax writes it. Vertex 0 is the first vertex written
// (the ground, in Hackenbush). Loops and parallel edges are allowed.
type Graph struct {
	// Labels holds each vertex's label (a ruleset's byte code; 0 is the
	// default label, written "." or nothing).
	Labels []byte
	// Edges holds the edges; an edge's label is a ruleset's byte code.
	Edges []Edge
}

// Edge is an undirected edge between vertices U and V (U = V for a loop).
type Edge struct {
	U, V  int
	Label byte
}

// Syntax says which labels a ruleset's graphs use. Each map sends a label
// as written (one character, or several in braces: "{blue}") to its byte
// code; the code 0 is the default vertex label, the one a vertex written
// "." or not at all gets.
type Syntax struct {
	// What names the input in errors ("position").
	What string
	// Vertex maps vertex labels ("L", "R") to their codes (not 0).
	Vertex map[string]byte
	// Edge maps edge labels to their codes; "-" is the plain edge, when
	// the ruleset has one.
	Edge map[string]byte
	// VertexText and EdgeText write a code back; VertexText(0) is how a
	// default vertex is written after an edge ("." or "").
	VertexText func(byte) string
	EdgeText   func(byte) string
	// MaxVertices bounds the size of a graph read (0: 255).
	MaxVertices int
}

type token struct {
	text string
	at   int  // byte offset in the input
	long bool // written in braces
}

func tokenize(s string, syn *Syntax) ([]token, error) {
	var out []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ':
			i++
		case c == '{':
			end := strings.IndexByte(s[i+1:], '}')
			if end < 0 {
				return nil, syn.errorf(s, i, "unmatched \"{\"")
			}
			out = append(out, token{s[i+1 : i+1+end], i, true})
			i += end + 2
		case c >= 0x80:
			return nil, syn.errorf(s, i, "unexpected character %s", notation.Quote(firstRune(s[i:])))
		default:
			out = append(out, token{s[i : i+1], i, false})
			i++
		}
	}
	return out, nil
}

func firstRune(s string) string {
	for i := range s {
		if i > 0 {
			return s[:i]
		}
	}
	return s
}

func (syn *Syntax) errorf(input string, at int, format string, args ...any) error {
	what := syn.What
	if what == "" {
		what = "position"
	}
	return &notation.SyntaxError{What: what, Input: input, Offset: at, Msg: fmt.Sprintf(format, args...)}
}

// Parse reads a graph in CGSuite's graph syntax (CGSuite's
// org.cgsuite.util.GraphParser, and its "games on graphs" tutorial):
//
//   - a vertex is its label ("L", "R", …), or "." or nothing for the
//     default label, optionally followed by ":N" (one character) or
//     ":{name}" naming it; a name written again is the same vertex, which
//     is how cycles are written;
//   - an edge is its label ("-", or "l", "r", "e" in Hackenbush) between
//     the two vertices it joins: "L-.-R" is a path of three vertices;
//   - after a vertex, "(A;B;…)" starts branches, each an edge followed by
//     the rest of its path: "l(l;rl)" is a tree;
//   - ";" outside parentheses starts another connected part.
//
// Directed edges ("<", ">") are refused, and so is a name given to two
// vertices with different labels.
func (syn *Syntax) Parse(s string) (*Graph, error) {
	g, _, err := syn.ParseParts(s)
	return g, err
}

// ParseParts is Parse that also returns, for each part the input writes
// (the text between top-level ";"), the byte offset where it starts and
// its first vertex.
func (syn *Syntax) ParseParts(s string) (*Graph, []Part, error) {
	toks, err := tokenize(s, syn)
	if err != nil {
		return nil, nil, err
	}
	p := &gparser{syn: syn, input: s, toks: toks, names: map[string]int{}, g: &Graph{}}
	max := syn.MaxVertices
	if max == 0 {
		max = 255
	}
	p.max = max
	var parts []Part
	for {
		parts = append(parts, Part{Offset: p.at(), Vertex: len(p.g.Labels)})
		if err := p.part(); err != nil {
			return nil, nil, err
		}
		if p.i >= len(p.toks) {
			return p.g, parts, nil
		}
		if t := p.toks[p.i]; t.long || t.text != ";" {
			return nil, nil, p.unexpected()
		}
		p.i++
	}
}

// Part is where one connected part of a graph starts in its text.
type Part struct {
	Offset int // byte offset in the input
	Vertex int // its first vertex
}

type gparser struct {
	syn   *Syntax
	input string
	toks  []token
	i     int
	names map[string]int
	g     *Graph
	max   int
	depth int
}

func (p *gparser) at() int {
	if p.i < len(p.toks) {
		return p.toks[p.i].at
	}
	return len(p.input)
}

func (p *gparser) unexpected() error {
	t := p.toks[p.i]
	text := t.text
	if t.long {
		text = "{" + text + "}"
	}
	return p.syn.errorf(p.input, t.at, "unexpected %s", notation.Quote(text))
}

// part reads one connected part: a vertex and what follows it.
func (p *gparser) part() error {
	v, err := p.vertex()
	if err != nil {
		return err
	}
	return p.rest(v)
}

// vertex reads a vertex (label, optional name) and returns its number.
func (p *gparser) vertex() (int, error) {
	var label byte
	start := p.at()
	if p.i < len(p.toks) {
		t := p.toks[p.i]
		if code, ok := p.syn.Vertex[t.text]; ok && (t.long || t.text != ".") {
			label = code
			p.i++
		} else if !t.long && t.text == "." {
			p.i++
		}
	}
	if p.i < len(p.toks) && !p.toks[p.i].long && p.toks[p.i].text == ":" {
		p.i++
		if p.i >= len(p.toks) {
			return 0, p.syn.errorf(p.input, len(p.input), "missing vertex name after \":\"")
		}
		name := p.toks[p.i]
		p.i++
		if v, ok := p.names[name.text]; ok {
			if p.g.Labels[v] != label {
				return 0, p.syn.errorf(p.input, start, "vertex %s is named twice with different labels", notation.Quote(name.text))
			}
			return v, nil
		}
		v, err := p.newVertex(label, start)
		p.names[name.text] = v
		return v, err
	}
	return p.newVertex(label, start)
}

func (p *gparser) newVertex(label byte, at int) (int, error) {
	if len(p.g.Labels) >= p.max {
		return 0, p.syn.errorf(p.input, at, "too many vertices (at most %d)", p.max)
	}
	p.g.Labels = append(p.g.Labels, label)
	return len(p.g.Labels) - 1, nil
}

// rest reads what follows vertex prev: an edge and the next vertex, or
// branches in parentheses, or nothing (before ";", ")" or the end).
func (p *gparser) rest(prev int) error {
	for {
		if p.i >= len(p.toks) {
			return nil
		}
		t := p.toks[p.i]
		if !t.long {
			switch t.text {
			case ";", ")":
				return nil
			case "(":
				return p.branches(prev)
			case "<", ">":
				return p.syn.errorf(p.input, t.at, "directed edges are not allowed here")
			}
		}
		code, ok := p.syn.Edge[t.text]
		if !ok {
			return p.syn.errorf(p.input, t.at, "%s is not an edge here (edges: %s)", notation.Quote(t.text), p.edgeList())
		}
		p.i++
		if p.i < len(p.toks) && !p.toks[p.i].long && (p.toks[p.i].text == "<" || p.toks[p.i].text == ">") {
			return p.syn.errorf(p.input, p.toks[p.i].at, "directed edges are not allowed here")
		}
		v, err := p.vertex()
		if err != nil {
			return err
		}
		p.g.Edges = append(p.g.Edges, Edge{prev, v, code})
		prev = v
	}
}

func (p *gparser) edgeList() string {
	var names []string
	for k := range p.syn.Edge {
		names = append(names, k)
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}

// branches reads "(A;B;…)" after vertex prev.
func (p *gparser) branches(prev int) error {
	open := p.toks[p.i].at
	p.depth++
	if p.depth > 1000 {
		return p.syn.errorf(p.input, open, "branches nested too deeply")
	}
	defer func() { p.depth-- }()
	p.i++
	for {
		if err := p.rest(prev); err != nil {
			return err
		}
		if p.i >= len(p.toks) {
			return p.syn.errorf(p.input, open, "unmatched \"(\"")
		}
		t := p.toks[p.i]
		p.i++
		if t.text == ")" {
			// Branches end the path they hang from.
			if p.i < len(p.toks) && !(p.toks[p.i].text == ";" || p.toks[p.i].text == ")") {
				return p.syn.errorf(p.input, p.toks[p.i].at, "branches must end their path (nothing may follow \")\" but \";\" or \")\")")
			}
			return nil
		}
	}
}

// Format writes g in CGSuite's graph syntax, the way Parse reads it: a
// depth-first walk from vertex 0 (then from the first vertex of each
// other connected part, after ";"), a vertex with several branches
// writing them in parentheses, and the vertices that close cycles named
// A, B, … (":A"). Parse(Format(g)) is g up to the numbering of its
// vertices and the order of its edges, and Format of that is the same
// text.
func (syn *Syntax) Format(g *Graph) string {
	n := len(g.Labels)
	adj := make([][]int, n)
	for i, e := range g.Edges {
		adj[e.U] = append(adj[e.U], i)
		if e.V != e.U {
			adj[e.V] = append(adj[e.V], i)
		}
	}
	// Pass 1: the depth-first forest; back edges (those that reach a
	// visited vertex, loops included) hang from the vertex that found
	// them, and name the vertex they reach.
	type branch struct {
		edge int
		to   int
		tree bool
	}
	branches := make([][]branch, n)
	visited := make([]bool, n)
	used := make([]bool, len(g.Edges))
	named := make([]bool, n)
	var roots []int
	var order []int
	var visit func(u int)
	visit = func(u int) {
		visited[u] = true
		order = append(order, u)
		for _, ei := range adj[u] {
			if used[ei] {
				continue
			}
			used[ei] = true
			e := g.Edges[ei]
			w := e.V
			if w == u {
				w = e.U
			}
			if visited[w] {
				named[w] = true
				branches[u] = append(branches[u], branch{ei, w, false})
				continue
			}
			branches[u] = append(branches[u], branch{ei, w, true})
			visit(w)
		}
	}
	for v := range n {
		if !visited[v] {
			roots = append(roots, v)
			visit(v)
		}
	}
	names := make([]string, n)
	k := 0
	for _, v := range order {
		if named[v] {
			names[v] = vertexName(k)
			k++
		}
	}
	// Pass 2: write.
	var b strings.Builder
	vertexText := func(v int, first bool) {
		t := syn.VertexText(g.Labels[v])
		if first && t == "" && !named[v] && len(branches[v]) == 0 {
			t = "."
		}
		b.WriteString(t)
		if named[v] {
			b.WriteString(":")
			b.WriteString(names[v])
		}
	}
	var write func(u int)
	write = func(u int) {
		bs := branches[u]
		if len(bs) > 1 {
			b.WriteByte('(')
		}
		for i, br := range bs {
			if i > 0 {
				b.WriteByte(';')
			}
			b.WriteString(syn.EdgeText(g.Edges[br.edge].Label))
			vertexText(br.to, false)
			if br.tree {
				write(br.to)
			}
		}
		if len(bs) > 1 {
			b.WriteByte(')')
		}
	}
	for i, r := range roots {
		if i > 0 {
			b.WriteByte(';')
		}
		vertexText(r, true)
		write(r)
	}
	return b.String()
}

// vertexName returns the k-th name for a vertex that closes a cycle: one
// capital letter (not L, R, X or O, which are labels in some rulesets),
// then {V23}, {V24}, ….
func vertexName(k int) string {
	const letters = "ABCDEFGHIJKMNPQSTUVWYZ"
	if k < len(letters) {
		return letters[k : k+1]
	}
	return "{V" + strconv.Itoa(k+1) + "}"
}
