package impartial_test

import (
	"fmt"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// nimHeap is one Nim heap: n moves to 0..n-1, an acyclic graph of n+1
// positions and n(n+1)/2 moves with values up to n.
type nimHeap struct{}

func (nimHeap) Moves(n int, yield func(int) bool) {
	for k := n - 1; k >= 0; k-- {
		if !yield(k) {
			return
		}
	}
}

// BenchmarkLoopyAcyclicNim: the loopy solver's analysis of an acyclic graph
// with large values (a Nim heap), where Fraenkel and Yesha's rounds take a
// pass over the graph per value and plain mex values take one pass.
func BenchmarkLoopyAcyclicNim(b *testing.B) {
	for _, n := range []int{300, 1000} {
		b.Run(fmt.Sprintf("value/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				s := impartial.NewLoopySolver[int](nimHeap{}, impartial.Settings{})
				if v, err := s.Value(bg, n); err != nil || v.N != impartial.Nimber(n) {
					b.Fatal(v, err)
				}
			}
		})
	}
}
