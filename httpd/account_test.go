package httpd_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/demands"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/store"
)

// clock is a test's time, moved by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type accountEnv struct {
	url     string
	store   *store.Store
	svc     *accounts.Service
	resets  *accounts.ResetMails
	demands *demands.Service
	clock   *clock
}

// newAccountEnv serves the whole stack with accounts, an owner of 4003 and
// 4030 and another of 4001, and a searcher.
func newAccountEnv(t *testing.T) *accountEnv {
	t.Helper()
	return newAccountEnvWith(t, nil)
}

// newDemands is the search demands service of the tests: its links point
// at http://localhost, its unsubscribe links are signed with key.
func newDemands(t *testing.T, st *store.Store, spec *leads.Spec, key []byte, log *slog.Logger) *demands.Service {
	t.Helper()
	dem, err := demands.New(demands.Options{
		Store: st, Texts: spec, Key: key, Log: log, Language: "nl",
		Links: demands.Links{Base: "http://localhost", Page: func(internal string, l listing.Lang) string { return "http://localhost" + internal },
			Property: func(p listing.Property, l listing.Lang) string { return "http://localhost" + listing.DetailPath(p, l) }},
	})
	if err != nil {
		t.Fatal(err)
	}
	return dem
}

func newAccountEnvWith(t *testing.T, mutate func(*config.Config)) *accountEnv {
	t.Helper()
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	if mutate != nil {
		mutate(&cfg)
	}
	log := slog.New(slog.DiscardHandler)
	clk := &clock{t: time.Now()}
	svc, err := accounts.New(st, log, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []struct {
		email string
		props []int
	}{{"a@example.be", []int{4003, 4030}}, {"b@example.be", []int{4001}}} {
		if _, err := svc.Create("owner", o.email, "owner-password", "nl", o.props); err != nil {
			t.Fatal(err)
		}
	}
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	key := bytes.Repeat([]byte{7}, 32)
	dem := newDemands(t, st, spec, key, log)
	searcher, err := svc.Create("searcher", "s@example.be", "searcher-password", "fr", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := dem.Update(searcher.ID, json.RawMessage(`{"goal":"buy","types":[1],"zips":["6830"]}`), "immediate"); err != nil {
		t.Fatal(err)
	}
	resets := accounts.NewResetMails(svc, st, mail.AgencyView{Name: "Ardenne Immo"}, func(l listing.Lang, token string) string {
		return "http://localhost/" + string(l) + "/login/nieuw-wachtwoord/#token=" + token
	}, nil, log)
	engine, err := httpd.New(cfg, httpd.Deps{
		Log: log, Search: ix, Catalog: st, Listings: st, UI: testUI,
		Accounts: svc, Resets: resets, CSRFKey: key, Reports: st, Demands: dem,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	t.Cleanup(srv.Close)
	return &accountEnv{url: srv.URL, store: st, svc: svc, resets: resets, demands: dem, clock: clk}
}

// browser keeps cookies as a browser does on localhost: net/http's jar
// would not send the Secure __Host- cookies over http.
type browser struct {
	t       *testing.T
	base    string
	cookies map[string]*http.Cookie
	csrf    string
}

func (e *accountEnv) browser(t *testing.T) *browser {
	return &browser{t: t, base: e.url, cookies: map[string]*http.Cookie{}}
}

type answer struct {
	status int
	header http.Header
	body   map[string]any
}

func (b *browser) do(method, path string, body any, header ...string) answer {
	b.t.Helper()
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			b.t.Fatal(err)
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, b.base+path, r)
	if err != nil {
		b.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, c := range b.cookies {
		req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.MaxAge < 0 {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c
		}
	}
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// refresh reads the CSRF token as the page does.
func (b *browser) refresh() answer {
	b.t.Helper()
	a := b.do(http.MethodGet, "/api/account", nil)
	if a.status != http.StatusOK {
		b.t.Fatalf("GET /api/account: %d %v", a.status, a.body)
	}
	b.csrf, _ = a.body["csrf"].(string)
	return a
}

// send is a change with the CSRF token.
func (b *browser) send(method, path string, body any) answer {
	b.t.Helper()
	return b.do(method, path, body, "X-CSRF-Token", b.csrf)
}

func (b *browser) login(email, password, next string) answer {
	b.t.Helper()
	b.refresh()
	a := b.send(http.MethodPost, "/api/account/login", map[string]any{"email": email, "password": password, "lang": "nl", "next": next})
	if token, ok := a.body["csrf"].(string); ok && token != "" {
		b.csrf = token
	}
	return a
}

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

func TestOneClickUnsubscribeNeedsOurSignature(t *testing.T) {
	e := newAccountEnv(t)
	a, err := e.store.AccountByEmail("s@example.be")
	if err != nil {
		t.Fatal(err)
	}
	post := func(token string) int {
		resp, err := http.Post(e.url+"/api/alerts/unsubscribe?token="+url.QueryEscape(token), "application/x-www-form-urlencoded",
			strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	good := e.demands.UnsubscribeToken(a.ID)
	other := e.demands.UnsubscribeToken(a.ID + 1)
	for _, bad := range []string{"", "x", good[:len(good)-2] + "AA", other[:12] + good[12:]} {
		if got := post(bad); got != http.StatusBadRequest {
			t.Fatalf("token %q: %d", bad, got)
		}
	}
	if got := post(good); got != http.StatusOK {
		t.Fatalf("good token: %d", got)
	}
	if a, _ = e.store.Account(a.ID); !a.Demand.Unsubscribed {
		t.Fatal("still subscribed")
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
