package catalog_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
)

var ctx = context.Background()

func mustParse(t testing.TB, spec string) *catalog.Game {
	t.Helper()
	g, err := families.Parse(spec)
	if err != nil {
		t.Fatalf("Parse(%q): %v", spec, err)
	}
	return g
}

func TestSolveNim345(t *testing.T) {
	res, err := mustParse(t, "nim").Solve(ctx, "3 4 5", catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	want := `{"game":"nim","position":"3 4 5","misere":false,"value":2,"component_values":[3,4,5],"outcome":"N","winning_moves":[{"to":"1 4 5","move":"take 2 from heap 1"}]}`
	if string(b) != want {
		t.Errorf("JSON:\n got %s\nwant %s", b, want)
	}
}

func TestSolveSubtract134(t *testing.T) {
	res, err := mustParse(t, "subtract:1,3,4").Solve(ctx, "7", catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != impartial.P || *res.Value != 0 || len(res.WinningMoves) != 0 {
		t.Errorf("subtract:1,3,4 at 7 = %+v, want a P-position", res)
	}
	b, _ := json.Marshal(res)
	if !strings.Contains(string(b), `"winning_moves":[]`) {
		t.Errorf("winning_moves should be [] not null: %s", b)
	}
}

func TestSolveMisereNim(t *testing.T) {
	g := mustParse(t, "nim")
	for _, c := range []struct {
		pos     string
		outcome impartial.Outcome
		moves   []string
	}{
		{"1 1", impartial.N, []string{"0 1", "1 0"}},
		{"1 1 1", impartial.P, nil},
		{"2 2", impartial.P, nil},
		{"3", impartial.N, []string{"1"}},
		{"1 2", impartial.N, []string{"1 0"}},
	} {
		res, err := g.Solve(ctx, c.pos, catalog.Options{Misere: true})
		if err != nil {
			t.Fatal(err)
		}
		var tos []string
		for _, m := range res.WinningMoves {
			tos = append(tos, m.To)
		}
		if res.Outcome != c.outcome || res.Value != nil || !slices.Equal(tos, c.moves) {
			t.Errorf("misère nim %s = %v %v value %v; want %v %v", c.pos, res.Outcome, tos, res.Value, c.outcome, c.moves)
		}
	}
}

func TestMovesAndValues(t *testing.T) {
	g := mustParse(t, "subtract:1-2")
	moves, err := g.Moves(ctx, "2 1", catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var tos []string
	for _, m := range moves {
		tos = append(tos, m.To)
	}
	if want := []string{"1 1", "0 1", "2 0"}; !slices.Equal(tos, want) {
		t.Errorf("moves = %v, want %v", tos, want)
	}
	seq, err := g.Values(ctx, g.Info().Start, 7, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seq.Checksum = ""
	b, _ := json.Marshal(seq)
	if want := `{"game":"subtract:1,2","start":0,"values":[0,1,2,0,1,2,0,1]}`; string(b) != want {
		t.Errorf("values JSON %s, want %s", b, want)
	}
	var be *impartial.BudgetError
	if _, err := g.Values(ctx, g.Info().Start, 1000, catalog.Options{Budget: impartial.Budget{MaxPositions: 100}}); !errors.As(err, &be) {
		t.Errorf("Values over budget: err = %v", err)
	}
}

func TestSpecs(t *testing.T) {
	for spec, canon := range map[string]string{
		"nim": "nim", "NIM": "nim", " nim ": "nim",
		"subtract:1,3,4": "subtract:1,3,4", "subtract:4,1,3,3": "subtract:1,3,4",
		"subtract:1-3": "subtract:1-3", "subtract:1,2,3,7": "subtract:1-3,7", "subtract: 2 , 5": "subtract:2,5",
	} {
		if got := mustParse(t, spec).Info().Spec; got != canon {
			t.Errorf("Parse(%q).Spec = %q, want %q", spec, got, canon)
		}
	}
}

func TestSpecErrors(t *testing.T) {
	for spec, want := range map[string]string{
		"":                    `game "": no game named`,
		"nmi":                 `game "nmi": column 1: unknown game "nmi"; did you mean "nim"?`,
		"chess":               `game "chess": column 1: unknown game "chess"`,
		"nim:3":               `game "nim:3": nim takes no arguments`,
		"subtract:":           `game "subtract:": empty set`,
		"subtract:1,x":        `game "subtract:1,x": column 12: "x" is not a positive whole number`,
		"subtract:1,0":        `column 12: "0" is not a positive whole number`,
		"subtract:5-2":        `column 10: range 5-2 is empty`,
		"subtract:1,,2":       `column 12: missing number`,
		"subtract:1-":         `column 12: missing number`,
		"subtract:1-99999999": `range 1-99999999 is too long`,
	} {
		_, err := families.Parse(spec)
		var se *catalog.SpecError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): err = %v, want a SpecError", spec, err)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q): %q does not contain %q", spec, err, want)
		}
	}
}

func TestPositionErrors(t *testing.T) {
	g := mustParse(t, "nim")
	for pos, want := range map[string]string{
		"":                     `position "" of nim: empty (want heap sizes such as "3 4 5")`,
		"3 x 5":                `position "3 x 5" of nim: column 3: heap size "x" is not a whole number ≥ 0`,
		"3 -1":                 `column 3: heap size "-1" is not a whole number ≥ 0`,
		"99999999999999999999": `column 1: heap size "99999999999999999999" is too large`,
		"4611686018427387904":  `is too large`,
		"1.5":                  `column 1: heap size "1.5"`,
	} {
		_, err := g.Solve(ctx, pos, catalog.Options{})
		var pe *catalog.PositionError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), want) {
			t.Errorf("Solve(%q): err = %v, want a PositionError containing %q", pos, err, want)
		}
	}
}

func TestBudgetReachesTheCaller(t *testing.T) {
	g := mustParse(t, "subtract:1,3,4")
	// Below games.PeriodFrom: heaps beyond it are answered from the period.
	_, err := g.Solve(ctx, "3000", catalog.Options{Budget: impartial.Budget{MaxPositions: 1000}})
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitPositions {
		t.Errorf("err = %v, want a positions budget error", err)
	}
}

func ExampleParse() {
	g, _ := families.Parse("subtract:1,3,4")
	res, _ := g.Solve(context.Background(), "10", catalog.Options{})
	fmt.Println(res.Outcome, uint64(*res.Value))
	for _, m := range res.WinningMoves {
		fmt.Printf("%s (%s)\n", m.To, m.Move)
	}
	// Output:
	// N 1
	// 9 (take 1 from heap 1)
	// 7 (take 3 from heap 1)
}

func TestReplyAndFindMove(t *testing.T) {
	g := mustParse(t, "nim")
	m, ok, err := g.Reply(ctx, "3 4 5", catalog.Options{})
	if err != nil || !ok || m.To != "1 4 5" {
		t.Errorf("Reply(3 4 5) = %v %v %v, want the winning move to 1 4 5", m, ok, err)
	}
	m, ok, err = g.Reply(ctx, "1 1", catalog.Options{})
	if err != nil || !ok || m.To != "0 1" {
		t.Errorf("Reply(1 1) = %v %v %v, want the first legal move", m, ok, err)
	}
	if _, ok, err := g.Reply(ctx, "0 0", catalog.Options{}); ok || err != nil {
		t.Errorf("Reply(0 0): ok = %v, err = %v; want no move", ok, err)
	}
	if m, err := g.FindMove(ctx, "3 4 5", "1,4,5", catalog.Options{}); err != nil || m.Move != "take 2 from heap 1" {
		t.Errorf("FindMove = %v, %v", m, err)
	}
	var ie *catalog.IllegalMoveError
	if _, err := g.FindMove(ctx, "3 4 5", "3 4 6", catalog.Options{}); !errors.As(err, &ie) {
		t.Errorf("FindMove to a larger heap: err = %v", err)
	}
}
