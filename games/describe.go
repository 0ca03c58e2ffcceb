package games

import (
	"fmt"
	"strings"
)

// How each game names its moves, for the lists of moves grundy prints
// ("take 2 from heap 1"): DescribeMove names the move of component i of a
// position to the option to (or, for games of one component, from → to).

// DescribeMove names a move of the multiplication game.
func (g Multiply) DescribeMove(from, to uint64) string {
	if to >= g.target {
		return fmt.Sprintf("multiply %d to reach %d or more", from, g.target)
	}
	return fmt.Sprintf("multiply %d by %d", from, to/from)
}

// DescribeMove names a move in row i of Northcott's game.
func (Northcott) DescribeMove(rows []Row, i int, to Row) string {
	if to.A != rows[i].A {
		return fmt.Sprintf("row %d: first piece %d → %d", i+1, rows[i].A, to.A)
	}
	return fmt.Sprintf("row %d: second piece %d → %d", i+1, rows[i].B, to.B)
}

// DescribeMove names a move of coin i of Nimble.
func (Nimble) DescribeMove(xs []int, i, to int) string {
	return fmt.Sprintf("coin %d: square %d → %d", i+1, xs[i], to)
}

// DescribeMove names a move of staircase Nim.
func (Staircase) DescribeMove(from, to []int) string {
	d := changed(from, to)
	top := d[len(d)-1]
	if top == 0 {
		return fmt.Sprintf("take %d off stair 1", from[0]-to[0])
	}
	return fmt.Sprintf("move %d from stair %d to %d", from[top]-to[top], top+1, top)
}

// DescribeMove names a move of Climbing the Hill.
func (ClimbingHill) DescribeMove(from, to []int) string {
	i := changed(from, to)[0]
	return fmt.Sprintf("person %d: cell %d → %d", i+1, from[i], to[i])
}

// DescribeMove names a move of Moore's Nim_k.
func (Moore) DescribeMove(from, to []int) string {
	var parts []string
	for _, i := range changed(from, to) {
		parts = append(parts, fmt.Sprintf("take %d from heap %d", from[i]-to[i], i+1))
	}
	return strings.Join(parts, ", ")
}

// DescribeMove names a move of Wythoff's game.
func (Wythoff) DescribeMove(p, to Pair) string {
	switch {
	case to.A != p.A && to.B != p.B:
		return fmt.Sprintf("take %d from both heaps", p.A-to.A)
	case to.A != p.A:
		return fmt.Sprintf("take %d from heap 1", p.A-to.A)
	}
	return fmt.Sprintf("take %d from heap 2", p.B-to.B)
}

// DescribeMove names a move of Fibonacci Nim.
func (FibonacciNim) DescribeMove(to FibPos) string { return fmt.Sprintf("take %d", to.Prev) }

// changed returns the indexes where a and b differ.
func changed(a, b []int) []int {
	var out []int
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			out = append(out, i)
		}
	}
	return out
}
