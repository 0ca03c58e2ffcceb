package misere_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/octal"
)

// The quotient of the octal game 0.75, proved for every heap by the
// periodicity theorem, answers sums of heaps by products.
func ExampleCompute() {
	ctx := context.Background()
	c, _ := octal.ParseCode("0.75")
	q, err := misere.Compute(ctx, misere.Octal(octal.New(c)), 30, misere.Settings{})
	if err != nil {
		panic(err)
	}
	fmt.Println(q.Size(), q.Status(), q)
	fmt.Println(q.Pretending()[:10])
	o, _ := q.Outcome(ctx, []int{1, 2, 5, 1000})
	moves, _ := q.WinningMoves(ctx, []int{2, 2, 5}, 0)
	fmt.Println(o, moves)
	// Output:
	// 8 proved ⟨a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b⟩, P = {a, b^2}
	// [1 a b a b c b c b ab^2]
	// P [{2 5 [3 1]} {2 5 [2 2]}]
}

// Canonical forms and genus of positions of the octal game .312 (T. E.
// Plambeck's analysis): heap 3 is 2#, the game whose only option is *2;
// heap 4 is {2#, *1}.
func ExampleCalculator() {
	ctx := context.Background()
	c, _ := octal.ParseCode("0.312")
	calc := misere.NewCalculator[octal.Parts](octal.NewValued(octal.New(c)), impartial.Settings{})
	for h := int64(1); h <= 4; h++ {
		f, _ := calc.Form(ctx, octal.Parts{h})
		fmt.Println(h, f, f.Genus(), f.Outcome())
	}
	f, _ := calc.Form(ctx, octal.Parts{2}, octal.Parts{2})
	fmt.Println("2+2", f, f.Genus())
	// Output:
	// 1 * 1^031 P
	// 2 *2 2^20 N
	// 3 *2# 0^02 P
	// 4 *(2#,1) 2^1420 N
	// 2+2 *(3,2) 0^02
}

// Extend adds heaps until the periodicity theorem proves the quotient:
// 0.115's, of 42 elements, at heap 214. A winning move of a sum of heaps
// of any size then comes from the option images, the options of one heap
// within the heaps computed lifted by the period.
func ExampleExtend() {
	ctx := context.Background()
	c, _ := octal.ParseCode("0.115")
	q, err := misere.Extend(ctx, misere.Octal(octal.New(c)), misere.Settings{})
	if err != nil {
		panic(err)
	}
	fmt.Println(q.Size(), q.PSize(), q.Status(), q.Computed())
	heaps := []int{1_000_000_007, 12, 5}
	x, _ := q.ProductImage(ctx, heaps)
	m, ok, _ := q.WinningMove(ctx, heaps)
	fmt.Println(q.Name(x), ok, m.Heap, m.To)
	// Output:
	// 42 12 proved 214
	// ab^2 true 1000000007 [1000000003 1]
}
