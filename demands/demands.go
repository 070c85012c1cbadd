// Package demands keeps searchers' search demands ('keep me informed'):
// the alert account a demand register opens once the owner of its address
// confirms it by the link mailed there (confirm.go), its criteria, pause and
// unsubscribe, and the alert runs that mail matching listings after each
// sync. What matches is the alerts package's business; this package
// stores, schedules and mails.
package demands

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/alerts"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/store"
)

// Store is what demands need of the store.
type Store interface {
	AddAccount(a *store.Account) error
	Account(id uint64) (store.Account, error)
	Accounts() ([]store.Account, error)
	AccountByEmail(email string) (store.Account, error)
	UpdateAccount(id uint64, fn func(*store.Account) error) (store.Account, error)
	DeleteSessionsOf(accountID uint64) (int, error)
	DeleteResetTokensOf(accountID uint64) (int, error)
	PutDemandConfirmation(key []byte, c store.DemandConfirmation) error
	TakeDemandConfirmation(key []byte) (store.DemandConfirmation, error)
	Lead(id uint64) (store.Lead, error)
	QueueMessage(accountID uint64, kind string, msg json.RawMessage, now time.Time) error

	AlertSnapshot() (map[int]json.RawMessage, bool, error)
	SaveAlertSnapshot(map[int]json.RawMessage) error
	Unalerted(accountID uint64, keys []string) ([]string, error)
	AlertQueued(accountID uint64, keys []string, mails []json.RawMessage, digest map[string]json.RawMessage, now time.Time) error
	Digests() (map[uint64][]json.RawMessage, error)
	DigestSent(accountID uint64, mails []json.RawMessage, now time.Time) error

	EachActiveProperty(l listing.Lang, fn func(listing.Property) error) error
	Property(l listing.Lang, id int) (listing.Property, error)
	Types(l listing.Lang) ([]listing.PropertyType, error)
	leads.Towns
}

// Texts are the form contract's rules criteria follow (leads.Spec): its
// localized messages and what a postcode is.
type Texts interface {
	Message(lang, code string, args map[string]string) string
	Postcode(v string) (string, bool)
	ResolveTowns(items []string, towns leads.Towns) ([]string, *leads.Problem, error)
}

// Links are the site's absolute addresses the mails carry.
type Links struct {
	// Page is an internal page's address in a language ("/my-search/").
	Page func(internal string, lang listing.Lang) string
	// Property is a listing's detail address in a language.
	Property func(p listing.Property, lang listing.Lang) string
	// Base is the site's address, for the one-click unsubscribe link.
	Base string
}

// Options configure a Service.
type Options struct {
	Store    Store
	Texts    Texts
	Links    Links
	Agency   mail.AgencyView
	Language listing.Lang // the site's default language: the snapshot's and the fallback
	// Key signs unsubscribe links (32 bytes or more, kept across restarts).
	Key []byte
	// Wake tells the relay that mails wait.
	Wake func()
	// PlatformDemands: demands are registered at the platform too
	// (DemandRegister), so an unsubscribe ends them there as well.
	PlatformDemands bool
	Log             *slog.Logger
	Now             func() time.Time
}

// Service keeps search demands and sends their alerts.
type Service struct {
	opt Options
	// mu serializes alert runs: a change is checked and marked alerted in
	// one run, never two at once.
	mu     sync.Mutex
	notify chan struct{}
}

// New returns the service; Run starts its alert worker.
func New(opt Options) (*Service, error) {
	if len(opt.Key) < 32 {
		return nil, errors.New("demands: the unsubscribe key needs 32 bytes or more")
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &Service{opt: opt, notify: make(chan struct{}, 1)}, nil
}

// Frequencies of alert mails.
const (
	Immediate = "immediate"
	Daily     = "daily"
)

// CriteriaFromLead reads a demand register's stored fields as criteria.
func CriteriaFromLead(f map[string]any) alerts.Criteria {
	c := alerts.Criteria{
		Goal: str(f, "goal"), Budget: num(f, "budget"), MinPrice: num(f, "minPrice"), MaxPrice: num(f, "maxPrice"),
		MinRooms: num(f, "minRooms"), MinBathrooms: num(f, "minBathrooms"), MinGarages: num(f, "minGarages"),
		MinParkings: num(f, "minParkings"), Zips: strs(f, "zones"), TimeSlots: strs(f, "timeSlots"),
		Remark: str(f, "remark"),
	}
	c.Newsletter, _ = f["newsletter"].(bool)
	for _, t := range strs(f, "types") {
		if id, err := strconv.Atoi(t); err == nil {
			c.Types = append(c.Types, id)
		}
	}
	// The area comes as stored JSON: [][2]float64 fresh, []any after a
	// round trip through the store.
	if raw, err := json.Marshal(f["area"]); err == nil {
		var area [][2]float64
		if json.Unmarshal(raw, &area) == nil {
			c.Area = area
		}
	}
	c.Normalize()
	return c
}

func str(f map[string]any, k string) string {
	s, _ := f[k].(string)
	return s
}

func num(f map[string]any, k string) int {
	switch v := f[k].(type) {
	case float64:
		return int(v)
	case int:
		return v
	}
	return 0
}

func strs(f map[string]any, k string) []string {
	switch v := f[k].(type) {
	case []string:
		return v
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// Update implements httpd.Demands: checks and saves new criteria. Town
// names among the postcodes are saved as their postcodes, as the demand
// register does.
func (s *Service) Update(accountID uint64, raw json.RawMessage, frequency string) (store.Account, leads.Problems, error) {
	var c alerts.Criteria
	if err := json.Unmarshal(raw, &c); err != nil {
		return store.Account{}, leads.Problems{"criteria": {Code: "invalid"}}, nil
	}
	if len(c.Zips) <= alerts.MaxZips {
		zips, p, err := s.opt.Texts.ResolveTowns(c.Zips, s.opt.Store)
		if err != nil {
			return store.Account{}, nil, fmt.Errorf("demands: %w", err)
		}
		if p != nil {
			return store.Account{}, leads.Problems{"zips": *p}, nil
		}
		c.Zips = zips
	}
	c.Normalize()
	if codes := c.Check(); len(codes) > 0 {
		probs := leads.Problems{}
		for field, code := range codes {
			probs[field] = leads.Problem{Code: code}
		}
		return store.Account{}, probs, nil
	}
	clean, err := json.Marshal(c)
	if err != nil {
		return store.Account{}, nil, fmt.Errorf("demands: encode criteria: %w", err)
	}
	a, err := s.change(accountID, func(d *store.Demand) {
		d.Criteria, d.Frequency = clean, frequency
	})
	return a, nil, err
}

// SetPaused implements httpd.Demands; resuming also subscribes again.
func (s *Service) SetPaused(accountID uint64, paused bool) (store.Account, error) {
	return s.change(accountID, func(d *store.Demand) {
		d.Paused = paused
		if !paused {
			d.Unsubscribed = false
		}
	})
}

// Unsubscribe implements httpd.Demands.
func (s *Service) Unsubscribe(accountID uint64) (store.Account, error) {
	var already bool
	a, err := s.change(accountID, func(d *store.Demand) { already, d.Unsubscribed = d.Unsubscribed, true })
	if err != nil || already || !s.opt.PlatformDemands {
		return a, err
	}
	msg, err := leads.PlatformUnsubscribeMessage(leads.PlatformUnsubscribe{Email: a.Email, Lang: a.Lang})
	if err == nil {
		err = s.opt.Store.QueueMessage(a.ID, leads.KindPlatformUnsubscribe, msg, s.opt.Now())
	}
	if err != nil {
		return a, fmt.Errorf("demands: queue the platform's unsubscribe: %w", err)
	}
	if s.opt.Wake != nil {
		s.opt.Wake()
	}
	return a, nil
}

func (s *Service) change(accountID uint64, fn func(*store.Demand)) (store.Account, error) {
	a, err := s.opt.Store.UpdateAccount(accountID, func(a *store.Account) error {
		if a.Demand == nil {
			a.Demand = &store.Demand{Criteria: json.RawMessage(`{}`), Frequency: Immediate}
		}
		fn(a.Demand)
		a.Demand.UpdatedAt = s.opt.Now().UTC()
		return nil
	})
	if err != nil {
		return a, fmt.Errorf("demands: update account %d: %w", accountID, err)
	}
	return a, nil
}

// Message implements httpd.Demands: the text of a problem of field, with
// the bound that field has.
func (s *Service) Message(lang, field string, p leads.Problem) string {
	limit := alerts.MaxCount
	if field == "minPrice" || field == "maxPrice" || field == "budget" {
		limit = alerts.MaxPrice
	}
	args := map[string]string{"min": "0", "max": strconv.Itoa(limit)}
	maps.Copy(args, p.Args)
	return s.opt.Texts.Message(lang, p.Code, args)
}

// UnsubscribeToken is the signed token of an account's one-click
// unsubscribe link. It does not expire: a link in an old mail must work.
func (s *Service) UnsubscribeToken(accountID uint64) string {
	id := make([]byte, 8)
	binary.BigEndian.PutUint64(id, accountID)
	return base64.RawURLEncoding.EncodeToString(id) + "." + base64.RawURLEncoding.EncodeToString(s.mac(id))
}

func (s *Service) mac(id []byte) []byte {
	m := hmac.New(sha256.New, s.opt.Key)
	m.Write([]byte("unsubscribe\x00"))
	m.Write(id)
	return m.Sum(nil)[:16]
}

// UnsubscribeByToken implements httpd.Demands.
func (s *Service) UnsubscribeByToken(token string) error {
	idPart, macPart, ok := strings.Cut(token, ".")
	id, err1 := base64.RawURLEncoding.DecodeString(idPart)
	sum, err2 := base64.RawURLEncoding.DecodeString(macPart)
	if !ok || err1 != nil || err2 != nil || len(id) != 8 || !hmac.Equal(sum, s.mac(id)) {
		return accounts.ErrBadUnsubscribeLink
	}
	accountID := binary.BigEndian.Uint64(id)
	_, err := s.Unsubscribe(accountID)
	if errors.Is(err, store.ErrNotFound) {
		return accounts.ErrBadUnsubscribeLink // erased since
	}
	if err == nil {
		s.opt.Log.Info("demands: unsubscribed by link", "account", accountID)
	}
	return err
}
