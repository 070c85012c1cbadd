package httpd

import (
	"bytes"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/estate-agency/estate/config"
)

func TestEPCImagesServed(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewServer(mustNew(t, config.Config{}, Deps{Log: log, Ready: readiness{}}))
	defer srv.Close()
	tests := []struct {
		method, path string
		want         int
	}{
		{"GET", "/images/epc/flanders/a.png", 200},
		{"HEAD", "/images/epc/flanders/a.png", 200},
		{"GET", "/images/epc/brussels/f_sub.png", 200},
		{"GET", "/images/epc/wallonia/a_plusplus.png", 200},
		{"GET", "/images/epc/flanders/g.png", 404},
		{"GET", "/images/epc/flanders/../brussels/g.png", 404},
		{"GET", "/images/epc/flanders/..%2Fbrussels%2Fg.png", 404},
		{"GET", "/images/epc/%2e%2e/%2e%2e/config.yaml", 404},
		{"POST", "/images/epc/flanders/a.png", 405},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, srv.URL+tt.path, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.want {
				t.Fatalf("%s %s = %d, want %d", tt.method, tt.path, resp.StatusCode, tt.want)
			}
			if tt.want != 200 {
				return
			}
			if got := resp.Header.Get("Content-Type"); got != "image/png" {
				t.Errorf("Content-Type = %q", got)
			}
			if got := resp.Header.Get("Cache-Control"); got != "public, max-age=86400" {
				t.Errorf("Cache-Control = %q", got)
			}
			if resp.Header.Get("ETag") == "" || resp.Header.Get("X-Content-Type-Options") == "" {
				t.Errorf("missing ETag or security headers: %v", resp.Header)
			}
			if resp.Header.Get("Content-Encoding") != "" {
				t.Errorf("PNG sent compressed again: %q", resp.Header.Get("Content-Encoding"))
			}
			if tt.method == "GET" {
				if _, err := png.Decode(bytes.NewReader(body)); err != nil {
					t.Errorf("not a PNG: %v", err)
				}
			}
		})
	}
}
