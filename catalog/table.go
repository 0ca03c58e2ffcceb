package catalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
)

// TableGame is a game on two heaps whose values form a square table, such as
// Wythoff's game.
type TableGame interface {
	Game
	// Table returns G(a, b) for 0 ≤ a, b < n.
	Table(ctx context.Context, n int, opts Options) (*Table, error)
}

// Table is a 2-D nim-value table: Values[a][b] = G(a, b). Its JSON form is
// what `grundy values GAME --table N --json` prints.
type Table struct {
	Game   string               `json:"game"`
	Size   int                  `json:"size"`
	Values [][]impartial.Nimber `json:"values"`
}

// Text writes the table with row and column headers, right-aligned.
func (t *Table) Text() string {
	w := len(fmt.Sprint(t.Size - 1))
	for _, row := range t.Values {
		for _, v := range row {
			w = max(w, len(fmt.Sprint(uint64(v))))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%*s", w+1, "")
	for j := range t.Size {
		fmt.Fprintf(&b, " %*d", w, j)
	}
	b.WriteByte('\n')
	for i, row := range t.Values {
		fmt.Fprintf(&b, "%*d:", w, i)
		for _, v := range row {
			fmt.Fprintf(&b, " %*d", w, uint64(v))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// wythoffGame adds the value table to Wythoff's game.
type wythoffGame struct {
	*SumGame[games.Pair]
}

// Table solves every pair of heaps below n, in increasing order.
func (g wythoffGame) Table(ctx context.Context, n int, opts Options) (*Table, error) {
	if n < 1 || n > 4096 {
		return nil, fmt.Errorf("table size must be in 1..4096, not %d", n)
	}
	if err := CheckSequenceBudget(n*n-1, opts.Budget); err != nil {
		return nil, err
	}
	s := impartial.NewSolver[games.Pair](games.Wythoff{}, impartial.Settings{Budget: opts.Budget})
	t := &Table{Game: g.info.Spec, Size: n, Values: make([][]impartial.Nimber, n)}
	for a := range n {
		t.Values[a] = make([]impartial.Nimber, n)
		for b := range n {
			v, err := s.Value(ctx, games.Pair{A: a, B: b})
			if err != nil {
				return nil, err
			}
			t.Values[a][b] = v
		}
	}
	return t, nil
}
