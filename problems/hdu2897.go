package problems

import (
	"io"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

func hdu2897() Problem {
	return Problem{
		ID:    "hdu2897",
		Title: "take p..q coins (all if fewer than p remain), last taker loses (WIN/LOST)",
		Solve: func(r io.Reader, w io.Writer) error {
			return run("hdu2897", r, w, func(in *input, out *output) error {
				for in.more() {
					n, err := in.int("n", 0, 1<<62)
					if err != nil {
						return err
					}
					p, err := in.int("p", 1, 1<<40)
					if err != nil {
						return err
					}
					q, err := in.int("q", p, 1<<40)
					if err != nil {
						return err
					}
					g, err := games.NewTakeRange(int(p), int(q))
					if err != nil {
						return in.errorf("%v", err)
					}
					if o, _ := g.MisereOutcome([]int{int(n)}); o == impartial.N {
						out.line("WIN")
					} else {
						out.line("LOST")
					}
				}
				return nil
			})
		},
	}
}
