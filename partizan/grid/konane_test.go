package grid

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

// Every Konane board of the small sizes against the plain oracle (values,
// parts, keys and conjugate keys, the Solver); sparse random boards, whose
// groups are often far enough apart to split; and boards of more than 64
// cells, the byte-per-cell paths.
func TestKonaneAgainstOracle(t *testing.T) {
	s := [][2]int{{1, 1}, {1, 4}, {2, 2}, {1, 6}, {2, 3}, {3, 2}}
	if longtest.Enabled() {
		s = append(s, [2]int{1, 8}, [2]int{2, 4}, [2]int{4, 2}, [2]int{3, 3})
	}
	for _, sz := range s {
		rulesettest.Check[Grid, Grid](t, Konane{}, boards(sz[0], sz[1], 3))
	}
	sparse := sparseBoards(5, 300)
	split := 0
	for _, g := range sparse {
		if len((Konane{}).Split(g)) > 1 {
			split++
		}
	}
	if split < 20 {
		t.Errorf("only %d of %d sparse boards split: the test does not exercise Split", split, len(sparse))
	}
	rulesettest.Check[Grid, Grid](t, Konane{}, sparse)
	if longtest.Enabled() {
		rulesettest.Check[Grid, Grid](t, Konane{}, sparseBoards(6, 5000))
	}
	rulesettest.Check[Grid, Grid](t, Konane{}, randomBig(5, Vacant, []byte{Black, White, Black, White, Vacant}))
}

// sparseBoards returns n random boards of 3 to 8 rows and columns (at
// most 64 cells) with two or three small clusters of stones each.
func sparseBoards(seed uint64, n int) []Grid {
	r := rand.New(rand.NewPCG(seed, 11))
	var out []Grid
	for len(out) < n {
		rows, cols := 3+r.IntN(6), 3+r.IntN(6)
		if rows*cols > 64 {
			continue
		}
		b := make([]byte, rows*cols)
		for range 2 + r.IntN(2) {
			at := r.IntN(len(b))
			for range 2 + r.IntN(3) {
				b[at] = Black + byte(r.IntN(2))
				if j := step(at, orthoDirs[r.IntN(4)], rows, cols); j >= 0 {
					at = j
				}
			}
		}
		out = append(out, newGrid(rows, cols, b))
	}
	return out
}

func mustKonane(t testing.TB, s string) Grid {
	t.Helper()
	g, err := Konane{}.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Tiny positions worked by hand (x is Left's, o Right's).
//   - "xo." = 1: Left jumps to "..x" (0); Right's o has no cell beyond
//     the x, at the board's edge: {0|} = 1.
//   - "xo.o." = 1: Left jumps once to "..xo." (= {0|0} = *: either
//     player takes the other's last stone) or on to "....x" (0); Right's
//     stones have no black neighbour with an empty cell beyond: {*, 0|} =
//     {0|} = 1. Both stops are options.
//   - ".xo." = *: each side takes the other's stone, leaving 0.
//   - "x.o" = 0: no stone is next to one of the other colour.
//   - "xoo." = 0: x cannot jump two stones at once, o's cannot jump x.
//   - "xo|o." = 0: no line has a stone, an opponent and an empty cell.
//   - "x.|o.|.." = 1 and "xo.|...|..." = 1: as "xo.", down a column
//     and on a larger board; ".ox" = 1, its mirror image, and "ox." = -1,
//     its conjugate.
//   - ".xo|xo.|..." = ^: Left's x on (1,2) takes down to (3,2), leaving
//     no stone next to another (0), or the x on (2,1) takes right to
//     (2,3), after which only Right moves, twice over, to 0 (-1); Right's
//     one move, o (1,3) over (1,2) to (1,1), leaves {0|0} = * (x (2,1)
//     takes right, or o (1,1) takes down). {0, -1|*} = {0|*} = ^.
//   - "xo...ox" = 2 splits into "xo." + ".ox": once x has taken, no o
//     can ever jump back over it, so the halves can never meet. "xo..ox"
//     = 2 too (Left's two jumps, Right none), but it is not split: its
//     halves' reaches ("xo." and the cell the x lands on, ".ox" alike)
//     touch, and Split only separates groups whose reaches do not.
func TestKonaneHandChecked(t *testing.T) {
	checkKnown[Grid, Grid](t, Konane{}, []known{
		{"xo.", "1"}, {"xo.o.", "1"}, {".xo.", "*"}, {"x.o", "0"}, {"xoo.", "0"},
		{"xo|o.", "0"}, {"x.|o.|..", "1"}, {"xo.|...|...", "1"}, {".ox", "1"}, {"ox.", "-1"},
		{"xo...ox", "2"}, {"xo..ox", "2"}, {".xo|xo.|...", "^"},
	})
	var lefts []string
	if err := (Konane{}).Options(mustKonane(t, "xo.o."), partizan.Left, func(q Grid) bool {
		lefts = append(lefts, Konane{}.FormatPosition(q))
		return true
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"..xo.", "....x"}; !slices.Equal(lefts, want) {
		t.Errorf("Left's options of xo.o.: %v, want %v", lefts, want)
	}
	if p := (Konane{}).Split(mustKonane(t, "xo...ox")); len(p) != 2 {
		t.Errorf("xo...ox splits into %d parts, want 2", len(p))
	}
	if p := (Konane{}).Split(mustKonane(t, "xo..ox")); p != nil {
		t.Errorf("xo..ox splits into %d parts, want none (its reaches touch)", len(p))
	}
	if k1, k2 := (Konane{}).Key(mustKonane(t, "xo.|...")), (Konane{}).Key(mustKonane(t, "..|.o|.x")); k1 != k2 {
		t.Errorf("a board and its quarter turn have different keys")
	}
	k1, n1 := Konane{}.ConjugateKey(mustKonane(t, "xo.|..."))
	k2, n2 := Konane{}.ConjugateKey(mustKonane(t, "...|.xo"))
	if k1 != k2 || n1 == n2 {
		t.Errorf("a board and its colours swapped, turned: conjugate keys %v %v, %v %v", k1, n1, k2, n2)
	}
	// Two groups on a board of more than 64 cells are split, each cropped
	// to its reach (xo. on the left edge, .ox on the right).
	big := NewGrid(9, 9, Vacant).with(Black, 9).with(White, 10).with(White, 16).with(Black, 17)
	parts := (Konane{}).Split(big)
	if len(parts) != 2 || (Konane{}).FormatPosition(parts[0]) != "xo." || (Konane{}).FormatPosition(parts[1]) != ".ox" {
		t.Errorf("xo.....ox on a 9x9 board splits into %v", parts)
	}
}

// konjectureBoard returns a width × height board with the given tiles at
// (x, y) = (column, row), as ishehadeh/konjecture's set_tile places them.
func konjectureBoard(w, h int, tiles map[[2]int]byte) Grid {
	b := make([]byte, w*h)
	for p, c := range tiles {
		b[p[1]*w+p[0]] = c
	}
	return newGrid(h, w, b)
}

// Ernst's values of linear patterns (M. D. Ernst, "Playing Konane
// mathematically: a combinatorial game-theoretic analysis", UMAP Journal
// 16, 1995), on the boards and with the formulas the tests of
// ishehadeh/konjecture (konane/src/cgt.rs: solid_linear_pattern,
// linear_with_offset_tail_1, linear_with_offset_tail_2,
// linear_with_tail_1, each citing Ernst's paper) give them; black (x) is
// Left. The paper itself was not at hand; the boards are rebuilt here
// cell for cell from those tests.
//   - A solid linear pattern of n alternating stones, black first, in a
//     row with room on both sides: 0 for n = 4j, * for n = 4j + 2,
//     -(n-1)/2 for odd n (only white can move, each jump ending its
//     stone's play).
//   - With an offset tail of one stone, and with a tail of two, and with
//     a tail of one (formulas below).
func TestKonaneLiterature(t *testing.T) {
	c := newCalc()
	sv := partizan.NewSolver[Grid, Grid](c, Konane{})
	check := func(what string, n int, g Grid, want string) {
		t.Helper()
		v, err := sv.Value(g)
		if err != nil {
			t.Fatal(err)
		}
		w, err := c.Parse(want)
		if err != nil {
			t.Fatal(err)
		}
		if v != w {
			t.Errorf("%s(%d) = %s, want %s (%s)", what, n, v, want, Konane{}.FormatPosition(konaneNormal(g)))
		}
	}
	for n := 0; n <= 40; n++ {
		tiles := map[[2]int]byte{}
		for x := 1; x <= n; x++ {
			tiles[[2]int{x, 0}] = []byte{White, Black}[x%2]
		}
		want := fmt.Sprint(-(n - 1) / 2)
		switch {
		case n%4 == 0:
			want = "0"
		case n%4 == 2:
			want = "*"
		}
		check("slp", n, konjectureBoard(64, 1, tiles), want)
	}
	for n := 0; n <= 24; n++ {
		tiles := map[[2]int]byte{}
		for x := range n {
			if x < 1 {
				tiles[[2]int{x + 1, 2}] = White
			} else {
				tiles[[2]int{x + 1, 1}] = []byte{White, Black}[(x-1)%2]
			}
		}
		want := map[int]string{0: "0", 1: "0", 2: "0", 3: "v", 5: "*", 7: "0"}[n]
		switch {
		case want != "":
		case n%2 == 0:
			want = fmt.Sprint(n/2 - 1)
		case n%4 == 1:
			want = "*"
		default:
			want = "0"
		}
		check("lot1", n, konjectureBoard(64, 4, tiles), want)
	}
	tail := func(tailLen, n, offset int) Grid {
		tiles := map[[2]int]byte{}
		for i := range tailLen {
			tiles[[2]int{1, 5 + i}] = []byte{White, Black}[i%2]
		}
		for x := offset; x < n-tailLen+offset; x++ {
			tiles[[2]int{x + 1, 4}] = []byte{Black, White}[x%2]
		}
		return konjectureBoard(40, 8, tiles)
	}
	for n := 3; n <= 24; n++ {
		want := map[int]string{3: "v", 4: "0", 5: "1/2"}[n]
		switch {
		case want != "":
		case n%4 == 0:
			want = "-1*"
		case n%4 == 1:
			want = fmt.Sprint(2*(n-1)/4 - 2)
		case n%4 == 2:
			want = "-1"
		default:
			want = fmt.Sprint(2*(n-3)/4 - 1)
		}
		check("lot2", n, tail(2, n, 1), want)
	}
	for n := 1; n <= 24; n++ {
		want := map[int]string{1: "0", 2: "*", 3: "*", 4: "{*|v}"}[n]
		switch {
		case want != "":
		case n%4 == 0:
			want = fmt.Sprintf("{*|%d}", -2*(n/4)+2)
		case n%4 == 1:
			want = fmt.Sprintf("{%d|*}", 2*((n-1)/4)-1)
		case n%4 == 2:
			want = fmt.Sprintf("{0|%d}", -2*((n-2)/4)+1)
		default:
			want = fmt.Sprintf("{%d|0}", 2*((n-3)/4))
		}
		check("lt1", n, tail(1, n, 0), want)
	}
}

func TestKonaneParse(t *testing.T) {
	if g, err := (Konane{}).ParsePosition(" XO. | o.x "); err != nil || (Konane{}).FormatPosition(g) != "xo.|o.x" {
		t.Errorf("Konane XO.|o.x: %v %v", g, err)
	}
	for _, c := range []struct{ in, want string }{
		{"", `position "": empty board`},
		{"xo#", `position "xo#": column 3: "#" is not a cell here (cells: . x o)`},
		{"xo.|..", `row 2 has 2 cells, but row 1 has 3`},
		{"3x3", `position "3x3": column 1: Konane has no R×C shorthand (R×C is a board only in Domineering, Cram and Clobber): write the board as rows of . x o separated by |, e.g. ".xo|xo.|..."`},
		{"0x3", `board "0x3" is not R×C`},
		{strings.Repeat("x", 300), `board too large`},
	} {
		_, err := Konane{}.ParsePosition(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %s", c.in, err, c.want)
		}
	}
}

// mergedGroupsBits is the definition konaneGroupsBits meets: groups of
// orthogonally adjacent stones, each with its reach, merged (their reach
// computed afresh) while two reaches touch (share or neighbour a cell).
func mergedGroupsBits(g Grid) (stones, reach []uint64) {
	b := g.geom()
	black, white := g.lo&^g.hi, g.hi&^g.lo
	for rest := black | white; rest != 0; {
		r := b.flood(rest&-rest, rest)
		rest &^= r
		stones = append(stones, r)
		reach = append(reach, b.reachBits(r&black, r&white))
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(stones) && !merged; i++ {
			near := reach[i] | b.neighbours(reach[i])
			for j := i + 1; j < len(stones); j++ {
				if near&reach[j] == 0 {
					continue
				}
				s := stones[i] | stones[j]
				stones[i], reach[i] = s, b.reachBits(s&black, s&white)
				stones = append(stones[:j], stones[j+1:]...)
				reach = append(reach[:j], reach[j+1:]...)
				merged = true
				break
			}
		}
	}
	return stones, reach
}

// konaneGroupsBits's pieces of the reach of all the stones are the groups
// of its definition.
func TestKonaneGroups(t *testing.T) {
	for _, g := range append(sparseBoards(9, 500), boards(2, 4, 3)...) {
		s1, r1 := konaneGroupsBits(g)
		s2, r2 := mergedGroupsBits(g)
		a, b := map[uint64]uint64{}, map[uint64]uint64{}
		for i := range s1 {
			a[s1[i]] = r1[i]
		}
		for i := range s2 {
			b[s2[i]] = r2[i]
		}
		if len(s1) != len(s2) || len(a) != len(s1) {
			t.Fatalf("%s: groups %b (reaches %b), by merging %b (%b)", Konane{}.FormatPosition(g), s1, r1, s2, r2)
		}
		for k, v := range b {
			if a[k] != v {
				t.Fatalf("%s: groups %b (reaches %b), by merging %b (%b)", Konane{}.FormatPosition(g), s1, r1, s2, r2)
			}
		}
	}
}

// The byte-per-cell paths (boards of more than 64 cells) give the same
// reaches, parts and normal forms as the bitboard ones, run on the same
// small boards.
func TestKonaneBytesMatchBits(t *testing.T) {
	for _, g := range append(sparseBoards(7, 300), boards(2, 3, 3)...) {
		s := Konane{}.FormatPosition(g)
		stones, reach := konaneGroupsBits(g)
		for i, st := range stones {
			var cells []int
			for m := st; m != 0; m &= m - 1 {
				cells = append(cells, bitIndex(m))
			}
			set := konaneReachBytes(g, cells)
			for j, in := range set {
				if in != (reach[i]>>j&1 != 0) {
					t.Fatalf("%s: group %b: reach %b by bits, cell %d %v by bytes", s, st, reach[i], j, in)
				}
			}
		}
		var a, b []string
		for _, p := range (Konane{}).Split(g) {
			a = append(a, Konane{}.FormatPosition(p))
		}
		for _, p := range konaneSplitBytes(g) {
			b = append(b, Konane{}.FormatPosition(p))
		}
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			t.Errorf("%s: parts %v by bits, %v by bytes", s, a, b)
		}
		if x, y := (Konane{}).FormatPosition(konaneNormal(g)), (Konane{}).FormatPosition(konaneNormalBytes(g)); x != y {
			t.Errorf("%s: normal form %s by bits, %s by bytes", s, x, y)
		}
	}
}

func bitIndex(m uint64) int {
	i := 0
	for m&1 == 0 {
		m >>= 1
		i++
	}
	return i
}

// A 6×6 board after some random play from the opening (cold start: a
// fresh store each iteration).
func BenchmarkKonane6x6(b *testing.B) {
	benchSolve[Grid, Grid](b, Konane{}, "xoxoxo|o...ox|..o..x|.x.x.x|x.xo..|o...ox")
}

// Ernst's solid linear pattern with a tail of one, 24 stones, on
// konjecture's 40×8 board (the byte-per-cell paths, then cropped parts).
func BenchmarkKonaneTail24(b *testing.B) {
	tiles := map[[2]int]byte{{1, 5}: White}
	for x := range 23 {
		tiles[[2]int{x + 1, 4}] = []byte{Black, White}[x%2]
	}
	benchSolve[Grid, Grid](b, Konane{}, Konane{}.FormatPosition(konjectureBoard(40, 8, tiles)))
}

// konaneNormal returns g cut to the reaches of its groups with stones of
// both colours, the other stones removed: the board Split's parts make
// up, to compare the bit and byte paths with.
func konaneNormal(g Grid) Grid {
	if !g.small() {
		return konaneNormalBytes(g)
	}
	black, white := g.lo&^g.hi, g.hi&^g.lo
	stones, reach := konaneGroupsBits(g)
	var keep, box uint64
	for i, s := range stones {
		if s&black != 0 && s&white != 0 {
			keep |= s
			box |= reach[i]
		}
	}
	return g.konaneCrop(box, keep)
}

// konaneNormalBytes is konaneNormal on the byte paths.
func konaneNormalBytes(g Grid) Grid {
	stones, reach := konaneGroupsBytes(g)
	var keep []int
	box := make([]bool, g.n())
	for i, s := range stones {
		if bothColours(g, s) {
			keep = append(keep, s...)
			for j, in := range reach[i] {
				box[j] = box[j] || in
			}
		}
	}
	return g.konaneCropBytes(box, keep)
}
