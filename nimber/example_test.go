package nimber_test

import (
	"fmt"
	"math/big"

	"github.com/grundy/grundy/nimber"
)

func ExampleMul() {
	fmt.Println(nimber.Mul(2, 2), nimber.Mul(4, 4), nimber.Mul(8, 8), nimber.Mul(16, 16))
	// Output: 3 6 13 24
}

func ExampleInv() {
	x, _ := nimber.Inv(2)
	fmt.Println(x, nimber.Mul(2, x))
	// Output: 3 1
}

func ExampleSqrt() {
	fmt.Println(nimber.Sqrt(2), nimber.Sqrt(8))
	// Output: 3 14
}

func ExampleSolveQuadratic() {
	// x² + x + 1 = 0: the two roots are the elements of GF(4) outside GF(2).
	roots, _ := nimber.SolveQuadratic(1, 1, 1)
	fmt.Println(roots)
	// Output: [2 3]
}

func ExampleRoots() {
	// (x + 5)(x + 7) = x² + 2x + 5⊗7.
	roots, _ := nimber.Roots([]uint64{nimber.Mul(5, 7), 5 ^ 7, 1})
	fmt.Println(roots)
	// Output: [5 7]
}

func ExampleMulBig() {
	// The square of the Fermat 2-power 2^64 is 3·2^64/2.
	F := new(big.Int).Lsh(big.NewInt(1), 64)
	fmt.Println(nimber.MulBig(F, F))
	// Output: 27670116110564327424
}

func ExampleEval() {
	v, _ := nimber.Eval("(5+6)/7^2 + sqrt(2)", nimber.Settings{})
	fmt.Println(v)
	_, err := nimber.Eval("1/(2+2)", nimber.Settings{})
	fmt.Println(err)
	// Output:
	// 9
	// expression "1/(2+2)": column 2: division by 0
}
