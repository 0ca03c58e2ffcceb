package octal

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// bruteMoves lists the moves of a heap of n tokens under c from every
// partition of what is left (allPartitions), as bruteTB keeps them: "k:
// parts ascending", sorted.
func bruteMoves(c TBCode, n int) []string {
	var out []string
	for k := 0; k <= n; k++ {
		d := c.Digit(k)
		for _, p := range allPartitions(n - k) {
			if n-k == 0 {
				p = nil
			}
			cons, allowed := d.Allows(len(p))
			if !allowed || len(p) <= 1 && k == 0 {
				continue
			}
			if len(p) >= 2 {
				distinct := map[int]bool{}
				for _, a := range p {
					distinct[a] = true
				}
				if cons == AllUnequal && len(distinct) != len(p) || cons == NotAllEqual && len(distinct) == 1 || cons == AllEqual && len(distinct) != 1 {
					continue
				}
			}
			q := slices.Clone(p)
			slices.Sort(q)
			out = append(out, fmt.Sprint(k, ":", q))
		}
	}
	slices.Sort(out)
	return out
}

// The walk over a heap's moves, which tries only the counts of heaps that
// can give a move (divisors for "=", counts with 1 + 2 + … + h ≤ m for
// "!"), lists the moves of every partition the code allows: against brute
// force over all partitions, for codes with an unbounded tail of each
// modifier, bounded digits and repeating parts, to heap 26.
func TestTBWalkAgainstPartitions(t *testing.T) {
	for _, s := range []string{"0.*", "0.*=", "0.*!", "0.*?", "0.[*=]", "0.[*!]", "{2+}=.0", "{3+}!.0", "0.{0,2=,3?+}",
		"0.{2,5=+}", "0.{1,4!+}", "4.{2!,3?,5=}", "0.[{0+}=]", "0.G", "0.7[03]", "0.{2+}", "&96;.[*?]"} {
		c, err := ParseTB(s)
		if err != nil {
			t.Fatal(err)
		}
		r := NewTB(c).tb
		for n := 0; n <= 26; n++ {
			var got []string
			r.moves(n, nil, func(k int, parts []int) bool {
				got = append(got, fmt.Sprint(k, ":", slices.Clone(parts)))
				return true
			})
			slices.Sort(got)
			if want := bruteMoves(c, n); !slices.Equal(got, want) {
				t.Errorf("tb:%s heap %d: the walk lists %v\nall partitions give %v", s, n, got, want)
			}
		}
	}
}

// Issue 45: the walk over a heap's moves checks (plainTB: its context)
// after a bounded amount of work, however few of the counts tried give a
// move. A digit "=" on any number of heaps tried every count up to the
// heap, about n²/2 counts for a heap of n with a move for a few; a check
// came only every 65,536 partitions of two heaps or more. Now the checks
// come at least every tbPoll steps plus one move, and a check that says
// stop stops the walk at once.
func TestTBWalkChecks(t *testing.T) {
	for _, s := range []string{"0.[*=]", "0.[*!]", "0.[*]", "{2+}=.0"} {
		c, _ := ParseTB(s)
		r := NewTB(c).tb
		const n = 3000
		checks := 0
		w := &tbWalk{check: func() bool { checks++; return true }}
		moves := 0
		r.moves(n, w, func(int, []int) bool { moves++; return moves < 200_000 })
		if int64(checks) < w.steps/(tbPoll+n) {
			t.Errorf("tb:%s heap %d: %d checks in %d steps (%d moves), want one every %d steps at least", s, n, checks, w.steps, moves, tbPoll+n)
		}
		stop := &tbWalk{check: func() bool { return false }}
		after := 0
		r.moves(n, stop, func(int, []int) bool { after++; return true })
		if stop.steps > tbPoll+n || after > tbPoll {
			t.Errorf("tb:%s: the walk went on %d steps (%d moves) after its check said stop", s, stop.steps-tbPoll, after)
		}
	}
}

// The moves of a heap that a Parts cannot hold (more than MaxPartsHeld
// heaps) are not dropped: Moves stops at the first and Err reports it, so
// that a list of moves is refused rather than given with moves left out
// (and the walk over the 190 million partitions of 100 is not made).
func TestTBValuedMovesManyHeaps(t *testing.T) {
	v := NewValued(mustTB(t, "0.*"))
	p, _ := PartsOf(8)
	n := 0
	v.Moves(p, func(Parts) bool { n++; return true })
	if v.Err() != nil || n != 15 { // remove one, leave any partition of 7: p(7) = 15
		t.Fatalf("heap 8: %d moves, %v; want all 15", n, v.Err())
	}
	p, _ = PartsOf(100)
	v.Moves(p, func(Parts) bool { return true })
	var ue *impartial.UnsupportedError
	if !errors.As(v.Err(), &ue) {
		t.Fatalf("heap 100 of 0.*: %v, want an unsupported error", v.Err())
	}
	v.Moves(p, func(Parts) bool { t.Fatal("a move yielded after the error"); return false })
}
