package accounts

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
)

// OwnerDirectory is the listing platform's owner logins (*platform.Client):
// with source.kind platform, owners log in with the username and password
// the agency gave them there, and their properties are the platform's.
type OwnerDirectory interface {
	CheckOwner(ctx context.Context, lang listing.Lang, email, password string) (int, error)
	OwnerProperties(ctx context.Context, lang listing.Lang, email string) ([]int, error)
	ForgetPassword(ctx context.Context, lang listing.Lang, email string) error
}

// ErrPlatformUnavailable means the platform could not check a login now.
var ErrPlatformUnavailable = errors.New("accounts: the platform cannot check the login now")

// platformTimeout bounds the platform's part of one login.
const platformTimeout = 20 * time.Second

// UseOwnerDirectory makes owners log in against the platform. Sessions,
// throttling and CSRF stay the site's; the password is never stored.
// afterLogin, when not nil, runs after each platform login before it
// answers (it may take up to the login's remaining time): the server
// fetches the owner's statistics then, so their first portal page has them.
func (s *Service) UseOwnerDirectory(d OwnerDirectory, afterLogin func(context.Context, store.Account)) {
	s.owners, s.afterPlatformLogin = d, afterLogin
}

// platformLogin checks an owner's platform login and keeps their account
// (created at the first login, without a password) in step with the
// platform's list of their properties.
func (s *Service) platformLogin(email, password string, a store.Account, known bool) (store.Account, error) {
	ctx, cancel := context.WithTimeout(context.Background(), platformTimeout)
	defer cancel()
	lang := listing.Lang(a.Lang)
	if lang == "" {
		lang = listing.NL
	}
	person, err := s.owners.CheckOwner(ctx, lang, email, password)
	if errors.Is(err, platform.ErrNotOwner) {
		return store.Account{}, ErrBadCredentials
	}
	if err != nil {
		s.log.Error("accounts: platform login", "err", err)
		return store.Account{}, ErrPlatformUnavailable
	}
	if s.afterPlatformLogin != nil {
		defer func() {
			if a.ID != 0 {
				s.afterPlatformLogin(ctx, a)
			}
		}()
	}
	props, err := s.owners.OwnerProperties(ctx, lang, email)
	if err != nil {
		// The properties they had stay theirs until the platform says.
		s.log.Warn("accounts: platform owner's properties", "err", err)
		props = a.Properties
	}
	if !known {
		a = store.Account{Kind: "owner", Email: email, Lang: string(lang), Properties: props, PlatformPersonID: person, CreatedAt: s.now().UTC()}
		if err := s.store.AddAccount(&a); err != nil {
			return store.Account{}, fmt.Errorf("accounts: add platform owner: %w", err)
		}
		s.log.Info("accounts: platform owner's first login", "account", a.ID, "properties", len(props))
		return a, nil
	}
	if a.PlatformPersonID == person && slices.Equal(a.Properties, props) {
		return a, nil
	}
	a, err = s.store.UpdateAccount(a.ID, func(u *store.Account) error {
		u.PlatformPersonID, u.Properties = person, props
		return nil
	})
	return a, err
}

// platformOwner reports whether a login goes to the platform: owners
// (known or not) when a directory is set; searchers are the site's own.
func (s *Service) platformOwner(a store.Account, known bool) bool {
	return s.owners != nil && (!known || a.Kind == "owner")
}
