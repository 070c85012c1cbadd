package httpd_test

import (
	"net/http"
	"testing"
)

func TestChangesWithoutTheCSRFTokenAre403(t *testing.T) {
	e := newAccountEnv(t)
	b := e.browser(t)
	if a := b.login("s@example.be", "searcher-password", ""); a.status != http.StatusOK {
		t.Fatalf("login: %d %v", a.status, a.body)
	}
	criteria := map[string]any{"criteria": map[string]any{"goal": "rent", "types": []int{1}, "zips": []string{"6600"}}, "frequency": "daily", "lang": "nl"}
	cases := []struct {
		name   string
		method string
		path   string
		body   any
		header []string
	}{
		{"login", http.MethodPost, "/api/account/login", map[string]any{"email": "s@example.be", "password": "searcher-password"}, nil},
		{"logout", http.MethodPost, "/api/account/logout", map[string]any{"lang": "nl"}, nil},
		{"reset request", http.MethodPost, "/api/account/password-reset", map[string]any{"email": "s@example.be"}, nil},
		{"demand update", http.MethodPut, "/api/demand", criteria, nil},
		{"pause", http.MethodPost, "/api/demand/pause", map[string]any{"paused": true}, nil},
		{"wrong token", http.MethodPut, "/api/demand", criteria, []string{"X-CSRF-Token", "forged"}},
		{"another site", http.MethodPut, "/api/demand", criteria, []string{"X-CSRF-Token", b.csrf, "Sec-Fetch-Site", "cross-site"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if a := b.do(c.method, c.path, c.body, c.header...); a.status != http.StatusForbidden {
				t.Fatalf("%s %s: %d %v", c.method, c.path, a.status, a.body)
			}
		})
	}
	if a := b.send(http.MethodPut, "/api/demand", criteria); a.status != http.StatusOK || a.body["frequency"] != "daily" {
		t.Fatalf("with the token: %d %v", a.status, a.body)
	}
}
