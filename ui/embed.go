// Package ui holds the built React app. `make build` fills dist/ with Vite's
// output; the committed dist/.keep lets `go build` work on a fresh clone,
// and the server then answers pages with a notice that the UI is not built.
package ui

import "embed"

// Dist is the Vite build output (index.html and hashed assets/), and the
// server render's script in dist/.server/ (never served: httpd skips dot
// folders).
//
//go:embed all:dist
var Dist embed.FS

// serverBundle is where vite.server.config.ts writes entry-server.tsx as
// one classic script.
const serverBundle = "dist/.server/render.js"

// ServerBundle returns the script that defines globalThis.renderPage for
// package render, and false when the UI is not built (a fresh clone).
func ServerBundle() ([]byte, bool) {
	b, err := Dist.ReadFile(serverBundle)
	if err != nil || len(b) == 0 {
		return nil, false
	}
	return b, true
}
