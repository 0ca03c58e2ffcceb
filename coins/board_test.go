package coins_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/coins"
)

func ExampleGame_Draw() {
	g := coins.MockTurtles()
	p, _ := g.ParsePosition("HHTHTTHT")
	fmt.Print(g.Draw(p))
	// Output:
	// ● ● ○ ● ○ ○ ● ○
	// 0 1 2 3 4 5 6 7
}

// TestDraw: the heads drawn are the position's heads, over their labels,
// in either form and for games counted from 0 or 1.
func TestDraw(t *testing.T) {
	for _, c := range []struct {
		rule, pos string
	}{{"mock-turtles", "HHTHTTHT"}, {"ruler", "THHTTHTH"}, {"ruler", "3 12"}, {"twins", "0 10 11"}, {"mock-turtles", "none"}} {
		g, err := coins.ParseRule(c.rule)
		if err != nil {
			t.Fatal(err)
		}
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(g.Draw(p), "\n")
		coinsRow, labels := strings.Fields(lines[0]), strings.Fields(lines[1])
		var heads []int
		for i, c := range coinsRow {
			var x int
			fmt.Sscan(labels[i], &x)
			if c == "●" {
				heads = append(heads, x)
			}
		}
		if !slices.Equal(heads, p.Heads) && !(len(heads) == 0 && len(p.Heads) == 0) {
			t.Errorf("%s %s: drawn heads %v, position %v\n%s", c.rule, c.pos, heads, p.Heads, g.Draw(p))
		}
		if labels[0] != fmt.Sprint(g.Start) {
			t.Errorf("%s: first label %s, want %d", c.rule, labels[0], g.Start)
		}
	}
	g := coins.MockTurtles()
	if p, _ := g.ParsePosition("17 99999999"); g.Draw(p) != "" {
		t.Error("a row too long to draw was drawn")
	}
}
