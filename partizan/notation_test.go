package partizan

import (
	"context"

	"errors"
	"github.com/grundy/grundy/impartial"
	"testing"
	"time"

	"github.com/grundy/grundy/notation"
)

func mustParse(t testing.TB, c *Calc, s string) Game {
	t.Helper()
	g, err := c.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return g
}

func TestFormatParse(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	for _, tc := range []struct{ in, out string }{
		{"0", "0"}, {"5", "5"}, {"-1/2", "-1/2"}, {"25/16", "25/16"},
		{"*", "*"}, {"*8", "*8"}, {"^", "^"}, {"v", "v"}, {"^*", "^*"}, {"v*", "v*"},
		{"^^", "^^"}, {"vvv", "v3"}, {"^3", "^3"}, {"^^^", "^3"}, {"v3*2", "v3*2"},
		{"{1|*}", "{1|*}"}, {"{3||2|1}", "{3||2|1}"}, {"{3|{2|1}}", "{3||2|1}"},
		{"{0|^}", "^^*"}, {"^ + ^ + *", "^^*"}, {"{0|*}", "^"}, {"{0,*|0}", "^*"},
		{"{0|*||*|||*||||*}", "^[4]"}, {"{0||0|v*}", "{0|^<2>}"}, {"^<2>", "^<2>"},
		{"v[3]", "v[3]"}, {"+-1", "+-1"}, {"±1", "+-1"}, {"{1|-1}", "+-1"},
		{"1/2", "1/2"}, {"{0|1}", "1/2"}, {"Tiny(2)", "Tiny(2)"}, {"Miny(2)", "Miny(2)"},
		{"{0||0|-2}", "Tiny(2)"}, {"2+Tiny(2)", "2Tiny(2)"}, {"2Tiny(2)", "2Tiny(2)"},
		{"3/4v[3]*", "3/4v[3]*"}, {"9/8+*", "9/8*"}, {"6+^*", "6^*"}, {"73/16+v9*8", "73/16v9*8"},
		{"{0||0|-3/2}", "Tiny(3/2)"}, {"{0|||0||-1|-3}", "Tiny({3|1})"},
		{"{5||3|1|||0||||0}", "Miny({5||3|1})"}, {"{1|^^||^}", "{1|^^||^}"}, {"{1|^^^||^}", "{1|^3||^}"},
		{"{3||2+*|1+*}", "{3||2*|1*}"}, {"{0||0|vvv}", "{0||0|v3}"}, {"{^^^|vv}", "{^3|vv}"},
		{"+-1 + +-1", "0"}, {"3+-1", "{4|2}"}, {"-1^^", "-1^^"}, {"{0|-1^^}", "{0|-1^^}"},
		{"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"},
		{"{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
			"{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}"},
	} {
		g := mustParse(t, c, tc.in)
		if got := Format(g); got != tc.out {
			t.Errorf("Format(Parse(%q)) = %q, want %q", tc.in, got, tc.out)
		}
		if h := mustParse(t, c, Format(g)); h != g {
			t.Errorf("%q: Parse(Format) = %v, not the same game", tc.in, h)
		}
	}
}

func TestParseErrors(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	for _, tc := range []struct {
		in  string
		col int
	}{
		{"{1|2|3}", 5}, {"{1|", 1}, {"1/3", 3}, {"{1,|0}", 4}, {"(1", 3}, {"x", 1}, {"", 1}, {"{}", 1},
		{"^<0>", 3}, {"1 2", 3}, {"*99999999999999999999", 2},
	} {
		_, err := c.Parse(tc.in)
		var se *notation.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): %v, want a syntax error", tc.in, err)
			continue
		}
		if se.Offset+1 != tc.col {
			t.Errorf("Parse(%q): column %d, want %d (%v)", tc.in, se.Offset+1, tc.col, err)
		}
	}
}

func TestThermalBasics(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	g := mustParse(t, c, "{3||2|1}")
	th, err := c.Thermograph(g)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(th, th.Temperature(), th.Mast())
}

// FuzzParse: no input panics, and whatever parses prints as a string that
// parses back to the same game.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"{1|*}", "{3||2|1}", "^", "v", "^*", "^<2>", "v[3]", "+-1", "±1", "1/2", "*2",
		"Tiny(2)", "Miny(2)", "2Tiny(2)", "3/4v[3]*", "{0||0|-1}", "+-{3|1}", "+-{1,2}", "{1|^^||^}",
		"{0|*||*|||*||||*}", "^ + ^ + *", "-1^^", "(1*)", "{a", "{1|2|3}", "1/3", "⇑*", "vvv*3",
		"{3||2|1}.Cool(1/2)", "(^+*).AtomicWeight", "^.Overheat(1, 2).Freeze", "{3|-3}.Cool(", "*.OrdinalSum(1)", "2.NortonMultiply(^)", "{1|0}.Warm"} {
		f.Add(s)
	}
	s := NewStore(Config{MaxMemory: 64 << 20})
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 200 {
			return
		}
		// a deadline as a safety valve only: what runs out just ends the case
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		c := s.Calc(ctx, impartial.Budget{MaxPositions: 20000, MaxMoves: 1000})
		g, err := c.Parse(in)
		if err != nil {
			return
		}
		out, ok := FormatMax(g, 1<<16)
		if !ok {
			return
		}
		c = s.Calc(ctx, impartial.Budget{MaxPositions: 20000, MaxMoves: 1000})
		h, err := c.Parse(out)
		if err != nil {
			var be *impartial.BudgetError
			if errors.As(err, &be) {
				return
			}
			t.Fatalf("%q printed as %q, which does not parse: %v", in, out, err)
		}
		if h != g {
			t.Fatalf("%q printed as %q, which parses to %v", in, out, h)
		}
	})
}
