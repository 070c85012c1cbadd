package mail

import (
	"errors"
	"fmt"
	"net/mail"
	"time"
)

// TLS modes of Config.TLS.
const (
	TLSNone     = "none"     // plain SMTP, for a relay on the same host or network
	TLSStartTLS = "starttls" // STARTTLS is required: the password and the leads never cross in clear
	TLSImplicit = "tls"      // TLS from the first byte (SMTPS, usually port 465)
)

// DefaultTimeout bounds one Send when Config.Timeout is zero.
const DefaultTimeout = 30 * time.Second

// Config is the SMTP server the mails leave through (config keys mail.host, mail.port, …).
type Config struct {
	Host     string
	Port     int // 0: 25 for none, 587 for starttls, 465 for tls
	Username string
	Password string
	From     string // the sender address of every mail
	FromName string
	TLS      string // TLSNone, TLSStartTLS or TLSImplicit; empty means starttls
	Timeout  time.Duration
	AgencyTo string // where the agency's mails go
}

func (c Config) withDefaults() Config {
	if c.TLS == "" {
		c.TLS = TLSStartTLS
	}
	if c.Port == 0 {
		switch c.TLS {
		case TLSNone:
			c.Port = 25
		case TLSImplicit:
			c.Port = 465
		default:
			c.Port = 587
		}
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	return c
}

// Validate reports every setting that keeps mails from leaving, so the server refuses to start rather than
// collecting leads it cannot deliver.
func (c Config) Validate() error {
	c = c.withDefaults()
	var errs []error
	if c.Host == "" {
		errs = append(errs, errors.New("mail.host is empty"))
	}
	if c.Port < 1 || c.Port > 65535 {
		errs = append(errs, fmt.Errorf("mail.port %d is not a TCP port", c.Port))
	}
	switch c.TLS {
	case TLSNone, TLSStartTLS, TLSImplicit:
	default:
		errs = append(errs, fmt.Errorf("mail.tls %q is not none, starttls or tls", c.TLS))
	}
	if err := bareAddress(c.From); err != nil {
		errs = append(errs, fmt.Errorf("mail.from: %w", err))
	}
	if err := bareAddress(c.AgencyTo); err != nil {
		errs = append(errs, fmt.Errorf("mail.agencyTo: %w", err))
	}
	if c.Password != "" && c.Username == "" {
		errs = append(errs, errors.New("mail.password is set without mail.username"))
	}
	return errors.Join(errs...)
}

// bareAddress accepts an address alone ("info@example.be"), the form every address field of this package takes.
func bareAddress(s string) error {
	a, err := mail.ParseAddress(s)
	if err != nil {
		return fmt.Errorf("%q is not an email address: %w", s, err)
	}
	if a.Name != "" || a.Address != s {
		return fmt.Errorf("%q is not a bare email address", s)
	}
	return nil
}
