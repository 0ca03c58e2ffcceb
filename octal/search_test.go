package octal

import (
	"errors"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// SearchPeriod, the one period search of the catalog, the sweep and
// FindPeriod, is the hunt of a computer set up by hand (Hunt), with its
// refusals before any work and its two ways of meeting the work limit.
func TestSearchPeriod(t *testing.T) {
	for _, c := range []struct {
		code string
		s    PeriodSearch
	}{
		{".77", PeriodSearch{MaxN: 2000}},
		{".156", PeriodSearch{MaxN: 100000, PlainMaxN: 2048}},
		{".007", PeriodSearch{MaxN: 1 << 20, PlainMaxN: 4096}},
		{".16", PeriodSearch{MaxN: 20000, Parallel: true}},
		{".6", PeriodSearch{MaxN: 5000, Method: PlainMethod}},
	} {
		g := mustCode(t, c.code)
		got, err := SearchPeriod(ctx, g, c.s)
		if err != nil {
			t.Fatal(err)
		}
		comp := NewComputer(g, c.s.Method)
		want, stop, err := comp.Hunt(ctx, HuntLimits{MaxN: c.s.MaxN, PlainMaxN: c.s.PlainMaxN})
		if err != nil {
			t.Fatal(err)
		}
		if got.Periodicity != want || got.Stop != stop || got.Computer.Len() != comp.Len() || checksum(got.Computer, comp.Len()-1) != checksum(comp, comp.Len()-1) {
			t.Errorf("%s %+v: %+v stop %s, by hand %+v stop %s", c.code, c.s, got.Periodicity, got.Stop, want, stop)
		}
	}

	var he *HeapError
	if _, err := SearchPeriod(ctx, mustCode(t, ".77"), PeriodSearch{MaxN: MaxHeap + 1, Name: "kayles"}); !errors.As(err, &he) || he.Game != "kayles" {
		t.Errorf("past MaxHeap: %v, want a HeapError naming kayles", err)
	}
	var be *impartial.BudgetError
	if f, err := SearchPeriod(ctx, mustCode(t, ".77"), PeriodSearch{MaxN: 1 << 20, MaxMemory: 1 << 10}); !errors.As(err, &be) || be.Limit != impartial.LimitMemory || f.Computer.Len() != 1 {
		t.Errorf("past the memory budget: %v, want a memory budget error before any work", err)
	}

	// The work limit: an error, or with KeepAtWork what the values say.
	g := mustTB(t, "0.*")
	if _, err := SearchPeriod(ctx, g, PeriodSearch{MaxN: 60, MaxWork: 100_000}); impartial.LimitOf(err) != impartial.LimitWork {
		t.Errorf("tb:0.* within 10^5 options: %v, want a work error", err)
	}
	f, err := SearchPeriod(ctx, g, PeriodSearch{MaxN: 60, MaxWork: 100_000, KeepAtWork: true})
	if err != nil || f.Stop != StopWork || f.ComputedTo != f.Computer.Len()-1 || f.ComputedTo < 10 {
		t.Errorf("tb:0.* kept at the work limit: %+v stop %s, %v", f.Periodicity, f.Stop, err)
	}

	// Setup sees the computer before the hunt (a checkpoint's replay).
	want := values(t, mustCode(t, ".6"), PlainMethod, 3000)
	f, err = SearchPeriod(ctx, mustCode(t, ".6"), PeriodSearch{MaxN: 3000, Setup: func(c *Computer) error {
		i := 0
		return c.SetReplay(1000, func() (uint32, error) { i++; return want[i], nil })
	}})
	if err != nil || f.Computer.Len() != 3001 {
		t.Fatalf("with a replay: %v", err)
	}
	for n, v := range want {
		if f.Computer.At(n) != v {
			t.Fatalf("with a replay: G(%d) = %d, plain %d", n, f.Computer.At(n), v)
		}
	}
}
