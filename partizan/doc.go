// Package partizan is the algebra of Conway's short partizan games: games
// in which Left and Right may have different moves, the player unable to
// move loses, and every play ends (ONAG; Winning Ways; Siegel, Combinatorial
// Game Theory, AMS 2013).
//
// # The theory
//
// A short game G = { G^L | G^R } is given by finite sets of Left and Right
// options. G ≥ H unless some G^R ≤ H or some H^L ≥ G; G = H when both hold.
// The canonical form theorem (ONAG ch. 10; Siegel II.2.9): every short game
// equals exactly one game with no dominated options (a Left option ≤
// another, a Right option ≥ another) and no reversible options (a Left
// option G^L with some G^LR ≤ G, which is replaced by the Left options of
// that G^LR, and the mirror image for Right); this canonical form is the
// game of least birthday with its value. The simplicity theorem (Siegel
// II.3.?): when some number x satisfies G^L ◁ x ◁ G^R for all options, G
// is the simplest such number (the one of least birthday). Numbers here are
// the dyadic rationals m/2^e, exact (Dyadic); nimbers *m and multiples of
// up, ↑ = {0|*}, with their sums x + k·↑ + *m ("number-up-star", CGSuite's
// NUS), have closed forms.
//
// # The design
//
// A Game is a small value: an id into a Store, where each canonical form is
// made once (hash-consed), so two games of one store are equal exactly when
// they are equal as values. Number-up-stars of ordinary size are immediate
// (packed into the id, in no store at all): their sums, negatives and
// comparisons are arithmetic, and their options are made on demand. Sums,
// negatives and comparisons of other games are cached in the store
// (direct-mapped caches), and every record keeps its birthday and stops, so
// most comparisons end on the stops (G ≤ H forces L(G) ≤ L(H) and R(G) ≤
// R(H); L(G) < R(H) gives G < H) before any recursion. This follows the
// ideas of CGSuite's CanonicalShortGameOps (Siegel), written anew.
//
// Every computation is a Calc: one context and one impartial.Budget
// (MaxPositions bounds the games it adds to the store, MaxMemory their bytes,
// MaxMoves the options of one game under construction, MaxWork its units of
// work: Calc.Work, with what a ruleset charges, Calc.Charge); it polls the
// context every few thousand units, and a limit hit returns a
// *impartial.BudgetError naming the limit. The work is counted, not timed:
// under MaxWork a question stops at the same unit on any machine. A Store is safe for concurrent
// use and can be bounded as a whole (Config): share one between the
// requests of a server (their work is serialized, and reused), or make one
// per request (parallel, forgotten afterwards).
//
// # Rulesets
//
// A ruleset (Hackenbush, Domineering, …) implements Ruleset: the options of
// a position for each side and a key for the transposition table under its
// symmetries, optionally Splitter (independent components, whose values are
// summed), ComponentKeyer (the components' keys without the components,
// which are made only when one is searched), SplitKeyer (Split and
// ConjugateKey in one pass), Valuer (closed forms), Conjugator (symmetries
// that exchange the players, so negate the value: G and -G share one entry
// of the table) and Impartial (the players' options are the same: every
// value is a nimber, *mex of the options', with no canonical-form
// construction). Solver computes canonical forms of its
// positions under the Calc's budget. Impartial games join in through
// Store.FromNimber: an impartial position of value *m is the nimber *m.
//
// # Library API beyond the CLI
//
// grundy solve, value and play and the web's Partizan tab reach the rest;
// these are kept for programs and the tests (deadcode from cmd/ lists
// them): ParseDyadic (a dyadic rational as written, "-3/8"), SimplestBetween
// (the simplest number strictly between two, Conway's simplicity rule), and
// Solve (the canonical form of one position of a ruleset in one call,
// without a Solver kept for more).
package partizan
