package games_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grundy/grundy/games"
)

func ExampleDrawHeaps() {
	fmt.Print(games.DrawHeaps([]int{3, 4, 5}))
	// Output:
	// heap 1 ●●●    3
	// heap 2 ●●●●   4
	// heap 3 ●●●●●  5
}

func ExampleDrawStaircase() {
	fmt.Print(games.DrawStaircase([]int{3, 1, 4}))
	// Output:
	//         ▄▄▄▄ 3: ●●●●
	//     ▄▄▄▄████ 2: ●
	// ▄▄▄▄████████ 1: ●●●
}

func ExampleDrawQueen() {
	fmt.Print(games.DrawQueen(games.Pair{A: 3, B: 2}))
	// Output:
	// 2 · · · ♛
	// 1 · · · ·
	// 0 ◦ · · ·
	//   0 1 2 3
}

// TestDrawings: each drawing shows exactly the position: as many tokens or
// pins as the heap holds (up to MaxDrawn), the queen at her column and row.
func TestDrawings(t *testing.T) {
	for _, hs := range [][]int{{0}, {1}, {7, 0, 12}, {games.MaxDrawn}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}} {
		lines := strings.Split(strings.TrimSuffix(games.DrawHeaps(hs), "\n"), "\n")
		pins := strings.Split(strings.TrimSuffix(games.DrawPins(hs), "\n"), "\n")
		if len(lines) != len(hs) || len(pins) != len(hs) {
			t.Fatalf("%v: %d lines", hs, len(lines))
		}
		for i, h := range hs {
			if n := strings.Count(lines[i], "●"); n != h || !strings.HasSuffix(lines[i], fmt.Sprint(" ", h)) {
				t.Errorf("heap %d drawn %q", h, lines[i])
			}
			if n := strings.Count(pins[i], "|"); n != h {
				t.Errorf("row %d drawn %q", h, pins[i])
			}
		}
	}
	if big := games.DrawHeaps([]int{1000}); !strings.Contains(big, "…") || !strings.HasSuffix(big, " 1000\n") {
		t.Errorf("a heap of 1000: %q", big)
	}
	for a := range 6 {
		for b := range 6 {
			lines := strings.Split(games.DrawQueen(games.Pair{A: a, B: b}), "\n")
			row := lines[0] // the queen's row is the top one
			if !strings.HasPrefix(row, fmt.Sprint(b)) || strings.Index(strings.Fields(row)[1:][a], "♛") != 0 || strings.Count(strings.Join(lines, ""), "♛") != 1 {
				t.Errorf("queen at %d %d drawn\n%s", a, b, strings.Join(lines, "\n"))
			}
		}
	}
	if games.DrawQueen(games.Pair{A: 1 << 40, B: 3}) != "" {
		t.Error("a grid too large to draw was drawn")
	}
	st := strings.Split(strings.TrimSuffix(games.DrawStaircase([]int{2, 0, 5, 1}), "\n"), "\n")
	for i, want := range []int{1, 5, 0, 2} { // top stair first
		if n := strings.Count(st[i], "●"); n != want || !strings.Contains(st[i], fmt.Sprintf(" %d:", 4-i)) {
			t.Errorf("stair %d drawn %q", 4-i, st[i])
		}
	}
}
