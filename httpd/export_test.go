package httpd

import "testing"

// SkipUnderRace gives the external tests (package httpd_test) skipUnderRace.
func SkipUnderRace(t *testing.T) { skipUnderRace(t) }

// skipUnderRace skips a test that renders through the embedded JavaScript engine, which the race detector slows
// about tenfold: `make test-go` runs it in its pass without the detector. The engine's pool is raced by package
// render's own tests, and the handlers' use of it by the other tests here.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("renders through the JavaScript engine: make test-go runs it without the race detector")
	}
}

// testScratch is a folder that lasts as long as the test binary (TestMain).
var testScratch string

// ScratchDir gives the external tests that folder: they keep the demo
// agency synced once there.
func ScratchDir() string { return testScratch }
