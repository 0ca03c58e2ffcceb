package catalog_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
)

// The OEIS search link of a game with no A-number gives its first values:
// for the subtraction game {1, 4}, G(n) = 0, 1, 0, 1, 2 as n mod 5 is
// 0..4 (Winning Ways ch. 4: the pattern of S = {1, 4} has period 5),
// checked here against that closed form, not the solver. Games that
// name an entry (kayles), and tables (wythoff), get none.
func TestOEISSearch(t *testing.T) {
	ctx := context.Background()
	pattern := []int{0, 1, 0, 1, 2}
	var terms []string
	for n := range catalog.OEISSearchTerms {
		terms = append(terms, fmt.Sprint(pattern[n%5]))
	}
	want := "https://oeis.org/search?q=" + strings.Join(terms, ",")
	for spec, w := range map[string]string{"subtract:1,4": want, "kayles": "", "wythoff": ""} {
		g, err := families.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.OEISSearch(ctx, catalog.Options{}); got != w {
			t.Errorf("%s: OEISSearch = %q, want %q", spec, got, w)
		}
	}
	if got := catalog.OEISSearchURL(nil); got != "" {
		t.Errorf("OEISSearchURL(nil) = %q", got)
	}
}
