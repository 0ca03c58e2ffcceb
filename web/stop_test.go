package web

import (
	"testing"

	"github.com/grundy/grundy/internal/stop"
	"github.com/grundy/grundy/internal/stop/stoptest"
)

// TestHTTPStatusTable: the HTTP status of every kind of stop is the table
// of record's (stoptest.Want, docs/api.md "Errors"), for every sample
// error of the kind; cmd/grundy's test checks the exit statuses.
func TestHTTPStatusTable(t *testing.T) {
	samples := stoptest.Errors()
	for _, k := range stop.Kinds {
		want := stoptest.Want[k].HTTP
		if got := httpStatuses[k]; got != want {
			t.Errorf("httpStatuses[%s] = %d, want %d", k, got, want)
		}
		for _, err := range samples[k] {
			if got, msg := errorStatus(err); got != want || msg == "" {
				t.Errorf("%s: errorStatus(%T %q) = %d %q, want %d", k, err, err, got, msg, want)
			}
		}
	}
}
