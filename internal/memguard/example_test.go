package memguard_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/memguard"
)

// A computation that keeps allocating is stopped with a memory error once
// the heap passes the guard's limit.
func Example() {
	g := memguard.New(memguard.Options{Limit: 64 << 20})
	defer memguard.SetGCLimit(g.Limit())()
	ctx, cancel := g.Watch(context.Background())
	defer cancel()

	run := func(ctx context.Context) error {
		var held [][]byte
		for {
			if err := ctx.Err(); err != nil {
				return &impartial.BudgetError{Limit: impartial.LimitCanceled, Err: err} // what the engines report
			}
			held = append(held, make([]byte, 1<<20))
		}
	}
	fmt.Println(memguard.Cause(ctx, run(ctx)))
	// Output:
	// memory budget exhausted: more than 64.0 MiB needed
}
