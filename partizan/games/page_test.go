package games

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// moveKeys writes moves as "to value result rank".
func moveKeys(ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%s %s %s %s %v", m.To, m.Value, m.Result, m.Rank, m.Reversible))
	}
	return out
}

// Pages of options (Settings.Offset, Limit) put together are the whole
// list, each page says where the next starts and how many it left out;
// counts, winning moves and ranks are those of the whole list.
func TestOptionPages(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ game, pos string }{
		{"domineering", "4x4"},
		{"clobber", "xoxo|oxox|xoxo"},
		{"sum", "domineering '...|...' + kayles 9 + ^"},
	} {
		whole, err := Analyze(ctx, c.game, c.pos, settings())
		if err != nil {
			t.Fatal(err)
		}
		if whole.LeftNext != 0 || whole.RightNext != 0 || whole.LeftNote != "" || whole.RightNote != "" {
			t.Errorf("%s %s: the whole list has a next page: %+v", c.game, c.pos, whole)
		}
		if len(whole.LeftOptions) != whole.LeftMoves || len(whole.RightOptions) != whole.RightMoves {
			t.Fatalf("%s %s: %d and %d listed of %d and %d", c.game, c.pos, len(whole.LeftOptions), len(whole.RightOptions), whole.LeftMoves, whole.RightMoves)
		}
		for _, limit := range []int{1, 3, 5} {
			var got [2][]Move
			next := [2]int{0, 0}
			more := [2]bool{true, true}
			for side := range 2 {
				for pages := 0; more[side]; pages++ {
					if pages > 100 {
						t.Fatalf("%s %s limit %d: no end", c.game, c.pos, limit)
					}
					set := settings()
					set.Offset, set.Limit = next[side], limit
					a, err := Analyze(ctx, c.game, c.pos, set)
					if err != nil {
						t.Fatal(err)
					}
					if a.Value != whole.Value || a.LeftMoves != whole.LeftMoves || a.RightMoves != whole.RightMoves ||
						!slices.Equal(moveKeys(a.LeftWins), moveKeys(whole.LeftWins)) || !slices.Equal(moveKeys(a.RightWins), moveKeys(whole.RightWins)) {
						t.Errorf("%s %s offset %d limit %d: the analysis differs from the whole one", c.game, c.pos, set.Offset, limit)
					}
					opts, n, nx, note := a.LeftOptions, a.LeftMoves, a.LeftNext, a.LeftNote
					if side == 1 {
						opts, n, nx, note = a.RightOptions, a.RightMoves, a.RightNext, a.RightNote
					}
					if len(opts) > limit {
						t.Errorf("%s %s: %d listed, %d asked for", c.game, c.pos, len(opts), limit)
					}
					got[side] = append(got[side], opts...)
					left := n - set.Offset - len(opts)
					switch {
					case left > 0 && (nx != set.Offset+len(opts) || note != fmt.Sprintf("%d more not listed (%d asked for)", left, limit)):
						t.Errorf("%s %s offset %d limit %d: next %d, note %q with %d left", c.game, c.pos, set.Offset, limit, nx, note, left)
					case left <= 0 && (nx != 0 || note != ""):
						t.Errorf("%s %s offset %d limit %d: next %d, note %q at the end", c.game, c.pos, set.Offset, limit, nx, note)
					}
					next[side], more[side] = nx, nx != 0
				}
			}
			if !slices.Equal(moveKeys(got[0]), moveKeys(whole.LeftOptions)) || !slices.Equal(moveKeys(got[1]), moveKeys(whole.RightOptions)) {
				t.Errorf("%s %s limit %d: the pages put together differ from the whole list", c.game, c.pos, limit)
			}
		}
	}
}

// Under an output budget too small for every option, the lists stop
// where the budget runs out, both sides alike, and say how many are left
// out; the answer is not an error.
func TestOptionsUnderOutputBudget(t *testing.T) {
	ctx := context.Background()
	whole, err := Analyze(ctx, "domineering", "4x4", settings())
	if err != nil {
		t.Fatal(err)
	}
	// the least budget the answer fits in, then room for about four
	// options more
	set := settings()
	var a *Analysis
	for b := int64(100); a == nil; b += 20 {
		set.Budget = impartial.Budget{MaxOutput: b}
		a, err = Analyze(ctx, "domineering", "4x4", set)
		if err == nil && b == 100 {
			t.Fatal("the answer fits in 100 bytes")
		}
	}
	set.Budget.MaxOutput += 4 * int64(moveJSON+40)
	if a, err = Analyze(ctx, "domineering", "4x4", set); err != nil {
		t.Fatal(err)
	}
	nl, nr := len(a.LeftOptions), len(a.RightOptions)
	if nl == 0 || nr == 0 || nl >= whole.LeftMoves || nr >= whole.RightMoves || nl-nr > 1 || nr-nl > 1 {
		t.Fatalf("under %d bytes: %d and %d options listed of %d and %d", set.Budget.MaxOutput, nl, nr, whole.LeftMoves, whole.RightMoves)
	}
	if !slices.Equal(moveKeys(a.LeftOptions), moveKeys(whole.LeftOptions[:nl])) {
		t.Errorf("the options listed are not the first ones")
	}
	want := fmt.Sprintf("%d more not listed: the answer would pass the output budget of ", whole.LeftMoves-nl)
	if !strings.HasPrefix(a.LeftNote, want) || a.LeftNext != nl {
		t.Errorf("note %q, next %d; want %q…, %d", a.LeftNote, a.LeftNext, want, nl)
	}
}

// Ranks of known positions. Hackenbush lrl = 3/4: Left's options are 0
// (cut the bottom edge) and 1/2; 0 < 1/2, so 0 is dominated; 1/2 = {0|1}
// does not reverse (1 ≰ 3/4). Hackenbush l(l;r) (a blue edge carrying a
// blue and a red one) = {0,1/2|2} = 1: Left's 1/2 reverses through its
// Right option 1 ≤ 1, Right's 2 through its Left option 1 ≥ 1, and the
// canonical form is {0|} (Siegel, CGT II.2: bypass both).
func TestRanksKnown(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		pos, value  string
		left, right []string
	}{
		{"lrl", "3/4", []string{". 0 win dominated false", "lr 1/2 win best false"}, []string{"l 1 lose best false"}},
		{"l(l;r)", "1", []string{". 0 win dominated false", "lr 1/2 win best true"}, []string{"ll 2 lose best true"}},
	} {
		a, err := Analyze(ctx, "hackenbush", c.pos, settings())
		if err != nil {
			t.Fatal(err)
		}
		if a.Value != c.value {
			t.Errorf("hackenbush %s = %s, want %s", c.pos, a.Value, c.value)
		}
		if got := moveKeys(a.LeftOptions); !slices.Equal(got, c.left) {
			t.Errorf("hackenbush %s: Left's options %q, want %q", c.pos, got, c.left)
		}
		if got := moveKeys(a.RightOptions); !slices.Equal(got, c.right) {
			t.Errorf("hackenbush %s: Right's options %q, want %q", c.pos, got, c.right)
		}
	}
}
