package main

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/cliexit"
	"github.com/grundy/grundy/internal/memguard"
)

// --max-memory bounds the process, not only the search's tables: a command
// that keeps allocating outside the search is stopped by the governor with
// a memory BudgetError (exit 2) once the heap passes guardLimit.
func TestMaxMemoryGovernsTheProcess(t *testing.T) {
	if raceEnabled {
		t.Skip("allocates a few hundred MiB; the race detector multiplies it")
	}
	b := &budgetFlags{maxMemory: "16MiB"}
	ctx, cancel := b.context(context.Background())
	defer cancel()
	// A block every memguard.DefaultInterval at most (200 MiB/s): the
	// guard samples again within the time its headroom takes to fill at
	// 4 GiB/s (and DefaultInterval at least), and a timer never fires
	// early, so a sample finds the heap at most a block or two past the
	// limit, on any machine (a loop allocating freely would pass it by what
	// the machine allocates in one period). The minute is a failsafe; 4096
	// blocks is where a guard that never trips leaves the loop.
	var hold [][]byte
	deadline := time.Now().Add(time.Minute)
	for ctx.Err() == nil && time.Now().Before(deadline) && len(hold) < 4096 {
		hold = append(hold, make([]byte, 1<<20))
		time.Sleep(memguard.DefaultInterval)
	}
	var be *impartial.BudgetError
	if err := impartial.ContextError(ctx); !errors.As(err, &be) || be.Limit != impartial.LimitMemory {
		t.Fatalf("after %d MiB held: %v, want a memory budget error", len(hold), err)
	}
	if got, limit := int64(len(hold))<<20, guardLimit(16<<20); got > limit+limit/2 {
		t.Errorf("stopped at %d MiB, limit %d MiB", got>>20, limit>>20)
	}
	t.Logf("stopped with %d MiB held, limit %d MiB", len(hold), guardLimit(16<<20)>>20)
	if code := cliexit.Code(impartial.ContextError(ctx)); code != exitLimit {
		t.Errorf("exit %d, want %d", code, exitLimit)
	}
}
