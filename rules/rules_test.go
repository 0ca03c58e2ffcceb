package rules_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.starlark.net/starlark"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules"
)

var ctx = context.Background()

func load(t *testing.T, src string, limits rules.Limits) *rules.Rules {
	t.Helper()
	r, err := rules.Load(ctx, "test.star", []byte(src), limits)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return r
}

func TestLoadErrors(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{"syntax", "def moves(n):\n    return [n -\n", "test.star:3:1: "},
		{"undefined", "def moves(n):\n    return foo(n)\n", "test.star:2:12: undefined: foo"},
		{"no moves", "x = 1\n", "defines no moves(position) function"},
		{"moves not a function", "moves = 3\n", "moves is a int, not a function"},
		{"two params", "def moves(a, b):\n    return []\n", "test.star:1:1: moves must take exactly 1 parameter, not 2"},
		{"runtime at top level", "def moves(n):\n    return []\nx = 1 // 0\n", "test.star:3:7: floored division by zero"},
		{"load refused", "load('other.star', 'x')\ndef moves(n):\n    return []\n", "rule files cannot load other files"},
		{"endless top level", "def moves(n):\n    return []\ndef spin():\n    x = 0\n    while True:\n        x += 1\nspin()\n", "more than 100000 steps in one call (an endless loop?); the limit is Limits.MaxSteps (backtrace: test.star:7:5 in <toplevel> → test.star:"},
		{"heap with parse", "heap = True\ndef moves(n):\n    return []\ndef parse(t):\n    return 0\n", "test.star:4:1: a heap game"},
		{"huge range", "x = list(range(1000000000))\ndef moves(n):\n    return []\n", "test.star:1:15: range of 1000000000 elements is longer than the step limit (100000)"},
		{"heap not bool", "heap = 1\ndef moves(n):\n    return []\n", "test.star:1:1: heap must be True or False, not a int"},
		{"name not string", "def moves(n):\n    return []\nname = 1\n", "test.star:3:1: name must be a string"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := rules.Load(ctx, "test.star", []byte(c.src), rules.Limits{MaxSteps: 100000})
			var le *rules.LoadError
			if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want a LoadError containing %q", err, c.want)
			}
		})
	}
}

// solve runs the acyclic engine on a rule file's game and returns the
// session's error first.
func solve(r *rules.Rules, limits rules.Limits, pos starlark.Value) (impartial.Nimber, error) {
	s := r.NewSession(ctx, limits)
	defer s.Close()
	p, err := s.Intern(pos)
	if err != nil {
		return 0, err
	}
	v, err := impartial.NewSolver(s.Game(), impartial.Settings{}).Value(s.Context(), p)
	if s.Err() != nil {
		return 0, s.Err()
	}
	return v, err
}

func TestRuntimeErrors(t *testing.T) {
	for _, c := range []struct {
		name, src string
		limits    rules.Limits
		want      []string
	}{
		{"endless loop", "def moves(n):\n    while True:\n        n += 1\n", rules.Limits{MaxSteps: 100000},
			[]string{"test.star:3:", "in moves(5): more than 100000 steps in one call (an endless loop?)"}},
		{"endless loop, default limits", "def moves(n):\n    while True:\n        n += 1\n", rules.Limits{},
			// No default limit is a clock: the steps stop it on any machine.
			[]string{"in moves(5): more than 10000000 steps in one call"}},
		{"wall clock", "def moves(n):\n    while True:\n        n += 1\n", rules.Limits{MaxSteps: 1 << 62, CallTimeout: 100 * time.Millisecond},
			[]string{"test.star:", "in moves(5): a call ran longer than the wall-clock limit of 100ms"}},
		{"recursion", "def f(n):\n    return f(n + 1)\ndef moves(n):\n    return [f(n)]\n", rules.Limits{},
			[]string{"test.star:2:12: in moves(5): function f called recursively", "backtrace: test.star:4:14 in moves → test.star:2:13 in f → test.star:2:12 in f"}},
		{"error in a helper", "def helper(n):\n    return [1 // (n - 5)]\ndef moves(n):\n    return helper(n)\n", rules.Limits{},
			[]string{"test.star:2:15: in moves(5): floored division by zero", "backtrace: test.star:4:18 in moves → test.star:2:15 in helper"}},
		{"fail", "def moves(n):\n    fail('no moves from', n)\n", rules.Limits{},
			[]string{"test.star:2:9: in moves(5): fail: no moves from 5", "in fail"}},
		{"float", "def moves(n):\n    return [n / 2]\n", rules.Limits{},
			[]string{"test.star:1:1: in moves(5): returned a bad position: 2.5 is a float"}},
		{"list position", "def moves(n):\n    return [[n - 1]]\n", rules.Limits{},
			[]string{"returned a bad position: [4] is a list", "use a tuple"}},
		{"not a list", "def moves(n):\n    return n - 1\n", rules.Limits{},
			[]string{"in moves(5): returned 4, a int; moves must return a list of positions"}},
		{"None", "def moves(n):\n    pass\n", rules.Limits{},
			[]string{"returned None, a NoneType"}},
		{"deep tuple", "def moves(n):\n    t = 0\n    for i in range(40):\n        t = (t,)\n    return [t]\n", rules.Limits{},
			[]string{"tuples nested more than 32 deep"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := load(t, c.src, c.limits)
			start := time.Now()
			_, err := solve(r, c.limits, starlark.MakeInt(5))
			var re *rules.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("err = %v, want a RuleError", err)
			}
			for _, w := range c.want {
				if !slices.ContainsFunc(strings.Split(w, "|"), func(w string) bool { return strings.Contains(err.Error(), w) }) {
					t.Errorf("err = %v\nwant it to contain %q", err, w)
				}
			}
			// Only the wall-clock case is stopped by a clock: a failsafe far
			// above it. The steps bound the others, however slow the machine.
			d := time.Since(start)
			if c.limits.CallTimeout > 0 && d > time.Minute {
				t.Errorf("took %v", d)
			}
			t.Logf("%v", d.Round(time.Millisecond))
		})
	}
}

func TestContextEndsSession(t *testing.T) {
	r := load(t, "def moves(n):\n    while True:\n        n += 1\n", rules.Limits{})
	c, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	s := r.NewSession(c, rules.Limits{MaxSteps: 1 << 62})
	defer s.Close()
	p, _ := s.Intern(starlark.MakeInt(1))
	_, err := impartial.NewSolver(s.Game(), impartial.Settings{}).Value(s.Context(), p)
	if s.Err() != nil {
		err = s.Err()
	}
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitTime {
		t.Fatalf("err = %v, want a time budget error", err)
	}
}

const subtract134 = `
heap = True
def moves(n):
    return [n - s for s in [1, 3, 4] if s <= n]
`

// TestConcurrentSessions: one Rules, many sessions at once (run with -race).
func TestConcurrentSessions(t *testing.T) {
	r := load(t, subtract134, rules.Limits{})
	want := []impartial.Nimber{0, 1, 0, 1, 2, 3, 2} // period 7 (Winning Ways, ch. 4)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := g; n < 200; n += 8 {
				v, err := solve(r, rules.Limits{}, starlark.MakeInt(n))
				if err != nil || v != want[n%7] {
					t.Errorf("G(%d) = %v, %v; want %v", n, v, err, want[n%7])
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestComponents(t *testing.T) {
	// Kayles-like splitting: moves from a row leave a pair of rows.
	r := load(t, `
def moves(n):
    return [(a, n - k - a) for k in [1, 2] for a in range(n - k + 1)]
def components(p):
    if type(p) == "int":
        return [p]
    return [x for x in p if x > 0]
`, rules.Limits{})
	// Kayles values G(0..11) = 0 1 2 3 1 4 3 2 1 4 2 6 (OEIS A002186).
	want := []impartial.Nimber{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6}
	for n, w := range want {
		v, err := solve(r, rules.Limits{}, starlark.MakeInt(n))
		if err != nil || v != w {
			t.Errorf("Kayles G(%d) = %v, %v; want %v", n, v, err, w)
		}
	}
}

func TestDefaultSyntaxRoundTrip(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"7", "7"}, {"-3", "-3"}, {"a", "a"}, {`"a b"`, `"a b"`}, {`'x'`, "x"}, {"(1, a)", "(1, a)"},
		{"(1,)", "(1,)"}, {"((1, 2), (3,))", "((1, 2), (3,))"}, {`"if"`, `"if"`}, {"()", "()"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
	} {
		v, _, err := rules.ParseDefault(c.in)
		if err != nil {
			t.Errorf("ParseDefault(%q): %v", c.in, err)
			continue
		}
		if got := rules.DefaultFormat(v); got != c.out {
			t.Errorf("DefaultFormat(ParseDefault(%q)) = %q, want %q", c.in, got, c.out)
		}
	}
	for _, c := range []struct {
		in  string
		off int
	}{{"1.5", 0}, {"(1, [2])", 4}, {"f(x)", 0}, {"(1,", 3}, {"", -1}, {"b'x'", 0}, {"-a", 0}} {
		_, off, err := rules.ParseDefault(c.in)
		if err == nil || off != c.off {
			t.Errorf("ParseDefault(%q) = offset %d, %v; want an error at %d", c.in, off, err, c.off)
		}
	}
}

func ExampleLoad() {
	r, err := rules.Load(ctx, "sub.star", []byte(subtract134), rules.Limits{})
	if err != nil {
		panic(err)
	}
	s := r.NewSession(context.Background(), rules.Limits{})
	defer s.Close()
	solver := impartial.NewSolver(s.Game(), impartial.Settings{})
	for n := range 8 {
		p, _ := s.Intern(starlark.MakeInt(n))
		v, _ := solver.Value(s.Context(), p)
		fmt.Print(uint64(v), " ")
	}
	fmt.Println()
	// Output: 0 1 0 1 2 3 2 0
}

// Hash is the SHA-256 of the source (the digest below is Python's
// hashlib.sha256 of the same bytes), the same for the same text whatever the file's name, and another for
// any edit (issue 45, finding 4: checkpoints are bound to it).
func TestHash(t *testing.T) {
	src := "heap = True\ndef moves(n):\n    return [n - 1] if n > 0 else []\n"
	r := load(t, src, rules.Limits{})
	if want := "sha256:e61707ca544e273afec1c36736c80a5872ab8920d9ebc47381d8922cdb957ffd"; r.Hash() != want {
		t.Errorf("Hash = %s", r.Hash())
	}
	other, err := rules.Load(ctx, "other.star", []byte(src), rules.Limits{})
	if err != nil || other.Hash() != r.Hash() {
		t.Errorf("the same source under another name: %s, %v", other.Hash(), err)
	}
	edited := load(t, strings.Replace(src, "n - 1", "n - 2", 1), rules.Limits{})
	if edited.Hash() == r.Hash() || len(r.Hash()) != len("sha256:")+64 {
		t.Errorf("Hash of an edit %s, of the file %s", edited.Hash(), r.Hash())
	}
}
