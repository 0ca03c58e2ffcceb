package problems

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestHihoCoder1172Sample(t *testing.T) {
	got, err := runCoinProblem(t, "hihocoder1172", "8\nHHTHTTHT\n")
	if err != nil || got != "Bob\n" {
		t.Fatalf("sample: %q, %v", got, err)
	}
	// Coins are numbered from 1: a lone head on coin 1 is a win.
	got, err = runCoinProblem(t, "hihocoder1172", "1\nH")
	if err != nil || got != "Alice\n" {
		t.Fatalf("1 H: %q, %v", got, err)
	}
}

// turningTurtlesWins is an independent brute force on n coins: a move turns
// a head x to tails and optionally one coin left of it.
func turningTurtlesWins(n int) []bool {
	win := make([]bool, 1<<n)
	for mask := 1; mask < 1<<n; mask++ {
		for x := range n {
			if mask>>x&1 == 0 {
				continue
			}
			q := mask ^ 1<<x
			if !win[q] {
				win[mask] = true
			}
			for y := range x {
				if !win[q^1<<y] {
					win[mask] = true
				}
			}
		}
	}
	return win
}

func TestHihoCoder1172VsBruteForce(t *testing.T) {
	const n = 12
	win := turningTurtlesWins(n)
	r := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		k := 1 + r.IntN(n)
		row := make([]byte, k)
		mask := 0
		for i := range row {
			row[i] = 'T'
			if r.IntN(2) == 0 {
				row[i] = 'H'
				mask |= 1 << i
			}
		}
		got, err := runCoinProblem(t, "hihocoder1172", fmt.Sprintf("%d\n%s\n", k, row))
		want := "Bob\n"
		if win[mask] {
			want = "Alice\n"
		}
		if err != nil || got != want {
			t.Fatalf("%s: %q, %v; brute force %q", row, got, err, want)
		}
	}
}

func TestHihoCoder1172Errors(t *testing.T) {
	for _, c := range []struct {
		in   string
		line int
		msg  string
	}{
		{"x\nH\n", 1, "N ="},
		{"0\n\n", 1, "N ="},
		{"3\nHHX\n", 2, "character 3"},
		{"3\nHH\n", 2, "the row has 2 coins, but N = 3"},
		{"2\n", 0, "expected a row of 2 coins"},
	} {
		_, err := runCoinProblem(t, "hihocoder1172", c.in)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Line != c.line || !strings.Contains(ie.Msg, c.msg) {
			t.Errorf("%q: %v, want line %d and %q", c.in, err, c.line, c.msg)
		}
	}
}

func FuzzHihoCoder1172(f *testing.F) {
	for _, s := range []string{"8\nHHTHTTHT\n", "", "1 H", "3\nHHX", "2\nHT\nx", "-1\n", "99999999999999999999\nH"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out bytes.Buffer
		err := solveHihoCoder1172(strings.NewReader(in), &out)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("%q: %v is not an InputError", in, err)
			}
			return
		}
		if s := out.String(); s != "Alice\n" && s != "Bob\n" && (s != "" || strings.TrimSpace(in) != "") {
			t.Fatalf("%q: output %q", in, s)
		}
	})
}
