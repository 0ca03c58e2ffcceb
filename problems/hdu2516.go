package problems

import (
	"io"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

func hdu2516() Problem {
	return Problem{
		ID:    "hdu2516",
		Title: "Fibonacci Nim: first move not all, then at most twice the previous (Second win/First win)",
		Solve: func(r io.Reader, w io.Writer) error {
			return run("hdu2516", r, w, func(in *input, out *output) error {
				g := games.FibonacciNim{}
				for in.more() {
					n, err := in.int("n", 0, 1<<62)
					if err != nil {
						return err
					}
					if n == 0 {
						break
					}
					if o, _ := g.ClosedOutcome(games.FibPos{N: int(n)}); o == impartial.P {
						out.line("Second win")
					} else {
						out.line("First win")
					}
				}
				return nil
			})
		},
	}
}
