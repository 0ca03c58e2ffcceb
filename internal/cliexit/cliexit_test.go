package cliexit

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
		if got := Statuses[k]; got != want {
			t.Errorf("Statuses[%s] = %d, want %d", k, got, want)
		}
		for _, err := range samples[k] {
			if got := Code(err); got != want {
				t.Errorf("%s: Code(%T %q) = %d, want %d", k, err, err, got, want)
			}
		}
	}
	// The command line's own errors come first.
	if got := Code(Usagef("bad flag")); got != Usage {
		t.Errorf("a usage error: exit %d", got)
	}
}
