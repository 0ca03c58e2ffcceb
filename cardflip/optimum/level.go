package optimum

// The table-only search, level by level: the deals of a level play the
// table decided so far, branch on the entry most of them wait for, and
// the levels above are memoized on the multiset of rows the deals reach.

import (
	"slices"
	"sort"

	"github.com/grundy/grundy/cardflip"
)

// optDecision is one entry of the table: the look of row v (x = 0), or
// where number x goes in row v (mv: the index, plus optUp when face up).
type optDecision struct {
	v  uint64
	x  int8
	mv uint64
}

type optMemo struct {
	// cost is the least total of turns from the level on if exact, else
	// a lower bound for it.
	cost  int64
	exact bool
	// The best completion: the level's decisions and the deals' exits,
	// for the entries in the orientation mirrored says.
	mirrored bool
	dec      []optDecision
	exits    []optEntry
}

// solve returns the least total number of turns, summed over the deals,
// from level k to the end, if it is below ub; otherwise a lower bound
// for it that is at least ub.
func (o *optSearch) solve(k int, entries []optEntry, ub int64) int64 {
	entries = mergeOptEntries(entries)
	if k == o.m-1 { // one card face down: look at it, turn it up
		var c int64
		for _, e := range entries {
			c += e.n
		}
		return c
	}
	if o.memoryFrom > 0 && k >= o.memoryFrom {
		return o.memoryCost(entries)
	}
	key, mirrored := o.entriesKey(k, entries)
	if r := o.memo[key]; r != nil && (r.exact || r.cost >= ub) {
		return r.cost
	}
	root := o.root
	o.root = false
	l := &optLevel{o: o, k: k, root: root, look: map[uint64]int8{}, place: map[uint64]uint64{},
		best: &optMemo{cost: ub, mirrored: mirrored}, next: optInf}
	l.limit = o.fact // more turns in one level than full rows: the deal loops
	deals := make([]optDeal, len(entries))
	for i, e := range entries {
		deals[i] = optDeal{st: e.st, turn: e.turn, n: e.n}
		l.run(&deals[i])
	}
	l.dfs(deals)
	if o.stop {
		return optInf
	}
	r := l.best
	if r.cost < ub {
		r.exact = true
	} else {
		// No completion below ub: every branch was cut at a bound of at
		// least ub, the least of which bounds them all.
		r.cost = max(ub, l.next)
		if old := o.memo[key]; old != nil && old.cost > r.cost {
			r.cost = old.cost
		}
		r.dec, r.exits = nil, nil
	}
	o.memo[key] = r
	return r.cost
}

// optDeal is a deal's progress through a level.
type optDeal struct {
	st   uint32
	turn int32
	stat uint8
	pos  int8 // dPlace: the position looked at
	x    int8 // dPlace: the number seen there
	n    int64
	cost int64 // turns in this level
}

const (
	dRun   = iota
	dLook  // waits for the look of its row
	dPlace // looked at pos and saw x: waits for where x goes
	dExit  // turned up k+1: waits at level k+1
	dEnd   // turned up m
	dLoop  // plays forever
)

type optLevel struct {
	o     *optSearch
	k     int
	root  bool
	limit int64
	look  map[uint64]int8
	place map[uint64]uint64
	trail []optDecision
	best  *optMemo
	// next is the least bound of a branch cut at or above best.cost: when
	// no completion is found it is a lower bound for every completion, the
	// next budget of a deepening search (as in IDA*).
	next int64
}

// cut records the bound of a branch cut at or above l.best.cost.
func (l *optLevel) cut(b int64) { l.next = min(l.next, b) }

// run plays the deal until it needs an undecided entry of the table or
// leaves the level.
func (l *optLevel) run(d *optDeal) {
	o := l.o
	for d.stat == dRun {
		v := o.vkey(d.st, d.turn)
		pos, ok := l.look[v]
		if !ok {
			d.stat = dLook
			return
		}
		x := int8(d.st >> (4 * uint(pos)) & 7)
		mv, ok := l.place[placeKey(v, int(x))]
		if !ok {
			d.stat, d.pos, d.x = dPlace, pos, x
			return
		}
		up := mv&optUp != 0
		d.st = o.apply(d.st, int(pos), mv)
		d.cost++
		d.turn++
		switch {
		case up && int(x) == o.m:
			d.stat = dEnd
		case up:
			d.stat = dExit
		case d.cost > l.limit:
			d.stat = dLoop
		}
	}
}

// optGroup is a set of deals a player with memory could not tell apart
// either: waiting at one row, or having seen one number at one row, or
// waiting at one row of the next level.
type optGroupKey struct {
	kind uint8
	v    uint64
}

type optMember struct {
	g  optGroupKey
	st uint32
	n  int64
}

// bound returns a lower bound for the total turns of every completion of
// the level's table from these deals, and the undecided entry the most
// deals wait for (ok false when none waits: the level is complete).
func (l *optLevel) bound(deals []optDeal) (lb int64, wait optGroupKey, ok bool) {
	o := l.o
	var ms []optMember
	for i := range deals {
		d := &deals[i]
		lb += d.n * d.cost
		switch d.stat {
		case dLook:
			ms = append(ms, optMember{optGroupKey{dLook, o.vkey(d.st, d.turn)}, d.st, d.n})
		case dPlace:
			lb += d.n // the look it has made
			st := d.st
			if int(d.x) == l.k+1 {
				st |= 8 << (4 * uint(d.pos)) // a player with memory turns it up
			}
			ms = append(ms, optMember{optGroupKey{dPlace, placeKey(o.vkey(d.st, d.turn), int(d.x))}, st, d.n})
		case dExit:
			ms = append(ms, optMember{optGroupKey{d.stat, o.vkey(d.st, d.turn)}, d.st, d.n})
		case dLoop:
			return optInf, wait, false
		}
	}
	slices.SortFunc(ms, func(a, b optMember) int {
		if a.g != b.g {
			if a.g.kind != b.g.kind {
				return int(a.g.kind) - int(b.g.kind)
			}
			if a.g.v < b.g.v {
				return -1
			}
			return 1
		}
		return cmpU32(a.st, b.st)
	})
	var most int64
	g := make([]dtEntry, 0, len(ms))
	for i := 0; i < len(ms); {
		j := i
		g = g[:0]
		var w int64
		for ; j < len(ms) && ms[j].g == ms[i].g; j++ {
			if n := len(g); n > 0 && g[n-1].st == ms[j].st {
				g[n-1].n += ms[j].n
			} else {
				g = append(g, dtEntry{ms[j].st, ms[j].n})
			}
			w += ms[j].n
		}
		lb += o.dt(g)
		if ms[i].g.kind != dExit && w > most {
			most, wait, ok = w, ms[i].g, true
		}
		i = j
	}
	return lb, wait, ok
}

// dfs completes the level's table for the deals; it records in l.best any
// completion cheaper than l.best.cost.
func (l *optLevel) dfs(deals []optDeal) {
	o := l.o
	o.nodes++
	o.checkStop()
	if o.stop {
		return
	}
	lb, wait, ok := l.bound(deals)
	if lb >= l.best.cost {
		l.cut(lb)
		return
	}
	if !ok {
		l.complete(deals)
		return
	}
	type child struct {
		mv    uint64
		lb    int64
		deals []optDeal
	}
	var kids []child
	try := func(mv uint64) {
		cp := slices.Clone(deals)
		for i := range cp {
			d := &cp[i]
			if d.stat == wait.kind && l.waits(d, wait) {
				d.stat = dRun
				l.run(d)
			}
		}
		b, _, _ := l.bound(cp)
		if b < l.best.cost {
			kids = append(kids, child{mv, b, cp})
		} else {
			l.cut(b)
		}
	}
	m := o.m
	if wait.kind == dLook {
		v := wait.v
		for pos := range m {
			if uint32(v)>>(4*pos)&15 != 0 {
				continue // face up
			}
			if l.root && !o.noMirror && uint32(v) == 0 && 2*pos > m-1 {
				continue // the first look: the mirror image of a look at the left half
			}
			l.look[v] = int8(pos)
			try(uint64(pos))
		}
		delete(l.look, v)
		sort.SliceStable(kids, func(i, j int) bool { return kids[i].lb < kids[j].lb })
		for _, c := range kids {
			if c.lb >= l.best.cost {
				l.cut(c.lb)
				break
			}
			l.look[v] = int8(c.mv)
			l.trail = append(l.trail, optDecision{v: v, mv: c.mv})
			l.dfs(c.deals)
			l.trail = l.trail[:len(l.trail)-1]
		}
		delete(l.look, v)
		return
	}
	pk := wait.v
	v, x := pk>>4, int(pk&15)
	pos := int(l.look[v])
	switch {
	case o.rearrange && x == l.k+1 && l.k == m-2:
		// Turning it up leaves one card: it finishes every deal waiting
		// here in one more turn, which nothing else does.
		l.place[pk] = uint64(pos) | optUp
		try(uint64(pos) | optUp)
	case o.rearrange:
		for _, mv := range l.rearrangeMoves(deals, v, pos, x) {
			l.place[pk] = mv
			try(mv)
		}
	default:
		if x == l.k+1 {
			if l.k == m-2 { // turning it up leaves one card: where it goes is immaterial
				l.place[pk] = uint64(pos) | optUp
				try(uint64(pos) | optUp)
			} else {
				for to := range m {
					l.place[pk] = uint64(to) | optUp
					try(uint64(to) | optUp)
				}
			}
		}
		for to := range m {
			if to == pos {
				// Put back where it was: table-only, the same row comes
				// again and with it the same look, forever. (Under the
				// turn model the next turn may look elsewhere: the turn
				// search tries it.)
				continue
			}
			l.place[pk] = uint64(to)
			try(uint64(to))
		}
	}
	delete(l.place, pk)
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].lb < kids[j].lb })
	for _, c := range kids {
		if c.lb >= l.best.cost {
			l.cut(c.lb)
			break
		}
		l.place[pk] = c.mv
		l.trail = append(l.trail, optDecision{v: v, x: int8(x), mv: c.mv})
		l.dfs(c.deals)
		l.trail = l.trail[:len(l.trail)-1]
	}
	delete(l.place, pk)
}

// waits says whether the deal (with stat kind) waits for the entry g.
func (l *optLevel) waits(d *optDeal, g optGroupKey) bool {
	v := l.o.vkey(d.st, d.turn)
	if g.kind == dLook {
		return v == g.v
	}
	return placeKey(v, int(d.x)) == g.v
}

// complete prices a whole table of the level: its turns plus the best of
// the levels above from the deals' exits.
func (l *optLevel) complete(deals []optDeal) {
	o := l.o
	var cost int64
	var exits []optEntry
	for _, d := range deals {
		cost += d.n * d.cost
		if d.stat == dExit {
			exits = append(exits, optEntry{st: d.st, turn: d.turn, n: d.n})
		}
	}
	if cost >= l.best.cost {
		l.cut(cost)
		return
	}
	if len(exits) > 0 {
		rest := o.solve(l.k+1, slices.Clone(exits), l.best.cost-cost)
		if o.stop {
			return
		}
		cost += rest
	}
	if cost >= l.best.cost {
		l.cut(cost) // rest is a lower bound at least the budget it was given
	}
	if cost < l.best.cost {
		l.best.cost = cost
		l.best.dec = slices.Clone(l.trail)
		l.best.exits = mergeOptEntries(exits)
		if l.k == 0 {
			o.rootBest = cost
		}
	}
}

// collect copies the decisions of the optimal play into pol.
func (o *optSearch) collect(k int, entries []optEntry, pol *cardflip.TablePolicy) {
	entries = mergeOptEntries(entries)
	if k == o.m-1 {
		return
	}
	key, mirrored := o.entriesKey(k, entries)
	r := o.memo[key]
	if r == nil || !r.exact {
		return
	}
	flip := mirrored != r.mirrored
	for _, d := range r.dec {
		v, mv := d.v, d.mv
		if flip {
			v = uint64(optMirror(uint32(v), o.m)) | v>>32<<32
			if d.x == 0 {
				mv = uint64(o.m - 1 - int(mv))
			} else {
				mv = o.mirrorMove(mv)
			}
		}
		if d.x == 0 {
			pol.SetLook(v, int(mv))
		} else {
			pol.SetPlace(v, int(d.x), o.moveOf(mv))
		}
	}
	exits := slices.Clone(r.exits)
	if flip {
		for i := range exits {
			exits[i].st = optMirror(exits[i].st, o.m)
		}
	}
	o.collect(k+1, exits, pol)
}
