package demands_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/demands"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
	platformsync "github.com/estate-agency/estate/sync"
)

var langs = []listing.Lang{listing.NL, listing.FR}

// env is a store synced from a real HTTP fake of the platform, whose
// listings the test changes between syncs.
type env struct {
	t      *testing.T
	ds     *platform.Dataset
	fake   *fakeplatform.Server
	store  *store.Store
	syncer *platformsync.Syncer
	svc    *demands.Service
	accts  *accounts.Service
}

func newEnv(t *testing.T) *env {
	t.Helper()
	ds, err := platform.LoadDir(filepath.Join("..", "testdata", "platform"))
	if err != nil {
		t.Fatal(err)
	}
	fake := fakeplatform.New(ds, "demo", "demo-platform-pw")
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	log := slog.New(slog.DiscardHandler)
	dir := t.TempDir()
	st := storetest.OpenIn(t, dir, langs...)
	ix, err := index.Open(filepath.Join(dir, "index"), langs, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	src, err := platform.New(platform.Config{BaseURL: srv.URL, Customer: "demo", Password: "demo-platform-pw", RetryMax: -1, Zone: brussels}, log)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := demands.New(demands.Options{
		Store: st, Texts: spec, Key: bytes.Repeat([]byte{1}, 32), Log: log, Language: listing.NL,
		Agency: mail.AgencyView{Name: "Ardenne Immo", BaseURL: "https://site.example"},
		Links: demands.Links{Base: "https://site.example",
			Page: func(internal string, l listing.Lang) string { return "https://site.example/" + string(l) + internal },
			Property: func(p listing.Property, l listing.Lang) string {
				return "https://site.example" + listing.DetailPath(p, l)
			}},
	})
	if err != nil {
		t.Fatal(err)
	}
	accts, err := accounts.New(st, log, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, ds: ds, fake: fake, store: st, svc: svc, accts: accts,
		syncer: platformsync.NewSyncer(src, st, ix, log, platformsync.Options{Languages: langs, Zone: brussels})}
	e.sync()
	return e
}

func (e *env) sync() {
	e.t.Helper()
	e.fake.SetDataset(e.ds)
	if _, err := e.syncer.Run(context.Background(), platformsync.RunOptions{}); err != nil {
		e.t.Fatal(err)
	}
}

// brussels is the agency's clock, on which the platform stamps changes.
var brussels = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		panic(err)
	}
	return loc
}()

// edit changes a listing in every language, marking it changed now.
func (e *env) edit(id int, fn func(*platform.Property)) {
	for _, l := range langs {
		e.ds.Lang(l).EditProperty(id, func(p *platform.Property) {
			fn(p)
			p.LastChangedDate = platform.WallClock(time.Now().In(brussels))
		})
	}
}

// add copies listing from as a new listing id.
func (e *env) add(from, id int, fn func(*platform.Property)) {
	for _, l := range langs {
		p, ok := e.ds.Lang(l).Property(from)
		if !ok {
			e.t.Fatalf("%s: no listing %d", l, from)
		}
		p.ID = platform.Int(id)
		fn(&p)
		p.LastChangedDate = platform.WallClock(time.Now().In(brussels))
		e.ds.Lang(l).AddProperty(p)
	}
}

func (e *env) searcher(email, lang, frequency, criteria string) store.Account {
	e.t.Helper()
	a, err := e.accts.Create("searcher", email, "searcher-password", lang, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	a, probs, err := e.svc.Update(a.ID, json.RawMessage(criteria), frequency)
	if err != nil || len(probs) > 0 {
		e.t.Fatalf("criteria %s: %v %v", criteria, probs, err)
	}
	return a
}

// mails are the alert mails in the outbox by account, which are then
// taken out (as a relay would).
func (e *env) mails() map[uint64][]mail.Message {
	e.t.Helper()
	due, err := e.store.DueOutbox(time.Now().Add(time.Hour), 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	out := map[uint64][]mail.Message{}
	for _, entry := range due {
		if entry.Kind != "alert" {
			continue
		}
		var m mail.Message
		if err := json.Unmarshal(entry.Message, &m); err != nil {
			e.t.Fatal(err)
		}
		out[entry.AccountID] = append(out[entry.AccountID], m)
		if err := e.store.Delivered(entry, time.Now()); err != nil {
			e.t.Fatal(err)
		}
	}
	return out
}

// A chalet in Vresse-sur-Semois (5550, type 2) is listing 4001 at 139,000.
const chalets = `{"goal":"buy","types":[2],"zips":["5550"],"maxPrice":200000}`

func TestAlertsGoOncePerChangeInTheirLanguage(t *testing.T) {
	e := newEnv(t)
	if r, err := e.svc.Check(); err != nil || r.Changes != 0 {
		t.Fatalf("first run, a snapshot only: %+v %v", r, err)
	}
	now := e.searcher("now@example.be", "fr", demands.Immediate, chalets)
	daily := e.searcher("daily@example.be", "nl", demands.Daily, chalets)
	paused := e.searcher("paused@example.be", "nl", demands.Immediate, chalets)
	if _, err := e.svc.SetPaused(paused.ID, true); err != nil {
		t.Fatal(err)
	}
	renter := e.searcher("renter@example.be", "nl", demands.Immediate, `{"goal":"rent","types":[2],"zips":["5550"]}`)

	e.add(4001, 4999, func(p *platform.Property) { p.Price = 155000 })
	e.edit(4001, func(p *platform.Property) { p.Price = 129000 })
	e.sync()
	r, err := e.svc.Check()
	if err != nil {
		t.Fatal(err)
	}
	if r.Changes != 2 || r.Accounts != 2 || r.Mails != 1 || r.DigestItems != 2 {
		t.Fatalf("run: %+v", r)
	}
	got := e.mails()
	if len(got[paused.ID]) != 0 || len(got[renter.ID]) != 0 || len(got[daily.ID]) != 0 {
		t.Fatalf("mails to the paused, the renter or the digest: %v", got)
	}
	m := got[now.ID]
	if len(m) != 1 || !strings.Contains(m[0].Subject, "biens correspondent") || !strings.Contains(m[0].Text, "/4999/") ||
		!strings.Contains(m[0].Text, "129") || m[0].Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
		t.Fatalf("the immediate alert: %+v", m)
	}
	unsubscribe := strings.TrimSuffix(strings.TrimPrefix(m[0].Headers["List-Unsubscribe"], "<"), ">")
	if !strings.HasPrefix(unsubscribe, "https://site.example/api/alerts/unsubscribe?token=") {
		t.Fatalf("List-Unsubscribe %q", unsubscribe)
	}

	// Nothing changed: nothing new, whoever asks.
	e.sync()
	if r, err := e.svc.Check(); err != nil || r.Changes != 0 {
		t.Fatalf("unchanged: %+v %v", r, err)
	}
	// A second drop of the same listing is news again; the first is not.
	e.edit(4001, func(p *platform.Property) { p.Price = 119000 })
	e.sync()
	if r, err := e.svc.Check(); err != nil || r.Changes != 1 || r.Mails != 1 {
		t.Fatalf("second drop: %+v %v", r, err)
	}
	if m := e.mails()[now.ID]; len(m) != 1 || !strings.Contains(m[0].Text, "119") {
		t.Fatalf("second drop mail: %+v", m)
	}

	// The digest gathers the day's three items in one Dutch mail.
	n, err := e.svc.SendDigests()
	if err != nil || n != 1 {
		t.Fatalf("digests: %d %v", n, err)
	}
	d := e.mails()[daily.ID]
	if len(d) != 1 || !strings.Contains(d[0].Subject, "dagelijkse selectie") || strings.Count(d[0].Text, "https://site.example/nl/") < 3 {
		t.Fatalf("digest: %+v", d)
	}
	if n, _ := e.svc.SendDigests(); n != 0 {
		t.Fatalf("a digest sent twice: %d", n)
	}
}

func TestBackOnTheMarketAndUnsubscribeLinks(t *testing.T) {
	e := newEnv(t)
	e.edit(4001, func(p *platform.Property) { p.Status = platform.Is(platform.StatusSold) })
	e.sync()
	if _, err := e.svc.Check(); err != nil {
		t.Fatal(err)
	}
	a := e.searcher("back@example.be", "nl", demands.Immediate, chalets)
	e.edit(4001, func(p *platform.Property) { p.Status = platform.Is(platform.StatusActive) })
	e.sync()
	if r, err := e.svc.Check(); err != nil || r.Mails != 1 {
		t.Fatalf("back on the market: %+v %v", r, err)
	}
	if m := e.mails()[a.ID]; len(m) != 1 || !strings.Contains(m[0].Subject, "opnieuw") && !strings.Contains(m[0].Text, "Opnieuw") {
		t.Fatalf("back on the market mail: %+v", m)
	}

	token := e.svc.UnsubscribeToken(a.ID)
	for _, bad := range []string{"", token + "x", strings.Replace(token, ".", ".A", 1)} {
		if err := e.svc.UnsubscribeByToken(bad); err == nil {
			t.Errorf("token %q accepted", bad)
		}
	}
	if err := e.svc.UnsubscribeByToken(token); err != nil {
		t.Fatal(err)
	}
	e.edit(4001, func(p *platform.Property) { p.Price = 99000 })
	e.sync()
	if r, _ := e.svc.Check(); r.Mails != 0 || r.Accounts != 0 {
		t.Fatalf("alerted after unsubscribing: %+v", r)
	}
	p, err := e.svc.PreviewFor("back@example.be")
	if err != nil || p.Active || p.Matches == 0 || !slices.ContainsFunc(p.Listings, func(i mail.AlertItem) bool { return strings.Contains(i.URL, "/4001/") }) {
		t.Fatalf("preview: %+v %v", p, err)
	}
}

// Before the first sync there is nothing to compare with: the listings the
// first sync brings are nobody's news.
func TestFirstSyncIsNoNews(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	st := storetest.Open(t, langs...)
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := demands.New(demands.Options{Store: st, Texts: spec, Key: bytes.Repeat([]byte{1}, 32), Log: log, Language: listing.NL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Check(); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := st.AlertSnapshot(); err != nil || ok {
		t.Fatalf("a snapshot of an empty store was taken: %v %v", ok, err)
	}
}
