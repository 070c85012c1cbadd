//go:build race

package main

// raceDetector is on: the embedded JavaScript engine loads and renders many
// times slower, so a server under test renders no page (the Makefile runs
// TestServe again without the detector, with rendering).
const raceDetector = true
