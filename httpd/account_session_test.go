package httpd_test

import (
	"net/http"
	"slices"
	"testing"
	"time"
)

func TestOwnersSeeOnlyTheirOwnProperties(t *testing.T) {
	e := newAccountEnv(t)
	b := e.browser(t)
	if a := b.do(http.MethodGet, "/api/owner/properties", nil); a.status != http.StatusUnauthorized {
		t.Fatalf("anonymous: %d", a.status)
	}
	b.login("a@example.be", "owner-password", "")
	list := b.do(http.MethodGet, "/api/owner/properties?lang=fr", nil)
	props, _ := list.body["properties"].([]any)
	var ids []int
	for _, p := range props {
		ids = append(ids, int(p.(map[string]any)["id"].(float64)))
	}
	if list.status != http.StatusOK || !slices.Equal(ids, []int{4003, 4030}) {
		t.Fatalf("list: %d %v", list.status, list.body)
	}
	for _, path := range []string{"/api/owner/properties/4001", "/api/owner/properties/999999", "/api/owner/properties/x"} {
		if a := b.do(http.MethodGet, path+"?lang=fr", nil); a.status != http.StatusNotFound || a.body["message"] != "Bien introuvable" {
			t.Fatalf("%s: %d %v", path, a.status, a.body)
		}
	}
	own := b.do(http.MethodGet, "/api/owner/properties/4003?lang=nl", nil)
	last30, _ := own.body["last30"].([]any)
	if own.status != http.StatusOK || len(last30) != 30 || own.body["appointments"] == nil || own.body["history"] == nil {
		t.Fatalf("own property: %d %v", own.status, own.body)
	}
	// A searcher has no owner portal.
	s := e.browser(t)
	s.login("s@example.be", "searcher-password", "")
	if a := s.do(http.MethodGet, "/api/owner/properties", nil); a.status != http.StatusForbidden {
		t.Fatalf("searcher in the portal: %d", a.status)
	}
}

func TestSessionsExpireWhenIdleAndLogoutEndsThem(t *testing.T) {
	e := newAccountEnv(t)
	b := e.browser(t)
	b.login("a@example.be", "owner-password", "")
	e.clock.add(29 * time.Minute)
	if a := b.do(http.MethodGet, "/api/owner/properties", nil); a.status != http.StatusOK {
		t.Fatalf("after 29 idle minutes: %d", a.status)
	}
	e.clock.add(31 * time.Minute)
	a := b.do(http.MethodGet, "/api/owner/properties?lang=nl", nil)
	if a.status != http.StatusUnauthorized || a.body["expired"] != true {
		t.Fatalf("after 31 idle minutes: %d %v", a.status, a.body)
	}

	b.login("a@example.be", "owner-password", "")
	other := e.browser(t)
	other.login("a@example.be", "owner-password", "")
	if a := b.send(http.MethodPost, "/api/account/logout", map[string]any{"lang": "fr", "everywhere": true}); a.status != http.StatusOK || a.body["redirect"] != "/fr/login/" {
		t.Fatalf("logout: %d %v", a.status, a.body)
	}
	if a := other.do(http.MethodGet, "/api/owner/properties", nil); a.status != http.StatusUnauthorized {
		t.Fatalf("the other browser stayed logged in: %d", a.status)
	}
}
