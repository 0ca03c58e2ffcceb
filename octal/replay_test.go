package octal

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// A hunt stopped after some work (its context canceled at a save, as a
// kill would stop it after one) and resumed by replaying the values it
// saved ends exactly as one that ran through: the same period, stop,
// statistics (kernel, split, rare heaps, largest value, escapes) and
// values. Saving does not change a run either. The codes: sparse ones
// without a period to their limit (.161, .167, 4.004), Officers (.6,
// plain then sparse), Treblecross (.007, plain, stopped by the plain
// cap), one proved after a re-choice of the kernel (.156: 349 from 3479,
// values copied by the period past it), one with escaped values (.14 with
// escAbove lowered) and Grundy's game (tb:4!.0).
func TestReplayResumesHunt(t *testing.T) {
	cases := []struct {
		code string
		lim  HuntLimits
		esc  uint32
		long bool // with GRUNDY_LONG=1 only
	}{
		{"0.161", HuntLimits{MaxN: 40000}, 0, true},
		{"0.167", HuntLimits{MaxN: 70000}, 0, false},
		{"4.004", HuntLimits{MaxN: 30000}, 0, true},
		{"0.6", HuntLimits{MaxN: 30000, PlainMaxN: 5000}, 0, false},
		{"0.007", HuntLimits{MaxN: 30000, PlainMaxN: 3000}, 0, false},
		{"0.156", HuntLimits{MaxN: 30000}, 0, true},
		{"0.14", HuntLimits{MaxN: 9000}, 40, false},
		{"tb:4!.0", HuntLimits{MaxN: 20000}, 0, false},
	}
	for _, c := range cases {
		if c.long && !long {
			continue
		}
		var g Game
		if inner, ok := cutTB(c.code); ok {
			tb, err := ParseTB(inner)
			if err != nil {
				t.Fatal(err)
			}
			g = NewTB(tb)
		} else {
			g = mustCode(t, c.code)
		}
		fresh := func() *Computer {
			comp := NewComputer(g, Auto)
			if c.esc > 0 {
				comp.hooks.escAbove = c.esc
			}
			return comp
		}
		// Through, without saves and with them.
		whole := fresh()
		want, wantStop, err := whole.Hunt(ctx, c.lim)
		if err != nil {
			t.Fatal(err)
		}
		saving := fresh()
		saves := 0
		saving.SetSave(1000, func(*Computer) error { saves++; return nil })
		got, gotStop, err := saving.Hunt(ctx, c.lim)
		if err != nil || got != want || gotStop != wantStop || saves != whole.Len()/1000 || !sameRun(whole, saving) {
			t.Errorf("%s with saves: %+v %s %v (%d saves), want %+v %s", c.code, got, gotStop, err, saves, want, wantStop)
		}
		// Stopped at the third save, the values saved kept; resumed.
		var saved []uint32
		stopCtx, cancel := context.WithCancel(ctx)
		first := fresh()
		every := max(1000, whole.Len()/5)
		first.SetSave(every, func(comp *Computer) error {
			saved = comp.AppendValues(saved, len(saved), comp.Len())
			if len(saved) >= 3*every {
				cancel()
				return stopCtx.Err() // as a kill would, at once
			}
			return nil
		})
		if _, _, err := first.Hunt(stopCtx, c.lim); !errors.Is(err, context.Canceled) {
			t.Fatalf("%s: the stopped run: %v", c.code, err)
		}
		if len(saved) != 3*every || first.Len() < len(saved) {
			t.Fatalf("%s: %d values saved, %d computed", c.code, len(saved), first.Len())
		}
		resumed := fresh()
		i := 1 // G(0) is the computer's from the start
		if err := resumed.SetReplay(len(saved)-1, func() (uint32, error) { i++; return saved[i-1], nil }); err != nil {
			t.Fatal(err)
		}
		got, gotStop, err = resumed.Hunt(ctx, c.lim)
		if err != nil || got != want || gotStop != wantStop || !sameRun(whole, resumed) || i != len(saved) {
			t.Errorf("%s resumed from %d values: %+v %s %v, want %+v %s", c.code, len(saved), got, gotStop, err, want, wantStop)
		}
	}
}

// sameRun reports whether two computers hold the same values and
// statistics (but for the bytes their arrays happen to reserve).
func sameRun(a, b *Computer) bool {
	sa, sb := a.Stats(), b.Stats()
	sa.Bytes, sb.Bytes = 0, 0
	return sa == sb && slices.Equal(a.AppendValues(nil, 0, a.Len()), b.AppendValues(nil, 0, b.Len())) &&
		slices.Equal(a.Frequencies(), b.Frequencies())
}

func cutTB(s string) (string, bool) {
	if len(s) > 3 && s[:3] == "tb:" {
		return s[3:], true
	}
	return "", false
}

// A replayed value that cannot be read stops Extend with an error naming
// the heap; a code whose work is limited is not replayed.
func TestReplayErrors(t *testing.T) {
	comp := NewComputer(mustCode(t, "0.77"), Auto)
	comp.SetReplay(10, func() (uint32, error) { return 0, errors.New("disk gone") })
	if err := comp.Extend(ctx, 20); err == nil || err.Error() != "octal: replaying G(1): disk gone" {
		t.Errorf("Extend: %v", err)
	}
	tb, _ := ParseTB("0.8")
	comp = NewComputer(NewTB(tb), Auto)
	comp.SetMaxWork(1000)
	if err := comp.SetReplay(10, func() (uint32, error) { return 0, nil }); err == nil {
		t.Error("a work-limited three-heap code replayed")
	}
}
