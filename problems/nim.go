package problems

import (
	"context"
	"io"

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
// the input, through solve, which answers with Nim's winning moves.
func nimCases(id string, r io.Reader, w io.Writer, maxPiles, maxPile int64, solve func(o *output, piles []int, moves []impartial.Move[int])) error {
	in, out := newInput(id, r), newOutput(w)
	ctx := context.Background()
	var piles []int
	for in.more() {
		m, err := in.int("the number of piles", 0, maxPiles)
		if err != nil {
			return err
		}
		if m == 0 {
			break
		}
		if piles, err = readPiles(in, piles, m, maxPile); err != nil {
			return err
		}
		moves, err := impartial.NewSolver[int](games.Nim{}, impartial.Settings{}).WinningMoves(ctx, piles...)
		if err != nil {
			return err
		}
		solve(out, piles, moves)
	}
	if err := in.readErr(); err != nil {
		return err
	}
	return out.flush()
}

func hdu1850() Problem {
	return Problem{
		ID:    "hdu1850",
		Title: "Nim: count the winning first moves",
		Solve: func(r io.Reader, w io.Writer) error {
			return nimCases("hdu1850", r, w, 1<<24, 1<<62, func(o *output, _ []int, moves []impartial.Move[int]) {
				o.int(int64(len(moves)))
				o.byte('\n')
			})
		},
	}
}

func poj2975() Problem {
	return Problem{
		ID:    "poj2975",
		Title: "Nim: count the winning first moves (piles up to 1e9)",
		Solve: func(r io.Reader, w io.Writer) error {
			return nimCases("poj2975", r, w, 1<<24, 1<<62, func(o *output, _ []int, moves []impartial.Move[int]) {
				o.int(int64(len(moves)))
				o.byte('\n')
			})
		},
	}
}

func hdu2176() Problem {
	return Problem{
		ID:    "hdu2176",
		Title: "Nim: list the winning first moves (pile a leaves b), in input order",
		Solve: func(r io.Reader, w io.Writer) error {
			return nimCases("hdu2176", r, w, 1<<24, 1<<62, func(o *output, piles []int, moves []impartial.Move[int]) {
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
			in, out := newInput("hdu1849", r), newOutput(w)
			ctx := context.Background()
			var cells []int
			for in.more() {
				m, err := in.int("the number of pieces", 0, 1<<24)
				if err != nil {
					return err
				}
				if m == 0 {
					break
				}
				if cells, err = readPiles(in, cells, m, 1<<62); err != nil {
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
			if err := in.readErr(); err != nil {
				return err
			}
			return out.flush()
		},
	}
}

func hdu1907() Problem {
	return Problem{
		ID:    "hdu1907",
		Title: "misère Nim: whoever eats the last candy loses (John/Brother)",
		Solve: func(r io.Reader, w io.Writer) error {
			in, out := newInput("hdu1907", r), newOutput(w)
			ctx := context.Background()
			t, err := in.int("the number of tests", 0, 1<<40)
			if err != nil {
				return err
			}
			var piles []int
			for range t {
				n, err := in.int("the number of boxes", 0, 1<<24)
				if err != nil {
					return err
				}
				if piles, err = readPiles(in, piles, n, 1<<62); err != nil {
					return err
				}
				o, err := impartial.NewMisereSolver[int](games.Nim{}, impartial.Settings{}).Outcome(ctx, piles...)
				if err != nil {
					return err
				}
				if o == impartial.N {
					out.line("John")
				} else {
					out.line("Brother")
				}
			}
			if in.more() {
				in.token(nil)
				return in.errorf("unexpected input after %d tests", t)
			}
			if err := in.readErr(); err != nil {
				return err
			}
			return out.flush()
		},
	}
}

func hdu1730() Problem {
	return Problem{
		ID:    "hdu1730",
		Title: "Northcott's game: rows of a black and a white piece (I WIN!/BAD LUCK!)",
		Solve: func(r io.Reader, w io.Writer) error {
			in, out := newInput("hdu1730", r), newOutput(w)
			ctx := context.Background()
			var rows []games.Row
			for in.more() {
				n, err := in.int("the number of rows", 0, 1<<24)
				if err != nil {
					return err
				}
				m, err := in.int("the number of columns", 1, 1<<62)
				if err != nil {
					return err
				}
				rows = rows[:0]
				for range n {
					a, err := in.int("a piece's column", 0, m)
					if err != nil {
						return err
					}
					b, err := in.int("a piece's column", 0, m)
					if err != nil {
						return err
					}
					if a == b {
						return in.errorf("both pieces of a row on column %d", a)
					}
					rows = append(rows, games.Row{A: int(a), B: int(b)})
				}
				o, err := impartial.NewSolver[games.Row](games.Northcott{}, impartial.Settings{}).Outcome(ctx, rows...)
				if err != nil {
					return err
				}
				if o == impartial.N {
					out.line("I WIN!")
				} else {
					out.line("BAD LUCK!")
				}
			}
			if err := in.readErr(); err != nil {
				return err
			}
			return out.flush()
		},
	}
}

func hdu4315() Problem {
	return Problem{
		ID:    "hdu4315",
		Title: "Climbing the Hill: staircase Nim with a king (Alice/Bob)",
		Solve: func(r io.Reader, w io.Writer) error {
			in, out := newInput("hdu4315", r), newOutput(w)
			var cells []int
			for in.more() {
				n, err := in.int("N", 1, 1<<24)
				if err != nil {
					return err
				}
				k, err := in.int("k", 1, n)
				if err != nil {
					return err
				}
				first := in.line
				if cells, err = readPiles(in, cells, n, 1<<62); err != nil {
					return err
				}
				g, _ := games.NewClimbingHill(int(k))
				if err := g.Valid(cells); err != nil {
					return &InputError{Problem: "hdu4315", Line: max(first, in.tok), Msg: err.Error()}
				}
				if o, _ := g.ClosedOutcome(games.NewList(cells...)); o == impartial.N {
					out.line("Alice")
				} else {
					out.line("Bob")
				}
			}
			if err := in.readErr(); err != nil {
				return err
			}
			return out.flush()
		},
	}
}
