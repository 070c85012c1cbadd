package demands_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/demands"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

// confirmEnv is a demands service over a fresh store, at a time the test moves.
type confirmEnv struct {
	t     *testing.T
	now   time.Time
	store *store.Store
	svc   *demands.Service
}

func newConfirmEnv(t *testing.T) *confirmEnv {
	t.Helper()
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	e := &confirmEnv{t: t, now: time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC), store: storetest.Open(t, langs...)}
	e.svc, err = demands.New(demands.Options{
		Store: e.store, Texts: spec, Key: bytes.Repeat([]byte{1}, 32), Log: slog.New(slog.DiscardHandler), Language: listing.NL,
		Links: demands.Links{Base: "https://site.example",
			Page: func(internal string, l listing.Lang) string { return "https://site.example/" + string(l) + internal }},
		Now: func() time.Time { return e.now },
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// register stores a demand register of the address with a password and a
// budget, as the form does, and returns its lead with its id.
func (e *confirmEnv) register(email, password string, budget float64) store.Lead {
	e.t.Helper()
	hash, err := accounts.Hash(password)
	if err != nil {
		e.t.Fatal(err)
	}
	l := store.Lead{Form: "demand-register", Lang: "fr", Email: email, Received: e.now, Fields: map[string]any{
		"firstName": "Anne", "lastName": "Dubois", "goal": "buy", "zones": []any{"5550"}, "budget": budget, "passwordHash": hash,
	}}
	id, err := e.store.AddLead(store.NewLead{Lead: l, Kinds: []string{leads.KindAgency, leads.KindVisitor}}, e.now)
	if err != nil {
		e.t.Fatal(err)
	}
	l.ID = id
	return l
}

// link makes the lead's confirmation and returns the token of its link.
func (e *confirmEnv) link(l store.Lead) (string, bool) {
	e.t.Helper()
	v, ok, err := e.svc.Confirmation(l)
	if err != nil {
		e.t.Fatal(err)
	}
	if !ok {
		return "", false
	}
	prefix := "https://site.example/fr" + demands.ConfirmPage + "#token="
	if !strings.HasPrefix(v.ConfirmURL, prefix) || v.LoginURL != "https://site.example/fr/login/" ||
		v.ProfileURL != "https://site.example/fr/my-search/" || v.Email != l.Email || v.ValidFor != demands.ConfirmValidity {
		e.t.Fatalf("confirmation %+v", v)
	}
	return strings.TrimPrefix(v.ConfirmURL, prefix), true
}

func budgetOf(t *testing.T, a store.Account) float64 {
	t.Helper()
	var c map[string]any
	if err := json.Unmarshal(a.Demand.Criteria, &c); err != nil {
		t.Fatal(err)
	}
	return c["budget"].(float64)
}

// Someone registering another person's address opens nothing: the account
// opens only by the link mailed to the address, and the owner's own later
// registration replaces the pending one, whose link then fails.
func TestDemandRegisterOpensTheAccountOnlyOnceConfirmed(t *testing.T) {
	e := newConfirmEnv(t)
	const email = "anne@example.be"
	attacker := e.register(email, "mot-de-passe-du-pirate", 999)
	attackerLink, ok := e.link(attacker)
	if !ok {
		t.Fatal("no confirmation for a new address")
	}
	if _, err := e.store.AccountByEmail(email); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an account before the confirmation: %v", err)
	}
	owner := e.register(email, "le-mot-de-passe-d-anne", 180000)
	ownerLink, _ := e.link(owner)
	if _, err := e.svc.Confirm(attackerLink); !errors.Is(err, accounts.ErrConfirmInvalid) {
		t.Fatalf("the older link after a newer registration: %v", err)
	}
	if _, ok := e.link(attacker); ok {
		t.Fatal("a late retry of the older registration's mail made a link")
	}
	a, err := e.svc.Confirm(ownerLink)
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != "searcher" || a.Lang != "fr" || a.Name != "Anne Dubois" || !a.Demand.Active() || budgetOf(t, a) != 180000 {
		t.Fatalf("account %+v %s", a, a.Demand.Criteria)
	}
	accts, _ := accounts.New(e.store, slog.New(slog.DiscardHandler), nil)
	if _, _, err := accts.Login(email, "mot-de-passe-du-pirate", "203.0.113.9"); err == nil {
		t.Fatal("the attacker's password logs in")
	}
	if _, _, err := accts.Login(email, "le-mot-de-passe-d-anne", "203.0.113.9"); err != nil {
		t.Fatalf("the owner's password: %v", err)
	}
	if _, err := e.svc.Confirm(ownerLink); !errors.Is(err, accounts.ErrConfirmInvalid) {
		t.Fatalf("the link used twice: %v", err)
	}
}

// A confirmed account's password and criteria change only by the link of a
// new registration, within its validity; confirming ends its sessions and
// reset links.
func TestRegisteringAgainNeedsAConfirmationToo(t *testing.T) {
	for _, tt := range []struct {
		name      string
		wait      time.Duration
		confirmed bool
	}{
		{"confirmed within the validity", demands.ConfirmValidity - time.Minute, true},
		{"the link expired", demands.ConfirmValidity, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := newConfirmEnv(t)
			const email = "anne@example.be"
			first, _ := e.link(e.register(email, "le-mot-de-passe-d-anne", 180000))
			opened, err := e.svc.Confirm(first)
			if err != nil {
				t.Fatal(err)
			}
			accts, _ := accounts.New(e.store, slog.New(slog.DiscardHandler), func() time.Time { return e.now })
			session, _, err := accts.Login(email, "le-mot-de-passe-d-anne", "203.0.113.9")
			if err != nil {
				t.Fatal(err)
			}
			reset, _ := accts.NewResetToken(opened.ID, 3*24*time.Hour)

			again := e.register(email, "un-autre-mot-de-passe", 250000)
			v, ok, err := e.svc.Confirmation(again)
			if err != nil || !ok || !v.Existing {
				t.Fatalf("confirmation for an existing account: %+v %v %v", v, ok, err)
			}
			token := v.ConfirmURL[strings.Index(v.ConfirmURL, "#token=")+len("#token="):]
			if a, _ := e.store.AccountByEmail(email); a.PasswordHash != opened.PasswordHash || budgetOf(t, a) != 180000 {
				t.Fatal("registering again changed the account before any confirmation")
			}
			e.now = e.now.Add(tt.wait)
			a, err := e.svc.Confirm(token)
			if !tt.confirmed {
				if !errors.Is(err, accounts.ErrConfirmInvalid) {
					t.Fatalf("an expired link: %v", err)
				}
				if a, _ := e.store.AccountByEmail(email); a.PasswordHash != opened.PasswordHash || budgetOf(t, a) != 180000 {
					t.Fatal("an expired link changed the account")
				}
				return
			}
			if err != nil || a.ID != opened.ID || budgetOf(t, a) != 250000 || a.PasswordHash == opened.PasswordHash {
				t.Fatalf("renewed account %+v %v", a, err)
			}
			if _, err := accts.Session(session); !errors.Is(err, accounts.ErrExpired) {
				t.Fatalf("the session of the old password: %v", err)
			}
			if _, err := accts.Reset(reset, "encore-un-autre"); !errors.Is(err, accounts.ErrResetInvalid) {
				t.Fatalf("a reset link of before: %v", err)
			}
		})
	}
}
