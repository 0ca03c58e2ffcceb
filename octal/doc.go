// Package octal computes the nim-sequences of take-and-break games (octal
// and hexadecimal codes, and Grundy's game) to millions of heaps, and finds
// and proves their periods.
//
// # Codes
//
// A take-and-break code d0.d1d2d3… describes the moves on one heap: for
// k ≥ 1, digit d_k is a sum of
//
//	1  remove k tokens from a heap of exactly k (nothing is left),
//	2  remove k from a larger heap, leaving one non-empty heap,
//	4  remove k from a heap of at least k+2 and split the rest into two
//	   non-empty heaps (equal sizes allowed),
//	8  (hexadecimal codes only) remove k and leave three non-empty heaps.
//
// d0 may only use the splitting bits (4, and 8 in hexadecimal): removing
// nothing must split the heap. The leading 0 may be omitted (".77") and
// trailing zeros are insignificant. Kayles is 0.77, Dawson's Kayles 0.07,
// Dawson's chess 0.137, Officers 0.6, Treblecross 0.007; a subtraction
// game with set S has d_s = 3 for s in S. Grundy's game (split a heap into
// two unequal heaps) is no code; GrundysGame returns it.
//
//	c, err := octal.ParseCode(".137")   // or ParseHexCode("0.8")
//	g := octal.New(c)
//	comp := octal.NewComputer(g, octal.Auto)
//	err = comp.Extend(ctx, 1_000_000)  // G(0..10^6)
//	res, _, err := octal.FindPeriod(ctx, g, 1_000_000, octal.Auto)
//
// # The library's doors
//
// Every caller (the catalog behind grundy and the web, the sweep) goes
// through these; tests reach the rest. Deliberately exported beyond what
// cmd/ reaches (deadcode): FindPeriod (the short form of SearchPeriod,
// for library users and the examples).
//
//   - ParseCode, ParseHexCode, ParseTB, New, NewTB, GrundysGame: the games.
//   - Stream: the values G(From..To) in chunks, under a budget, from a
//     checkpoint's values if given (the one sequence path).
//   - SearchPeriod (PeriodSearch, PeriodFound): the one period search, and
//     Analyze for the values a Computer holds.
//   - NewComputer and its methods: the values themselves (Extend, At,
//     SetParallel, SetTail, SetMaxWork, SetSave, SetReplay, Load).
//   - Valued and ProvedSequence: the games on the generic engine (package
//     impartial), answering heaps up to 2^62 from a proved period.
//
// The generic engine's exhaustive view of the games (positions of up to
// eight heaps, for the brute-force oracle of the tests) is in
// internal/octaltest.
//
// # Kernels
//
// The plain kernel computes G(n) as the mex of the values of all options:
// O(n) per value for octal codes, O(n²) with three-heap splits. It is the
// oracle the others are tested against.
//
// The sparse-space kernel (Winning Ways, ch. 4, "Sparse Space Spells
// Speed"; Gangolli and Plambeck, "A note on periodicity in some octal
// games", IJGT 18 (1989) 311–320; A. Flammenkamp's tables of octal games)
// splits heaps into rare and common by a mask m: heap n is rare when
// parity(G(n) AND m) XOR (e·(n−t) mod 2) = 0, with e = 1 ("positional"
// parity) allowed when all split digits have one parity. The value of a
// split of m' into two common heaps then has a known parity, e·(m' mod 2),
// so every value of the other parity comes from a split involving a rare
// heap: R pairs to check, R the number of rare heaps so far. The mex is the
// least value of the other parity not found that way, unless a smaller
// value of the first parity is missing, which one scan of the splits
// decides; the scan takes the split digits side by side (two or three in
// one pass, more in interleaved blocks) and stops as soon as every smaller
// value is found. The result is exact for any mask; the mask
// only decides the speed. It is chosen from the values seen (every mask
// below 2^12 and both parities are tried; the fewest rare heaps wins) each
// time the sequence doubles, and the plain kernel is used when no mask
// leaves fewer than one heap in eight rare.
//
// Under Auto, once Analyze proves a period, later values are copied from
// one period earlier (exact by the theorem below), and a ProvedSequence
// answers any heap up to 2^62, with the moves to a given value described by
// residue classes (ProvedSequence.MovesTo). Values are stored in 16 bits; a
// value past 65,534 goes to a separate list of (heap, value) pairs,
// checked. The pair loops read four values of each side at once; on amd64
// the scans for pending values run in assembly (AVX-512 VBMI: 32 splits a
// step against the pending values held as a 64-byte bit set; AVX2: 16),
// while every value is below 512 and the scans are long enough to repay
// the setup (-tags purego keeps them in Go).
//
// With SetParallel, a run uses two cores: the sparse kernel takes the heaps
// in order on two goroutines, each computing G(n) from every option that
// involves only the values published so far (up to 64 heaps behind n) and
// completing it in heap order with the few options left out (exact:
// mex(S ∪ X) = mex(S) unless mex(S) ∈ X, and then it recomputes); the plain
// kernel halves each heap's splits. With SetTail, a run keeps a
// prefix and a window of the latest values only (bounded memory), and stops
// with a *TailError rather than read a value it no longer holds.
//
// # Periods
//
// Guy–Smith periodicity theorem (Winning Ways, ch. 4; R. K. Guy and
// C. A. B. Smith, "The G-values of various games", Proc. Cambridge Philos.
// Soc. 52 (1956)): for a take-and-break game in which a move removes at
// most t tokens and leaves at most two heaps in place of one, if
//
//	G(n + p) = G(n) for all n with n0 ≤ n < 2·n0 + p + t,
//
// then G(n + p) = G(n) for all n ≥ n0. The proof maps a split a + b of
// n + p to the split a + (b − p) of n, which needs b − p ≥ 1: with n0 = 0
// that fails, and the textbook test certifies false periods (.04: G(0..3)
// are all 0 but G(4) = 1). This package uses n0' = max(n0, 1) in the bound.
// When a move may leave h heaps (h = 3 for hexadecimal codes with bit 8),
// the largest part of a split of n + p − k is at least (n + p − k)/h, and
// the same argument needs
//
//	G(n + p) = G(n) for all n with n0' ≤ n < h·n0' + (h−1)·p + t,
//
// so the values up to h·n0' + h·p + t − 1 (Game.Bound). For h = 1 (no
// splits) this is the state-repetition argument of subtraction games.
// Grundy's game has no such test: mapping a + b to a + (b − p) can make the
// two heaps equal, which its rule forbids.
package octal
