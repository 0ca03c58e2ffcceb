package cardflip

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// moveOracle is a move by the definition: remove the card at pos, insert
// x at index to of the row without it.
func moveOracle(row []int, pos, to, x int) []int {
	r := slices.Delete(slices.Clone(row), pos, pos+1)
	return slices.Insert(r, to, x)
}

func pack4(row []int) uint64 {
	var w uint64
	for i, x := range row {
		w = word4{}.put(w, i, uint64(x))
	}
	return w
}

func unpack4(w uint64, m int) []int {
	row := make([]int, m)
	for i := range row {
		row[i] = word4{}.get(w, i)
	}
	return row
}

// checkWord4Move checks span, slide and put (the fast loop's move) against
// the definition, for one row and one move.
func checkWord4Move(t *testing.T, row []int, pos, to, x int) {
	t.Helper()
	m := len(row)
	w := pack4(row)
	span, down := word4{}.span(pos, to)
	got := unpack4(word4{}.put(word4{}.slide(w, span, down), to, uint64(x)), m)
	if want := moveOracle(row, pos, to, x); !slices.Equal(got, want) {
		t.Fatalf("row %v, card at %d to %d as %d: got %v, want %v", row, pos, to, x, got, want)
	}
	// Nothing may leak past the row: the cells ≥ m stay 0.
	if w2 := (word4{}).put((word4{}).slide(w, span, down), to, uint64(x)); m < 16 && w2>>(4*uint(m)) != 0 {
		t.Fatalf("row %v, card at %d to %d: cells past the row set: %#x", row, pos, to, w2)
	}
}

// TestWord4Move checks every move of every position of a few rows of
// every length 1..15, with 16-bit cells (moveCells) as a second witness.
func TestWord4Move(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for m := 1; m <= maxWord; m++ {
		for range 20 {
			row := make([]int, m)
			for i := range row {
				row[i] = r.IntN(16)
			}
			for pos := range m {
				for to := range m {
					x := r.IntN(16)
					checkWord4Move(t, row, pos, to, x)
					c, v := make([]face, m), make([]face, m)
					for i, y := range row {
						c[i], v[i] = face(y), face(15-y)
					}
					moveCells(c, v, pos, to)
					c[to], v[to] = face(x), face(15-x)
					want := moveOracle(row, pos, to, x)
					for i := range m {
						if int(c[i]) != want[i] || int(v[i]) != 15-want[i] {
							t.Fatalf("moveCells: row %v, %d to %d: got %v %v, want %v", row, pos, to, c, v, want)
						}
					}
				}
			}
		}
	}
}

// FuzzWord4Move checks the one-word move against the definition on rows
// the fuzzer makes up.
func FuzzWord4Move(f *testing.F) {
	f.Add(uint64(0x0fedcba987654321), uint8(15), uint8(0), uint8(14), uint8(9))
	f.Add(uint64(0x21), uint8(2), uint8(1), uint8(0), uint8(0))
	f.Add(uint64(0), uint8(1), uint8(0), uint8(0), uint8(1))
	f.Fuzz(func(t *testing.T, w uint64, m, pos, to, x uint8) {
		n := int(m)%maxWord + 1
		row := unpack4(w, n)
		checkWord4Move(t, row, int(pos)%n, int(to)%n, int(x)%16)
	})
}

// views returns the same visible row as a View of one word and as a View
// of 16-bit cells (with its index of face-up cards).
func views(row []int) (one, cells *View) {
	m, k := len(row), 0
	for _, x := range row {
		k = max(k, x)
	}
	one = &View{m: m, k: k, one: true, word: pack4(row)}
	cells = &View{m: m, k: k, vis: make([]face, m), at: new(faceIndex), indexed: true}
	for i, x := range row {
		cells.vis[i] = face(x)
		if x != 0 {
			cells.at[x] = face(i)
		}
	}
	return one, cells
}

// TestViewForms checks FirstDown, Find, Value and Row on random visible
// rows (face-up 1..k, each once) in both forms against plain scans.
func TestViewForms(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		m := 1 + r.IntN(maxWord)
		k := r.IntN(m + 1)
		row := make([]int, m)
		for x, i := range r.Perm(m)[:k] {
			row[i] = x + 1
		}
		one, cells := views(row)
		for _, v := range []*View{one, cells} {
			if got := v.Row(nil); !slices.Equal(got, row) {
				t.Fatalf("Row: %v, want %v", got, row)
			}
			for lo := -1; lo <= m+1; lo++ {
				for hi := lo; hi <= m+1; hi++ {
					want := -1
					for i := max(lo, 0); i < min(hi, m); i++ {
						if row[i] == 0 {
							want = i
							break
						}
					}
					if got := v.FirstDown(lo, hi); got != want {
						t.Fatalf("row %v (one word %v): FirstDown(%d, %d) = %d, want %d", row, v.one, lo, hi, got, want)
					}
				}
			}
			for x := -1; x <= m+1; x++ {
				want := -1
				if x >= 1 {
					want = slices.Index(row, x)
				}
				if got := v.Find(x); got != want {
					t.Fatalf("row %v (one word %v): Find(%d) = %d, want %d", row, v.one, x, got, want)
				}
			}
		}
	}
}

// TestFastLoopMatchesGeneral plays the built-in strategies on rows of one
// word both ways: untraced (the fast loop) and traced (the general loop,
// which applies every rule through act); X must agree on every deal.
func TestFastLoopMatchesGeneral(t *testing.T) {
	for _, s := range []Strategy{FrontToBack(), DivideConquer(), Stacks(), Comb()} {
		for m := 1; m <= maxWord; m++ {
			g, err := NewGame(m, Rules{})
			if err != nil {
				t.Fatal(err)
			}
			deal := make([]int, m)
			for i := range int64(300) {
				Deal(deal, 5, i)
				g.Trace = nil
				fast, err1 := g.Play(s, deal, nil)
				g.Trace = func(Step) {}
				general, err2 := g.Play(s, deal, nil)
				if fast != general || err1 != nil || err2 != nil {
					t.Fatalf("%s m=%d deal %v: fast loop %d (%v), general loop %d (%v)", s.Info().Name, m, deal, fast, err1, general, err2)
				}
			}
		}
	}
}

// hintChecker plays at random (a random face-down card, put anywhere, the
// next card face up half the time) and checks at every turn that the
// cells before View.up are face up and that FirstDown from every lo
// agrees with a plain scan of the row, which also moves the hint around.
type hintChecker struct {
	t         *testing.T
	rng       *rand.Rand
	rearrange bool // permute the face-down cells after the move too
}

func (h *hintChecker) Info() Info {
	return Info{Name: "hint-checker", Model: TableOnly, Randomized: true}
}
func (h *hintChecker) NewPlayer(Seat) Player { return h }

func (h *hintChecker) Look(t *Turn) int {
	// The row without the index of face-up cards, as front to back plays
	// it (the engine keeps up only then): set at the first turn, before
	// any card moves.
	t.indexed = false
	row := t.Row(nil)
	for i := range t.up {
		if row[i] == 0 {
			h.t.Fatalf("row %v: cell %d face down below the hint %d", row, i, t.up)
		}
	}
	lo := h.rng.IntN(t.m + 1)
	want := -1
	for i := lo; i < t.m; i++ {
		if row[i] == 0 {
			want = i
			break
		}
	}
	if got := t.FirstDown(lo, t.m); got != want {
		h.t.Fatalf("row %v: FirstDown(%d, m) = %d, want %d", row, lo, got, want)
	}
	var down []int
	for i, x := range row {
		if x == 0 {
			down = append(down, i)
		}
	}
	return down[h.rng.IntN(len(down))]
}

func (h *hintChecker) Place(t *Turn, pos, x int) Move {
	mv := Move{Up: x == t.K()+1 && h.rng.IntN(2) == 0, To: h.rng.IntN(t.m)}
	if h.rearrange {
		// The row after the move, and a random permutation of its
		// face-down cells.
		row := t.Row(nil)
		row = slices.Insert(slices.Delete(row, pos, pos+1), mv.To, 0)
		if mv.Up {
			row[mv.To] = x
		}
		var down []int
		for i, y := range row {
			if y == 0 {
				down = append(down, i)
			}
		}
		mv.Order = make([]int, t.m)
		for j := range mv.Order {
			mv.Order[j] = j
		}
		for i, j := range h.rng.Perm(len(down)) {
			mv.Order[down[i]] = down[j]
		}
	}
	return mv
}

// TestFirstDownHint: the engine keeps View.up a lower bound of the first
// face-down cell of a flat row through random games (and FirstDown's scans
// move it), under the standard rules and with rearranging.
func TestFirstDownHint(t *testing.T) {
	for _, v := range []Variant{Standard, Rearrange} {
		for _, m := range []int{16, 40, 100} {
			g, err := NewGame(m, Rules{Variant: v})
			if err != nil {
				t.Fatal(err)
			}
			deal := make([]int, m)
			for i := range int64(400 / m) {
				rng := Deal(deal, 9, i)
				if _, err := g.Play(&hintChecker{t, rng, v == Rearrange}, deal, rng); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
