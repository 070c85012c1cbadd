//go:build !race

package ui_test

const raceDetector = false
