package graph

import (
	"math/bits"
	"testing"

	"github.com/grundy/grundy/partizan"
)

type mover interface {
	Options(p Position, s partizan.Side, yield func(Position) bool) error
	Moves(p Position, s partizan.Side) [][]int
	ParsePosition(s string) (Position, error)
}

func options(r mover, p Position, s partizan.Side) []Position {
	var out []Position
	r.Options(p, s, func(q Position) bool { out = append(out, q); return true })
	return out
}

// Moves names, for each option, the vertices it changes, one option per
// move the rules allow: in Col a player never colours a vertex tinted
// her own colour (next to it), in Snort one tinted the other's (Winning
// Ways ch. 2); the vertex coloured leaves the graph. In Clobber a stone
// of the mover's moves along an edge onto one of the other's, and its
// vertex leaves the graph.
func TestMoves(t *testing.T) {
	for _, c := range []struct {
		r         mover
		positions []string
		ok        func(p Position, s partizan.Side, m []int) bool
	}{
		{Col{}, []string{"path(5)", "R-.-R-.-L-.-R-.-R-.", "cycle(4)", ".-.(-L;-R)", "L-R"}, func(p Position, s partizan.Side, m []int) bool {
			own := map[partizan.Side]byte{partizan.Left: LeftTint, partizan.Right: RightTint}[s]
			return len(m) == 1 && p.Label(m[0]) != own
		}},
		{Snort{}, []string{"path(5)", "L-.-.-.-L", "cycle(4)", ".-.(-L;-R)", "L-R"}, func(p Position, s partizan.Side, m []int) bool {
			other := map[partizan.Side]byte{partizan.Left: RightTint, partizan.Right: LeftTint}[s]
			return len(m) == 1 && p.Label(m[0]) != other
		}},
		{Clobber{}, []string{"x-o-x-o-x", "x-o(-x;-o)", "o-x-x-o", "x-o"}, func(p Position, s partizan.Side, m []int) bool {
			us, them := Black, White
			if s == partizan.Right {
				us, them = White, Black
			}
			return len(m) == 2 && p.Label(m[0]) == us && p.Label(m[1]) == them && p.Neighbours(m[0])&(1<<m[1]) != 0
		}},
	} {
		for _, text := range c.positions {
			p, err := c.r.ParsePosition(text)
			if err != nil {
				t.Fatalf("%T %s: %v", c.r, text, err)
			}
			for _, s := range []partizan.Side{partizan.Left, partizan.Right} {
				opts, moves := options(c.r, p, s), c.r.Moves(p, s)
				allowed := 0
				for v := range p.NumVertices() {
					switch c.r.(type) {
					case Clobber:
						for m := p.Neighbours(v); m != 0; m &= m - 1 {
							if c.ok(p, s, []int{v, bits.TrailingZeros64(m)}) {
								allowed++
							}
						}
					default:
						if c.ok(p, s, []int{v}) {
							allowed++
						}
					}
				}
				if len(moves) != len(opts) || len(moves) != allowed {
					t.Fatalf("%T %s %v: %d moves named, %d options, %d moves the rules allow", c.r, text, s, len(moves), len(opts), allowed)
				}
				seen := map[[2]int]bool{}
				for j, m := range moves {
					key := [2]int{m[0], -1}
					if len(m) > 1 {
						key[1] = m[1]
					}
					if !c.ok(p, s, m) || seen[key] {
						t.Errorf("%T %s %v: move %d %v is not one the rules allow, or twice", c.r, text, s, j, m)
					}
					seen[key] = true
					if opts[j].NumVertices() >= p.NumVertices() {
						t.Errorf("%T %s %v: option %d (%v) keeps every vertex", c.r, text, s, j, m)
					}
				}
			}
		}
	}
}
