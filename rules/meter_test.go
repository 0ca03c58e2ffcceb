package rules

import (
	"context"
	"runtime"
	"testing"

	"go.starlark.net/starlark"

	"github.com/grundy/grundy/rules/internal/starmeter"
)

// TestMeterBoundsAllocation checks the meter against the Go runtime: for
// code that allocates in every way a rule file can, what the meter charges
// (the wrapped operations plus stepBytes a step) is at least what the
// runtime counts as allocated during the call (runtime.MemStats.TotalAlloc,
// garbage included), up to a fixed slack for the call itself.
func TestMeterBoundsAllocation(t *testing.T) {
	const slack = 64 << 10
	for _, c := range []struct{ name, body string }{
		{"string concatenation", "s = ''\n    for i in range(2000):\n        s = s + 'abcdefgh'\n    return s"},
		{"string +=", "s = ''\n    for i in range(2000):\n        s += 'abcdefgh'\n    return s"},
		{"list append", "l = []\n    for i in range(100000):\n        l.append(i)\n    return l"},
		{"list +=", "l = []\n    for i in range(20000):\n        l += [i, i]\n    return l"},
		{"comprehension", "return [i for i in range(100000)]"},
		{"nested comprehension", "return [[j for j in range(10)] for i in range(10000)]"},
		{"empty lists", "return [[] for i in range(50000)]"},
		{"empty tuples and lambdas", "return [((), lambda: 0) for i in range(30000)]"},
		{"tuples", "return [(i, i + 1) for i in range(50000)]"},
		{"deep tuples", "t = ()\n    for i in range(5000):\n        t = (t, i)\n    return t"},
		{"dict build", "d = {}\n    for i in range(50000):\n        d[i] = str(i)\n    return d"},
		{"dict literals", "return [{'a': i, 'b': i} for i in range(20000)]"},
		{"dict comprehension", "return {i: i for i in range(50000)}"},
		{"dict methods", "d = {i: i for i in range(20000)}\n    return (d.items(), d.keys(), d.values())"},
		{"sets", "s = set(range(20000))\n    s.add(-1)\n    return (s | set([1]), s - set([2]), s.union([3, 4]))"},
		{"repetition", "return ('ab' * 100000, [0] * 100000, (1,) * 100000)"},
		{"split and join", "s = 'a,b,c,' * 20000\n    parts = s.split(',')\n    return ','.join(parts)"},
		{"replace and case", "s = 'hello world ' * 10000\n    return (s.replace('o', '00'), s.upper(), s.title())"},
		{"formatting", "return ['%d-%s-%r' % (i, 'x', 'y') for i in range(20000)]"},
		{"str.format", "return ['{}:{}'.format(i, i) for i in range(20000)]"},
		{"str and repr", "l = list(range(20000))\n    return (str(l), repr(l), str(tuple(l)))"},
		{"slices", "l = list(range(10000))\n    return [l[i:i+10] for i in range(0, 10000, 3)] + [l[::-1], l[::2]]"},
		{"string slices", "s = 'abcdefghij' * 1000\n    return [s[::-1] for i in range(50)]"},
		{"sorted and reversed", "l = list(range(50000, 0, -1))\n    return (sorted(l), reversed(l), sorted(l, key=lambda x: -x))"},
		{"zip and enumerate", "return (zip(range(20000), range(20000)), enumerate(range(20000)))"},
		{"big ints", "x = 1\n    out = []\n    for i in range(200):\n        x = x * 3 + 1\n        out.append(x)\n    return out"},
		{"shifts", "return [1 << (i % 500) for i in range(20000)]"},
		{"negation", "x = 1 << 400\n    return [-x for i in range(10000)]"},
		{"codepoints", "s = 'héllo' * 5000\n    return (list(s.codepoints()), list(s.elems()), tuple(s.elem_ords()))"},
		{"methods as values", "l = []\n    f = l.append\n    for i in range(30000):\n        f(i)\n    return l"},
		{"extend and update", "l = []\n    d = {}\n    for i in range(1000):\n        l.extend(range(20))\n        d.update({i: i})\n    return (l, d)"},
		{"int from string", "return [int(str(i)) for i in range(20000)]"},
		{"bytes", "return [bytes('abc' * 10) for i in range(5000)]"},
		{"dict builtin and named formats", "d = dict([(str(i), i) for i in range(10000)], x=1)\n    return ['%(x)s %(1)d' % d for i in range(5000)]"},
		{"abs and unary", "x = -(1 << 300)\n    return [abs(x) + ~i for i in range(20000)]"},
		{"augmented index", "l = [''] * 10\n    for i in range(5000):\n        l[i % 10] += 'ab'\n    return l"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "def f(n):\n    " + c.body + "\ndef moves(n):\n    return []\n"
			r, err := Load(context.Background(), "test.star", []byte(src), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			s := r.NewSession(context.Background(), Limits{})
			defer s.Close()
			f := r.globals["f"]
			var v starlark.Value
			runtime.GC()
			var a, b runtime.MemStats
			runtime.ReadMemStats(&a)
			v, err = s.run(f.(starlark.Callable), "f", starlark.MakeInt(0))
			runtime.ReadMemStats(&b)
			if err != nil {
				t.Fatal(err)
			}
			alloc := int64(b.TotalAlloc - a.TotalAlloc)
			charged := s.meter.Used() + int64(s.thread.Steps)*starmeter.StepBytes
			if alloc > charged+slack {
				t.Errorf("the runtime allocated %d bytes, the meter charged %d (%d for operations, %d steps)", alloc, charged, s.meter.Used(), s.thread.Steps)
			}
			t.Logf("allocated %d, charged %d (%.1f×)", alloc, charged, float64(charged)/float64(max(alloc, 1)))
			runtime.KeepAlive(v)
		})
	}
}
