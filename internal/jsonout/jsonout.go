// Package jsonout writes the JSON that grundy prints: the CLI's --json output
// and the web server's /api/ responses use this one encoder, so that the two
// agree byte for byte.
package jsonout

import (
	"encoding/json"
	"io"
)

// Write encodes v as compact JSON on one line followed by a newline, without
// HTML escaping ("<" stays "<"). Compact, because sequences run to millions of
// values; pipe through jq for an indented view.
func Write(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
