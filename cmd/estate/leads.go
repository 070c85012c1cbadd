package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"github.com/estate-agency/estate/captcha"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/store"
)

// spentCaptchas keeps accepted captcha solutions in the store, so a
// solution is accepted once even across a restart.
type spentCaptchas struct{ st *store.Store }

func (s spentCaptchas) Spend(_ context.Context, id string, until time.Time) (bool, error) {
	return s.st.SpendCaptcha(id, until, time.Now())
}

// challenger adapts the captcha service to the handler's interface.
type challenger struct{ *captcha.Service }

func (c challenger) Challenge() (any, error) { return c.Service.Challenge() }

// newCaptcha returns the forms' captcha as forms.captcha says; nil when off.
func newCaptcha(cfg config.Forms, st *store.Store) (httpd.Captcha, error) {
	if cfg.Captcha != "altcha" {
		return nil, nil
	}
	key := []byte(cfg.CaptchaKey)
	if len(key) == 0 {
		// Challenges then live as long as the process: one handed out
		// before a restart is refused after it, and the widget fetches another.
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, fmt.Errorf("captcha key: %w", err)
		}
	}
	svc, err := captcha.New(key, captcha.Options{Spent: spentCaptchas{st}})
	if err != nil {
		return nil, &config.KeyError{Key: "forms.captcha_key", Err: err}
	}
	return challenger{svc}, nil
}

// newLeads returns the form service over the app's store.
func newLeads(cfg config.Config, st *store.Store) (*leads.Service, error) {
	spec, err := leads.Load()
	if err != nil {
		return nil, err
	}
	return leads.NewService(spec, st, st, cfg.Source.Kind == "platform", nil), nil
}
