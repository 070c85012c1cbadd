package accounts_test

import (
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

func newService(t *testing.T, now *time.Time) (*accounts.Service, *store.Store) {
	t.Helper()
	st := storetest.Open(t, listing.NL)
	svc, err := accounts.New(st, slog.New(slog.DiscardHandler), func() time.Time { return *now })
	if err != nil {
		t.Fatal(err)
	}
	return svc, st
}

func TestLoginAndSessions(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	svc, st := newService(t, &now)
	owner, err := svc.Create("owner", "Eigenaar@Example.be", "juist-wachtwoord", "nl", []int{4030, 4010})
	if err != nil {
		t.Fatal(err)
	}
	if owner.PasswordHash == "juist-wachtwoord" || owner.Email != "eigenaar@example.be" {
		t.Fatalf("stored %+v", owner)
	}
	if _, err := svc.Create("owner", "eigenaar@example.be", "ander-wachtwoord", "nl", nil); !errors.Is(err, store.ErrExists) {
		t.Fatalf("same email twice: %v", err)
	}
	if _, err := svc.Create("searcher", "kort@example.be", "kort", "fr", nil); err == nil {
		t.Fatal("a 4-character password was accepted")
	}

	for _, tt := range []struct{ email, password string }{
		{"eigenaar@example.be", "fout-wachtwoord"},
		{"niemand@example.be", "juist-wachtwoord"},
	} {
		if _, _, err := svc.Login(tt.email, tt.password, "203.0.113.7"); !errors.Is(err, accounts.ErrBadCredentials) {
			t.Fatalf("%s: %v, want the same refusal for both", tt.email, err)
		}
	}

	first, a, err := svc.Login(" EIGENAAR@example.be ", "juist-wachtwoord", "203.0.113.7")
	if err != nil || a.ID != owner.ID {
		t.Fatalf("login: %v %+v", err, a)
	}
	second, _, _ := svc.Login("eigenaar@example.be", "juist-wachtwoord", "198.51.100.2")
	if first == second || len(first) < 40 {
		t.Fatalf("tokens %q and %q", first, second)
	}

	// Used every 20 minutes, a session lives 12 hours; left alone 30 minutes, it ends.
	for range 35 {
		now = now.Add(20 * time.Minute)
		if _, err := svc.Session(first); err != nil {
			t.Fatalf("at %s: %v", now, err)
		}
	}
	now = now.Add(20 * time.Minute) // 12 h 0 min after login
	if _, err := svc.Session(first); !errors.Is(err, accounts.ErrExpired) {
		t.Fatalf("after 12 hours: %v", err)
	}
	if _, err := svc.Session(second); !errors.Is(err, accounts.ErrExpired) {
		t.Fatalf("idle for 12 hours: %v", err)
	}

	third, _, _ := svc.Login("eigenaar@example.be", "juist-wachtwoord", "203.0.113.7")
	fourth, _, _ := svc.Login("eigenaar@example.be", "juist-wachtwoord", "203.0.113.8")
	if err := svc.Logout(third); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Session(third); !errors.Is(err, accounts.ErrExpired) {
		t.Fatalf("after logout: %v", err)
	}
	if _, err := svc.Session(fourth); err != nil {
		t.Fatalf("the other session: %v", err)
	}
	if n, err := svc.LogoutEverywhere(owner.ID); err != nil || n != 1 {
		t.Fatalf("logout everywhere: %d %v", n, err)
	}
	if _, err := svc.Session(fourth); !errors.Is(err, accounts.ErrExpired) {
		t.Fatalf("after logout everywhere: %v", err)
	}
	if _, err := svc.Session("forged-token"); !errors.Is(err, accounts.ErrExpired) {
		t.Fatalf("forged token: %v", err)
	}
	if _, err := st.Session([]byte(fourth)); !errors.Is(err, store.ErrNotFound) {
		t.Fatal("a raw token is a key of the store")
	}
}

func TestElevenWrongPasswordsAreThrottled(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	svc, _ := newService(t, &now)
	if _, err := svc.Create("owner", "an@example.be", "juist-wachtwoord", "nl", nil); err != nil {
		t.Fatal(err)
	}
	// From ten addresses, one minute apart (slower than the growing delay): the account locks.
	for i := range 10 {
		if _, _, err := svc.Login("an@example.be", "fout", "203.0.113."+string(rune('0'+i))); !errors.Is(err, accounts.ErrBadCredentials) {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
		now = now.Add(time.Minute)
	}
	_, _, err := svc.Login("an@example.be", "juist-wachtwoord", "198.51.100.1")
	var throttled *accounts.ThrottledError
	if !errors.As(err, &throttled) || throttled.Wait != 5*time.Minute {
		t.Fatalf("11th attempt, right password: %v", err)
	}
	now = now.Add(5 * time.Minute)
	if _, _, err := svc.Login("an@example.be", "juist-wachtwoord", "198.51.100.1"); err != nil {
		t.Fatalf("once the window moved on: %v", err)
	}

	// From one address against many accounts: the address locks.
	for i := range 10 {
		_, _, _ = svc.Login("user"+string(rune('a'+i))+"@example.be", "x", "192.0.2.9")
		now = now.Add(time.Minute)
	}
	if _, _, err := svc.Login("an@example.be", "juist-wachtwoord", "192.0.2.9"); !errors.As(err, &throttled) {
		t.Fatalf("the address after 10 failures: %v", err)
	}
}

// One used reset link, or a password changed otherwise, ends every other
// reset link of the account; another account's links and the address's
// pending demand confirmation stay.
func TestNewPasswordEndsTheOtherResetLinks(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name   string
		change func(svc *accounts.Service, id uint64, first string) error
	}{
		{"a reset by one of two links", func(svc *accounts.Service, _ uint64, first string) error {
			_, err := svc.Reset(first, "nieuw-wachtwoord-1")
			return err
		}},
		{"a password changed while logged in", func(svc *accounts.Service, id uint64, _ string) error {
			_, err := svc.SetPassword(id, "nieuw-wachtwoord-2")
			return err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			svc, st := newService(t, &now)
			a, err := svc.Create("searcher", "zoeker@example.be", "oud-wachtwoord", "nl", nil)
			if err != nil {
				t.Fatal(err)
			}
			other, err := svc.Create("searcher", "ander@example.be", "oud-wachtwoord", "nl", nil)
			if err != nil {
				t.Fatal(err)
			}
			first, _ := svc.NewResetToken(a.ID, time.Hour)
			second, _ := svc.NewResetToken(a.ID, time.Hour)
			others, _ := svc.NewResetToken(other.ID, time.Hour)
			pending := []byte("pending-confirmation-key-0123456")
			if err := st.PutDemandConfirmation(pending, store.DemandConfirmation{Email: a.Email, LeadID: 7, Expires: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			if err := tt.change(svc, a.ID, first); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Reset(second, "derde-wachtwoord"); !errors.Is(err, accounts.ErrResetInvalid) {
				t.Fatalf("the other link after the change: %v, want ErrResetInvalid", err)
			}
			if _, err := svc.Reset(others, "nieuw-voor-ander"); err != nil {
				t.Fatalf("another account's link: %v", err)
			}
			if c, err := st.TakeDemandConfirmation(pending); err != nil || c.LeadID != 7 {
				t.Fatalf("the pending demand confirmation: %+v %v", c, err)
			}
		})
	}
}
