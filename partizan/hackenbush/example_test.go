package hackenbush_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/hackenbush"
)

// Pictures in CGSuite's notation, valued by partizan's Solver with the
// closed forms (numbers for blue-red pictures, nimbers for green ones).
func Example() {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	for _, s := range []string{"lrlrrllr", "l(l;rl)", "lrlerrr", "ee:Aeeee:A", "(lr;rl)"} {
		p, err := hackenbush.Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		g, err := partizan.Solve[hackenbush.Position, string](c, hackenbush.Game{}, p)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-12s %s\n", p, g)
	}
	// Output:
	// lrlrrllr     77/128
	// l(l;rl)      3/2
	// lrlerrr      3/4v[3]*
	// ee:Aeeee:A   *2
	// (lr;rl)      0
}

// A blue-red picture is a number, searched as numbers only.
func ExampleNumberValue() {
	p, _ := hackenbush.Parse("lrrl")
	v, ok := hackenbush.NumberValue(p)
	fmt.Println(v, ok)
	// Output: 3/8 true
}

func ExampleParse_error() {
	_, err := hackenbush.Parse("lrlr;lr")
	fmt.Println(err)
	// Output: position "lrlr;lr": column 6: this part is not connected to the ground (the ground is the first vertex; write several parts on it as (A;B))
}
