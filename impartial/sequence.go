package impartial

import (
	"context"
	"fmt"
)

// Values computes the values of the positions at(from), …, at(to) of g in
// order and calls emit with each: the nim-sequence of a heap game, the
// cells of a value table. One solver values them all in increasing order,
// so that the search never goes deep (a heap's options are smaller heaps,
// already valued), under the settings' budget and the context.
//
// The loop policy is Analyze's: a Loopy game, or a MayLoop game in which a
// cycle turns up, is analyzed as a loopy game over all the positions at
// once; a position of infinite generalized value is a *LoopyValueError
// (a nim-sequence lists finite values), after the values before it are
// emitted.
func Values[P comparable](ctx context.Context, g Game[P], at func(n int) (P, error), from, to int, s Settings, emit func(n int, v Nimber) error) error {
	next := from // the next position to emit
	acyclic := func(ctx context.Context) (struct{}, error) {
		sv := NewSolver(g, s)
		for ; next <= to; next++ {
			p, err := at(next)
			if err != nil {
				return struct{}{}, err
			}
			v, err := sv.Value(ctx, p)
			if err != nil {
				return struct{}{}, err
			}
			if err := emit(next, v); err != nil {
				return struct{}{}, err
			}
		}
		return struct{}{}, nil
	}
	loopy := func(ctx context.Context) (struct{}, error) {
		ps := make([]P, 0, to-from+1)
		for n := from; n <= to; n++ {
			p, err := at(n)
			if err != nil {
				return struct{}{}, err
			}
			ps = append(ps, p)
		}
		ls := NewLoopySolver(g, s)
		// Explore every position first, so that the graph is analyzed once.
		if _, err := ls.Value(ctx, ps...); err != nil {
			return struct{}{}, err
		}
		for i, p := range ps {
			n := from + i
			v, err := ls.Value(ctx, p)
			if err != nil {
				return struct{}{}, err
			}
			if v.Inf {
				return struct{}{}, &LoopyValueError{Index: n, Value: v}
			}
			if n < next {
				continue // emitted before the cycle turned up
			}
			if err := emit(n, v.N); err != nil {
				return struct{}{}, err
			}
			next = n + 1
		}
		return struct{}{}, nil
	}
	_, err := byLoopPolicy(ctx, g, acyclic, loopy)
	return err
}

// LoopyValueError reports a position of infinite generalized value where a
// finite value was asked for (a nim-sequence): position number Index.
type LoopyValueError struct {
	Index int
	Value LoopyValue
}

func (e *LoopyValueError) Error() string {
	return fmt.Sprintf("position %d has the infinite loopy value %s (%s), and a nim-sequence lists finite values only", e.Index, e.Value, outcomeWords(e.Value.Outcome()))
}

func outcomeWords(o Outcome) string {
	switch o {
	case Draw:
		return "a draw"
	case P:
		return "a P-position"
	}
	return "an N-position"
}
