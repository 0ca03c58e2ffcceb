package games

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
)

// FuzzCalculate: any expression either answers or fails with one line (a
// syntax error naming a column inside the input, a position or spec
// error, or a budget error), never a panic; an answer's value reads back
// to itself.
func FuzzCalculate(f *testing.F) {
	for _, s := range []string{
		"{1|*} + ^ + *3", "^ <= *", "^* <> 0", "domineering '..|..' == +-1", "domineering:'.#|..' + kayles 7 + nim 3",
		"- cutcake 1x5 + cutcake 5x1", "cutcake '4x7 + 2x3'", "hackenbush l(l;rl) - 3/2", "toads-and-frogs tt.ff",
		"col path(4) + snort cycle(3)", "clobber-graph x-o-x", "^<2> > 0", "v[3] + 1/2", "{3||2|1} >= 2",
		"subtract:1,3,4 7 + 1", "kayles", "domineering '", "1 +", "+- domineering 2x2", "((1)", "Tiny(2) + Miny(2)",
		"amazons x..|o..", "konane .xo|xo.|...", "toppling-dominoes lrrl", "a <= b", "kayle 3", "{|} = 0", "^ <<= 0", "--1", "1 - - nim 2",
		"domineering '...|...'.Cool(1/2)", "kayles '7'.Birthday + {3||2|1}.Freeze", "domineering '..'.Mean(", "{1|*}.Heat(1) == 0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		if len(expr) > 200 {
			return
		}
		set := settings()
		set.Budget = impartial.Budget{MaxPositions: 20000, MaxMoves: 1000, MaxOutput: 1 << 16, MaxMemory: 64 << 20}
		r, err := Calculate(context.Background(), expr, set)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: error of several lines: %v", expr, err)
			}
			var se *notation.SyntaxError
			if errors.As(err, &se) && se.Input == expr && se.Offset > len(expr) {
				t.Fatalf("%q: column %d past the input", expr, se.Offset+1)
			}
			return
		}
		if r.Relation != "" {
			return
		}
		back, err := Calculate(context.Background(), r.Value+" == "+r.Value, set)
		var be *impartial.BudgetError
		if errors.As(err, &be) {
			return
		}
		if err != nil || back.Holds == nil || !*back.Holds {
			t.Fatalf("%q = %q, which reads %v, %v", expr, r.Value, back, err)
		}
	})
}

// FuzzAnalyze: a sum either answers or fails with one line; the position
// it writes back (and every move's) reads again to the same value.
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{
		"domineering '..|..' + kayles 3", "domineering:'.#|..' - nim 2 + ^", "hackenbush l(l;rl) - 3/2",
		"- cutcake 1x3 + cutcake '2x1 + 1x2'", "col path(3) + snort L-.-R", "toads-and-frogs t.f - {1|*}",
		"clobber 'xo' + clobber-graph x-o", "1 - - toppling-dominoes lr", "amazons x.o", "konane 'xo.o.' - konane .ox",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		if len(pos) > 120 {
			return
		}
		set := settings()
		set.Budget = impartial.Budget{MaxPositions: 5000, MaxMoves: 200, MaxOutput: 1 << 15, MaxMemory: 32 << 20}
		a, err := Analyze(context.Background(), "sum", pos, set)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: error of several lines: %v", pos, err)
			}
			return
		}
		for _, p := range append([]string{a.Position}, movesTo(a)...) {
			b, err := Analyze(context.Background(), a.Game, p, Settings{Resolver: set.Resolver, Budget: set.Budget})
			var be *impartial.BudgetError
			if errors.As(err, &be) {
				continue
			}
			if err != nil {
				t.Fatalf("%q written back as %q: %v", pos, p, err)
			}
			if p == a.Position && b.Value != a.Value {
				t.Fatalf("%q = %s, written back as %q = %s", pos, a.Value, p, b.Value)
			}
		}
	})
}

func movesTo(a *Analysis) []string {
	var out []string
	for _, m := range append(append([]Move{}, a.LeftOptions...), a.RightOptions...) {
		out = append(out, m.To)
	}
	return out
}
