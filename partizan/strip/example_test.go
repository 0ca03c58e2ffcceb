package strip_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/strip"
)

// Toads and Frogs (toads are Left's) and Toppling Dominoes (blue, l, is
// Left's).
func Example() {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	tf, _ := strip.ToadsAndFrogs{}.ParsePosition("ttt.ff")
	g, _ := partizan.Solve[strip.Strip, strip.Strip](c, strip.ToadsAndFrogs{}, tf)
	fmt.Println("ttt.ff =", g)
	td, _ := strip.TopplingDominoes{}.ParsePosition("lrrlrrl")
	g, _ = partizan.Solve[strip.Strip, strip.Strip](c, strip.TopplingDominoes{}, td)
	fmt.Println("lrrlrrl =", g)
	// Output:
	// ttt.ff = *
	// lrrlrrl = Tiny(1/2)
}
