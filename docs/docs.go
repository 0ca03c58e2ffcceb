// Package docs holds the reference documents that the web workbench
// serves as they are in the repository (no second copy): docs/api.md at
// /docs/api.md, which the API page links to.
package docs

import _ "embed"

// API is docs/api.md, the whole reference of the JSON API.
//
//go:embed api.md
var API []byte
