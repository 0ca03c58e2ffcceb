package coins

import (
	"context"
	"fmt"
	"math/bits"
	"sort"

	"github.com/grundy/grundy/impartial"
)

// Solver answers questions about positions of one game under normal play,
// by the coin-turning theorem, and under misère play, by search of the real
// game graph. It computes the table of g lazily, only for games without a
// closed form. A Solver is not safe for concurrent use.
type Solver struct {
	g      *Game
	budget impartial.Budget
	table  []Nimber // g(Start..Start+len−1), when the game has no closed form
	misere *impartial.MisereSolver[uint64]
}

// NewSolver returns a solver for g whose tables and searches stay within b.
func (g *Game) NewSolver(b impartial.Budget) *Solver { return &Solver{g: g, budget: b} }

// G returns g(x), the value of a single head on coin x ≥ Start.
func (s *Solver) G(ctx context.Context, x int) (Nimber, error) {
	if v, ok := s.g.ClosedValue(x); ok {
		return v, nil
	}
	if err := s.ensure(ctx, x); err != nil {
		return 0, err
	}
	return s.table[x-s.g.Start], nil
}

// ensure makes the table reach coin x.
func (s *Solver) ensure(ctx context.Context, x int) error {
	if x-s.g.Start < len(s.table) {
		return nil
	}
	to := max(x, s.g.Start+2*len(s.table))
	if _, err := tableSize(s.g, to, s.budget); err != nil {
		to = x
	}
	t, err := s.g.Values(ctx, to, s.budget)
	if err != nil {
		return err
	}
	s.table = t
	return nil
}

// Value returns the nim-value of p: the XOR of g over its heads.
func (s *Solver) Value(ctx context.Context, p Position) (Nimber, error) {
	if len(p.Heads) > 0 {
		if err := s.ensureClosed(ctx, p.Heads[len(p.Heads)-1]); err != nil {
			return 0, err
		}
	}
	var v Nimber
	for _, h := range p.Heads {
		gh, err := s.G(ctx, h)
		if err != nil {
			return 0, err
		}
		v ^= gh
	}
	return v, nil
}

// RowValue returns the value of the position written as row, leftmost
// coin Start: what Value returns for ParsePosition(row) when row is a row
// of coins (its errors too). A row of H and T alone is XORed as it is read,
// without listing its heads first: a judge's row of 10^6 coins held 500,000
// heads (4 MB of []int, its page faults and the collector's marking) for
// one XOR.
func (s *Solver) RowValue(ctx context.Context, row string) (Nimber, error) {
	general := func() (Nimber, error) {
		p, err := s.g.parseRow(row)
		if err != nil {
			return 0, err
		}
		return s.Value(ctx, p)
	}
	if row == "" || len(row) > MaxRow {
		return general()
	}
	last := s.g.Start + len(row) - 1
	_, closed := s.g.ClosedValue(last)
	if !closed && !onlyHT(row) {
		return general() // before a table as long as the row is made
	}
	if err := s.ensureClosed(ctx, last); err != nil {
		return 0, err
	}
	// Blocks of values, each XORed under a mask that is all ones at an H:
	// no branch and no call a coin. A closed form's row is checked in the
	// same pass (any other letter sends it to the general reader).
	var buf [256]Nimber
	var v Nimber
	var bad byte
	for lo := 0; lo < len(row); lo += len(buf) {
		part := row[lo:min(lo+len(buf), len(row))]
		vals := buf[:len(part)]
		if closed {
			s.g.closedValues(s.g.Start+lo, vals)
		} else {
			vals = s.table[lo : lo+len(part)]
		}
		v, bad = xorHeads(v, bad, vals, part)
	}
	if bad&2 != 0 {
		return general()
	}
	return v, nil
}

// xorHeads XORs into v the values vals[i] at which row[i] is H, and ORs
// every letter's class into bad, without a branch. A loop of its own: in
// RowValue's body, beside the call through the rule's shape, it took an
// instruction more a coin (callgrind).
func xorHeads(v Nimber, bad byte, vals []Nimber, row string) (Nimber, byte) {
	row = row[:len(vals)]
	for i, g := range vals {
		c := coinClass[row[i]]
		bad |= c
		v ^= g & -Nimber(c&1)
	}
	return v, bad
}

// coinClass is 1 for H, 0 for T and 2 for any other byte.
var coinClass = func() (t [256]byte) {
	for i := range t {
		t[i] = 2
	}
	t['H'], t['T'] = 1, 0
	return t
}()

func (s *Solver) ensureClosed(ctx context.Context, x int) error {
	if _, ok := s.g.ClosedValue(x); ok {
		return nil
	}
	return s.ensure(ctx, x)
}

// Moves returns every move from p: for each head x, ascending, each set of
// coins the rule lets a move with rightmost coin x turn. It fails with a
// budget error, before building the move that would pass it, rather than
// try more moves than the budget's move limit or hold more than its memory
// budget in the coins of the moves listed.
func (s *Solver) Moves(ctx context.Context, p Position) ([]Move, error) {
	return s.listMoves(ctx, p, func(x int, yield func(turn) bool) error {
		s.g.eachTurn(x, yield)
		return nil
	})
}

// listMoves lists the moves each(x, …) yields for every head x of p,
// within the move and memory budgets (see Moves).
func (s *Solver) listMoves(ctx context.Context, p Position, each func(x int, yield func(turn) bool) error) ([]Move, error) {
	var out []Move
	m := newMoveMeter(s.budget)
	limit := memLimit(s.budget)
	var held int64
	var err error
	visit := func(t turn) bool {
		n := int64(t.size() + 1)
		if err = m.step(ctx, n); err != nil {
			return false
		}
		if held += 8*n + 32; held > limit {
			err = &impartial.BudgetError{Limit: impartial.LimitMemory, Max: limit, What: fmt.Sprintf("the moves of %s from %d heads", s.g.Name, len(p.Heads))}
			return false
		}
		var turned []int
		turned, err = t.coinsPaced(ctx, &m.pace)
		out = append(out, Move{Turn: turned})
		return err == nil
	}
	for _, x := range p.Heads {
		ierr := each(x, visit)
		if err == nil {
			err = ierr
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// WinningMoves returns every normal-play winning move from p: the moves
// after which the XOR of g over the heads is 0. A move with rightmost coin
// x that also turns the set S wins exactly when XOR of g over S equals
// g(x) XOR v, v the value of p; the rules with a one-to-one g (Turning
// Turtles, Mock Turtles, Twins, UpTo), Ruler and Consecutive find S by
// inverting g or in closed form instead of trying every move. The moves
// are bounded as Moves bounds them.
func (s *Solver) WinningMoves(ctx context.Context, p Position) ([]Move, error) {
	v, err := s.Value(ctx, p)
	if err != nil || v == 0 {
		return nil, err
	}
	return s.listMoves(ctx, p, func(x int, yield func(turn) bool) error {
		gx, err := s.G(ctx, x)
		if err != nil {
			return err
		}
		return s.turnsTo(ctx, x, v^gx, newMoveMeter(s.budget), yield)
	})
}

// inverse returns the coin y in [Start, below) with g(y) = v, for games
// whose g is one-to-one (strictly increasing: UpTo with k ≥ 2, Twins).
func (s *Solver) inverse(ctx context.Context, v Nimber, below int) (int, bool, error) {
	if y, known, ok := s.g.inverseClosed(v); known {
		return y, ok && y < below, nil
	}
	if err := s.ensure(ctx, below-1); err != nil {
		return 0, false, err
	}
	t := s.table[:below-s.g.Start]
	i := sort.Search(len(t), func(i int) bool { return t[i] >= v })
	if i < len(t) && t[i] == v {
		return s.g.Start + i, true, nil
	}
	return 0, false, nil
}

// turnsTo yields the moves with rightmost coin x whose other coins XOR to
// t under g, each counted by m (the move budget, and the context polled
// by work): constructed where the rule's shape can (by inverting g, in
// closed form; runs are yielded by their ends, never written out), else
// found by trying every move.
func (s *Solver) turnsTo(ctx context.Context, x int, t Nimber, m *moveMeter, yield func(turn) bool) error {
	if handled, err := s.g.shape.turnsTo(ctx, s, x, t, m, yield); handled {
		return err
	}
	var err error
	s.g.eachTurn(x, func(tr turn) bool {
		if err = m.step(ctx, int64(tr.size())+1); err != nil {
			return false
		}
		var r Nimber
		if r, err = s.othersXor(ctx, tr, &m.pace); err != nil {
			return false
		}
		if r == t {
			return yield(tr)
		}
		return true
	})
	return err
}

// othersXor returns the XOR of g over the coins t turns besides x: for a
// run, in O(1) where the rule has a form for it (runXor), else coin by
// coin, polling ctx by pace.
func (s *Solver) othersXor(ctx context.Context, t turn, pace *pacer) (Nimber, error) {
	var v Nimber
	if !t.run {
		for _, y := range t.others {
			gy, err := s.G(ctx, y)
			if err != nil {
				return 0, err
			}
			v ^= gy
		}
		return v, nil
	}
	if r, ok := s.g.runXor(t.lo, t.x-1); ok {
		return r, nil
	}
	for y := t.lo; y < t.x; y++ {
		gy, err := s.G(ctx, y)
		if err != nil {
			return 0, err
		}
		v ^= gy
		if (y-t.lo)%pollWork == pollWork-1 {
			if err := pace.add(ctx, pollWork); err != nil {
				return 0, err
			}
		}
	}
	return v, nil
}

// inversion describes, for turnsToByInverse, the moves of a rule whose g
// is one-to-one (strictly increasing).
type inversion struct {
	alone   bool // x alone is a move
	maxSize int  // the most coins a move turns besides x
	// skip, if set, says that no move turning size other coins reaches t
	// (a parity argument that saves O(x) work).
	skip func(size int, t Nimber) bool
}

// turnsToByInverse is turnsTo for the rules whose g is one-to-one (UpTo
// with k ≥ 2, Twins): the last (largest) other coin is found by inverting
// g, the others are every combination of smaller coins.
func (s *Solver) turnsToByInverse(ctx context.Context, x int, t Nimber, m *moveMeter, inv inversion, yield func(turn) bool) error {
	g := s.g
	if t == 0 && inv.alone {
		if err := m.step(ctx, 1); err != nil {
			return err
		}
		if !yield(turn{x: x}) {
			return nil
		}
	}
	var err error
	stopped := false
	for size := 1; size <= inv.maxSize && size <= x-g.Start && !stopped; size++ {
		if inv.skip != nil && inv.skip(size, t) {
			continue
		}
		combinations(g.Start, x, size-1, nil, func(c []int) bool {
			if err = m.step(ctx, int64(size)); err != nil {
				return false
			}
			r := t
			for _, y := range c {
				gy, e := s.G(ctx, y)
				if e != nil {
					err = e
					return false
				}
				r ^= gy
			}
			y, ok, e := s.inverse(ctx, r, x)
			if e != nil {
				err = e
				return false
			}
			if ok && (len(c) == 0 || y > c[len(c)-1]) {
				stopped = !yield(turn{others: append(c, y), x: x})
				return !stopped
			}
			return true
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// MaxMisereRow is the longest row (counting from Start to the last head)
// that misère search handles: positions are bit masks.
const MaxMisereRow = 64

// Row is the real game graph of a coin-turning game on the coins
// Start..Start+63: a position is a bit mask, bit i for coin Start+i, and the
// options are exactly the moves the rule allows. Under misère play the
// coin-turning theorem does not hold (two heads meeting on one coin cancel,
// which a sum of single heads cannot express), so misère questions are
// answered by searching Row.
type Row struct{ G *Game }

// Moves yields the position after each legal move from mask.
func (r Row) Moves(mask uint64, yield func(uint64) bool) {
	g := r.G
	// One visitor for every head (a callback through the rule's shape is
	// allocated); a run's coins are flipped from its ends.
	var st struct {
		from uint64 // mask with the head turned to tails
		stop bool
	}
	visit := func(t turn) bool {
		next := st.from
		if t.run {
			for y := t.lo; y < t.x; y++ {
				next ^= 1 << (y - g.Start)
			}
		} else {
			for _, y := range t.others {
				next ^= 1 << (y - g.Start)
			}
		}
		st.stop = !yield(next)
		return !st.stop
	}
	for m := mask; m != 0; m &= m - 1 {
		b := bits.TrailingZeros64(m)
		st.from = mask &^ (1 << b)
		if g.eachTurn(g.Start+b, visit); st.stop {
			return
		}
	}
}

// Mask returns p as a bit mask of Row, or an error if a head lies beyond
// coin Start+63.
func (g *Game) Mask(p Position) (uint64, error) {
	var m uint64
	for _, h := range p.Heads {
		if h-g.Start >= MaxMisereRow {
			return 0, fmt.Errorf("misère play is solved by searching the whole game, for heads on the first %d coins only (coin %d is too far right)", MaxMisereRow, h)
		}
		m |= 1 << (h - g.Start)
	}
	return m, nil
}

// MisereOutcome returns the misère outcome of p (the player who makes the
// last move loses), by search of [Row] within the solver's budget.
func (s *Solver) MisereOutcome(ctx context.Context, p Position) (impartial.Outcome, error) {
	m, err := s.g.Mask(p)
	if err != nil {
		return 0, err
	}
	return s.misereSolver().Outcome(ctx, m)
}

// misereSolver returns the solver's misère search, whose memo persists
// across calls.
func (s *Solver) misereSolver() *impartial.MisereSolver[uint64] {
	if s.misere == nil {
		s.misere = impartial.NewMisereSolver[uint64](Row{s.g}, impartial.Settings{Budget: s.budget})
	}
	return s.misere
}

// MisereWinningMoves returns every misère winning move from p.
func (s *Solver) MisereWinningMoves(ctx context.Context, p Position) ([]Move, error) {
	m, err := s.g.Mask(p)
	if err != nil {
		return nil, err
	}
	wins, err := s.misereSolver().WinningMoves(ctx, m)
	if err != nil {
		return nil, err
	}
	out := make([]Move, 0, len(wins))
	for _, w := range wins {
		var turn []int
		for d := m ^ w.To; d != 0; d &= d - 1 {
			turn = append(turn, s.g.Start+bits.TrailingZeros64(d))
		}
		out = append(out, Move{Turn: turn})
	}
	return out, nil
}
