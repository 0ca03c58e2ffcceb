package cardflip

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"
)

// The compare table fits 100 columns (issue 44), marks the best strategy,
// writes a Monte Carlo mean with its standard error in the units of its
// last digit, and says when a measurement disagrees with a closed form.
func TestWriteCompareTable(t *testing.T) {
	rows, err := Compare(context.Background(), CompareOptions{From: 6, To: 9, Trials: 300, Seed: 1, ExactMax: 7, RandomMax: 8})
	if err != nil {
		t.Fatal(err)
	}
	// m = 1000 by hand, about the values 2000 games give (docs/cardflip.md):
	// the widest numbers of a table up to m = 1000.
	big := CompareRow{M: 1000, LowerBound: 1992.515}
	at1000 := map[string][2]float64{"random": {500500, 0}, "front-to-back": {250750.3, 118}, "partition": {25012.4, 31},
		"divide-conquer": {8010.2, 12}, "halving": {4903.1, 5.3}, "stacks": {4207.9, 4.4}, "comb": {3705.2, 4.2},
		"ordered": {3546.5, 4.1}, "skewed": {3350.5, 4.1}}
	for _, c := range rows[len(rows)-1].Cells {
		v, ok := at1000[c.Strategy]
		if !ok {
			t.Fatalf("no value at m = 1000 for %s", c.Strategy)
		}
		c.Mean, c.StdErr, c.Measured = v[0], v[1], v[1] > 0
		if c.Closed != nil {
			c.Closed = &v[0]
		}
		big.Cells = append(big.Cells, c)
	}
	var b strings.Builder
	if err := WriteCompareTable(&b, append(rows, big)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 100 {
			t.Errorf("%d columns: %q", n, l)
		}
	}
	if !strings.Contains(lines[1], "(best)") || strings.Index(lines[1], "(best)") < strings.Index(lines[0], BestName) {
		t.Errorf("the best strategy is not marked under its name:\n%s\n%s", lines[0], lines[1])
	}
	if !strings.HasPrefix(lines[len(lines)-1], "closed forms (random, front-to-back, partition, divide-conquer, halving): every measurement agrees") {
		t.Errorf("last line %q", lines[len(lines)-1])
	}
	// m = 7 exact (front to back's 7·10/4), m = 9 random closed form only.
	if f := strings.Fields(lines[3]); f[0] != "7" || f[2] != "17.500" {
		t.Errorf("m = 7: %q", lines[3])
	}
	if f := strings.Fields(lines[5]); f[0] != "9" || f[1] != "45*" {
		t.Errorf("m = 9: %q", lines[5])
	}
	// A measurement off its closed form is named.
	off := rows[0]
	off.Cells = append([]Cell(nil), off.Cells...)
	off.Cells[1].Mean += 0.5 // front-to-back, exact
	b.Reset()
	if err := WriteCompareTable(&b, []CompareRow{off}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "1 measurements disagree:\n  front-to-back at m = 6: 14.000, closed form 13.500\n") {
		t.Errorf("a wrong measurement is not named:\n%s", b.String())
	}
}

func TestFormatCell(t *testing.T) {
	for _, c := range []struct {
		c    Cell
		want string
	}{
		{Cell{Mean: 10.175, Exact: true, Measured: true}, "10.175"},
		{Cell{Mean: 299.76, StdErr: 0.81, Measured: true}, "299.8(8)"},
		{Cell{Mean: 299.76, StdErr: 0.096, Measured: true}, "299.8(1)"},
		{Cell{Mean: 3350.5, StdErr: 4.1, Measured: true}, "3350(4)"},
		{Cell{Mean: 20.1234, StdErr: 0.0004, Measured: true}, "20.123(0)"},
		{Cell{Mean: 1, Measured: true}, "1.0(0)"},
		{Cell{Mean: 5050}, "5050*"},
	} {
		if got := formatCell(c.c); got != c.want {
			t.Errorf("%+v: %q, want %q", c.c, got, c.want)
		}
	}
}
