package octal

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/impartial/impartialtest"
)

func mustTB(t testing.TB, s string) Game {
	t.Helper()
	c, err := ParseTB(s)
	if err != nil {
		t.Fatal(err)
	}
	return NewTB(c)
}

// general returns g computed by the general plain kernel over its
// partitions, even where NewTB would use the octal kernels: the kernels
// and the enumerator are then checked against each other.
func general(g Game) Game {
	r := *g.tb
	r.general = true
	return Game{tb: &r}
}

// TestTBNormalize: CGSuite's own normalizations (TBCodeTest.scala,
// aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/core/impartial).
func TestTBNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"04.30":             "4.3",
		"04.00[30]":         "4.00[30]",
		"04.00[00]":         "4.0",
		"00.00[00]":         "0.0",
		"0.{1,2!}":          "0.6!",
		"0.{0!,2!,3!}":      "0.D!",
		"0.{0!,2!,3}":       "0.{0,2!,3}",
		"0.{0!,2!,3!+}":     "0.{0,2+}!",
		"0.{0!,2,3!+}":      "0.{0,2,3!+}",
		"0.{0!,3+}":         "0.{0,3+}",
		"0.{0,2!,4!+}":      "0.{0,2,4+}!",
		"0.{0!,2!,4+}":      "0.{0,2!,4+}",
		"0.{0!,2!,4?+}":     "0.{0,2!,4?+}",
		"0.{0!,2?,4?+}":     "0.{0,2,4+}?",
		"0.{0!,2=,4?+}":     "0.{0,2=,4?+}",
		"0.{0!,2=,3?,4?+}":  "0.{0,2=,3?+}",
		"0.{0!,2?,3?,4?+}":  "0.{0,2+}?",
		"0.{0,1!,2,3,4+}":   "0.*",
		"0.{0,1,2!,3!,4!+}": "0.*!",
		// and grundy's own
		"4!.0": "4!.0", "4!.": "4!.0", ".77": "0.77", "0.77000": "0.77", "0.[3]": "0.[3]",
		"0.g": "0.G", "0.W": "0.&32;", "0.&64;": "0.&64;", "0.&16;": "0.G", "0.{2,3}": "0.C",
		"{2+}!.0": "{2+}!.0", "0.[{0+}=]": "0.[*=]", "8?.0": "8?.0",
	} {
		c, err := ParseTB(in)
		if err != nil {
			t.Errorf("ParseTB(%q): %v", in, err)
			continue
		}
		if got := c.String(); got != want {
			t.Errorf("ParseTB(%q).String() = %q, want %q", in, got, want)
		}
		if again, err := ParseTB(c.String()); err != nil || again.String() != c.String() {
			t.Errorf("%q does not read back: %v", c.String(), err)
		}
	}
}

// TestTBOptions: the moves CGSuite's TBCodeTest lists for a few codes and
// heaps (the same moves; CGSuite lists each partition smallest heap first,
// Options largest first). CGSuite's case ("80.0", 7) adds a token and is
// left out: grundy refuses digits before d0.
func TestTBOptions(t *testing.T) {
	for _, c := range []struct {
		code string
		heap int
		want string
	}{
		{"0.3", 9, "8"},
		{"0.7", 9, "8  1,7  2,6  3,5  4,4"},
		{"0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"},
		{"4.0", 8, "1,7  2,6  3,5  4,4"},
		{"4!.0", 8, "1,7  2,6  3,5"},
		{"0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
		{"0.3F?", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
		{"0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"},
		{"0.3f", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3"},
		{"0.3f?", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4"},
		{"0.3f!", 11, "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4"},
		{"0.*3", 7, "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5"},
		{"0.*?3", 7, "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5"},
		{"0.*!3", 7, "6  1,5  2,4  1,2,3  5"},
		{"0.[3]", 7, "6  5  4  3  2  1  -"},
		{"0.[2]", 7, "6  5  4  3  2  1"},
		{"0.3[1]", 7, "6  -"},
		{"0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"},
		{"0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
		{"{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
		{"0.{0,1,3+}", 1, "-"},
		{"0.{0,1,3+}", 2, "1"},
		{"0.{0,1,3+}", 7, "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1"},
		{"0.{1,3+}", 1, ""},
		{"0.{2,3?+}", 7, "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2"},
	} {
		g := mustTB(t, c.code)
		for _, gg := range []Game{g, general(g)} {
			var got []string
			gg.Options(c.heap, func(k int, parts []int) bool {
				p := slices.Clone(parts)
				slices.Sort(p)
				s := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(p)), ","), "[]")
				if s == "" {
					s = "-"
				}
				got = append(got, s)
				return true
			})
			want := strings.Fields(c.want)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s heap %d (general %v): moves %v, CGSuite lists %v", c.code, c.heap, gg.general(), got, want)
			}
		}
	}
}

func TestTBErrors(t *testing.T) {
	for _, c := range []struct {
		code string
		col  int
		msg  string
	}{
		{"", 0, "empty"},
		{"077", 0, "missing the point"},
		{"0.7.7", 4, "a second point"},
		{"0.7$", 4, `"$" is not a digit`},
		{"2.0", 1, "d0 may not leave one heap"},
		{"*.0", 1, "d0 may not leave one heap"},
		{"20.017", 1, "digits before d0 add tokens"},
		{"[3].0", 1, "[ must come after the point"},
		{"0.[3", 5, "missing ]"},
		{"0.[3]7", 6, "must end the code"},
		{"0.3]", 4, "] without ["},
		{"0.[]", 4, "no digit between"},
		{"0.{2,3", 3, "missing }"},
		{"0.{2,x}", 6, `"x" is not a heap count`},
		{"0.{64}", 4, "too large"},
		{"0.{2!,3}?", 5, "a modifier on a count and one after"},
		{"0.{}", 4, "no heap count"},
		{"0.&12", 3, "missing ;"},
		{"0.&x;", 4, "&N; needs a whole number"},
		{"0.!", 3, "must follow a digit"},
		{"0." + strings.Repeat("7", MaxTBDigits+1), 3 + MaxTBDigits, "too many digits"},
	} {
		_, err := ParseTB(c.code)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset+1 != c.col || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("ParseTB(%q): %v, want column %d: %q", c.code, err, c.col, c.msg)
		}
	}
}

// TestTBOctalCodes: every octal and hexadecimal code is a special case. For
// every code 0.d1d2 and 4.d1d2, random codes of three or four digits and
// random hexadecimal codes, tb gives the same values as the octal kernels,
// whether computed by them (NewTB maps the code) or by the general kernel
// over its partitions.
func TestTBOctalCodes(t *testing.T) {
	check := func(name string, og Game) {
		want := values(t, og, PlainMethod, 160)
		g := mustTB(t, name)
		if g.general() {
			t.Fatalf("%s: NewTB did not map the code to the octal kernels", name)
		}
		if got := values(t, g, Auto, 160); !slices.Equal(got, want) {
			t.Fatalf("tb:%s differs from %s: %v", name, og, got)
		}
		if got := values(t, general(g), Auto, 160); !slices.Equal(got, want) {
			t.Fatalf("tb:%s by the general kernel differs from %s: %v", name, og, got)
		}
	}
	for i, og := range someCodes(t) {
		if !long && i%3 != 0 {
			continue // every third code by default
		}
		if c, ok := og.Code(); ok { // not Grundy's game
			check(c.String(), og)
		}
	}
	r := rand.New(rand.NewPCG(7, 7))
	for range 40 {
		s := fmt.Sprintf("%X.", 4*r.IntN(4))
		for range 1 + r.IntN(3) {
			s += fmt.Sprintf("%X", r.IntN(16))
		}
		check(s, mustHex(t, s))
	}
}

// TestTBGrundysGame: tb:4!.0 is Grundy's game: the same values as
// GrundysGame, by the sparse kernel to 20000 and by the general kernel to
// 600.
func TestTBGrundysGame(t *testing.T) {
	g := mustTB(t, "4!.0")
	want := values(t, GrundysGame(), Auto, 20000)
	if got := values(t, g, Auto, 20000); !slices.Equal(got, want) {
		t.Fatal("tb:4!.0 differs from Grundy's game")
	}
	if got := values(t, general(g), Auto, 600); !slices.Equal(got, want[:601]) {
		t.Fatal("tb:4!.0 by the general kernel differs from Grundy's game")
	}
}

// allPartitions lists every partition of m (parts non-increasing) by the
// classic successor rule (next partition in reverse lexicographic order),
// an enumeration independent of the kernel's.
func allPartitions(m int) [][]int {
	if m == 0 {
		return [][]int{{}}
	}
	var out [][]int
	p := []int{m}
	for {
		out = append(out, slices.Clone(p))
		// Find the rightmost part > 1.
		i := len(p) - 1
		for i >= 0 && p[i] == 1 {
			i--
		}
		if i < 0 {
			return out
		}
		rem := len(p) - i // the ones after it, plus one taken from p[i]
		p[i]--
		v := p[i]
		p = p[:i+1]
		for rem > 0 {
			q := min(v, rem)
			p = append(p, q)
			rem -= q
		}
	}
}

// bruteTB computes G(0..N) of a code by brute force: the moves from each
// heap are listed from every partition of what is left (allPartitions),
// kept when the digit allows their number of heaps and their sizes meet the
// modifier (checked directly on the sizes).
func bruteTB(c TBCode, N int) []uint32 {
	parts := make([][][]int, N+1)
	for m := range parts {
		parts[m] = allPartitions(m)
	}
	ok := func(cons Constraint, p []int) bool {
		if len(p) < 2 {
			return true
		}
		distinct := map[int]bool{}
		for _, a := range p {
			distinct[a] = true
		}
		switch cons {
		case AllUnequal:
			return len(distinct) == len(p)
		case NotAllEqual:
			return len(distinct) > 1
		case AllEqual:
			return len(distinct) == 1
		}
		return true
	}
	g := make([]uint32, N+1)
	for n := 1; n <= N; n++ {
		seen := map[uint32]bool{}
		for k := 0; k <= n; k++ {
			d := c.Digit(k)
			for _, p := range parts[n-k] {
				cons, allowed := d.Allows(len(p))
				if !allowed || !ok(cons, p) || len(p) == 1 && k == 0 || len(p) == 0 && k == 0 {
					continue
				}
				x := uint32(0)
				for _, a := range p {
					x ^= g[a]
				}
				seen[x] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// tbCodesPast15 are codes with digits past 15 (four heaps and more), with
// modifiers, explicit counts and repeating parts.
var tbCodesPast15 = []string{
	"0.G", "0.H", "0.V", "0.GV", "0.3G", "G.0", "G!.0", "G?.0", "0.W!", "0.&96;", "0.&160;?", "0.{2,5}?",
	"0.{4+}", "{2+}.0", "{2+}!.0", "{3+}=.0", "0.[{0+}=]", "0.*", "0.[37]", "8!.0", "8?.0", "C!.0", "0.[G]",
	"0.7G!", "0.{1,4!}", "0.{0,2=,3?+}", "4.{2!,3?,5=}",
}

// TestTBAgainstBruteForce compares the values of codes with digits past 15
// with a brute-force computation to heap 40 (bruteTB).
func TestTBAgainstBruteForce(t *testing.T) {
	N := 30
	if long {
		N = 40
	}
	for _, s := range tbCodesPast15 {
		c, err := ParseTB(s)
		if err != nil {
			t.Fatal(err)
		}
		want := bruteTB(c, N)
		if got := values(t, NewTB(c), Auto, N); !slices.Equal(got, want) {
			t.Errorf("tb:%s = %v, brute force %v", s, got, want)
		}
	}
}

// multiset is the real game of a code on positions of any number of heaps:
// a position is its heaps, sorted, packed in a string; a move replaces one
// heap by what one of its options leaves (Game.Options).
type multiset struct{ g Game }

func packHeaps(hs []int) string {
	slices.Sort(hs)
	b := make([]byte, 0, len(hs))
	for _, h := range hs {
		if h > 0 {
			b = append(b, byte(h))
		}
	}
	return string(b)
}

func (m multiset) Moves(p string, yield func(string) bool) {
	for i := 0; i < len(p); i++ {
		if i > 0 && p[i] == p[i-1] {
			continue
		}
		stop := false
		m.g.Options(int(p[i]), func(_ int, parts []int) bool {
			rest := []int{}
			for j := 0; j < len(p); j++ {
				if j != i {
					rest = append(rest, int(p[j]))
				}
			}
			stop = !yield(packHeaps(append(rest, parts...)))
			return !stop
		})
		if stop {
			return
		}
	}
}

// TestTBAgainstGameSearch checks a few codes against a search of the real
// game (positions as multisets of heaps, no Sprague–Grundy sums): the
// brute-force oracle of package impartialtest, to heap 14.
func TestTBAgainstGameSearch(t *testing.T) {
	for _, s := range []string{"0.G", "G!.0", "0.{2,5}?", "{2+}.0", "0.[{0+}=]", "8?.0"} {
		g := mustTB(t, s)
		or := impartialtest.NewOracle[string](multiset{g})
		vals := values(t, g, Auto, 14)
		for n := 1; n <= 14; n++ {
			if v := or.Value(packHeaps([]int{n})); uint32(v) != vals[n] {
				t.Errorf("tb:%s heap %d: %d, the game search gives %d", s, n, vals[n], v)
			}
		}
	}
}

// TestTBPeriods: a code that may leave four heaps proves its period by the
// Guy–Smith test generalized to four heaps (and the period holds far past
// the bound); a code with a modifier or a repeating part only observes.
func TestTBPeriods(t *testing.T) {
	// 0.2G: remove one token leaving one heap, or two leaving four heaps.
	g := mustTB(t, "0.2G")
	res, _, err := FindPeriod(ctx, g, 10_000, Auto)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Proved || res.Period != 2 || res.Preperiod != 1 || !strings.Contains(res.Criterion, "at most 4 heaps left") {
		t.Fatalf("tb:0.2G: %+v, want period 2 from 1 proved for 4 heaps", res)
	}
	// The proof holds: the values far past the bound (12) keep the period.
	const N = 240
	plain := values(t, g, PlainMethod, N)
	for n := res.Preperiod; n+res.Period <= N; n++ {
		if plain[n+res.Period] != plain[n] {
			t.Fatalf("tb:0.2G: G(%d) ≠ G(%d) though period %d from %d is proved", n+res.Period, n, res.Period, res.Preperiod)
		}
	}
	maxN := 40 // {2+}.0: every partition of every heap
	if long {
		maxN = 60
	}
	for _, s := range []string{"8!.0", "0.[3]", "{2+}.0", "0.[2]"} {
		res, _, err := FindPeriod(ctx, mustTB(t, s), maxN, Auto)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status == Proved {
			t.Errorf("tb:%s: period proved (%+v), but no test applies", s, res)
		}
	}
	// A code with a modifier and a period shows it as observed, with the
	// reason no proof applies.
	res, _, err = FindPeriod(ctx, mustTB(t, "0.7!"), 3000, Auto)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Observed || res.Period != 2 || !strings.Contains(res.Criterion, "a modifier ! ? = forbids some") {
		t.Errorf("tb:0.7!: %+v, want period 2 observed", res)
	}
}

func TestTBWorkLimit(t *testing.T) {
	c := NewComputer(mustTB(t, "0.*"), Auto)
	c.SetMaxWork(100_000)
	err := c.Extend(ctx, 60)
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitWork || be.Max != 100_000 {
		t.Fatalf("tb:0.* to 60 within 10^5 options: %v, want a work error", err)
	}
}

// TestTBValuedRefusesManyHeaps: the analysis path lists moves of at most
// MaxPartsHeld heaps; a code that may leave more is refused rather than
// answered with moves left out.
func TestTBValuedRefusesManyHeaps(t *testing.T) {
	v := NewValued(mustTB(t, "0.*"))
	p, _ := PartsOf(5)
	err := v.Prepare(ctx, []Parts{p}, impartial.Query{})
	var ue *impartial.UnsupportedError
	if !errors.As(err, &ue) {
		t.Errorf("Prepare: %v, want unsupported", err)
	}
	if err := v.Prepare(ctx, []Parts{p}, impartial.Query{ValueOnly: true}); err != nil {
		t.Errorf("Prepare(ValueOnly): %v", err)
	}
}

func FuzzParseTB(f *testing.F) {
	for _, s := range append(slices.Clone(tbCodesPast15), "0.77", "4!.0", ".137", "0.[3]", "04.00[30]", "0.{0!,2=,3?,4?+}",
		"20.017", "0.[", "0.{2,", "0.&99999999999999999999;", "0.{2!,3}?", "", "[", "0.*!*?*=") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseTB(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < -1 || se.Offset > len(s) {
				t.Fatalf("ParseTB(%q): %v", s, err)
			}
			return
		}
		again, err := ParseTB(c.String())
		if err != nil || again.String() != c.String() {
			t.Fatalf("ParseTB(%q) = %q does not read back: %v", s, c.String(), err)
		}
		g := NewTB(c)
		comp := NewComputer(g, Auto)
		comp.SetMaxWork(20000)
		if err := comp.Extend(ctx, 12); err != nil {
			if impartial.LimitOf(err) != impartial.LimitWork {
				t.Fatalf("tb:%s: %v", c, err)
			}
		}
	})
}
