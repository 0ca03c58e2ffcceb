package starmeter_test

import (
	"context"
	"errors"
	"testing"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/rules/internal/starmeter"
)

// run rewrites and runs src's top level on a thread metered under limits.
func run(t *testing.T, src string, limits starmeter.Limits) (starlark.StringDict, *starmeter.Meter, error) {
	t.Helper()
	f, err := (&syntax.FileOptions{While: true, TopLevelControl: true}).Parse("t.star", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	starmeter.Rewrite(f)
	prog, err := starlark.FileProgram(f, starmeter.Predeclared.Has)
	if err != nil {
		t.Fatal(err)
	}
	m := starmeter.NewMeter(context.Background(), limits)
	th := &starlark.Thread{Name: "t"}
	m.Install(th)
	m.Start(th)
	g, err := prog.Init(th, starmeter.Predeclared)
	return g, m, err
}

// TestDialect: the rewritten program computes what Starlark computes
// (arithmetic, methods, slices, augmented assignments), charging the
// meter for what it allocates.
func TestDialect(t *testing.T) {
	g, m, err := run(t, "def grow():\n    l = [1, 2, 3]\n    l += [4]\n    return l\ns = 'ab' * 3\nl = grow()\nx = ','.join([str(i) for i in l[::-1]])\nd = {'a': len(s)}\ny = (1 << 10) % 7\n", starmeter.Limits{MaxSteps: 1e6, MaxMemory: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"s": `"ababab"`, "l": "[1, 2, 3, 4]", "x": `"4,3,2,1"`, "d": `{"a": 6}`, "y": "2"} {
		if got := g[name].String(); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	if m.Used() <= 0 {
		t.Errorf("nothing charged: %d bytes", m.Used())
	}
}

// TestMemoryLimit: an allocation past the memory limit is refused before
// it is made, as a LimitError naming the memory limit.
func TestMemoryLimit(t *testing.T) {
	_, m, err := run(t, "s = 'x' * (1 << 20)\n", starmeter.Limits{MaxSteps: 1e6, MaxMemory: 64 << 10})
	var le *starmeter.LimitError
	if !errors.As(err, &le) || le.Limit != impartial.LimitMemory || m.Limit() != impartial.LimitMemory {
		t.Fatalf("a 1 MiB string under 64 KiB: %v", err)
	}
	// The step limit stops an endless loop, the meter says so.
	_, m, err = run(t, "def f():\n    while True:\n        pass\nf()\n", starmeter.Limits{MaxSteps: 1000, MaxMemory: 1 << 30})
	if err == nil || !m.Steps() {
		t.Fatalf("an endless loop under 1000 steps: %v (steps %v)", err, m.Steps())
	}
}
