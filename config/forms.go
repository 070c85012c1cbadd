package config

import (
	"net/mail"
	"time"
)

// Mail is how the site sends mail (mail.*).
type Mail struct {
	// Host is the SMTP server; empty writes each mail as a .eml file under
	// Dir instead (the demo and development: nothing leaves the machine).
	Host     string // mail.host
	Port     int    // mail.port
	Username string // mail.username
	Password string // mail.password (environment only: ESTATE_MAIL_PASSWORD)
	// TLS is "starttls" (submission, port 587), "tls" (port 465) or "none" (a local relay).
	TLS      string        // mail.tls
	Timeout  time.Duration // mail.timeout
	From     string        // mail.from: the envelope and From address
	FromName string        // mail.from_name: "" means the agency's name
	// AgencyTo receives the leads; "" means the agency's email (site.agency.email).
	AgencyTo string // mail.agency_to
	Dir      string // mail.dir: where mails go without Host; "" means {storage.dir}/mail
	Retry    Retry
}

// Retry is the outbox relay's policy (mail.retry.*).
type Retry struct {
	MaxAttempts int           // mail.retry.max_attempts: failures before the dead letters
	Base        time.Duration // mail.retry.base: the first wait, doubled at each failure
	Max         time.Duration // mail.retry.max: the longest wait
}

// Forms tunes what visitors may send (forms.*).
type Forms struct {
	// RatePerMinute and Burst bound one address's submissions.
	RatePerMinute int // forms.rate_per_minute
	Burst         int // forms.burst
	// Captcha is "altcha" (proof of work, no third party), "recaptcha"
	// (Google reCAPTCHA v3 with site.analytics.recaptcha_site_key and the
	// secret) or "off" (tests and load runs only); "auto" in the file
	// becomes recaptcha when the site key is set, else altcha.
	Captcha string // forms.captcha
	// CaptchaKey signs the ALTCHA challenges (environment only:
	// ESTATE_FORMS_CAPTCHA_KEY); empty means a random key per start.
	CaptchaKey        string  // forms.captcha_key
	RecaptchaSecret   string  // forms.recaptcha.secret (environment only)
	RecaptchaMinScore float64 // forms.recaptcha.min_score
	// RetentionDays is how long leads are kept (default 3 years).
	RetentionDays int // forms.retention_days
}

func formDefaults() map[string]any {
	return map[string]any{
		"mail.host":                 "",
		"mail.port":                 587,
		"mail.username":             "",
		"mail.password":             "",
		"mail.tls":                  "starttls",
		"mail.timeout":              "30s",
		"mail.from":                 "",
		"mail.from_name":            "",
		"mail.agency_to":            "",
		"mail.dir":                  "",
		"mail.retry.max_attempts":   10,
		"mail.retry.base":           "30s",
		"mail.retry.max":            "1h",
		"forms.rate_per_minute":     10,
		"forms.burst":               20,
		"forms.captcha":             "altcha",
		"forms.captcha_key":         "",
		"forms.recaptcha.secret":    "",
		"forms.recaptcha.min_score": 0.5,
		"forms.retention_days":      1095,
	}
}

func (p *parser) mail() Mail {
	m := Mail{
		Host:     p.str("mail.host"),
		Port:     p.intRange("mail.port", 1, 65535),
		Username: p.str("mail.username"),
		Password: p.raw("mail.password"),
		TLS:      p.oneOf("mail.tls", "starttls", "tls", "none"),
		Timeout:  p.duration("mail.timeout"),
		From:     p.str("mail.from"),
		FromName: p.str("mail.from_name"),
		AgencyTo: p.str("mail.agency_to"),
		Dir:      p.str("mail.dir"),
		Retry: Retry{
			MaxAttempts: p.intRange("mail.retry.max_attempts", 1, 100),
			Base:        p.duration("mail.retry.base"),
			Max:         p.duration("mail.retry.max"),
		},
	}
	for _, k := range []struct{ key, val string }{{"mail.from", m.From}, {"mail.agency_to", m.AgencyTo}} {
		if k.val == "" {
			continue
		}
		if a, err := mail.ParseAddress(k.val); err != nil || a.Name != "" {
			p.fail(k.key, "%q is not a plain email address", k.val)
		}
	}
	if m.Host != "" && m.From == "" {
		p.fail("mail.from", "must be set when mail.host is")
	}
	if m.Retry.Base <= 0 {
		p.fail("mail.retry.base", "must be more than 0")
	}
	if m.Retry.Max < m.Retry.Base {
		p.fail("mail.retry.max", "must be at least mail.retry.base")
	}
	return m
}

// forms reads forms.*; siteKey is site.analytics.recaptcha_site_key.
func (p *parser) forms(siteKey string) Forms {
	f := Forms{
		RatePerMinute:     p.intRange("forms.rate_per_minute", 0, 100000),
		Burst:             p.intRange("forms.burst", 1, 100000),
		Captcha:           p.oneOf("forms.captcha", "auto", "altcha", "recaptcha", "off"),
		CaptchaKey:        p.raw("forms.captcha_key"),
		RecaptchaSecret:   p.raw("forms.recaptcha.secret"),
		RecaptchaMinScore: p.floatRange("forms.recaptcha.min_score", 0, 1),
		RetentionDays:     p.intRange("forms.retention_days", 1, 36500),
	}
	if n := len(f.CaptchaKey); n > 0 && n < 32 {
		p.fail("forms.captcha_key", "has %d bytes; use 32 or more random bytes", n)
	}
	if f.Captcha == "auto" {
		f.Captcha = "altcha"
		if siteKey != "" {
			f.Captcha = "recaptcha"
		}
	}
	if f.Captcha == "recaptcha" {
		if siteKey == "" {
			p.fail("site.analytics.recaptcha_site_key", "must be set when forms.captcha is recaptcha")
		}
		if f.RecaptchaSecret == "" {
			p.fail("forms.recaptcha.secret", "must be set (ESTATE_FORMS_RECAPTCHA_SECRET) when forms.captcha is recaptcha")
		}
	}
	return f
}
