package web

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/coins"
)

// /api/info names the grid of coins (coingrid) as the board of the
// two-dimensional coin-turning games, with the labels of their first column
// and row, and of no other game: every family's example, every coin rule
// the catalog lists and products of them.
func TestInfoCoinGrid(t *testing.T) {
	s := New(Config{})
	specs := map[string]bool{} // spec → two-dimensional
	for _, f := range families.All() {
		specs[f.Example] = false
	}
	for _, r := range coins.RuleNames() {
		if !strings.Contains(r, ":") {
			specs["coins:"+r] = false
		}
	}
	for _, r := range coins.PlaneRuleNames() {
		if r != "A*B" {
			specs["coins:"+r] = true
		}
	}
	for _, r := range []string{"ruler*ruler", "mock-turtles*twins", "turning-turtles*ruler", "twins:1,3*one"} {
		specs["coins:"+r] = true
	}
	origins := map[string][]int{"coins:turning-corners": {0, 0}, "coins:ruler*ruler": {1, 1}, "coins:mock-turtles*twins": {0, 0}, "coins:turning-turtles*ruler": {1, 1}}
	grids := 0
	for spec, plane := range specs {
		code, body := get(t, s, "/api/info?"+q("game", spec))
		var info catalog.Info
		if code != 200 || json.Unmarshal([]byte(body), &info) != nil {
			t.Errorf("%s: %d %s", spec, code, body)
			continue
		}
		if got := info.Board == "coingrid"; got != plane {
			t.Errorf("%s: board %q (two-dimensional: %v)", spec, info.Board, plane)
		}
		if plane {
			grids++
			if len(info.Origin) != 2 {
				t.Errorf("%s: origin %v, want [column row]", spec, info.Origin)
			}
		} else if info.Origin != nil {
			t.Errorf("%s: origin %v for a game that is no grid", spec, info.Origin)
		}
		if want, ok := origins[spec]; ok && !slices.Equal(info.Origin, want) {
			t.Errorf("%s: origin %v, want %v", spec, info.Origin, want)
		}
	}
	if grids < 6 {
		t.Errorf("only %d two-dimensional games asked about", grids)
	}
	if !slices.Contains(catalog.Boards(), "coingrid") {
		t.Errorf("catalog.Boards() %v lacks coingrid", catalog.Boards())
	}
}
