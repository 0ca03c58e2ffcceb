package coins

import (
	"fmt"
	"strings"
)

// MaxDrawnCoin is the last coin Draw draws: a row reaching further is left
// to its notation.
const MaxDrawnCoin = 63

// Draw draws a row of coins for the terminal, heads ● and tails ○, each
// over its label (grundy play, grundy solve --board):
//
//	● ● ○ ● ○ ○ ● ○
//	0 1 2 3 4 5 6 7
//
// A position written as its heads is drawn up to its last head. Draw
// returns "" for a row longer than MaxDrawnCoin coins.
func (g *Game) Draw(p Position) string {
	last := g.Start + p.Row - 1
	if p.Row == 0 {
		last = g.Start
		if len(p.Heads) > 0 {
			last = p.Heads[len(p.Heads)-1]
		}
	}
	if last > MaxDrawnCoin {
		return ""
	}
	heads := map[int]bool{}
	for _, h := range p.Heads {
		heads[h] = true
	}
	w := len(fmt.Sprint(last))
	var top, bottom strings.Builder
	for x := g.Start; x <= last; x++ {
		c := "○"
		if heads[x] {
			c = "●"
		}
		fmt.Fprintf(&top, "%*s ", w, c)
		fmt.Fprintf(&bottom, "%*d ", w, x)
	}
	return strings.TrimRight(top.String(), " ") + "\n" + strings.TrimRight(bottom.String(), " ") + "\n"
}
