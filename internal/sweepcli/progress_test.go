package sweepcli

import (
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/sweep"
)

// Progress on a stderr that is not a terminal: plain lines, the first at
// once, then one per --progress-every of the clock (a fake one here), the
// last when every unit is done; with --progress-every 0, one at each unit
// done. The units done earlier are named and left out of the time left.
func TestPlainProgress(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 15, 0, 0, 0, time.UTC)
	now := t0
	var b strings.Builder
	p := &plainProgress{w: &b, what: "codes", every: time.Minute, now: func() time.Time { return now }}
	steps := []struct {
		after  time.Duration
		done   int
		values int64
		saved  int64 // by one unit under way
	}{
		{0, 10, 0, 0},                       // the first report: printed
		{30 * time.Second, 11, 4e6, 0},      // within the minute: not printed
		{61 * time.Second, 12, 6e6, 0},      // a minute on: printed
		{90 * time.Second, 12, 6e6, 0},      // not printed
		{3 * time.Minute, 12, 6e6, 1 << 25}, // a minute on, a long unit's checkpoint: printed
		{200 * time.Second, 40, 2e7, 0},     // the last unit: printed at once
		{201 * time.Second, 40, 2e7, 0},     // Run's last report: already said
	}
	for _, s := range steps {
		now = t0.Add(s.after)
		pr := sweep.Progress{Done: s.done, Total: 40, Earlier: 10, Values: s.values, Saved: s.saved}
		if s.saved > 0 {
			pr.Underway = 1
		}
		p.report(pr)
	}
	want := `2026-11-26 15:00:00 grundy sweep: 10/40 codes (10 done earlier), 0s elapsed
2026-11-26 15:01:01 grundy sweep: 12/40 codes (10 done earlier), 98.4 k values/s, 1m1s elapsed, about 14m14s left
2026-11-26 15:03:00 grundy sweep: 12/40 codes (10 done earlier), 33.3 k values/s, 1 under way with 33.6 M values saved, 3m0s elapsed, about 42m0s left
2026-11-26 15:03:20 grundy sweep: 40/40 codes (10 done earlier), 100 k values/s, 3m20s elapsed
`
	if b.String() != want {
		t.Errorf("every minute:\n%s\nwant\n%s", b.String(), want)
	}

	b.Reset()
	p = &plainProgress{w: &b, what: "codes", every: 0, now: func() time.Time { return now }}
	for _, done := range []int{0, 0, 1, 1, 2, 3, 3} {
		p.report(sweep.Progress{Done: done, Total: 3})
	}
	if got := strings.Count(b.String(), "\n"); got != 4 || !strings.Contains(b.String(), " 3/3 codes, 0s elapsed\n") {
		t.Errorf("each unit:\n%s", b.String())
	}
}
