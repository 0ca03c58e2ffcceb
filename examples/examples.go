// Package examples holds the example Starlark rule files (docs/starlark.md),
// embedded so that starlark:examples/NAME.star works from any directory.
package examples

import "embed"

// FS holds the example rule files, NAME.star at its root.
//
//go:embed *.star
var FS embed.FS
