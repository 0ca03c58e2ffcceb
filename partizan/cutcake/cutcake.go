package cutcake

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
)

// MaxSide bounds the sides of the cakes Parse reads.
const MaxSide = 255

// Cake is a rectangle of Rows × Cols unit squares.
type Cake struct {
	Rows, Cols int
}

// Position is a sum of cakes (the pieces a game has cut so far), in no
// particular order. Positions are values: comparable, usable as map keys.
type Position struct {
	enc string // two bytes a cake (rows, cols), sorted
}

// NewPosition returns the position of the given cakes.
func NewPosition(cakes ...Cake) Position {
	b := make([]byte, 0, 2*len(cakes))
	for _, c := range cakes {
		b = append(b, byte(c.Rows), byte(c.Cols))
	}
	pairs := make([][2]byte, len(cakes))
	for i := range pairs {
		pairs[i] = [2]byte{b[2*i], b[2*i+1]}
	}
	slices.SortFunc(pairs, func(x, y [2]byte) int {
		if x[0] != y[0] {
			return int(x[0]) - int(y[0])
		}
		return int(x[1]) - int(y[1])
	})
	b = b[:0]
	for _, p := range pairs {
		b = append(b, p[0], p[1])
	}
	return Position{string(b)}
}

// Cakes returns the cakes of p.
func (p Position) Cakes() []Cake {
	out := make([]Cake, len(p.enc)/2)
	for i := range out {
		out[i] = Cake{int(p.enc[2*i]), int(p.enc[2*i+1])}
	}
	return out
}

// Game is the ruleset of Cutcake (Winning Ways, ch. 2; CGSuite's
// game.heap.Cutcake): a move cuts one cake in two along a line between
// its unit squares, Left's cuts vertical (so a cake of r rows and c
// columns becomes r × a and r × (c-a)), Right's horizontal. Positions
// are written R×C ("4x7"), a sum of cakes as "4x7 + 2x3".
//
// Every cake is a component of its own (Split); transposing a cake
// exchanges the players and negates its value (ConjugateKey). Value
// gives the closed form of Winning Ways' table (an integer for every
// cake), checked against the search.
type Game struct{}

// Options yields Left's or Right's options: each cut of each cake.
func (Game) Options(p Position, s partizan.Side, yield func(Position) bool) error {
	cakes := p.Cakes()
	for i, c := range cakes {
		rest := slices.Delete(slices.Clone(cakes), i, i+1)
		side := c.Cols
		if s == partizan.Right {
			side = c.Rows
		}
		for a := 1; a <= side/2; a++ {
			x, y := c, c
			if s == partizan.Left {
				x.Cols, y.Cols = a, c.Cols-a
			} else {
				x.Rows, y.Rows = a, c.Rows-a
			}
			if !yield(NewPosition(append(slices.Clone(rest), x, y)...)) {
				return nil
			}
		}
	}
	return nil
}

// Split returns the cakes of p that have a move, one position each (nil
// when p is one cake).
func (Game) Split(p Position) []Position {
	cakes := p.Cakes()
	if len(cakes) <= 1 {
		return nil
	}
	var out []Position
	for _, c := range cakes {
		if c.Rows > 1 || c.Cols > 1 {
			out = append(out, NewPosition(c))
		}
	}
	if out == nil {
		return []Position{}
	}
	return out
}

// Key returns p's key: its cakes.
func (Game) Key(p Position) string { return p.enc }

// ConjugateKey is Key up to the transposition of every cake, which
// negates the value.
func (Game) ConjugateKey(p Position) (string, bool) {
	cakes := p.Cakes()
	for i, c := range cakes {
		cakes[i] = Cake{c.Cols, c.Rows}
	}
	if t := NewPosition(cakes...).enc; t < p.enc {
		return t, true
	}
	return p.enc, false
}

// FormatPosition writes p: "4x7", or "4x7 + 2x3" for a sum.
func (Game) FormatPosition(p Position) string {
	cakes := p.Cakes()
	if len(cakes) == 0 {
		return "0"
	}
	parts := make([]string, len(cakes))
	for i, c := range cakes {
		parts[i] = fmt.Sprintf("%dx%d", c.Rows, c.Cols)
	}
	return strings.Join(parts, " + ")
}

// ParsePosition reads a cake "RxC" (rows × columns; "4×7" too), a sum of
// cakes "4x7 + 2x3", or "0" for no cake.
func (Game) ParsePosition(s string) (Position, error) {
	if strings.TrimSpace(s) == "0" {
		return Position{}, nil
	}
	var cakes []Cake
	off := 0
	for _, part := range strings.Split(s, "+") {
		t := strings.TrimSpace(part)
		at := off + strings.Index(part, t)
		off += len(part) + 1
		if t == "" {
			return Position{}, &notation.SyntaxError{What: "position", Input: s, Offset: at, Msg: "missing cake (write RxC, rows by columns)"}
		}
		c, err := parseCake(t)
		if err != nil {
			return Position{}, &notation.SyntaxError{What: "position", Input: s, Offset: at, Msg: err.Error()}
		}
		cakes = append(cakes, c)
	}
	return NewPosition(cakes...), nil
}

func parseCake(t string) (Cake, error) {
	i := strings.IndexAny(t, "xX×")
	if i < 0 {
		return Cake{}, fmt.Errorf("cake %s is not RxC (rows by columns)", notation.Quote(t))
	}
	w := 1
	if strings.HasPrefix(t[i:], "×") {
		w = len("×")
	}
	r, err1 := strconv.Atoi(t[:i])
	c, err2 := strconv.Atoi(t[i+w:])
	if err1 != nil || err2 != nil || r < 1 || c < 1 || r > MaxSide || c > MaxSide {
		return Cake{}, fmt.Errorf("cake %s is not RxC with sides 1..%d", notation.Quote(t), MaxSide)
	}
	return Cake{r, c}, nil
}

// CakeValue returns the value of one cake of r rows and c columns: with
// 2^a ≤ r < 2^(a+1) and 2^b ≤ c < 2^(b+1), it is ⌊c/2^a⌋ - 1 when that is
// positive (Left's vertical cuts outlast Right's), -(⌊r/2^b⌋ - 1) when
// that is negative, and 0 otherwise — an integer for every cake, as
// Winning Ways' table of Cutcake shows (ch. 2). The tests check it
// against the search.
func CakeValue(c Cake) int {
	a := floorLog2(c.Rows)
	b := floorLog2(c.Cols)
	return max(c.Cols>>a-1, 0) - max(c.Rows>>b-1, 0)
}

func floorLog2(n int) int {
	k := 0
	for n > 1 {
		n >>= 1
		k++
	}
	return k
}

// Value returns the closed form of a position (partizan's Valuer): the
// sum of its cakes' values.
func (Game) Value(c *partizan.Calc, p Position) (partizan.Game, bool, error) {
	v := 0
	for _, k := range p.Cakes() {
		v += CakeValue(k)
	}
	return c.Store().Integer(int64(v)), true, nil
}
