package games

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/grid"
	"github.com/grundy/grundy/partizan/rulesettest"
	rulefile "github.com/grundy/grundy/rules"
)

const domineeringFile = "starlark:examples/domineering.star"

// memFiles serves rule files from memory (a file policy of the test's own).
type memFiles map[string]string

func (m memFiles) ReadRuleFile(name string) ([]byte, error) {
	src, ok := m[name]
	if !ok {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	return []byte(src), nil
}

func starSettings(files memFiles, lim rulefile.Limits) Settings {
	return Settings{Resolver: &catalog.Resolver{Families: families.All(), Files: files, Limits: lim}, All: true}
}

// smallBoards returns every Domineering board with at most maxCells cells and
// at most 3 rows and columns (so up to 2x3 and 3x2), every cell empty or
// blocked, as grid's notation writes them.
func smallBoards(maxCells int) []string {
	var out []string
	for r := 1; r <= 3; r++ {
		for c := 1; c <= 3; c++ {
			if r*c > maxCells {
				continue
			}
			for mask := 0; mask < 1<<(r*c); mask++ {
				var b strings.Builder
				for i := 0; i < r; i++ {
					if i > 0 {
						b.WriteByte('|')
					}
					for j := 0; j < c; j++ {
						if mask>>(i*c+j)&1 == 1 {
							b.WriteByte('#')
						} else {
							b.WriteByte('.')
						}
					}
				}
				out = append(out, b.String())
			}
		}
	}
	return out
}

// ruleFileOf opens the partizan ruleset of a rule file in a session of
// its own, for the conformance check.
func ruleFileOf(t *testing.T, set Settings, spec string) (*ruleFileGame, *session) {
	t.Helper()
	s := newSession(context.Background(), set)
	t.Cleanup(s.close)
	r, err := s.ruleFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	return r.eng.(adapter[rulefile.Pos, rulefile.Pos]).r.(*ruleFileGame), s
}

// TestRuleFileDomineering: examples/domineering.star, played through the
// rule-file ruleset, has on every board up to 2x3 and 3x2 the plain
// oracle's value (rulesettest.Check: components, keys and the Solver
// against Conway's definitions), the same value as partizan/grid's
// Domineering, and the same analysis (value, outcome, moves) through
// Analyze.
func TestRuleFileDomineering(t *testing.T) {
	set := starSettings(nil, rulefile.Limits{})
	g, _ := ruleFileOf(t, set, domineeringFile)
	bs := smallBoards(6)
	var ps []rulefile.Pos
	var gs []grid.Grid
	for _, b := range bs {
		p, err := g.ParsePosition(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		ps = append(ps, p)
		q, err := grid.Domineering{}.ParsePosition(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		gs = append(gs, q)
	}
	mine := rulesettest.Check(t, rulesettest.Ruleset[rulefile.Pos, rulefile.Pos](g), ps)
	theirs := rulesettest.Check(t, rulesettest.Ruleset[grid.Grid, grid.Grid](grid.Domineering{}), gs)
	for i, b := range bs {
		if !rulesettest.Identical(mine[i], theirs[i]) {
			t.Errorf("%s: the rule file gives %s, grid's Domineering %s", b, mine[i], theirs[i])
		}
	}
	nonzero := 0
	for i, b := range bs {
		if !rulesettest.Identical(theirs[i], rulesettest.Zero) {
			nonzero++
		}
		a, err := Analyze(context.Background(), domineeringFile, b, set)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		w, err := Analyze(context.Background(), "domineering", b, set)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if a.Value != w.Value || a.Outcome != w.Outcome || a.Temperature != w.Temperature ||
			a.LeftMoves != w.LeftMoves || a.RightMoves != w.RightMoves || len(a.LeftWins) != len(w.LeftWins) || len(a.RightWins) != len(w.RightWins) {
			t.Errorf("%s: the rule file gives %s %s (%d/%d moves), domineering %s %s (%d/%d)", b, a.Value, a.Outcome, a.LeftMoves, a.RightMoves, w.Value, w.Outcome, w.LeftMoves, w.RightMoves)
		}
		if a.Left != "vertical dominoes" || a.Game != domineeringFile {
			t.Errorf("%s: game %q, left %q", b, a.Game, a.Left)
		}
	}
	if nonzero < len(bs)/2 {
		t.Errorf("only %d of %d boards have a non-zero value: the boards are not what they seem", nonzero, len(bs))
	}
}

// TestRuleFileSums: a rule file's position joins a sum with rulesets,
// values and impartial catalog games, in Analyze and Calculate.
func TestRuleFileSums(t *testing.T) {
	set := starSettings(nil, rulefile.Limits{})
	ctx := context.Background()
	// 2x2 Domineering is ±1; ±1 + ±1 = 0 (Winning Ways ch. 2); nim 1 = *.
	c, err := Calculate(ctx, "starlark:examples/domineering.star '..|..' + domineering '..|..' + nim 1", set)
	if err != nil {
		t.Fatal(err)
	}
	if c.Value != "*" {
		t.Errorf("±1 + ±1 + * = %s, want *", c.Value)
	}
	// a board of two regions splits (components): 1x2 vertical strip is 1, twice.
	a, err := Analyze(ctx, domineeringFile, ".#.|.#.", set)
	if err != nil {
		t.Fatal(err)
	}
	if a.Value != "2" {
		t.Errorf(".#.|.#. = %s, want 2", a.Value)
	}
	a, err = Analyze(ctx, "sum", "starlark:examples/domineering.star '..|..' - domineering '..|..'", set)
	if err != nil {
		t.Fatal(err)
	}
	if a.Value != "0" || len(a.Components) != 2 {
		t.Errorf("G - G = %s with %d components", a.Value, len(a.Components))
	}
	if !IsPartizanRuleFile(set.Resolver, domineeringFile, "..") || IsPartizanRuleFile(set.Resolver, "starlark:examples/nim.star", "3") {
		t.Error("IsPartizanRuleFile")
	}
	if !IsPartizanRuleFile(set.Resolver, "sum", "nim 3 + starlark:examples/domineering.star '..'") {
		t.Error("IsPartizanRuleFile of a sum")
	}
	// an impartial rule file in a sum is the nimber of its value
	c, err = Calculate(ctx, "starlark:examples/nim.star 3 + *3", set)
	if err != nil {
		t.Fatal(err)
	}
	if c.Value != "0" {
		t.Errorf("nim.star 3 + *3 = %s", c.Value)
	}
}

// TestRuleFileLimits: a partizan rule file runs under the same sandbox and
// limits as an impartial one, and a game that loops or never ends is one
// error, never a crash.
func TestRuleFileLimits(t *testing.T) {
	files := memFiles{
		"spin.star":    "def left_moves(p):\n    while True:\n        pass\n\ndef right_moves(p):\n    return []\n",
		"alloc.star":   "def left_moves(p):\n    return [\"x\" * (1 << 30)]\n\ndef right_moves(p):\n    return []\n",
		"cycle.star":   "def left_moves(p):\n    return [1 - p]\n\ndef right_moves(p):\n    return []\n",
		"endless.star": "def left_moves(p):\n    return [p + 1]\n\ndef right_moves(p):\n    return []\n",
		"fail.star":    "def left_moves(p):\n    fail(\"no\")\n\ndef right_moves(p):\n    return []\n",
		"list.star":    "def left_moves(p):\n    return [[p]]\n\ndef right_moves(p):\n    return []\n",
		"half.star":    "def left_moves(p):\n    return []\n",
		"top.star":     "T = [0] * (1 << 30)\ndef left_moves(p):\n    return []\ndef right_moves(p):\n    return []\n",
	}
	ctx := context.Background()
	lim := rulefile.Limits{MaxSteps: 100_000, MaxMemory: 64 << 20}
	set := starSettings(files, lim)
	budget := func(err error) impartial.Limit {
		var be *impartial.BudgetError
		if !errors.As(err, &be) {
			return ""
		}
		return be.Limit
	}
	_, err := Analyze(ctx, "starlark:spin.star", "0", set)
	var re *rulefile.RuleError
	if !errors.As(err, &re) || !re.StepLimit() || budget(err) != impartial.LimitSteps || !strings.Contains(err.Error(), "in left_moves(0): more than 100000 steps") {
		t.Errorf("spin: %v", err)
	}
	_, err = Analyze(ctx, "starlark:alloc.star", "0", set)
	if budget(err) != impartial.LimitMemory || !strings.Contains(err.Error(), "memory limit") {
		t.Errorf("alloc: %v", err)
	}
	_, err = Analyze(ctx, "starlark:top.star", "0", set)
	if budget(err) != impartial.LimitMemory {
		t.Errorf("top: %v", err)
	}
	_, err = Analyze(ctx, "starlark:cycle.star", "0", set)
	var ce *CycleError
	if !errors.As(err, &ce) || err.Error() != `game "starlark:cycle.star" has a cycle of 2 moves: 0 -> 1 -> 0 (a partizan game must end: no position may repeat)` {
		t.Errorf("cycle: %v", err)
	}
	_, err = Analyze(ctx, "starlark:endless.star", "0", set)
	var de *DepthError
	if !errors.As(err, &de) {
		t.Errorf("endless: %v", err)
	}
	bset := set
	bset.Budget.MaxPositions = 1000
	_, err = Analyze(ctx, "starlark:endless.star", "0", bset)
	if budget(err) != impartial.LimitPositions {
		t.Errorf("endless under a budget: %v", err)
	}
	_, err = Analyze(ctx, "starlark:fail.star", "0", set)
	if !errors.As(err, &re) || re.Limited() || !strings.Contains(err.Error(), "fail.star:2:") {
		t.Errorf("fail: %v", err)
	}
	_, err = Analyze(ctx, "starlark:list.star", "0", set)
	if err == nil || !strings.Contains(err.Error(), "is a list") {
		t.Errorf("list: %v", err)
	}
	_, err = Analyze(ctx, "starlark:half.star", "0", set)
	if err == nil || !strings.Contains(err.Error(), "no right_moves") {
		t.Errorf("half: %v", err)
	}
	// the impartial catalog refuses a partizan file with a pointer here
	_, err = set.Resolver.Resolve(ctx, domineeringFile)
	if err == nil || !strings.Contains(err.Error(), "partizan game") {
		t.Errorf("catalog: %v", err)
	}
	// a bad position is a syntax error
	_, err = Analyze(ctx, domineeringFile, "..|.x", set)
	if err == nil || !strings.Contains(err.Error(), "a cell is . (empty) or # (blocked)") {
		t.Errorf("bad position: %v", err)
	}
	_ = partizan.Left
}
