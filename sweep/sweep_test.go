package sweep

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

func readJSONL[T any](t *testing.T, name string) []T {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	return out
}

// The octal sweep on the local runner gives, code for code, what a direct
// octal.FindPeriod gives.
func TestOctalSweepMatchesDirect(t *testing.T) {
	dir := t.TempDir()
	const to = 3000
	sum, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 2, To: to}}, Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	rows := readJSONL[OctalRow](t, filepath.Join(dir, "results.jsonl"))
	if len(rows) != 63 || sum.Units != 63 {
		t.Fatalf("%d rows, %d units, want 63", len(rows), sum.Units)
	}
	for _, r := range rows {
		want, err := OctalUnit(context.Background(), r.Code, to)
		if err != nil {
			t.Fatal(err)
		}
		if r.Period != want.Period || r.Preperiod != want.Preperiod || r.Status != want.Status ||
			r.ComputedTo != want.ComputedTo || r.MaxValue != want.MaxValue || r.Rare != want.Rare {
			t.Errorf("%s: sweep %+v, direct %+v", r.Code, r, want)
		}
	}
	t.Logf("summary %+v", sum)
}
