package optimum

// The bound of every search: the decision tree of one player with full
// memory (dt) over a set of deals it cannot tell apart.

import (
	"encoding/binary"
	"slices"
	"sort"
)

// memoryCost is what one player with full memory needs from the entries
// on, knowing the visible row of each (and the turn under TurnNumber):
// the sum of dt over the groups of one row.
func (o *optSearch) memoryCost(entries []optEntry) int64 {
	sort.Slice(entries, func(i, j int) bool {
		vi, vj := o.vkey(entries[i].st, entries[i].turn), o.vkey(entries[j].st, entries[j].turn)
		if vi != vj {
			return vi < vj
		}
		return entries[i].st < entries[j].st
	})
	var total int64
	var g []dtEntry
	for i := 0; i < len(entries); {
		v := o.vkey(entries[i].st, entries[i].turn)
		g = g[:0]
		j := i
		for ; j < len(entries) && o.vkey(entries[j].st, entries[j].turn) == v; j++ {
			if n := len(g); n > 0 && g[n-1].st == entries[j].st {
				g[n-1].n += entries[j].n
			} else {
				g = append(g, dtEntry{entries[j].st, entries[j].n})
			}
		}
		total += o.dt(slices.Clone(g))
		i = j
	}
	return total
}

// dtEntry is n deals in the full row st.
type dtEntry struct {
	st uint32
	n  int64
}

// dt is the least total number of turns one player with full memory
// needs to finish the deals of g (sorted by row, all with the same cards
// face up), knowing only that the game is one of them: the bound of the
// search. Such a player never moves a card (it remembers where each is),
// turns up the next card as soon as it knows where it is, and otherwise
// looks at a face-down card, which splits g by the number seen there.
func (o *optSearch) dt(g []dtEntry) int64 {
	m := o.m
	k := 0
	var down []int
	for i := range m {
		if g[0].st>>(4*uint(i))&8 != 0 {
			k++
		} else {
			down = append(down, i)
		}
	}
	var w int64
	for _, e := range g {
		w += e.n
	}
	if len(g) == 1 || k >= m-1 || o.plainBound {
		return w * int64(m-k)
	}
	b := o.buf[:0]
	for _, e := range g {
		b = binary.LittleEndian.AppendUint32(b, e.st)
		b = binary.AppendUvarint(b, uint64(e.n))
	}
	o.buf = b
	if c, ok := o.dtMemo[string(b)]; ok {
		return c
	}
	key := string(b)
	best := int64(optInf)
	// The next card's place known: turn it up first.
	for _, p := range down {
		all := true
		for _, e := range g {
			if int(e.st>>(4*uint(p))&7) != k+1 {
				all = false
				break
			}
		}
		if all {
			sub := make([]dtEntry, len(g))
			for i, e := range g {
				sub[i] = dtEntry{e.st | 8<<(4*uint(p)), e.n}
			}
			best = w + o.dt(sub)
			o.dtMemo[key] = best
			return best
		}
	}
	var parts [8][]dtEntry
	for _, p := range down {
		for x := range parts {
			parts[x] = parts[x][:0]
		}
		classes := 0
		for _, e := range g {
			x := int(e.st >> (4 * uint(p)) & 7)
			if len(parts[x]) == 0 {
				classes++
			}
			st := e.st
			if x == k+1 {
				st |= 8 << (4 * uint(p))
			}
			parts[x] = append(parts[x], dtEntry{st, e.n})
		}
		if classes == 1 {
			continue // a card it knows, not the next: a wasted look
		}
		c := w
		for x := range parts {
			if len(parts[x]) > 0 && c < best {
				c += o.dt(slices.Clone(parts[x]))
			}
		}
		best = min(best, c)
	}
	if len(o.dtMemo) > 1<<22 {
		clear(o.dtMemo)
	}
	o.dtMemo[key] = best
	return best
}

// dtRows is the memory player's total (dt) over the deals, full rows all
// with the same cards face up, in any order (sorted here if they are not).
func (o *optSearch) dtRows(rows []uint32) int64 {
	if len(rows) == 0 {
		return 0
	}
	if !slices.IsSorted(rows) {
		rows = sortedCopy(rows)
	}
	g := make([]dtEntry, 0, len(rows))
	for _, r := range rows {
		if n := len(g); n > 0 && g[n-1].st == r {
			g[n-1].n++
		} else {
			g = append(g, dtEntry{r, 1})
		}
	}
	return o.dt(g)
}
