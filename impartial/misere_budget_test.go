package impartial_test

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

// A misère search of a game with 2^18 options per position stops at
// its budget: the options it holds count (regression: the web server's
// /api/reply?game=subtract:2-1048576&position=999999999&misere=1 grew to
// 8 GB under a 256 MiB budget and never returned).
func TestMisereBudgetCountsOptions(t *testing.T) {
	set := make([]int, 0, 1<<18)
	for s := 2; s <= 1<<18; s++ {
		set = append(set, s)
	}
	g, err := games.NewSubtraction(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []impartial.Budget{
		{MaxMemory: 16 << 20},
		{MaxPositions: 1_000_000},
	} {
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		s := impartial.NewMisereSolver[int](g, impartial.Settings{Budget: b})
		_, err := s.Outcome(context.Background(), 999_999_999)
		var be *impartial.BudgetError
		if !errors.As(err, &be) {
			t.Fatalf("budget %+v: err = %v, want a budget error", b, err)
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 512<<20 {
			t.Errorf("budget %+v: heap grew by %d MiB", b, grown>>20)
		}
	}
}
