package cardflip

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
)

// Steps 1–5 of the proof in docs/cardflip.md (no deterministic table-only
// strategy meets 2m − H_m for m ≥ 4), checked by brute force for
// m = 4, 5, 6 (and once, in 15 s, m = 7): over every table for the row
// with every card face down (the position p looked at and the index t(x)
// each card x goes to, 1 turned up), played on all m! deals until 1 is turned up, the tables that
// never look at a card twice before 1 (condition A) and admit one look p1
// at the row after 1 that is 2 on every deal where 2 was read before 1 and
// a card not yet read on every other deal (A and B) are exactly those of
// step 5: p = 1, t(2) = 0, t(a) = m−1 for a ≥ 3 (t(1) free), or their
// mirror image.
func TestMemoryBoundSteps(t *testing.T) {
	for m := 4; m <= 6; m++ {
		if !longtest.Enabled() && m == 6 {
			continue // with GRUNDY_LONG
		}
		deals := make([][]int, 0, Factorial(m))
		for r := range Factorial(m) {
			d := make([]int, m)
			unrank(d, r)
			deals = append(deals, d)
		}
		var got []string
		tab := make([]int, m+1) // tab[0] = p, tab[x] = t(x)
		row, seen := make([]int, m), make([]bool, m+1)
		var rec func(i int)
		rec = func(i int) {
			if i <= m {
				for v := range m {
					tab[i] = v
					rec(i + 1)
				}
				return
			}
			p := tab[0]
			ok1 := make([]bool, m) // ok1[j]: j may be p1
			for j := range ok1 {
				ok1[j] = true
			}
			for _, d := range deals {
				copy(row, d)
				clear(seen)
				for {
					x := row[p]
					if seen[x] {
						return // a card read twice while all are face down
					}
					seen[x] = true
					row = slices.Insert(slices.Delete(row, p, p+1), tab[x], x)
					if x == 1 {
						break
					}
				}
				for j, y := range row {
					if seen[2] && y != 2 || !seen[2] && seen[y] {
						ok1[j] = false
					}
				}
			}
			if slices.Contains(ok1, true) {
				got = append(got, fmt.Sprint(tab))
			}
		}
		rec(0)
		var want []string
		for q := range m {
			a, b := []int{1, q, 0}, []int{m - 2, q, m - 1}
			for range m - 2 {
				a, b = append(a, m-1), append(b, 0)
			}
			want = append(want, fmt.Sprint(a), fmt.Sprint(b))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("m=%d: %d tables pass, want the %d of step 5: %v", m, len(got), len(want), got)
		}
	}
}
