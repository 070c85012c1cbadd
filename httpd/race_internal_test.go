//go:build race

package httpd

// raceDetector is on: the embedded JavaScript engine runs about ten times
// slower, so tests that render through it take a sample (the Makefile runs
// them in full without the detector).
const raceDetector = true
