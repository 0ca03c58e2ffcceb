// Package bridge solves multi-bridge: optimal play for a deal, and the number
// of deals with a given outcome for every starting player.
//
// Source: seed 004, the Polish editorial "4B – Multi-brydż" (problem by Konrad
// Paluszek, editorial by Jakub Onufry Wojtaszczyk). The editorial proves the
// characterization of optimal play and details one of the four counting cases;
// the other three and the special cases are derived below, and every formula
// is checked against exhaustive enumeration (all 6, 2520 and 7,484,400 layouts
// for n = 1, 2, 3) and, for n = 4..7, against the identity that the counts of
// all 3^(2n) sequences sum to (4n)!/2^(2n).
//
// # The game
//
// 2n players sit in a circle at positions 1..2n: team P at odd positions, team
// A at even ones. Each holds two of the cards 1..4n. From a starting player s
// on, each player puts one card on the table and keeps the other. The highest
// played card scores a point for its holder's team, and so does the highest
// kept card. A maximizes A's points, P minimizes them; seq[s] is A's score
// when s leads. [Deal.Exhaustive] computes it by minimax over the game tree
// (the oracle): a position is (players moved, highest played, highest kept),
// so the memoized search is O(n³).
//
// # Playing a deal move by move
//
// [Deal.NewRound] starts a [Round]: a deal in play from a start. Its
// Choices are the two moves of the player to move (put down the lower card
// or the higher), each valued by the minimax of Exhaustive from the state
// reached; Best is an optimal one and Play judges a play (A's points with
// best play before and after it, and what it cost the mover's team). This
// is what `grundy bridge play` and /api/bridge/play run; tests check every
// state of every line of every deal with n ≤ 2 (and of random deals with
// n = 3) against the plain game tree. [RandomDeal] is the seeded deal of
// the CLI and the web.
//
// # Optimal play (the editorial)
//
// The team W holding 4n scores at least one point. Let L be the other team.
// Take the longest chain 4n, 4n−1, …, 4n−k whose cards alternate W, L, W, …
// and whose holders play in increasing order of the cards. The second point
// goes to the team holding 4n−k−1, the taking team: in case P1 that card is
// held by the team of 4n−k (the alternation stops), in case P2 by the other
// team, whose holder then plays after that of 4n−k. [Deal.Analyze] returns
// this analysis, [Deal.Line] an optimal line of play following the
// editorial's strategy (tests check each of its moves against minimax).
//
// # The whole sequence in O(n)
//
// Let h_j be the holder of 4n−j and a the alternation length (4n, …, 4n−a
// alternate W, L, …). With d_j = (h_j − h_{j+1}) mod 2n ≥ 1 and
// D_j = d_0 + … + d_{j−1}, the chain for a start s with m = (h_0 − s) mod 2n
// players moving before h_0 has length
//
//	k(s) = max{ k ≤ a : D_k ≤ m },   k* = k(h_0 + 1),
//
// and the taker is W exactly when (k < a and k is odd) or (k = a and k is
// even). So seq[s] = [W = A] + [taker = A], and [Deal.Sequence] sweeps m from
// 0 to 2n−1 with one pointer into D.
//
// # The shape of a sequence
//
// The starts with chain length j form the block (h_{j+1}, h_j] of the circle
// (block k* runs from h_0+1 to h_{k*}). Block j is a run of non-1 values
// (taker W) or of 1s (taker L); consecutive blocks alternate, except blocks
// a−1 and a in case P1 (k* = a), which agree. Hence:
//
//   - 0 and 2 never mix: the non-1 value is 2 if W = A, 0 if W = P;
//   - the change points c (seq[c] ≠ seq[c+1]) are holders of chain cards: at
//     one with seq[c] = 1 the holder is in W, otherwise in L, so every run
//     has odd length (moving the start from A to P keeps or raises A's score);
//   - with ℓ runs of 1s there are 2ℓ change points, and the layout is in one
//     of four options: (P1, k* = 2ℓ+1), (P1, k* = 2ℓ), (P2, k* = 2ℓ),
//     (P2, k* = 2ℓ−1); the chain walks backwards through the change points,
//     h_0 and (in case P1) h_{k*} being the only chain holders that may sit
//     inside a run.
//
// # Counting (Counter.Count)
//
// Once the holders of 4n, …, 4n−k* and of 4n−k*−1 are placed, the other
// R = 4n−k*−2 cards fill the free slots in F_e = R!/2^e ways, e being the
// players with two free slots: e = 2n−k*−1 if 4n−k*−1 joins a chain holder,
// 2n−k*−2 otherwise. Write G(x, y) = x·F_{2n−k*−1} + y·F_{2n−k*−2}. For a
// run of 1s of length r let M = (r−1)/2. The four options give
//
//	(P1, k* = 2ℓ+1)  Σ_{runs of 1s}    M(M+1)/2 · G(ℓ+1, n−ℓ−1)
//	(P1, k* = 2ℓ)    Σ_{runs of non-1} (r−1)/2  · G(ℓ+1, n−ℓ−1)
//	(P2, k* = 2ℓ)    Σ_{runs of 1s}    G(Mℓ, M(n−ℓ) − M(M+1)/2)
//	(P2, k* = 2ℓ−1)  Σ_{runs of non-1} G(ℓ, (2n−r+1)/2 − ℓ)
//
// Proof sketch. (P1, 2ℓ+1): 4n−1 sits at one of the ℓ change points that end
// a run of non-1s; walking backwards through the change points fixes
// 4n−2, …, 4n−2ℓ. 4n (team W) and then 4n−k* (team L) sit in the run of 1s
// that follows, its last player excluded: 2M players alternating W, L, so
// M(M+1)/2 ways. 4n−k*−1 goes to any player of L: one of the ℓ+1 chain
// holders of L or one of the n−ℓ−1 others. (The editorial prints 2n−ℓ−1
// here; enumeration confirms n−ℓ−1, e.g. 11160 layouts for 212111 at n = 3,
// where 2n−ℓ−1 gives 11880.) (P1, 2ℓ): 4n sits at one of the ℓ change
// points that end a run of 1s, the others are 4n−1, …, 4n−2ℓ+1, and 4n−k*
// (team W) sits strictly inside the following run of non-1s: (r−1)/2 ways;
// 4n−k*−1 as before with team W. (P2, 2ℓ): 4n−1 at a change point ending a
// run of non-1s, 4n inside the following run of 1s at distance 2u before its
// last player (u = 1..M), and 4n−k*−1 (team L) with one of the L players
// from just after 4n−k* round to 4n, so that it plays after 4n−k*: ℓ chain
// holders and n−u−ℓ others. (P2, 2ℓ−1): 4n at a change point ending a run of
// 1s, followed by a run of r non-1s whose end holds 4n−k*; 4n−k*−1 (team W)
// with one of the 2n−r players from there round to 4n: ℓ chain holders and
// (2n−r+1)/2 − ℓ others. The special cases are the sequences without change
// points. All non-1s: k* = 0, W holds 4n and 4n−1 (one player, or two),
//
//	n(4n−2)!/2^(2n−1) + n(n−1)(4n−2)!/2^(2n−2) layouts.
//
// All 1s: k* = 1, W holds 4n and L holds 4n−1 and 4n−2, for either W,
//
//	2·(n²(4n−3)!/2^(2n−2) + n²(n−1)(4n−3)!/2^(2n−3)) layouts (720 for n = 2).
//
// Counter keeps h(r) = r!/2^⌊r/2⌋ (h(r) = h(r−1)·r for odd r, ·r/2 for even
// r) and powers of 2, so F_e = h(R)·2^(⌊R/2⌋−e) needs no modular inverse:
// every prime modulus works. A query takes O(n).
//
// # Enumeration
//
// [Enumerate] tallies all (4n)!/2^(2n) layouts by sequence (n ≤ 3). Its
// minimax works on truth tables: with x_i = "player i plays the higher card",
// the 2^(2n) ≤ 64 leaves of the game tree make one machine word per threshold
// ("A scores ≥ 1", "≥ 2"), and each player's move is an ∃ (A) or ∀ (P) over
// one variable. Tests check it against [Deal.Exhaustive].
//
// # Library API beyond the CLI
//
// grundy bridge and the web's bridge tab reach everything else; these are
// kept for programs and the tests (deadcode from cmd/ lists them):
// Counter.Layouts ((4n)!/2^(2n) mod p, the count every sequence's counts
// sum to: the check the tests make for n = 4..7, and the example),
// Deal.Hand and Deal.String (a deal's hands, and the text ParseDeal reads
// back: the fuzz test's round trip), and Tally.Add (merging the tallies of
// shards run apart, as a program splitting a count would).
package bridge
