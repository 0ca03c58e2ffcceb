package optimum

// deals returns the full row of every deal of m cards, every card face
// down, in the lexicographic order of the permutations (cardflip's rank
// order): cell i of a row, in bits 4i..4i+3, holds the number at i.
func deals(m int) []uint32 {
	perm := make([]int, m)
	for i := range perm {
		perm[i] = i + 1
	}
	var out []uint32
	for {
		var w uint32
		for i, x := range perm {
			w |= uint32(x) << (4 * i)
		}
		out = append(out, w)
		if !nextPerm(perm) {
			return out
		}
	}
}

// nextPerm turns p into the next permutation in lexicographic order and
// reports whether there was one.
func nextPerm(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	for a, b := i+1, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return true
}

// placeKey is the key of a decision of where a card goes: the visible
// row's key (cardflip.TablePolicy's: the face-up numbers, 4 bits a cell,
// and the coming turn's number in bits 32.. under the turn-number model)
// and the number seen.
func placeKey(v uint64, x int) uint64 { return v<<4 | uint64(x) }

// b2u is 1 for true, else 0.
func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}
