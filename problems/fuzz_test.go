package problems_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/problems"
)

// fuzzProblem: any input is solved or rejected with one *InputError; never a
// panic or a hang. Output ends with a newline when there is any.
func fuzzProblem(f *testing.F, id string, seeds ...string) {
	p, err := problems.Lookup(id)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range append(seeds, "", "\n", "0", "1 1 1 1", "x", "99999999999999999999999", " -0 +5 ") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 4096 {
			return
		}
		var out bytes.Buffer
		err := p.Solve(strings.NewReader(in), &out)
		if err != nil {
			var ie *problems.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("%s on %q: %v is not an InputError", id, in, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%s: error spans lines: %q", id, err)
			}
			return
		}
		if s := out.String(); s != "" && !strings.HasSuffix(s, "\n") {
			t.Fatalf("%s on %q: output %q does not end with a newline", id, in, s)
		}
	})
}

func FuzzHdu1846(f *testing.F) { fuzzProblem(f, "hdu1846", "2\n23 2\n4 3\n", "1\n5 x\n", "3\n") }

func FuzzHdu2149(f *testing.F) { fuzzProblem(f, "hdu2149", "4 2\n3 2\n3 5\n", "4\n", "0 0\n") }

func FuzzHdu2188(f *testing.F) { fuzzProblem(f, "hdu2188", "2\n4 3\n3 5\n", "1\n1 1048577\n") }

func FuzzHdu1517(f *testing.F) {
	fuzzProblem(f, "hdu1517", "162\n17\n34012226\n", "18446744073709551615\n", "0\n")
}

func FuzzHdu1847(f *testing.F) { fuzzProblem(f, "hdu1847", "1\n3\n", "-1\n") }

func FuzzHdu2897(f *testing.F) { fuzzProblem(f, "hdu2897", "7 2 3\n", "7 3 2\n", "1 1 1\n") }

func FuzzHdu1907(f *testing.F) { fuzzProblem(f, "hdu1907", "2\n3\n3 5 1\n1\n1\n", "1\n99999999\n") }

func FuzzHdu1730(f *testing.F) {
	fuzzProblem(f, "hdu1730", "2 8\n1 5\n6 2\n\n1 10\n3 4\n", "1 3\n2 2\n")
}

func FuzzHdu1850(f *testing.F) { fuzzProblem(f, "hdu1850", "3\n5 7 9\n0\n", "2\n1\n") }

func FuzzPoj2975(f *testing.F) {
	fuzzProblem(f, "poj2975", "3\n7 11 13\n2\n1000000000 1000000000\n0\n", "3\n7 11 13\n")
}

func FuzzHdu2176(f *testing.F) {
	fuzzProblem(f, "hdu2176", "2\n45 45\n3\n3 6 9\n5\n5 7 8 9 10\n0\n", "16777216\n1\n")
}

func FuzzHdu1849(f *testing.F) { fuzzProblem(f, "hdu1849", "2\n3 5\n3\n3 5 6\n0\n") }

func FuzzHdu4315(f *testing.F) {
	fuzzProblem(f, "hdu4315", "3 3\n1 2 4\n2 1\n100 200\n", "3 2\n1 2 4\n", "3 2\n4 2 1\n")
}

func FuzzHdu2516(f *testing.F) { fuzzProblem(f, "hdu2516", "2\n13\n10000\n0\n", "1\n") }
