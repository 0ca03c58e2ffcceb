package main

import (
	"testing"

	"github.com/grundy/grundy/internal/stop"
	"github.com/grundy/grundy/internal/stop/stoptest"
)

// TestExitStatusTable: the exit status of every kind of stop is the table
// of record's (stoptest.Want, README.md "Errors and budgets"), for every
// sample error of the kind; the web's test checks the other column.
func TestExitStatusTable(t *testing.T) {
	samples := stoptest.Errors()
	for _, k := range stop.Kinds {
		want := stoptest.Want[k].Exit
		if got := exitStatuses[k]; got != want {
			t.Errorf("exitStatuses[%s] = %d, want %d", k, got, want)
		}
		for _, err := range samples[k] {
			if got := exitCode(err); got != want {
				t.Errorf("%s: exitCode(%T %q) = %d, want %d", k, err, err, got, want)
			}
		}
	}
	// The command line's own errors come first.
	if got := exitCode(usagef("bad flag")); got != exitUsage {
		t.Errorf("a usage error: exit %d", got)
	}
}
