package rules_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/grundy/grundy/examples"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/cputime"
	"github.com/grundy/grundy/rules"
	"go.starlark.net/starlark"
)

// BenchmarkStarlarkVsGo measures positions solved per second for the same
// game written in Starlark (examples/subtract.star, examples/nim.star) and
// in Go (games.Subtraction, games.Nim), computing G(0..n) in ascending
// order as `grundy values` does. The Go games hide their closed forms
// (impartial.Plain) so that both search, and get a dense memo index as the
// Starlark session has.
func BenchmarkStarlarkVsGo(b *testing.B) {
	sub, _ := games.NewSubtraction([]int{1, 3, 4})
	for _, c := range []struct {
		name, src string
		goGame    impartial.Game[int]
		n         int
	}{
		{"subtract-1,3,4", subtract134, sub, 20000},
		{"nim", "heap = True\ndef moves(n):\n    return [n - k for k in range(1, n + 1)]\n", games.Nim{}, 1000},
	} {
		r, err := rules.Load(ctx, "bench.star", []byte(c.src), rules.Limits{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/starlark/n=%d", c.name, c.n), func(b *testing.B) {
			for b.Loop() {
				s := r.NewSession(ctx, rules.Limits{})
				solver := impartial.NewSolver(s.Game(), impartial.Settings{})
				for i := range c.n + 1 {
					p, _ := s.Intern(starlark.MakeInt(i))
					if _, err := solver.Value(s.Context(), p); err != nil {
						b.Fatal(err)
					}
				}
				s.Close()
			}
			b.ReportMetric(float64(c.n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
		b.Run(fmt.Sprintf("%s/go/n=%d", c.name, c.n), func(b *testing.B) {
			for b.Loop() {
				solver := impartial.NewSolver[int](dense{impartial.Plain(c.goGame), c.n + 1}, impartial.Settings{})
				for i := range c.n + 1 {
					if _, err := solver.Value(ctx, i); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(c.n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// dense gives a game a dense memo index.
type dense struct {
	impartial.Game[int]
	limit int
}

func (g dense) Index(n int) (int, bool) { return n, n >= 0 && n < g.limit }
func (g dense) IndexLimit() int         { return g.limit }

// BenchmarkExamples measures the rule files of examples/ under the engine,
// one fresh session per iteration (cpu-ns/op is the process's CPU time,
// steadier than wall time on a shared machine), so that the cost of the sandbox (the
// allocation meter's wrappers around operators, method calls and
// built-ins) shows on real rule files:
//
//	subtract.star  G(0..20000), acyclic solver
//	nim.star       G(0..600) (n moves from heap n, built by a comprehension)
//	twoheap.star   parse "24,24", its value, and format each option (tuples, +=, %)
//	graph.star     parse and solve each vertex (strings, dict lookups)
//	loopy.star     loopy values of heaps 0..400
//	draw.star      loopy values of every vertex
func BenchmarkExamples(b *testing.B) {
	heaps := func(s *rules.Session, n int) []rules.Pos {
		ps := make([]rules.Pos, n+1)
		for i := range ps {
			ps[i], _ = s.Intern(starlark.MakeInt(i))
		}
		return ps
	}
	acyclic := func(n int) func(*rules.Session) error {
		return func(s *rules.Session) error {
			solver := impartial.NewSolver(s.Game(), impartial.Settings{})
			for _, p := range heaps(s, n) {
				if _, err := solver.Value(s.Context(), p); err != nil {
					return err
				}
			}
			return nil
		}
	}
	parsed := func(texts ...string) func(*rules.Session) error {
		return func(s *rules.Session) error {
			solver := impartial.NewSolver(s.Game(), impartial.Settings{})
			for _, t := range texts {
				p, err := s.Parse(t)
				if err != nil {
					return err
				}
				if _, err := solver.Value(s.Context(), p); err != nil {
					return err
				}
				opts, err := solver.Options(s.Context(), p)
				if err != nil {
					return err
				}
				for _, q := range opts {
					s.Format(q)
				}
			}
			return nil
		}
	}
	loopy := func(ps func(*rules.Session) []rules.Pos) func(*rules.Session) error {
		return func(s *rules.Session) error {
			ls := impartial.NewLoopySolver(s.Game(), impartial.Settings{})
			for _, p := range ps(s) {
				if _, err := ls.Value(s.Context(), p); err != nil {
					return err
				}
			}
			return nil
		}
	}
	for _, c := range []struct {
		file string
		run  func(*rules.Session) error
	}{
		{"subtract.star", acyclic(20000)},
		{"nim.star", acyclic(600)},
		{"twoheap.star", parsed("24,24")},
		{"graph.star", parsed("a", "b", "c", "d", "e")},
		{"loopy.star", loopy(func(s *rules.Session) []rules.Pos { return heaps(s, 400) })},
		{"draw.star", loopy(func(s *rules.Session) []rules.Pos {
			ps := heaps(s, 4)
			end, _ := s.Intern(starlark.String("end"))
			return append(ps, end)
		})},
	} {
		r := loadExample(b, c.file)
		b.Run(c.file, func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				s := r.NewSession(ctx, rules.Limits{})
				err := c.run(s)
				if s.Err() != nil {
					err = s.Err()
				}
				s.Close()
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime returns the CPU time (user + system) the process has used: on a
// loaded machine steadier than wall time.
func cpuTime() time.Duration { return cputime.Process() }

func loadExample(b *testing.B, name string) *rules.Rules {
	src, err := examples.FS.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	r, err := rules.Load(ctx, name, src, rules.Limits{})
	if err != nil {
		b.Fatal(err)
	}
	return r
}
