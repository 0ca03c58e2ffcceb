// Package impartialtest holds brute-force oracles and a conformance check for
// impartial games.
//
// The oracles search the real game graph of a sum, move by move, without the
// Sprague–Grundy theorem: they are slow and obviously correct, which makes
// them the reference every faster method (the engine, closed forms, judge
// drivers) is tested against. They recurse, so keep games small.
package impartialtest

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/grundy/grundy/impartial"
)

// Oracle answers questions about sums of positions of one game by exhaustive
// search of the sum's game graph. The zero value is not usable; see NewOracle.
type Oracle[P comparable] struct {
	g    impartial.Game[P]
	ids  map[P]int
	wins [2]map[sumKey]bool
	vals map[P]impartial.Nimber
	rems map[sumKey]int
	opts map[P][]P
}

// NewOracle returns an oracle for g. Only g's Moves method is used.
func NewOracle[P comparable](g impartial.Game[P]) *Oracle[P] {
	return &Oracle[P]{g: g, ids: map[P]int{}, wins: [2]map[sumKey]bool{{}, {}}, vals: map[P]impartial.Nimber{}, rems: map[sumKey]int{},
		opts: map[P][]P{}}
}

// Options returns the distinct options of p, in the game's order.
func (o *Oracle[P]) Options(p P) []P { return slices.Clone(o.options(p)) }

// options is Options, asked of the game once per position (its moves
// depend on it alone) and kept: the searches ask at every sum p is in.
// The caller must not change the slice.
func (o *Oracle[P]) options(p P) []P {
	if out, ok := o.opts[p]; ok {
		return out
	}
	var out []P
	o.g.Moves(p, func(q P) bool {
		if !slices.Contains(out, q) {
			out = append(out, q)
		}
		return true
	})
	o.opts[p] = out
	return out
}

// sumKey names a tuple of positions by their ids: the first two in a and
// b (id+1, 0 for none: sums of one or two positions build no string), the
// others in more.
type sumKey struct {
	a, b int
	more string
}

func (o *Oracle[P]) key(ps []P) sumKey {
	var k sumKey
	var more []byte
	for i, p := range ps {
		id, ok := o.ids[p]
		if !ok {
			id = len(o.ids)
			o.ids[p] = id
		}
		switch i {
		case 0:
			k.a = id + 1
		case 1:
			k.b = id + 1
		default:
			more = strconv.AppendInt(more, int64(id), 10)
			more = append(more, ',')
		}
	}
	k.more = string(more)
	return k
}

// Wins reports whether the player to move wins the sum of ps (an ordered
// tuple of positions; a move changes one of them to one of its options).
// Under normal play a player who cannot move loses; under misère play a
// player who cannot move wins.
func (o *Oracle[P]) Wins(misere bool, ps ...P) bool {
	m := 0
	if misere {
		m = 1
	}
	k := o.key(ps)
	if w, ok := o.wins[m][k]; ok {
		return w
	}
	moved, win := false, false
	for i, p := range ps {
		for _, q := range o.options(p) {
			moved = true
			next := slices.Clone(ps)
			next[i] = q
			if !o.Wins(misere, next...) {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	if !moved {
		win = misere
	}
	o.wins[m][k] = win
	return win
}

// Outcome returns the outcome of the sum of ps found by Wins.
func (o *Oracle[P]) Outcome(misere bool, ps ...P) impartial.Outcome {
	if o.Wins(misere, ps...) {
		return impartial.N
	}
	return impartial.P
}

// WinningMoves returns every move of the sum of ps after which the player to
// move loses, in component order and then the game's order of options.
func (o *Oracle[P]) WinningMoves(misere bool, ps ...P) []impartial.Move[P] {
	var out []impartial.Move[P]
	for i, p := range ps {
		for _, q := range o.options(p) {
			next := slices.Clone(ps)
			next[i] = q
			if !o.Wins(misere, next...) {
				out = append(out, impartial.Move[P]{Index: i, To: q})
			}
		}
	}
	return out
}

// Remoteness returns the normal-play remoteness of the sum of ps by plain
// recursion over the sum's game graph (Steinhaus 1925; Winning Ways, ch.
// 9): 0 when no move is left; from a won position one more than the least
// remoteness of an option the opponent loses; from a lost position one
// more than the greatest remoteness of any option. The game must be
// acyclic.
func (o *Oracle[P]) Remoteness(ps ...P) int {
	k := o.key(ps)
	if r, ok := o.rems[k]; ok {
		return r
	}
	moved, win, lose := false, -1, -1
	for i, p := range ps {
		for _, q := range o.options(p) {
			moved = true
			next := slices.Clone(ps)
			next[i] = q
			r := o.Remoteness(next...)
			if !o.Wins(false, next...) {
				if win < 0 || r < win {
					win = r
				}
			} else if r > lose {
				lose = r
			}
		}
	}
	r := 0
	switch {
	case win >= 0:
		r = win + 1
	case moved:
		r = lose + 1
	}
	o.rems[k] = r
	return r
}

// Value returns the Grundy value of p by plain recursion: the mex of its
// options' values. It does not split p into components.
func (o *Oracle[P]) Value(p P) impartial.Nimber {
	if v, ok := o.vals[p]; ok {
		return v
	}
	var vs []impartial.Nimber
	for _, q := range o.options(p) {
		vs = append(vs, o.Value(q))
	}
	v := impartial.Mex(vs)
	o.vals[p] = v
	return v
}

// TB is the part of testing.TB the checks use.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Check runs the conformance suite for g on the given positions: for every
// position, the engine with g's closed forms, the engine searching
// Plain(g), and the oracle agree on the value and outcome; the closed-form
// winning moves equal the searched ones; Components, if g has it, is
// idempotent and its parts' values XOR to the whole; the misère outcome
// (with g's MisereRule if any) agrees with the oracle; and the one analysis
// path, impartial.Analyze, on g and on Plain(g), normal and misère, gives
// the oracle's outcome, value, winning moves and the outcome after every
// option. Pairs of positions are checked as sums too.
func Check[P comparable](t TB, g impartial.Game[P], positions []P) {
	t.Helper()
	ctx := context.Background()
	fast := impartial.NewSolver(g, impartial.Settings{})
	plain := impartial.NewSolver(impartial.Plain(g), impartial.Settings{})
	fastM := impartial.NewMisereSolver(g, impartial.Settings{})
	plainM := impartial.NewMisereSolver(impartial.Plain(g), impartial.Settings{})
	or := NewOracle(g)
	sp, isSplitter := g.(impartial.Splitter[P])
	for _, p := range positions {
		vf, err1 := fast.Value(ctx, p)
		vp, err2 := plain.Value(ctx, p)
		if err1 != nil || err2 != nil {
			t.Fatalf("Value(%v): %v / %v", p, err1, err2)
		}
		if vf != vp {
			t.Errorf("Value(%v): closed form %d, search %d", p, vf, vp)
		}
		if want := or.Outcome(false, p); impartial.OutcomeOf(vp) != want {
			t.Errorf("Outcome(%v): engine %v, oracle %v", p, impartial.OutcomeOf(vp), want)
		}
		if !isSplitter {
			if ov := or.Value(p); ov != vp {
				t.Errorf("Value(%v): engine %d, oracle %d", p, vp, ov)
			}
		} else {
			var parts []P
			sp.Components(p, func(c P) bool { parts = append(parts, c); return true })
			var x impartial.Nimber
			for _, c := range parts {
				var again []P
				sp.Components(c, func(d P) bool { again = append(again, d); return true })
				if len(again) != 1 || again[0] != c {
					t.Errorf("Components(%v) = %v, not atomic", c, again)
				}
				x ^= or.Value(c)
			}
			if x != vp {
				t.Errorf("Value(%v): engine %d, XOR of oracle values of components %v = %d", p, vp, parts, x)
			}
		}
		checkMoves(t, fast, plain, or, p)
		mf, err1 := fastM.Outcome(ctx, p)
		mp, err2 := plainM.Outcome(ctx, p)
		if err1 != nil || err2 != nil {
			t.Fatalf("misère Outcome(%v): %v / %v", p, err1, err2)
		}
		if want := or.Outcome(true, p); mf != want || mp != want {
			t.Errorf("misère Outcome(%v): rule %v, search %v, oracle %v", p, mf, mp, want)
		}
		CheckAnalyze(t, g, or, p)
	}
	for i := 0; i+1 < len(positions); i += 2 {
		checkMoves(t, fast, plain, or, positions[i], positions[i+1])
		CheckAnalyze(t, g, or, positions[i], positions[i+1])
	}
}

// CheckAnalyze checks impartial.Analyze on the sum ps of g, with g's closed
// forms and on Plain(g), under normal and misère play, against the oracle:
// the outcome, the value (normal play, when Analyze gives one), the winning
// moves, and with AllOptions every option and the outcome it leads to.
func CheckAnalyze[P comparable](t TB, g impartial.Game[P], or *Oracle[P], ps ...P) {
	t.Helper()
	ctx := context.Background()
	for _, gg := range []impartial.Game[P]{g, impartial.Plain(g)} {
		for _, misere := range []bool{false, true} {
			res, err := impartial.Analyze(ctx, gg, ps, impartial.Query{Misere: misere})
			if err != nil {
				t.Fatalf("Analyze(%v, misère %v): %v", ps, misere, err)
			}
			if want := or.Outcome(misere, ps...); res.Outcome != want {
				t.Errorf("Analyze(%v, misère %v): outcome %v (%s), oracle %v", ps, misere, res.Outcome, res.By, want)
			}
			if !misere && res.Value != nil {
				var x impartial.Nimber
				for _, p := range ps {
					x ^= or.Value(p)
				}
				if *res.Value != x {
					t.Errorf("Analyze(%v): value %d (%s), oracle %d", ps, *res.Value, res.By, x)
				}
			}
			var got []impartial.Move[P]
			for _, o := range res.Moves {
				got = append(got, o.Move)
			}
			if want := or.WinningMoves(misere, ps...); !SameMoves(got, want) || res.Count != int64(len(want)) {
				t.Errorf("Analyze(%v, misère %v): winning moves %v (count %d), oracle %v", ps, misere, got, res.Count, want)
			}
			all, err := impartial.Analyze(ctx, gg, ps, impartial.Query{Misere: misere, AllOptions: true})
			if err != nil {
				t.Fatalf("Analyze(%v, misère %v, all options): %v", ps, misere, err)
			}
			n := 0
			for _, p := range ps {
				n += len(or.options(p))
			}
			if len(all.Moves) != n {
				t.Errorf("Analyze(%v, misère %v, all options): %d options, oracle %d", ps, misere, len(all.Moves), n)
			}
			for _, o := range all.Moves {
				next := slices.Clone(ps)
				next[o.Index] = o.To
				if !slices.Contains(or.options(ps[o.Index]), o.To) {
					t.Errorf("Analyze(%v, all options): %v is not an option", ps, o.Move)
				}
				if want := or.Outcome(misere, next...); o.After != want {
					t.Errorf("Analyze(%v, misère %v, all options): after %v: %v, oracle %v", ps, misere, o.Move, o.After, want)
				}
				if !misere && o.Remoteness >= 0 {
					if want := or.Remoteness(next...); o.Remoteness != want {
						t.Errorf("Analyze(%v, all options): after %v: remoteness %d, oracle %d", ps, o.Move, o.Remoteness, want)
					}
				}
			}
			if !misere {
				CheckRanking(t, ps, all, or.Remoteness(ps...))
			}
		}
	}
}

// CheckRanking checks the remoteness ranking of an analysis with every
// option (Query.AllOptions) under normal play: either the search said why
// it did not rank (RemotenessStopped), or the position's remoteness is want
// (the oracle's) and the options come best first, the winning ones by
// least remoteness, then draws, then the losing ones by greatest
// remoteness, every one with its remoteness.
func CheckRanking[P comparable](t TB, ps []P, all *impartial.Analysis[P], want int) {
	t.Helper()
	if all.Remoteness == nil {
		if all.RemotenessStopped == nil && all.Loopy == nil {
			t.Errorf("Analyze(%v, all options): no remoteness, and no reason given", ps)
		}
		return
	}
	if *all.Remoteness != want {
		t.Errorf("Analyze(%v, all options): remoteness %d, oracle %d", ps, *all.Remoteness, want)
	}
	group := map[impartial.Outcome]int{impartial.P: 0, impartial.Draw: 1, impartial.N: 2}
	for i, o := range all.Moves {
		if o.Remoteness < 0 && o.After != impartial.Draw {
			t.Errorf("Analyze(%v, all options): ranked, but %v has no remoteness", ps, o.Move)
		}
		if i == 0 {
			continue
		}
		p := all.Moves[i-1]
		gp, gi := group[p.After], group[o.After]
		if gp > gi || (gp == gi && gi == 0 && p.Remoteness > o.Remoteness) || (gp == gi && gi == 2 && p.Remoteness < o.Remoteness) {
			t.Errorf("Analyze(%v, all options): %v (%v, remoteness %d) ranked before %v (%v, remoteness %d)", ps, p.Move, p.After, p.Remoteness, o.Move, o.After, o.Remoteness)
		}
	}
	if len(all.Moves) > 0 {
		best := all.Moves[0]
		if r := best.Remoteness + 1; best.After != impartial.Draw && r != want {
			t.Errorf("Analyze(%v, all options): the best option %v has remoteness %d, so the position %d, not %d", ps, best.Move, best.Remoteness, r, want)
		}
	}
}

func checkMoves[P comparable](t TB, fast, plain *impartial.Solver[P], or *Oracle[P], ps ...P) {
	t.Helper()
	ctx := context.Background()
	mf, err1 := fast.WinningMoves(ctx, ps...)
	mp, err2 := plain.WinningMoves(ctx, ps...)
	if err1 != nil || err2 != nil {
		t.Fatalf("WinningMoves(%v): %v / %v", ps, err1, err2)
	}
	want := or.WinningMoves(false, ps...)
	if !SameMoves(mf, want) || !SameMoves(mp, want) {
		t.Errorf("WinningMoves(%v): closed form %v, search %v, oracle %v", ps, mf, mp, want)
	}
}

// SameMoves reports whether a and b hold the same moves, in any order.
func SameMoves[P comparable](a, b []impartial.Move[P]) bool {
	if len(a) != len(b) {
		return false
	}
	for _, m := range a {
		if !slices.Contains(b, m) {
			return false
		}
	}
	return true
}

// Graph is a game on the nodes 0..len(Adj)-1 given by explicit edges.
type Graph struct {
	Adj [][]int32
}

// Moves yields the successors of node p.
func (g Graph) Moves(p int32, yield func(int32) bool) {
	for _, q := range g.Adj[p] {
		if !yield(q) {
			return
		}
	}
}

// RandomDAG returns an acyclic graph on n nodes in which each node has up to
// maxDeg moves, all to lower-numbered nodes (so node 0 is terminal).
func RandomDAG(r *rand.Rand, n, maxDeg int) Graph {
	g := Graph{Adj: make([][]int32, n)}
	for i := 1; i < n; i++ {
		d := r.IntN(maxDeg + 1)
		for range d {
			g.Adj[i] = append(g.Adj[i], int32(r.IntN(i)))
		}
	}
	return g
}
