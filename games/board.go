package games

import (
	"fmt"
	"strings"
)

// Boards: positions drawn as plain text for the terminal (grundy play, and
// grundy solve --board). Each returns "" when the position is too large to
// draw; the position's own notation then stands alone.

// MaxDrawn is the largest heap, row, stair or grid side drawn token by
// token; larger ones are drawn in part, with their size written out.
const MaxDrawn = 40

// tokens writes n copies of tok, cut after MaxDrawn with an ellipsis.
func tokens(n int, tok string) string {
	if n > MaxDrawn {
		return strings.Repeat(tok, MaxDrawn-2) + "…" + tok
	}
	return strings.Repeat(tok, n)
}

// DrawHeaps draws heaps as rows of tokens, one heap a line:
//
//	heap 1  ●●●    3
//	heap 2  ●●●●   4
func DrawHeaps(hs []int) string {
	if len(hs) == 0 || len(hs) > MaxDrawn {
		return ""
	}
	width := 0
	for _, h := range hs {
		width = max(width, len([]rune(tokens(h, "●"))))
	}
	var b strings.Builder
	for i, h := range hs {
		t := tokens(h, "●")
		fmt.Fprintf(&b, "heap %-*d %s%s  %d\n", len(fmt.Sprint(len(hs))), i+1, t, strings.Repeat(" ", width-len([]rune(t))), h)
	}
	return b.String()
}

// DrawPins draws Kayles rows as rows of pins, one row a line (a move knocks
// down one pin or two adjacent ones):
//
//	row 1  | | | | | | |   7
func DrawPins(rows []int) string {
	if len(rows) == 0 || len(rows) > MaxDrawn {
		return ""
	}
	width := 0
	for _, r := range rows {
		width = max(width, len([]rune(tokens(r, "| "))))
	}
	var b strings.Builder
	for i, r := range rows {
		t := tokens(r, "| ")
		if r == 0 {
			t = "(no pins)"
		}
		fmt.Fprintf(&b, "row %-*d %s%s  %d\n", len(fmt.Sprint(len(rows))), i+1, t, strings.Repeat(" ", max(width-len([]rune(t)), 0)), r)
	}
	return b.String()
}

// DrawStaircase draws staircase Nim: the stairs rise to the right, the top
// stair first, each with its coins.
//
//	          ▄▄▄▄ 3: ●●●●
//	     ▄▄▄▄▄████ 2: ●
//	▄▄▄▄▄█████████ 1: ●●●
func DrawStaircase(coins []int) string {
	n := len(coins)
	if n == 0 || n > MaxDrawn/2 {
		return ""
	}
	const w = 4
	var b strings.Builder
	label := len(fmt.Sprint(n))
	for s := n; s >= 1; s-- {
		b.WriteString(strings.Repeat(" ", (s-1)*w))
		b.WriteString(strings.Repeat("▄", w))
		b.WriteString(strings.Repeat("█", (n-s)*w))
		fmt.Fprintf(&b, " %*d: %s\n", label, s, tokens(coins[s-1], "●"))
	}
	return b.String()
}

// DrawQueen draws a Wythoff position as a queen on a grid: heap 1 is her
// column, heap 2 her row; she moves left, down or diagonally down-left, and
// whoever brings her to the corner 0 0 wins.
//
//	5 · · · ♛
//	4 · · · ·
//	…
//	0 ◦ · · ·
//	  0 1 2 3
func DrawQueen(p Pair) string {
	if p.A < 0 || p.B < 0 || p.A >= MaxDrawn/2 || p.B >= MaxDrawn/2 {
		return ""
	}
	cw := len(fmt.Sprint(p.A))
	rw := len(fmt.Sprint(p.B))
	var b strings.Builder
	for y := p.B; y >= 0; y-- {
		fmt.Fprintf(&b, "%*d", rw, y)
		for x := 0; x <= p.A; x++ {
			cell := "·"
			switch {
			case x == p.A && y == p.B:
				cell = "♛"
			case x == 0 && y == 0:
				cell = "◦"
			}
			fmt.Fprintf(&b, " %*s", cw, cell)
		}
		b.WriteByte('\n')
	}
	b.WriteString(strings.Repeat(" ", rw))
	for x := 0; x <= p.A; x++ {
		fmt.Fprintf(&b, " %*d", cw, x)
	}
	b.WriteByte('\n')
	return b.String()
}
