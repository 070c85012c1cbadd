package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/compliance"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/ui"
)

// cliEnv points the shipped config at a temporary storage dir and a dataset.
func cliEnv(t *testing.T, dataset string) string {
	t.Helper()
	storage := t.TempDir()
	abs, err := filepath.Abs(filepath.Join("..", "..", "testdata", dataset))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("ESTATE_STORAGE_DIR", storage)
	t.Setenv("ESTATE_SOURCE_DIR", abs)
	t.Setenv("ESTATE_LOG_LEVEL", "warn")
	// Pages are rendered by the tests of httpd and ui; here a server
	// starts without loading the engine (slow under the race detector),
	// except where a test turns it on.
	t.Setenv("ESTATE_RENDER_ENGINE", "off")
	// Photos are processed by the tests of images and httpd: here a server
	// would spend a core for minutes on the demo's photos.
	t.Setenv("ESTATE_IMAGES_ENABLED", "false")
	return storage
}

// platformPassword is the fake platform's CustomerPassword.
const platformPassword = "demo-platform-pw"

// platformNow is now as the platform stamps a change: a wall clock in
// Brussels, sync.timezone.
func platformNow() platform.Date {
	brussels, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		panic(err)
	}
	return platform.WallClock(time.Now().In(brussels))
}

// platformEnv points the commands at a real HTTP fake of the platform
// serving the demo agency (ds, for the test to change and set again),
// closed at the end of the test or earlier by it.
func platformEnv(t *testing.T) (ds *platform.Dataset, fake *fakeplatform.Server, srv *httptest.Server) {
	t.Helper()
	cliEnv(t, "platform")
	ds, err := platform.LoadDir(os.Getenv("ESTATE_SOURCE_DIR"))
	if err != nil {
		t.Fatal(err)
	}
	fake = fakeplatform.New(ds, "demo", platformPassword)
	srv = httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	t.Setenv("ESTATE_SOURCE_KIND", "platform")
	t.Setenv("ESTATE_SOURCE_URL", srv.URL+"/1.12/OmnicasaService.svc")
	t.Setenv("ESTATE_SOURCE_CUSTOMER", "demo")
	t.Setenv("ESTATE_SOURCE_PASSWORD", platformPassword)
	t.Setenv("ESTATE_SOURCE_RETRY_MAX", "0")
	return ds, fake, srv
}

func estate(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return estateCtx(t, context.Background(), args...)
}

func estateCtx(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runContext(ctx, append([]string{"--config", filepath.Join("..", "..", "config.yaml")}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

func status(t *testing.T) admin.Status {
	t.Helper()
	code, out, errOut := estate(t, "status", "--json")
	if code != 0 {
		t.Fatalf("status exit %d: %s", code, errOut)
	}
	var st admin.Status
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("status --json: %v\n%s", err, out)
	}
	return st
}

func TestUsageErrorsExitTwo(t *testing.T) {
	cliEnv(t, "platform")
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"unknown command", []string{"frobnicate"}, nil, "unknown command"},
		{"unknown flag", []string{"sync", "--fast"}, nil, "unknown flag"},
		{"extra argument", []string{"status", "now"}, nil, "unknown command"},
		{"bad schedule names its key", []string{"status"}, map[string]string{"ESTATE_SYNC_SCHEDULE": "often"}, "sync.schedule"},
		{"bad source kind names its key", []string{"sync"}, map[string]string{"ESTATE_SOURCE_KIND": "ftp"}, "source.kind"},
		{"missing dataset names its key", []string{"sync"}, map[string]string{"ESTATE_SOURCE_DIR": "/nonexistent"}, "source.dir"},
		{"missing config file", []string{"--config", "/nonexistent.yaml", "status"}, nil, "--config"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			code, _, errOut := estate(t, tt.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want 2 (stderr %q)", code, errOut)
			}
			if !strings.Contains(errOut, tt.want) {
				t.Errorf("stderr %q does not mention %q", errOut, tt.want)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := estate(t, "version")
	if code != 0 || !strings.HasPrefix(out, "estate ") {
		t.Errorf("version: %d %q", code, out)
	}
}

func TestSyncStatusReindexOfTheDemoAgency(t *testing.T) {
	cliEnv(t, "platform")
	st := status(t)
	if st.LastSync != nil || st.Listings[listing.NL].Sale != 0 {
		t.Fatalf("fresh store: %+v", st)
	}

	code, out, errOut := estate(t, "sync")
	if code != 0 {
		t.Fatalf("sync exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "nl properties") || !strings.Contains(out, "152 added") {
		t.Errorf("sync output (plain lines when not a terminal): %q", out)
	}
	st = status(t)
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		if c := st.Listings[l]; c.Sale != 61 || c.Rent != 15 {
			t.Errorf("%s listings = %+v, want 61 sale, 15 rent", l, c)
		}
		if st.Projects[l] != 2 || st.Index[l] != 76 {
			t.Errorf("%s projects %d index %d, want 2 and 76", l, st.Projects[l], st.Index[l])
		}
	}
	if st.LastSync == nil || !st.LastSync.OK || st.LastSync.Added != 152 || st.Server {
		t.Errorf("lastSync = %+v (server %v)", st.LastSync, st.Server)
	}

	code, out, errOut = estate(t, "reindex")
	if code != 0 || !strings.Contains(out, "reindex: done") {
		t.Fatalf("reindex exit %d: %s %s", code, out, errOut)
	}
	if after := status(t); after.Index[listing.NL] != 76 || after.Index[listing.FR] != 76 {
		t.Errorf("after reindex: %+v", after.Index)
	}

	code, out, _ = estate(t, "status")
	if code != 0 || !strings.Contains(out, "nl    61    15") || !strings.Contains(out, "ok") {
		t.Errorf("status table:\n%s", out)
	}
}

func TestSampleFixtureHasNothingForRent(t *testing.T) {
	cliEnv(t, "platform-sample")
	if code, _, errOut := estate(t, "sync"); code != 0 {
		t.Fatalf("sync: %s", errOut)
	}
	st := status(t)
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		if c := st.Listings[l]; c.Rent != 0 || c.Sale == 0 || st.Projects[l] != 0 {
			t.Errorf("%s: %+v projects %d", l, c, st.Projects[l])
		}
	}
}

// TestPlatformOutageKeepsServedData syncs from a real HTTP platform, then
// stops it and corrupts it: the sync fails with exit 1, and status still
// reports everything.
func TestPlatformOutageKeepsServedData(t *testing.T) {
	_, fake, server := platformEnv(t)
	t.Setenv("ESTATE_SOURCE_TIMEOUT", "2s")
	if code, _, errOut := estate(t, "sync"); code != 0 {
		t.Fatalf("sync: %s", errOut)
	}

	fake.Fail(fakeplatform.Truncate().For(platform.MethodPropertyList))
	code, _, errOut := estate(t, "sync", "--full")
	if code != exitFailure || !strings.Contains(errOut, "GetPropertyList") {
		t.Errorf("corrupt platform: exit %d, stderr %q", code, errOut)
	}
	server.Close()
	code, _, errOut = estate(t, "sync")
	if code != exitFailure {
		t.Errorf("platform down: exit %d, stderr %q", code, errOut)
	}
	if strings.Contains(errOut, platformPassword) {
		t.Errorf("password in error output: %s", errOut)
	}
	st := status(t)
	if st.Listings[listing.NL].Sale != 61 || st.Index[listing.FR] != 76 {
		t.Errorf("served data lost: %+v %+v", st.Listings, st.Index)
	}
	if st.LastSync == nil || st.LastSync.OK || st.LastSync.Error == "" {
		t.Errorf("the failed run is not recorded: %+v", st.LastSync)
	}
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// waitReady waits for the server's first sync and index. Generous: under the
// race detector, beside the other test jobs (scripts/test-go.sh), that takes
// tens of seconds on this 2-core machine.
func waitReady(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("server not ready within 90s")
}

// startServe runs `estate serve` on a free loopback port until stop, which
// returns its exit code and stderr.
func startServe(t *testing.T) (base string, stop func() (int, string)) {
	t.Helper()
	addr := freePort(t)
	t.Setenv("ESTATE_SERVER_ADDR", addr)
	ctx, cancel := context.WithCancel(context.Background())
	exited := make(chan int, 1)
	var stderr bytes.Buffer
	go func() {
		exited <- runContext(ctx, []string{"--config", "../../config.yaml", "serve"}, &bytes.Buffer{}, &stderr)
	}()
	base = "http://" + addr
	waitReady(t, base)
	stopped := false
	stop = func() (int, string) {
		if stopped {
			return 0, ""
		}
		stopped = true
		cancel()
		select {
		case code := <-exited:
			return code, stderr.String()
		case <-time.After(15 * time.Second):
			t.Fatal("serve did not stop within 15s")
		}
		return -1, ""
	}
	t.Cleanup(func() { stop() })
	return base, stop
}

// TestServe starts the server on an empty store: the first sync runs at
// start, CLI commands go through the admin socket, and cancelling shuts down
// cleanly.
func TestServe(t *testing.T) {
	storage := cliEnv(t, "platform")
	_, built := ui.ServerBundle()
	rendering := built && !raceDetector
	if rendering {
		t.Setenv("ESTATE_RENDER_ENGINE", "quickjs")
		// On a busy machine a first render may take longer than a visitor's deadline.
		t.Setenv("ESTATE_RENDER_TIMEOUT", "10s")
	}
	base, stop := startServe(t)

	resp, err := http.Get(base + "/healthz")
	if err != nil || resp.StatusCode != 200 || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("healthz: %v %+v", err, resp)
	}
	resp.Body.Close()
	resp, err = http.Get(base + "/demo/photos/4001/1/280.jpg")
	if err != nil || resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("demo photo: %v %+v", err, resp)
	}
	resp.Body.Close()

	resp, err = http.Get(base + "/nl/")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("home page: %v %+v", err, resp)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()

	st := status(t)
	if !st.Server || st.Listings[listing.NL].Sale != 61 || st.Index[listing.NL] != 76 {
		t.Errorf("status through the server: %+v", st)
	}
	// With the UI built (make test builds it first) pages come rendered and
	// status counts them; a bare go build serves them client-rendered.
	if rendering {
		if st.Render == nil || st.Render.Renders == 0 || st.Render.Pages.Hits+st.Render.Pages.Stale+st.Render.Pages.Misses == 0 {
			t.Errorf("status shows no server render: %+v", st.Render)
		}
		if !strings.Contains(string(page), `<div id="root"><`) {
			t.Error("the home page came without its server render")
		}
		if _, out, _ := estate(t, "status"); !strings.Contains(out, "rendered on the server") {
			t.Errorf("status text lacks the renders:\n%s", out)
		}
	} else if st.Render != nil {
		t.Errorf("status shows renders without a server bundle: %+v", st.Render)
	}
	// The report through the admin socket is the one read from the store.
	if findings := complianceJSON(t); compliance.Listings(findings) != st.Compliance || st.Compliance == 0 {
		t.Errorf("compliance through the server: %d listings, status says %d", compliance.Listings(findings), st.Compliance)
	} else {
		checkFindings(t, findings)
	}
	// Ready means the demo login that make run prints works.
	if code, out, errOut := estate(t, "owner", "list"); code != 0 || !strings.Contains(out, demoOwnerEmail) {
		t.Errorf("demo owner once ready: %d %q %q", code, out, errOut)
	}
	code, out, errOut := estate(t, "sync")
	if code != 0 || !strings.Contains(out, "0 added") {
		t.Errorf("sync through the server: %d %q %q", code, out, errOut)
	}
	if code, _, errOut := estate(t, "reindex"); code != 0 {
		t.Errorf("reindex through the server: %s", errOut)
	}

	if code, stderr := stop(); code != 0 {
		t.Errorf("serve exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(storage, "admin.sock")); !os.IsNotExist(err) {
		t.Errorf("admin socket left behind: %v", err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("still serving after shutdown")
	}
	// After shutdown the CLI opens the store itself.
	if st := status(t); st.Server || st.Listings[listing.FR].Rent != 15 {
		t.Errorf("status without server: %+v", st)
	}
}

// TestServeRebuildsAMissingIndex deletes the index between runs: the server
// rebuilds it from the store before it reports ready.
func TestServeRebuildsAMissingIndex(t *testing.T) {
	storage := cliEnv(t, "platform")
	if code, _, errOut := estate(t, "sync"); code != 0 {
		t.Fatal(errOut)
	}
	if err := os.RemoveAll(filepath.Join(storage, "index")); err != nil {
		t.Fatal(err)
	}
	_, stop := startServe(t)
	if st := status(t); st.Index[listing.NL] != 76 || st.Index[listing.FR] != 76 {
		t.Errorf("index after start: %+v", st.Index)
	}
	if code, stderr := stop(); code != 0 {
		t.Errorf("serve exit %d: %s", code, stderr)
	}
}

func TestSecondServerRefused(t *testing.T) {
	cliEnv(t, "platform")
	startServe(t)
	t.Setenv("ESTATE_SERVER_ADDR", freePort(t))
	code, _, errOut := estate(t, "serve")
	if code != exitFailure || !strings.Contains(errOut, "locked") {
		t.Errorf("second serve: exit %d, %q", code, errOut)
	}
}
