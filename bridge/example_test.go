package bridge_test

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy/bridge"
)

func ExampleDeal_Sequence() {
	// Positions 1..4 hold {1,8}, {2,7}, {3,6}, {4,5}.
	d, err := bridge.ParseDeal(strings.NewReader("2\n1 8\n2 7\n3 6\n4 5\n"))
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Sequence(), d.ExhaustiveSequence())
	a := d.Analyze(2)
	fmt.Printf("start 2: W = %s, chain length %d, case %s, taker %s, A scores %d\n", a.Winner, a.K, a.Case, a.Taker, a.Points)
	// Output:
	// [1 0 1 1] [1 0 1 1]
	// start 2: W = P, chain length 1, case P2, taker P, A scores 0
}

func ExampleDeal_Line() {
	d, _ := bridge.NewDeal([][2]int{{1, 8}, {2, 7}, {3, 6}, {4, 5}})
	// P holds 8 (W = P). From start 2 the chain is 8, 7 (7's holder plays
	// first); 6 belongs to P and is played after 7 (case P2), so P takes
	// both points: position 3 plays 6 because 7 was kept, position 1 keeps 8.
	l := d.Line(2)
	for _, p := range l.Plays {
		fmt.Printf("position %d (%s) plays %d, keeps %d\n", p.Position, p.Team, p.Played, p.Kept)
	}
	fmt.Printf("highest played %d (%s), highest kept %d (%s)\n", l.HighPlayed, l.PlayedPoint, l.HighKept, l.KeptPoint)
	// Output:
	// position 2 (A) plays 2, keeps 7
	// position 3 (P) plays 6, keeps 3
	// position 4 (A) plays 4, keeps 5
	// position 1 (P) plays 1, keeps 8
	// highest played 6 (P), highest kept 8 (P)
}

func ExampleCounter_Count() {
	c, _ := bridge.NewCounter(bridge.DefaultModulus)
	fmt.Println(c.Count([]uint8{1, 1, 1, 1}), c.Count([]uint8{1, 0, 1, 1}), c.Count([]uint8{1, 2, 1, 0}))
	fmt.Println(c.Layouts(2))
	// Output:
	// 720 114 0
	// 2520
}
