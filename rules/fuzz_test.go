package rules_test

import (
	"errors"
	"testing"
	"time"

	"go.starlark.net/starlark"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules"
)

// FuzzLoad: any source either fails to load with a LoadError, or loads; a
// loaded game's moves then either work or fail with a RuleError. Never a
// panic, never a hang.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{
		subtract134,
		"def moves(n):\n    return []\n",
		"def moves(n):\n    while True:\n        pass\n",
		"def moves(n):\n    return moves(n)\n",
		"def moves(p):\n    return [p + (1,)]\n",
		"heap = True\nloopy = True\ndef moves(n):\n    return [n + 1, n - 1]\n",
		"def moves(n",
		"load('x', 'y')",
		"x = list(range(100000000))\n",
		"x = ('x' * (1 << 26)).split('x')\ndef moves(n):\n    return []\n",
		"def moves(n):\n    s = 'ab'\n    for i in range(40):\n        s += s\n    return [s]\n",
		"def moves(n):\n    t = ()\n    for i in range(20000):\n        t = (t,)\n    return [{}[t]]\n",
		"def f(*a):\n    return a\ndef moves(n):\n    return [f(n)[0] - 1, n[1:], -n, n % 2, '%d' % n]\n",
		"def moves(n):\n    return [n - 1] if n > 0 else []\ndef components(p):\n    return [p, p]\n",
	} {
		f.Add(s)
	}
	limits := rules.Limits{MaxSteps: 20000, CallTimeout: time.Second, MaxMemory: 64 << 20}
	f.Fuzz(func(t *testing.T, src string) {
		r, err := rules.Load(ctx, "fuzz.star", []byte(src), limits)
		if err != nil {
			var le *rules.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("Load: %v is not a LoadError", err)
			}
			return
		}
		s := r.NewSession(ctx, limits)
		defer s.Close()
		p, err := s.Intern(starlark.MakeInt(3))
		if err != nil {
			t.Fatal(err)
		}
		ls := impartial.NewLoopySolver(s.Game(), impartial.Settings{Budget: impartial.Budget{MaxPositions: 2000}})
		_, err = ls.Value(s.Context(), p)
		if s.Err() != nil {
			err = s.Err()
		}
		var re *rules.RuleError
		var be *impartial.BudgetError
		if err != nil && !errors.As(err, &re) && !errors.As(err, &be) {
			// The loopy solver refuses options that split; anything else is a bug.
			if r.HasComponents() {
				return
			}
			t.Fatalf("%v (%T)", err, err)
		}
		_ = s.Format(p)
	})
}

// FuzzParseDefault: any text either is a position whose default form reads
// back to the same position, or fails with an offset inside the text.
func FuzzParseDefault(f *testing.F) {
	for _, s := range []string{"7", "-3", "a", `"a b"`, "(1, a)", "(1,)", "((1, 2), (3,))", "1.5", "(1,", "", `"\x00"`, "((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, off, err := rules.ParseDefault(text)
		if err != nil {
			if off < -1 || off > len(text) {
				t.Fatalf("ParseDefault(%q): offset %d out of range", text, off)
			}
			return
		}
		out := rules.DefaultFormat(v)
		w, _, err := rules.ParseDefault(out)
		if err != nil {
			t.Fatalf("ParseDefault(%q) = %s, which does not parse back: %v", text, out, err)
		}
		if eq, _ := starlark.Equal(v, w); !eq || rules.DefaultFormat(w) != out {
			t.Fatalf("round trip of %q: %s != %s", text, out, rules.DefaultFormat(w))
		}
	})
}
