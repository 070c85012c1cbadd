package httpd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/config"
)

func TestMain(m *testing.M) {
	gin.SetMode(gin.TestMode)
	dir, err := os.MkdirTemp("", "httpd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testScratch = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type readiness struct{ err error }

func (r readiness) Ready(context.Context) error { return r.err }

func TestHealthAndReadiness(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	demo := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	tests := []struct {
		name   string
		cfg    config.Config
		ready  Readiness
		method string
		path   string
		want   int
	}{
		{"healthz always answers", config.Config{}, readiness{errors.New("warming")}, "GET", "/healthz", 200},
		{"readyz while warming", config.Config{}, readiness{errors.New("the index is being built")}, "GET", "/readyz", 503},
		{"readyz when ready", config.Config{}, readiness{}, "GET", "/readyz", 200},
		{"readyz HEAD", config.Config{}, readiness{}, "HEAD", "/readyz", 200},
		{"readyz without a check", config.Config{}, nil, "GET", "/readyz", 503},
		{"state change refused", config.Config{}, readiness{}, "POST", "/readyz", 405},
		{"unknown path", config.Config{}, readiness{}, "GET", "/nope", 404},
		{"demo media in demo mode", config.Config{Demo: true}, readiness{}, "GET", "/demo/photos/1/1/100.jpg", http.StatusTeapot},
		{"no demo media outside demo mode", config.Config{}, readiness{}, "GET", "/demo/photos/1/1/100.jpg", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(mustNew(t, tt.cfg, Deps{Log: log, Ready: tt.ready, DemoMedia: demo}))
			defer srv.Close()
			req, _ := http.NewRequest(tt.method, srv.URL+tt.path, nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Errorf("%s %s = %d, want %d", tt.method, tt.path, resp.StatusCode, tt.want)
			}
			for _, h := range []string{"X-Content-Type-Options", "Content-Security-Policy", "Referrer-Policy", "X-Frame-Options"} {
				if resp.Header.Get(h) == "" {
					t.Errorf("missing %s", h)
				}
			}
		})
	}
}

func TestPanicIsA500(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	r := mustNew(t, config.Config{}, Deps{Log: log, Ready: readiness{}})
	r.GET("/boom", func(*gin.Context) { panic("boom") })
	tests := []struct{ accept, wantType, wantBody string }{
		{"application/json", "application/json", `"status":500`},
		{"text/html,application/xhtml+xml", "text/html", "Er ging iets mis"},
	}
	for _, tt := range tests {
		w := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/boom", nil)
		req.Header.Set("Accept", tt.accept)
		r.ServeHTTP(w, req)
		if w.Code != 500 || !strings.HasPrefix(w.Header().Get("Content-Type"), tt.wantType) || !strings.Contains(w.Body.String(), tt.wantBody) {
			t.Errorf("Accept %s: %d %s %q", tt.accept, w.Code, w.Header().Get("Content-Type"), w.Body.String())
		}
		if w.Header().Get("Content-Security-Policy") == "" {
			t.Errorf("Accept %s: the 500 answer has no CSP", tt.accept)
		}
	}
}

func TestWrongMethodAnswersTheErrorShape(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	r := mustNew(t, config.Config{}, Deps{Log: log, Ready: readiness{}})
	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest("PUT", "/healthz", nil))
	if w.Code != http.StatusMethodNotAllowed {
		t.Fatalf("PUT /healthz = %d, want 405", w.Code)
	}
	if got := w.Header().Get("Allow"); !strings.Contains(got, "GET") {
		t.Errorf("Allow = %q, want the methods the path takes", got)
	}
	var body problem
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Status != 405 || body.Message == "" {
		t.Errorf("body = %q (%v), want the JSON error shape with status 405", w.Body.String(), err)
	}
}

func mustNew(t testing.TB, cfg config.Config, deps Deps) *Handler {
	t.Helper()
	r, err := New(cfg, deps)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
