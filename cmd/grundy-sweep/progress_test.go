package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
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

// The sweep command prints the plain lines when its stderr is a file
// (a log), the last one saying every unit is done; the output and the
// results are those of a run without them. A pipe gets them only with
// --progress-every given.
func TestSweepPlainProgressToFile(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	code := run(context.Background(), []string{"octal", "--digits", "1", "--to", "300", "--out", filepath.Join(dir, "o"), "--progress-every", "0"},
		&streams{in: strings.NewReader(""), out: &out, err: f})
	log, _ := os.ReadFile(f.Name())
	lines := strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
	last := lines[len(lines)-1]
	if code != 0 || !strings.Contains(out.String(), "status: 6 proved, 0 found, 1 none\n") || !strings.Contains(last, " grundy sweep: 7/7 codes, ") {
		t.Errorf("%d %q, log:\n%s", code, out.String(), log)
	}
	for _, l := range lines {
		if !strings.Contains(l, " grundy sweep: ") || !strings.Contains(l, "/7 codes") {
			t.Errorf("log line %q", l)
		}
	}
	// A pipe (a harness reading the output) gets the lines only if asked.
	for _, asked := range []bool{false, true} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"octal", "--digits", "1", "--to", "300", "--out", filepath.Join(dir, "p"+strconv.FormatBool(asked))}
		if asked {
			args = append(args, "--progress-every", "1h")
		}
		read := make(chan string)
		go func() { b, _ := io.ReadAll(r); read <- string(b) }()
		code := run(context.Background(), args, &streams{in: strings.NewReader(""), out: &out, err: w})
		w.Close()
		got := <-read
		r.Close()
		if code != 0 || (got == "") == asked || asked && !strings.Contains(got, " grundy sweep: 7/7 codes, ") {
			t.Errorf("a pipe, --progress-every given %v: %d %q", asked, code, got)
		}
	}
	_, errs, code := grundy(t, "", "sweep", "octal", "--progress-every", "-1s")
	if code != 2 || errs != "grundy sweep: --progress-every must be at least 0, not -1s\n" {
		t.Errorf("--progress-every -1s: %d %q", code, errs)
	}
}
