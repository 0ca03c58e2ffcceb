// Package impartial computes Sprague–Grundy values, outcomes and winning moves
// of impartial games, in normal and misère play.
//
// # Theory
//
// In an impartial game both players have the same moves. Under normal play
// the player who cannot move loses. The Grundy value (nim-value) of a
// position is
//
//	G(p) = mex { G(q) : q an option of p }
//
// where mex S is the least non-negative integer not in S. A position is a
// P-position (a loss for the player to move) exactly when G(p) = 0.
//
// Sprague–Grundy theorem (Sprague 1935, Grundy 1939): the value of a sum of
// games, in which a move is a move in exactly one component, is the XOR of the
// components' values. A winning move in a sum of value T ≠ 0 changes one
// component i to an option of value G_i XOR T; such an option exists exactly
// when G_i XOR T < G_i, although options of larger values may exist too and
// the engine lists every winning move it finds.
//
// Under misère play the player who makes the last move loses; values do not
// add, so misère outcomes of sums are found by searching the sum as a multiset
// of components (games with no moves are dropped: they change nothing).
// Bouton's misère Nim rule is available as a fast path through [MisereRule].
//
// # Using the engine
//
// A game is any type with a Moves method over a comparable position type:
//
//	type subtraction struct{ s []int }
//	func (g subtraction) Moves(n int, yield func(int) bool) {
//		for _, k := range g.s {
//			if k <= n && !yield(n-k) {
//				return
//			}
//		}
//	}
//
//	s := impartial.NewSolver[int](subtraction{[]int{1, 3, 4}}, impartial.Settings{})
//	v, err := s.Value(ctx, 7)               // G(7) = 0
//	moves, err := s.WinningMoves(ctx, 3, 4) // the sum 3 + 4
//
// A game whose positions fall apart into independent parts (an octal game
// splitting a heap) implements [Splitter]; the engine then memoizes only the
// parts. A game may provide closed forms through [Valuer], [TargetMover] and
// [MisereRule]; [Plain] hides them, which is how tests check a closed form
// against the search it replaces.
//
// Search is iterative (an explicit stack), so a game a million moves deep
// does not exhaust the goroutine stack. Every search runs under a [Budget]
// (positions, estimated memory, and the context's deadline or cancellation)
// and stops with a [*BudgetError] naming the exhausted limit. A move graph
// with a cycle stops with a [*CycleError] naming a cycle.
//
// The memo of a [Solver] is shared by every component of every sum it is
// asked about, and the budget bounds it as a whole.
//
// # Loopy games
//
// Games whose positions can repeat are analyzed by [LoopySolver]: retrograde
// analysis of the reachable graph gives each position's outcome (P, N or
// [Draw]) and remoteness, and the algorithm of Fraenkel and Yesha (1986) its
// generalized Sprague–Grundy value (Smith 1966), a nimber or ∞(K) where K is
// the set of finite values of its options ([LoopyValue]). Sums add by Smith's
// rule ([LoopyValue.Add]): a ⊕ ∞(K) = ∞(K ⊕ a) and ∞(K) ⊕ ∞(L) = ∞, so a sum
// with two infinite components is a draw. See docs/loopy.md.
//
// # Library API beyond the CLI
//
// Every question of the CLI and the web goes through [Analyze],
// [Compound] and [Values]. Beyond them deadcode from cmd/ reports these,
// kept deliberately: the solvers' own accessors, [Solver.Solved] and
// [LoopySolver.Solved] (positions memoized, for programs that report
// progress and for the tests of the memo), [LoopySolver.Outcome] and
// [LoopySolver.Remoteness] (one position's answer, without Analyze), and
// [Remoteness] (the remoteness of a sum by retrograde analysis of its own
// graph, Steinhaus 1925), the oracle the ranking of moves is tested
// against.
package impartial
