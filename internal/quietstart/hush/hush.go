// Package hush drops one line from the standard logger while the program's
// packages initialize: go.starlark.net reserves 4 GB of address space for
// its small integers when it initializes, and under a limit on address
// space (ulimit -v) it logs "Starlark failed to allocate 4GB address space
// … Integer performance may suffer." and goes on without (its integers then
// allocate). grundy printed that line at every start under ulimit -v (issue
// 27), and the fallback is fine: the line is noise.
//
// The filter has to be in place before go.starlark.net/starlark
// initializes. Go initializes packages in the order of their import paths
// among those whose imports are initialized (the Go spec, "Package
// initialization", since Go 1.21), and this package imports only what
// starlark imports too, under a path that sorts before "go.starlark.net":
// so it always comes first. Its parent package, internal/quietstart,
// imports starlark and takes the filter away again once it has run.
package hush

import (
	"io"
	"log"
	"strings"
)

// Line is the start of the line dropped.
const Line = "Starlark failed to allocate 4GB address space"

// Writer passes every log line but Line's on to W.
type Writer struct{ W io.Writer }

func (w Writer) Write(p []byte) (int, error) {
	if strings.Contains(string(p), Line) {
		return len(p), nil
	}
	return w.W.Write(p)
}

// Prev is the standard logger's writer before this package's init.
var Prev = log.Writer()

func init() { log.SetOutput(Writer{Prev}) }
