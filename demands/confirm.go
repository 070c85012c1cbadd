package demands

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/store"
)

// ConfirmValidity is how long the link of a demand register's confirmation
// mail works: long enough for a weekend away from the mailbox.
const ConfirmValidity = 48 * time.Hour

// ConfirmPage is the internal page the confirmation link opens; the token
// travels in the address's #fragment, which browsers never send.
const ConfirmPage = "/demand-confirm/"

// Confirmation implements leads.Confirmations: a new single-use link that
// opens (or, for an address with an alert account, updates) the account of
// a demand-register lead, replacing the older links of the address. ok is
// false when the lead's mail is not to go: the address belongs to another
// kind of account (an owner), or a newer registration of the address waits.
func (s *Service) Confirmation(l store.Lead) (mail.ConfirmView, bool, error) {
	existing := false
	switch a, err := s.opt.Store.AccountByEmail(l.Email); {
	case err == nil && a.Kind != "searcher":
		s.opt.Log.Info("demands: demand register for an address with another kind of account", "lead", l.ID)
		return mail.ConfirmView{}, false, nil
	case err == nil:
		existing = true
	case !errors.Is(err, store.ErrNotFound):
		return mail.ConfirmView{}, false, fmt.Errorf("demands: read account: %w", err)
	}
	token, err := accounts.NewToken()
	if err != nil {
		return mail.ConfirmView{}, false, err
	}
	c := store.DemandConfirmation{Email: l.Email, LeadID: l.ID, Expires: s.opt.Now().Add(ConfirmValidity).UTC()}
	switch err := s.opt.Store.PutDemandConfirmation(accounts.TokenKey(token), c); {
	case errors.Is(err, store.ErrSuperseded):
		s.opt.Log.Info("demands: a newer demand register of the address waits", "lead", l.ID)
		return mail.ConfirmView{}, false, nil
	case err != nil:
		return mail.ConfirmView{}, false, fmt.Errorf("demands: store the confirmation: %w", err)
	}
	lang := listing.Lang(l.Lang)
	return mail.ConfirmView{
		ConfirmURL: s.opt.Links.Page(ConfirmPage, lang) + "#token=" + token, ValidFor: ConfirmValidity,
		LoginURL: s.opt.Links.Page("/login/", lang), ProfileURL: s.opt.Links.Page("/my-search/", lang),
		Email: l.Email, Existing: existing,
	}, true, nil
}

// Confirm implements httpd.Demands: the link of a confirmation mail opens
// the alert account of its lead with the password and criteria it was
// sent with, or gives them to the address's alert account, ending that
// account's sessions and reset links. accounts.ErrConfirmInvalid when the
// link is unknown, used, replaced by a newer registration or expired.
func (s *Service) Confirm(token string) (store.Account, error) {
	if token == "" {
		return store.Account{}, accounts.ErrConfirmInvalid
	}
	c, err := s.opt.Store.TakeDemandConfirmation(accounts.TokenKey(token))
	if errors.Is(err, store.ErrNotFound) {
		return store.Account{}, accounts.ErrConfirmInvalid
	}
	if err != nil {
		return store.Account{}, fmt.Errorf("demands: read the confirmation: %w", err)
	}
	if !s.opt.Now().Before(c.Expires) {
		return store.Account{}, accounts.ErrConfirmInvalid
	}
	l, err := s.opt.Store.Lead(c.LeadID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Account{}, accounts.ErrConfirmInvalid // erased since
	}
	if err != nil {
		return store.Account{}, fmt.Errorf("demands: read lead %d: %w", c.LeadID, err)
	}
	hash, _ := l.Fields["passwordHash"].(string)
	raw, err := json.Marshal(CriteriaFromLead(l.Fields))
	if err != nil || hash == "" {
		return store.Account{}, fmt.Errorf("demands: lead %d has no account to open: %v", l.ID, err)
	}
	now := s.opt.Now().UTC()
	a := store.Account{
		Kind: "searcher", Email: l.Email, PasswordHash: hash, Lang: l.Lang, CreatedAt: now, Name: leads.PersonName(l),
		Demand: &store.Demand{Criteria: raw, Frequency: Immediate, LeadID: l.ID, UpdatedAt: now},
	}
	err = s.opt.Store.AddAccount(&a)
	switch {
	case err == nil:
		s.opt.Log.Info("demands: alert account opened", "account", a.ID, "lead", l.ID)
		return a, nil
	case !errors.Is(err, store.ErrExists):
		return store.Account{}, fmt.Errorf("demands: open alert account: %w", err)
	}
	old, err := s.opt.Store.AccountByEmail(l.Email)
	if err != nil {
		return store.Account{}, fmt.Errorf("demands: read account: %w", err)
	}
	if old.Kind != "searcher" {
		return store.Account{}, accounts.ErrConfirmInvalid
	}
	a, err = s.opt.Store.UpdateAccount(old.ID, func(a *store.Account) error {
		a.PasswordHash, a.Lang = hash, l.Lang
		if n := leads.PersonName(l); n != "" {
			a.Name = n
		}
		if a.Demand == nil {
			a.Demand = &store.Demand{Frequency: Immediate}
		}
		// A new registration asks for alerts again.
		a.Demand.Criteria, a.Demand.LeadID, a.Demand.UpdatedAt = raw, l.ID, now
		a.Demand.Paused, a.Demand.Unsubscribed = false, false
		return nil
	})
	if err != nil {
		return store.Account{}, fmt.Errorf("demands: update account %d: %w", old.ID, err)
	}
	// A new password: whoever was logged in with the old one, or holds a
	// link to choose another, is out.
	if _, err := s.opt.Store.DeleteSessionsOf(a.ID); err != nil {
		return a, fmt.Errorf("demands: end sessions: %w", err)
	}
	if _, err := s.opt.Store.DeleteResetTokensOf(a.ID); err != nil {
		return a, fmt.Errorf("demands: end reset links: %w", err)
	}
	s.opt.Log.Info("demands: alert account renewed by a confirmed demand register", "account", a.ID, "lead", l.ID)
	return a, nil
}
