//go:build race

package httpd_test

// raceDetector is on: the embedded JavaScript engine runs many times slower,
// so the tests that render every page through it render a sample (the
// Makefile runs them in full without the detector).
const raceDetector = true
