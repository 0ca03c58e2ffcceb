package misere

import (
	"context"

	"github.com/grundy/grundy/impartial"
)

// Outcome returns the misère outcome of the sum of heaps of the given
// sizes: P exactly when the product of their images is in the P-portion.
// It takes time linear in the number of heaps, with no search. Heaps
// beyond Heaps() need a proved quotient (a *RangeError otherwise).
func (q *Quotient) Outcome(ctx context.Context, heaps []int) (impartial.Outcome, error) {
	x, err := q.product(ctx, heaps)
	if err != nil {
		return 0, err
	}
	if q.isP[x] {
		return impartial.P, nil
	}
	return impartial.N, nil
}

// product returns the image of a sum of heaps.
func (q *Quotient) product(ctx context.Context, heaps []int) (int32, error) {
	x := int32(0)
	for i, h := range heaps {
		if i&4095 == 4095 {
			if err := ctxError(ctx); err != nil {
				return 0, err
			}
		}
		j, err := q.letter(h)
		if err != nil {
			return 0, err
		}
		if j >= 0 {
			x = q.q.act(x, j)
		}
	}
	return x, nil
}

// letter returns the letter of a heap (−1 when its image is 1).
func (q *Quotient) letter(heap int) (int32, error) {
	h, err := q.reduceHeap(heap)
	if err != nil {
		return 0, err
	}
	return q.lt[h], nil
}

// ProductImage returns the image of the sum of heaps: the product of
// their images, an element (its normal form is Name).
func (q *Quotient) ProductImage(ctx context.Context, heaps []int) (int, error) {
	x, err := q.product(ctx, heaps)
	return int(x), err
}

// Move is a move in a sum of heaps: heap Index (of size Heap) is replaced
// by the heaps To (none when it is taken whole).
type Move struct {
	Index int   `json:"index"`
	Heap  int   `json:"heap"`
	To    []int `json:"to"`
}

// WinningMoves returns every winning misère move of the sum of heaps: the
// moves to a sum whose image is in the P-portion, in heap order, then in
// the rules' order of options. It is empty when the sum is a P-position.
//
// The product of the other heaps comes from prefix and suffix products; a
// heap's options are listed only when the images of its options (known
// for every heap, by the period beyond the heaps computed) include a
// winning one, and once per heap size. So the time is linear in the number
// of heaps plus the options of the heap sizes that have a winning move. At
// most max moves are listed (0: no limit), and at most the quotient's
// move budget of options examined; beyond either it fails with a
// *impartial.BudgetError (past max, with the first max moves).
func (q *Quotient) WinningMoves(ctx context.Context, heaps []int, max int) ([]Move, error) {
	n := len(heaps)
	img := make([]int32, n) // the letter of each heap
	for i, h := range heaps {
		j, err := q.letter(h)
		if err != nil {
			return nil, err
		}
		img[i] = j
	}
	// suffix[i] = product of the images of heaps[i:].
	suffix := make([]int32, n+1)
	for i := n - 1; i >= 0; i-- {
		suffix[i] = suffix[i+1]
		if img[i] >= 0 {
			suffix[i] = q.q.act(suffix[i], img[i])
		}
	}
	moves := []Move{}
	if q.isP[suffix[0]] {
		return moves, nil
	}
	type key struct {
		heap int
		rest int32
	}
	wins := map[key][][]int{} // winning options of a heap size, given the rest
	examined := int64(0)
	limit := q.budget.MoveLimit()
	prefix := int32(0)
	for i, h := range heaps {
		if i&1023 == 1023 {
			if err := ctxError(ctx); err != nil {
				return nil, err
			}
		}
		rest := q.q.mul(prefix, suffix[i+1])
		if img[i] >= 0 {
			prefix = q.q.act(prefix, img[i])
		}
		k := key{h, rest}
		ws, ok := wins[k]
		if !ok {
			r, _ := q.reduceHeap(h) // h has an image, so it reduces
			hit := false
			for _, t := range q.trans[r] {
				hit = hit || q.isP[times(q.q, rest, t)]
			}
			if hit {
				var bad error
				err := q.rules.HeapOptions(h, func(parts []int) bool {
					if examined++; examined&1023 == 0 {
						if bad = ctxError(ctx); bad != nil {
							return false
						}
					}
					if limit > 0 && examined > limit {
						bad = &impartial.BudgetError{Limit: impartial.LimitMoves, Max: limit}
						return false
					}
					x := rest
					var keep []int
					for _, p := range parts {
						if p <= 0 {
							continue
						}
						j, err := q.letter(p)
						if err != nil {
							bad = err
							return false
						}
						if j >= 0 {
							x = q.q.act(x, j)
						}
						keep = append(keep, p)
					}
					if q.isP[x] {
						if keep == nil {
							keep = []int{}
						}
						ws = append(ws, keep)
					}
					return true
				})
				if bad != nil {
					return nil, bad
				}
				if err != nil {
					return nil, err
				}
			}
			wins[k] = ws
		}
		for _, parts := range ws {
			if max > 0 && len(moves) == max {
				return moves, &impartial.BudgetError{Limit: impartial.LimitMoves, Max: int64(max)}
			}
			moves = append(moves, Move{Index: i, Heap: h, To: parts})
		}
	}
	return moves, nil
}
