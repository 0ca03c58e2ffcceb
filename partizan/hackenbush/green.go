package hackenbush

// NimValue returns the value *n of a picture whose edges are all green
// (ok false otherwise), in time linear in its size, by the two principles
// of Winning Ways, ch. 7:
//
//   - the fusion principle: the vertices of any cycle may be fused into one
//     without changing the value, the cycle's edges becoming loops, and a
//     loop is worth what a single twig is; so each 2-edge-connected piece
//     becomes one vertex carrying as many twigs as it has edges, and what
//     remains is a tree of the bridges;
//   - the colon principle: at a vertex, the branches may be replaced by one
//     stalk of the nim-sum of their values, and a stalk of value n under
//     one more edge is worth n+1 — so a tree's value is the nim-sum over
//     the ground's branches of 1 + the value of what stands on each.
func NimValue(p Position) (n int, ok bool) {
	es := p.Edges()
	nv := 1
	for _, e := range es {
		if e.Color != Green {
			return 0, false
		}
		nv = max(nv, int(e.U)+1, int(e.V)+1)
	}
	bridge := bridges(es, nv)
	// Fuse the ends of every edge that is not a bridge.
	parent := make([]int, nv)
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
	twigs := make([]int, nv)
	for i, e := range es {
		if !bridge[i] {
			parent[find(int(e.U))] = find(int(e.V))
		}
	}
	adj := make([][]int, nv)
	for i, e := range es {
		if !bridge[i] {
			twigs[find(int(e.U))]++
			continue
		}
		u, v := find(int(e.U)), find(int(e.V))
		adj[u] = append(adj[u], v)
		adj[v] = append(adj[v], u)
	}
	// The colon principle on the tree of bridges, from the ground's piece.
	var value func(u, from int) int
	value = func(u, from int) int {
		g := twigs[u] & 1
		for _, w := range adj[u] {
			if w != from {
				g ^= value(w, u) + 1
			}
		}
		return g
	}
	return value(find(0), -1), true
}

// bridges reports which edges are bridges (cutting one disconnects its
// ends), by Tarjan's low-link depth-first search; loops and parallel
// edges are never bridges.
func bridges(es []Edge, nv int) []bool {
	adj := make([][]int, nv)
	for i, e := range es {
		adj[e.U] = append(adj[e.U], i)
		if e.U != e.V {
			adj[e.V] = append(adj[e.V], i)
		}
	}
	out := make([]bool, len(es))
	disc := make([]int, nv)
	low := make([]int, nv)
	t := 0
	var dfs func(u, via int)
	dfs = func(u, via int) {
		t++
		disc[u], low[u] = t, t
		for _, i := range adj[u] {
			if i == via {
				continue
			}
			w := int(es[i].U) + int(es[i].V) - u
			if disc[w] == 0 {
				dfs(w, i)
				low[u] = min(low[u], low[w])
				if low[w] > disc[u] {
					out[i] = true
				}
			} else {
				low[u] = min(low[u], disc[w])
			}
		}
	}
	for v := range nv {
		if disc[v] == 0 {
			dfs(v, -1)
		}
	}
	return out
}
