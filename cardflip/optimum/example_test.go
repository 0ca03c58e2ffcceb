package optimum_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/cardflip/optimum"
)

// The best table-only strategy for 3 cards meets the memory bound 2m − H_m.
func ExampleSearch() {
	r, _ := optimum.Search(context.Background(), 3, optimum.Options{})
	fmt.Println(r.Expectation.RatString(), cardflip.SingleExpectation(3).RatString())
	// Output: 25/6 25/6
}
