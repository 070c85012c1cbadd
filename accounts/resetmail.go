package accounts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/store"
)

// ResetStore is what reset mails need of the store.
type ResetStore interface {
	AccountByEmail(email string) (store.Account, error)
	QueueMessage(accountID uint64, kind string, msg json.RawMessage, now time.Time) error
}

// ResetMails mails password reset links. RequestReset only queues the
// address: a worker looks it up and mails, so the person asking learns
// nothing from how long the answer takes.
type ResetMails struct {
	svc    *Service
	store  ResetStore
	agency mail.AgencyView
	// link is the reset page's absolute address in lang for a token.
	link  func(lang listing.Lang, token string) string
	wake  func()
	log   *slog.Logger
	queue chan resetJob
	// perEmail bounds the mails one address receives, so the form cannot
	// be used to flood someone's mailbox.
	perEmail *throttle
}

type resetJob struct {
	email string
	lang  listing.Lang
}

// resetMailsPerHour is how many reset mails an address receives at most
// in an hour.
const resetMailsPerHour = 3

// NewResetMails returns the reset mailer; Run starts its worker. wake tells
// the relay a mail waits.
func NewResetMails(svc *Service, st ResetStore, agency mail.AgencyView, link func(listing.Lang, string) string, wake func(), log *slog.Logger) *ResetMails {
	return &ResetMails{svc: svc, store: st, agency: agency, link: link, wake: wake, log: log,
		queue: make(chan resetJob, 256), perEmail: newThrottle(resetMailsPerHour, time.Hour)}
}

// RequestReset queues a reset for the address; it never blocks (a full
// queue drops the request, which the person may repeat).
func (r *ResetMails) RequestReset(email string, lang listing.Lang) {
	select {
	case r.queue <- resetJob{email: email, lang: lang}:
	default:
		r.log.Warn("accounts: reset queue full, request dropped")
	}
}

// Run mails the queued resets until ctx ends.
func (r *ResetMails) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			r.Drain()
			return
		case j := <-r.queue:
			if err := r.send(j); err != nil {
				r.log.Error("accounts: reset mail", "err", err)
			}
		}
	}
}

// Drain mails what is queued now and returns: at shutdown, and in tests.
func (r *ResetMails) Drain() {
	for {
		select {
		case j := <-r.queue:
			if err := r.send(j); err != nil {
				r.log.Error("accounts: reset mail", "err", err)
			}
		default:
			return
		}
	}
}

func (r *ResetMails) send(j resetJob) error {
	now := r.svc.now()
	if r.perEmail.wait(j.email, now) > 0 {
		r.log.Info("accounts: reset mail limit reached for an address")
		return nil
	}
	r.perEmail.fail(j.email, now)
	a, err := r.store.AccountByEmail(j.email)
	if known := err == nil; r.svc.platformOwner(a, known) && (!known || a.PasswordHash == "") &&
		(err == nil || errors.Is(err, store.ErrNotFound)) {
		// A platform owner's password is the platform's: it mails them.
		ctx, cancel := context.WithTimeout(context.Background(), platformTimeout)
		defer cancel()
		if err := r.svc.owners.ForgetPassword(ctx, j.lang, j.email); err != nil {
			return fmt.Errorf("platform password reset: %w", err)
		}
		r.log.Info("accounts: password reset handed to the platform")
		return nil
	}
	if errors.Is(err, store.ErrNotFound) {
		// The spec's 'person not found' is for the log only.
		r.log.Info("accounts: password reset for an unknown address")
		return nil
	}
	if err != nil {
		return fmt.Errorf("read account: %w", err)
	}
	if err := r.Mail(a, j.lang, ResetValidity); err != nil {
		return err
	}
	r.log.Info("accounts: reset mail queued", "account", a.ID)
	return nil
}

// Mail queues a mail with a link to choose a password, valid for validFor,
// to the account in lang (a reset, or the setup link of a new owner).
func (r *ResetMails) Mail(a store.Account, lang listing.Lang, validFor time.Duration) error {
	token, err := r.svc.NewResetToken(a.ID, validFor)
	if err != nil {
		return err
	}
	subject, text, html, err := mail.RenderPasswordReset(string(lang), mail.ResetView{
		Agency: r.agency, ResetURL: r.link(lang, token), ValidFor: validFor,
	})
	if err != nil {
		return fmt.Errorf("render reset mail: %w", err)
	}
	msg, err := json.Marshal(mail.Message{To: mail.Address{Name: a.Name, Email: a.Email}, Subject: subject, Text: text, HTML: html})
	if err != nil {
		return fmt.Errorf("encode reset mail: %w", err)
	}
	if err := r.store.QueueMessage(a.ID, "password-reset", msg, r.svc.now()); err != nil {
		return fmt.Errorf("queue reset mail: %w", err)
	}
	if r.wake != nil {
		r.wake()
	}
	return nil
}
