package impartial_test

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
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

// The misère search counts its work (the child states it examines, known
// or not) against Budget.MaxWork: a small bound stops it with LimitWork at
// the same point every time, with no clock involved, and a bound above its
// need gives the oracle's answer (dawson-kayles 300 under misère play ran
// for minutes within the default position budget, examining states it
// already knew).
func TestMisereSearchStopsByWork(t *testing.T) {
	g, err := games.NewSubtraction([]int{1, 2, 3, 5, 8})
	if err != nil {
		t.Fatal(err)
	}
	sum := []int{9, 14, 17, 20}
	or := impartialtest.NewOracle[int](g)
	want := or.Outcome(true, sum...)
	var first string
	for range 3 {
		s := impartial.NewMisereSolver[int](impartial.Plain[int](g), impartial.Settings{Budget: impartial.Budget{MaxWork: 200}})
		_, err := s.Outcome(context.Background(), sum...)
		var be *impartial.BudgetError
		if !errors.As(err, &be) || be.Limit != impartial.LimitWork || be.Max != 200 {
			t.Fatalf("MaxWork 200: err = %v, want a work stop naming 200", err)
		}
		if first == "" {
			first = err.Error()
		} else if err.Error() != first {
			t.Fatalf("the same bound stopped differently: %q, then %q", first, err)
		}
	}
	s := impartial.NewMisereSolver[int](impartial.Plain[int](g), impartial.Settings{Budget: impartial.Budget{MaxWork: 10_000_000}})
	got, err := s.Outcome(context.Background(), sum...)
	if err != nil || got != want {
		t.Fatalf("MaxWork 10^7: %v, %v; the oracle says %v", got, err, want)
	}
}
