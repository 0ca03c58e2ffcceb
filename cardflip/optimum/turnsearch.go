package optimum

import (
	"encoding/binary"
	"slices"

	"github.com/grundy/grundy/cardflip"
)

// The table+turn search (Search under TurnNumber).
//
// Under the turn-number model a table entry is keyed by the visible row
// and the turn, so deals meet only within one turn: the search plays the
// turns in order. Its state is the turn and, for every visible row, the
// set of deals waiting there (one entry of the table plays them all); a
// decision gives each set a look and a place for every number it may
// show, and the sets of the next turn are what the decisions send to each
// visible row.
//
// The bound is the group relaxation (groupRelax): a set of deals that
// waits at one row is played as if its deals never met other deals again.
// Its cost is superadditive (the deals of a union play each part), so the
// sum over the sets of a turn bounds every completion, and it grows as
// sets merge; the search adds each decision's sets to the next turn one
// by one and cuts as soon as the sum reaches the budget. Within a turn it
// decides next the set with the fewest decisions still within budget
// (forward checking), and when a turn's state fails it learns a core: a
// least subset of its sets that fails alone (deletion, one set at a time),
// which then refutes every later state that holds those sets with the
// relaxation additive on the rest. At m = 5 the relaxation of all deals
// is 958/120, the same as TurnBound, and the search finds a strategy of
// 958/120 at that budget (33 budgets from the memory bound 926/120, about
// two minutes on one core in all): the optimum.

// turnChoice is one decision for a set: the look, the place of each
// number, its value (the set's turn plus the relaxation of each set it
// sends to the next turn, on its own) and those sets.
type turnChoice struct {
	p     int
	mv    [8]cardflip.Move
	value int64
	kids  [][]uint32
}

// turnCore is a set of sets at one turn whose least total exceeds the sum
// of their relaxations (gbs) by at least e.
type turnCore struct {
	groups [][]uint32
	gbs    []int64
	e      int64
}

// turnSol is the decision of a solved state, one per set in the state's
// order, in the orientation mirrored says.
type turnSol struct {
	mirrored bool
	vis      []uint32
	picks    []turnChoice
}

type turnSearch struct {
	o        *optSearch
	gb       *groupRelax
	m        int
	maxTurns int
	memAfter bool // deals still playing at maxTurns: priced by dt, not cut
	memo     map[string]turnMemo
	sol      map[string]turnSol
	cores    map[int][]turnCore
	// extracting: a core's subsets are being solved (no cores of cores).
	extracting bool
}

func newTurnSearch(o *optSearch) *turnSearch {
	s := &turnSearch{o: o, m: o.m, maxTurns: o.maxTurns, memAfter: o.memAfterTurns,
		gb:   &groupRelax{o: o, m: o.m, maxTurns: o.maxTurns, memo: map[string]turnMemo{}},
		memo: map[string]turnMemo{}, sol: map[string]turnSol{}, cores: map[int][]turnCore{}}
	o.ts = s
	return s
}

// choices lists every decision for the set rows (at turn t, k < m−1 cards
// up) whose value is at most limit, cheapest first.
func (s *turnSearch) choices(t int, rows []uint32, limit int64) []turnChoice {
	k := faceUpCount(rows[0], s.m)
	var out []turnChoice
	s.gb.eachDecision(t, rows, k, limit+1, func(lb int64, sets [][]uint32, dts []int64, p int, mv *[8]cardflip.Move) {
		// Each set priced on its own, exactly.
		ch := turnChoice{p: p, mv: *mv, value: lb, kids: sets}
		for j, g := range sets {
			ch.value += s.gb.solve(t+1, g, limit+1-ch.value+dts[j]) - dts[j]
			if ch.value > limit {
				return
			}
		}
		out = append(out, ch)
	})
	slices.SortStableFunc(out, func(a, b turnChoice) int { return int(a.value - b.value) })
	return out
}

// key is the memo key of a state: the turn and its sets, the lesser of
// them and their mirror images; mirrored says the mirror's.
func (s *turnSearch) key(t int, groups [][]uint32) (string, bool) {
	enc := func(gs [][]uint32) string {
		buf := binary.AppendUvarint(nil, uint64(t))
		for _, g := range gs {
			buf = binary.AppendUvarint(buf, uint64(len(g)))
			for _, r := range g {
				buf = binary.LittleEndian.AppendUint32(buf, r)
			}
		}
		return string(buf)
	}
	a := enc(groups)
	if s.o.noMirror {
		return a, false
	}
	mir := make([][]uint32, len(groups))
	for i, g := range groups {
		h := make([]uint32, len(g))
		for j, r := range g {
			h[j] = optMirror(r, s.m)
		}
		slices.Sort(h)
		mir[i] = h
	}
	slices.SortFunc(mir, slices.Compare)
	if b := enc(mir); b < a {
		return b, true
	}
	return a, false
}

// solve returns the least total number of turns from turn t of the deals
// in groups (sets of sorted rows, one per visible row, sorted), if below
// ub; otherwise a lower bound at least ub.
func (s *turnSearch) solve(t int, groups [][]uint32, ub int64) int64 {
	o, m := s.o, s.m
	var fixed int64
	var live [][]uint32
	for _, g := range groups {
		if faceUpCount(g[0], m) >= m-1 {
			fixed += int64(len(g)) // one look ends the game
		} else {
			live = append(live, g)
		}
	}
	if t >= s.maxTurns && len(groups) > 0 {
		if !s.memAfter {
			return optInf // past the turn limit
		}
		for _, g := range live {
			fixed += s.gb.o.dtRows(g)
		}
		return fixed
	}
	if len(live) == 0 || fixed >= ub {
		return fixed
	}
	ub -= fixed
	o.nodes++
	o.checkStop()
	if o.stop {
		return optInf
	}
	lbs := make([]int64, len(live))
	var lb, n int64
	for i, g := range live {
		lbs[i] = s.gb.solve(t, g, ub-lb)
		lb += lbs[i]
		n += int64(len(g))
		if lb >= ub {
			return fixed + lb
		}
	}
	key, mirrored := s.key(t, live)
	if r, ok := s.memo[key]; ok && (r.exact || r.cost >= ub) {
		return fixed + r.cost
	}
	if c := s.coreBound(t, live, lbs, lb); c >= ub {
		return fixed + c
	}
	r := &turnRound{s: s, t: t, live: live, lbs: lbs, lb: lb, n: n, best: ub,
		chs: make([][]turnChoice, len(live)), pick: make([]int, len(live)), picked: make([]bool, len(live)),
		next: map[uint32][]uint32{}, G: map[uint32]int64{}}
	for i, g := range live {
		r.chs[i] = s.choices(t, g, lbs[i]+(r.best-1-lb))
		if len(r.chs[i]) == 0 {
			break // no decision fits: the loop below finds it at once
		}
	}
	r.rec(0, lb)
	if o.stop {
		return optInf
	}
	if r.best < ub {
		sol := turnSol{mirrored: mirrored}
		for i, g := range live {
			sol.vis = append(sol.vis, optVisible(g[0]))
			sol.picks = append(sol.picks, r.chs[i][r.bestPick[i]])
		}
		s.sol[key] = sol
	} else if !s.extracting && len(live) > 1 {
		s.learn(t, live, lbs, ub-lb)
	}
	return fixed + remember(s.memo, key, r.best, ub).cost
}

// turnRound is the decision of one turn's state: a choice for each of its
// sets (live, with their relaxations lbs, lb their sum, and n deals),
// made one set at a time, the sets of the next turn built as they come.
type turnRound struct {
	s    *turnSearch
	t    int
	live [][]uint32
	lbs  []int64
	lb   int64
	n    int64
	// best is the least total found (or the budget); bestPick its choices.
	best     int64
	chs      [][]turnChoice // each set's decisions within budget, cheapest first
	pick     []int
	bestPick []int
	picked   []bool
	// next and G: the next turn's sets by visible row, and their
	// relaxations.
	next map[uint32][]uint32
	G    map[uint32]int64
}

// turnUndo restores one set of the next turn.
type turnUndo struct {
	v   uint32
	old []uint32
	g   int64
	had bool
}

// add sends choice ch of set i to the next turn, from the total cur (sum
// of the relaxations of the next turn's sets and of the sets not decided
// yet); it returns the new total, or best once it reaches it, and the
// undo list when apply is set.
func (r *turnRound) add(i int, ch turnChoice, cur int64, apply bool) (int64, []turnUndo) {
	c := cur - (r.lbs[i] - int64(len(r.live[i])))
	var us []turnUndo
	for _, g := range ch.kids {
		v := optVisible(g[0])
		old, had := r.next[v]
		og := r.G[v]
		nw := g
		if had {
			nw = make([]uint32, 0, len(old)+len(g))
			nw = append(append(nw, old...), g...)
			slices.Sort(nw)
		}
		ng := r.s.gb.solve(r.t+1, nw, r.best-(c-og))
		c += ng - og
		if apply {
			us = append(us, turnUndo{v, old, og, had})
			r.next[v], r.G[v] = nw, ng
		}
		if c >= r.best {
			return r.best, us
		}
	}
	return c, us
}

// undo takes back what add applied.
func (r *turnRound) undo(us []turnUndo) {
	for q := len(us) - 1; q >= 0; q-- {
		u := us[q]
		if u.had {
			r.next[u.v], r.G[u.v] = u.old, u.g
		} else {
			delete(r.next, u.v)
			delete(r.G, u.v)
		}
	}
}

// rec decides the remaining sets (j decided so far, the total cur), and
// with every set decided solves the next turn.
func (r *turnRound) rec(j int, cur int64) {
	if cur >= r.best || r.s.o.poll() {
		return
	}
	if j == len(r.live) {
		ng := make([][]uint32, 0, len(r.next))
		for _, g := range r.next {
			ng = append(ng, g)
		}
		slices.SortFunc(ng, slices.Compare)
		if v := r.n + r.s.solve(r.t+1, ng, r.best-r.n); v < r.best {
			r.best = v
			r.bestPick = slices.Clone(r.pick)
		}
		return
	}
	bi, bv := r.fewest(cur)
	if bi < 0 {
		return
	}
	r.picked[bi] = true
	for _, ci := range bv {
		r.pick[bi] = ci
		c, us := r.add(bi, r.chs[bi][ci], cur, true)
		if c < r.best {
			r.rec(j+1, c)
		}
		r.undo(us)
	}
	r.picked[bi] = false
}

// fewest is the set not yet decided with the fewest decisions still
// within budget (forward checking), and those decisions; −1 when a set
// has none.
func (r *turnRound) fewest(cur int64) (int, []int) {
	bi, bn := -1, 1<<30
	var bv []int
	for i := range r.live {
		if r.picked[i] {
			continue
		}
		var vs []int
		for ci, ch := range r.chs[i] {
			if r.lb+ch.value-r.lbs[i] >= r.best {
				break
			}
			if c, _ := r.add(i, ch, cur, false); c < r.best {
				vs = append(vs, ci)
			}
		}
		if len(vs) < bn {
			bi, bn, bv = i, len(vs), vs
		}
		if bn == 0 {
			return -1, nil
		}
	}
	return bi, bv
}

// coreBound is a lower bound for the state from the cores it holds: a
// core's sets, each within the state's set at its row, cost at least their
// relaxations plus e, and the rest of each such set at least its own
// relaxation (superadditivity).
func (s *turnSearch) coreBound(t int, live [][]uint32, lbs []int64, lb int64) int64 {
	best := lb
	for _, cr := range s.cores[t] {
		c := lb + cr.e
		ok := true
		for j, g := range cr.groups {
			v := optVisible(g[0])
			i := slices.IndexFunc(live, func(h []uint32) bool { return optVisible(h[0]) == v })
			if i < 0 {
				ok = false
				break
			}
			var diff []uint32
			a := 0
			for _, r := range live[i] {
				if a < len(g) && g[a] == r {
					a++
				} else {
					diff = append(diff, r)
				}
			}
			if a < len(g) {
				ok = false
				break
			}
			if len(diff) > 0 {
				c += cr.gbs[j] + s.gb.solve(t, diff, optInf) - lbs[i]
			}
		}
		if ok && c > best {
			best = c
		}
	}
	return best
}

// learn finds a core of a state that failed with slack e−1 (no completion
// within its relaxation plus e−1): dropping its sets one at a time, each
// that the rest fail without.
func (s *turnSearch) learn(t int, live [][]uint32, lbs []int64, e int64) {
	s.extracting = true
	defer func() { s.extracting = false }()
	in := make([]bool, len(live))
	for i := range in {
		in[i] = true
	}
	for i := range live {
		in[i] = false
		var sub [][]uint32
		var sl int64
		for j := range live {
			if in[j] {
				sub = append(sub, live[j])
				sl += lbs[j]
			}
		}
		if len(sub) == 0 || s.solve(t, sub, sl+e) < sl+e || s.o.stop {
			in[i] = true
		}
	}
	cr, mir := turnCore{e: e}, turnCore{e: e}
	for j, g := range live {
		if !in[j] {
			continue
		}
		cr.groups, cr.gbs = append(cr.groups, g), append(cr.gbs, lbs[j])
		h := make([]uint32, len(g))
		for i, r := range g {
			h[i] = optMirror(r, s.m)
		}
		slices.Sort(h)
		mir.groups, mir.gbs = append(mir.groups, h), append(mir.gbs, lbs[j])
	}
	s.cores[t] = append(s.cores[t], cr, mir)
}

// collect replays the solved states from the deals at turn 0 and writes
// their decisions into pol.
func (s *turnSearch) collect(deals []uint32, pol *cardflip.TablePolicy) bool {
	m := s.m
	state := [][]uint32{sortedCopy(deals)}
	for t := 0; ; t++ {
		var live [][]uint32
		for _, g := range state {
			if faceUpCount(g[0], m) < m-1 {
				live = append(live, g)
			}
		}
		if len(live) == 0 {
			return true
		}
		key, mirrored := s.key(t, live)
		sol, ok := s.sol[key]
		if !ok {
			return false
		}
		flip := mirrored != sol.mirrored
		next := map[uint32][]uint32{}
		for _, g := range live {
			v := optVisible(g[0])
			if flip {
				v = optMirror(v, m)
			}
			i := slices.Index(sol.vis, v)
			if i < 0 {
				return false
			}
			ch := sol.picks[i]
			vk := s.o.vkey(g[0], int32(t))
			p := ch.p
			if flip {
				p = m - 1 - p
			}
			pol.SetLook(vk, p)
			for _, r := range g {
				x := int(r >> (4 * uint(p)) & 7)
				mv := ch.mv[x]
				if flip {
					mv.To = m - 1 - mv.To
				}
				pol.SetPlace(vk, x, mv)
				st := optMove(r, p, mv.To, mv.Up)
				next[optVisible(st)] = append(next[optVisible(st)], st)
			}
		}
		state = state[:0]
		for _, g := range next {
			slices.Sort(g)
			state = append(state, g)
		}
		slices.SortFunc(state, slices.Compare)
	}
}
