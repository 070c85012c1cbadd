package httpd_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestLoginOpensAHostOnlySessionWithANewIDEachTime(t *testing.T) {
	e := newAccountEnv(t)
	b := e.browser(t)
	st := b.refresh()
	if st.body["account"] != nil || b.csrf == "" || st.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("anonymous state: %v %v", st.body, st.header)
	}
	csrf := b.cookies["__Host-estate-csrf"]
	if csrf == nil || !csrf.Secure || !csrf.HttpOnly || csrf.Path != "/" || csrf.Domain != "" {
		t.Fatalf("csrf cookie: %+v", csrf)
	}

	bad := b.login("a@example.be", "wrong-password", "")
	if bad.status != http.StatusUnauthorized || bad.body["message"] != "Aanmelden mislukt" ||
		bad.body["detail"] != "De gebruikersnaam of het wachtwoord is niet correct." {
		t.Fatalf("wrong password: %d %v", bad.status, bad.body)
	}
	unknown := b.login("nobody@example.be", "wrong-password", "")
	if unknown.status != bad.status || unknown.body["detail"] != bad.body["detail"] {
		t.Fatalf("unknown email answers differently: %d %v", unknown.status, unknown.body)
	}

	ok := b.login("A@Example.be", "owner-password", "")
	if ok.status != http.StatusOK || ok.body["redirect"] != "/nl/eigenaars/portaal/" {
		t.Fatalf("login: %d %v", ok.status, ok.body)
	}
	first := b.cookies["__Host-estate-session"]
	if first == nil || !first.Secure || !first.HttpOnly || first.SameSite != http.SameSiteLaxMode || first.Path != "/" || first.Domain != "" {
		t.Fatalf("session cookie: %+v", first)
	}
	if who := b.refresh(); who.body["account"] == nil {
		t.Fatalf("not logged in after login: %v", who.body)
	}

	again := b.login("a@example.be", "owner-password", "")
	second := b.cookies["__Host-estate-session"]
	if again.status != http.StatusOK || second.Value == first.Value {
		t.Fatalf("second login kept session id %q", second.Value)
	}
	// The session a browser held before logging in ends: a planted id opens nothing.
	old := e.browser(t)
	old.cookies["__Host-estate-session"] = first
	if who := old.refresh(); who.body["account"] != nil {
		t.Fatalf("the previous session still works")
	}
}

// TestThrottledSaysHowLongInTheRightNumber: the fifth quick wrong password waits a second, and the message says
// « 1 seconde », never « 1 seconden » or « 1 minuten »; the lock after ten says the minutes of Retry-After.
func TestThrottledSaysHowLongInTheRightNumber(t *testing.T) {
	e := newAccountEnv(t)
	b := e.browser(t)
	for range 4 {
		b.login("a@example.be", "wrong-password", "")
	}
	fifth := b.login("a@example.be", "wrong-password", "")
	if fifth.status != http.StatusTooManyRequests || fifth.header.Get("Retry-After") != "1" ||
		!strings.Contains(fmt.Sprint(fifth.body["message"]), "wacht 1 seconde voor") {
		t.Fatalf("fifth attempt: %d %v %v", fifth.status, fifth.header.Get("Retry-After"), fifth.body)
	}
	for range 6 {
		e.clock.add(40 * time.Second)
		b.login("a@example.be", "wrong-password", "")
	}
	locked := b.login("a@example.be", "wrong-password", "")
	secs, _ := strconv.Atoi(locked.header.Get("Retry-After"))
	if want := fmt.Sprintf("wacht %d minuten voor", (secs+59)/60); locked.status != http.StatusTooManyRequests || secs <= 90 ||
		!strings.Contains(fmt.Sprint(locked.body["message"]), want) {
		t.Fatalf("locked: %d Retry-After %d %v, want %q", locked.status, secs, locked.body, want)
	}
}

func TestElevenWrongPasswordsAreThrottled(t *testing.T) {
	e := newAccountEnv(t)
	b := e.browser(t)
	var last answer
	for i := range 11 {
		last = b.login("a@example.be", "wrong-password", "")
		if i < 10 && last.status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d %v", i+1, last.status, last.body)
		}
		// Past the growing delay, so only the count can refuse.
		e.clock.add(40 * time.Second)
	}
	if last.status != http.StatusTooManyRequests || last.header.Get("Retry-After") == "" {
		t.Fatalf("11th attempt: %d %v", last.status, last.body)
	}
	if right := b.login("a@example.be", "owner-password", ""); right.status != http.StatusTooManyRequests {
		t.Fatalf("the right password got through the lock: %d", right.status)
	}
	e.clock.add(16 * time.Minute)
	if right := b.login("a@example.be", "owner-password", ""); right.status != http.StatusOK {
		t.Fatalf("after the window: %d %v", right.status, right.body)
	}
}

func TestRedirectAfterLoginStaysOnTheSite(t *testing.T) {
	e := newAccountEnv(t)
	cases := []struct{ next, want string }{
		{"/nl/eigenaars/portaal/?property=4030", "/nl/eigenaars/portaal/?property=4030"},
		{"/fr/a-vendre/", "/fr/a-vendre/"},
		{"https://evil.example/", "/nl/eigenaars/portaal/"},
		{"//evil.example/nl/", "/nl/eigenaars/portaal/"},
		{"/\\evil.example/", "/nl/eigenaars/portaal/"},
		{"javascript:alert(1)", "/nl/eigenaars/portaal/"},
		{"/nl/does-not-exist/", "/nl/eigenaars/portaal/"},
		{"", "/nl/eigenaars/portaal/"},
	}
	for _, c := range cases {
		t.Run(c.next, func(t *testing.T) {
			b := e.browser(t)
			if a := b.login("a@example.be", "owner-password", c.next); a.body["redirect"] != c.want {
				t.Fatalf("next %q: %v", c.next, a.body)
			}
		})
	}
}
