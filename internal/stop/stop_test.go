package stop_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/stop"
	"github.com/grundy/grundy/internal/stop/stoptest"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/nimber"
	"github.com/grundy/grundy/octal"
	"github.com/grundy/grundy/rules"
)

// TestOf: every sample error has its kind, and every kind has samples and
// a row of the table.
func TestOf(t *testing.T) {
	samples := stoptest.Errors()
	for _, k := range stop.Kinds {
		if len(samples[k]) == 0 {
			t.Errorf("kind %s: no sample error", k)
		}
		if _, ok := stoptest.Want[k]; !ok {
			t.Errorf("kind %s: no row in the table", k)
		}
		for _, err := range samples[k] {
			if got := stop.Of(err); got != k {
				t.Errorf("Of(%T %q) = %s, want %s", err, err, got, k)
			}
		}
	}
	if got := stop.Of(nil); got != stop.Failure {
		t.Errorf("Of(nil) = %s", got)
	}
}

// TestLibraryLimits: the limits the library's packages stop at, run for
// real, are each one *impartial.BudgetError naming its limit, with the
// package's own words kept.
func TestLibraryLimits(t *testing.T) {
	ctx := context.Background()
	code, err := octal.ParseCode("0.77")
	if err != nil {
		t.Fatal(err)
	}
	_, mErr := misere.Compute(ctx, misere.Octal(octal.New(code)), 30, misere.Settings{MaxSize: 10})
	_, nErr := nimber.Eval("0x"+strings.Repeat("f", 256)+"^"+strings.Repeat("9", 300), nimber.Settings{MaxWork: 1000})
	tb, err := octal.ParseTB("0.*")
	if err != nil {
		t.Fatal(err)
	}
	c := octal.NewComputer(octal.NewTB(tb), octal.Auto)
	c.SetMaxWork(10_000)
	oErr := c.Extend(ctx, 60)
	_, lErr := rules.Load(ctx, "loop.star", []byte("def f():\n    x = 0\n    while True:\n        x += 1\n\nf()\n"), rules.Limits{MaxSteps: 1000})
	for _, c := range []struct {
		name  string
		err   error
		limit impartial.Limit
		words string
	}{
		{"misère size", mErr, impartial.LimitSize, "the quotient grows past 10 elements at heap"},
		{"nimber work", nErr, impartial.LimitWork, "work budget exhausted: the expression needs more than 1000 products"},
		{"tb work", oErr, impartial.LimitWork, "pass the work limit of 10000 options examined"},
		{"rule file steps", lErr, impartial.LimitSteps, "more than 1000 steps"},
	} {
		if impartial.LimitOf(c.err) != c.limit || stop.Of(c.err) != stop.Limit || c.err == nil || !strings.Contains(c.err.Error(), c.words) {
			t.Errorf("%s: %v (limit %q, kind %s), want limit %q saying %q", c.name, c.err, impartial.LimitOf(c.err), stop.Of(c.err), c.limit, c.words)
		}
	}
	// A rule file's own error is bad data, not a limit.
	_, fErr := rules.Load(ctx, "fail.star", []byte("fail(\"no\")\n"), rules.Limits{})
	if stop.Of(fErr) != stop.BadData {
		t.Errorf("fail() at the top level: %v is %s, want bad data", fErr, stop.Of(fErr))
	}
}
