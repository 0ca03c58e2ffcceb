package grid

// The byte-per-cell paths of Konane's Split and Key, for boards of more
// than 64 cells: the same groups and reaches as the bitboard ones, cell
// lists instead of bitboards.

// konaneReachBytes returns the reach of the given stones of g (cell
// indexes), as a set of cells: reachBits cell by cell, with a work list
// (a new fact about a cell can only allow the jumps from it and over it),
// so that the cost follows the reach, not the board.
func konaneReachBytes(g Grid, stones []int) []bool {
	rows, cols, n := int(g.rows), int(g.cols), g.n()
	// st[i]: per colour (black bits 0-4, white 5-9) whether it stands on i
	// from the start (bit 0) and the directions of orthoDirs it may land
	// there moving along (bits 1-4)
	st := make([]uint16, n)
	work := make([]int, 0, 2*len(stones))
	for _, i := range stones {
		st[i] |= 1 << (5 * (g.at(i) - 1))
		work = append(work, i)
	}
	get := func(i, c int) uint16 { return st[i] >> (5 * c) & 31 }
	// try lets a stone of colour c on (r, k) jump along orthoDirs[e],
	// when the rule allows it, and queues the landing cell if that is new
	try := func(r, k, c, e int) {
		d := orthoDirs[e]
		if lr, lk := r+2*d[0], k+2*d[1]; r < 0 || r >= rows || k < 0 || k >= cols || lr < 0 || lr >= rows || lk < 0 || lk >= cols {
			return
		}
		a := r*cols + k
		x := get(a, c)
		if x == 0 {
			return
		}
		delta := d[0]*cols + d[1]
		over, land := a+delta, a+2*delta
		// the exclusion: one stood there from the start only (state 1),
		// the other landed only by a jump over the first's cell
		y := get(over, 1-c)
		if y == 0 || x == 1<<(1+(3-e)) && y == 1 || x == 1 && y == 1<<(1+e) {
			return
		}
		if bit := uint16(1) << (5*c + 1 + e); st[land]&bit == 0 {
			st[land] |= bit
			work = append(work, land)
		}
	}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		r, k := p/cols, p%cols
		for c := range 2 {
			for e, d := range orthoDirs {
				try(r, k, c, e)           // from p
				try(r-d[0], k-d[1], c, e) // over p (off the board: the bounds fail)
			}
		}
	}
	out := make([]bool, n)
	for i, s := range st {
		out[i] = s != 0
	}
	return out
}

// konaneGroupsBytes is konaneGroupsBits for a large g: the groups' stones
// (cell lists) and reaches (cell sets), the pieces of the reach of all
// the stones.
func konaneGroupsBytes(g Grid) (stones [][]int, reach [][]bool) {
	rows, cols, n := int(g.rows), int(g.cols), g.n()
	var all []int
	for i := range n {
		if c := g.at(i); c == Black || c == White {
			all = append(all, i)
		}
	}
	rest := konaneReachBytes(g, all)
	for start := range n {
		if !rest[start] {
			continue
		}
		piece := make([]bool, n)
		piece[start], rest[start] = true, false
		var st []int
		for queue := []int{start}; len(queue) > 0; queue = queue[1:] {
			i := queue[0]
			if c := g.at(i); c == Black || c == White {
				st = append(st, i)
			}
			for _, d := range orthoDirs {
				if j := step(i, d, rows, cols); j >= 0 && rest[j] {
					piece[j], rest[j] = true, false
					queue = append(queue, j)
				}
			}
		}
		stones = append(stones, st)
		reach = append(reach, piece)
	}
	return stones, reach
}

func bothColours(g Grid, stones []int) bool {
	var seen [4]bool
	for _, i := range stones {
		seen[g.at(i)] = true
	}
	return seen[Black] && seen[White]
}

// konaneCropBytes returns the smallest board holding the cells of reach,
// the stones of keep on it and every other cell empty.
func (g Grid) konaneCropBytes(reach []bool, keep []int) Grid {
	h := NewGrid(int(g.rows), int(g.cols), Vacant)
	b := h.bytes()
	for _, i := range keep {
		b[i] = g.at(i)
	}
	h = newGrid(int(g.rows), int(g.cols), b)
	var cells []int
	for i, in := range reach {
		if in {
			cells = append(cells, i)
		}
	}
	if len(cells) == 0 {
		return Grid{}
	}
	return h.crop(cells, Vacant)
}

func konaneSplitBytes(g Grid) []Grid {
	mixed := 0
	for _, r := range g.regions(func(c byte) bool { return c == Black || c == White }) {
		if bothColours(g, r) {
			mixed++
		}
	}
	if mixed <= 1 {
		return nil // as konaneMixedGroups
	}
	stones, reach := konaneGroupsBytes(g)
	var out []Grid
	for i, s := range stones {
		if bothColours(g, s) {
			out = append(out, g.konaneCropBytes(reach[i], s))
		}
	}
	if len(out) <= 1 {
		return nil
	}
	return out
}
