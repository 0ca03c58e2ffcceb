package games

import (
	"fmt"

	"github.com/grundy/grundy/impartial"
)

// FibPos is a position of Fibonacci Nim: N tokens left, and Prev, the number
// taken by the previous move (0 before the first move).
type FibPos struct{ N, Prev int }

// FibonacciNim is Fibonacci Nim (Whinihan 1963; HDU 2516): one heap; the first
// move takes any number of tokens but not all, every later move takes between
// 1 and twice the previous move; whoever takes the last token wins.
//
// Write n by Zeckendorf's theorem as a sum of non-consecutive Fibonacci
// numbers and let z(n) be the smallest term. The player to move, allowed to
// take up to L tokens, wins exactly when z(n) ≤ L; in particular the first
// player (L = n-1) loses exactly when n is a Fibonacci number. The winning
// moves are the takes t ≤ L whose Zeckendorf terms are the smallest terms of
// n and whose next term exceeds 2t; the least is z(n) itself. Values of
// N-positions are searched.
type FibonacciNim struct{}

// Limit returns the most tokens the player to move may take.
func (FibonacciNim) Limit(p FibPos) int {
	if p.Prev == 0 {
		return p.N - 1
	}
	return min(2*p.Prev, p.N)
}

// Valid reports why p is not a position, or nil.
func (FibonacciNim) Valid(p FibPos) error {
	switch {
	case p.N < 0:
		return fmt.Errorf("%d tokens left", p.N)
	case p.Prev < 0:
		return fmt.Errorf("previous move took %d tokens", p.Prev)
	case p.N == 0 && p.Prev == 0:
		return nil
	}
	return nil
}

// Moves yields the takes 1, 2, …, L.
func (g FibonacciNim) Moves(p FibPos, yield func(FibPos) bool) {
	for t := 1; t <= g.Limit(p); t++ {
		if !yield(FibPos{p.N - t, t}) {
			return
		}
	}
}

// Zeckendorf returns the Zeckendorf terms of n ≥ 1, smallest first.
func Zeckendorf(n int) []int {
	fib := []int{1, 2}
	for fib[len(fib)-1] <= n-fib[len(fib)-2] {
		fib = append(fib, fib[len(fib)-1]+fib[len(fib)-2])
	}
	var terms []int
	for i := len(fib) - 1; i >= 0 && n > 0; i-- {
		if fib[i] <= n {
			terms = append(terms, fib[i])
			n -= fib[i]
		}
	}
	for i, j := 0, len(terms)-1; i < j; i, j = i+1, j-1 {
		terms[i], terms[j] = terms[j], terms[i]
	}
	return terms
}

// fibs holds the Fibonacci numbers 1, 2, 3, 5, … below 2^63 (a constant table).
var fibs = func() []int {
	f := []int{1, 2}
	for f[len(f)-1] <= (1<<63-1)-f[len(f)-2] {
		f = append(f, f[len(f)-1]+f[len(f)-2])
	}
	return f
}()

// smallestTerm returns z(n), the smallest Zeckendorf term of n ≥ 1, without
// allocating: the greedy remainder after removing the larger terms.
func smallestTerm(n int) int {
	z, hi := n, len(fibs)
	for n > 0 {
		// The largest Fibonacci number ≤ n, by binary search below hi.
		lo, h := 0, hi
		for lo < h {
			m := int(uint(lo+h) >> 1)
			if fibs[m] <= n {
				lo = m + 1
			} else {
				h = m
			}
		}
		z, hi = fibs[lo-1], lo-1
		n -= z
	}
	return z
}

// ClosedOutcome applies the Zeckendorf rule.
func (g FibonacciNim) ClosedOutcome(p FibPos) (impartial.Outcome, bool) {
	if p.N <= 0 || g.Limit(p) <= 0 {
		return impartial.P, p.N >= 0
	}
	if smallestTerm(p.N) <= g.Limit(p) {
		return impartial.N, true
	}
	return impartial.P, true
}

// ClosedValue knows the value of P-positions only (0).
func (g FibonacciNim) ClosedValue(p FibPos) (impartial.Nimber, bool) {
	if o, ok := g.ClosedOutcome(p); ok && o == impartial.P {
		return 0, true
	}
	return 0, false
}

// MovesToValue lists the winning moves (v = 0): the prefix sums t of n's
// Zeckendorf terms with t ≤ L and the next term greater than 2t.
func (g FibonacciNim) MovesToValue(dst []FibPos, p FibPos, v impartial.Nimber) ([]FibPos, bool) {
	if v != 0 {
		return dst, false
	}
	if p.N <= 0 {
		return dst, true
	}
	terms := Zeckendorf(p.N)
	t := 0
	for i, z := range terms {
		t += z
		if t > g.Limit(p) {
			break
		}
		if i+1 == len(terms) || terms[i+1] > 2*t {
			dst = append(dst, FibPos{p.N - t, t})
		}
	}
	return dst, true
}
