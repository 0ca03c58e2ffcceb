package coins

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// Cell is a coin of a two-dimensional game: column X, row Y.
type Cell struct{ X, Y int }

// Plane is a two-dimensional coin-turning game: coins (x, y) in a grid,
// x the column and y the row, row 0 at the top (north) and column 0 at
// the left (west); a move turns over a set of coins the rule allows, and
// the south-east-most of them (the largest x and the largest y) must go
// from heads to tails. Whoever cannot move loses.
//
// The product A × B of two one-dimensional games (Winning Ways ch. 14;
// Ferguson, Game Theory, Part I, ch. 5): a move turns the coins (x_i, y_j)
// for a move {x_i} of A and a move {y_j} of B. The Tartan theorem (Winning
// Ways ch. 14) says that a single head at (x, y) has the value
// g_A(x) ⊗ g_B(y), a nim-product; and, whether a set of coins may be turned
// depending only on the set, a position is the sum of its single heads.
//
// Columns count from A.Start and rows from B.Start. A Plane is immutable
// and safe for concurrent use.
type Plane struct {
	// Spec is the rule as the catalog names it, after "coins:"
	// ("turning-corners", "ruler*mock-turtles").
	Spec string
	// Name is a human name ("Turning Corners").
	Name string
	// Rule states the rule in one sentence, with its indexing.
	Rule string
	// A and B are the games of the columns (x) and of the rows (y); for
	// Acrostic Twins, Twins and Twins.
	A, B *Game
	// ClosedForm states g(x, y), the value of a single head, with its
	// source.
	ClosedForm string

	// shape is how the moves of a single head are made from A's and B's:
	// a product, or Acrostic Twins'.
	shape planeShape
}

// planeShape is one kind of two-dimensional rule: its moves, the value of a
// single head from its column's and row's values, and the construction of
// winning moves. Every method is required.
type planeShape interface {
	// eachMove calls yield with every move of p whose south-east coin is
	// c (on the board), as blocks, in the order of Plane.Turns; it stops
	// when yield returns false.
	eachMove(p *Plane, c Cell, yield func(block) bool)
	// combine is the value of a single head from g_A(x) and g_B(y).
	combine(gx, gy Nimber) Nimber
	// turnsTo yields the moves with south-east coin c over whose other
	// coins the values of single heads XOR to t, each counted by m; gx and
	// gy are g_A(c.X) and g_B(c.Y).
	turnsTo(ctx context.Context, s *PlaneSolver, c Cell, gx, gy, t Nimber, m *moveMeter, yield func(block) bool) error
}

// Product returns the product game A × B: a move turns the coins
// (x_i, y_j) for a move {x_i} of a and a move {y_j} of b; a single head at
// (x, y) has value g_a(x) ⊗ g_b(y) (the Tartan theorem).
func Product(a, b *Game) *Plane {
	return &Plane{Spec: a.Spec + "*" + b.Spec, Name: a.Name + " × " + b.Name, A: a, B: b, shape: product{},
		ClosedForm: "the Tartan theorem: g(x, y) = g_A(x) ⊗ g_B(y), a nim-product (Ferguson, Game Theory, Part I, §5.4; Winning Ways ch. 14)",
		Rule: fmt.Sprintf("Turn over the coins (x, y) for x in a move of %s and y in a move of %s, the south-east-most from heads to tails; columns are numbered from %d, rows from %d.",
			a.Name, b.Name, a.Start, b.Start)}
}

// TurningCorners is Twins × Twins: turn over the four corners (a, b),
// (a, y), (x, b), (x, y) of a rectangle, 0 ≤ a < x, 0 ≤ b < y, the corner
// (x, y) from heads to tails. A single head at (x, y) has value x ⊗ y: the
// game is the definition of the nim-product (Ferguson, Game Theory, Part I,
// §5.2–5.3; Winning Ways ch. 14).
func TurningCorners() *Plane {
	p := Product(Twins(), Twins())
	p.Spec, p.Name = "turning-corners", "Turning Corners"
	p.ClosedForm = "g(x, y) = x ⊗ y, the nim-product, which the game defines (Ferguson, Game Theory, Part I, §5.2–5.3, Table 5.2)"
	p.Rule = "Turn over the four corners of a rectangle, the south-east corner from heads to tails; rows and columns are numbered from 0."
	return p
}

// Rugs is Ruler × Ruler: turn over every coin of a rectangular block, the
// south-east coin from heads to tails; g(x, y) = (x & −x) ⊗ (y & −y)
// (Ferguson, Game Theory, Part I, §5.4, where it is also called
// Turnablock; Winning Ways ch. 14).
func Rugs() *Plane {
	p := Product(Ruler(), Ruler())
	p.Spec, p.Name = "rugs", "Rugs"
	p.ClosedForm = "g(x, y) = (x & −x) ⊗ (y & −y): Ruler × Ruler by the Tartan theorem (Ferguson, Game Theory, Part I, §5.4, Table 5.3)"
	p.Rule = "Turn over every coin of a rectangular block, the south-east coin from heads to tails; rows and columns are numbered from 1."
	return p
}

// namedPlanes are the two-dimensional games named in Ferguson's Game
// Theory, Part I, §5.2–5.4, other than the products written A*B (Turning
// Turtles squared is turning-turtles*turning-turtles, (Mock Turtles)² is
// mock-turtles*mock-turtles): one entry per game, with the other names
// the text gives it. Each entry's constructor states its rule and closed
// form with the source.
var namedPlanes = []struct {
	name    string
	aliases []string
	new     func() *Plane
}{
	{name: "turning-corners", new: TurningCorners},
	{name: "rugs", aliases: []string{"turnablock"}, new: Rugs},
	{name: "acrostic-twins", new: AcrosticTwins},
}

// namedPlane returns the constructor of the named game rule names
// (case-insensitive, by its name or another), or nil.
func namedPlane(rule string) func() *Plane {
	k := strings.ToLower(strings.TrimSpace(rule))
	for _, n := range namedPlanes {
		if k == n.name || slices.Contains(n.aliases, k) {
			return n.new
		}
	}
	return nil
}

// PlaneRuleNames returns the syntaxes ParsePlane accepts: the named games
// and A*B for two rules of ParseRule.
func PlaneRuleNames() []string {
	var out []string
	for _, n := range namedPlanes {
		out = append(out, n.name)
	}
	return append(out, "A*B")
}

// IsPlaneRule says whether rule names a two-dimensional game: one of the
// named ones or a product A*B.
func IsPlaneRule(rule string) bool {
	return namedPlane(rule) != nil || strings.Contains(rule, "*")
}

// ParsePlane returns the two-dimensional game a rule names
// (case-insensitive): turning-corners, rugs (or turnablock),
// acrostic-twins, or A*B with A and B rules of ParseRule ("ruler*ruler",
// "twins:1,2,3*mock-turtles"). Errors are *RuleError values with the
// column in rule.
func ParsePlane(rule string) (*Plane, error) {
	if named := namedPlane(rule); named != nil {
		return named(), nil
	}
	left, right, ok := strings.Cut(rule, "*")
	if !ok {
		names := PlaneRuleNames()
		return nil, &RuleError{Rule: rule, Offset: 0, Msg: fmt.Sprintf("unknown two-dimensional rule %q (rules: %s)", rule, strings.Join(names, ", "))}
	}
	if strings.Contains(right, "*") {
		return nil, &RuleError{Rule: rule, Offset: len(left) + 1 + strings.Index(right, "*"), Msg: "a product of two games only (A*B)"}
	}
	a, err := ParseRule(left)
	if err != nil {
		return nil, shiftRuleError(err, rule, 0)
	}
	b, err := ParseRule(right)
	if err != nil {
		return nil, shiftRuleError(err, rule, len(left)+1)
	}
	return Product(a, b), nil
}

func shiftRuleError(err error, rule string, by int) error {
	re, ok := err.(*RuleError)
	if !ok {
		return &RuleError{Rule: rule, Offset: -1, Msg: err.Error()}
	}
	off := re.Offset
	if off >= 0 {
		off += by
	} else {
		off = by
	}
	return &RuleError{Rule: rule, Offset: off, Msg: re.Msg}
}

// Turns calls yield with every set of coins, other than c itself, that a
// move whose south-east-most coin is c turns over, each set in row-major
// order (by row, then column). The slice passed to yield is reused. Each
// set is written out, so a move costs its number of coins (a block of
// Rugs can hold 2^34): the package's own paths enumerate moves as blocks
// (eachMove).
func (p *Plane) Turns(c Cell, yield func(others []Cell) bool) {
	var buf []Cell
	p.eachMove(c, func(k block) bool {
		buf = buf[:0]
		for i, n := 0, k.cells()-1; i < int(n); i++ {
			buf = append(buf, k.cell(i))
		}
		return yield(buf)
	})
}

// block is one move of a two-dimensional game with south-east coin
// (a.x, b.x): the coins (x, y) for x a coin of the move a of the columns'
// game and y a coin of the move b of the rows' game. A move of a product
// A × B is a move of A by a move of B; a move of Acrostic Twins is a move
// of Twins in a column by the one coin of its row, or the other way round.
// Its size, its value and the position it leads to are known from the two
// moves, without writing out its cells.
type block struct{ a, b turn }

// cols and rows are the numbers of columns and rows of k.
func (k block) cols() int { return k.a.size() + 1 }
func (k block) rows() int { return k.b.size() + 1 }

// cells is the number of coins k turns, saturated at MaxInt64.
func (k block) cells() int64 { return satMul(int64(k.cols()), int64(k.rows())) }

// cell returns the i-th coin of k in row-major order (the south-east
// coin last), for i < cells().
func (k block) cell(i int) Cell {
	w := k.cols()
	return Cell{k.a.coin(i % w), k.b.coin(i / w)}
}

// text bounds the bytes of k's coins written as "(x,y) ".
func (k block) text() int64 {
	return satAdd(satAdd(satMul(int64(k.rows()), k.a.turnText()), satMul(int64(k.cols()), k.b.turnText())), satMul(4, k.cells()))
}

// eachMove calls yield with every move whose south-east coin is c, as
// blocks, in the order of Turns; it stops when yield returns false.
func (p *Plane) eachMove(c Cell, yield func(block) bool) {
	if c.X < p.A.Start || c.Y < p.B.Start {
		return
	}
	p.shape.eachMove(p, c, yield)
}

// satMul and satAdd are a*b and a+b for a, b ≥ 0, saturated at MaxInt64.
func satMul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// ClosedValue returns the value of a single head at c when both factors
// have closed forms (ok = false otherwise, or off the board).
func (p *Plane) ClosedValue(c Cell) (Nimber, bool) {
	gx, ok1 := p.A.ClosedValue(c.X)
	gy, ok2 := p.B.ClosedValue(c.Y)
	if !ok1 || !ok2 {
		return 0, false
	}
	return p.combine(gx, gy), true
}

// combine is the value of a single head from its column's and row's
// values: their nim-product (Tartan theorem), or their nim-sum for
// Acrostic Twins.
func (p *Plane) combine(gx, gy Nimber) Nimber { return p.shape.combine(gx, gy) }

// ValueTable returns the values of single heads on the first rows × cols
// coins of the board, oriented as the board is drawn: vals[i][j] is the
// value of a head at column A.Start+j, row B.Start+i (row B.Start at the
// top). Each is g_A(x) ⊗ g_B(y) by the Tartan theorem (x ⊕ y for Acrostic
// Twins), from the two one-dimensional sequences g_A(Start..) and
// g_B(Start..) (Game.Values): a factor without a closed form (Grunt,
// Moebius, subtraction:1,3, …) costs its own table, never a search of the
// two-dimensional game. The table and the sequences are bounded by b.
func (p *Plane) ValueTable(ctx context.Context, rows, cols int, b impartial.Budget) ([][]Nimber, error) {
	if rows <= 0 || cols <= 0 {
		return [][]Nimber{}, nil
	}
	cells := satMul(int64(rows), int64(cols))
	if b.MaxPositions > 0 && cells > b.MaxPositions {
		return nil, &impartial.BudgetError{Limit: impartial.LimitPositions, Max: b.MaxPositions, What: fmt.Sprintf("a table of %d values", cells)}
	}
	if m := memLimit(b); satMul(cells, 8) > m {
		return nil, &impartial.BudgetError{Limit: impartial.LimitMemory, Max: m, What: fmt.Sprintf("a table of %d values", cells)}
	}
	ga, err := p.A.Values(ctx, p.A.Start+cols-1, b)
	if err != nil {
		return nil, err
	}
	gb, err := p.B.Values(ctx, p.B.Start+rows-1, b)
	if err != nil {
		return nil, err
	}
	var pace pacer
	vals := make([][]Nimber, rows)
	for i := range vals {
		row := make([]Nimber, cols)
		for j := range row {
			row[j] = p.combine(ga[j], gb[i])
		}
		vals[i] = row
		if err := pace.add(ctx, int64(cols)*8); err != nil {
			return nil, err
		}
	}
	return vals, nil
}
