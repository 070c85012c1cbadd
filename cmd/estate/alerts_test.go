package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail/smtptest"
	"github.com/estate-agency/estate/platform"
)

// TestNewListingIsAlertedOnce registers a search demand through the form,
// confirms it by the link mailed to the address, adds a matching listing to a real HTTP platform and syncs: the searcher
// gets one alert mail in French with a one-click unsubscribe link that
// works; a second sync sends nothing new, a third one only its new match.
func TestNewListingIsAlertedOnce(t *testing.T) {
	ds, fake, _ := platformEnv(t)
	smtp := formsAndMailEnv(t)
	base, _ := startServe(t)

	form := `{"lang":"fr","fields":{"title":"ms","firstName":"Anne","lastName":"Dubois","email":"anne@example.be",` +
		`"phone":"0470123456","password":"anne-password","passwordConfirm":"anne-password","goal":"buy",` +
		`"types":["2"],"zones":["5550"],"maxPrice":200000,"privacy":true}}`
	resp, err := http.Post(base+"/api/forms/demand-register", "application/json", strings.NewReader(form))
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("demand register: %v %v", err, resp)
	}
	resp.Body.Close()
	confirmDemand(t, base, smtp, "anne@example.be")

	// A new chalet in Vresse-sur-Semois (5550) under 200,000: it matches.
	syncNewChalet := func(id, price int) {
		t.Helper()
		for _, l := range []listing.Lang{listing.NL, listing.FR} {
			p, _ := ds.Lang(l).Property(4001) // a chalet in 5550
			p.ID, p.Price = platform.Int(id), platform.Number(price)
			p.LastChangedDate = platformNow()
			ds.Lang(l).AddProperty(p)
		}
		fake.SetDataset(ds)
		if code, _, errOut := estate(t, "sync"); code != 0 {
			t.Fatalf("sync of %d: %s", id, errOut)
		}
	}
	syncNewChalet(4999, 155000)
	alert := waitAlert(t, smtp, "anne@example.be", 1)
	if got := alert.Subject(); !strings.Contains(strings.ToLower(got), "recherche") {
		t.Errorf("subject not in French: %q", got)
	}
	if !strings.Contains(alert.Text, "4999") && !strings.Contains(alert.HTML, "4999") {
		t.Errorf("the alert does not link the new listing:\n%s", alert.Text)
	}
	link := regexp.MustCompile(`<(http[^>]+/api/alerts/unsubscribe\?token=[^>]+)>`).FindStringSubmatch(alert.Header.Get("List-Unsubscribe"))
	if link == nil || alert.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Fatalf("no one-click unsubscribe: %q %q", alert.Header.Get("List-Unsubscribe"), alert.Header.Get("List-Unsubscribe-Post"))
	}

	if code, _, errOut := estate(t, "sync"); code != 0 {
		t.Fatalf("second sync: %s", errOut)
	}
	// A third sync brings another match. Alert runs follow one another, so
	// once its mail is here the second sync's run is over: it must have sent
	// nothing, and the new mail must not repeat 4999.
	syncNewChalet(4998, 165000)
	next := waitAlert(t, smtp, "anne@example.be", 2)
	if n := len(alertsTo(t, smtp, "anne@example.be")); n != 2 {
		t.Fatalf("%d alert mails after three syncs, want 2 (the second sync sent one)", n)
	}
	if !strings.Contains(next.Text, "4998") || strings.Contains(next.Text, "4999") {
		t.Errorf("the second alert should show 4998 alone:\n%s", next.Text)
	}

	// The link is the server's own address with the configured base: ask
	// the test server instead.
	oneClick := base + link[1][strings.Index(link[1], "/api/alerts/"):]
	resp, err = http.Post(oneClick, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("one-click unsubscribe: %v %v", err, resp)
	}
	resp.Body.Close()
	code, out, errOut := estate(t, "alerts", "preview", "--email", "anne@example.be")
	if code != 0 || !strings.Contains(out, "unsubscribed") {
		t.Fatalf("preview after unsubscribe: %d %q %q", code, out, errOut)
	}
}

// alertMail is a received alert, parsed.
type alertMail struct {
	*smtptest.Parsed
	Text, HTML string
}

func alertsTo(t *testing.T, smtp *smtptest.Server, to string) []alertMail {
	t.Helper()
	var out []alertMail
	for _, m := range smtp.Messages() {
		p, err := m.Parse()
		if err != nil {
			t.Fatal(err)
		}
		if p.Header.Get("List-Unsubscribe") == "" || !strings.Contains(p.Header.Get("To"), to) {
			continue
		}
		a := alertMail{Parsed: p}
		for _, part := range p.Parts {
			switch {
			case strings.HasPrefix(part.ContentType, "text/plain"):
				a.Text = string(part.Body)
			case strings.HasPrefix(part.ContentType, "text/html"):
				a.HTML = string(part.Body)
			}
		}
		out = append(out, a)
	}
	return out
}

// confirmDemand confirms the demand register of to as its page does: the
// token of the mailed link, POSTed with the CSRF token of GET /api/account.
func confirmDemand(t *testing.T, base string, smtp *smtptest.Server, to string) {
	t.Helper()
	token := regexp.MustCompile(`#token=([\w-]+)`)
	var found []string
	for deadline := time.Now().Add(15 * time.Second); found == nil && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, m := range smtp.Messages() {
			if p, err := m.Parse(); err == nil && strings.Contains(p.Header.Get("To"), to) {
				if found = token.FindStringSubmatch(p.Text()); found != nil {
					break
				}
			}
		}
	}
	if found == nil {
		t.Fatalf("no confirmation mail to %s within 15s", to)
	}
	resp, err := http.Get(base + "/api/account")
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		CSRF string `json:"csrf"`
	}
	err = json.NewDecoder(resp.Body).Decode(&state)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, base+"/api/alerts/confirm", strings.NewReader(`{"token":"`+found[1]+`","lang":"fr"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", state.CSRF)
	for _, c := range resp.Cookies() {
		req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	resp, err = http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("confirm: %v %v", err, resp)
	}
	resp.Body.Close()
}

func waitAlert(t *testing.T, smtp *smtptest.Server, to string, n int) alertMail {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if got := alertsTo(t, smtp, to); len(got) >= n {
			return got[n-1]
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no alert mail to %s within 15s", to)
	return alertMail{}
}

// formsAndMailEnv lets the test send forms freely (no captcha, no rate
// limit) and the server mail to an in-process SMTP server, retrying fast.
func formsAndMailEnv(t *testing.T) *smtptest.Server {
	t.Helper()
	smtp := smtptest.Start(t)
	for k, v := range map[string]string{
		"ESTATE_FORMS_CAPTCHA": "off", "ESTATE_FORMS_RATE_PER_MINUTE": "0",
		"ESTATE_MAIL_HOST": smtp.Host(), "ESTATE_MAIL_PORT": fmt.Sprint(smtp.Port()), "ESTATE_MAIL_TLS": "none",
		"ESTATE_MAIL_FROM": "site@agency.example", "ESTATE_MAIL_RETRY_BASE": "50ms",
	} {
		t.Setenv(k, v)
	}
	return smtp
}
