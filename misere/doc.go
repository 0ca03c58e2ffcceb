// Package misere computes with impartial games under misère play, where the
// player who makes the last move loses: misère canonical forms and genus of
// any game, and misère quotients of heap games, in which the outcome of a
// sum of any number of heaps is a product in a finite monoid.
//
// # Canonical forms
//
// Two games G and H are equal under misère play when G + X and H + X have
// the same misère outcome for every game X. Every game has a unique
// simplest equal game, its misère canonical form (J. H. Conway, On Numbers
// and Games, ch. 12; Winning Ways, ch. 13; A. N. Siegel, Combinatorial Game
// Theory, AMS 2013, ch. V). It is found by putting the options in canonical
// form and then applying the Grundy–Smith rule: if some option A of G has
// an option K whose own options are all options of G, and every other
// option of G has K as an option, then G = K — except when K = 0 and G is a
// misère P-position (Conway's proviso: 0 is an N-position). Conway proved
// that a game with canonical options admitting no such reduction is
// canonical. The count of canonical forms born by day 5, 4171780 (ONAG
// p. 140), is reproduced in the tests.
//
// A Store holds forms, each once, so two forms are equal exactly when they
// are the same Form; Store.Add adds forms; a Calculator computes the form
// of a position of any impartial.Game (sums split by an
// impartial.Splitter):
//
//	c := misere.NewCalculator(g, impartial.Settings{Budget: b})
//	f, err := c.Form(ctx, p, q)       // the form of p + q
//	f.Outcome(), f.Genus()            // P or N; g^(g0 g1 …)
//
// Notation (Form.String): 0, *, *2, *3, … are nim heaps; otherwise a form
// is * followed by its options: *2# is the game whose only option is *2
// (Winning Ways writes 2_#; Plambeck 2+), *2## = {*2#}, and *(3,2) is the
// game whose options are *3 and *2 — which is *2+*2. Inside a list nim
// heaps are written by their size and options are listed largest birthday
// first: *(2#,1) = {*2#, *1}, *((3,2),3,2,1). This package does not factor
// forms into sums.
//
// # Genus
//
// The genus of G is g^(g0 g1 g2 …) where g is G's normal-play nim-value and
// g_n = G⁻(G + n·*2), the misère nim-value of G plus n copies of *2 (G⁻ is
// the mex of the options' values, and 1 for a game with no move). It is
// computed from the options' genera: g_0 = mex g'_0 and, since adding *1
// flips the last bit of a misère nim-value, g_n = mex({g'_n} ∪ {g_{n−1},
// g_{n−1}⊕1}). The sequence has period 2 from some point; Genus.String
// writes g0 … gk up to where its last two digits repeat forever: 0 is
// 0^120, * is 1^031, *2 is 2^20 (Winning Ways abbreviates a^(a, a⊕2) to a^a),
// the game {*2#, *1} is 2^1420. Tame games have genus 0^120, 1^031 or
// a^(a, a⊕2).
//
// # Misère quotients
//
// For a set A of games closed under sums and options, G ≡ H (mod A) when
// G + X and H + X have the same misère outcome for every X in A. The
// classes form a commutative monoid Q, the misère quotient; the P-portion
// is the set of classes of P-positions; the pretending function Φ maps each
// game to its class (T. E. Plambeck, Taming the wild in impartial
// combinatorial games, INTEGERS 5 (2005) #G05; T. E. Plambeck and
// A. N. Siegel, Misère quotients for impartial games, J. Combin. Theory
// Ser. A 115 (2008); Siegel, CGT ch. V). For a heap game, A_n is the set of
// sums of heaps of at most n tokens, and a sum is a misère P-position
// exactly when the product of its heaps' images is in the P-portion: the
// outcome of a sum of ten thousand heaps is ten thousand table lookups.
//
//	q, err := misere.Compute(ctx, misere.Octal(g), 30, misere.Settings{})
//	q, err = misere.Extend(ctx, misere.Octal(g), misere.Settings{}) // until proved
//	q.Outcome(ctx, []int{5, 7, 9, 12})   // P or N, by products
//	q.WinningMove(ctx, heaps)            // one winning move, heaps of any size
//	q.WinningMoves(ctx, heaps, 0)        // every move into the P-portion
//
// Compute works heap by heap, after A. N. Siegel's MisereSolver (2006, now
// in CGSuite's repository; reimplemented, not translated): given Q_{n−1},
// it first looks for an element of Q_{n−1} that heap n can be mapped to
// with nothing else changed; otherwise it tries Q_{n−1} × ⟨a | a⁴ = a²⟩
// with heap n ↦ a, marks the P-portion from the sums in lexicographic
// order, reduces (Myhill–Nerode partition refinement), and verifies. When
// verification finds a least sum F at which the candidate is wrong, some
// heaps of F are freed from the candidate's relations (each with a cyclic
// monoid of its own) until F comes out right, and the new candidate is
// verified in turn. Heuristics only choose candidates: every quotient
// returned has passed the verification, which proves by induction over
// sums that a sum is a P-position exactly when its image is in the
// P-portion (1 is not in it; no sum imaged in it has an option imaged in
// it, checked for every element and heap; every other sum with a move has
// such an option, checked over all sums with Siegel's pruning), and it is
// reduced, so it is the quotient.
//
// Monoids are held as the actions of their letters, the distinct heap
// images (their Cayley graphs: k int32 per element, not an n² table), so a
// quotient grows until the memory budget stops it; every bound of a
// computation is a count (memory, the sums one verification enumerates,
// the options of a heap, Settings.MaxWork, Settings.MaxSize, heaps), never
// a time. A computation stopped by a limit returns the quotient of the
// heaps before, with a *StopError naming the heap, the size reached and
// the limit. Settings.Checkpoint saves the state after every heap and
// resumes from it; the construction is deterministic, so a resumed run
// ends with the same quotient. A checkpoint is bound to the rules (Key,
// Content) and to ConstructionVersion, checked whole before use (header
// under the checksum, its counts against its size, the memory budget), and
// locked against a second run (checkpoint.go). Positions gives the rules of a finite set
// of positions of any game (MisereSolver's general mode); Census runs a
// census of octal codes.
//
// The presentation lists the generators (the heaps whose image is not a
// product of smaller heaps' images, named a, b, c, …), the normal form of
// each element (its least word: fewest generators, then preferring earlier
// ones), and the relations w = (normal form of w) for the words w that
// are not normal forms while all their divisors are; they rewrite every
// word to its normal form. Misère Nim's quotient for heaps ≤ 3 is
// ⟨a, b | a² = 1, b³ = b⟩ with P-portion {a, b²}; 0.75's is the quotient of
// order 8, ⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩, P = {a, b²}.
//
// # Periodicity
//
// The periodicity theorem for quotients (Plambeck–Siegel 2008, the analogue
// of the Guy–Smith theorem), in the form used here: let Q, Φ be the
// quotient of the heaps 0..N of a take-and-break game in which a move
// removes at most t tokens and leaves at most h heaps. If
//
//	Φ(n + p) = Φ(n) for n0' ≤ n ≤ N − p, n0' = max(n0, 1),
//	N ≥ h·n0' + h·p + t − 1,
//
// then Q is the quotient of all heaps and Φ(n + p) = Φ(n) for every
// n ≥ n0'. Proof: extend Φ by the period. For a heap m > N, the Guy–Smith
// map of options (a, …) ↦ (a − p, …) on the largest part shows, by
// induction on m, that heap m and heap m − p have the same image and the
// same set of option images; so every sum has the image and option images
// of a sum of heaps ≤ N, and the conditions verified for those hold for
// all sums. The bound is octal.Game.Bound's. Compute checks it after every
// heap and stops as soon as it holds (Quotient.Status() == Proved); Φ is
// then known for every heap size. Extend adds heaps until it holds. Grundy's game and games given only by
// their moves get no proof (Status Computed: exact for the heaps computed).
//
// # Library API beyond the CLI
//
// The faces ask misère questions through the catalog (Calculator.Form,
// Compute, Extend, Positions). Calculator.Genus (a position's genus alone)
// and Calculator.Store (the store of canonical forms a Calculator fills,
// to share it or read its size) are kept for programs, the examples and
// the known-answer tests.
package misere
