// Package demo generates the demo agency's platform data: Agency is the
// agency committed under testdata/platform (the default dir source), Sample
// the small seed-like fixture under testdata/platform-sample, and Synthetic
// large datasets for benchmarks. Everything is deterministic: the same call
// gives the same data and the same JSON, so the committed files can be
// checked against the generator.
//
// Photos and documents referenced by the data are drawn on demand by package
// demo/photos under /demo/photos/ and /demo/documents/.
package demo

//go:generate go run ./gen
