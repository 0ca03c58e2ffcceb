// Package optimum is the exhaustive search for the optimal strategy of the
// card-flip game (package cardflip) for tiny m: Search finds the least
// E[X] over every deterministic strategy of an information model, with a
// table (a cardflip.TablePolicy) that reaches it, which the engine then
// plays on all m! deals (`grundy cardflip optimal` checks it so). Coins do
// not help: a randomized strategy is a mixture of deterministic ones, and
// its E[X] is the same mixture of theirs.
//
// # Results
//
//   - table-only (n = ∞, the standard rules): m = 2: 5/2, m = 3: 25/6
//     (= 2m − H_m, the bound of one player with full memory), m = 4:
//     73/12, m = 5: 161/20, m = 6: 407/40 = 7326/720 (comb's table).
//   - with the turn number (Options.Model = TurnNumber): m = 4: 145/24,
//     m = 5: 958/120 = 479/60, each over every table+turn strategy of any
//     game length (TurnBound, a relaxation every such strategy plays,
//     meets it).
//   - under the Rearrange variant: 2m − H_m for m ≤ 5 (cardflip.Cycle's
//     value, up to the labels of its cells).
//
// # The table-only search
//
// A table-only strategy is a table: for each visible row, which card to
// look at, and for each number it may show, where it goes. The search
// plays all m! deals at once and fills the table lazily, level by level
// (the level is the number of face-up cards, which never decreases): the
// cost of the levels above k depends only on the multiset of full rows in
// which the deals reach level k+1, so that cost is memoized on it, and a
// multiset and its mirror image (the row read right to left, a symmetry
// of the rules) share one entry. Within a level the search branches on
// the undecided row (or row and number) that the most deals wait for,
// trying the choices in the order of their bounds.
//
// Branch and bound: a branch is cut when the turns its deals have taken
// plus a lower bound for the rest reaches the best whole strategy found
// (or Bound). The bound for the rest is what one player with full memory
// would need from there: the deals that wait at the same visible row (or
// have seen the same number there) cannot be told apart by the table-only
// players either, so the memory player is given that row and must find
// the cards in order by looking, which is a small decision tree over the
// deals of the group (memoized). It is exact for the player with memory,
// so the bound is tight wherever the lack of memory costs nothing, which
// is most of the tree; for the whole game it is 2m − H_m.
//
// Under the turn-number model the search is another one (turnsearch.go):
// deals meet only within a turn, so it plays the turns in order, bounded
// by the group relaxation (a set of deals waiting at one row priced as if
// it never met other deals again), and learns the sets of deals that
// cannot meet within budget. Under it and the Rearrange variant the search
// deepens: it asks for a strategy within a budget of total turns that
// starts at m!·(2m − H_m) and grows, so the first strategy found is
// optimal and every failed budget is a proof (under TurnNumber m = 4:
// 145/24 in four budgets, m = 5: 479/60 in 33, about two minutes;
// Rearrange meets 2m − H_m at once for m ≤ 5).
//
// Table-only at m = 6 the search deepens too. Given a loose budget (the
// kick search's 7440/720), branch and bound had not finished the levels
// above one first row (the table of level 0: the kick table's own) after
// ten minutes, proving one table of the levels above after another out of
// reach; under a tight budget most first rows fail within a few hundred
// nodes. So the budget starts at the relaxed search's bound (MemoryFrom
// = 1: 7324/720), and a failed budget returns the least bound among the
// branches it cut, which is the next budget (as in IDA*): 7325 fails at
// 7326, 7327 finds the optimum, 407/40 = 7326/720, in two to three
// minutes.
//
// # Library API beyond the CLI
//
// `grundy cardflip optimal` calls Search. TurnBound (the lower bound over
// every table+turn strategy that proves the turn optima above) and the
// relaxed searches (Options.MemoryFrom, MemoryAfterTurns) are called by
// the tests that prove those results, not by a command.
package optimum
