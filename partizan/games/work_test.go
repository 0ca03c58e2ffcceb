package games

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
	rulefile "github.com/grundy/grundy/rules"
)

// TestWorkBudgetQuestions: every entry of the library (Analyze, Calculate,
// Reply), on rulesets, sums with impartial components, expressions and a
// partizan rule file, under a work budget (Budget.MaxWork, no Timeout):
// too small a one stops the question with a LimitWork *BudgetError naming
// it, the same error every time; a large one gives the answer the
// question has without a work budget, byte for byte.
func TestWorkBudgetQuestions(t *testing.T) {
	ctx := context.Background()
	res := &catalog.Resolver{Families: families.All(), Files: rulefile.OSFiles{}}
	type question func(Settings) (any, error)
	analyze := func(game, pos string) question {
		return func(set Settings) (any, error) { return Analyze(ctx, game, pos, set) }
	}
	for _, c := range []struct {
		name string
		ask  question
	}{
		{"domineering 4x5", analyze("domineering", "4x5")},
		{"domineering 4x4 --all", func(set Settings) (any, error) { set.All = true; return Analyze(ctx, "domineering", "4x4", set) }},
		{"a sum with kayles", analyze("sum", "clobber 'xoxo|oxox' + kayles 9 - domineering '...|...|..#'")},
		{"hackenbush elr×5", analyze("hackenbush", strings.Repeat("elr", 5))},
		{"a bed (the number search)", analyze("hackenbush", "(lr:A(rr:B;rr:D);lr:B(r(r:D;r:E));lr:D;lr:E)")},
		{"the rule file", analyze(domineeringFile, "...|...|...")},
		{"a calculation", func(set Settings) (any, error) {
			return Calculate(ctx, "{3||2|1} + ^<3> + toads-and-frogs 'tt..ff' >= {5|-5} + *2", set)
		}},
		{"a reply", func(set Settings) (any, error) {
			m, ok, err := Reply(ctx, "domineering", "4x4", partizan.Left, set)
			return []any{m, ok}, err
		}},
	} {
		base := Settings{Resolver: res, Budget: impartial.Budget{MaxOutput: 1 << 20}}
		want, err := c.ask(base)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		wantJSON, _ := json.Marshal(want)
		large := base
		large.Budget.MaxWork = impartial.DefaultBudget.MaxWork
		got, err := c.ask(large)
		if gotJSON, _ := json.Marshal(got); err != nil || string(gotJSON) != string(wantJSON) {
			t.Errorf("%s under the default work budget: %v\n%s\nwant %s", c.name, err, gotJSON, wantJSON)
		}
		small := base
		small.Budget.MaxWork = 200
		var first string
		for i := range 3 {
			_, err := c.ask(small)
			var be *impartial.BudgetError
			if !errors.As(err, &be) || be.Limit != impartial.LimitWork || be.Max != 200 {
				t.Errorf("%s under 200 units: %v, want the work limit", c.name, err)
				break
			}
			if i == 0 {
				first = err.Error()
			} else if err.Error() != first {
				t.Errorf("%s: stopped with %q, then %q", c.name, first, err)
			}
		}
	}
}

// TestRuleFileWork: a partizan rule file's Starlark steps count as work
// (rules.Session.Steps, charged as the game is explored), so a file whose
// few positions each take many steps stops at the work budget, at the same
// point every time, though the algebra does almost nothing.
func TestRuleFileWork(t *testing.T) {
	files := memFiles{
		// heaps from 3 down, each move list after 20,000 loop iterations
		"slow.star": "def left_moves(p):\n    s = 0\n    for i in range(20000):\n        s += i\n    return [p - 1] if p > 0 else []\n\ndef right_moves(p):\n    return []\n",
	}
	set := starSettings(files, rulefile.Limits{})
	ctx := context.Background()
	a, err := Analyze(ctx, "starlark:slow.star", "3", set)
	if err != nil || a.Value != "3" {
		t.Fatalf("slow.star 3: %v, %v", a, err)
	}
	set.Budget.MaxWork = 50_000
	var first string
	for i := range 2 {
		_, err := Analyze(ctx, "starlark:slow.star", "3", set)
		var be *impartial.BudgetError
		if !errors.As(err, &be) || be.Limit != impartial.LimitWork || be.Max != 50_000 {
			t.Fatalf("slow.star 3 under 50,000 units: %v, want the work limit", err)
		}
		if i == 0 {
			first = err.Error()
		} else if err.Error() != first {
			t.Errorf("stopped with %q, then %q", first, err)
		}
	}
}
