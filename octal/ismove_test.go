package octal

import (
	"fmt"
	"slices"
	"testing"
)

// IsMove agrees with Options: for octal, hexadecimal and take-and-break
// codes (digits past 15, modifiers, repeating parts) and Grundy's game, on
// every heap to 18 and every multiset of heaps of at most the heap's size,
// IsMove says yes exactly for the moves Options lists (and for each of
// them in any order).
func TestIsMoveAgainstOptions(t *testing.T) {
	var gs []Game
	for _, s := range []string{"0.77", "0.07", "0.137", "4.0", "0.4", "0.6", "0.3", "0.1234567"} {
		c, err := ParseCode(s)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, New(c))
	}
	for _, s := range []string{"0.F", "0.3F", "0.8", "0.1F", "0.123456789ABCDEF", "8.0"} {
		c, err := ParseHexCode(s)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, New(c))
	}
	gs = append(gs, GrundysGame())
	for _, s := range append(slices.Clone(tbCodesPast15), "0.*=", "0.*!", "0.*?", "0.[*=]", "4!.0", "0.3F!", "0.7!") {
		gs = append(gs, mustTB(t, s))
	}
	const N = 18
	for _, g := range gs {
		for n := 0; n <= N; n++ {
			moves := map[string]bool{}
			g.Options(n, func(_ int, parts []int) bool {
				moves[fmt.Sprint(slices.Sorted(slices.Values(parts)))] = true
				return true
			})
			for m := 0; m <= n; m++ {
				for _, p := range allPartitions(m) {
					if m == 0 {
						p = nil
					}
					want := moves[fmt.Sprint(slices.Sorted(slices.Values(p)))]
					if got := g.IsMove(n, p); got != want {
						t.Fatalf("%v heap %d → %v: IsMove %v, Options %v", g, n, p, got, want)
					}
					if len(p) > 1 {
						rev := slices.Clone(p)
						slices.Reverse(rev)
						if g.IsMove(n, rev) != want {
							t.Fatalf("%v heap %d → %v: IsMove depends on the order", g, n, rev)
						}
					}
				}
			}
			if g.IsMove(n, []int{0, n}) || g.IsMove(n, []int{n + 1}) {
				t.Fatalf("%v heap %d: IsMove accepts an empty heap or more tokens than the heap", g, n)
			}
		}
	}
}

// FindOption finds the move of a heap of 10^8 of Kayles from the heaps it
// leaves, as Options lists it, without listing the 10^8 others.
func TestValuedFindOption(t *testing.T) {
	c, _ := ParseCode("0.77")
	v := NewValued(New(c))
	heap := func(h int64) Parts { return Parts{h} }
	q, found, known := v.FindOption(heap(100_000_000), []Parts{heap(1), heap(99_999_997)})
	if !known || !found || q != (Parts{99_999_997, 1}) {
		t.Errorf("kayles 10^8 → 99999997 + 1: %v %v %v", q, found, known)
	}
	if _, found, known := v.FindOption(heap(100_000_000), []Parts{heap(99_999_990)}); !known || found {
		t.Errorf("kayles 10^8 → 99999990 (ten taken): found %v known %v, want not a move", found, known)
	}
	if _, _, known := v.FindOption(Parts{5, 3}, []Parts{heap(1)}); known {
		t.Error("a position of two heaps: known, want not (the caller lists its moves)")
	}
}
