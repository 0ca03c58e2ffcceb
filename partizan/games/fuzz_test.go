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
// error, or a budget error), never a panic; an answer's expression reads
// back to the same value.
func FuzzCalculate(f *testing.F) {
	for _, s := range []string{
		"{1|*} + ^ + *3", "^ <= *", "^* <> 0", "domineering '..|..' == +-1", "domineering:'.#|..' + kayles 7 + nim 3",
		"- cutcake 1x5 + cutcake 5x1", "cutcake '4x7 + 2x3'", "hackenbush l(l;rl) - 3/2", "toads-and-frogs tt.ff",
		"col path(4) + snort cycle(3)", "clobber-graph x-o-x", "^<2> > 0", "v[3] + 1/2", "{3||2|1} >= 2",
		"subtract:1,3,4 7 + 1", "kayles", "domineering '", "1 +", "+- domineering 2x2", "((1)", "Tiny(2) + Miny(2)",
		"amazons x..|o..", "toppling-dominoes lrrl", "a <= b", "kayle 3", "{|} = 0", "^ <<= 0", "--1", "1 - - nim 2",
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
		back, err := Calculate(context.Background(), r.Expression+" == "+r.Value, set)
		var be *impartial.BudgetError
		if errors.As(err, &be) {
			return
		}
		if err != nil || back.Holds == nil || !*back.Holds {
			t.Fatalf("%q: written back as %q = %q, which reads %v, %v", expr, r.Expression, r.Value, back, err)
		}
	})
}
