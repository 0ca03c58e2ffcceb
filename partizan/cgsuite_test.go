package partizan

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// splitList splits CGSuite's "{a,b,c}" at its top-level commas.
func splitList(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "{"), "}")
	if s == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '{', '(', '[', '<':
			depth++
		case '}', ')', ']', '>':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

func TestCGSuiteTable(t *testing.T) {
	c := testCalc(NewStore(Config{}))
	for _, tc := range cgsuiteTable {
		g := mustParse(t, c, tc.x)
		check := func(what, got, want string) {
			t.Helper()
			if want == "" || strings.HasPrefix(want, "!!") {
				return
			}
			if got != want {
				t.Errorf("%s: %s = %s, CGSuite says %s", tc.x, what, got, want)
			}
		}
		check("form", Format(g), tc.xOut)
		check("birthday", fmt.Sprint(g.Birthday()), tc.birthday)
		ls, rs := g.Stops()
		check("left stop", ls.String(), tc.leftStop)
		check("right stop", rs.String(), tc.rightStop)
		mean, err := c.Mean(g)
		if err != nil {
			t.Fatal(err)
		}
		check("mean", mean.String(), tc.mean)
		temp, _ := c.Temperature(g)
		check("temperature", temp.String(), tc.temperature)
		if tc.x != "-1823437481924" {
			th, _ := c.Thermograph(g)
			check("thermograph", th.String(), tc.thermograph)
		}
		o, _ := c.Outcome(g)
		check("outcome", o.String(), tc.outcomeClass)
		rcf, _ := c.ReducedCanonicalForm(g)
		check("reduced canonical form", Format(rcf), tc.reducedCanonicalForm)
		fr, _ := c.Freeze(g)
		check("freeze", Format(fr), tc.freeze)
		small, _ := c.IsAllSmall(g)
		check("all-small", fmt.Sprint(small), tc.isAllSmall)
		aw, err := c.AtomicWeight(g)
		switch {
		case strings.HasPrefix(tc.atomicWeight, "!!That game is not atomic"):
			if !errors.Is(err, ErrNotAtomic) {
				t.Errorf("%s: atomic weight %v, %v; CGSuite says it is not atomic", tc.x, aw, err)
			}
		case err != nil:
			t.Errorf("%s: atomic weight: %v; CGSuite says %s", tc.x, err, tc.atomicWeight)
		default:
			check("atomic weight", Format(aw), tc.atomicWeight)
		}
		for _, side := range []Side{Left, Right} {
			want := tc.leftOptions
			if side == Right {
				want = tc.rightOptions
			}
			var ws []Game
			for _, s := range splitList(want) {
				ws = append(ws, mustParse(t, c, s))
			}
			got := collect(g.Options(side))
			if len(got) > 100 {
				continue
			}
			for _, w := range ws {
				if !slices.Contains(got, w) || len(got) != len(ws) {
					t.Errorf("%s: %v options %v, CGSuite says %s", tc.x, side, got, want)
					break
				}
			}
		}
	}
}
