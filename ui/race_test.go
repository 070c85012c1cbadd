//go:build race

package ui_test

// raceDetector: the race detector slows the pure-Go engines about 30-fold
// (every page in QuickJS takes minutes), and finds nothing in a single
// runtime's render; the tests then render a few pages only.
const raceDetector = true
