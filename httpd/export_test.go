package httpd

// RaceDetector gives the external tests (package httpd_test) the
// internal tests' raceDetector.
const RaceDetector = raceDetector
