package problems

import (
	"bytes"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

func runCoinProblem(t *testing.T, id, input string) (string, error) {
	t.Helper()
	p, err := Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = p.Solve(strings.NewReader(input), &out)
	return out.String(), err
}

func TestHDU3537Sample(t *testing.T) {
	// The judge's sample: n = 0 with its positions line absent, then {0},
	// then {0, 1, 2, 3}.
	got, err := runCoinProblem(t, "hdu3537", "0\n1\n0\n4\n0 1 2 3\n")
	if want := "Yes\nNo\nYes\n"; err != nil || got != want {
		t.Fatalf("sample: %q, %v; want %q", got, err, want)
	}
	// Duplicates count once: {5, 5} is {5}, a win; {5, 5, 5} too.
	got, err = runCoinProblem(t, "hdu3537", "2\n5 5\n3\n5 5 5\n0\n\n1\n99999999\n")
	if want := "No\nNo\nYes\nNo\n"; err != nil || got != want {
		t.Fatalf("duplicates: %q, %v; want %q", got, err, want)
	}
}

// mockTurtlesWins is an independent brute force: the real game on coins
// 0..n−1 as bit masks; a move turns a set of 1–3 coins whose rightmost
// (highest) coin is heads. Every option is a smaller mask.
func mockTurtlesWins(n int) []bool {
	var sets []int
	for t := 1; t < 1<<n; t++ {
		if bits.OnesCount(uint(t)) <= 3 {
			sets = append(sets, t)
		}
	}
	win := make([]bool, 1<<n)
	for mask := 1; mask < 1<<n; mask++ {
		for _, t := range sets {
			top := 1 << (bits.Len(uint(t)) - 1)
			if mask&top != 0 && !win[mask^t] {
				win[mask] = true
				break
			}
		}
	}
	return win
}

func TestHDU3537VsBruteForce(t *testing.T) {
	const n = 11
	win := mockTurtlesWins(n)
	r := rand.New(rand.NewPCG(5, 6))
	var in, want strings.Builder
	for range 500 {
		k := r.IntN(8)
		mask := 0
		fmt.Fprintf(&in, "%d\n", k)
		for i := range k {
			x := r.IntN(n)
			mask |= 1 << x // duplicates count once
			if i > 0 {
				in.WriteString(" ")
			}
			fmt.Fprint(&in, x)
		}
		if k > 0 || r.IntN(2) == 0 {
			in.WriteString("\n")
		}
		if win[mask] {
			want.WriteString("No\n")
		} else {
			want.WriteString("Yes\n")
		}
	}
	got, err := runCoinProblem(t, "hdu3537", in.String())
	if err != nil || got != want.String() {
		t.Fatalf("random cases: %v\ninput:\n%s\ngot:\n%s\nwant:\n%s", err, in.String(), got, want.String())
	}
}

func TestHDU3537Errors(t *testing.T) {
	for _, c := range []struct {
		in   string
		line int
		msg  string
	}{
		{"2\n1 x\n", 2, `"x"`},
		{"1\n0\n-3\n1\n", 3, "number of heads"},
		{"3\n1 2\n", 0, "expected 3 head positions after n = 3 on line 1, found 2"},
		{"1\n-1\n", 2, "head position"},
		{"1\n99999999999999999999\n", 2, "head position"},
	} {
		_, err := runCoinProblem(t, "hdu3537", c.in)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Line != c.line || !strings.Contains(ie.Msg, c.msg) || ie.Problem != "hdu3537" {
			t.Errorf("%q: %v, want line %d and %q", c.in, err, c.line, c.msg)
		}
	}
}

func FuzzHDU3537(f *testing.F) {
	for _, s := range []string{"0\n1\n0\n4\n0 1 2 3\n", "", "2\n5 5\n", "3\n1", "x", "1\n99999999999999999999", "-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out bytes.Buffer
		err := solveHDU3537(strings.NewReader(in), &out)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("%q: %v is not an InputError", in, err)
			}
			return
		}
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if l != "Yes" && l != "No" && out.Len() > 0 {
				t.Fatalf("%q: output line %q", in, l)
			}
		}
	})
}
