package httpd_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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
