package optimum

// The moves of the Rearrange variant: a place and a permutation of the
// face-down cells, one move per distinct outcome.

// optRuns marks the start of every run of face-down cells of the visible
// row w (m cells): bit j set when cell j is face down and cell j−1 is not.
func optRuns(w uint32, m int) uint32 {
	var starts uint32
	for j := range m {
		if w>>(4*j)&15 == 0 && (j == 0 || w>>(4*(j-1))&15 != 0) {
			starts |= 1 << j
		}
	}
	return starts
}

// rearrangeMoves lists the moves of number x, seen at pos of the visible
// row v (a key of the level's table), under the Rearrange variant: every
// place for the card (face up when x is next) followed by every
// permutation of the face-down cells, one move per distinct outcome (the
// map from the cells before the turn to the cells after it), without the
// move that leaves the row as it was (the same look would come again).
//
// A row no deal has reached yet (fresh: no deal waits there and its look
// is not decided; for a row of the next level, no deal has left for it) has
// a symmetry: its face-down cells within one run (cells between two face-up
// cards) can be relabeled, since the search has fixed nothing about them
// (a look at either cell of a run, or a card taken from it, leaves the same
// visible row; the Rearrange moves into and out of the row absorb the
// relabeling). So for a fresh row only the permutations that keep the
// order of the cells sent into each run are tried: which cards go into
// which run, not in what order.
func (l *optLevel) rearrangeMoves(deals []optDeal, v uint64, pos, x int) []uint64 {
	o, m := l.o, l.o.m
	vis := uint32(v)
	// ids: each cell's own index, to see a move's outcome as a map.
	var ids uint32
	for i := range m {
		ids |= uint32(i) << (4 * i)
	}
	seen := map[uint64]bool{}
	seenRow := map[uint64]bool{}
	var out []uint64
	ups := []bool{false}
	if x == l.k+1 {
		ups = append(ups, true)
	}
	perm := make([]int, m)
	for _, up := range ups {
		for to := range m {
			w := optMove(vis, pos, to, false)
			if up {
				w |= uint32(x) << (4 * to)
			}
			// Two places that leave the same visible row differ by a
			// permutation of the face-down cells, which the Order covers.
			if rk := uint64(w) | uint64(b2u(up))<<32; seenRow[rk] {
				continue
			} else {
				seenRow[rk] = true
			}
			mid := optMove(ids, pos, to, false)
			var down []int
			for j := range m {
				if w>>(4*j)&15 == 0 {
					down = append(down, j)
				}
			}
			// Is the row after the move fresh?
			wk := uint64(w) | v>>32<<32
			fresh := !o.noFresh
			if _, ok := l.look[wk]; ok && !up {
				fresh = false
			}
			for i := range deals {
				d := &deals[i]
				if (up && d.stat == dExit || !up && d.stat == dLook) && o.vkey(d.st, d.turn) == wk {
					fresh = false
					break
				}
			}
			runs := optRuns(w, m)
			r := len(down)
			for i := range r {
				perm[i] = i
			}
			for {
				ok := true
				if fresh {
					// Within a run the sources keep their order.
					for i := 1; i < r; i++ {
						if runs>>down[i]&1 == 0 && perm[i] < perm[i-1] {
							ok = false
							break
						}
					}
				}
				if ok {
					var order uint64
					var after uint32
					for j := range m {
						src := j
						for i, c := range down {
							if c == j {
								src = down[perm[i]]
							}
						}
						order |= uint64(src) << (4 * j)
						after |= (mid >> (4 * src) & 15) << (4 * j)
					}
					mv := uint64(to)
					if up {
						mv |= optUp
					}
					if order != uint64(ids) {
						mv |= optOrder | order<<optOrderShift
					}
					key := uint64(after) | uint64(b2u(up))<<32
					if !seen[key] && (up || after != ids) {
						seen[key] = true
						out = append(out, mv)
					}
				}
				if !nextPerm(perm[:r]) {
					break
				}
			}
		}
	}
	return out
}
