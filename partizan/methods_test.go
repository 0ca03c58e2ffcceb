package partizan

import (
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/notation"
)

// TestMethodsAgreeWithAPI: every method written after a value reads as
// the Calc method it names, on every game born by day 3 (1474 of them;
// the Calc methods are checked against their definitions in facts_test.go,
// thermal and atomic tests): G.Cool(t) is Cool(G, t), G.Mean the number
// Mean(G), and so on.
func TestMethodsAgreeWithAPI(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	ds := days(t, c, 3)
	if len(ds[3]) != 1474 { // OEIS A065401
		t.Fatalf("%d games born by day 3, want 1474", len(ds[3]))
	}
	atomic := 0
	temp := mustParse(t, c, "1/2")
	up := mustParse(t, c, "^")
	one := mustParse(t, c, "1")
	for _, g := range ds[3] {
		text := "(" + g.String() + ")"
		num := func(x Dyadic, err error) Game {
			if err != nil {
				t.Fatal(err)
			}
			return c.s.Number(x)
		}
		l, r := g.Stops()
		want := map[string]func() (Game, error){
			".Cool(1/2)":      func() (Game, error) { return c.Cool(g, NewDyadic(1, 1)) },
			".Heat(1/2)":      func() (Game, error) { return c.Heat(g, temp) },
			".Overheat(1, ^)": func() (Game, error) { return c.Overheat(g, one, up) },
			".Freeze":         func() (Game, error) { return c.Freeze(g) },
			".Mean":           func() (Game, error) { return num(c.Mean(g)), nil },
			".Temperature":    func() (Game, error) { return num(c.Temperature(g)), nil },
			".LeftStop":       func() (Game, error) { return c.s.Number(l), nil },
			".RightStop":      func() (Game, error) { return c.s.Number(r), nil },
			".ReducedCanonicalForm": func() (Game, error) {
				return c.ReducedCanonicalForm(g)
			},
			".AtomicWeight":      func() (Game, error) { return c.AtomicWeight(g) },
			".OrdinalSum(*)":     func() (Game, error) { return c.OrdinalSum(g, c.s.Nimber(1)) },
			".NortonMultiply(^)": func() (Game, error) { return c.NortonProduct(g, up) },
			".Birthday":          func() (Game, error) { return c.s.Integer(int64(g.Birthday())), nil },
		}
		for call, f := range want {
			w, werr := f()
			got, err := c.Parse(text + call)
			if errors.Is(werr, ErrNotAtomic) {
				if !errors.Is(err, ErrNotAtomic) {
					t.Fatalf("%s%s = %v, %v; want ErrNotAtomic", text, call, got, err)
				}
				continue
			}
			if call == ".AtomicWeight" {
				atomic++
			}
			if werr != nil || err != nil || got != w {
				t.Fatalf("%s%s = %v, %v; the Calc method gives %v, %v", text, call, got, err, w, werr)
			}
		}
		// Apply, the same methods after a game already made
		if got, err := c.Apply(g, ".Cool(1/2).Mean"); err != nil || got != mustParse(t, c, text+".Cool(1/2).Mean") {
			t.Fatalf("Apply(%v, .Cool(1/2).Mean) = %v, %v", g, got, err)
		}
	}
	if atomic == 0 || atomic == len(ds[3]) {
		t.Errorf("%d of %d games have an atomic weight: both kinds should occur", atomic, len(ds[3]))
	}
	t.Logf("%d of %d games born by day 3 have an atomic weight", atomic, len(ds[3]))
}

// TestMethodsKnown: answers worked by hand from the definitions, each
// with its source.
func TestMethodsKnown(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	for _, tc := range []struct{ in, want, why string }{
		// cooling a switch ±x by t ≤ x gives ±(x - t) (Siegel II.5)
		{"{3|-3}.Cool(1)", "+-2", "±3 cooled by 1"},
		// {2|-1/2} (Domineering 2×3): {2 - 1/2 | -1/2 + 1/2}
		{"{2|-1/2}.Cool(1/2)", "{3/2|0}", "Domineering 2×3 cooled by 1/2"},
		// {3 | {2|1}}: cooled by 1/2, {2|1} is at its temperature, 3/2*, plus 1/2
		{"{3||2|1}.Cool(1/2)", "{5/2|2*}", "{3||2|1} cooled by 1/2"},
		{"{3||2|1}.Freeze", "9/4*", "frozen at its temperature 3/4"},
		{"{3||2|1}.Mean", "9/4", "the mast of its thermograph"},
		{"{3||2|1}.Temperature", "3/4", "where its walls meet"},
		{"{3||2|1}.LeftStop + {3||2|1}.RightStop", "5", "stops 3 and 2"},
		{"-{3||2|1}.Mean", "-9/4", "a method binds tighter than a sign, as in CGSuite"},
		// heating ±3 by 1: {3 + 1 | -3 - 1}
		{"{3|-3}.Heat(1)", "+-4", "±3 heated by 1"},
		// ∫_1^2 ↑ = {0·1 + 2 | ∫* - 2}, ∫* = {2 | -2}
		{"^.Overheat(1, 2)", "{2||0|-4}", "↑ overheated from 1 to 2"},
		{"*.OrdinalSum(1)", "^*", "* : 1 = {0, * | 0} = ↑* (Siegel II.?)"},
		{"2.NortonMultiply(^)", "^^", "2.↑ is two copies of ↑"},
		{"{1|^^||^}.AtomicWeight", "2", "CGSuite's atomic weight of {1|^^||^}"},
		{"(^ + *).AtomicWeight", "1", "aw(↑*) = 1 (Winning Ways ch. 8)"},
		{"{2|1}.Birthday", "3", "{2|1} is born on day 3"},
		{"{{2|1}.Cool(1/2) | 0}", "{3/2*|0}", "a method inside braces"},
		{"3.Temperature", "-1", "an integer's temperature, CGSuite's convention"},
		{"{3|-3}.freeze()", "*", "any case; empty parentheses"},
	} {
		if got := mustParse(t, c, tc.in).String(); got != tc.want {
			t.Errorf("%s = %s, want %s (%s)", tc.in, got, tc.want, tc.why)
		}
	}
}

func TestMethodErrors(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	for _, tc := range []struct {
		in   string
		col  int
		want string
	}{
		{"{3|-3}.Cool", 8, "Cool takes one argument, written G.Cool(t)"},
		{"{3|-3}.Cool(1, 2)", 14, `unexpected ',' (want ")" to close the one at column 12: Cool takes one argument)`},
		{"{3|-3}.Overheat(1)", 8, "Overheat takes 2 arguments, written G.Overheat(s, t)"},
		{"{3|-3}.Warm(1)", 8, `unknown method "Warm" (methods: Cool(t), Heat(t)`},
		{"{3|-3}.Cool(^)", 13, "the temperature of Cool must be a number"},
		{"{3|-3}.Cool(-1)", 13, "the temperature of Cool must be greater than -1 (not -1)"},
		{"{3|-3}.Cool(x)", 13, "unexpected 'x' (want a game)"},
		{"{3|-3}.Cool(1", 14, `want ")" to close the one at column 12`},
		{"{1|^^^||^}.AtomicWeight", 11, "this game has no atomic weight"},
		{"{3|-3}.", 7, "unexpected '.'"},
		{"{3|-3}. Cool(1)", 7, "unexpected '.'"},
	} {
		_, err := c.Parse(tc.in)
		var se *notation.SyntaxError
		if !errors.As(err, &se) || se.Offset+1 != tc.col || !strings.Contains(se.Msg, tc.want) {
			t.Errorf("Parse(%q) = %v; want column %d: %s", tc.in, err, tc.col, tc.want)
		}
	}
	if _, err := c.Parse("{1|^^^||^}.AtomicWeight"); !errors.Is(err, ErrNotAtomic) {
		t.Errorf("no atomic weight: %v is not ErrNotAtomic", err)
	}
	if _, err := c.Apply(Zero, ".Cool(1) x"); err == nil || !strings.Contains(err.Error(), "unexpected 'x' (want .Method)") {
		t.Errorf("Apply with a tail: %v", err)
	}
}
