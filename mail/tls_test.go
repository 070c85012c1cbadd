package mail_test

import (
	"context"
	"testing"
	"time"

	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/mail/smtptest"
)

// TestSendTLSAndAuth covers the transport settings against a server that really speaks them.
func TestSendTLSAndAuth(t *testing.T) {
	tests := []struct {
		name       string
		server     []smtptest.Option
		tls        string
		user, pass string
		trust      bool
		ok         bool
	}{
		{name: "starttls", server: []smtptest.Option{smtptest.WithSTARTTLS()}, tls: mail.TLSStartTLS, trust: true, ok: true},
		{name: "implicit tls", server: []smtptest.Option{smtptest.WithImplicitTLS()}, tls: mail.TLSImplicit, trust: true, ok: true},
		{name: "starttls and login", server: []smtptest.Option{smtptest.WithSTARTTLS(), smtptest.WithAuth("relay", "s3cret")},
			tls: mail.TLSStartTLS, user: "relay", pass: "s3cret", trust: true, ok: true},
		{name: "implicit tls and login", server: []smtptest.Option{smtptest.WithImplicitTLS(), smtptest.WithAuth("relay", "s3cret")},
			tls: mail.TLSImplicit, user: "relay", pass: "s3cret", trust: true, ok: true},
		{name: "plain login to localhost", server: []smtptest.Option{smtptest.WithAuth("relay", "s3cret")},
			tls: mail.TLSNone, user: "relay", pass: "s3cret", ok: true},
		{name: "wrong password", server: []smtptest.Option{smtptest.WithSTARTTLS(), smtptest.WithAuth("relay", "s3cret")},
			tls: mail.TLSStartTLS, user: "relay", pass: "guess", trust: true},
		{name: "login required but not configured", server: []smtptest.Option{smtptest.WithAuth("relay", "s3cret")},
			tls: mail.TLSNone},
		{name: "starttls required but not offered", tls: mail.TLSStartTLS},
		{name: "untrusted certificate", server: []smtptest.Option{smtptest.WithSTARTTLS()}, tls: mail.TLSStartTLS},
		{name: "implicit tls to a plain server", tls: mail.TLSImplicit},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := smtptest.Start(t, tc.server...)
			var opts []mail.Option
			if tc.trust {
				opts = append(opts, mail.WithTLSConfig(srv.ClientTLSConfig()))
			}
			sender, err := mail.NewSender(mail.Config{
				Host: srv.Host(), Port: srv.Port(), Username: tc.user, Password: tc.pass, TLS: tc.tls,
				From: agencyFrom, AgencyTo: agencyTo, Timeout: 3 * time.Second,
			}, opts...)
			if err != nil {
				t.Fatal(err)
			}
			err = sender.Send(context.Background(), mail.Message{
				ID: "tls-1", To: mail.Address{Email: "v@example.com"}, Subject: "s", Text: "t",
			})
			if tc.ok != (err == nil) {
				t.Fatalf("Send = %v, want success %v", err, tc.ok)
			}
			if err != nil && mail.IsPermanent(err) {
				t.Errorf("a transport or login failure is permanent: %v", err)
			}
			if want := map[bool]int{true: 1, false: 0}[tc.ok]; len(srv.Messages()) != want {
				t.Errorf("server got %d messages, want %d", len(srv.Messages()), want)
			}
		})
	}
}
