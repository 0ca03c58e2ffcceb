// Package coins solves coin-turning games: a row of coins, each heads (H)
// or tails (T); a move turns over a set of coins that the rule allows, and
// the rightmost coin turned must go from heads to tails. Whoever cannot move
// loses (normal play).
//
// # The coin-turning theorem
//
// If whether a set of coins may be turned depends only on the set (never on
// how the other coins lie), then a position is equivalent to the sum of its
// single heads: its nim-value is
//
//	G(position) = g(x1) XOR g(x2) XOR … XOR g(xn)
//
// over the heads x1, …, xn, where g(x), the value of a lone head on coin x,
// is the mex, over the moves whose rightmost coin is x, of the XOR of g over
// the other coins the move turns. (Turning a tails coin to heads adds a
// component; turning a heads coin to tails cancels one, as two equal
// components cancel in a sum.) Source: Berlekamp, Conway and Guy, Winning
// Ways for your Mathematical Plays, ch. 14 ("Turn over those coins", Mock
// Turtles, Ruler, Grunt, Moebius, Mogul); Conway and Sloane, "Lexicographic
// codes: error-correcting codes from game theory", IEEE Trans. Inf. Theory
// 32 (1986), for turning up to k coins. The theorem is tested here by
// brute-force search of the real game graph on every row of up to 12 coins.
//
// The theorem is a normal-play theorem: under misère play two heads meeting
// on one coin do not cancel, so misère questions are answered by searching
// the real game graph ([Row]) for rows of up to 64 coins.
//
// # Games
//
// Each game states whether it numbers its coins from 0 or 1 (Game.Start):
//
//	One()              turn one coin                      from 1   g = 1
//	TurningTurtles()   turn one or two coins              from 1   g(x) = x
//	Consecutive(k)     turn k consecutive coins           from 1   g = 1 iff k | x
//	Subtraction(S)     turn x and x−s, s in S             from 1   subtraction game S
//	Twins()            turn exactly two coins             from 0   g(x) = x
//	TwinsAt(S)         two coins at a distance in S       from 0   {1,2,3}: x mod 4
//	MockTurtles()      turn one, two or three coins       from 0   odious numbers
//	Ruler()            turn any run of coins              from 1   x & −x
//	Grunt()            turn 0, y, x−y, x with y < x−y      from 0   Grundy's game
//	Moebius(), Mogul() turn up to 5 / up to 7 coins       from 0   lexicodes
//	UpTo(k)            turn up to k coins                 from 0
//
// [ParseRule] reads these by name ("mock-turtles", "twins:1,2,3", "up-to:4").
//
// # Using the package
//
//	g := coins.MockTurtles()
//	p, _ := g.ParsePosition("HHTHTTHT")           // or "0 1 3 6"
//	s := g.NewSolver(impartial.DefaultBudget)
//	v, _ := s.Value(ctx, p)                       // XOR of g over the heads
//	moves, _ := s.WinningMoves(ctx, p)            // each Move lists the coins to turn
//	next := p.Apply(moves[0])
//	vals, _ := g.Values(ctx, 100, budget)         // g(0..100)
//
// Closed forms ([Game.ClosedValue]) are O(1), so Mock Turtles positions with
// heads at 10^8 and beyond cost nothing; [Game.PlainValues] computes g from
// the rule alone and is what the closed forms are tested against.
//
// # Two-dimensional games
//
// A [Plane] is a grid of coins (x, y), x the column and y the row; a move
// turns a set of coins whose south-east-most coin (largest x and largest
// y) goes from heads to tails. The product A × B of two games of this
// package turns the coins (x_i, y_j) for a move {x_i} of A and a move
// {y_j} of B ([Product], [ParsePlane] "ruler*mock-turtles"). The Tartan
// theorem (Winning Ways ch. 14; Ferguson, Game Theory, Part I, ch. 5):
//
//	g(x, y) = g_A(x) ⊗ g_B(y)
//
// a nim-product (package nimber), and a position is the nim-sum over its
// heads. Named games: [TurningCorners] (Twins × Twins: the four corners of
// a rectangle; g = x ⊗ y, the game that defines the nim-product), [Rugs]
// (Ruler × Ruler: every coin of a rectangular block; Ferguson's
// Turnablock) and [AcrosticTwins] (two coins in a row or a column;
// g = x ⊕ y, not a product): the games of Ferguson's §5.2–5.4, whose
// tables and worked examples are known-answer tests.
//
// Winning moves are constructed, not searched: from a position of value v,
// a move with south-east coin c wins when the values over the coins it
// turns XOR to v; for a product those are α ⊗ β, α the XOR of g_A over the
// move of A and β of g_B over the move of B, so for each move of one factor
// the other's value is v ⊗ α⁻¹, whose moves are found by inverting g as in
// one dimension ([PlaneSolver.WinningMoves]). Values and winning-move sets
// are tested against a search of the real game graph, moves written from
// each rule's definition, on every position of 3×4 and 4×3 boards.
// Value tables (Plane.ValueTable) are g_A ⊗ g_B of the two 1-D sequences,
// oriented as the board: rows are the board's rows.
//
// # Budgets
//
// A move is held as its runs — a run lo..x of one row, a block of a run of
// columns by a run of rows — and sized from them before anything is built:
// a Rugs head at (131072, 131072) has winning moves of 1.4·10^9 coins. The
// winning-move construction counts every move and builds those the answer
// can hold; the engines' Moves refuse an option past the memory budget
// with an *impartial.BudgetError (Engine.Err, canceling Engine.Context);
// every loop polls its context by work done (every 2^14 coins, cells or
// moves), never by the clock.
package coins
