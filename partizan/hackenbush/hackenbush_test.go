package hackenbush

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/longtest"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/rulesettest"
)

func mustParse(t testing.TB, s string) Position {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// CGSuite's own test values (aaron-siegel/cgsuite,
// lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala, "define
// Hackenbush properly"), the ones small enough for the plain oracle.
func TestCGSuiteValuesByOracle(t *testing.T) {
	for _, c := range []struct{ pos, value string }{
		{"lrlrrllr", "77/128"},
		{"l(l;rl)", "3/2"},
		{"eeeeeee", "*7"},
		{"lrlerrr", "3/4v[3]*"},
	} {
		got := rulesettest.Value(Game{}, mustParse(t, c.pos))
		if want := rulesettest.MustParse(c.value); !rulesettest.Identical(got, want) {
			t.Errorf("%s = %s, want %s", c.pos, got, c.value)
		}
	}
}

// The same values and the larger ones of CGSuite's table by the closed
// forms: numbers for blue-red pictures, nimbers for green ones.
func TestCGSuiteValuesByClosedForm(t *testing.T) {
	for _, c := range []struct{ pos, value string }{
		{"lrlrrllr", "77/128"},
		{"l(l;rl)", "3/2"},
	} {
		v, ok := NumberValue(mustParse(t, c.pos))
		if !ok || v.String() != c.value {
			t.Errorf("NumberValue(%s) = %v, %v; want %s", c.pos, v, ok, c.value)
		}
	}
	for _, c := range []struct {
		pos   string
		value int
	}{
		{"eeeeeee", 7},
		{"e(ee(e;e);e(eee;ee);e(ee;e))", 5},
		// The "green girl", Winning Ways ch. 7, figure 3.
		{"e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", 2},
	} {
		v, ok := NimValue(mustParse(t, c.pos))
		if !ok || v != c.value {
			t.Errorf("NimValue(%s) = %v, %v; want *%d", c.pos, v, ok, c.value)
		}
	}
}

// Berlekamp's sign-expansion rule against the oracle on every blue-red
// stalk of up to 8 edges.
func TestStalksAgainstOracle(t *testing.T) {
	for n := 1; n <= 8; n++ {
		for bitsSet := 0; bitsSet < 1<<n; bitsSet++ {
			var b strings.Builder
			signs := make([]bool, n)
			for i := range n {
				signs[i] = bitsSet>>i&1 == 1
				if signs[i] {
					b.WriteByte('l')
				} else {
					b.WriteByte('r')
				}
			}
			want := rulesettest.Value(Game{}, mustParse(t, b.String()))
			got, err := stalkValue(signs)
			if err != nil {
				t.Fatal(err)
			}
			if g := rulesettest.Number(rulesettest.Dyadic{Num: got.Num, Exp: uint(got.Exp)}); !rulesettest.Identical(g, want) {
				t.Fatalf("stalk %s: Berlekamp %s, oracle %s", b.String(), got, want)
			}
			// and the sign expansion reads the stalk back
			back, err := signExpansion(got)
			if err != nil || string(boolString(back)) != string(boolString(signs)) {
				t.Fatalf("sign expansion of %s = %v, want %s", got, boolString(back), b.String())
			}
		}
	}
}

func boolString(bs []bool) string {
	var b strings.Builder
	for _, x := range bs {
		if x {
			b.WriteByte('l')
		} else {
			b.WriteByte('r')
		}
	}
	return b.String()
}

// randomPicture returns a connected picture with up to n edges, colours
// drawn from colors.
func randomPicture(r *rand.Rand, n int, colors []Color) Position {
	var es []Edge
	nv := 1
	m := 1 + r.IntN(n)
	for len(es) < m {
		c := colors[r.IntN(len(colors))]
		if nv < 250 && (len(es) == 0 || r.IntN(3) > 0) {
			// a new vertex on an old one
			es = append(es, Edge{uint8(r.IntN(nv)), uint8(nv), c})
			nv++
			continue
		}
		es = append(es, Edge{uint8(r.IntN(nv)), uint8(r.IntN(nv)), c})
	}
	return NewPosition(es)
}

// The closed forms and the conformance check against the plain oracle on
// random small pictures: trees, cycles, loops and parallel edges.
func TestRandomPicturesAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 60
	if longtest.Enabled() {
		n = 600
	}
	var ps []Position
	for range n {
		p := randomPicture(r, 6, []Color{Blue, Red})
		ps = append(ps, p)
		v, ok := NumberValue(p)
		want := rulesettest.Value(Game{}, p)
		if !ok {
			t.Fatalf("%s: NumberValue failed", p)
		}
		if g := rulesettest.Number(rulesettest.Dyadic{Num: v.Num, Exp: uint(v.Exp)}); !rulesettest.Identical(g, want) {
			t.Fatalf("%s: NumberValue %s, oracle %s", p, v, want)
		}
	}
	for range n {
		p := randomPicture(r, 6, []Color{Green})
		ps = append(ps, p)
		v, ok := NimValue(p)
		want := rulesettest.Value(Game{}, p)
		if !ok || !rulesettest.Identical(rulesettest.Nimber(v), want) {
			t.Fatalf("%s: NimValue *%d, oracle %s", p, v, want)
		}
	}
	for range n {
		ps = append(ps, randomPicture(r, 5, []Color{Blue, Red, Green}))
	}
	rulesettest.Check[Position, string](t, Game{}, ps)
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `position "": empty picture (write . for the bare ground)`},
		{"lrlr;lr", `position "lrlr;lr": column 6: this part is not connected to the ground`},
		{"l(l;r)l", `position "l(l;r)l": column 7: branches must end their path`},
		{"lx", `position "lx": column 2: "x" is not an edge here`},
		{"l:", `position "l:": column 3: missing vertex name after ":"`},
		{"l(l;r", `position "l(l;r": column 2: unmatched "("`},
		{"l{abc", `position "l{abc": column 2: unmatched "{"`},
		{"l>r", `position "l>r": column 2: directed edges are not allowed here`},
		{"lé", `position "lé": column 2: unexpected character "é"`},
		{"l)", `position "l)": column 2: unexpected ")"`},
	} {
		_, err := Parse(c.in)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %s…", c.in, err, c.want)
		}
		var se *notation.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): %T is not a *notation.SyntaxError", c.in, err)
		}
	}
	long := strings.Repeat("l", MaxVertices)
	if _, err := Parse(long); err == nil || !strings.Contains(err.Error(), "too many vertices") {
		t.Errorf("Parse of %d edges in a row: %v", MaxVertices, err)
	}
}

func TestStringRoundTrip(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"lrlrrllr", "lrlrrllr"},
		{"l(l;rl)", "l(l;rl)"},
		{"LRB", "lrl"},
		{"(lr;rl)", "(lr;rl)"},
		{".", "."},
		{":Geeee:G", ":Aeeee:A"},
		{"ee:Aeeee:A", "ee:Aeeee:A"},
		{"l l", "ll"},
		{"g{l}", "el"},
	} {
		p := mustParse(t, c.in)
		if got := p.String(); got != c.out {
			t.Errorf("Parse(%q).String() = %q, want %q", c.in, got, c.out)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"lrlrrllr", "l(l;rl)", "ee:Aeeee:A", ":Geeee:G", "(lr:A(rr:B;rr:D);lr:B;lr:D)", "e(ee:{w};ee:{w})", "", ".", "l;l", "l(", ")", "l:{", "l:A(r:A;e:A)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans lines: %v", err)
			}
			return
		}
		out := p.String()
		q, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse(%q) = %q, which does not parse: %v", s, out, err)
		}
		if q != p && q.String() != out {
			t.Fatalf("Parse(%q) writes %q, which reads back as %q", s, out, q.String())
		}
		if q.NumEdges() != p.NumEdges() {
			t.Fatalf("%q: %d edges, read back %d", s, p.NumEdges(), q.NumEdges())
		}
	})
}

func solve(t testing.TB, pos string) (partizan.Game, *partizan.Calc) {
	t.Helper()
	c := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
	g, err := partizan.Solve[Position, string](c, Game{}, mustParse(t, pos))
	if err != nil {
		t.Fatal(err)
	}
	return g, c
}

// CGSuite's whole Hackenbush table (GameGraphTest.scala) through
// partizan's Solver with the closed forms, written as CGSuite writes it.
func TestCGSuiteValuesBySolver(t *testing.T) {
	for _, c := range []struct{ pos, value string }{
		{"lrlrrllr", "77/128"},
		{"l(l;rl)", "3/2"},
		{"eeeeeee", "*7"},
		{"lrlerrr", "3/4v[3]*"},
		{"e(ee(e;e);e(eee;ee);e(ee;e))", "*5"},
		{"e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", "*2"},
	} {
		g, calc := solve(t, c.pos)
		want, err := calc.Parse(c.value)
		if err != nil {
			t.Fatal(err)
		}
		if g != want || g.String() != c.value {
			t.Errorf("%s = %s, want %s", c.pos, g, c.value)
		}
	}
}

// bed is Winning Ways' "Moderately Hard Bed" (ch. 7, figure 31), as
// CGSuite's GameGraphTest.scala writes it (a test it leaves commented out
// as too slow): seven blue legs, each under a red edge, on a red frame.
const bed = "(lr:A(rr:B;rr:D;rr:F);lr:B(r(r:D;r:E));lr:C(rr:F;rr:G);lr:D;lr:E(r(r:F;r:G));lr:F;lr:G)"

// Its value, 1/128, is Winning Ways' (ch. 7). The search takes a few
// seconds of one core (BenchmarkModeratelyHardBed), so it runs in the
// long suite; the smaller beds below run always.
func TestModeratelyHardBed(t *testing.T) {
	longtest.Skip(t)
	p := mustParse(t, bed)
	if v, ok := NumberValue(p); !ok || v.String() != "1/128" {
		t.Fatalf("NumberValue(bed) = %v, %v; want 1/128", v, ok)
	}
	g, _ := solve(t, bed)
	if g.String() != "1/128" {
		t.Errorf("the solver: %s", g)
	}
}

// Beds with fewer legs and frame edges, by the search and by the solver
// without closed forms (canonical forms of every follower).
func TestSmallBeds(t *testing.T) {
	for _, c := range []struct{ pos, value string }{
		{"(lr:A(rr:B);lr:B)", ""},
		{"(lr:A(rr:B;rr:C);lr:B;lr:C(rr:B))", ""},
		{"(lr:A(rr:B;rr:D);lr:B(r(r:D;r:E));lr:D;lr:E)", ""},
	} {
		p := mustParse(t, c.pos)
		v, ok := NumberValue(p)
		c2 := partizan.NewStore(partizan.Config{}).Calc(context.Background(), impartial.Budget{})
		plain := partizan.NewSolver[Position, string](c2, Game{})
		plain.Plain = true
		g, err := plain.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || g.String() != v.String() || (c.value != "" && v.String() != c.value) {
			t.Errorf("%s: NumberValue %v %v, canonical form %s, want %s", c.pos, v, ok, g, c.value)
		}
	}
}

// Pictures with symmetries: a picture twice on the ground is worth twice
// its value, and the swap is found among its automorphisms (the number
// search keys its states with them from minSymmetricEdges edges on).
func TestSymmetricPictures(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		p := randomPicture(r, 9, []Color{Blue, Red})
		es := p.Edges()
		nv := 0
		for _, e := range es {
			nv = max(nv, int(e.U)+1, int(e.V)+1)
		}
		if 2*nv > 64 {
			continue
		}
		double := append([]Edge{}, es...)
		shift := func(v uint8) uint8 {
			if v == 0 {
				return 0
			}
			return v + uint8(nv-1)
		}
		for _, e := range es {
			double = append(double, Edge{shift(e.U), shift(e.V), e.Color})
		}
		d := NewPosition(double)
		v, ok1 := NumberValue(p)
		w, ok2 := NumberValue(d)
		if !ok1 || !ok2 || w != v.Add(v) {
			t.Fatalf("%s = %s, but twice it, %s, = %s", p, v, d, w)
		}
		if len(automorphisms(d.Edges(), 2*nv-1)) < 2 {
			t.Fatalf("%s: no symmetry found", d)
		}
	}
}

// signExpansion returns the sign expansion of x (true for +, a blue
// edge): the path from 0 to x in the tree of numbers, the stalk whose
// value x is (Conway, ONAG ch. 3).
func signExpansion(x Dyadic) ([]bool, error) {
	var out []bool
	var v Dyadic
	step := Dyadic{1, 0}
	changed := false
	for i := 0; v != x; i++ {
		if i > 200 {
			return nil, errOverflow
		}
		up := x.Cmp(v) > 0
		if len(out) > 0 && up != out[len(out)-1] {
			changed = true
		}
		if changed {
			step.Exp++
			if step.Exp > 62 {
				return nil, errOverflow
			}
		}
		if up {
			v = v.Add(step)
		} else {
			v = v.Add(step.Neg())
		}
		out = append(out, up)
	}
	return out, nil
}

// stalkValue returns the value of a blue-red stalk (true for blue, from
// the ground up) by Berlekamp's sign-expansion rule (Winning Ways, ch. 2):
// the edges up to the first change of colour count ±1 each, and each
// edge after it half as much as the one before, the first ±1/2.
func stalkValue(signs []bool) (Dyadic, error) {
	var v Dyadic
	step := Dyadic{1, 0}
	for i, blue := range signs {
		if i > 0 && (blue != signs[i-1] || step.Exp > 0) {
			if step.Exp >= 62 {
				return Dyadic{}, errOverflow
			}
			step.Exp++
		}
		var err error
		if blue {
			v, err = checkedAdd(v, step)
		} else {
			v, err = checkedAdd(v, step.Neg())
		}
		if err != nil {
			return Dyadic{}, err
		}
	}
	return v, nil
}
