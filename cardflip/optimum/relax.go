package optimum

// The group relaxation of the table+turn search: a set of deals waiting
// at one row, priced as if it never met other deals again.

import (
	"encoding/binary"
	"slices"

	"github.com/grundy/grundy/cardflip"
)

// groupRelax is the group relaxation: the least total number of turns
// from turn t for a set of deals waiting at one visible row when every
// set it splits into (by the number seen and where it goes) plays a table
// of its own from then on. The memory player's decision tree (dtRows) prices
// the deals still playing at maxTurns.
type groupRelax struct {
	o        *optSearch
	m        int
	maxTurns int
	memo     map[string]turnMemo
}

// key is the memo key of a sorted set at turn t: the lesser of it and its
// mirror image.
func (b *groupRelax) key(t int, rows []uint32) string {
	mir := make([]uint32, len(rows))
	for i, r := range rows {
		mir[i] = optMirror(r, b.m)
	}
	slices.Sort(mir)
	a := rows
	if slices.Compare(mir, rows) < 0 && !b.o.noMirror {
		a = mir
	}
	buf := binary.AppendUvarint(make([]byte, 0, 2+4*len(a)), uint64(t))
	for _, r := range a {
		buf = binary.LittleEndian.AppendUint32(buf, r)
	}
	return string(buf)
}

// solve returns the relaxation's total for the sorted set rows at turn t
// if it is below ub, else a lower bound for it that is at least ub.
func (b *groupRelax) solve(t int, rows []uint32, ub int64) int64 {
	if len(rows) == 0 {
		return 0
	}
	m, o := b.m, b.o
	n := int64(len(rows))
	k := faceUpCount(rows[0], m)
	if k >= m-1 {
		return n // one card face down: a look ends the game
	}
	d := b.o.dtRows(rows)
	if t >= b.maxTurns || d >= ub {
		return d
	}
	key := b.key(t, rows)
	if r, ok := b.memo[key]; ok && (r.exact || r.cost >= ub) {
		return r.cost
	}
	o.nodes++
	o.checkStop()
	if o.stop {
		return optInf
	}
	best := ub
	var leaves []relaxLeaf
	b.eachDecision(t, rows, k, best, func(lb int64, sets [][]uint32, dts []int64, _ int, _ *[8]cardflip.Move) {
		leaves = append(leaves, relaxLeaf{lb, sets, dts})
	})
	// The decisions in the order of their bounds, as TurnBound: a good
	// strategy found first cuts the rest.
	slices.SortStableFunc(leaves, func(a, b relaxLeaf) int { return int(a.lb - b.lb) })
	for _, l := range leaves {
		if l.lb >= best || o.poll() {
			break
		}
		c, lbs := n, l.lb-n
		for j, g := range l.sets {
			lbs -= l.dts[j]
			c += b.solve(t+1, g, best-c-lbs)
			if c+lbs >= best {
				break
			}
		}
		if c+lbs < best {
			best = c
		}
	}
	if o.stop {
		return optInf
	}
	return remember(b.memo, key, best, ub).cost
}

// eachDecision calls leaf for every decision of the set rows (at turn t,
// k cards up) whose bound is below cut: a look p and a place for each
// number (mv, by number), with the sets it sends to the next turn (sorted,
// by visible row), their memory bounds (dt) and the bound, the set's n
// turns plus their sum. The sets and moves are the callee's to keep only
// as copies of mv.
func (b *groupRelax) eachDecision(t int, rows []uint32, k int, cut int64, leaf func(lb int64, sets [][]uint32, dts []int64, p int, mv *[8]cardflip.Move)) {
	m, o := b.m, b.o
	n := int64(len(rows))
	for p := range m {
		if rows[0]>>(4*uint(p))&8 != 0 || t == 0 && int64(len(rows)) == o.fact && 2*p > m-1 && !o.noMirror {
			continue // face up, or the mirror image of a first look at the left half
		}
		ds := splitDecisions(rows, p, k, m)
		// rest[i]: the least the numbers ds[i:] cost on their own.
		rest := make([]int64, len(ds)+1)
		for i := len(ds) - 1; i >= 0; i-- {
			c := int64(optInf)
			for _, e := range ds[i].opts {
				c = min(c, b.o.dtRows(e.rows))
			}
			rest[i] = rest[i+1] + c
		}
		groups := map[uint32][]uint32{}
		gdt := map[uint32]int64{}
		var sumdt int64
		var mv [8]cardflip.Move
		var place func(i int)
		place = func(i int) {
			if n+sumdt+rest[i] >= cut || o.poll() {
				return
			}
			if i == len(ds) {
				vs := make([]uint32, 0, len(groups))
				for v := range groups {
					vs = append(vs, v)
				}
				slices.Sort(vs)
				sets, dts := make([][]uint32, len(vs)), make([]int64, len(vs))
				for j, v := range vs {
					sets[j], dts[j] = sortedCopy(groups[v]), gdt[v]
				}
				leaf(n+sumdt, sets, dts, p, &mv)
				return
			}
			for _, e := range ds[i].opts {
				mv[ds[i].x] = e.mv
				old, oldDt := groups[e.vis], gdt[e.vis]
				nw := append(slices.Clone(old), e.rows...)
				dd := b.o.dtRows(sortedCopy(nw))
				groups[e.vis], gdt[e.vis] = nw, dd
				sumdt += dd - oldDt
				place(i + 1)
				sumdt -= dd - oldDt
				if old == nil {
					delete(groups, e.vis)
					delete(gdt, e.vis)
				} else {
					groups[e.vis], gdt[e.vis] = old, oldDt
				}
			}
		}
		place(0)
	}
}

// relaxLeaf is one decision of groupRelax.solve: the sets it sends to the
// next turn with their memory bounds (dt), and n plus their sum.
type relaxLeaf struct {
	lb   int64
	sets [][]uint32
	dts  []int64
}

func faceUpCount(r uint32, m int) int {
	k := 0
	for i := range m {
		if r>>(4*uint(i))&8 != 0 {
			k++
		}
	}
	return k
}

func sortedCopy(rows []uint32) []uint32 {
	s := slices.Clone(rows)
	slices.Sort(s)
	return s
}

// numberDecision is the choice of a place for one number seen at a look:
// its options, each the deals' rows after it (sorted) and their visible
// row.
type numberDecision struct {
	x    int
	opts []placeOption
}

type placeOption struct {
	mv   cardflip.Move
	rows []uint32
	vis  uint32
}

// splitDecisions splits the deals (k cards up) by the number at p and
// lists every place for each: face up anywhere if it is the next number,
// face down anywhere, back where it was included.
func splitDecisions(rows []uint32, p, k, m int) []numberDecision {
	var by [8][]uint32
	for _, r := range rows {
		x := r >> (4 * uint(p)) & 7
		by[x] = append(by[x], r)
	}
	var ds []numberDecision
	for x := 1; x <= m; x++ {
		if len(by[x]) == 0 {
			continue
		}
		d := numberDecision{x: x}
		add := func(to int, up bool) {
			st := make([]uint32, len(by[x]))
			for i, r := range by[x] {
				st[i] = optMove(r, p, to, up)
			}
			slices.Sort(st)
			d.opts = append(d.opts, placeOption{cardflip.Move{Up: up, To: to}, st, optVisible(st[0])})
		}
		if x == k+1 {
			for u := range m {
				add(u, true)
			}
		}
		for to := range m {
			add(to, false)
		}
		ds = append(ds, d)
	}
	return ds
}
