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
// only on the last max(S) values). For S = {1..m} (Bash's game) the value of a
// heap of n tokens is n mod (m+1).
package games
