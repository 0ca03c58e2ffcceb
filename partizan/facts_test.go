package partizan

import (
	"slices"
	"testing"
)

// Textbook facts (Winning Ways ch. 2–8; Siegel, CGT, ch. II).
func TestTextbookFacts(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	p := func(s string) Game { return mustParse(t, c, s) }
	eq := func(a, b string) {
		t.Helper()
		if ga, gb := p(a), p(b); ga != gb {
			t.Errorf("%s = %v, want %s = %v", a, ga, b, gb)
		}
	}
	rel := func(a, b string, want Relation) {
		t.Helper()
		r, err := c.Compare(p(a), p(b))
		if err != nil || r != want {
			t.Errorf("%s %v %s, want %v (%v)", a, r, b, want, err)
		}
	}
	eq("^ + ^ + *", "^^*")
	eq("{0|^}", "^ + ^ + *") // ⇑* = {0|↑}
	eq("{0|*}", "^")
	eq("* + *", "0")
	eq("+-1 + +-1", "0")
	eq("{1|0} + {1|0}", "{1|0} + {1|0}")
	eq("1/2 + 1/2", "1")
	eq("{0||0|-2}", "Tiny(2)")
	eq("-Tiny(2)", "Miny(2)")
	eq("^<2>", "{0|v*}")
	eq("^[2]", "^ + ^<2>")
	eq("{-1|1}", "0")  // the simplicity theorem
	eq("{1/2|2}", "1") // the simplest number between
	eq("{-5/4|-1/2}", "-1")
	rel("^*", "0", Confused)
	rel("^", "0", Greater)
	rel("^", "*", Confused)
	rel("*2", "*", Confused)
	rel("^^", "*", Greater)
	rel("Tiny(1)", "^", Less)
	rel("{1|-1}", "0", Confused)
	rel("1/4", "^", Greater)
	for _, tc := range []struct{ g, o string }{{"0", "P"}, {"*", "N"}, {"^", "L"}, {"v", "R"}, {"^*", "N"}, {"{1|-1}", "N"}, {"-1/2", "R"}} {
		if o, _ := c.Outcome(p(tc.g)); o.String() != tc.o {
			t.Errorf("outcome of %s = %v, want %s", tc.g, o, tc.o)
		}
	}
	// {3||2|1}: mean 9/4, temperature 3/4 (CGSuite's CanonicalShortGameTest)
	g := p("{3||2|1}")
	if m, _ := c.Mean(g); m.String() != "9/4" {
		t.Errorf("mean of {3||2|1} = %v", m)
	}
	if tt, _ := c.Temperature(g); tt.String() != "3/4" {
		t.Errorf("temperature of {3||2|1} = %v", tt)
	}
	if b := g.Birthday(); b != 4 {
		t.Errorf("birthday of {3||2|1} = %d", b)
	}
	// CGSuite's CanonicalShortGameTest: switch + switch
	d, _ := c.Add(g, g)
	if got := Format(d); got != "{5||4,{5|4}|3}" {
		t.Errorf("{3||2|1} doubled = %s", got)
	}
	// simplest number between
	for _, tc := range []struct{ lo, hi, want string }{{"0", "1", "1/2"}, {"-1", "1", "0"}, {"1/4", "1/2", "3/8"}, {"2", "7/2", "3"}, {"-7/2", "-3", "-13/4"}} {
		lo, _ := ParseDyadic(tc.lo)
		hi, _ := ParseDyadic(tc.hi)
		x, ok := SimplestBetween(lo, hi)
		if !ok || x.String() != tc.want {
			t.Errorf("simplest between %s and %s = %v, want %s", tc.lo, tc.hi, x, tc.want)
		}
	}
	// impartial values join in as nimbers
	s := c.Store()
	if s.FromNimber(3) != p("*3") {
		t.Error("FromNimber(3) ≠ *3")
	}
}

// TestThermalByDefinition checks thermographs against the definition of
// cooling: the stops of g cooled by t are the walls at t, for the games
// born by day 3 and several temperatures; and reduced canonical forms
// against their definition: g - rcf(g) is infinitesimal, and games
// infinitesimally close have one reduced form.
func TestThermalByDefinition(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	ds := days(t, c, 3)
	temps := []string{"-1/2", "-1/4", "0", "1/4", "1/2", "3/4", "1", "3/2", "2"}
	byRCF := map[Game][]Game{}
	for _, g := range ds[3] {
		th, err := c.Thermograph(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, ts := range temps {
			tt, _ := ParseDyadic(ts)
			cg, err := c.Cool(g, tt)
			if err != nil {
				t.Fatal(err)
			}
			ls, rs := cg.Stops()
			if !ls.Equal(th.Left.At(tt)) || !rs.Equal(th.Right.At(tt)) {
				t.Fatalf("%v cooled by %s = %v with stops %v, %v; thermograph %v gives %v, %v",
					g, ts, cg, ls, rs, th, th.Left.At(tt), th.Right.At(tt))
			}
		}
		ls, rs := g.Stops()
		if !ls.Equal(th.Left.At(Int(0))) || !rs.Equal(th.Right.At(Int(0))) {
			t.Fatalf("%v: stops %v %v, thermograph at 0 %v", g, ls, rs, th)
		}
		r, err := c.ReducedCanonicalForm(g)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := c.Sub(g, r)
		if l, rr := d.Stops(); !l.IsZero() || !rr.IsZero() {
			t.Fatalf("%v - rcf %v = %v is not infinitesimal", g, r, d)
		}
		byRCF[r] = append(byRCF[r], g)
	}
	// distinct reduced forms are not infinitesimally close
	var rs []Game
	for r := range byRCF {
		rs = append(rs, r)
	}
	for i, a := range rs {
		for _, b := range rs[i+1:] {
			d, _ := c.Sub(a, b)
			if l, r := d.Stops(); l.IsZero() && r.IsZero() {
				t.Fatalf("reduced forms %v and %v are infinitesimally close", a, b)
			}
		}
	}
}

func TestRecognizeImm(t *testing.T) {
	// recognizeImm, on the bits, agrees with the same rules on Dyadics for
	// every pair of a set of immediate number-up-stars
	c := testCalc(NewStore(Config{}))
	var ids []gid
	for n := int64(-9); n <= 9; n++ {
		for _, k := range []int64{-3, -1, 0, 1, 2, maxImmUp} {
			for _, m := range []uint64{0, 1, 2, 3} {
				id, ok := immediate(Int(n).Shift(-2), k, m)
				if !ok {
					t.Fatal(n, k, m)
				}
				ids = append(ids, id)
			}
		}
	}
	for _, l := range ids {
		for _, r := range ids {
			id, ok, done := recognizeImm(l, r)
			if !done {
				continue
			}
			want, wantOK := c.recognizeSinglesDyadic(l, r)
			if ok != wantOK || ok && id != want {
				t.Fatalf("{%v | %v}: %v %v, want %v %v", c.game(l), c.game(r), id, ok, want, wantOK)
			}
		}
	}
}

func TestImmOpts(t *testing.T) {
	// immOpts (bypass's options of an immediate, in a buffer) gives the
	// options immOptions pushes, for both sides of a set of immediates
	c := testCalc(NewStore(Config{}))
	for n := int64(-9); n <= 9; n++ {
		for _, k := range []int64{-3, -1, 0, 1, 2, maxImmUp} {
			for _, m := range []uint64{0, 1, 2, 3} {
				id, _ := immediate(Int(n).Shift(-2), k, m)
				for _, side := range []Side{Left, Right} {
					var buf [2]gid
					got, ok := immOpts(id, side, &buf)
					c.stk = c.stk[:0]
					c.immOptions(id, side)
					if !ok {
						if k != 0 || m < 2 {
							t.Fatalf("%v: immOpts declined", c.game(id))
						}
						continue
					}
					if !slices.Equal(buf[:got], c.stk) {
						t.Fatalf("%v side %v: immOpts %v, immOptions %v", c.game(id), side, buf[:got], c.stk)
					}
				}
			}
		}
	}
}

func TestImmBirthday(t *testing.T) {
	// immBirthday (intern's birthdays of immediate options) agrees with
	// nusBirthday on the Dyadic parts, over numbers of several exponents,
	// ups and nimbers of both signs
	for n := int64(-40); n <= 40; n++ {
		for _, sh := range []int{0, -1, -2, -5} {
			for _, k := range []int64{-maxImmUp, -4, -3, -2, -1, 0, 1, 2, 3, 4, maxImmUp} {
				for _, m := range []uint64{0, 1, 2, 3, 4, 7, maxImmNim} {
					x := Int(n).Shift(sh)
					id, ok := immediate(x, k, m)
					if !ok {
						t.Fatal(n, sh, k, m)
					}
					if got, want := immBirthday(id), nusBirthday(x, k, m); got != want {
						t.Fatalf("%v + %d^ + *%d: %d, want %d", x, k, m, got, want)
					}
				}
			}
		}
	}
}
