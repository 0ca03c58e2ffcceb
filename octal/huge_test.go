package octal

import (
	"fmt"
	"slices"
	"testing"
)

// MovesTo against direct enumeration of Game.Options with the computed
// values, on every heap up to a few periods past the bound and on a few
// far heaps: same count, same first moves, and the classes cover exactly
// the moves of the target value.
func TestMovesToAgainstEnumeration(t *testing.T) {
	skipUnderRace(t)
	for _, code := range []string{".77", ".07", ".137", "4.07", ".16", ".33", ".54", ".456"} {
		g := mustCode(t, code)
		res, c, err := FindPeriod(ctx, g, 1<<20, Auto)
		if err != nil || res.Status != Proved {
			t.Logf("%s: %v %v (skipped)", code, res.Status, err)
			continue
		}
		seq, ok := c.ProvedSequence()
		if !ok {
			t.Fatalf("%s: no ProvedSequence", code)
		}
		p, n0 := seq.Period()
		top := min(c.Len()-1, n0+6*p+200, 2500)
		heaps := []int{}
		for n := 0; n <= top; n += 1 + n/200 {
			heaps = append(heaps, n)
		}
		for _, n := range heaps {
			for _, target := range []uint32{0, 1, 3, seq.Value(n)} {
				checkMovesTo(t, code, seq, c, n, target)
			}
		}
		if seq.Value(MaxHugeHeap) != c.At(n0+(MaxHugeHeap-n0)%p) {
			t.Errorf("%s: huge value", code)
		}
	}
}

func checkMovesTo(t *testing.T, code string, seq *ProvedSequence, c *Computer, n int, target uint32) {
	t.Helper()
	ms, err := seq.MovesTo(n, target, 7)
	if err != nil {
		t.Fatal(err)
	}
	var want []Move
	seq.Game().Options(n, func(k int, parts []int) bool {
		v := uint32(0)
		for _, h := range parts {
			v ^= c.At(h)
		}
		if v == target {
			want = append(want, Move{Take: k, Left: slices.Clone(parts)})
		}
		return true
	})
	if ms.Count != int64(len(want)) {
		t.Fatalf("%s heap %d target %d: count %d, enumeration %d (classes %v)", code, n, target, ms.Count, len(want), ms.Classes)
	}
	if got, w := fmt.Sprint(ms.First), fmt.Sprint(want[:min(7, len(want))]); got != w && !(len(ms.First) == 0 && len(want) == 0) {
		t.Fatalf("%s heap %d target %d: first %s, enumeration %s", code, n, target, got, w)
	}
	// Every enumerated move in exactly one class.
	for _, mv := range want {
		in := 0
		for _, cl := range ms.Classes {
			if cl.Take != mv.Take || cl.Heaps != len(mv.Left) {
				continue
			}
			switch cl.Heaps {
			case 0:
				in++
			case 1:
				if cl.Lo == mv.Left[0] {
					in++
				}
			case 2:
				a := mv.Left[1]
				if a >= cl.Lo && a <= cl.Hi && (cl.Modulus == 0 || a%cl.Modulus == cl.Residue) {
					in++
				}
			}
		}
		if in != 1 {
			t.Fatalf("%s heap %d target %d: move %v in %d classes", code, n, target, mv, in)
		}
	}
}

func ExampleProvedSequence_MovesTo() {
	c, _ := ParseCode(".77") // Kayles: period 12 from 71
	_, comp, _ := FindPeriod(ctx, New(c), 10_000, Auto)
	seq, _ := comp.ProvedSequence()
	n := 1_000_000_000_000
	fmt.Println("G(n) =", seq.Value(n))
	ms, _ := seq.MovesTo(n, 0, 3) // moves to a P-position
	fmt.Println(ms.Count, "moves to 0, the first:", ms.First)
	fmt.Println(ms.Classes[len(ms.Classes)-1])
	// Output:
	// G(n) = 1
	// 83333333338 moves to 0, the first: [{2 [999999999997 1]} {2 [999999999991 7]} {2 [999999999989 9]}]
	// take 2 and split the rest into a and 999999999998−a for every a ≡ 7 (mod 12) with 71 ≤ a ≤ 499999999999 (41666666661 moves)
}
