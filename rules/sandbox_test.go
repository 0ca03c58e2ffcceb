package rules_test

import (
	"context"
	"errors"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.starlark.net/starlark"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules"
)

// allocated runs f and returns the bytes the Go runtime allocated meanwhile
// (every allocation, garbage included: an upper bound of what f held).
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

const mib = 1 << 20

// bombs are rule functions that would allocate gigabytes (or crash the
// process) without the sandbox. Each must stop with an error naming the
// place (file:line:col) and the limit, having allocated at most about the
// memory limit, within a second or so.
var bombs = []struct {
	name, body string
	mem        int64  // Limits.MaxMemory
	want       string // regexp the error must match
	budget     bool   // the error unwraps to a memory BudgetError
}{
	{"doubling a string", "s = 'ab'\n    for i in range(40):\n        s = s + s", 64 * mib,
		`test.star:4:15: in moves\(1\): the operation string \+ string would allocate 32.0 MiB, past the memory limit of 64.0 MiB`, true},
	{"doubling with +=", "s = 'ab'\n    for i in range(40):\n        s += s", 64 * mib,
		`test.star:4:11: .*string \+= string would allocate`, true},
	{"doubling a list with +=", "l = [0]\n    for i in range(40):\n        l += l", 64 * mib,
		`test.star:4:11: .*list \+= list would allocate`, true},
	{"repetition then split", "x = ('x' * (1 << 26)).split('x')", 256 * mib,
		`test.star:2:32: .*string.split would allocate 4.0 GiB`, true},
	{"repetition", "x = ('x' * (1 << 26)).split('x')", 64 * mib,
		`test.star:2:14: .*string \* int would allocate 64.0 MiB`, true},
	{"list repetition", "x = [0] * (1 << 28)", 64 * mib,
		`test.star:2:13: .*list \* int would allocate 4.0 GiB`, true},
	{"append", "l = []\n    while True:\n        l.append(1)", 16 * mib,
		`test.star:[34]:\d+: .*memory limit of 16.0 MiB`, true},
	{"comprehension", "x = [i for i in range(10000000)]", 16 * mib,
		`test.star:2:\d+: .*steps \(counted at 64 bytes each, .* reach the memory limit of 16.0 MiB`, true},
	{"dict growth", "d = {}\n    for i in range(10000000):\n        d[i] = i", 16 * mib,
		`test.star:[34]:\d+: .*reach the memory limit of 16.0 MiB`, true},
	{"dict literals", "x = [{} for i in range(1000000)]", 16 * mib,
		`test.star:2:\d+: .*memory limit of 16.0 MiB`, true},
	{"join", "x = ','.join(['abcdefgh' * 1000] * 100000)", 64 * mib,
		`test.star:2:17: .*string.join would allocate \d`, true},
	{"replace", "s = 'x' * 1000000\n    s = s.replace('x', 'y' * 1000)", 64 * mib,
		`test.star:3:18: .*string.replace would allocate \d`, true},
	{"percent", "x = ('%s' * 100000) % tuple(['a' * 10000] * 100000)", 64 * mib,
		`test.star:2:25: .*string % tuple would allocate \d`, true},
	{"str.format", "x = ('{}' * 100000).format('a' * 10000)", 64 * mib,
		`test.star:2:31: .*string.format would allocate`, true},
	{"sorted range", "x = sorted(range(5000000))", 16 * mib,
		`test.star:2:15: .*sorted would allocate`, true},
	{"zip", "x = zip(range(5000000), range(5000000))", 16 * mib,
		`test.star:2:12: .*zip would allocate`, true},
	{"slices", "l = [0] * 1000000\n    x = [l[:] for i in range(1000)]", 64 * mib,
		`test.star:3:11: .*a slice of a list would allocate`, true},
	{"squaring an int", "x = 3\n    for i in range(40):\n        x = x * x", 1 << 30,
		`test.star:4:15: .*an int of about \d+ bits; ints in rule files are limited to 65536 bits`, false},
	{"shifting an int", "x = 1\n    for i in range(1000):\n        x = x << 500", 1 << 30,
		`test.star:4:15: .*ints in rule files are limited to 65536 bits`, false},
	{"int from a long string", "x = int('9' * 100000)", 1 << 30,
		`test.star:2:12: .*ints in rule files are limited`, false},
	{"printing a shared tuple", "t = ()\n    for i in range(60):\n        t = (t, t)\n    x = str(t)", 64 * mib,
		`test.star:5:12: .*str would allocate`, true},
	{"deep tuple as a key", "t = ()\n    for i in range(20000):\n        t = (t,)\n    x = {}[t]", 1 << 30,
		`test.star:4:1[34]: .*tuples nested more than 10000 deep`, false},
	{"deep tuple by *args", "t = ()\n    for i in range(20000):\n        t = f(t)\n    x = {}[t]", 1 << 30,
		`test.star:\d+:\d+: .*tuples nested more than 10000 deep`, false},
	{"deep tuple by dict.items", "d = {}\n    t = ()\n    for i in range(20000):\n        d[0] = t\n        t = d.items()[0]\n    x = {}[t]", 1 << 30,
		`test.star:6:\d+: .*tuples nested more than 10000 deep`, false},
	{"deep tuple by zip", "t = ()\n    for i in range(20000):\n        t = zip([t])[0]\n    x = {}[t]", 1 << 30,
		`test.star:4:\d+: .*tuples nested more than 10000 deep`, false},
	{"printing a deep list", "l = []\n    for i in range(20000):\n        l = [l]\n    x = repr(l)", 1 << 30,
		`test.star:5:13: .*nested more than 10000 deep cannot be printed`, false},
}

func TestBombs(t *testing.T) {
	for _, c := range bombs {
		t.Run(c.name, func(t *testing.T) {
			src := "def moves(n):\n    " + c.body + "\n    return []\ndef f(*a):\n    return a\n"
			// No wall-clock limit: the memory and step limits stop every
			// bomb, whatever the machine's speed (a clock could stop a slow
			// one first, with another error).
			limits := rules.Limits{MaxMemory: c.mem}
			r := load(t, src, limits)
			var err error
			start := time.Now()
			alloc := allocated(func() { _, err = solve(r, limits, starlark.MakeInt(1)) })
			elapsed := time.Since(start)
			var re *rules.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("err = %v (%T), want a RuleError", err, err)
			}
			if !regexp.MustCompile(c.want).MatchString(err.Error()) {
				t.Errorf("err = %v\nwant it to match %s", err, c.want)
			}
			var be *impartial.BudgetError
			if isBudget := errors.As(err, &be) && be.Limit == impartial.LimitMemory; isBudget != c.budget {
				t.Errorf("err unwraps to a memory budget error: %v, want %v", isBudget, c.budget)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("the error has more than one line: %q", err)
			}
			if max := uint64(2*min(c.mem, 256*mib) + 64*mib); alloc > max {
				t.Errorf("allocated %d MiB, want at most %d MiB", alloc/mib, max/mib)
			}
			t.Logf("%v, %d MiB allocated", elapsed.Round(time.Millisecond), alloc/mib)
		})
	}
}

// TestTopLevelBombs: the top level of a file runs under the same limits,
// under Load's context, and its errors name the place.
func TestTopLevelBombs(t *testing.T) {
	for _, c := range []struct {
		name, src string
		timeout   time.Duration // of the context, if not 0
		limits    rules.Limits
		want      string
		limit     impartial.Limit // of the budget error it unwraps to, if any
	}{
		{"split", "x = ('x' * (1 << 26)).split('x')\n", 0, rules.Limits{MaxMemory: 256 * mib},
			`^test.star:1:28: string.split would allocate 4.0 GiB`, impartial.LimitMemory},
		{"doubling", "l = ['ab']\nfor i in range(40):\n    l[0] += l[0]\n", 0, rules.Limits{MaxMemory: 64 * mib},
			`^test.star:3:10: the operation string \+= string`, impartial.LimitMemory},
		{"endless loop under the context's deadline", "l = [0]\nwhile True:\n    l[0] += 1\n", 200 * time.Millisecond, rules.Limits{MaxSteps: 1 << 62},
			// (A cancellation at the loop's head is placed at the start of
			// the file by go.starlark.net.)
			`^test.star:\d+:\d+: stopped: time budget exhausted`, impartial.LimitTime},
		{"endless loop under the wall-clock limit", "l = [0]\nwhile True:\n    l[0] += 1\n", 0, rules.Limits{MaxSteps: 1 << 62, CallTimeout: 100 * time.Millisecond},
			`^test.star:\d+:\d+: loading ran longer than the wall-clock limit of 100ms`, ""},
		{"a deep global", "x = [[]]\nfor i in range(20000):\n    x[0] = [x[0]]\n", 0, rules.Limits{},
			`^test.star:1:1: the global x holds a value nested more than 10000 deep`, ""},
		{"deep brackets", "x = " + strings.Repeat("(", 2000) + "1" + strings.Repeat(")", 2000) + "\n", 0, rules.Limits{},
			`^test.star:1:1005: brackets nested more than 1000 deep`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			lctx := ctx
			if c.timeout > 0 {
				var cancel context.CancelFunc
				lctx, cancel = context.WithTimeout(ctx, c.timeout)
				defer cancel()
			}
			var err error
			start := time.Now()
			alloc := allocated(func() { _, err = rules.Load(lctx, "test.star", []byte(c.src), c.limits) })
			var le *rules.LoadError
			if !errors.As(err, &le) || !regexp.MustCompile(c.want).MatchString(err.Error()) {
				t.Fatalf("err = %v, want a LoadError matching %s", err, c.want)
			}
			var be *impartial.BudgetError
			if errors.As(err, &be) != (c.limit != "") || c.limit != "" && be.Limit != c.limit {
				t.Errorf("err = %v: unwraps to %v, want a %q budget error", err, be, c.limit)
			}
			if alloc > 600*mib {
				t.Errorf("allocated %d MiB", alloc/mib)
			}
			// Where only a clock stops it, a failsafe far above the clock
			// (a loaded machine is slow to notice, never quick to finish);
			// elsewhere the work limits bound it.
			d := time.Since(start)
			if (c.timeout > 0 || c.limits.CallTimeout > 0) && d > time.Minute {
				t.Errorf("took %v", d)
			}
			t.Logf("%v, %d MiB allocated", d.Round(time.Millisecond), alloc/mib)
		})
	}
}

// TestSessionMemory: an endless acyclic game (each call cheap, the table of
// positions ever longer) stops at the memory limit of the session's table.
func TestSessionMemory(t *testing.T) {
	limits := rules.Limits{MaxMemory: 8 * mib}
	r := load(t, "def moves(n):\n    return [n + 1]\n", limits)
	s := r.NewSession(ctx, limits)
	defer s.Close()
	p, _ := s.Intern(starlark.MakeInt(0))
	_, err := impartial.NewSolver(s.Game(), impartial.Settings{}).Value(s.Context(), p)
	if s.Err() != nil {
		err = s.Err()
	}
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitMemory || be.Max != 8*mib {
		t.Fatalf("err = %v, want an 8 MiB memory budget error", err)
	}
	if m := s.MemoryEstimate(); m > 9*mib || m < 7*mib {
		t.Errorf("MemoryEstimate = %d, want about 8 MiB", m)
	}
}

// TestSandboxSemantics: the rewritten file computes what Starlark does
// (operators, in-place updates of lists and dicts, slices, methods taken
// as values, *args, evaluation order of augmented assignments).
func TestSandboxSemantics(t *testing.T) {
	src := `
calls = []
def g(x):
    calls.append(x)
    return x
def h(*a, **k):
    return (a, sorted(k.items()))
def run():
    out = []
    l = [1]
    alias = l
    l += [2, 3]            # in place: alias sees it
    out.append(alias)
    d = {"a": 1}
    e = d
    d |= {"b": 2}
    out.append(sorted(e.items()))
    t = (1, 2, 3, 4, 5)
    out.append((t[1:4], t[::-1], t[::2], t[-2:], "hello"[1:-1], "hello"[::-2], l[:]))
    s = "a,b,,c"
    split = s.split
    out.append((split(","), s.split(",", 1), s.replace(",", ";"), ",".join(["x", "y"]), "%d-%s" % (7, "z"), "{}{}".format(1, 2)))
    out.append((7 // 2, -7 % 3, 1 << 10, 5 - 8, ~5, -(3), 3 * "ab", [0] * 2, 7 / 2))
    m = [[0, 0], [0, 0]]
    i = 0
    m[g(i)][g(1)] += 5
    out.append((m, calls))
    n = 10
    n -= 3
    n *= 2
    n //= 3
    n %= 3
    out.append(n)
    out.append(h(1, 2, k=3))
    out.append((lambda *a: a)(4, 5))
    out.append(getattr("abc", "upper")())
    out.append(list(zip([1, 2], "ab".elems())))
    out.append([x for x in "héllo".codepoints()])
    out.append(sorted(set([3, 1, 2]) | set([5])))
    out.append(str((1, (2, (3,)))))
    out.append(({1: 2} | {3: 4}))
    return out
result = run()
def moves(n):
    return []
`
	r := load(t, src, rules.Limits{})
	th := &starlark.Thread{}
	plain, err := starlark.ExecFileOptions(&rules.FileOptionsForTest, th, "plain.star", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := plain["result"].String()
	if got := rules.GlobalForTest(r, "result"); got != want {
		t.Errorf("sandbox: %s\nplain Starlark: %s", got, want)
	}
	// A few by hand, so that the test cannot pass on two equal mistakes.
	for _, w := range []string{`[[1, 2, 3], [("a", 1), ("b", 2)],`, `([[0, 5], [0, 0]], [0, 1])`, `(3, 2, 1024, -3, -6, -3, "ababab", [0, 0], 3.5)`, `["h", "é", "l", "l", "o"]`} {
		if !strings.Contains(want, w) {
			t.Errorf("result %s lacks %s", want, w)
		}
	}
}
