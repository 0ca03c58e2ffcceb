package sweep

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/octal"
)

// A take-and-break code in CGSuite's syntax that is an octal code gives
// the octal code's row (but for its name and the seconds): the same
// kernels, the same hunt, the same check against the tables. Among them a
// code stopped by the plain cap (0.007), a sparse one run to --to (0.16),
// proved ones (0.77, 0.137, 4.344).
func TestTBRowsEqualOctalRows(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "0.137", "0.16", "0.007", "4.344", "0.6"} {
		type flat struct {
			OctalRow
			pubP, pubN int
		}
		row := func(c string) flat {
			r, _, err := unitRow(c, OctalBudget{To: 6000, PlainTo: 2048, MaxWork: DefaultMaxWork})
			if err != nil {
				t.Fatal(err)
			}
			r.Compare()
			f := flat{OctalRow: r}
			if r.PublishedPeriod != nil {
				f.pubP, f.pubN = *r.PublishedPeriod, *r.PublishedPreperiod
			}
			f.Code, f.Seconds, f.CPUSeconds, f.PublishedPeriod, f.PublishedPreperiod = "", 0, 0, nil, nil
			return f
		}
		if o, tb := row(code), row("tb:"+code); o != tb {
			t.Errorf("%s: %+v\ntb:%s: %+v", code, o, code, tb)
		}
	}
}

// tb:4!.0 is Grundy's game: its row is the hunt of octal.GrundysGame
// under the same budget.
func TestTBGrundysGame(t *testing.T) {
	r, _, err := unitRow("tb:4!.0", OctalBudget{To: 20000, MaxWork: DefaultMaxWork})
	if err != nil {
		t.Fatal(err)
	}
	c := octal.NewComputer(octal.GrundysGame(), octal.Auto)
	per, stop, err := c.Hunt(context.Background(), octal.HuntLimits{MaxN: 20000})
	if err != nil {
		t.Fatal(err)
	}
	st := c.Stats()
	if r.ComputedTo != per.ComputedTo || r.MaxValue != st.MaxValue || r.Rare != st.Rare || r.Stop != stopName[stop] || r.Status != "none" || r.ComputedTo != 20000 || r.Rare == 0 {
		t.Errorf("tb:4!.0: %+v; Grundy's game: %+v, stop %s, %+v", r, per, stop, st)
	}
}

// A tb: code whose kernel lists partitions stops at the work limit, with
// the values whose work fits: tb:0.{2+} (remove one token, leave two heaps
// or more) examines p(n−1) − 1 partitions for heap n (p the partition
// numbers), so it stops at the largest N with Σ_{n≤N} (p(n−1) − 1) ≤ the
// limit.
func TestTBWorkLimit(t *testing.T) {
	const limit = 200_000
	p := make([]int64, 80) // partition numbers, Euler's recurrence by parts
	p[0] = 1
	for part := 1; part < len(p); part++ {
		for m := part; m < len(p); m++ {
			p[m] += p[m-part]
		}
	}
	want, work := 0, int64(0)
	for n := 1; n < len(p); n++ {
		if n-1 >= 1 {
			work += p[n-1] - 1
		}
		if work > limit {
			break
		}
		want = n
	}
	r, _, err := unitRow("tb:0.{2+}", OctalBudget{To: 1000, PlainTo: 1000, MaxWork: limit})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stop != "max_work" || r.ComputedTo != want {
		t.Errorf("tb:0.{2+} under %d options: %+v, want stopped by the work limit at %d", limit, r, want)
	}
}

// A bad tb: code is a usage error naming the column in the code as
// written; an octal code's error is unchanged; the codes' keys are file
// names.
func TestSweepCodes(t *testing.T) {
	_, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{To: 100, Codes: []string{"0.77", "tb:4!!.0"}}}, Options{Out: t.TempDir()})
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `code "tb:4!!.0": column 6: "!" must follow a digit`) {
		t.Errorf("tb:4!!.0: %v, want a usage error at column 6", err)
	}
	for s, want := range map[string]string{"tb:4!.0": "tb:4!.0", "tb:0.77": "tb:0.77", ".77": "0.77", "tb:4!.": "tb:4!.0"} {
		if got, _, err := ParseSweepCode(s); err != nil || got != want {
			t.Errorf("ParseSweepCode(%q) = %q, %v, want %q", s, got, err, want)
		}
	}
	for code, key := range map[string]string{"0.77": "0.77", "tb:4!.0": "tb-4!.0", "tb:0.[3]": "tb-0.%5B3%5D", "tb:0.{2+}": "tb-0.%7B2+%7D", "tb:0.&64;": "tb-0.%2664%3B"} {
		if got := codeKey(code); got != key {
			t.Errorf("codeKey(%q) = %q, want %q", code, got, key)
		}
	}
	if got := SplitCodes("0.77,tb:0.{2,5},tb:4!.0"); strings.Join(got, " ") != "0.77 tb:0.{2,5} tb:4!.0" {
		t.Errorf("SplitCodes: %q", got)
	}
}
