package coins

import "context"

// AcrosticTwins turns over two coins in the same row or in the same
// column, the south-east one from heads to tails (Ferguson, Game Theory,
// Part I, §5.2, the first of its two-dimensional games). It is no product:
// a single head at (x, y) moves like a rook to (x', y) or (x, y'), so
// g(x, y) = mex{g(x, b), g(a, y) : b < y, a < x} = x ⊕ y (two-heap Nim).
func AcrosticTwins() *Plane {
	return &Plane{Spec: "acrostic-twins", Name: "Acrostic Twins", A: Twins(), B: Twins(), shape: acrostic{},
		ClosedForm: "g(x, y) = x ⊕ y: a single head moves like a rook, as two-heap Nim (Ferguson, Game Theory, Part I, §5.2, Table 5.1)",
		Rule:       "Turn over two coins in the same row or in the same column, the south-east one from heads to tails; rows and columns are numbered from 0."}
}

// acrostic is Acrostic Twins' shape: a move is a move of Twins in the
// column by the one coin of its row, or the other way round.
type acrostic struct{}

func (acrostic) eachMove(p *Plane, c Cell, yield func(block) bool) {
	var one [1]int
	for y := p.B.Start; y < c.Y; y++ {
		one[0] = y
		if !yield(block{a: turn{x: c.X}, b: turn{others: one[:], x: c.Y}}) {
			return
		}
	}
	for x := p.A.Start; x < c.X; x++ {
		one[0] = x
		if !yield(block{a: turn{others: one[:], x: c.X}, b: turn{x: c.Y}}) {
			return
		}
	}
}

// combine: g(x, y) = x ⊕ y, two-heap Nim.
func (acrostic) combine(gx, gy Nimber) Nimber { return gx ^ gy }

// turnsTo: the other coin (x, y') has value (x−s) ⊕ (y'−s) = t; (x', y)
// likewise.
func (acrostic) turnsTo(ctx context.Context, s *PlaneSolver, c Cell, _, _, t Nimber, m *moveMeter, yield func(block) bool) error {
	p := s.p
	if err := m.step(ctx, 1); err != nil {
		return err
	}
	var one [1]int
	ox, oy := c.X-p.A.Start, c.Y-p.B.Start
	if d := t ^ Nimber(ox); d < Nimber(oy) {
		one[0] = int(d) + p.B.Start
		if !yield(block{a: turn{x: c.X}, b: turn{others: one[:], x: c.Y}}) {
			return nil
		}
	}
	if d := t ^ Nimber(oy); d < Nimber(ox) {
		one[0] = int(d) + p.A.Start
		yield(block{a: turn{others: one[:], x: c.X}, b: turn{x: c.Y}})
	}
	return nil
}
