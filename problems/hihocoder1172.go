package problems

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unsafe"

	"github.com/grundy/grundy/coins"
	"github.com/grundy/grundy/impartial"
)

// hihocoder1172 is Turning Turtles (hihoCoder 1172, "Nim game II"): N coins
// numbered 1..N; a move turns one head to tails and optionally one coin to
// its left. One test: N, then a string of N letters H/T. The answer is
// "Alice" when the first player wins, else "Bob". By the coin-turning
// theorem the value is the XOR of the (1-based) head positions
// (coins.TurningTurtles).
func hihocoder1172() Problem {
	return Problem{
		ID:    "hihocoder1172",
		Title: "Turning Turtles: turn one H, optionally one coin to its left; Alice (first) or Bob?",
		Solve: solveHihoCoder1172,
	}
}

// solveHihoCoder1172 reads as accepted solutions do (scanf("%d%s", …)):
// empty input has no test to answer, and what follows the row is not read.
func solveHihoCoder1172(r io.Reader, w io.Writer) error {
	const id = "hihocoder1172"
	in := newCoinTokens(id, r)
	tok, line, col, ok := in.next(maxToken)
	if !ok {
		return in.err
	}
	n, err := strconv.Atoi(tok)
	if err != nil || n < 1 || n > maxCase {
		return &InputError{Problem: id, Line: line, Col: col, Msg: fmt.Sprintf("N = %q is not a whole number from 1 to %d", tok, maxCase)}
	}
	b, rowLine, rowCol, ok := in.nextBytes(maxCase, n)
	if in.err != nil {
		return in.err
	}
	if !ok {
		return &InputError{Problem: id, Msg: fmt.Sprintf("expected a row of %d coins (H or T) after N on line %d", n, line)}
	}
	// The row is read in place, not copied: b is not written while row is
	// in use, and row does not outlive this call.
	row := unsafe.String(unsafe.SliceData(b), len(b))
	if i := notCoin(row); i >= 0 {
		return &InputError{Problem: id, Line: rowLine, Col: rowCol + i, Msg: fmt.Sprintf("character %d of the row, %q, is not H or T", i+1, []rune(row[i:])[0])}
	}
	if len(row) != n {
		return &InputError{Problem: id, Line: rowLine, Col: rowCol, Msg: fmt.Sprintf("the row has %d coins, but N = %d", len(row), n)}
	}
	// The row is XORed as it is read (coins.Solver.RowValue): the heads
	// of 10^6 coins are never listed.
	v, err := coins.TurningTurtles().NewSolver(impartial.Budget{}).RowValue(context.Background(), row)
	if err != nil {
		return &InputError{Problem: id, Line: rowLine, Col: rowCol, Msg: err.Error()}
	}
	answer := "Bob\n"
	if v != 0 {
		answer = "Alice\n"
	}
	_, err = io.WriteString(w, answer)
	return err
}

// notCoin returns the index of the first byte of row that is not H or T,
// or -1. strings.TrimLeft's byte set tests a coin with one branch that a
// valid row always takes (two comparisons mispredicted every other coin of
// a random row of 10^6).
func notCoin(row string) int {
	if rest := strings.TrimLeft(row, "HT"); rest != "" {
		return len(row) - len(rest)
	}
	return -1
}
