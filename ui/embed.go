// Package ui holds the built React app. `make build` fills dist/ with Vite's
// output; the committed dist/.keep lets `go build` work on a fresh clone,
// and the server then answers pages with a notice that the UI is not built.
package ui

import "embed"

// Dist is the Vite build output (index.html and hashed assets/).
//
//go:embed all:dist
var Dist embed.FS
