package problems

import (
	"context"
	"io"
	"math"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

// bashGame returns Bash's game, take 1..m from one heap: the take-range game
// with p = 1 (whose closed form needs no table of m moves).
func bashGame(m int64) games.TakeRange {
	g, _ := games.NewTakeRange(1, int(m))
	return g
}

// bashSolver returns the engine's solver of Bash's game {1..m}.
func bashSolver(m int64) *impartial.Solver[int] {
	return impartial.NewSolver[int](bashGame(m), impartial.Settings{})
}

// bashSolvers keeps the solver of each m met, so that an input of many
// cases builds each once (a solver's construction cost five times the C
// reference's whole answer per case). Bounded: cleared when full.
type bashSolvers map[int64]*impartial.Solver[int]

const maxBashSolvers = 1 << 10

func (c bashSolvers) get(m int64) *impartial.Solver[int] {
	s, ok := c[m]
	if !ok {
		if len(c) >= maxBashSolvers {
			clear(c)
		}
		s = bashSolver(m)
		c[m] = s
	}
	return s
}

// firstWins reports whether the player to move wins from heap n.
func firstWins(s *impartial.Solver[int], n int64) (bool, error) {
	o, err := s.Outcome(context.Background(), int(n))
	return o == impartial.N, err
}

// maxHeap bounds the heaps and move sizes the drivers accept (the judges'
// are below 2^31).
const maxHeap = 1_000_000_000_000_000_000

// countedCases reads "C, then C cases" as accepted solutions do
// (scanf("%d", &C); while (C--) …): empty input has no cases, and whatever
// follows the C cases is not read.
func countedCases(in *input, what string, solve func() error) error {
	if !in.more() {
		return nil
	}
	c, err := in.int("the number of "+what, 0, math.MaxInt64)
	if err != nil {
		return err
	}
	for range c {
		if err := solve(); err != nil {
			return err
		}
	}
	return nil
}

// bashCases solves "C, then C lines n m": does the first player win Bash's
// game {1..m} on a heap of n?
func bashCases(id string, r io.Reader, w io.Writer, minN int64, first, second string) error {
	return run(id, r, w, func(in *input, out *output) error {
		solvers := bashSolvers{}
		return countedCases(in, "cases", func() error {
			n, err := in.int("n", minN, maxHeap)
			if err != nil {
				return err
			}
			m, err := in.int("m", 1, maxHeap)
			if err != nil {
				return err
			}
			win, err := firstWins(solvers.get(m), n)
			if err != nil {
				return err
			}
			if win {
				out.line(first)
			} else {
				out.line(second)
			}
			return nil
		})
	})
}

func hdu1846() Problem {
	return Problem{
		ID:    "hdu1846",
		Title: "Bash's game: one pile of n, take 1..m, last taker wins (first/second)",
		Solve: func(r io.Reader, w io.Writer) error { return bashCases("hdu1846", r, w, 0, "first", "second") },
	}
}

// hdu2188: n ≥ 1 (the judge's 0 < n); at n = 0 accepted solutions differ.
func hdu2188() Problem {
	return Problem{
		ID:    "hdu2188",
		Title: "Bash's game on donations: give 1..m, first to reach n wins (Grass/Rabbit)",
		Solve: func(r io.Reader, w io.Writer) error { return bashCases("hdu2188", r, w, 1, "Grass", "Rabbit") },
	}
}

// maxBids bounds N in hdu2149 (the judge has N < 1100): the answer to one
// case lists up to N bids.
const maxBids = 1 << 12

func hdu2149() Problem {
	return Problem{
		ID:    "hdu2149",
		Title: "Bash's game on a price: raise by 1..N, first to reach M wins; list the winning first bids",
		Solve: func(r io.Reader, w io.Writer) error {
			return run("hdu2149", r, w, func(in *input, out *output) error {
				for in.more() {
					m, err := in.int("M", 1, maxHeap)
					if err != nil {
						return err
					}
					n, err := in.int("N", 1, maxBids)
					if err != nil {
						return err
					}
					// Bidding b leaves max(M-b, 0) to reach: Bash's game
					// {1..N}, won by the bidder when that is a P-position.
					s := bashSolver(n)
					any := false
					for b := int64(1); b <= n; b++ {
						win, err := firstWins(s, max(m-b, 0))
						if err != nil {
							return err
						}
						if !win {
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
				return nil
			})
		},
	}
}
