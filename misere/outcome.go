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
		y, err := q.Image(h)
		if err != nil {
			return 0, err
		}
		x = q.q.product(x, int32(y))
	}
	return x, nil
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
// The product of the other heaps comes from prefix and suffix products,
// so the time is linear in the number of heaps times the options of the
// heap sizes that occur. At most max moves are listed (0: no limit);
// beyond that it fails with a *impartial.BudgetError.
func (q *Quotient) WinningMoves(ctx context.Context, heaps []int, max int) ([]Move, error) {
	n := len(heaps)
	img := make([]int32, n)
	for i, h := range heaps {
		y, err := q.Image(h)
		if err != nil {
			return nil, err
		}
		img[i] = int32(y)
	}
	// suffix[i] = product of img[i:].
	suffix := make([]int32, n+1)
	for i := n - 1; i >= 0; i-- {
		suffix[i] = q.q.product(img[i], suffix[i+1])
	}
	if q.isP[suffix[0]] {
		return []Move{}, nil
	}
	type option struct {
		parts []int
		image int32
	}
	opts := map[int][]option{}
	moves := []Move{}
	prefix := int32(0)
	for i, h := range heaps {
		if i&1023 == 1023 {
			if err := ctxError(ctx); err != nil {
				return nil, err
			}
		}
		os, ok := opts[h]
		if !ok {
			var bad error
			err := q.rules.HeapOptions(h, func(parts []int) bool {
				o := option{image: 0}
				for _, p := range parts {
					if p <= 0 {
						continue
					}
					y, err := q.Image(p)
					if err != nil {
						bad = err
						return false
					}
					o.parts = append(o.parts, p)
					o.image = q.q.product(o.image, int32(y))
				}
				if o.parts == nil {
					o.parts = []int{}
				}
				os = append(os, o)
				return true
			})
			if bad != nil {
				return nil, bad
			}
			if err != nil {
				return nil, err
			}
			opts[h] = os
		}
		rest := q.q.product(prefix, suffix[i+1])
		for _, o := range os {
			if q.isP[q.q.product(rest, o.image)] {
				if max > 0 && len(moves) == max {
					return nil, &impartial.BudgetError{Limit: impartial.LimitPositions, Max: int64(max), Counted: "moves"}
				}
				moves = append(moves, Move{Index: i, Heap: h, To: o.parts})
			}
		}
		prefix = q.q.product(prefix, img[i])
	}
	return moves, nil
}
