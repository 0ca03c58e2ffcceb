package problems

import (
	"context"
	"io"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

// bashGame returns Bash's game, the subtraction game {1..m}.
func bashGame(m int) games.Subtraction {
	set := make([]int, m)
	for i := range set {
		set[i] = i + 1
	}
	g, _ := games.NewSubtraction(set)
	return g
}

// maxTake bounds the m of Bash's game the drivers accept.
const maxTake = 1 << 16

// bashCases solves "C, then C lines n m": does the first player win Bash's
// game {1..m} on a heap of n?
func bashCases(id string, r io.Reader, w io.Writer, first, second string) error {
	in, out := newInput(id, r), newOutput(w)
	c, err := in.int("the number of cases", 0, 1<<40)
	if err != nil {
		return err
	}
	ctx := context.Background()
	for range c {
		n, err := in.int("n", 0, 1<<62)
		if err != nil {
			return err
		}
		m, err := in.int("m", 1, maxTake)
		if err != nil {
			return err
		}
		o, err := impartial.NewSolver[int](bashGame(int(m)), impartial.Settings{}).Outcome(ctx, int(n))
		if err != nil {
			return err
		}
		if o == impartial.N {
			out.line(first)
		} else {
			out.line(second)
		}
	}
	if in.more() {
		in.token(nil)
		return in.errorf("unexpected input after %d cases", c)
	}
	return out.flush()
}

func hdu1846() Problem {
	return Problem{
		ID:    "hdu1846",
		Title: "Bash's game: one pile of n, take 1..m, last taker wins (first/second)",
		Solve: func(r io.Reader, w io.Writer) error { return bashCases("hdu1846", r, w, "first", "second") },
	}
}

func hdu2188() Problem {
	return Problem{
		ID:    "hdu2188",
		Title: "Bash's game on donations: give 1..m, first to reach n wins (Grass/Rabbit)",
		Solve: func(r io.Reader, w io.Writer) error { return bashCases("hdu2188", r, w, "Grass", "Rabbit") },
	}
}

func hdu2149() Problem {
	return Problem{
		ID:    "hdu2149",
		Title: "Bash's game on a price: raise by 1..N, first to reach M wins; list the winning first bids",
		Solve: func(r io.Reader, w io.Writer) error {
			const id = "hdu2149"
			in, out := newInput(id, r), newOutput(w)
			ctx := context.Background()
			for in.more() {
				m, err := in.int("M", 1, 1<<40)
				if err != nil {
					return err
				}
				n, err := in.int("N", 1, maxTake)
				if err != nil {
					return err
				}
				// Bidding b leaves max(M-b, 0) to reach: Bash's game {1..N}.
				s := impartial.NewSolver[int](bashGame(int(n)), impartial.Settings{})
				any := false
				for b := int64(1); b <= n; b++ {
					o, err := s.Outcome(ctx, int(max(m-b, 0)))
					if err != nil {
						return err
					}
					if o == impartial.P {
						if any {
							out.byte(' ')
						}
						out.int(b)
						any = true
					}
				}
				if !any {
					out.str("none")
				}
				out.byte('\n')
			}
			if err := in.readErr(); err != nil {
				return err
			}
			return out.flush()
		},
	}
}
