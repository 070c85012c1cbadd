//go:build !race

package httpd

const raceDetector = false
