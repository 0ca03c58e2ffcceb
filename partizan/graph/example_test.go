package graph_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/graph"
)

// Snort and Col in CGSuite's graph notation: a vertex tinted L is next to
// one Left coloured.
func Example() {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	for _, s := range []string{"L-.-.-.-L", ".-.-.(-.;-.)", "path(7)"} {
		p, _ := graph.Snort{}.ParsePosition(s)
		g, _ := partizan.Solve[graph.Position, string](c, graph.Snort{}, p)
		fmt.Printf("Snort %s = %s\n", s, g)
	}
	p, _ := graph.Col{}.ParsePosition("R-.-R-.-L-.-R-.-R-.")
	g, _ := partizan.Solve[graph.Position, string](c, graph.Col{}, p)
	fmt.Println("Col R-.-R-.-L-.-R-.-R-. =", g)
	// Output:
	// Snort L-.-.-.-L = {4|0,+-1}
	// Snort .-.-.(-.;-.) = +-{3|2}
	// Snort path(7) = +-{1,{4|3||+-1,{1*|*}},{4|3||*|-1*}}
	// Col R-.-R-.-L-.-R-.-R-. = 7/8
}
