package misere

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"testing"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/quotients.jsonl from this code")

// goldenQuotient is one line of testdata/quotients.jsonl: the input and
// the whole answer.
type goldenQuotient struct {
	Code    string  `json:"code"`
	Heaps   int     `json:"heaps"`
	MaxWork int64   `json:"max_work,omitempty"`
	Summary Summary `json:"summary"`
	Work    int64   `json:"work"`
	Stop    string  `json:"stop,omitempty"`
}

// goldenInputs are the quotients TestQuotientsGolden compares: Kayles to
// heap 200, Dawson's Kayles to 30, 0.75, 0.15 and 0.115 (proved), the codes
// TestQuotientsAgainstSearch checks, and two runs stopped by the work bound
// (0.16, 0.35), whose stop heap and partial quotient depend on the work
// count.
var goldenInputs = []struct {
	code    string
	heaps   int
	maxWork int64
}{
	{"0.77", 200, 0}, {"0.07", 30, 0}, {"0.75", 30, 0}, {"0.15", 60, 0}, {"0.115", 60, 0},
	{"0.137", 14, 0}, {"0.312", 14, 0}, {"0.4", 14, 0}, {"0.04", 14, 0}, {"0.6", 14, 0},
	{"0.123", 14, 0}, {"4.7", 14, 0}, {"0.33", 14, 0},
	{"0.16", 18, 2_000_000}, {"0.35", 20, 5_000_000},
}

// TestQuotientsGolden compares whole quotients (generators, relations,
// elements, P-portion, Φ by name, period, the heaps where the quotient
// grew, the multiplication table, the work count, the stop) with those
// 5bb09fe's code computed (testdata/quotients.jsonl, written there with
// -update-golden): issue 43 changed how the quotient is computed, not what
// it is.
func TestQuotientsGolden(t *testing.T) {
	var got []goldenQuotient
	for _, in := range goldenInputs {
		work := in.maxWork
		if work == 0 {
			work = 50_000_000 // a bound, so that no input runs away
		}
		q, err := Compute(context.Background(), Octal(mustCode(t, in.code)), in.heaps, Settings{MaxWork: work})
		g := goldenQuotient{Code: in.code, Heaps: in.heaps, MaxWork: in.maxWork}
		var se *StopError
		switch {
		case errors.As(err, &se):
			g.Stop = se.Error()
		case err != nil:
			t.Fatalf("%s to %d: %v", in.code, in.heaps, err)
		}
		g.Summary, g.Work = q.Summary(), q.Work()
		got = append(got, g)
	}
	const file = "testdata/quotients.jsonl"
	if *updateGolden {
		f, err := os.Create(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range got {
			b, _ := json.Marshal(g)
			fmt.Fprintf(f, "%s\n", b)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	n := 0
	for i := 0; sc.Scan(); i++ {
		n++
		if i >= len(got) {
			t.Fatalf("%s has more lines than inputs", file)
		}
		b, _ := json.Marshal(got[i])
		if string(b) != sc.Text() {
			t.Errorf("%s to %d (max work %d) differs from %s line %d:\n got %s\nwant %s", got[i].Code, got[i].Heaps, got[i].MaxWork, file, i+1, b, sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != len(got) {
		t.Errorf("%s has %d lines for %d inputs", file, n, len(got))
	}
}
