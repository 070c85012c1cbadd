package httpd

// RaceDetector gives the external tests (package httpd_test) the
// internal tests' raceDetector.
const RaceDetector = raceDetector

// testScratch is a folder that lasts as long as the test binary (TestMain).
var testScratch string

// ScratchDir gives the external tests that folder: they keep the demo
// agency synced once there.
func ScratchDir() string { return testScratch }
