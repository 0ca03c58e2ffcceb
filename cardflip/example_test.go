package cardflip_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/cardflip"
)

// E[X] of front-to-back over all 6! deals is m(m+3)/4 = 27/2.
func ExampleExact() {
	r, err := cardflip.Exact(context.Background(), cardflip.FrontToBack(), 6, cardflip.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Expectation.RatString(), cardflip.FrontToBackExpectation(6).RatString())
	// Output: 27/2 27/2
}

// One traced game: every turn shows the row before it ("*" is the card
// looked at) and after it. Turn 5 looks at 3 with 1 and 2 face up, which
// ends the game at once: the card is shown turned up where it lay.
func ExampleGame_Trace() {
	g, _ := cardflip.NewGame(3, cardflip.Rules{})
	g.Trace = func(s cardflip.Step) {
		fmt.Println(s.Turn, cardflip.FormatRow(s.Before, s.Look), s.Value, s.Move.Up, cardflip.FormatRow(s.After, -1))
	}
	x, _ := g.Play(cardflip.FrontToBack(), []int{2, 1, 3}, nil)
	fmt.Println("X =", x)
	// Output:
	// 1 [* · ·] 2 false [· · ·]
	// 2 [* · ·] 1 true [· · 1]
	// 3 [* · 1] 3 false [· 1 ·]
	// 4 [* 1 ·] 2 true [1 · 2]
	// 5 [1 * 2] 3 true [1 3 2]
	// X = 5
}

// The seed's divide-and-conquer recurrence at m = 8, and E[X] under the
// seed's rule: the last segment, {7, 8}, costs one look less, since the
// split's look at 8 with 1..7 face up ends the game.
func ExampleDivideConquerExpectation() {
	fmt.Println(cardflip.DivideConquerRecurrence(8).RatString(), cardflip.DivideConquerExpectation(8).RatString())
	// Output: 391/15 376/15
}

// The rules as the CLI's flags and the web lab's parameters spell them.
func ExampleParseVariant() {
	n, _ := cardflip.ParsePlayers("∞")
	mod, _ := cardflip.ParseModel("turn")
	v, _ := cardflip.ParseVariant("fixed")
	fmt.Println(cardflip.Rules{Players: n, Model: mod, Variant: v})
	_, err := cardflip.ParseVariant("cheat")
	fmt.Println(err)
	// Output:
	// table+turn, n = ∞, fixed-after-look
	// cardflip: variant must be standard, free, fixed or rearrange, not "cheat"
}

// A recorded game: the single player under free communication.
func ExampleRecord() {
	rec, err := cardflip.Record(context.Background(), cardflip.Single(), 3, cardflip.Rules{Variant: cardflip.FreeCommunication}, 1, 0)
	if err != nil {
		panic(err)
	}
	fmt.Println(rec.Rules, rec.Deal, rec.X)
	for _, st := range rec.Steps {
		fmt.Println(st.Turn, st.Before, "look", st.Look, "sees", st.Value, "up", st.Up, st.After)
	}
	// Output:
	// table-only, n = 1, free-communication [3 1 2] 4
	// 1 [0 0 0] look 0 sees 3 up false [0 0 0]
	// 2 [0 0 0] look 1 sees 1 up true [0 1 0]
	// 3 [0 1 0] look 2 sees 2 up true [0 1 2]
	// 4 [0 1 2] look 0 sees 3 up true [3 1 2]
}
