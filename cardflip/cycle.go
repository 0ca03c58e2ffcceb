package cardflip

// Cycle is the optimal strategy under the Rearrange variant, for every m:
// E[X] = 2m − H_m, the bound of one player with full memory, which no
// strategy beats under any variant.
//
// Card x has a home, cell x−1. The face-up cards 1..k lie at their homes
// 0..k−1, so the next card's home is cell k: look there. If the card is
// k+1, turn it up where it lies. Otherwise it is some y > k+1, and the
// player swaps it with the card at its home y−1 (a rearrangement of two
// face-down cards), which brings that card to cell k. A card that is not
// at its home has never been seen (every card seen went home at once),
// so every look is either the first look at a card or finds the next
// card: each card is looked at once when first seen and once more to turn
// it up, unless it was next when first seen. That is exactly the single
// player's count, found in the seed for one player who remembers (the
// i-th card seen is next at once with probability 1/(m−i+1)), without any
// memory: the row remembers, by where the cards lie. It is the
// "cycle sort" of the permutation, one cycle at a time.
//
// This is the answer the exhaustive search (optimum.Search with
// Variant: Rearrange) finds for m ≤ 5, up to the labels of its cells.
func Cycle() Strategy {
	return &policy{
		info: Info{Name: "cycle", Model: TableOnly, Rearranges: true,
			Summary: "put each card seen at its home cell (number − 1) by a swap, look at the next card's home (2m − H_m)"},
		look: func(t *Turn) int {
			if k := t.K(); k < t.Len() && t.cell(k) == 0 {
				return k
			}
			return firstDown(&t.View, 0, t.Len()) // a row this strategy never makes
		},
		place: func(t *Turn, pos, value int) Move {
			if value == t.K()+1 {
				return Move{Up: true, To: pos}
			}
			home := value - 1
			if home == pos || t.cell(home) != 0 {
				return Move{To: t.Len() - 1} // a row this strategy never makes
			}
			order := make([]int, t.Len())
			for i := range order {
				order[i] = i
			}
			order[pos], order[home] = home, pos
			return Move{To: pos, Order: order}
		},
	}
}
