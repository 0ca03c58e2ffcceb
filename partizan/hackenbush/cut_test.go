package hackenbush

import (
	"slices"
	"testing"

	"github.com/grundy/grundy/partizan"
)

// CutEdges names, for each option, the edge it cuts: the option is the
// picture without that edge, what no longer reaches the ground dropped
// (NewPosition, the rule of Winning Ways ch. 1), and the edge is one the
// side may cut (blue or green for Left, red or green for Right).
func TestCutEdges(t *testing.T) {
	for _, s := range []string{"lrl", "l(l;r)", "lrl(r;l)", "ee:Aeeee:A", "(lr;rl)", "lre(e;l(r;e))", ".", "lrlrrllr"} {
		p, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		es := p.Edges()
		for _, side := range []partizan.Side{partizan.Left, partizan.Right} {
			var opts []Position
			Game{}.Options(p, side, func(q Position) bool { opts = append(opts, q); return true })
			cuts := Game{}.CutEdges(p, side)
			if len(cuts) != len(opts) {
				t.Fatalf("%s %v: %d cuts for %d options", s, side, len(cuts), len(opts))
			}
			for j, i := range cuts {
				c := es[i].Color
				if c != Green && (side == partizan.Left) != (c == Blue) {
					t.Errorf("%s %v: option %d cuts edge %d of colour %v", s, side, j, i, c)
				}
				rest := slices.Delete(slices.Clone(es), i, i+1)
				if want := NewPosition(rest); want != opts[j] {
					t.Errorf("%s %v: option %d is %v, the picture without edge %d %v", s, side, j, opts[j], i, want)
				}
			}
		}
	}
}
