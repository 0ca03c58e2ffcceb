package coins

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// naiveValues computes g by mex over every set Turns yields: the definition.
func naiveValues(g *Game, to int) []Nimber {
	vals := make([]Nimber, to-g.Start+1)
	for i := range vals {
		var opts []Nimber
		g.Turns(g.Start+i, func(others []int) bool {
			var v Nimber
			for _, y := range others {
				v ^= vals[y-g.Start]
			}
			opts = append(opts, v)
			return true
		})
		vals[i] = impartial.Mex(opts)
	}
	return vals
}

func TestPlainValuesVsDefinition(t *testing.T) {
	ctx := context.Background()
	for _, spec := range theoremGames {
		g := mustRule(t, spec)
		to := g.Start + 60
		if g.turnCount(to) > 1e5 { // UpTo(k) for k ≥ 5: O(x^(k−1)) sets a coin
			to = g.Start + 28
		}
		got, err := g.PlainValues(ctx, to, impartial.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		if want := naiveValues(g, to); !slices.Equal(got, want) {
			t.Errorf("%s: PlainValues %v, mex over Turns %v", spec, got, want)
		}
	}
}

// TestClosedFormsVsPlain checks every closed form against the values
// computed from the rule alone, far beyond the brute-force range.
func TestClosedFormsVsPlain(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		spec string
		to   int
	}{
		{"one", 1 << 12}, {"turning-turtles", 1 << 15}, {"mock-turtles", 1 << 14}, {"twins", 1 << 17},
		{"twins:1,2,3", 1 << 16}, {"twins:1,2,3,4,5,6,7", 1 << 16}, {"subtraction:1,2,3", 1 << 16}, {"subtraction:1", 1 << 10},
		{"consecutive:1", 1 << 12}, {"consecutive:4", 1 << 16}, {"consecutive:7", 1 << 16}, {"ruler", 1 << 12},
	} {
		g := mustRule(t, c.spec)
		if _, ok := g.ClosedValue(g.Start); !ok {
			t.Fatalf("%s has no closed form", c.spec)
		}
		plain, err := g.PlainValues(ctx, c.to, impartial.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range plain {
			if got, _ := g.ClosedValue(g.Start + i); got != want {
				t.Fatalf("%s: g(%d) closed form %d, from the rule %d", c.spec, g.Start+i, got, want)
			}
		}
	}
	for _, spec := range []string{"grunt", "moebius", "mogul", "up-to:4", "twins:2,3", "subtraction:2,5"} {
		if _, ok := mustRule(t, spec).ClosedValue(5); ok {
			t.Errorf("%s claims a closed form", spec)
		}
	}
}

// TestParityExtension checks the fast path for odd k (UpTo(2m+1) from
// UpTo(2m)) against the direct computation.
func TestParityExtension(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		spec string
		to   int
	}{{"up-to:3", 3000}, {"moebius", 300}, {"mogul", 80}, {"up-to:9", 40}} {
		g := mustRule(t, c.spec)
		fast, err := g.Values(ctx, c.to, impartial.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		plain, err := g.PlainValues(ctx, c.to, impartial.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(fast, plain) {
			t.Errorf("%s: parity extension differs from the direct computation", c.spec)
		}
	}
}

// Published values.
func TestKnownValues(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		spec, source string
		want         []Nimber
	}{
		{"mock-turtles", "odious numbers, OEIS A000069", []Nimber{1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49, 50, 52, 55, 56, 59, 61, 62}},
		{"ruler", "OEIS A006519", []Nimber{1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 32}},
		{"grunt", "Grundy's game, OEIS A002188", []Nimber{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5}},
		{"moebius", "Winning Ways ch. 14 (18 coins)", []Nimber{1, 2, 4, 8, 16, 31, 32, 64, 103, 128, 171, 213, 256, 301, 342, 439, 475, 494}},
		{"mogul", "Winning Ways ch. 14 (24 coins)", []Nimber{1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911, 1024, 1459, 1749, 1897, 2048, 2518, 2787, 2874, 3320, 3357, 3662, 4004}},
		{"turning-turtles", "hihoCoder 1172 (g(x) = x from 1)", []Nimber{1, 2, 3, 4, 5, 6, 7, 8}},
		{"twins:1,2,3", "seed 001 (x mod 4 from 0)", []Nimber{0, 1, 2, 3, 0, 1, 2, 3, 0, 1}},
		{"subtraction:1,2,3", "seed 001 (1 2 3 0 … from 1)", []Nimber{1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2}},
		{"consecutive:3", "seed 001 (0 0 1 … from 1)", []Nimber{0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}},
	} {
		g := mustRule(t, c.spec)
		got, err := g.PlainValues(ctx, g.Start+len(c.want)-1, impartial.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: g = %v, want %v (%s)", c.spec, got, c.want, c.source)
		}
	}
}

// TestMogulGolay: the P-positions of Mogul on 24 coins are the extended
// Golay code (Winning Ways ch. 14): 4096 codewords with weights
// 0, 8, 12, 16, 24 occurring 1, 759, 2576, 759, 1 times.
func TestMogulGolay(t *testing.T) {
	g := Mogul()
	vals, err := g.PlainValues(context.Background(), 23, impartial.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	weights := map[int]int{}
	var x Nimber
	var mask uint32
	for i := uint32(1); i < 1<<24; i++ {
		b := bits.TrailingZeros32(i) // Gray code order: flip one coin each step
		mask ^= 1 << b
		x ^= vals[b]
		if x == 0 {
			weights[bits.OnesCount32(mask)]++
		}
	}
	weights[0]++
	want := map[int]int{0: 1, 8: 759, 12: 2576, 16: 759, 24: 1}
	if len(weights) != len(want) {
		t.Fatalf("weights %v, want %v", weights, want)
	}
	for w, n := range want {
		if weights[w] != n {
			t.Fatalf("weights %v, want %v", weights, want)
		}
	}
}

// TestMockTurtlesLarge: the closed form answers positions up to 10^8 and
// beyond in O(1); its P-positions are those with an even number of heads
// whose positions XOR to 0 (seed 001's proof), checked on random large
// positions.
func TestMockTurtlesLarge(t *testing.T) {
	ctx := context.Background()
	g := MockTurtles()
	s := g.NewSolver(impartial.Budget{MaxPositions: 1000, MaxMemory: 1 << 20})
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := r.IntN(6)
		heads := map[int]bool{}
		var xs []int
		for range n {
			x := r.IntN(100_000_000)
			if !heads[x] {
				heads[x] = true
				xs = append(xs, x)
			}
		}
		if len(xs) >= 2 && r.IntN(2) == 0 { // make P-positions common
			last := 0
			for _, x := range xs[:len(xs)-1] {
				last ^= x
			}
			if !heads[last] && len(xs)%2 == 0 {
				xs[len(xs)-1] = last
			}
		}
		slices.Sort(xs)
		xs = slices.Compact(xs)
		v, err := s.Value(ctx, Position{Heads: xs})
		if err != nil {
			t.Fatal(err)
		}
		xor := 0
		for _, x := range xs {
			xor ^= x
		}
		if wantP := len(xs)%2 == 0 && xor == 0; (v == 0) != wantP {
			t.Fatalf("heads %v: value %d, but even count and XOR 0 is %v", xs, v, wantP)
		}
	}
	if v, err := s.Value(ctx, Position{Heads: []int{MaxCoin}}); err != nil || v != Odious(MaxCoin) {
		t.Fatalf("Value at MaxCoin = %d, %v", v, err)
	}
}

// TestWinningMovesFastPaths compares the inverse-based winning moves with
// trying every move, on random positions beyond the brute-force rows.
func TestWinningMovesFastPaths(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		spec  string
		width int
	}{{"turning-turtles", 300}, {"mock-turtles", 200}, {"twins", 300}, {"ruler", 300}, {"up-to:4", 60}, {"moebius", 40}, {"one", 50}} {
		g := mustRule(t, c.spec)
		s := g.NewSolver(impartial.Budget{})
		vals, _ := g.Values(ctx, g.Start+c.width, impartial.Budget{})
		for range 100 {
			var heads []int
			for x := g.Start; x <= g.Start+c.width; x++ {
				if r.IntN(c.width/4+1) == 0 {
					heads = append(heads, x)
				}
			}
			p := Position{Heads: heads}
			total, _ := s.Value(ctx, p)
			var want [][]int
			for _, x := range heads {
				g.Turns(x, func(others []int) bool {
					v := total ^ vals[x-g.Start]
					for _, y := range others {
						v ^= vals[y-g.Start]
					}
					if v == 0 {
						want = append(want, append(slices.Clone(others), x))
					}
					return true
				})
			}
			moves, err := s.WinningMoves(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			var got [][]int
			for _, m := range moves {
				got = append(got, m.Turn)
			}
			cmp := func(a, b []int) int { return slices.Compare(a, b) }
			slices.SortFunc(got, cmp)
			slices.SortFunc(want, cmp)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%s %v: winning moves %v, want %v", c.spec, heads, got, want)
			}
		}
	}
}

func TestBudget(t *testing.T) {
	ctx := context.Background()
	var be *impartial.BudgetError
	_, err := Grunt().Values(ctx, 1000, impartial.Budget{MaxPositions: 100})
	if !errors.As(err, &be) || be.Limit != impartial.LimitPositions {
		t.Errorf("grunt to 1000 with 100 positions: %v", err)
	}
	_, err = Mogul().Values(ctx, 2000, impartial.Budget{MaxMemory: 1 << 20})
	if !errors.As(err, &be) || be.Limit != impartial.LimitMemory {
		t.Errorf("mogul to 2000 in 1 MiB: %v", err)
	}
	_, err = Grunt().NewSolver(impartial.DefaultBudget).Value(ctx, Position{Heads: []int{1 << 40}})
	if !errors.As(err, &be) {
		t.Errorf("grunt head at 2^40: %v", err)
	}
	_, err = Ruler().NewSolver(impartial.Budget{MaxPositions: 1000}).Moves(ctx, Position{Heads: []int{1 << 30}})
	if !errors.As(err, &be) {
		t.Errorf("ruler moves from a head at 2^30: %v", err)
	}
	c, cancel := context.WithCancel(ctx)
	cancel()
	_, err = Grunt().Values(c, 100000, impartial.Budget{})
	if !errors.As(err, &be) || be.Limit != impartial.LimitCanceled {
		t.Errorf("canceled: %v", err)
	}
	if _, err := MockTurtles().NewSolver(impartial.Budget{}).MisereOutcome(ctx, Position{Heads: []int{64}}); err == nil {
		t.Error("misère with a head on coin 64: no error")
	}
}

func TestParsePositionErrors(t *testing.T) {
	for _, c := range []struct {
		game, in string
		offset   int
	}{
		{"mock-turtles", "", -1},
		{"mock-turtles", "HHX", 2},
		{"mock-turtles", "1 2 2", 4},
		{"mock-turtles", "1 -2", 2},
		{"turning-turtles", "0 3", 0},
		{"turning-turtles", "3 x", 2},
		{"ruler", "99999999999999999999", 0},
		{"ruler", "+3", 0},
	} {
		_, err := mustRule(t, c.game).ParsePosition(c.in)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset != c.offset {
			t.Errorf("%s %q: %v, want a SyntaxError at offset %d", c.game, c.in, err, c.offset)
		}
	}
}

func TestParseRule(t *testing.T) {
	for in, want := range map[string]string{
		"Mock-Turtles": "mock-turtles", "twins:3,1,2": "twins:1,2,3", "twins:1-3": "twins:1,2,3",
		"subtraction:1-3": "subtraction:1,2,3", "up-to:7": "up-to:7", "consecutive:2": "consecutive:2", "twins": "twins",
	} {
		g, err := ParseRule(in)
		if err != nil || g.Spec != want {
			t.Errorf("ParseRule(%q) = %v, %v; want %s", in, g, err, want)
		}
	}
	for in, offset := range map[string]int{
		"mock": 0, "up-to:0": 6, "up-to:x": 6, "up-to:65": 6, "twins:1,x": 8, "twins:3-1": 6, "ruler:2": 6,
		"subtraction": -1, "consecutive": -1, "up-to:": 6, "twins:": 6,
	} {
		_, err := ParseRule(in)
		var re *RuleError
		if !errors.As(err, &re) || re.Offset != offset {
			t.Errorf("ParseRule(%q): %v, want a RuleError at offset %d", in, err, offset)
		}
	}
}

// FuzzParsePosition: any input either fails with a SyntaxError or parses to
// a position that formats and parses back to itself.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"HHTHTTHT", "hht", "0 1 3 6", "6,0,3", "none", "-", "", "T", "1 1", "H T", "99999999999999999999", "-1", "x"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(1))
	}
	games := []*Game{MockTurtles(), TurningTurtles(), Ruler(), Grunt()}
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		g := games[int(which)%len(games)]
		p, err := g.ParsePosition(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%q: %v is not a SyntaxError", s, err)
			}
			return
		}
		if !slices.IsSorted(p.Heads) || len(slices.Compact(slices.Clone(p.Heads))) != len(p.Heads) {
			t.Fatalf("%q: heads %v", s, p.Heads)
		}
		text := g.FormatPosition(p)
		q, err := g.ParsePosition(text)
		if err != nil || q.Row != p.Row || !slices.Equal(q.Heads, p.Heads) {
			t.Fatalf("%q → %q → %v, %v; want %v", s, text, q, err, p)
		}
		if g.FormatPosition(q) != text {
			t.Fatalf("%q: format not stable", s)
		}
	})
}

// FuzzParseRule: any rule either fails with a RuleError or names a game
// whose canonical Spec parses to itself.
func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"mock-turtles", "twins:1,2,3", "twins:1-3", "up-to:7", "consecutive:3", "subtraction:", "x", ":", "up-to:-1", "twins:,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseRule(s)
		if err != nil {
			var re *RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		again, err := ParseRule(g.Spec)
		if err != nil || again.Spec != g.Spec {
			t.Fatalf("%q: canonical %q does not round-trip: %v", s, g.Spec, err)
		}
	})
}

// TestRowWithoutBranches: the branch-free reading of a row of H and T
// (parseHT) agrees with the letter-by-letter one, reached by the same row
// with a space after it, on random rows and the edge cases.
func TestRowWithoutBranches(t *testing.T) {
	g := TurningTurtles()
	r := rand.New(rand.NewPCG(7, 11))
	rows := []string{"H", "T", "HH", "TT", "HT", "TH"}
	for n := 0; n < 300; n++ {
		b := make([]byte, r.IntN(200)+1)
		for i := range b {
			b[i] = "HT"[r.IntN(2)]
		}
		rows = append(rows, string(b))
	}
	for _, row := range rows {
		fast, err := g.ParsePosition(row)
		if err != nil {
			t.Fatalf("%s: %v", row, err)
		}
		slow, err := g.ParsePosition(row + " ")
		if err != nil {
			t.Fatalf("%s: %v", row, err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%s: branch-free %+v, letter by letter %+v", row, fast, slow)
		}
	}
}

// TestRowValue: the value of a row read as it streams equals the value of
// the position ParsePosition lists, for games with and without a closed
// form, on random rows and on rows only the general reader accepts.
func TestRowValue(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 8))
	games := []*Game{TurningTurtles(), MockTurtles(), Ruler(), Grunt(), Twins()}
	for _, rule := range []string{"subtraction:1,3,4", "subtraction:2,5", "consecutive:3", "up-to:3", "twins:1,2", "moebius", "mogul"} {
		g, err := ParseRule(rule)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	rows := []string{"", "H", "T", "HT", "hht", "H T H", "TTTTTTTTTH"}
	for range 40 {
		b := make([]byte, rng.IntN(64))
		for i := range b {
			b[i] = "HT"[rng.IntN(2)]
		}
		rows = append(rows, string(b))
	}
	for _, g := range games {
		s, plain := g.NewSolver(impartial.Budget{}), g.NewSolver(impartial.Budget{})
		for _, row := range rows {
			got, err := s.RowValue(ctx, row)
			if err != nil {
				t.Fatalf("%s RowValue(%q): %v", g.Spec, row, err)
			}
			var want Nimber
			if strings.TrimSpace(row) != "" {
				p, err := g.ParsePosition(row)
				if err != nil {
					t.Fatal(err)
				}
				want, err = plain.Value(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
			}
			if got != want {
				t.Errorf("%s RowValue(%q) = %d, Value = %d", g.Spec, row, got, want)
			}
		}
	}
	var se *SyntaxError
	if _, err := TurningTurtles().NewSolver(impartial.Budget{}).RowValue(ctx, "HHxT"); !errors.As(err, &se) || se.Offset != 2 {
		t.Errorf("RowValue(HHxT): %v, want a SyntaxError at offset 2", err)
	}
}
