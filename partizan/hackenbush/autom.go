package hackenbush

import "math/bits"

// maxAutomorphisms bounds the automorphisms the number search keys with
// (each costs an image per key). Any set of them that holds the identity
// is sound: two states with one key are images of each other under a
// product of automorphisms, so have one value.
const maxAutomorphisms = 16

// automorphism is a symmetry of a picture: a permutation of its vertices
// fixing the ground and of its edges, keeping ends and colours.
type automorphism struct {
	vertex [64]uint8
	edge   [64]uint8
}

// mapEdges returns the image of the edge set m.
func (a *automorphism) mapEdges(m uint64) uint64 {
	var out uint64
	for ; m != 0; m &= m - 1 {
		out |= 1 << a.edge[bits.TrailingZeros64(m)]
	}
	return out
}

// automorphisms returns the identity and up to maxAutomorphisms-1 other
// symmetries of the picture es (n vertices, at most 64 edges), found by
// backtracking over the vertices in the order they first appear, each
// tried on the vertices with the same coloured degrees.
func automorphisms(es []Edge, n int) []automorphism {
	// mult[u][v][c]: the number of edges of colour c between u and v.
	type key struct{ u, v uint8 }
	mult := map[key][4]int{}
	profile := make([][4]int, n) // edges of each colour at each vertex
	for _, e := range es {
		u, v := e.U, e.V
		if u > v {
			u, v = v, u
		}
		m := mult[key{u, v}]
		m[e.Color]++
		mult[key{u, v}] = m
		profile[e.U][e.Color]++
		if e.U != e.V {
			profile[e.V][e.Color]++
		}
	}
	between := func(u, v int) [4]int {
		if u > v {
			u, v = v, u
		}
		return mult[key{uint8(u), uint8(v)}]
	}
	identity := func() automorphism {
		var a automorphism
		for i := range 64 {
			a.vertex[i], a.edge[i] = uint8(i), uint8(i)
		}
		return a
	}
	out := []automorphism{identity()}
	img := make([]int, n)
	used := make([]bool, n)
	for i := range img {
		img[i] = -1
	}
	img[0], used[0] = 0, true
	steps := 0
	var search func(v int)
	search = func(v int) {
		// The search is bounded by work too: a picture with many
		// look-alike vertices but few symmetries is keyed with fewer.
		steps++
		if len(out) >= maxAutomorphisms || steps > 100_000 {
			return
		}
		if v == n {
			a := identity()
			isIdentity := true
			for u := range n {
				a.vertex[u] = uint8(img[u])
				isIdentity = isIdentity && img[u] == u
			}
			if isIdentity {
				return
			}
			// Map each edge to an unused edge with the mapped ends and
			// the same colour.
			taken := make([]bool, len(es))
			for i, e := range es {
				for j, f := range es {
					if taken[j] || f.Color != e.Color {
						continue
					}
					iu, iv := int(img[e.U]), int(img[e.V])
					if (int(f.U) == iu && int(f.V) == iv) || (int(f.U) == iv && int(f.V) == iu) {
						a.edge[i] = uint8(j)
						taken[j] = true
						break
					}
				}
			}
			out = append(out, a)
			return
		}
		for w := range n {
			if used[w] || profile[w] != profile[v] || between(w, w) != between(v, v) {
				continue
			}
			ok := true
			for u := range v {
				if between(img[u], w) != between(u, v) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			img[v], used[w] = w, true
			search(v + 1)
			img[v], used[w] = -1, false
		}
	}
	search(1)
	return out
}
