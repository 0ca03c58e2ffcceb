package bridge

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

func TestParseDealErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "input line 1: unexpected end of input: want a line with n"},
		{"x\n", `input line 1: n = "x" is not a whole number in 1..10000000`},
		{"0\n", `input line 1: n = "0" is not a whole number in 1..10000000`},
		{"1 2\n", "input line 1: want a line with n alone, got 2 values"},
		{"1\n1 2\n", "input line 3: unexpected end of input: want 2n = 2 hands (positions 1..2), got 1"},
		{"1\n1 2\n3\n", `input line 3: want the two cards of position 2 ("a b"), got 1 values`},
		{"1\n1 2\n3 2\n", "input line 3: position 2: card 2 appears twice (already held by position 1, line 2)"},
		{"1\n1 2\n\n3 5\n", "input line 4: position 2: card 5 is outside 1..4 (4n for n = 1)"},
		{"1\n1 1\n", "input line 2: position 1: card 1 appears twice in the same hand"},
		{"1\n1 a\n", `input line 2: card "a" of position 1 is not a whole number`},
		{"1\n1 2\n3 4\n5\n", "input line 4: unexpected input after the 2 hands"},
	} {
		_, err := ParseDeal(strings.NewReader(c.in))
		var ie *InputError
		if err == nil || err.Error() != c.want || !errors.As(err, &ie) {
			t.Errorf("ParseDeal(%q) = %v\nwant %s", c.in, err, c.want)
		}
	}
}

func TestParseDealRoundTrip(t *testing.T) {
	in := "2\n8 1\n\n2 7\n3 6\n 4 5 \n"
	d, err := ParseDeal(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.String(), "2\n1 8\n2 7\n3 6\n4 5\n"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if d.Holder(8) != 1 || d.Hand(4) != [2]int{4, 5} {
		t.Errorf("Holder(8) = %d, Hand(4) = %v", d.Holder(8), d.Hand(4))
	}
}

func TestNewDealErrors(t *testing.T) {
	for _, c := range []struct {
		hands [][2]int
		want  string
	}{
		{nil, "a deal needs an even, positive number of hands (2n), got 0"},
		{[][2]int{{1, 2}}, "a deal needs an even, positive number of hands (2n), got 1"},
		{[][2]int{{1, 2}, {2, 3}}, "position 2: card 2 appears twice (already held by position 1)"},
	} {
		if _, err := NewDeal(c.hands); err == nil || err.Error() != c.want {
			t.Errorf("NewDeal(%v) = %v, want %s", c.hands, err, c.want)
		}
	}
}

func TestQueryReader(t *testing.T) {
	q := NewQueryReader(strings.NewReader("2\n1 1 1 1\n\n1\n20\n3\n  0 1 0 0 0 1\n"))
	var got [][]uint8
	var lines []int
	for {
		seq, line, err := q.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, slices.Clone(seq))
		lines = append(lines, line)
	}
	want := [][]uint8{{1, 1, 1, 1}, {2, 0}, {0, 1, 0, 0, 0, 1}}
	if !slices.EqualFunc(got, want, slices.Equal) || !slices.Equal(lines, []int{2, 5, 7}) {
		t.Errorf("got %v on lines %v", got, lines)
	}
}

func TestQueryReaderErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2\n1 1 1\n", "input line 2: want 2n = 4 values for n = 2, got 3"},
		{"2\n1 1 1 1 1\n", "input line 2: too many values: want 2n = 4 for n = 2"},
		{"2\n1 1 3 1\n", `input line 2: column 5: value "3" is not 0, 1 or 2`},
		{"2\n1 1 12 1\n", `input line 2: column 5: value "12" is not 0, 1 or 2`},
		{"1\n13\n", `input line 2: column 2: value "3" is not 0, 1 or 2`},
		{"2\n", "input line 2: unexpected end of input: want the line of 2n = 4 values for n = 2"},
		{"1\n11\n-1\n", `input line 3: n = "-1" is not a whole number in 1..10000000`},
	} {
		q := NewQueryReader(strings.NewReader(c.in))
		var err error
		for err == nil {
			_, _, err = q.Next()
		}
		if err.Error() != c.want {
			t.Errorf("queries %q: %v\nwant %s", c.in, err, c.want)
		}
	}
}

func FuzzParseDeal(f *testing.F) {
	f.Add("1\n1 2\n3 4\n")
	f.Add("2\n8 1\n2 7\n3 6\n4 5\n")
	f.Add("1\n1 2\n2 3\n")
	f.Add("3\n1 12\n2 11\n3 10\n4 9\n5 8\n6 7\n\n")
	f.Add("9999999\n1 2\n")
	f.Fuzz(func(t *testing.T, in string) {
		d, err := ParseDeal(strings.NewReader(in))
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q is not a one-line *InputError", err)
			}
			return
		}
		// A parsed deal round-trips and is solvable.
		d2, err := ParseDeal(strings.NewReader(d.String()))
		if err != nil || d2.String() != d.String() {
			t.Fatalf("round trip of %q: %v", d.String(), err)
		}
		seq := d.Sequence()
		if d.N() <= 4 && !slices.Equal(seq, d.ExhaustiveSequence()) {
			t.Fatalf("deal\n%s: Sequence %v ≠ Exhaustive %v", d, seq, d.ExhaustiveSequence())
		}
	})
}

func FuzzQueryReader(f *testing.F) {
	f.Add("2\n1 1 1 1\n")
	f.Add("1\n20\n3\n0 1 0 0 0 1\n")
	f.Add("2\n1 1 12 1\n")
	f.Add("3\n2 1 2 1 2 2\n\n2\n0 0 0 0\n")
	c, _ := NewCounter(DefaultModulus)
	f.Fuzz(func(t *testing.T, in string) {
		q := NewQueryReader(strings.NewReader(in))
		for {
			seq, _, err := q.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var ie *InputError
				if !errors.As(err, &ie) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("error %q is not a one-line *InputError", err)
				}
				return
			}
			if len(seq) <= 1<<12 {
				c.Count(seq) // must not panic
			}
		}
	})
}
