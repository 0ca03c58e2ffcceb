package hackenbush

import "math/bits"

// The number search's graph routines, on edge and vertex bit sets.

func (s *numSearch) other(i int, u int) int {
	if int(s.ends[i][0]) == u {
		return int(s.ends[i][1])
	}
	return int(s.ends[i][0])
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
func (s *numSearch) reach(r int, m uint64) uint64 {
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
func (s *numSearch) part(r int, m uint64, i int) uint64 {
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

// rootBlock returns the edges of the block of p (a part at r: p minus r
// connected) that contains r, and the block's cut vertices (from which
// other blocks hang): Tarjan's biconnected components, by an iterative
// depth-first search from r with an edge stack.
func (s *numSearch) rootBlock(r int, p uint64) (block, cuts uint64) {
	var disc, low [64]int8
	var parentEdge [64]int8
	var stack [64]int8 // edges
	var path [65]int   // the vertices of the search's current path
	var next [64]uint64
	sp, depth := 0, 0
	t := int8(1)
	disc[r], low[r] = t, t
	parentEdge[r] = -1
	next[r] = s.inc[r] & p
	path[0] = r
	for depth >= 0 {
		u := path[depth]
		if next[u] != 0 {
			i := bits.TrailingZeros64(next[u])
			next[u] &^= 1 << i
			if int8(i) == parentEdge[u] {
				continue
			}
			w := s.other(i, u)
			switch {
			case disc[w] == 0:
				stack[sp] = int8(i)
				sp++
				t++
				disc[w], low[w] = t, t
				parentEdge[w] = int8(i)
				next[w] = s.inc[w] & p
				depth++
				path[depth] = w
			case disc[w] < disc[u]:
				stack[sp] = int8(i)
				sp++
				low[u] = min(low[u], disc[w])
			}
			continue
		}
		// u is done: back to its parent.
		depth--
		if depth < 0 {
			break
		}
		parent := path[depth]
		low[parent] = min(low[parent], low[u])
		if low[u] >= disc[parent] {
			// The edges down to u's tree edge form a block at parent.
			var blk uint64
			for {
				sp--
				j := int(stack[sp])
				blk |= 1 << j
				if j == int(parentEdge[u]) {
					break
				}
			}
			if parent == r {
				block = blk
			} else {
				cuts |= 1 << parent
			}
		}
	}
	return block, cuts & s.vertices(block)
}

// hanging returns the edges of m that hang at v: reachable from v without
// passing through another vertex of the block (vb).
func (s *numSearch) hanging(v int, m uint64, vb uint64) uint64 {
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
