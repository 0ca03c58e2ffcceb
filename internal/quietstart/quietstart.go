// Package quietstart keeps a program that links go.starlark.net silent at
// start under ulimit -v: imported (for its effect, by cmd/grundy), it has
// the one line go.starlark.net logs when it cannot reserve address space
// dropped (see package hush, which must initialize before starlark does),
// then puts the standard logger back as it was, once starlark has
// initialized: this package imports starlark, so it initializes after it.
package quietstart

import (
	"log"

	_ "go.starlark.net/starlark" // initialized before this package

	"github.com/grundy/grundy/internal/quietstart/hush"
)

func init() {
	if _, ok := log.Writer().(hush.Writer); ok {
		log.SetOutput(hush.Prev)
	}
}
