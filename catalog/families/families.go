package families

import (
	"context"
	"errors"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/rules"
)

// All returns the catalog, one entry per family, in display order: the
// list a catalog.Resolver resolves specs with (Resolver.Families).
func All() []catalog.Family {
	fams := []catalog.Family{
		nimFamily(),
		subtractFamily(),
		takeRangeFamily(), multiplyFamily(), northcottFamily(), nimbleFamily(), staircaseFamily(), climbingFamily(), mooreFamily(), wythoffFamily(), fibonacciFamily(),
		octalFamily(), hexFamily(), tbFamily(), grundyFamily(),
	}
	for _, n := range namedOctal {
		fams = append(fams, namedOctalFamily(n))
	}
	return append(fams, coinsFamily(), starlarkFamily(), catalog.SumFamily())
}

// Parse returns the game a spec string names, such as "nim",
// "subtract:1,3,4" or "subtract:1-3", reading rule files from the machine's
// files (rules.OSFiles). Names are case-insensitive. A malformed spec gives a
// *catalog.SpecError. It is Resolve of a catalog.Resolver with every family,
// rules.OSFiles and the default limits, with no deadline.
func Parse(spec string) (*catalog.Game, error) {
	return (&catalog.Resolver{Families: All(), Files: rules.OSFiles{}}).Resolve(context.Background(), spec)
}

// parseIntSet reads a set of positive integers such as "1,3,4" or "1-3,7"
// (notation.IntSet); errors are *catalog.SpecError values with offsets into s.
func parseIntSet(s string) ([]int, error) {
	set, err := notation.IntSet(s)
	var se *notation.SyntaxError
	if errors.As(err, &se) {
		return nil, &catalog.SpecError{Offset: se.Offset, Msg: se.Msg}
	}
	return set, err
}
