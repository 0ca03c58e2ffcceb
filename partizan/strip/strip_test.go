package strip

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/longtest"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

// strips returns every strip of length 1..n of kind k.
func strips(k kind, n int) []Strip {
	chars := alphabets[k].chars
	var out []Strip
	var grow func(prefix string)
	grow = func(prefix string) {
		if len(prefix) > 0 {
			out = append(out, mk(k, prefix))
		}
		if len(prefix) == n {
			return
		}
		for i := range len(chars) {
			grow(prefix + chars[i:i+1])
		}
	}
	grow("")
	return out
}

func maxLen(short, long int) int {
	if longtest.Enabled() {
		return long
	}
	return short
}

// Every strip up to the length against the plain oracle: values, parts
// (the frozen pieces dropped), keys and partizan's Solver.
func TestToadsAndFrogsAgainstOracle(t *testing.T) {
	rulesettest.Check[Strip, Strip](t, ToadsAndFrogs{}, strips(toads, maxLen(6, 7)))
}

func TestTopplingDominoesAgainstOracle(t *testing.T) {
	rulesettest.Check[Strip, Strip](t, TopplingDominoes{}, strips(dominoes, maxLen(5, 6)))
}

func solve[P any, K comparable](t testing.TB, r interface {
	partizan.Ruleset[P, K]
	ParsePosition(string) (P, error)
}, pos, want string) {
	t.Helper()
	p, err := r.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	g, err := partizan.Solve(c, r, p)
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Parse(want)
	if err != nil {
		t.Fatal(err)
	}
	if g != w {
		t.Errorf("%s = %s, want %s", pos, g, want)
	}
}

// CGSuite's own test values (aaron-siegel/cgsuite,
// lib/core/src/test/scala/org/cgsuite/lang/GameStripTest.scala).
func TestCGSuiteStripValues(t *testing.T) {
	solve[Strip, Strip](t, ToadsAndFrogs{}, "ttttt..fffff", "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}")
	solve[Strip, Strip](t, TopplingDominoes{}, "lrrlrrl", "Tiny(1/2)")
	solve[Strip, Strip](t, TopplingDominoes{}, "lere", "{1|0,{0|-1}}")
}

// Small strips whose values follow from the rules at a glance, and the
// frozen pieces that Split drops.
func TestToadsAndFrogsSmall(t *testing.T) {
	for _, c := range []struct{ pos, value string }{
		{"t.", "1"},       // one free toad move
		{"t..", "2"},      // two
		{"t.f", "*"},      // the first to move wins: a slide, a jump, a slide
		{"fftt", "0"},     // every piece is stuck at a wall
		{"t.ttff.f", "0"}, // t. + .f, cut at the frozen ttff
	} {
		solve[Strip, Strip](t, ToadsAndFrogs{}, c.pos, c.value)
	}
	p, _ := ToadsAndFrogs{}.ParsePosition("t.fttfft.f")
	parts := ToadsAndFrogs{}.Split(p)
	if len(parts) != 2 || parts[0].String() != "t.f" || parts[1].String() != "t.f" {
		t.Errorf("Split(t.fttfft.f) = %v, want [t.f t.f]", parts)
	}
}

func TestParseStrips(t *testing.T) {
	if p, err := (ToadsAndFrogs{}).ParsePosition(" TTt..FF "); err != nil || p.String() != "ttt..ff" {
		t.Errorf("TTt..FF: %v %v", p, err)
	}
	for _, c := range []struct{ in, want string }{
		{"", `position "": empty strip (cells: . t f)`},
		{"tt.x", `position "tt.x": column 4: "x" is not a cell here (cells: . t f)`},
		{"tt.é", `column 4: "é" is not a cell here`},
		{strings.Repeat("t", MaxLength+1), `strip too long`},
	} {
		_, err := ToadsAndFrogs{}.ParsePosition(c.in)
		var se *notation.SyntaxError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want %s", c.in, err, c.want)
		}
	}
}

func FuzzParseStrip(f *testing.F) {
	for _, s := range []string{"ttttt..fffff", "lrrlrrl", "lere", "", ".", "T.F", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range []interface {
			ParsePosition(string) (Strip, error)
			FormatPosition(Strip) string
		}{ToadsAndFrogs{}, TopplingDominoes{}} {
			p, err := r.ParsePosition(s)
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("error spans lines: %v", err)
				}
				continue
			}
			q, err := r.ParsePosition(r.FormatPosition(p))
			if err != nil || q != p {
				t.Fatalf("%q reads back as %v, %v", s, q, err)
			}
		}
	})
}

// TestLongStripsChargeTheirCells: a strip past 64 cells (a string, each
// option a new one) costs a unit per 8 cells (partizan.Coster), a packed
// one a unit; a search of a long strip so counts at least 10 units for
// each position it searched (80 cells), and the work budget bounds its
// time.
func TestLongStripsChargeTheirCells(t *testing.T) {
	type costly interface {
		partizan.Ruleset[Strip, Strip]
		partizan.Coster[Strip]
		ParsePosition(string) (Strip, error)
	}
	for _, tc := range []struct {
		r          costly
		short, big string
	}{
		{ToadsAndFrogs{}, strings.Repeat("t.f.", 16), "tt.ff" + strings.Repeat(".", 75)},
		{TopplingDominoes{}, strings.Repeat("lr", 32), "lrl" + strings.Repeat("e", 77)},
	} {
		short, err := tc.r.ParsePosition(tc.short)
		if err != nil {
			t.Fatal(err)
		}
		big, err := tc.r.ParsePosition(tc.big)
		if err != nil {
			t.Fatal(err)
		}
		if c := tc.r.Cost(short); c != 1 {
			t.Errorf("%T: a strip of 64 cells costs %d units, want 1", tc.r, c)
		}
		if c := tc.r.Cost(big); c != 10 {
			t.Errorf("%T: a strip of 80 cells costs %d units, want 10", tc.r, c)
		}
	}
	p, err := ToadsAndFrogs{}.ParsePosition("tf" + strings.Repeat(".", 78))
	if err != nil {
		t.Fatal(err)
	}
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	sv := partizan.NewSolver(c, partizan.Ruleset[Strip, Strip](ToadsAndFrogs{}))
	if _, err := sv.Value(p); err != nil {
		t.Fatal(err)
	}
	if n := sv.Positions(); n < 2 || c.Work() < 10*uint64(n) {
		t.Errorf("toads and frogs %v: %d units of work for %d positions searched, want at least 10 each", p, c.Work(), n)
	}
}
