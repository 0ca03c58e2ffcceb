package octal

import "testing"

// For the external tests (package octal_test: engine_test.go, which plays
// the games on the generic engine through internal/octaltest).
var (
	MustCode      = mustCode
	MustHex       = mustHex
	Values        = values
	SomeCodes     = someCodes
	SkipUnderRace = func(t *testing.T) { t.Helper(); skipUnderRace(t) }
)
