package cutcake

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/longtest"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

func TestAgainstOracle(t *testing.T) {
	var ps []Position
	for r := 1; r <= 3; r++ {
		for c := 1; c <= 3 && r*c < 9; c++ {
			ps = append(ps, NewPosition(Cake{r, c}))
		}
	}
	ps = append(ps, NewPosition(Cake{1, 5}), NewPosition(Cake{2, 3}, Cake{1, 2}))
	if longtest.Enabled() {
		ps = append(ps, NewPosition(Cake{3, 3}), NewPosition(Cake{4, 2}), NewPosition(Cake{2, 3}, Cake{3, 2}), NewPosition(Cake{1, 4}, Cake{2, 2}, Cake{1, 1}))
	}
	rulesettest.Check[Position, string](t, Game{}, ps)
}

// searchOnly is Cutcake without its closed form.
type searchOnly struct{}

func (searchOnly) Options(p Position, s partizan.Side, yield func(Position) bool) error {
	return Game{}.Options(p, s, yield)
}
func (searchOnly) Key(p Position) string       { return Game{}.Key(p) }
func (searchOnly) Split(p Position) []Position { return Game{}.Split(p) }

// The closed form against the search (cakes split apart, no closed form)
// on every cake up to 24 × 24.
func TestCakeValueAgainstSearch(t *testing.T) {
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	plain := partizan.NewSolver[Position, string](c, searchOnly{})
	for r := 1; r <= 24; r++ {
		for k := 1; k <= 24; k++ {
			g, err := plain.Value(NewPosition(Cake{r, k}))
			if err != nil {
				t.Fatal(err)
			}
			if want := c.Store().Integer(int64(CakeValue(Cake{r, k}))); g != want {
				t.Fatalf("%dx%d: search %s, closed form %s", r, k, g, want)
			}
		}
	}
}

// Winning Ways, ch. 2: a 1×n cake is n-1 free moves for Left, and a
// square cake is 0 by symmetry.
func TestWinningWays(t *testing.T) {
	for n := 1; n <= 9; n++ {
		if v := CakeValue(Cake{1, n}); v != n-1 {
			t.Errorf("1x%d = %d", n, v)
		}
		if v := CakeValue(Cake{n, n}); v != 0 {
			t.Errorf("%dx%d = %d", n, n, v)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"4x7", "4x7"}, {" 4×7 + 2X3", "2x3 + 4x7"}, {"0", "0"},
	} {
		p, err := Game{}.ParsePosition(c.in)
		if err != nil || (Game{}).FormatPosition(p) != c.out {
			t.Errorf("%q: %v %v", c.in, (Game{}).FormatPosition(p), err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", `position "": column 1: missing cake`},
		{"4x7 + ", `position "4x7 + ": column 6: missing cake`},
		{"4y7", `column 1: cake "4y7" is not RxC`},
		{"0x3", `cake "0x3" is not RxC with sides 1..255`},
		{"2x3+256x1", `column 5: cake "256x1" is not RxC`},
	} {
		_, err := Game{}.ParsePosition(c.in)
		var se *notation.SyntaxError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want %s", c.in, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"4x7", "4x7 + 2x3", "0", "", "+", "1×1", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Game{}.ParsePosition(s)
		if err != nil {
			return
		}
		q, err := Game{}.ParsePosition(Game{}.FormatPosition(p))
		if err != nil || q != p {
			t.Fatalf("%q reads back as %v, %v", s, q, err)
		}
	})
}
