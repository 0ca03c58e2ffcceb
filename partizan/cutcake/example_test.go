package cutcake_test

import (
	"fmt"

	"github.com/grundy/grundy/partizan/cutcake"
)

// Left cuts vertically: a wide cake is hers.
func ExampleCakeValue() {
	for _, c := range []cutcake.Cake{{Rows: 1, Cols: 5}, {Rows: 3, Cols: 8}, {Rows: 8, Cols: 3}, {Rows: 4, Cols: 4}} {
		fmt.Printf("%dx%d = %d\n", c.Rows, c.Cols, cutcake.CakeValue(c))
	}
	// Output:
	// 1x5 = 4
	// 3x8 = 3
	// 8x3 = -3
	// 4x4 = 0
}
