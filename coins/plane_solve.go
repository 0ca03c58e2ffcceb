package coins

import (
	"cmp"
	"context"
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

// known returns the value of a single head at c if the closed forms or the
// tables computed so far give it.
func (s *PlaneSolver) known(c Cell) (Nimber, bool) {
	at := func(sv *Solver, x int) (Nimber, bool) {
		if v, ok := sv.g.ClosedValue(x); ok {
			return v, true
		}
		if i := x - sv.g.Start; i >= 0 && i < len(sv.table) {
			return sv.table[i], true
		}
		return 0, false
	}
	gx, ok1 := at(s.sa, c.X)
	gy, ok2 := at(s.sb, c.Y)
	if !ok1 || !ok2 {
		return 0, false
	}
	return s.p.combine(gx, gy), true
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

// check counts one move examined or listed.
func (s *PlaneSolver) check(ctx context.Context) error { return s.charge(ctx, 1) }

// charge bounds the moves a listing examines and lists (the budget's move
// limit), n at a time, and checks the context every 1024 of them.
func (s *PlaneSolver) charge(ctx context.Context, n int) error {
	before := s.steps
	s.steps += n
	if l := s.budget.MoveLimit(); l > 0 && int64(s.steps) > l {
		return &impartial.BudgetError{Limit: impartial.LimitMoves, Max: l}
	}
	if s.steps/1024 != before/1024 && ctx.Err() != nil {
		return ctxError(ctx)
	}
	return nil
}

// Moves returns every move from g, head by head in row-major order.
func (s *PlaneSolver) Moves(ctx context.Context, g Grid) ([]Move2, error) {
	var out []Move2
	var err error
	s.steps = 0
	for _, c := range g.Heads {
		s.p.Turns(c, func(others []Cell) bool {
			if err = s.check(ctx); err != nil {
				return false
			}
			out = append(out, Move2{Turn: append(slices.Clone(others), c)})
			return true
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// WinningMoves returns every normal-play winning move from g: the moves
// after which the nim-sum of the heads' values is 0.
func (s *PlaneSolver) WinningMoves(ctx context.Context, g Grid) ([]Move2, error) {
	v, err := s.Value(ctx, g)
	if err != nil || v == 0 {
		return nil, err
	}
	var out []Move2
	s.steps = 0
	for _, c := range g.Heads {
		gc, err := s.G(ctx, c)
		if err != nil {
			return nil, err
		}
		err = s.turnsTo(ctx, c, v^gc, func(others []Cell) bool {
			out = append(out, Move2{Turn: append(slices.Clone(others), c)})
			return true
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// turnsTo yields the sets of Turns(c) over which the values of the heads
// XOR to t (each in row-major order, c excluded).
//
// For a product, a move turns M_A × M_B with M_A = {x} ∪ S_A a move of A
// and M_B = {y} ∪ S_B a move of B, and the XOR of the values over it is
// α ⊗ β with α = ⊕ g_A over M_A and β = ⊕ g_B over M_B (distributivity).
// The other coins XOR to t exactly when α ⊗ β = u = t ⊕ g(c): for each
// move of one factor (the one with fewer moves to list), the other's value
// is u divided by this one's (α ≠ 0: g_A(x) is not the value of an option
// of a single head on x), and the other factor's moves to it are found as
// in one dimension (Solver.turnsTo, by inverting g where the rule allows).
func (s *PlaneSolver) turnsTo(ctx context.Context, c Cell, t Nimber, yield func(others []Cell) bool) error {
	p := s.p
	gx, err := s.sa.G(ctx, c.X)
	if err != nil {
		return err
	}
	gy, err := s.sb.G(ctx, c.Y)
	if err != nil {
		return err
	}
	if p.kind == pAcrostic {
		// The other coin (x', y) has value (x'−s) ⊕ (y−s) = t; (x, y') likewise.
		ox, oy := c.X-p.A.Start, c.Y-p.B.Start
		if y := int(t^Nimber(ox)) + p.B.Start; t^Nimber(ox) < Nimber(oy) && y >= p.B.Start {
			if !yield([]Cell{{c.X, y}}) {
				return nil
			}
		}
		if x := int(t^Nimber(oy)) + p.A.Start; t^Nimber(oy) < Nimber(ox) && x >= p.A.Start {
			yield([]Cell{{x, c.Y}})
		}
		return nil
	}
	u := t ^ mulNimber(gx, gy)
	if u == 0 {
		return nil // α ⊗ β = 0 is impossible: no move keeps the value
	}
	var buf []Cell
	var inner error
	stopped := false
	if costA, costB := p.A.turnCount(c.X)*p.B.turnsToCost(c.Y), p.B.turnCount(c.Y)*p.A.turnsToCost(c.X); costA <= costB {
		p.A.Turns(c.X, func(xs []int) bool {
			if inner = s.check(ctx); inner != nil {
				return false
			}
			alpha := gx
			for _, x := range xs {
				g, err := s.sa.G(ctx, x)
				if err != nil {
					inner = err
					return false
				}
				alpha ^= g
			}
			beta := divNimber(u, alpha)
			cols := append(slices.Clone(xs), c.X)
			if inner = s.charge(ctx, int(min(p.B.turnsToCost(c.Y), 1<<40))); inner != nil {
				return false
			}
			var cbErr error
			inner = s.sb.turnsTo(ctx, c.Y, beta^gy, func(ys []int) bool {
				if cbErr = s.check(ctx); cbErr != nil {
					return false
				}
				buf = productCells(buf[:0], cols, ys, c.Y)
				stopped = !yield(buf)
				return !stopped
			})
			inner = cmp.Or(inner, cbErr)
			return inner == nil && !stopped
		})
		return inner
	}
	p.B.Turns(c.Y, func(ys []int) bool {
		if inner = s.check(ctx); inner != nil {
			return false
		}
		beta := gy
		for _, y := range ys {
			g, err := s.sb.G(ctx, y)
			if err != nil {
				inner = err
				return false
			}
			beta ^= g
		}
		alpha := divNimber(u, beta)
		rows := slices.Clone(ys)
		if inner = s.charge(ctx, int(min(p.A.turnsToCost(c.X), 1<<40))); inner != nil {
			return false
		}
		var cbErr error
		inner = s.sa.turnsTo(ctx, c.X, alpha^gx, func(xs []int) bool {
			if cbErr = s.check(ctx); cbErr != nil {
				return false
			}
			cols := append(slices.Clone(xs), c.X)
			buf = productCells(buf[:0], cols, rows, c.Y)
			stopped = !yield(buf)
			return !stopped
		})
		inner = cmp.Or(inner, cbErr)
		return inner == nil && !stopped
	})
	return inner
}

func divNimber(a, b Nimber) Nimber {
	q, err := nimber.Div(uint64(a), uint64(b))
	if err != nil {
		panic(fmt.Sprintf("coins: division by 0 (%d / %d)", a, b))
	}
	return Nimber(q)
}

// turnCount estimates the number of moves whose rightmost coin is x.
func (g *Game) turnCount(x int) float64 {
	n := float64(x - g.Start) // coins left of x
	switch g.kind {
	case kUpTo:
		total, c := 0.0, 1.0
		for s := 0; s < g.k && float64(s) <= n; s++ {
			total += c
			c = c * (n - float64(s)) / float64(s+1)
		}
		return total
	case kTwins:
		return n
	case kDistance:
		return float64(len(g.set))
	case kConsecutive:
		return 1
	case kRuler:
		return n + 1
	case kGrunt:
		return float64(x) / 2
	}
	return n
}

// turnsToCost estimates the work of Solver.turnsTo at x: the rules it
// inverts (UpTo, Twins, Ruler) try the combinations of all but the last
// coin; the others list every move.
func (g *Game) turnsToCost(x int) float64 {
	switch {
	case g.kind == kUpTo && g.k >= 2:
		return (&Game{kind: kUpTo, k: g.k - 1, Start: g.Start}).turnCount(x)
	case g.kind == kTwins, g.kind == kRuler:
		return 1
	}
	return max(1, g.turnCount(x))
}

// PlaneEngine is a two-dimensional game as the analysis path
// (impartial.Analyze) sees it: positions are CellKeys and Moves are the real
// moves, so misère play and the brute-force oracle search the real game
// graph. Under normal play the value of a position is the nim-sum of its
// heads' values (the Tartan theorem), and the moves to a value are found by
// solving α ⊗ β = u (CountMovesToValue). Use one per question.
type PlaneEngine struct {
	p *Plane
	s *PlaneSolver
}

// NewEngine returns the game for the analysis path, its tables bounded by b.
func (p *Plane) NewEngine(b impartial.Budget) *PlaneEngine {
	return &PlaneEngine{p: p, s: p.NewSolver(b)}
}

var (
	_ impartial.Valuer[CellKey]        = (*PlaneEngine)(nil)
	_ impartial.Preparer[CellKey]      = (*PlaneEngine)(nil)
	_ impartial.TargetCounter[CellKey] = (*PlaneEngine)(nil)
)

// Moves yields the position after each legal move from k.
func (e *PlaneEngine) Moves(k CellKey, yield func(CellKey) bool) {
	heads := k.Cells()
	for _, c := range heads {
		stop := false
		e.p.Turns(c, func(others []Cell) bool {
			turn := append(slices.Clone(others), c)
			stop = !yield(KeyOfCells(ApplyCells(heads, turn)))
			return !stop
		})
		if stop {
			return
		}
	}
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
	for _, c := range k.Cells() {
		g, ok := e.s.known(c)
		if !ok {
			return 0, false
		}
		v ^= g
	}
	return v, true
}

// CountMovesToValue lists the moves from k after which the value is v: a
// move with south-east coin c reaches v exactly when the other coins it
// turns XOR to value(k) ⊕ g(c) ⊕ v (PlaneSolver.turnsTo).
func (e *PlaneEngine) CountMovesToValue(ctx context.Context, k CellKey, v impartial.Nimber, limit int, b impartial.Budget) ([]CellKey, int64, []impartial.MoveClass, bool, error) {
	total, ok := e.ClosedValue(k)
	if !ok {
		return nil, 0, nil, false, nil
	}
	heads := k.Cells()
	s := &PlaneSolver{p: e.p, budget: b, sa: &Solver{g: e.p.A, budget: b, table: e.s.sa.table}, sb: &Solver{g: e.p.B, budget: b, table: e.s.sb.table}}
	var first []CellKey
	var count int64
	for _, c := range heads {
		gc, err := s.G(ctx, c)
		if err != nil {
			return first, -1, nil, true, err
		}
		err = s.turnsTo(ctx, c, total^gc^v, func(others []Cell) bool {
			count++
			if limit == 0 || (limit > 0 && len(first) < limit) {
				first = append(first, KeyOfCells(ApplyCells(heads, append(slices.Clone(others), c))))
			}
			return true
		})
		if err != nil {
			return first, -1, nil, true, err
		}
	}
	return first, count, nil, true, nil
}
