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
	in, err := newCoinTokens(id, r)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(w)
	err = func() error {
		g := coins.MockTurtles()
		s := g.NewSolver(impartial.Budget{})
		ctx := context.Background()
		for {
			tok, line, col, ok := in.next()
			if !ok {
				return nil
			}
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || n > maxCoinCase {
				return &InputError{Problem: id, Line: line, Col: col, Msg: fmt.Sprintf("the number of heads %q is not a whole number from 0 to %d", tok, maxCoinCase)}
			}
			heads := make([]int, 0, n)
			for i := range n {
				t, l, c, ok := in.next()
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

// maxCoinCase bounds the number of coins one case of a coin problem may list
// (the judges allow at most 100 for HDU 3537 and 10000 for hihoCoder 1172).
const maxCoinCase = 1 << 20

// coinTokens splits judge input into whitespace-separated tokens, keeping
// the 1-based line and column of each.
type coinTokens struct {
	data []byte
	pos  int
	line int
	bol  int // offset of the start of the line
}

// maxCoinInput bounds the input the coin drivers read (64 MiB).
const maxCoinInput = 64 << 20

func newCoinTokens(id string, r io.Reader) (*coinTokens, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxCoinInput+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxCoinInput {
		return nil, &InputError{Problem: id, Msg: fmt.Sprintf("input longer than %d bytes", maxCoinInput)}
	}
	return &coinTokens{data: data, line: 1}, nil
}

func (t *coinTokens) next() (tok string, line, col int, ok bool) {
	for t.pos < len(t.data) {
		switch c := t.data[t.pos]; {
		case c == '\n':
			t.line++
			t.bol = t.pos + 1
		case isSpace(c):
		default:
			start := t.pos
			for t.pos < len(t.data) && !isSpace(t.data[t.pos]) {
				t.pos++
			}
			return string(t.data[start:t.pos]), t.line, start - t.bol + 1, true
		}
		t.pos++
	}
	return "", 0, 0, false
}
