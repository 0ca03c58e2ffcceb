package problems

import (
	"context"
	"io"
	"math"
	"sort"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

// readPiles reads count piles into dst, each in 0..hi.
func readPiles(in *input, dst []int, count int64, hi int64) ([]int, error) {
	dst = dst[:0]
	for range count {
		x, err := in.int("a pile", 0, hi)
		if err != nil {
			return nil, err
		}
		dst = append(dst, int(x))
	}
	return dst, nil
}

// nimCases runs each case "m, then m piles", until a line 0 or the end of
// the input (what follows the 0 is not read), through solve, which answers
// with Nim's winning moves.
func nimCases(id string, r io.Reader, w io.Writer, solve func(o *output, piles []int, moves []impartial.Move[int])) error {
	return run(id, r, w, func(in *input, out *output) error {
		ctx := context.Background()
		var piles []int
		for in.more() {
			m, err := in.int("the number of piles", 0, maxCase)
			if err != nil {
				return err
			}
			if m == 0 {
				break
			}
			if piles, err = readPiles(in, piles, m, maxHeap); err != nil {
				return err
			}
			moves, err := impartial.NewSolver[int](games.Nim{}, impartial.Settings{}).WinningMoves(ctx, piles...)
			if err != nil {
				return err
			}
			solve(out, piles, moves)
		}
		return nil
	})
}

func countMoves(o *output, _ []int, moves []impartial.Move[int]) {
	o.int(int64(len(moves)))
	o.byte('\n')
}

func hdu1850() Problem {
	return Problem{
		ID:    "hdu1850",
		Title: "Nim: count the winning first moves",
		Solve: func(r io.Reader, w io.Writer) error { return nimCases("hdu1850", r, w, countMoves) },
	}
}

func poj2975() Problem {
	return Problem{
		ID:    "poj2975",
		Title: "Nim: count the winning first moves (piles up to 1e9)",
		Solve: func(r io.Reader, w io.Writer) error { return nimCases("poj2975", r, w, countMoves) },
	}
}

func hdu2176() Problem {
	return Problem{
		ID:    "hdu2176",
		Title: "Nim: list the winning first moves (pile a leaves b), in input order",
		Solve: func(r io.Reader, w io.Writer) error {
			return nimCases("hdu2176", r, w, func(o *output, piles []int, moves []impartial.Move[int]) {
				if len(moves) == 0 {
					o.line("No")
					return
				}
				o.line("Yes")
				for _, m := range moves {
					o.int(int64(piles[m.Index]))
					o.byte(' ')
					o.int(int64(m.To))
					o.byte('\n')
				}
			})
		},
	}
}

func hdu1849() Problem {
	return Problem{
		ID:    "hdu1849",
		Title: "Nimble: pieces on a strip move left any distance (Rabbit Win!/Grass Win!)",
		Solve: func(r io.Reader, w io.Writer) error {
			return run("hdu1849", r, w, func(in *input, out *output) error {
				ctx := context.Background()
				var cells []int
				for in.more() {
					m, err := in.int("the number of pieces", 0, maxCase)
					if err != nil {
						return err
					}
					if m == 0 {
						break
					}
					if cells, err = readPiles(in, cells, m, maxHeap); err != nil {
						return err
					}
					o, err := impartial.NewSolver[int](games.Nimble{}, impartial.Settings{}).Outcome(ctx, cells...)
					if err != nil {
						return err
					}
					if o == impartial.N {
						out.line("Rabbit Win!")
					} else {
						out.line("Grass Win!")
					}
				}
				return nil
			})
		},
	}
}

// hdu1907 reads "T, then T tests: N, then N boxes" as accepted solutions do
// (what follows the T tests is not read).
func hdu1907() Problem {
	return Problem{
		ID:    "hdu1907",
		Title: "misère Nim: whoever eats the last candy loses (John/Brother)",
		Solve: func(r io.Reader, w io.Writer) error {
			return run("hdu1907", r, w, func(in *input, out *output) error {
				ctx := context.Background()
				var piles []int
				// One solver for every test: the heaps it has met stay
				// interned (a solver per test cost 8 times the C
				// reference's CPU at 5,000 tests of 47 boxes).
				misere := impartial.NewMisereSolver[int](games.Nim{}, impartial.Settings{})
				return countedCases(in, "tests", func() error {
					n, err := in.int("the number of boxes", 0, maxCase)
					if err != nil {
						return err
					}
					if piles, err = readPiles(in, piles, n, maxHeap); err != nil {
						return err
					}
					o, err := misere.Outcome(ctx, piles...)
					if err != nil {
						return err
					}
					if o == impartial.N {
						out.line("John")
					} else {
						out.line("Brother")
					}
					return nil
				})
			})
		},
	}
}

// hdu1730 reads groups "n m, then n rows T J" to the end of the input.
//
// A row whose two pieces share a column is no position of Northcott's game,
// but the judge's input may hold one and accepted solutions answer: they XOR
// the gaps |T−J|−1, so such a row adds −1, which flips every bit of a XOR of
// gaps (never −1 itself). An odd number of such rows therefore gives
// "I WIN!", and an even number cancels out: the driver answers as they do,
// and the engine solves the other rows. The columns are not checked against
// m, which accepted solutions read and ignore (only the gaps matter).
func hdu1730() Problem {
	return Problem{
		ID:    "hdu1730",
		Title: "Northcott's game: rows of a black and a white piece (I WIN!/BAD LUCK!)",
		Solve: func(r io.Reader, w io.Writer) error {
			return run("hdu1730", r, w, func(in *input, out *output) error {
				ctx := context.Background()
				var rows []games.Row
				for in.more() {
					n, err := in.int("the number of rows", 0, maxCase)
					if err != nil {
						return err
					}
					if _, err := in.int("the number of columns", 0, math.MaxInt64); err != nil {
						return err
					}
					rows = rows[:0]
					shared := 0
					for range n {
						a, err := in.int("a piece's column", 0, maxHeap)
						if err != nil {
							return err
						}
						b, err := in.int("a piece's column", 0, maxHeap)
						if err != nil {
							return err
						}
						if a == b {
							shared++
							continue
						}
						rows = append(rows, games.Row{A: int(a), B: int(b)})
					}
					o, err := impartial.NewSolver[games.Row](games.Northcott{}, impartial.Settings{}).Outcome(ctx, rows...)
					if err != nil {
						return err
					}
					if o == impartial.N || shared%2 == 1 {
						out.line("I WIN!")
					} else {
						out.line("BAD LUCK!")
					}
				}
				return nil
			})
		},
	}
}

func hdu4315() Problem {
	return Problem{
		ID:    "hdu4315",
		Title: "Climbing the Hill: staircase Nim with a king (Alice/Bob)",
		Solve: func(r io.Reader, w io.Writer) error {
			return run("hdu4315", r, w, func(in *input, out *output) error {
				var cells []int
				var at [][2]int // the position of each cell in the input
				for in.more() {
					n, err := in.int("N", 1, maxCase)
					if err != nil {
						return err
					}
					k, err := in.int("k", 1, n)
					if err != nil {
						return err
					}
					cells, at = cells[:0], at[:0]
					for range n {
						c, err := in.int("a position", 0, maxHeap)
						if err != nil {
							return err
						}
						cells = append(cells, int(c))
						at = append(at, [2]int{in.tokLine, in.tokCol})
					}
					g, _ := games.NewClimbingHill(int(k))
					if err := g.Valid(cells); err != nil {
						// Point at the first person out of order: the
						// shortest invalid prefix (validity of a prefix is
						// monotone), found by bisection.
						one, _ := games.NewClimbingHill(1)
						i := sort.Search(len(cells), func(i int) bool { return one.Valid(cells[:i+1]) != nil })
						i = min(i, len(cells)-1)
						return &InputError{Problem: "hdu4315", Line: at[i][0], Col: at[i][1], Msg: err.Error()}
					}
					if o, _ := g.ClosedOutcome(games.NewList(cells...)); o == impartial.N {
						out.line("Alice")
					} else {
						out.line("Bob")
					}
				}
				return nil
			})
		},
	}
}
