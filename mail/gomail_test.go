package mail

import (
	"context"
	"net/mail"
	"testing"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/estate-agency/estate/mail/smtptest"
)

// TestGoMailEncodesLineBreaks checks the second line of defence on its own: even without build's folding,
// go-mail writes a name or subject holding CRLF as an encoded word, so it cannot start a header.
func TestGoMailEncodesLineBreaks(t *testing.T) {
	srv := smtptest.Start(t)
	msg := gomail.NewMsg()
	if err := msg.From("noreply@ardennes-immo.example"); err != nil {
		t.Fatal(err)
	}
	msg.ToMailAddress(&mail.Address{Name: "Eve\r\nBcc: victim@example.com", Address: "visitor@example.com"})
	msg.Subject("Hi\r\nBcc: victim@example.com\r\nX-Injected: yes")
	msg.SetBodyString(gomail.TypeTextPlain, "Body")
	c, err := gomail.NewClient(srv.Host(), gomail.WithPort(srv.Port()), gomail.WithTLSPolicy(gomail.NoTLS),
		gomail.WithTimeout(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.DialAndSendWithContext(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	got := srv.Messages()
	if len(got) != 1 || len(got[0].To) != 1 || got[0].To[0] != "visitor@example.com" {
		t.Fatalf("received %+v", got)
	}
	p, err := got[0].Parse()
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"Bcc", "X-Injected"} {
		if _, ok := p.Header[h]; ok {
			t.Errorf("header %s was injected:\n%s", h, got[0].Data)
		}
	}
	if s := p.Subject(); s != "Hi\r\nBcc: victim@example.com\r\nX-Injected: yes" {
		t.Errorf("subject decodes to %q", s)
	}
}
