package accounts_test

import (
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/store"
)

// platformOwners is the accounts service with owners on the HTTP fake of
// the platform, which can be taken down.
func platformOwners(t *testing.T) (*accounts.Service, *store.Store, *fakeplatform.Server, *atomic.Bool) {
	t.Helper()
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	svc, st := newService(t, &now)
	ds, err := platform.LoadDir(filepath.Join("..", "testdata", "platform"))
	if err != nil {
		t.Fatal(err)
	}
	fake := fakeplatform.New(ds, "agency", "platform-pw-2026")
	fake.AddOwner(fakeplatform.Owner{Email: "Marc.Dubois@example.be", Password: "platform-secret", PersonID: 5501, Properties: []int{4003, 4030}})
	var down atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
			return
		}
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := platform.New(platform.Config{BaseURL: srv.URL, Customer: "agency", Password: "platform-pw-2026", RetryMax: -1, Timeout: 2 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	svc.UseOwnerDirectory(c, nil)
	return svc, st, fake, &down
}

func TestOwnerLogsInWithPlatformCredentials(t *testing.T) {
	svc, st, fake, down := platformOwners(t)

	token, a, err := svc.Login("marc.dubois@example.be", "platform-secret", "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != "owner" || a.PlatformPersonID != 5501 || !slices.Equal(a.Properties, []int{4003, 4030}) || a.PasswordHash != "" {
		t.Errorf("account %+v", a)
	}
	if s, err := svc.Session(token); err != nil || s.ID != a.ID {
		t.Errorf("session %+v, %v", s, err)
	}
	p, _ := fake.LastParams(platform.MethodCheckPersonLogin)
	if p.String("IsProprietors") != "true" {
		t.Errorf("CheckPersonLogin %v: owners only", p.Names())
	}

	t.Run("a wrong password", func(t *testing.T) {
		if _, _, err := svc.Login("marc.dubois@example.be", "guess", "192.0.2.1"); !errors.Is(err, accounts.ErrBadCredentials) {
			t.Errorf("err %v", err)
		}
	})
	t.Run("their properties follow the platform", func(t *testing.T) {
		fake.AddOwner(fakeplatform.Owner{Email: "marc.dubois@example.be", Password: "platform-secret", PersonID: 5501, Properties: []int{4003}})
		_, a2, err := svc.Login("marc.dubois@example.be", "platform-secret", "192.0.2.1")
		if err != nil || a2.ID != a.ID || !slices.Equal(a2.Properties, []int{4003}) {
			t.Errorf("account %+v, %v", a2, err)
		}
	})
	t.Run("the platform down", func(t *testing.T) {
		down.Store(true)
		defer down.Store(false)
		if _, _, err := svc.Login("marc.dubois@example.be", "platform-secret", "192.0.2.1"); !errors.Is(err, accounts.ErrPlatformUnavailable) {
			t.Errorf("err %v", err)
		}
		if a3, _ := st.AccountByEmail("marc.dubois@example.be"); !slices.Equal(a3.Properties, []int{4003}) {
			t.Errorf("properties %v lost while the platform was down", a3.Properties)
		}
	})
	t.Run("a searcher is the site's own", func(t *testing.T) {
		if _, err := svc.Create("searcher", "zoeker@example.be", "zoeker-wachtwoord", "nl", nil); err != nil {
			t.Fatal(err)
		}
		before := fake.Calls(platform.MethodCheckPersonLogin)
		if _, _, err := svc.Login("zoeker@example.be", "zoeker-wachtwoord", "192.0.2.2"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := svc.Login("zoeker@example.be", "wrong-password", "192.0.2.2"); !errors.Is(err, accounts.ErrBadCredentials) {
			t.Fatal(err)
		}
		if fake.Calls(platform.MethodCheckPersonLogin) != before {
			t.Error("a searcher's login went to the platform")
		}
	})
	t.Run("an owner added with the CLI keeps their password", func(t *testing.T) {
		if _, err := svc.Create("owner", "local@example.be", "local-password", "fr", []int{4001}); err != nil {
			t.Fatal(err)
		}
		if _, a, err := svc.Login("local@example.be", "local-password", "192.0.2.3"); err != nil || !slices.Equal(a.Properties, []int{4001}) {
			t.Errorf("%+v %v", a, err)
		}
	})
}

func TestPlatformOwnerResetGoesToThePlatform(t *testing.T) {
	svc, st, fake, _ := platformOwners(t)
	resets := accounts.NewResetMails(svc, st, mail.AgencyView{Name: "Ardenne Immo", BaseURL: "https://agency.example"},
		func(l listing.Lang, tok string) string {
			return "https://agency.example/" + string(l) + "/reset?t=" + tok
		}, nil, slog.New(slog.DiscardHandler))
	resets.RequestReset("marc.dubois@example.be", listing.FR)
	resets.Drain()
	w := fake.Writes(platform.MethodForgetPassword)
	if len(w) != 1 || w[0].Params.String("Email") != "marc.dubois@example.be" {
		t.Fatalf("GetPersonForgetPassword calls %+v", w)
	}
	if n, _, _ := st.OutboxSize(); n != 0 {
		t.Errorf("%d mails queued: the platform mails its own owners", n)
	}
}
