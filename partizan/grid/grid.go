package grid

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy/notation"
)

// Limits of the boards Parse reads.
const (
	MaxSide  = 255  // rows or columns
	MaxCells = 4096 // rows × columns
)

// Grid is a rectangular board, each cell holding a code 0..3 whose
// meaning is the ruleset's (for Domineering: empty or blocked; for
// Clobber: vacant, a Left stone or a Right stone). Grids are values:
// comparable, usable as map keys, never changed by the methods.
//
// A board of at most 64 cells (all of them, once a board is split into
// its regions, in any search that ends) is two bitboards, the low and
// high bits of its cells' codes in row-major order, so that moves,
// regions and symmetries are a few word operations; a larger one is a
// string of one byte a cell.
type Grid struct {
	rows, cols uint16
	lo, hi     uint64 // at most 64 cells
	big        string // more
}

// newGrid returns the rows × cols grid of the given cells (row-major).
func newGrid(rows, cols int, cells []byte) Grid {
	g := Grid{rows: uint16(rows), cols: uint16(cols)}
	if rows*cols > 64 {
		g.big = string(cells)
		return g
	}
	for i, c := range cells {
		g.lo |= uint64(c&1) << i
		g.hi |= uint64(c>>1&1) << i
	}
	return g
}

// NewGrid returns a rows × cols grid with every cell c.
func NewGrid(rows, cols int, c byte) Grid {
	return newGrid(rows, cols, []byte(strings.Repeat(string([]byte{c}), rows*cols)))
}

// Rows returns the number of rows.
func (g Grid) Rows() int { return int(g.rows) }

// Cols returns the number of columns.
func (g Grid) Cols() int { return int(g.cols) }

func (g Grid) n() int      { return int(g.rows) * int(g.cols) }
func (g Grid) small() bool { return g.n() <= 64 }

// cost is the units of work the Solver charges for g and for each of its
// options (partizan.Coster, which every ruleset here is): one on a board of
// at most 64 cells, held as bitboards, where an option or a key is a few
// word operations; past that, a unit for every 8 cells, since each option
// is then a copy of the board and each key, split or reach a pass over its
// bytes (measured: a unit of a 9×9 Cram or a 12×12 Konane took 10 to 20
// times a small board's, about its cells over 8). The work budget then
// bounds a large board's time as it does a small one's.
func (g Grid) cost() uint64 {
	if g.small() {
		return 1
	}
	return uint64(g.n()+7) / 8
}

// at returns the code of cell i (row-major).
func (g Grid) at(i int) byte {
	if !g.small() {
		return g.big[i]
	}
	return byte(g.lo>>i&1 | (g.hi>>i&1)<<1)
}

// At returns the code of the cell in row r, column c (from 0, top left).
func (g Grid) At(r, c int) byte { return g.at(r*int(g.cols) + c) }

// bytes returns the cells, one byte each.
func (g Grid) bytes() []byte {
	if !g.small() {
		return []byte(g.big)
	}
	b := make([]byte, g.n())
	for i := range b {
		b[i] = g.at(i)
	}
	return b
}

// with returns g with the cells at the given indexes set to code.
func (g Grid) with(code byte, at ...int) Grid {
	b := g.bytes()
	for _, i := range at {
		b[i] = code
	}
	return newGrid(int(g.rows), int(g.cols), b)
}

// charset is a ruleset's characters: chars[code] writes code; extra maps
// other characters read (upper case, aliases) to codes.
type charset struct {
	what  string // "Domineering board"
	chars string
	extra map[byte]byte
	// start, when set, is the board "RxC" reads as (Domineering's and
	// Cram's empty board, Clobber's full checkerboard). Without it "RxC"
	// is an error that says how this ruleset's boards are written.
	start func(rows, cols int) Grid
	// name and example are the ruleset's, for that error.
	name, example string
}

func (cs charset) code(ch byte) (byte, bool) {
	if i := strings.IndexByte(cs.chars, ch); i >= 0 {
		return byte(i), true
	}
	c, ok := cs.extra[ch]
	return c, ok
}

func (cs charset) errorf(s string, at int, format string, args ...any) error {
	return &notation.SyntaxError{What: "position", Input: s, Offset: at, Msg: fmt.Sprintf(format, args...)}
}

// parse reads a board in CGSuite's grid notation: rows from the top,
// separated by "|", one character a cell (game.grid's Grid.Parse); spaces
// around rows are ignored. Where the ruleset has a starting board, "4x5"
// (or "4×5") is that board with 4 rows and 5 columns.
func (cs charset) parse(s string) (Grid, error) {
	if strings.TrimSpace(s) == "" {
		return Grid{}, &notation.SyntaxError{What: "position", Input: s, Offset: -1, Msg: "empty board (rows of " + cs.describe() + ", separated by |)"}
	}
	if r, c, ok, err := cs.rectangle(s); ok || err != nil {
		if err != nil {
			return Grid{}, err
		}
		if cs.start == nil {
			return Grid{}, cs.errorf(s, strings.Index(s, strings.TrimSpace(s)), "%s has no R×C shorthand (R×C is a board only in Domineering, Cram and Clobber): write the board as rows of %s separated by |, e.g. %s", cs.name, cs.describe(), notation.Quote(cs.example))
		}
		return cs.start(r, c), nil
	}
	var cells []byte
	rows, cols := 0, -1
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '|' {
			continue
		}
		row := s[start:i]
		lead := len(row) - len(strings.TrimLeft(row, " "))
		row = strings.TrimSpace(row)
		off := start + lead
		if cols >= 0 && len(row) != cols {
			return Grid{}, cs.errorf(s, off, "row %d has %d cells, but row 1 has %d (every row must have as many)", rows+1, len(row), cols)
		}
		if len(row) == 0 {
			return Grid{}, cs.errorf(s, off, "empty row")
		}
		for j := 0; j < len(row); j++ {
			c, ok := cs.code(row[j])
			if !ok {
				return Grid{}, cs.errorf(s, off+j, "%s is not a cell here (cells: %s)", notation.Quote(firstRune(row[j:])), cs.describe())
			}
			cells = append(cells, c)
		}
		cols = len(row)
		rows++
		if cols > MaxSide || rows > MaxSide || rows*cols > MaxCells {
			return Grid{}, cs.errorf(s, off, "board too large (at most %d rows or columns, %d cells)", MaxSide, MaxCells)
		}
		start = i + 1
	}
	return newGrid(rows, cols, cells), nil
}

func firstRune(s string) string {
	for i := range s {
		if i > 0 {
			return s[:i]
		}
	}
	return s
}

func (cs charset) describe() string {
	var parts []string
	for _, c := range cs.chars {
		parts = append(parts, string(c))
	}
	return strings.Join(parts, " ")
}

// rectangle reads "RxC" as its numbers of rows and columns; ok is false
// when s is not of that form.
func (cs charset) rectangle(s string) (rows, cols int, ok bool, err error) {
	t := strings.TrimSpace(s)
	sep := strings.IndexAny(t, "x×X")
	if sep <= 0 {
		return 0, 0, false, nil
	}
	w := 1
	if strings.HasPrefix(t[sep:], "×") {
		w = len("×")
	}
	a, b := t[:sep], t[sep+w:]
	if !isDigits(a) || !isDigits(b) {
		return 0, 0, false, nil
	}
	off := strings.Index(s, t)
	r, err1 := strconv.Atoi(a)
	c, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || r < 1 || c < 1 || r > MaxSide || c > MaxSide || r*c > MaxCells {
		return 0, 0, true, cs.errorf(s, off, "board %s is not R×C with 1 ≤ R, C ≤ %d and at most %d cells", notation.Quote(t), MaxSide, MaxCells)
	}
	return r, c, true, nil
}

func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// format writes g in CGSuite's grid notation.
func (cs charset) format(g Grid) string {
	var b strings.Builder
	for r := range int(g.rows) {
		if r > 0 {
			b.WriteByte('|')
		}
		for c := range int(g.cols) {
			b.WriteByte(cs.chars[g.At(r, c)])
		}
	}
	return b.String()
}

// A symmetry of the square maps an R×C grid to its image; the four that
// transpose give a C×R image.
type symmetry struct {
	transpose, flipRows, flipCols bool
}

var (
	// keepAxes are the symmetries that keep rows rows: the identity, the
	// two mirrors and the half turn.
	keepAxes = []symmetry{{false, false, false}, {false, true, false}, {false, false, true}, {false, true, true}}
	// swapAxes are the other four: the transpose, the anti-transpose and
	// the quarter turns.
	swapAxes = []symmetry{{true, false, false}, {true, true, false}, {true, false, true}, {true, true, true}}
	// allAxes are all eight.
	allAxes = append(append([]symmetry{}, keepAxes...), swapAxes...)
)

// source returns the cell of the original an image cell (i, j) comes
// from, for an image of rows × cols.
func (sym symmetry) source(i, j, rows, cols int) (int, int) {
	r, c := i, j
	if sym.flipRows {
		r = rows - 1 - i
	}
	if sym.flipCols {
		c = cols - 1 - j
	}
	if sym.transpose {
		r, c = c, r
	}
	return r, c
}

// key returns the transposition key of g under syms (and, recoded
// through recode, under conj, negated): the least image, as a Grid, and
// whether it was one of the recoded ones (plain images win ties). Images
// are ordered by rows, columns, then cells.
func (g Grid) key(syms, conj []symmetry, recode []byte) (Grid, bool) {
	if g.small() {
		return g.keyBits(syms, conj, recode)
	}
	var best, buf []byte
	neg := false
	try := func(sym symmetry, rc []byte, n bool) {
		buf = g.imageBytes(sym, rc, buf)
		if best == nil || string(buf) < string(best) {
			best = append(best[:0], buf...)
			neg = n
		}
	}
	for _, sym := range syms {
		try(sym, nil, false)
	}
	for _, sym := range conj {
		try(sym, recode, true)
	}
	return Grid{rows: uint16(best[0]), cols: uint16(best[1]), big: string(best[2:])}, neg
}

// imageBytes appends to buf[:0] the image of a large g under sym, each
// code mapped through recode (nil for none), its size first.
func (g Grid) imageBytes(sym symmetry, recode []byte, buf []byte) []byte {
	rows, cols := int(g.rows), int(g.cols)
	if sym.transpose {
		rows, cols = cols, rows
	}
	buf = append(buf[:0], byte(rows), byte(cols))
	for i := range rows {
		for j := range cols {
			r, c := sym.source(i, j, rows, cols)
			x := g.big[r*int(g.cols)+c]
			if recode != nil {
				x = recode[x]
			}
			buf = append(buf, x)
		}
	}
	return buf
}

// regions returns the cells of g split into the groups connected through
// orthogonally adjacent cells whose codes live says take part in play.
func (g Grid) regions(live func(byte) bool) [][]int {
	n, cols := g.n(), int(g.cols)
	cells := g.bytes()
	seen := make([]bool, n)
	var out [][]int
	var stack []int
	for start := range n {
		if seen[start] || !live(cells[start]) {
			continue
		}
		seen[start] = true
		region := []int{start}
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			c := i % cols
			for _, k := range [4]int{i - cols, i + cols, i - 1, i + 1} {
				switch {
				case k < 0 || k >= n || seen[k] || !live(cells[k]):
					continue
				case k == i-1 && c == 0, k == i+1 && c == cols-1:
					continue
				}
				seen[k] = true
				region = append(region, k)
				stack = append(stack, k)
			}
		}
		out = append(out, region)
	}
	return out
}

// crop returns the smallest grid holding the given cells of g, every
// other cell set to fill.
func (g Grid) crop(cells []int, fill byte) Grid {
	cols := int(g.cols)
	r0, c0, r1, c1 := int(g.rows), cols, -1, -1
	for _, i := range cells {
		r, c := i/cols, i%cols
		r0, c0, r1, c1 = min(r0, r), min(c0, c), max(r1, r), max(c1, c)
	}
	nr, nc := r1-r0+1, c1-c0+1
	b := []byte(strings.Repeat(string([]byte{fill}), nr*nc))
	for _, i := range cells {
		r, c := i/cols, i%cols
		b[(r-r0)*nc+(c-c0)] = g.at(i)
	}
	return newGrid(nr, nc, b)
}
