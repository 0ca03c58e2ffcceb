package rulesettest

import "testing"

// The number of games born by day n, 1, 4, 22 (OEIS A065401), counted by
// the oracle: every pair of sets of games born by day n-1, made canonical.
func TestBornByDay(t *testing.T) {
	day := []*Game{Zero}
	for n, want := range []int{4, 22} {
		var next []*Game
		k := len(day)
		for l := 0; l < 1<<k; l++ {
			for r := 0; r < 1<<k; r++ {
				g := &Game{}
				for i := range k {
					if l>>i&1 == 1 {
						g.L = append(g.L, day[i])
					}
					if r>>i&1 == 1 {
						g.R = append(g.R, day[i])
					}
				}
				c := Canonical(g)
				seen := false
				for _, h := range next {
					if Identical(c, h) {
						seen = true
						break
					}
				}
				if !seen {
					next = append(next, c)
				}
			}
		}
		if len(next) != want {
			t.Fatalf("games born by day %d: %d, want %d", n+1, len(next), want)
		}
		day = next
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0", "0"}, {"3", "3"}, {"-2", "-2"}, {"3/4", "3/4"}, {"-5/8", "-5/8"},
		{"*", "*"}, {"*3", "*3"}, {"^", "{0|*}"}, {"v", "{*|0}"},
		{"^*", "{0,*|0}"}, {"^^", "{0|{0,*|0}}"}, {"v*", "{0|0,*}"},
		{"{1|*}", "{1|*}"}, {"{3||2|1}", "{3|{2|1}}"}, {"+-1", "{1|-1}"},
		{"1+*", "{1|1}"}, {"1*", "{1|1}"}, {"-1/2*", "{-1/2|-1/2}"},
		{"Tiny(2)", "{0|{0|-2}}"}, {"Miny(2)", "{{2|0}|0}"}, {"2Tiny(2)", "{2|{2|0}}"},
		{"{0,*|0,*}", "*2"}, {"{1|0}+{0|-1}", "0"}, {"^<2>", "{0|{0|0,*}}"},
		{"+-{0,1}", "{1|-1}"}, {"+-{0,{1|0}}", "{0,{1|0}|0,{0|-1}}"}, {"+-{3|2}", "{{3|2}|{-2|-3}}"},
		{"{-1|1}", "0"}, {"{0|2}", "1"}, {"{1/2|1}", "3/4"},
	} {
		g, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := g.String(); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	// Identities that tie the notation to the definitions.
	for _, c := range [][2]string{
		{"^[2]", "^+^<2>"}, {"^[3]", "^+^<2>+^<3>"}, {"v[3]", "-(^[3])"}, {"^+^", "^^"},
		{"^3", "^+^+^"}, {"v4", "vv+vv"}, {"3/4v[3]*", "3/4 + v[3] + *"},
		{"Miny(1/32)", "-Tiny(1/32)"}, {"+-(1*)", "{1*|-1*}"}, {"-1^*", "{-1,-1*|-1}"}, {"-1/2*", "{-1/2|-1/2}"},
	} {
		if a, b := MustParse(c[0]), MustParse(c[1]); !Identical(a, b) {
			t.Errorf("%s = %s, but %s = %s", c[0], a, c[1], b)
		}
	}
	for _, bad := range []string{"", "{1|2|3}", "1/3", "{", "x", "^<0>"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) did not fail", bad)
		}
	}
}
