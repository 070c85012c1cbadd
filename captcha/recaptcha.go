package captcha

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// RecaptchaVerifyURL is Google's verification endpoint.
const RecaptchaVerifyURL = "https://www.google.com/recaptcha/api/siteverify"

// Recaptcha checks reCAPTCHA v3 tokens with Google, for agencies that
// configure a site key instead of the proof of work.
type Recaptcha struct {
	// SiteKey is public: the page's script needs it.
	SiteKey  string
	secret   string
	minScore float64
	// action is what the site's script names its token's action.
	action    string
	verifyURL string
	client    *http.Client
}

// NewRecaptcha returns a verifier; verifyURL "" means Google's.
func NewRecaptcha(siteKey, secret string, minScore float64, verifyURL string) (*Recaptcha, error) {
	if siteKey == "" || secret == "" {
		return nil, fmt.Errorf("captcha: reCAPTCHA needs a site key and a secret")
	}
	if verifyURL == "" {
		verifyURL = RecaptchaVerifyURL
	}
	return &Recaptcha{SiteKey: siteKey, secret: secret, minScore: minScore, action: "submit", verifyURL: verifyURL,
		client: &http.Client{Timeout: 10 * time.Second}}, nil
}

// Challenge tells the page which captcha to run and with which key.
func (r *Recaptcha) Challenge() (any, error) {
	return map[string]string{"provider": "recaptcha", "siteKey": r.SiteKey}, nil
}

// Verify asks Google about a token: it must be valid, for the site's
// action, and score at least the configured minimum.
func (r *Recaptcha) Verify(ctx context.Context, token string) error {
	if token == "" || len(token) > MaxPayloadLen {
		return fmt.Errorf("%w: no reCAPTCHA token", ErrInvalid)
	}
	form := url.Values{"secret": {r.secret}, "response": {token}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.verifyURL, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("captcha: recaptcha request: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := r.client.Do(req)
	if err != nil {
		return fmt.Errorf("captcha: recaptcha unreachable: %w", err)
	}
	defer resp.Body.Close()
	var answer struct {
		Success    bool     `json:"success"`
		Score      float64  `json:"score"`
		Action     string   `json:"action"`
		ErrorCodes []string `json:"error-codes"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&answer); err != nil {
		return fmt.Errorf("captcha: recaptcha answer: %w", err)
	}
	switch {
	case !answer.Success:
		return fmt.Errorf("%w: reCAPTCHA refused the token: %v", ErrInvalid, answer.ErrorCodes)
	case answer.Action != r.action:
		return fmt.Errorf("%w: reCAPTCHA token for action %q", ErrInvalid, answer.Action)
	case answer.Score < r.minScore:
		return fmt.Errorf("%w: reCAPTCHA score %.1f below %.1f", ErrInvalid, answer.Score, r.minScore)
	}
	return nil
}
