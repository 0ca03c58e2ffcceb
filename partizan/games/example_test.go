package games_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/games"
)

func ExampleAnalyze() {
	a, err := games.Analyze(context.Background(), "domineering", "2x3", games.Settings{})
	if err != nil {
		panic(err)
	}
	fmt.Println(a.Value, a.Outcome, a.Temperature, a.Mean)
	for _, m := range a.LeftWins {
		fmt.Println("Left wins by moving to", m.To, "of value", m.Value)
	}
	// Output:
	// {2|-1/2} N 5/4 3/4
	// Left wins by moving to .#.|.#. of value 2
}

// A sum mixes rulesets, values in CGSuite's notation and impartial games
// of the catalog, each the nimber of its value.
func ExampleAnalyze_sum() {
	set := games.Settings{Resolver: &catalog.Resolver{Families: families.All()}}
	a, err := games.Analyze(context.Background(), "sum", "domineering '..|..' + kayles 7 + ^", set)
	if err != nil {
		panic(err)
	}
	for _, c := range a.Components {
		fmt.Println(c.Kind, c.Position, "=", c.Value)
	}
	fmt.Println("sum =", a.Value)
	// Output:
	// ruleset ..|.. = +-1
	// impartial 7 = *2
	// value ^ = ^
	// sum = {1^*2|-1^*2}
}

func ExampleCalculate() {
	c, err := games.Calculate(context.Background(), "^* <> 0", games.Settings{})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Value, c.Compare, *c.Holds)
	// Output:
	// ^* confused true
}

func ExampleReply() {
	m, ok, err := games.Reply(context.Background(), "hackenbush", "lrl", partizan.Right, games.Settings{})
	fmt.Println(m.To, m.Value, m.Result, ok, err)
	// Output:
	// l 1 lose true <nil>
}
