package grid

// The byte-per-cell paths of Konane's Split and Key, for boards of more
// than 64 cells: the same groups and reaches as the bitboard ones, cell
// lists instead of bitboards.

// konaneReachBytes returns the reach of the given stones of g (cell
// indexes), as a set of cells: reachBits cell by cell.
func konaneReachBytes(g Grid, stones []int) []bool {
	rows, cols, n := int(g.rows), int(g.cols), g.n()
	// st[i]: per colour (black bits 0-4, white 5-9) whether it stands on i
	// from the start (bit 0) and the directions of orthoDirs it may land
	// there moving along (bits 1-4)
	st := make([]uint16, n)
	for _, i := range stones {
		st[i] |= 1 << (5 * (g.at(i) - 1))
	}
	get := func(i, c int) uint16 { return st[i] >> (5 * c) & 31 }
	at := func(s uint16) bool { return s != 0 }
	origOnly := func(s uint16) bool { return s == 1 }
	// onlyVia reports that s is a colour's landing along d alone
	onlyVia := func(s uint16, d int) bool { return s == 1<<(1+d) }
	for changed := true; changed; {
		changed = false
		for i := range n {
			for c := range 2 {
				x := get(i, c)
				if !at(x) {
					continue
				}
				for e, d := range orthoDirs {
					over := step(i, d, rows, cols)
					if over < 0 {
						continue
					}
					land := step(over, d, rows, cols)
					if land < 0 {
						continue
					}
					y := get(over, 1-c)
					if !at(y) || onlyVia(x, 3-e) && origOnly(y) || origOnly(x) && onlyVia(y, e) {
						continue
					}
					if bit := uint16(1) << (5*c + 1 + e); st[land]&bit == 0 {
						st[land] |= bit
						changed = true
					}
				}
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

func konaneNormalBytes(g Grid) Grid {
	stones, reach := konaneGroupsBytes(g)
	var keep []int
	box := make([]bool, g.n())
	for i, s := range stones {
		if bothColours(g, s) {
			keep = append(keep, s...)
			for j, in := range reach[i] {
				box[j] = box[j] || in
			}
		}
	}
	return g.konaneCropBytes(box, keep)
}
