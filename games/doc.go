// Package games holds the Nim family of impartial games, each as an
// [impartial.Game] with its closed form where theory gives one.
//
// Every closed form is offered through the engine's optional interfaces
// (impartial.Valuer, impartial.TargetMover, impartial.MisereRule), so the same
// game can be solved by theory or, wrapped in impartial.Plain, by search; the
// tests compare the two on every small position.
//
// # Nim
//
// Bouton (1901): a Nim position is a P-position exactly when the XOR of its
// heap sizes is 0, so a heap of h tokens has nim-value h. Under misère play
// the same holds unless every heap has at most one token, in which case the
// position is a P-position exactly when the number of 1-heaps is odd.
//
// # Subtraction games
//
// In the subtraction game S a move removes s ∈ S tokens from one heap. With a
// finite S its nim-sequence is eventually periodic (the next value depends
// only on the last max(S) values), and [Subtraction.Period] finds and proves
// the period by state repetition; heaps from [PeriodFrom] on are answered from
// it. For S = {1..m} (Bash's game) the value of a heap of n tokens is
// n mod (m+1); for the powers of two ([PowerSubtraction], HDU 1847) it is
// n mod 3. [AllBut] allows every size but a finite set; [TakeRange] (HDU 2897)
// takes p..q, or all when fewer than p remain.
//
// # More of the Nim family
//
//   - [MultiplyRule]: the multiplication game of HDU 1517, solved exactly to
//     2^64 by a table of runs of G(⌈n/p⌉) ("powers of 18" for factors 2..9).
//   - [Northcott] (rows are Nim heaps of their gaps), [Nimble] (coins are
//     heaps of their squares), [Staircase] (XOR of the odd stairs).
//   - [ClimbingHill] (HDU 4315), [Moore] (Nim_k, Moore 1910), [Wythoff]
//     (Beatty pairs, exact with big integers), [FibonacciNim] (Zeckendorf):
//     closed-form outcomes (ClosedOutcome), values of P-positions, and winning
//     moves; values of other positions are searched.
//
// Every closed form is tested against plain search and exhaustive play on
// every small position (family_test.go).
package games
