package cardflip

import (
	"math/big"
	"testing"
)

// The embedded tables are the search's output: m = 3 must reach the
// searched optimum 25/6, m = 4 the optimum 73/12 (found by the first
// search in minutes, by optimum.Search in a tenth of a second), m = 5 the
// optimum 161/20 that `grundy cardflip optimal --m 5` prints.
func TestEmbeddedTables(t *testing.T) {
	for m, want := range map[int]string{3: "25/6", 4: "73/12", 5: "161/20"} {
		tb, err := parseTable(m, optimalTables[m])
		if err != nil {
			t.Fatal(err)
		}
		pol := &TablePolicy{m: m, look: tb.look, place: tb.place}
		if got := exact(t, pol, m, Rules{}); got.RatString() != want {
			t.Errorf("table %d plays %s, want %s", m, got.RatString(), want)
		}
		// The table is complete: no row of its play falls back.
		g, _ := NewGame(m, Rules{})
		perm := make([]int, m)
		for r := range Factorial(m) {
			unrank(perm, r)
			g.Trace = func(st Step) {
				key := cellsWord(st.Before)
				if _, ok := tb.look[key]; !ok && popcount4(uint32(key)) < m-1 {
					t.Fatalf("table %d: row %s missing", m, FormatRow(st.Before, -1))
				}
			}
			if _, err := g.Play(pol, perm, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	// m = 4 is below front-to-back's 7 and above the bound 71/12.
	if v := big.NewRat(73, 12); v.Cmp(FrontToBackExpectation(4)) >= 0 || v.Cmp(SingleExpectation(4)) <= 0 {
		t.Error("73/12 out of place")
	}
}

func FuzzParseTable(f *testing.F) {
	for _, rows := range optimalTables {
		for _, r := range rows {
			f.Add(r)
		}
	}
	f.Add("[· ·] look 0: 1→up@1")
	f.Add("[1 · x] look 9: 2→side@0")
	f.Add("[· ·] look 0: 2→down@0/10")
	f.Add("[· · ·] look 0: 2→down@0/011")
	f.Add("turn 3 [· ·] look 0: 1→up@1")
	f.Add("turn 0 [1 ·] look 1: 2→up@0")
	f.Add("turn x[· ·] look 0: 1→up@1")
	f.Fuzz(func(t *testing.T, row string) {
		for m := 1; m <= 4; m++ {
			tb, err := parseTable(m, []string{row})
			if err != nil {
				continue
			}
			for _, pos := range tb.look {
				if pos < 0 || pos >= m {
					t.Fatalf("look %d accepted for m=%d", pos, m)
				}
			}
			for _, mv := range tb.place {
				if mv.To < 0 || mv.To >= m {
					t.Fatalf("to %d accepted for m=%d", mv.To, m)
				}
				if mv.Order != nil {
					seen := map[int]bool{}
					for _, o := range mv.Order {
						seen[o] = true
						if o < 0 || o >= m {
							t.Fatalf("order %v accepted for m=%d", mv.Order, m)
						}
					}
					if len(mv.Order) != m || len(seen) != m {
						t.Fatalf("order %v accepted for m=%d", mv.Order, m)
					}
				}
			}
		}
	})
}

// cellsWord packs a row of at most 16 cells, 0 for face down, into 4-bit
// cells, cell i in bits 4i..4i+3: the tables' key of a visible row, and
// a deal's word.
func cellsWord(cells []int) uint64 {
	var w uint64
	for i, x := range cells {
		w |= uint64(x) << (4 * i)
	}
	return w
}
