package coins

import "context"

// product is the shape of a product A × B (Winning Ways ch. 14): a move
// turns the coins (x_i, y_j) for a move {x_i} of A and a move {y_j} of B.
type product struct{}

// eachMove pairs every move of A with every move of B.
func (product) eachMove(p *Plane, c Cell, yield func(block) bool) {
	// The inner visitor is made once (a callback through a rule's shape
	// is allocated), for every move of A.
	var ta turn
	more := true
	inner := func(tb turn) bool {
		more = yield(block{a: ta, b: tb})
		return more
	}
	p.A.eachTurn(c.X, func(t turn) bool {
		ta = t
		p.B.eachTurn(c.Y, inner)
		return more
	})
}

// combine: g(x, y) = g_A(x) ⊗ g_B(y), the Tartan theorem.
func (product) combine(gx, gy Nimber) Nimber { return mulNimber(gx, gy) }

// turnsTo: a move turns M_A × M_B with M_A = {x} ∪ S_A a move of A and
// M_B = {y} ∪ S_B a move of B, and the XOR of the values over it is
// α ⊗ β with α = ⊕ g_A over M_A and β = ⊕ g_B over M_B (distributivity).
// The other coins XOR to t exactly when α ⊗ β = u = t ⊕ g(c): for each
// move of one factor (the one with fewer moves to list), the other's value
// is u divided by this one's (α ≠ 0: g_A(x) is not the value of an option
// of a single head on x), and the other factor's moves to it are found as
// in one dimension (Solver.turnsTo, by inverting g where the rule allows).
// No block is written out: a move of Rugs far from the corner turns
// billions of coins, and only its two runs are held.
func (product) turnsTo(ctx context.Context, s *PlaneSolver, c Cell, gx, gy, t Nimber, m *moveMeter, yield func(block) bool) error {
	u := t ^ mulNimber(gx, gy)
	if u == 0 {
		return nil // α ⊗ β = 0 is impossible: no move keeps the value
	}
	// outer lists the moves of one factor; for each, the other factor's
	// moves to the value that completes u are found by its own turnsTo.
	outer := func(fo, fi *Solver, xo, xi int, go_, gi Nimber, pair func(o, i turn) block) error {
		var inner error
		stopped := false
		var to turn // the outer move; its inner visitor is made once
		visit := func(ti turn) bool {
			stopped = !yield(pair(to, ti))
			return !stopped
		}
		fo.g.eachTurn(xo, func(t turn) bool {
			to = t
			if inner = m.step(ctx, int64(to.size())+1); inner != nil {
				return false
			}
			r, err := fo.othersXor(ctx, to, &m.pace)
			if err != nil {
				inner = err
				return false
			}
			alpha := go_ ^ r
			beta := divNimber(u, alpha)
			inner = fi.turnsTo(ctx, xi, beta^gi, m, visit)
			return inner == nil && !stopped
		})
		return inner
	}
	p := s.p
	if costA, costB := p.A.turnCount(c.X)*p.B.turnsToCost(c.Y), p.B.turnCount(c.Y)*p.A.turnsToCost(c.X); costA <= costB {
		return outer(s.sa, s.sb, c.X, c.Y, gx, gy, func(a, b turn) block { return block{a: a, b: b} })
	}
	return outer(s.sb, s.sa, c.Y, c.X, gy, gx, func(b, a turn) block { return block{a: a, b: b} })
}
