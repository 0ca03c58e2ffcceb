package problems

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/grundy/grundy/coins"
	"github.com/grundy/grundy/impartial"
)

// hdu3537 is Mock Turtles (HDU 3537, "Daizhenyang's Coin"): coins numbered
// from 0, a move turns one, two or three coins with the rightmost going from
// heads to tails. Each case is n, then the n head positions (possibly with
// repeats, which count once; the line may be absent when n = 0). The answer
// is "Yes" when the FIRST player loses, else "No". By the coin-turning
// theorem the value is the XOR of the odious numbers odious(x) over the
// heads (coins.MockTurtles, O(1) per head).
func hdu3537() Problem {
	return Problem{
		ID:    "hdu3537",
		Title: "Mock Turtles: turn 1–3 coins, rightmost H→T; does the first player lose?",
		Solve: solveHDU3537,
	}
}

func solveHDU3537(r io.Reader, w io.Writer) error {
	const id = "hdu3537"
	in := newCoinTokens(id, r)
	out := bufio.NewWriter(w)
	err := func() error {
		g := coins.MockTurtles()
		s := g.NewSolver(impartial.Budget{})
		ctx := context.Background()
		for {
			tok, line, col, ok := in.next(maxToken)
			if !ok {
				return in.err
			}
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || n > maxCase {
				return &InputError{Problem: id, Line: line, Col: col, Msg: fmt.Sprintf("the number of heads %q is not a whole number from 0 to %d", tok, maxCase)}
			}
			heads := make([]int, 0, n)
			for i := range n {
				t, l, c, ok := in.next(maxToken)
				if in.err != nil {
					return in.err
				}
				if !ok {
					return &InputError{Problem: id, Msg: fmt.Sprintf("expected %d head positions after n = %d on line %d, found %d", n, n, line, i)}
				}
				x, err := strconv.ParseInt(t, 10, 64)
				if err != nil || x < 0 || x > coins.MaxCoin {
					return &InputError{Problem: id, Line: l, Col: c, Msg: fmt.Sprintf("head position %q is not a whole number from 0 to %d", t, int64(coins.MaxCoin))}
				}
				heads = append(heads, int(x))
			}
			// A coin listed twice is one head.
			slices.Sort(heads)
			heads = slices.Compact(heads)
			v, err := s.Value(ctx, coins.Position{Heads: heads})
			if err != nil {
				return err
			}
			if v == 0 {
				out.WriteString("Yes\n")
			} else {
				out.WriteString("No\n")
			}
		}
	}()
	// The answers before an error are written too, as a judge's solution
	// prints as it goes.
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// maxCase (input.go) bounds the number of coins one case of a coin problem
// may list (the judges allow at most 100 for HDU 3537 and 10000 for
// hihoCoder 1172).

// coinTokens splits judge input into whitespace-separated tokens, keeping
// the 1-based line and column of each. It reads through input (input.go),
// so it holds one buffer, not the input, and stops at maxInput bytes.
type coinTokens struct {
	in  *input
	err error // why the tokens ended early: input past maxInput, a token too long, a read error
}

func newCoinTokens(id string, r io.Reader) *coinTokens {
	return &coinTokens{in: newInput(id, r)}
}

// next returns the next token, of at most max bytes. At the end of the
// input, or at an error (then t.err), ok is false.
func (t *coinTokens) next(max int) (tok string, line, col int, ok bool) {
	b, line, col, ok := t.nextBytes(max, 0)
	return string(b), line, col, ok
}

// nextBytes is next for a token expected to be about size bytes long (a
// row of coins whose length came before it): it is gathered into one
// buffer of that size and returned as bytes, not copied again into a
// string. A row of 10^6 coins gathered by doubling and then copied
// allocated 3 MB and started the collector.
func (t *coinTokens) nextBytes(max, size int) (tok []byte, line, col int, ok bool) {
	var scratch []byte // next's tokens are short: token's own buffer
	if size > 0 {
		scratch = make([]byte, 0, min(size, max)+1)
	}
	b := t.in.token(scratch, max)
	if b == nil {
		t.err = t.in.readErr()
		return nil, 0, 0, false
	}
	if len(b) > max {
		t.err = t.in.errorf("%q: the token is longer than %d bytes", clip(b), max)
		return nil, 0, 0, false
	}
	return b, t.in.tokLine, t.in.tokCol, true
}
