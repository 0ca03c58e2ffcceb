// Package cardflip is the card-flip lab of seed 000 (顺序翻牌策略问题): a
// rule-enforcing engine, the seed's strategies with their closed forms, our
// own strategy, and exact and Monte Carlo evaluation. The exhaustive
// search for the optimal strategy of tiny m is package optimum
// (cardflip/optimum).
//
// # The game
//
// n players numbered 0..n−1; m cards numbered 1..m, shuffled uniformly and
// laid face down in a row. On turn i = 1, 2, … player i mod n sees the row
// (which cards are face down; the numbers of the face-up ones, always
// exactly 1..k), then must look at exactly one face-down card. If its
// number is k+1 (the next card) the player may insert it face up or face
// down at any position, and if k+1 = m the game ends at once; otherwise it
// goes back face down, at any position. Inserting means removing the card
// and inserting it at index j in 0..m−1 of the row without it. X is the
// number of turns; the goal is a small E[X].
//
// # Information models
//
// The players agree on a strategy beforehand and cannot talk afterwards.
// A player remembers its own turns but sees nothing of the others' except
// the row. So n = 1 is one player with full memory, and n = ∞ (Rules.Players
// = 0) makes every turn a new player: a strategy is then a function of the
// visible row alone (TableOnly, the default). The TurnNumber model also
// tells each player the number of its turn. The engine enforces the model:
// a Player sees a View that holds the face-up numbers and nothing else, it
// learns a face-down number only from the one look of its turn (the value
// passed to Place), it gets the turn number only under TurnNumber, and with
// n = ∞ a player is made for each turn, so it has no memory. Every illegal
// action is an *ActionError whose Kind (a Violation) says which rule broke.
//
// # Known results
//
//   - single (n = 1, memory): look at the cards left to right, remembering
//     them, and turn each up as soon as it is next and its place is known.
//     The i-th card looked at is the next card on first sight exactly when
//     it is the smallest of the m−i+1 cards not yet seen, probability
//     1/(m−i+1); otherwise it is looked at twice. E[X] = Σ (2 − 1/(m−i+1))
//     − 1 + 1 = 2m − H_m. One player with memory can simulate any protocol
//     of n players, and every card must be looked at once and, unless it is
//     next on first sight, again, so 2m − H_m is a lower bound for every n.
//   - random (n = ∞): with r cards face down, independent uniform looks
//     find the next card after r looks on average: E[X] = Σ r = m(m+1)/2.
//   - front-to-back (n = ∞): the face-down cards form a queue in uniformly
//     random cyclic order; the next card is (r+1)/2 looks away on average:
//     E[X] = Σ_{r=1..m} (r+1)/2 = m(m+3)/4.
//   - interval (n players with memory, each owns a block of positions): at
//     most m + (n+1)/2·(m−1) (the seed's bound).
//   - partition (n = ∞): dividers 1..l−1 with (l−1) + l² ≈ m found front to
//     back, (r+1)/2 each; one filing pass ends with the last of the B cards
//     of blocks 1.. among the N cards left, B(N+1)/(B+1); each block of s
//     cards is then played front to back, s(s+3)/4.
//   - divide-conquer (n = ∞, the seed's): a segment holding a+1..a+S costs
//     T(S) = (S+1)/2 + R·S/(R+1) + T(L) + T(R), R = ⌊S/2⌋, L = S−1−R, T(0) = 0,
//     T(1) = 1: the minimum is found front to back, and the split ends with
//     the last of the R right cards among the S−1 others (expected position
//     R·S/(R+1)). T(2) = 3.5, T(8) = 391/15, T(13) ≈ 52.143, T(100) ≈ 795.29.
//     The recurrence charges the last segment's look at m after the split
//     has seen it; when that segment has 2 cards (m = 2, 4, 5, 8–11, …)
//     the split's look at m ends the game, so E[X] = T(m) − 1 there:
//     5/2 at m = 2, 376/15 at m = 8 (DivideConquerExpectation).
//   - optimum over table-only strategies (optimum.Search, exhaustive search):
//     m = 2: 5/2, m = 3: 25/6 (= 2m − H_m), m = 4: 73/12 ≈ 6.083 (front to
//     back: 7; the bound 2m − H_m: 71/12), m = 5: 161/20, m = 6: 407/40 =
//     10.175 (the bound: 191/20).
//   - with the turn number (optimum.Search, Model: TurnNumber): m = 4:
//     145/24, one turn in 24 deals below the table-only optimum, over every
//     table+turn strategy (optimum.TurnBound, a relaxation every such strategy
//     plays, gives 145/24 too); m = 5: 958/120 = 479/60, over every
//     table+turn strategy (the search's strategy, testdata/turn5.txt, meets
//     TurnBound).
//   - under the Rearrange variant: 2m − H_m for every m, by Cycle (each card
//     seen is swapped to its home cell, number − 1; the player looks at the
//     next card's home), which the search finds for m ≤ 5.
//
// # The seed's question: O(m log m) is not optimal
//
// Table-only play (n = ∞, standard rules) needs Θ(m) turns: every strategy
// averages at least 2m − H_m (above), and Halving averages T(m) < 5m and
// never takes 6m turns (halving.go: the seed's recursion into one part
// only, the other played through the first one's face-up cards as labels).
//
// # Our strategies: stacks, comb, ordered, skewed, relay
//
// Comb (comb.go) is stacks where a finished left part's face-up cards
// label slots for the right part's cards; Ordered is comb whose splits
// file a right part in rough value order, so that the comb reads it nearly
// in order; Skewed (--strategy best) is ordered filing the cards of large
// right parts about a standard deviation past their expected rank
// (docs/cardflip.md). Relay (relay.go) is
// for n ≥ 1 players with memory: the seed's interval strategy, with the
// owner of the next card pointing on the table at the card after it.
//
// Stacks keeps the seed's recursion on segments, runs of
// positions known by counting to hold a+1..a+S, and adds the building blocks
// of cardflip-beyond.md. Every decision is a pure function of the row:
//   - Hidden slots: a plain segment's minimum search looks at position lo+h,
//     cycling cards to the segment's end, but puts cards a+2, …, a+1+h at
//     lo, …, lo+h−1 (h = 1 below 7 cards, 2 from 7, 3 from 30, 4 from 60,
//     5 from 90), so the split that follows (which starts at lo) turns
//     them up at once, as a chain.
//   - Flip on sight and chains: during a split, a card that is the next card
//     is turned up and placed just left of the deepest pivot, becoming the
//     left child's pivot; later left cards are filed against the deepest
//     pivot in one move, so a child's split proceeds during its parent's.
//   - Two stacks: a right-part card goes just right of its pivot if it
//     belongs to the right child's lower block (its minimum and left part),
//     else to the end of the region. The right child then searches only its
//     lower block for its minimum, and its split is already done.
//   - Pre-arranged children: a pre-split segment's search parks the left
//     child's minimum a+2 where the child's own search reads first, and
//     a+3, … in the child's slots.
//   - Split ratios: 0.35 of a plain segment's other cards go right; 0.65 of
//     a pre-split segment's (0.5 from 16 cards on) are in its upper stack.
//   - Small segments: segments of 3 and 4 cards are played by the optimal
//     tables found by optimum.Search (25/6 and 73/12); of 2, front to back.
//
// Measured E[X] (Monte Carlo, ± standard error) is in docs/cardflip.md; it
// beats every table-only strategy of the seed for every m ≥ 4.
//
// # Evaluation
//
// Exact plays a deterministic strategy on all m! deals in parallel and
// returns E[X] as a fraction. Simulate plays game i from a PCG generator
// seeded with (seed, i), so results do not depend on the number of worker
// goroutines; all sums are integers.
//
// A row of at most 15 cards is one 64-bit word of 4-bit cells (row.go): a
// move is two masks and a shift, and the built-in strategies are played
// by a loop that keeps both rows in registers; every move that is not
// plainly legal still goes through the one function that states the rules.
// A row of more than 511 cards is a list of blocks with a Fenwick tree
// over their sizes (bigrow.go), so a move costs O(log m) plus a block
// rather than O(m), and games of 10^5 cards take a fraction of a second.
//
// The game ends at once at the turn that looks at m with 1..m−1 face up
// (the seed: 若k+1 = m，则游戏结束), whatever the player would do with the
// card: the engine does not ask Place then, and traces the card turned up
// where it lay. TestConformance replays games of every strategy against a
// referee written from the rule text alone.
//
// # Options as text
//
// ParsePlayers (a number or ∞), ParseModel and ParseVariant read the rules
// as `grundy cardflip --players/--model/--variant` and the web lab's
// players=/model=/variant= take them (one parser, an *OptionError naming
// the option). Record, NewExactReport and NewSimulateReport are a game and
// the evaluations as data: the JSON the CLI's --json and the API print.
//
// # Library API beyond the CLI
//
// Everything here serves `grundy cardflip`, the web lab or package optimum,
// except these, kept as library API for the tests and docs that use them:
// IntervalBound and HalvingWorst (the seed's bound for interval and the
// bound on every game of halving, checked against the engine), and
// ParseTable (a table as Describe prints it, read back: the search's
// printed tables are tested so).
package cardflip
