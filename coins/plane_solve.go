package coins

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/nimber"
)

// PlaneSolver answers questions about positions of a two-dimensional game
// under normal play: values by the Tartan theorem, winning moves by
// solving α ⊗ β = u for a move of each factor. It holds the tables of the
// two factors; it is not safe for concurrent use.
type PlaneSolver struct {
	p      *Plane
	budget impartial.Budget
	sa, sb *Solver
	steps  int
}

// NewSolver returns a solver for p whose tables and listings stay within b.
func (p *Plane) NewSolver(b impartial.Budget) *PlaneSolver {
	return &PlaneSolver{p: p, budget: b, sa: p.A.NewSolver(b), sb: p.B.NewSolver(b)}
}

// G returns the value of a single head at c: g_A(x) ⊗ g_B(y) (Tartan
// theorem), or x ⊕ y for Acrostic Twins.
func (s *PlaneSolver) G(ctx context.Context, c Cell) (Nimber, error) {
	gx, err := s.sa.G(ctx, c.X)
	if err != nil {
		return 0, err
	}
	gy, err := s.sb.G(ctx, c.Y)
	if err != nil {
		return 0, err
	}
	return s.p.combine(gx, gy), nil
}

// prepare makes the factors' tables reach every head of heads.
func (s *PlaneSolver) prepare(ctx context.Context, heads []Cell) error {
	mx, my := -1, -1
	for _, c := range heads {
		mx, my = max(mx, c.X), max(my, c.Y)
	}
	if mx >= 0 {
		if err := s.sa.ensureClosed(ctx, mx); err != nil {
			return err
		}
		if err := s.sb.ensureClosed(ctx, my); err != nil {
			return err
		}
	}
	return nil
}

// factor returns g of the factor sv at x if its closed form or its table
// computed so far gives it.
func (s *PlaneSolver) factor(sv *Solver, x int) (Nimber, bool) {
	if v, ok := sv.g.ClosedValue(x); ok {
		return v, true
	}
	if i := x - sv.g.Start; i >= 0 && i < len(sv.table) {
		return sv.table[i], true
	}
	return 0, false
}

// Value returns the nim-value of g: the nim-sum of the values of its heads.
func (s *PlaneSolver) Value(ctx context.Context, g Grid) (Nimber, error) {
	if err := s.prepare(ctx, g.Heads); err != nil {
		return 0, err
	}
	var v Nimber
	for _, c := range g.Heads {
		gc, err := s.G(ctx, c)
		if err != nil {
			return 0, err
		}
		v ^= gc
	}
	return v, nil
}

// Moves returns every move from g, head by head in row-major order. It
// fails with a budget error, before building the move that would pass it,
// rather than try more moves than the budget's move limit or hold more
// than its memory budget in the cells of the moves listed.
func (s *PlaneSolver) Moves(ctx context.Context, g Grid) ([]Move2, error) {
	return s.listMoves(ctx, g, func(c Cell, m *moveMeter, yield func(block) bool) error {
		s.p.eachMove(c, yield)
		return nil
	})
}

// listMoves lists the moves each(c, …) yields for every head c of g,
// within the move and memory budgets (see Moves).
func (s *PlaneSolver) listMoves(ctx context.Context, g Grid, each func(c Cell, m *moveMeter, yield func(block) bool) error) ([]Move2, error) {
	var out []Move2
	m := newMoveMeter(s.budget)
	limit := memLimit(s.budget)
	var held int64
	var err error
	visit := func(k block) bool {
		n := k.cells()
		if err = m.step(ctx, min(n, pollWork)); err != nil {
			return false
		}
		if held = satAdd(held, satAdd(satMul(16, n), 32)); held > limit {
			err = &impartial.BudgetError{Limit: impartial.LimitMemory, Max: limit, What: fmt.Sprintf("the moves of %s from %d heads", s.p.Name, len(g.Heads))}
			return false
		}
		var turned []Cell
		turned, err = k.cellsPaced(ctx, &m.pace)
		out = append(out, Move2{Turn: turned})
		return err == nil
	}
	for _, c := range g.Heads {
		ierr := each(c, m, visit)
		if err == nil {
			err = ierr
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// cellsPaced returns the cells of k in row-major order, in a new slice,
// polling ctx by the cells written.
func (k block) cellsPaced(ctx context.Context, pace *pacer) ([]Cell, error) {
	n := int(k.cells())
	out := make([]Cell, 0, n)
	for i := range n {
		out = append(out, k.cell(i))
		if i%pollWork == pollWork-1 {
			if err := pace.add(ctx, pollWork); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// WinningMoves returns every normal-play winning move from g: the moves
// after which the nim-sum of the heads' values is 0. They are bounded as
// Moves bounds them.
func (s *PlaneSolver) WinningMoves(ctx context.Context, g Grid) ([]Move2, error) {
	v, err := s.Value(ctx, g)
	if err != nil || v == 0 {
		return nil, err
	}
	return s.listMoves(ctx, g, func(c Cell, m *moveMeter, yield func(block) bool) error {
		gc, err := s.G(ctx, c)
		if err != nil {
			return err
		}
		return s.turnsTo(ctx, c, v^gc, m, yield)
	})
}

// turnsTo yields the moves with south-east coin c over whose other coins
// the values of single heads XOR to t, as blocks, each counted by m, as
// the plane's shape constructs them (product.turnsTo, acrostic.turnsTo).
func (s *PlaneSolver) turnsTo(ctx context.Context, c Cell, t Nimber, m *moveMeter, yield func(block) bool) error {
	gx, err := s.sa.G(ctx, c.X)
	if err != nil {
		return err
	}
	gy, err := s.sb.G(ctx, c.Y)
	if err != nil {
		return err
	}
	return s.p.shape.turnsTo(ctx, s, c, gx, gy, t, m, yield)
}

func divNimber(a, b Nimber) Nimber {
	q, err := nimber.Div(uint64(a), uint64(b))
	if err != nil {
		panic(fmt.Sprintf("coins: division by 0 (%d / %d)", a, b))
	}
	return Nimber(q)
}

// turnsToCost estimates the work of Solver.turnsTo at x: the rules it
// constructs moves for say theirs (UpTo and Twins try the combinations of
// all but the last coin, Ruler and Consecutive have one move in closed
// form); for the others it lists every move.
func (g *Game) turnsToCost(x int) float64 {
	if cost, ok := g.shape.turnsToCost(x); ok {
		return cost
	}
	return max(1, g.turnCount(x))
}

// PlaneEngine is a two-dimensional game as the analysis path
// (impartial.Analyze) sees it: positions are CellKeys and Moves are the real
// moves, so misère play and the brute-force oracle search the real game
// graph. Under normal play the value of a position is the nim-sum of its
// heads' values (the Tartan theorem), and the moves to a value are found by
// solving α ⊗ β = u (CountMovesToValue). Moves runs under the question's
// context and budget as Engine's does (see Game.NewEngine): use one per
// question.
type PlaneEngine struct {
	p     *Plane
	s     *PlaneSolver
	guard *guard
}

// NewEngine returns the game for the analysis path of one question asked
// under ctx, its tables and the positions its Moves builds bounded by b
// (see Game.NewEngine: Context, Err, Close).
func (p *Plane) NewEngine(ctx context.Context, b impartial.Budget) *PlaneEngine {
	return &PlaneEngine{p: p, s: p.NewSolver(b), guard: newGuard(ctx, b)}
}

// Context is the context to search the engine under: the question's,
// canceled by Moves when it refuses an option.
func (e *PlaneEngine) Context() context.Context { return e.guard.ctx }

// Err returns the budget or context error that stopped Moves, or nil.
func (e *PlaneEngine) Err() error { return e.guard.Err() }

// Close releases the engine's context.
func (e *PlaneEngine) Close() { e.guard.cancel(nil) }

var (
	_ impartial.Valuer[CellKey]        = (*PlaneEngine)(nil)
	_ impartial.Preparer[CellKey]      = (*PlaneEngine)(nil)
	_ impartial.TargetCounter[CellKey] = (*PlaneEngine)(nil)
)

// Moves yields the position after each legal move from k, each sized
// before it is built.
func (e *PlaneEngine) Moves(k CellKey, yield func(CellKey) bool) {
	gd := e.guard
	if !gd.begin() {
		return
	}
	heads := k.Cells()
	stop := false
	visit := func(b block) bool { // one for every head, as Engine's
		n, bytes := cellKeyBytesAfter(heads, b)
		if !gd.admit(min(n, pollWork), bytes, func() string { return blockWords("coins:"+e.p.Spec, b) }) {
			stop = true
			return false
		}
		q, err := cellKeyAfter(gd.ctx, &gd.pace, heads, b)
		if err != nil {
			gd.fail(err)
			stop = true
			return false
		}
		stop = !yield(q)
		return !stop
	}
	for _, c := range heads {
		if e.p.eachMove(c, visit); stop {
			return
		}
	}
}

// blockWords names a move of a two-dimensional game for a budget error.
func blockWords(name string, b block) string {
	return fmt.Sprintf("a move of %s turning %d coins (%d columns by %d rows, south-east coin (%d,%d))", name, b.cells(), b.cols(), b.rows(), b.a.x, b.b.x)
}

// cellKeyBytesAfter bounds the heads of the position heads after the move
// b, and the bytes of its key.
func cellKeyBytesAfter(heads []Cell, b block) (n, bytes int64) {
	mx, my := b.a.x, b.b.x
	for _, c := range heads {
		mx, my = max(mx, c.X), max(my, c.Y)
	}
	n = satAdd(int64(len(heads)), b.cells())
	return n, satAdd(satMul(n, varintLen(mx)+varintLen(my)), 16)
}

// cellKeyAfter returns the key of the position heads after the move b,
// written straight into the key (both in row-major order) row by row of
// the block, polling ctx by the cells written.
func cellKeyAfter(ctx context.Context, pace *pacer, heads []Cell, b block) (CellKey, error) {
	_, size := cellKeyBytesAfter(heads, b)
	w := keyWriter{b: make([]byte, 0, size)}
	put := func(c Cell) {
		w.put(c.X)
		w.put(c.Y)
	}
	rows, cols := b.rows(), b.cols()
	i := 0
	var ybuf [binary.MaxVarintLen64]byte
	for r := range rows {
		y := b.b.coin(r)
		for ; i < len(heads) && heads[i].Y < y; i++ {
			put(heads[i])
		}
		yb := ybuf[:binary.PutUvarint(ybuf[:], uint64(y))]
		for j := range cols {
			x := b.a.coin(j)
			for ; i < len(heads) && heads[i].Y == y && heads[i].X < x; i++ {
				put(heads[i])
			}
			if i < len(heads) && heads[i] == (Cell{x, y}) {
				i++ // a head turned to tails
				continue
			}
			w.put(x)
			w.b = append(w.b, yb...)
		}
		if err := pace.add(ctx, int64(cols)); err != nil {
			return "", err
		}
	}
	for ; i < len(heads); i++ {
		put(heads[i])
	}
	return CellKey(w.string()), nil
}

// MaxMisereCells is the largest number of coins misère search handles:
// the coins on or north-west of some head (every coin a move can reach).
const MaxMisereCells = 64

// Reach returns the number of coins on or north-west of some head of
// heads: the coins a sequence of moves from them can turn.
func (p *Plane) Reach(heads []Cell) int {
	hs := slices.Clone(heads)
	slices.SortFunc(hs, func(a, b Cell) int { return b.X - a.X }) // east first
	total, low, i := 0, p.B.Start-1, 0
	if len(hs) == 0 {
		return 0
	}
	for x := hs[0].X; x >= p.A.Start; x-- {
		for ; i < len(hs) && hs[i].X == x; i++ {
			low = max(low, hs[i].Y) // the lowest row a head at or east of x reaches
		}
		if total += low - p.B.Start + 1; total > MaxMisereCells {
			return total
		}
	}
	return total
}

// Prepare computes the factors' tables up to the heads of every position
// under normal play. Misère play searches the real graph and needs no
// table; it refuses at once a position that reaches more than
// MaxMisereCells coins, whose graph no budget could hold.
func (e *PlaneEngine) Prepare(ctx context.Context, ps []CellKey, q impartial.Query) error {
	if q.Misere {
		for _, k := range ps {
			if n := e.p.Reach(k.Cells()); n > MaxMisereCells {
				return &impartial.UnsupportedError{Msg: fmt.Sprintf("misère play is solved by searching the whole game, for positions reaching at most %d coins (this one reaches %d: the coins north-west of its heads)", MaxMisereCells, n)}
			}
		}
		return nil
	}
	for _, k := range ps {
		if err := e.s.prepare(ctx, k.Cells()); err != nil {
			return err
		}
	}
	return nil
}

// ClosedValue returns the nim-sum of the heads' values, when the closed
// forms or the tables cover them.
func (e *PlaneEngine) ClosedValue(k CellKey) (impartial.Nimber, bool) {
	var v Nimber
	// The key is read in place, and the values of a row's and a column's
	// factor are reused from the head before: an option of Rugs far out
	// holds millions of heads, in rows, and the search values every option.
	lastX, lastY := -1, -1
	var gx, gy Nimber
	for i := 0; i < len(k); {
		x, n := binary.Uvarint([]byte(k[i:]))
		if n <= 0 {
			break
		}
		y, m := binary.Uvarint([]byte(k[i+n:]))
		if m <= 0 {
			break
		}
		i += n + m
		if int(y) != lastY {
			g, ok := e.s.factor(e.s.sb, int(y))
			if !ok {
				return 0, false
			}
			gy, lastY = g, int(y)
		}
		if int(x) != lastX {
			g, ok := e.s.factor(e.s.sa, int(x))
			if !ok {
				return 0, false
			}
			gx, lastX = g, int(x)
		}
		v ^= e.p.combine(gx, gy)
	}
	return v, true
}

// CountMovesToValue lists the moves from k after which the value is v: a
// move with south-east coin c reaches v exactly when the other coins it
// turns XOR to value(k) ⊕ g(c) ⊕ v (PlaneSolver.turnsTo). Every move is
// counted; a move is built only when listed, and listed only when it fits
// the answer (see lister): a move whose position is too large to write
// (a block of billions of coins) is counted and left out.
func (e *PlaneEngine) CountMovesToValue(ctx context.Context, k CellKey, v impartial.Nimber, limit int, b impartial.Budget) ([]CellKey, int64, []impartial.MoveClass, bool, error) {
	total, ok := e.ClosedValue(k)
	if !ok {
		return nil, 0, nil, false, nil
	}
	heads := k.Cells()
	s := &PlaneSolver{p: e.p, budget: b, sa: &Solver{g: e.p.A, budget: b, table: e.s.sa.table}, sb: &Solver{g: e.p.B, budget: b, table: e.s.sb.table}}
	l := newLister(limit, b)
	var headText int64
	for _, c := range heads {
		headText += digits(c.X) + digits(c.Y) + 4
	}
	m := newMoveMeter(b)
	var first []CellKey
	var count int64
	var err, kerr error
	visit := func(blk block) bool {
		count++
		if !l.wants() {
			return true
		}
		// The answer writes the position after the move (at most the
		// heads and the coins turned) and the move's coins in words.
		_, bytes := cellKeyBytesAfter(heads, blk)
		if l.take(satAdd(headText, satMul(2, blk.text())), bytes) {
			var q CellKey
			if q, kerr = cellKeyAfter(ctx, &m.pace, heads, blk); kerr != nil {
				return false
			}
			first = append(first, q)
		}
		return true
	}
	for _, c := range heads {
		gc, gerr := s.G(ctx, c)
		if gerr != nil {
			return first, -1, nil, true, gerr
		}
		err = s.turnsTo(ctx, c, total^gc^v, m, visit)
		if err == nil {
			err = kerr
		}
		if err != nil {
			return first, -1, nil, true, err
		}
	}
	return first, count, nil, true, nil
}
