package mail_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/mail/smtptest"
)

func TestFileSender(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mail")
	fs, err := mail.NewFileSender(dir, mail.Address{Name: "Ardenne Immo", Email: agencyFrom})
	if err != nil {
		t.Fatal(err)
	}
	m := mail.Message{
		ID: "lead-7.2", To: mail.Address{Name: "Anna", Email: "anna@example.com"},
		ReplyTo: mail.Address{Email: agencyTo}, Subject: "Bevestiging\r\nBcc: victim@example.com", Text: "Tekst", HTML: "<p>Tekst</p>",
	}
	// A retry after a lost answer must leave one file, not two.
	for range 2 {
		if err := fs.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "lead-7.2.eml" {
		t.Fatalf("files %v, want lead-7.2.eml alone", entries)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "lead-7.2.eml"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := smtptest.Received{Data: raw}.Parse()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Header["Bcc"]; ok {
		t.Error("the subject added a Bcc header")
	}
	if p.Header.Get("Message-Id") != "<lead-7.2@ardennes-immo.example>" || p.Text() != "Tekst" || p.HTML() != "<p>Tekst</p>" {
		t.Errorf("file holds %q / %q / %q", p.Header.Get("Message-Id"), p.Text(), p.HTML())
	}
	assertAddress(t, p, "To", mail.Address{Name: "Anna", Email: "anna@example.com"})

	m.To.Email = "nobody"
	if err := fs.Send(context.Background(), m); !mail.IsPermanent(err) {
		t.Errorf("invalid message: %v, want a permanent error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := fs.Send(ctx, m); err == nil || mail.IsPermanent(err) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := mail.NewFileSender(dir, mail.Address{Email: "not an address"}); err == nil {
		t.Error("NewFileSender accepted a bad sender")
	}
}
