// Package longtest gates the exhaustive test suites behind one variable.
//
// The default `go test ./...` stays short (a few minutes on two cores);
// the long known-answer sweeps, the exhaustive oracles and the slow
// searches run only when GRUNDY_LONG is set, as .ci/run does:
//
//	GRUNDY_LONG=1 go test ./...
//
// A test opts in with one line:
//
//	func TestEveryCodeTo4096(t *testing.T) {
//		longtest.Skip(t)
//		…
//	}
package longtest

import (
	"os"
	"testing"
)

// Env is the variable that turns the exhaustive suites on.
const Env = "GRUNDY_LONG"

// Enabled reports whether the exhaustive suites run (GRUNDY_LONG is set
// to anything but "" or "0").
func Enabled() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Skip skips t unless the exhaustive suites run, saying how to run it.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skipf("exhaustive suite: set %s=1 to run it (.ci/run does)", Env)
	}
}
