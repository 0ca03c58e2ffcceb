package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy/notation"
)

// The position syntaxes of the games of this package. Every parser returns
// *notation.SyntaxError values naming the column; every String method writes
// what the parser reads back.

// MaxHeap is the largest heap size (or coin count, or cell) ParseHeaps and
// the other parsers accept.
const MaxHeap = 1<<62 - 1

func posError(input string, off int, format string, args ...any) error {
	return &notation.SyntaxError{What: "position", Input: input, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// ParseHeaps reads heap sizes separated by spaces or commas ("3 4 5").
func ParseHeaps(s string) ([]int, error) {
	return ParseInts(s, "heap size", `heap sizes such as "3 4 5"`)
}

// ParseInts reads whole numbers in 0..MaxHeap separated by spaces or
// commas; what names one of them in errors ("heap size"), want the whole
// ("heap sizes such as \"3 4 5\"").
func ParseInts(s, what, want string) ([]int, error) {
	xs, _, err := notation.Ints(s, 0, MaxHeap, what, want)
	if err != nil {
		return nil, notation.At(err, s, 0, "position")
	}
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out, nil
}

// FormatHeaps writes heap sizes separated by single spaces.
func FormatHeaps(hs []int) string {
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, " ")
}

// ParseList reads one List position: whole numbers separated by spaces or
// commas; check, when not nil, validates them (its error is reported at the
// first number).
func ParseList(s, what, want string, check func([]int) error) (List, error) {
	xs, err := ParseInts(s, what, want)
	if err != nil {
		return "", err
	}
	if check != nil {
		if err := check(xs); err != nil {
			return "", posError(s, notation.Fields(s)[0].Offset, "%s", err.Error())
		}
	}
	return NewList(xs...), nil
}

// String writes a row as the columns of its two pieces, "1 4".
func (r Row) String() string { return fmt.Sprintf("%d %d", r.A, r.B) }

// ParseRows reads the rows of a Northcott position: rows "a b" separated by
// ";" (several pairs in one row part are several rows), "1 4; 3 6".
func ParseRows(s string) ([]Row, error) {
	var rows []Row
	off := 0
	for _, part := range strings.Split(s, ";") {
		if strings.TrimSpace(part) == "" && len(rows) > 0 {
			off += len(part) + 1
			continue
		}
		xs, _, err := notation.Ints(part, 0, MaxHeap, "column", `rows "a b" such as "1 4; 3 6"`)
		if err != nil {
			return nil, notation.At(err, s, off, "position")
		}
		fields := notation.Fields(part)
		if len(xs)%2 != 0 {
			return nil, posError(s, off+fields[len(fields)-1].Offset, "a row needs two columns, one per piece")
		}
		for i := 0; i < len(xs); i += 2 {
			if xs[i] == xs[i+1] {
				return nil, posError(s, off+fields[i].Offset, "both pieces on column %d", xs[i])
			}
			rows = append(rows, Row{A: int(xs[i]), B: int(xs[i+1])})
		}
		off += len(part) + 1
	}
	return rows, nil
}

// FormatRows writes rows as ParseRows reads them.
func FormatRows(rows []Row) string {
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = r.String()
	}
	return strings.Join(parts, "; ")
}

// String writes a Wythoff position as its two heaps, "3 5".
func (p Pair) String() string { return fmt.Sprintf("%d %d", p.A, p.B) }

// ParsePair reads a Wythoff position: two heap sizes.
func ParsePair(s string) (Pair, error) {
	xs, offs, err := notation.Ints(s, 0, MaxHeap, "heap size", `two heap sizes such as "3 5"`)
	if err != nil {
		return Pair{}, notation.At(err, s, 0, "position")
	}
	if len(xs) != 2 {
		if len(xs) == 1 {
			return Pair{}, posError(s, offs[0], "one heap size; Wythoff's game has two")
		}
		return Pair{}, posError(s, offs[0], "%d heap sizes; Wythoff's game has two", len(xs))
	}
	return Pair{A: int(xs[0]), B: int(xs[1])}, nil
}

// String writes a Fibonacci Nim position: "n" before the first move, "n m"
// after a move that took m.
func (p FibPos) String() string {
	if p.Prev > 0 {
		return fmt.Sprintf("%d %d", p.N, p.Prev)
	}
	return strconv.Itoa(p.N)
}

// ParseFibPos reads a Fibonacci Nim position as FibPos.String writes it.
func ParseFibPos(s string) (FibPos, error) {
	xs, offs, err := notation.Ints(s, 0, MaxHeap, "number", `"n" or "n m"`)
	if err != nil {
		return FibPos{}, notation.At(err, s, 0, "position")
	}
	if len(xs) > 2 {
		return FibPos{}, posError(s, offs[2], `too many numbers (want "n" or "n m")`)
	}
	p := FibPos{N: int(xs[0])}
	if len(xs) == 2 {
		if xs[1] == 0 {
			return FibPos{}, posError(s, offs[1], "the previous move took no tokens")
		}
		p.Prev = int(xs[1])
	}
	return p, nil
}

// ParsePosition reads multiplication-game positions: current products
// p ≥ 1 separated by spaces; products beyond the target are written as the
// target (the game is over).
func (g Multiply) ParsePosition(s string) ([]uint64, error) {
	fields := notation.Fields(s)
	if len(fields) == 0 {
		return nil, posError(s, -1, "empty (want the current number, e.g. 1)")
	}
	var out []uint64
	for _, f := range fields {
		p, err := strconv.ParseUint(f.Text, 10, 64)
		if err != nil || p < 1 {
			return nil, posError(s, f.Offset, "%s is not a whole number ≥ 1", notation.Quote(f.Text))
		}
		out = append(out, min(p, g.target))
	}
	return out, nil
}

// FormatPosition writes products as ParsePosition reads them.
func (g Multiply) FormatPosition(ps []uint64) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = strconv.FormatUint(p, 10)
	}
	return strings.Join(parts, " ")
}
