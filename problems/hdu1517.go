package problems

import (
	"io"

	"github.com/grundy/grundy/games"
)

func hdu1517() Problem {
	return Problem{
		ID:    "hdu1517",
		Title: "multiplication game: p = 1, multiply by 2..9, first to reach n wins (Stan/Ollie)",
		Solve: func(r io.Reader, w io.Writer) error {
			return run("hdu1517", r, w, func(in *input, out *output) error {
				rule, err := games.NewMultiplyRule([]int{2, 3, 4, 5, 6, 7, 8, 9})
				if err != nil {
					return err
				}
				for in.more() {
					n, err := in.uint("n", 1, 1<<64-1)
					if err != nil {
						return err
					}
					if v, _ := rule.Game(n).ClosedValue(1); v != 0 {
						out.line("Stan wins.")
					} else {
						out.line("Ollie wins.")
					}
				}
				return nil
			})
		},
	}
}
