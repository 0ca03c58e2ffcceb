package coins

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/nimber"
)

func mulNimber(a, b Nimber) Nimber { return Nimber(nimber.Mul(uint64(a), uint64(b))) }

// MaxBoard is the largest number of coins a position may write out letter
// by letter.
const MaxBoard = 1 << 16

// Grid is a position of a two-dimensional game: its heads, and how it is
// written. A position written as rows of H and T ("HTT/THT", row B.Start
// first, each row from column A.Start) has W columns and H rows (H > 0; a
// shorter row is padded with tails); a position written as a list of heads
// ("(0,0) (1,1)", or "none") has W = H = 0.
type Grid struct {
	Heads []Cell // row-major order (by Y, then X), distinct
	W, H  int
}

func cellLess(a, b Cell) int {
	if a.Y != b.Y {
		return a.Y - b.Y
	}
	return a.X - b.X
}

// ParsePosition reads a position in either form: rows of H (heads) and T
// (tails) separated by "/", case-insensitive, spaces ignored, the first row
// being row B.Start and each row starting at column A.Start; or a list of
// heads "(x,y)" separated by spaces or commas, in any order ("none" or "-"
// is the list without heads). Errors are *SyntaxError values naming the
// column.
func (p *Plane) ParsePosition(s string) (Grid, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return Grid{}, &SyntaxError{What: "position", Input: s, Offset: -1, Msg: fmt.Sprintf("empty position (want rows such as HTT/THT or heads such as \"(%d,%d) (%d,%d)\")", p.A.Start, p.B.Start, p.A.Start+1, p.B.Start+2)}
	}
	if strings.EqualFold(t, "none") || t == "-" {
		return Grid{Heads: []Cell{}}, nil
	}
	if strings.ContainsAny(t, "(0123456789") {
		return p.parseCells(s)
	}
	return p.parseRows(s)
}

func (p *Plane) parseRows(s string) (Grid, error) {
	g := Grid{Heads: []Cell{}, H: 1}
	x, coins := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case 'H', 'h', 'T', 't':
			if c == 'H' || c == 'h' {
				g.Heads = append(g.Heads, Cell{p.A.Start + x, p.B.Start + g.H - 1})
			}
			x++
			g.W = max(g.W, x)
			if coins++; coins > MaxBoard {
				return Grid{}, &SyntaxError{What: "position", Input: s, Offset: i, Msg: fmt.Sprintf("more than %d coins (list the heads instead)", MaxBoard)}
			}
		case '/':
			g.H++
			x = 0
		case ' ', '\t', '\n', '\r':
		default:
			return Grid{}, &SyntaxError{What: "position", Input: s, Offset: i, Msg: fmt.Sprintf("%q is not a coin (want H for heads or T for tails, rows separated by /, or heads such as (0,1))", rune(c))}
		}
	}
	if g.W == 0 {
		return Grid{}, &SyntaxError{What: "position", Input: s, Offset: -1, Msg: "no coins (want rows such as HTT/THT)"}
	}
	return g, nil
}

// parseCells reads "(x,y) (x,y) …".
func (p *Plane) parseCells(s string) (Grid, error) {
	g := Grid{Heads: []Cell{}}
	seen := map[Cell]bool{}
	fail := func(at int, format string, args ...any) (Grid, error) {
		return Grid{}, &SyntaxError{What: "position", Input: s, Offset: at, Msg: fmt.Sprintf(format, args...)}
	}
	i := 0
	skip := func() {
		for i < len(s) && strings.IndexByte(" \t\r\n,", s[i]) >= 0 {
			i++
		}
	}
	number := func(what string, start int) (int, error) {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == j {
			_, err := fail(j, "expected %s, a whole number ≥ %d", what, start)
			return 0, err
		}
		n, err := strconv.ParseInt(s[j:i], 10, 64)
		if err != nil || n > MaxCoin {
			_, err := fail(j, "%s %s is too large (at most %d)", what, s[j:i], int64(MaxCoin))
			return 0, err
		}
		if int(n) < start {
			_, err := fail(j, "%s %d is off the board: %s numbers them from %d", what, n, p.Name, start)
			return 0, err
		}
		for i < len(s) && s[i] == ' ' {
			i++
		}
		return int(n), nil
	}
	for skip(); i < len(s); skip() {
		at := i
		if s[i] != '(' {
			return fail(i, "expected ( to start a head such as (%d,%d), or rows of H and T", p.A.Start, p.B.Start)
		}
		i++
		x, err := number("column", p.A.Start)
		if err != nil {
			return Grid{}, err
		}
		if i >= len(s) || s[i] != ',' {
			return fail(i, "expected , between the column and the row of a head")
		}
		i++
		y, err := number("row", p.B.Start)
		if err != nil {
			return Grid{}, err
		}
		if i >= len(s) || s[i] != ')' {
			return fail(i, "expected ) to end the head (%d,%d)", x, y)
		}
		i++
		c := Cell{x, y}
		if seen[c] {
			return fail(at, "coin (%d,%d) is listed twice", x, y)
		}
		seen[c] = true
		g.Heads = append(g.Heads, c)
	}
	slices.SortFunc(g.Heads, cellLess)
	return g, nil
}

// FormatPosition writes g in the form it was read in: rows of H and T
// separated by "/" when g.H > 0, else its heads in row-major order
// ("(0,0) (2,1)"; "none" when there are none). ParsePosition reads it back.
func (p *Plane) FormatPosition(g Grid) string {
	if g.H > 0 {
		rows := make([][]byte, g.H)
		for r := range rows {
			rows[r] = []byte(strings.Repeat("T", g.W))
		}
		for _, c := range g.Heads {
			rows[c.Y-p.B.Start][c.X-p.A.Start] = 'H'
		}
		parts := make([]string, g.H)
		for r, row := range rows {
			parts[r] = string(row)
		}
		return strings.Join(parts, "/")
	}
	if len(g.Heads) == 0 {
		return "none"
	}
	parts := make([]string, len(g.Heads))
	for i, c := range g.Heads {
		parts[i] = fmt.Sprintf("(%d,%d)", c.X, c.Y)
	}
	return strings.Join(parts, " ")
}

// Move2 is a move of a two-dimensional game: the coins it turns over, in
// row-major order; the last (the south-east-most) goes from heads to tails.
type Move2 struct {
	Turn []Cell
}

// String names the move: "turn coin (1,1)" or "turn coins (0,0), (1,0), (0,1), (1,1)".
func (m Move2) String() string {
	parts := make([]string, len(m.Turn))
	for i, c := range m.Turn {
		parts[i] = fmt.Sprintf("(%d,%d)", c.X, c.Y)
	}
	if len(parts) == 1 {
		return "turn coin " + parts[0]
	}
	return "turn coins " + strings.Join(parts, ", ")
}

// ApplyCells returns the heads (row-major) after turning over the coins of
// turn (row-major) in a position with the given heads.
func ApplyCells(heads, turn []Cell) []Cell {
	out := make([]Cell, 0, len(heads)+len(turn))
	i, j := 0, 0
	for i < len(heads) || j < len(turn) {
		switch {
		case j == len(turn) || i < len(heads) && cellLess(heads[i], turn[j]) < 0:
			out = append(out, heads[i])
			i++
		case i == len(heads) || cellLess(turn[j], heads[i]) < 0:
			out = append(out, turn[j])
			j++
		default: // a head turned to tails
			i++
			j++
		}
	}
	return out
}

// Apply returns the position after the move (same form).
func (g Grid) Apply(m Move2) Grid {
	return Grid{Heads: ApplyCells(g.Heads, m.Turn), W: g.W, H: g.H}
}

// TurnedCells returns the coins a move from heads from to heads to turns
// over (row-major; both row-major).
func TurnedCells(from, to []Cell) []Cell {
	var out []Cell
	i, j := 0, 0
	for i < len(from) || j < len(to) {
		switch {
		case j == len(to) || i < len(from) && cellLess(from[i], to[j]) < 0:
			out = append(out, from[i])
			i++
		case i == len(from) || cellLess(to[j], from[i]) < 0:
			out = append(out, to[j])
			j++
		default:
			i++
			j++
		}
	}
	return out
}

// CellKey is a position packed into a string (positions of the generic
// engine must be comparable): the heads in row-major order.
type CellKey string

// KeyOfCells packs heads in row-major order.
func KeyOfCells(heads []Cell) CellKey {
	b := make([]byte, 0, len(heads)*4)
	for _, c := range heads {
		b = binary.AppendUvarint(b, uint64(c.X))
		b = binary.AppendUvarint(b, uint64(c.Y))
	}
	return CellKey(b)
}

// Cells unpacks the heads.
func (k CellKey) Cells() []Cell {
	var out []Cell
	for i := 0; i < len(k); {
		x, n := binary.Uvarint([]byte(k[i:]))
		if n <= 0 {
			break
		}
		y, m := binary.Uvarint([]byte(k[i+n:]))
		if m <= 0 {
			break
		}
		out = append(out, Cell{int(x), int(y)})
		i += n + m
	}
	return out
}

// MaxDrawnSide is the largest number of rows or columns Draw draws.
const MaxDrawnSide = 32

// Draw draws the grid for the terminal, heads ● and tails ○, with the
// column numbers above and the row numbers on the left:
//
//	   0 1 2
//	0  ● ○ ○
//	1  ○ ● ○
//
// A list of heads is drawn to its last row and column. Draw returns ""
// past MaxDrawnSide rows or columns.
func (p *Plane) Draw(g Grid) string {
	w, h := g.W, g.H
	if h == 0 {
		for _, c := range g.Heads {
			w = max(w, c.X-p.A.Start+1)
			h = max(h, c.Y-p.B.Start+1)
		}
		w, h = max(w, 1), max(h, 1)
	}
	if w > MaxDrawnSide || h > MaxDrawnSide {
		return ""
	}
	heads := map[Cell]bool{}
	for _, c := range g.Heads {
		heads[c] = true
	}
	cw := len(strconv.Itoa(p.A.Start + w - 1))
	rw := len(strconv.Itoa(p.B.Start + h - 1))
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", rw+1))
	for x := 0; x < w; x++ {
		fmt.Fprintf(&b, " %*d", cw, p.A.Start+x)
	}
	b.WriteString("\n")
	for y := 0; y < h; y++ {
		fmt.Fprintf(&b, "%*d ", rw, p.B.Start+y)
		for x := 0; x < w; x++ {
			c := "○"
			if heads[Cell{p.A.Start + x, p.B.Start + y}] {
				c = "●"
			}
			fmt.Fprintf(&b, " %*s", cw, c)
		}
		b.WriteString("\n")
	}
	return b.String()
}
