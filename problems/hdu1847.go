package problems

import (
	"io"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

func hdu1847() Problem {
	return Problem{
		ID:    "hdu1847",
		Title: "take a power of two from one pile, last taker wins (Kiki/Cici)",
		Solve: func(r io.Reader, w io.Writer) error {
			return run("hdu1847", r, w, func(in *input, out *output) error {
				g := games.PowerSubtraction{}
				for in.more() {
					n, err := in.int("n", 0, 1<<62)
					if err != nil {
						return err
					}
					if v, _ := g.ClosedValue(int(n)); impartial.OutcomeOf(v) == impartial.N {
						out.line("Kiki")
					} else {
						out.line("Cici")
					}
				}
				return nil
			})
		},
	}
}
