package misere

import (
	"context"
	"fmt"

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
	return q.outcome(x), nil
}

// outcome is the misère outcome of a sum whose image is x.
func (q *Quotient) outcome(x int32) impartial.Outcome {
	if q.isP[x] {
		return impartial.P
	}
	return impartial.N
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
	img, suffix, err := q.suffixImages(heaps)
	if err != nil {
		return nil, err
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

// WinningMove returns one winning misère move of the sum of heaps (the
// first in heap order, then in the rules' order of options), and false
// when the sum is a P-position (every move loses) or has no move at all
// (an N-position under misère play: its player wins by having none).
//
// For a heap beyond the heaps computed (a proved quotient of a
// take-and-break code), the options of that heap are not listed: heap h
// has the option images of the heap r = h − kp within the heaps computed
// (the periodicity theorem), and an option of r whose largest part a is
// at least the preperiod lifts to the option of h with a + kp in its place
// (the same tokens removed, the same number of heaps left) and the same
// image. So a winning move of a sum of heaps of any size costs one pass
// over the heaps and the options of at most one heap within the range.
func (q *Quotient) WinningMove(ctx context.Context, heaps []int) (Move, bool, error) {
	img, suffix, err := q.suffixImages(heaps)
	if err != nil {
		return Move{}, false, err
	}
	if q.isP[suffix[0]] {
		return Move{}, false, nil
	}
	tried := map[[2]int32]bool{} // (reduced heap, rest) pairs without a winning option
	prefix := int32(0)
	moves := false // a heap of the sum has an option
	for i, h := range heaps {
		if i&1023 == 1023 {
			if err := ctxError(ctx); err != nil {
				return Move{}, false, err
			}
		}
		rest := q.q.mul(prefix, suffix[i+1])
		if img[i] >= 0 {
			prefix = q.q.act(prefix, img[i])
		}
		r, _ := q.reduceHeap(h)
		moves = moves || len(q.trans[r]) > 0
		key := [2]int32{int32(r), rest}
		if tried[key] {
			continue
		}
		hit := false
		for _, t := range q.trans[r] {
			hit = hit || q.isP[times(q.q, rest, t)]
		}
		if !hit {
			tried[key] = true
			continue
		}
		to, ok, err := q.winningOption(ctx, h, r, rest)
		if err != nil {
			return Move{}, false, err
		}
		if ok {
			return Move{Index: i, Heap: h, To: to}, true, nil
		}
		tried[key] = true
	}
	if !moves {
		return Move{}, false, nil // no move is left, and its player wins
	}
	// The option images said a move wins: not reached for valid rules.
	return Move{}, false, &ConstructionError{Heap: q.to, Msg: "the option images promise a winning move that no option gives"}
}

// winningOption returns an option of heap h (reduced to r) whose image
// times rest is in the P-portion.
func (q *Quotient) winningOption(ctx context.Context, h, r int, rest int32) ([]int, bool, error) {
	check := func(parts []int) (bool, error) {
		x := rest
		for _, p := range parts {
			j, err := q.letter(p)
			if err != nil {
				return false, err
			}
			if j >= 0 {
				x = q.q.act(x, j)
			}
		}
		return q.isP[x], nil
	}
	_, lifts := q.rules.(octalRules)
	from := h
	if h != r && lifts {
		from = r // list the options of r and lift them
	}
	var found []int
	var bad error
	examined := int64(0)
	limit := q.budget.MoveLimit()
	err := q.rules.HeapOptions(from, func(parts []int) bool {
		if examined++; examined&1023 == 0 {
			if bad = ctxError(ctx); bad != nil {
				return false
			}
		}
		if limit > 0 && examined > limit {
			bad = &impartial.BudgetError{Limit: impartial.LimitMoves, Max: limit, What: fmt.Sprintf("the moves of heap %d", from)}
			return false
		}
		var keep []int
		for _, p := range parts {
			if p > 0 {
				keep = append(keep, p)
			}
		}
		if from != h {
			// Lift the largest part by h − r (a multiple of the period);
			// it must lie in the periodic range for the image to be kept.
			big := -1
			for k, p := range keep {
				if big < 0 || p > keep[big] {
					big = k
				}
			}
			if big < 0 || keep[big] < max(q.period.Preperiod, 1) {
				return true
			}
			keep[big] += h - r
		}
		ok, err := check(keep)
		if err != nil {
			bad = err
			return false
		}
		if ok {
			if keep == nil {
				keep = []int{}
			}
			found = keep
			return false
		}
		return true
	})
	if bad != nil {
		return nil, false, bad
	}
	if err != nil {
		return nil, false, err
	}
	if found == nil && from != h {
		// No lifted option wins (not expected): list heap h's own.
		q2 := *q
		q2.rules = RulesFunc(q.rules.HeapOptions) // not lifted
		return q2.winningOption(ctx, h, h, rest)
	}
	return found, found != nil, nil
}

// suffixImages returns the letter of each heap (img[i], negative for a
// heap with no move) and the products of the images of the suffixes:
// suffix[i] = the image of heaps[i:], suffix[len(heaps)] the identity.
func (q *Quotient) suffixImages(heaps []int) (img, suffix []int32, err error) {
	n := len(heaps)
	img = make([]int32, n)
	for i, h := range heaps {
		if img[i], err = q.letter(h); err != nil {
			return nil, nil, err
		}
	}
	suffix = make([]int32, n+1)
	for i := n - 1; i >= 0; i-- {
		suffix[i] = suffix[i+1]
		if img[i] >= 0 {
			suffix[i] = q.q.act(suffix[i], img[i])
		}
	}
	return img, suffix, nil
}
