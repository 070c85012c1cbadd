package httpd_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/mail"
)

// resetToken runs the reset mailer once and returns the token of the
// newest reset mail in the outbox, "" when none was queued.
func (e *accountEnv) resetToken(t *testing.T) string {
	t.Helper()
	due, err := e.store.DueOutbox(time.Now().Add(time.Hour), 100)
	if err != nil {
		t.Fatal(err)
	}
	token := ""
	for _, entry := range due {
		var m mail.Message
		if json.Unmarshal(entry.Message, &m) != nil {
			continue
		}
		if i := strings.Index(m.Text, "#token="); i >= 0 {
			token = strings.Fields(m.Text[i+len("#token="):])[0]
		}
		if err := e.store.Delivered(entry, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return token
}

func TestPasswordResetIsSingleUseAndTellsNothing(t *testing.T) {
	e := newAccountEnvWith(t, func(c *config.Config) { c.Forms.RatePerMinute = 0 })
	b := e.browser(t)
	b.refresh()
	ask := func(email string) answer {
		a := b.send(http.MethodPost, "/api/account/password-reset", map[string]any{"email": email, "lang": "nl"})
		// The mail is made after the answer, by the worker.
		e.resets.Drain()
		return a
	}
	known, unknown := ask("a@example.be"), ask("nobody@example.be")
	if known.status != http.StatusAccepted || known.status != unknown.status || known.body["message"] != unknown.body["message"] ||
		known.body["status"] != float64(http.StatusAccepted) {
		t.Fatalf("known %d %v, unknown %d %v", known.status, known.body, unknown.status, unknown.body)
	}
	token := e.resetToken(t)
	if token == "" {
		t.Fatal("no reset mail for a known address")
	}
	weak := b.send(http.MethodPost, "/api/account/password", map[string]any{"token": token, "password": "short", "passwordConfirm": "short", "lang": "nl"})
	if weak.status != http.StatusUnprocessableEntity {
		t.Fatalf("weak password: %d %v", weak.status, weak.body)
	}
	set := b.send(http.MethodPost, "/api/account/password", map[string]any{"token": token, "password": "a-new-password", "passwordConfirm": "a-new-password", "lang": "nl"})
	if set.status != http.StatusOK || set.body["redirect"] != "/nl/login/?reset=1" {
		t.Fatalf("new password: %d %v", set.status, set.body)
	}
	if again := b.send(http.MethodPost, "/api/account/password", map[string]any{"token": token, "password": "another-password", "passwordConfirm": "another-password", "lang": "nl"}); again.status != http.StatusBadRequest {
		t.Fatalf("token used twice: %d %v", again.status, again.body)
	}
	if a := b.login("a@example.be", "a-new-password", ""); a.status != http.StatusOK {
		t.Fatalf("login with the new password: %d", a.status)
	}

	ask("a@example.be")
	late := e.resetToken(t)
	e.clock.add(61 * time.Minute)
	if a := b.send(http.MethodPost, "/api/account/password", map[string]any{"token": late, "password": "yet-another-one", "passwordConfirm": "yet-another-one", "lang": "nl"}); a.status != http.StatusBadRequest {
		t.Fatalf("expired token: %d %v", a.status, a.body)
	}
}

// The answer to a reset request takes as long whether or not the address
// has an account: the lookup and the mail happen after it.
// The answer to a reset request cannot tell by its timing whether an account
// exists: it is given before anything looks the address up. No worker runs
// here, so the store must show no trace of either request until the test
// drains the queue, and then a mail for the known address alone.
func TestResetAnswersBeforeLookingTheAddressUp(t *testing.T) {
	e := newAccountEnvWith(t, func(c *config.Config) { c.Forms.RatePerMinute = 0 })
	b := e.browser(t)
	b.refresh()
	mails := func() int {
		due, err := e.store.DueOutbox(time.Now().Add(time.Hour), 100)
		if err != nil {
			t.Fatal(err)
		}
		return len(due)
	}
	before := mails()
	known := b.send(http.MethodPost, "/api/account/password-reset", map[string]any{"email": "a@example.be", "lang": "nl"})
	unknown := b.send(http.MethodPost, "/api/account/password-reset", map[string]any{"email": "nobody@example.be", "lang": "nl"})
	if known.status != http.StatusAccepted || !reflect.DeepEqual(known.body, unknown.body) {
		t.Fatalf("known %d %v, unknown %d %v", known.status, known.body, unknown.status, unknown.body)
	}
	if n := mails(); n != before {
		t.Fatalf("%d mails queued before the worker ran: the answer waited for the lookup", n-before)
	}
	e.resets.Drain()
	if n := mails(); n != before+1 {
		t.Fatalf("%d mails after the worker ran, want 1 (the known address)", n-before)
	}
}

func TestResetRequestsAreRateLimited(t *testing.T) {
	e := newAccountEnv(t) // the shipped budget: 10 a minute after a burst of 20
	b := e.browser(t)
	b.refresh()
	var last answer
	for range 25 {
		last = b.send(http.MethodPost, "/api/account/password-reset", map[string]any{"email": "a@example.be", "lang": "fr"})
	}
	if last.status != http.StatusTooManyRequests || last.header.Get("Retry-After") == "" {
		t.Fatalf("25th request: %d %v", last.status, last.body)
	}
}
