package catalog

import (
	"context"
	"strconv"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// OEISSearchTerms is how many values of a nim-sequence an OEIS search link
// gives: enough for the search to single out an entry, few enough to
// compute at once for any heap game.
const OEISSearchTerms = 20

// OEISSearchURL is the OEIS search for the terms vals, in order
// ("https://oeis.org/search?q=0,1,1,2"), or "" when there are none. The
// OEIS finds an entry whose data contain the terms consecutively.
func OEISSearchURL(vals []impartial.Nimber) string {
	if len(vals) == 0 {
		return ""
	}
	terms := make([]string, len(vals))
	for i, v := range vals {
		terms[i] = strconv.FormatUint(uint64(v), 10)
	}
	return "https://oeis.org/search?q=" + strings.Join(terms, ",")
}

// OEISSearch returns the OEIS search link for the first OEISSearchTerms
// values G(Start), G(Start+1), … of a heap game that names no OEIS entry
// (Info.OEIS), so that a user can look for its sequence; "" for a game
// that names one or has no nim-sequence, and when the values do not fit
// opts' budget (the link is a convenience: it never stops an answer).
func (g *Game) OEISSearch(ctx context.Context, opts Options) string {
	info := g.Info()
	if info.OEIS != "" || !info.Heap || info.Table {
		return ""
	}
	seq, err := g.Values(ctx, info.Start, info.Start+OEISSearchTerms-1, opts)
	if err != nil {
		return ""
	}
	return OEISSearchURL(seq.Values)
}
