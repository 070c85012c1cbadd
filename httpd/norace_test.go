//go:build !race

package httpd_test

const raceDetector = false
