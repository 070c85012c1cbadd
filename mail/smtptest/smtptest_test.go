package smtptest_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/estate-agency/estate/mail/smtptest"
)

// send speaks plain SMTP: smtp.SendMail insists on STARTTLS, which a loopback test server has no need for.
func send(addr, to, body string) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	msg := "From: a@example.com\r\nTo: " + to + "\r\nSubject: " + body + "\r\n\r\n" + body + "\r\n"
	if err := c.SendMail("a@example.com", []string{to}, strings.NewReader(msg)); err != nil {
		return err
	}
	return c.Quit()
}

func TestConcurrentDelivery(t *testing.T) {
	srv := smtptest.Start(t)
	const n = 40
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			errs <- send(srv.Addr(), fmt.Sprintf("r%d@example.com", i), fmt.Sprintf("m%d", i))
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got := srv.WaitMessages(n, 5*time.Second)
	if len(got) != n {
		t.Fatalf("got %d messages, want %d", len(got), n)
	}
	seen := map[string]bool{}
	for _, r := range got {
		p, err := r.Parse()
		if err != nil {
			t.Fatal(err)
		}
		if len(r.To) != 1 || r.From != "a@example.com" || p.Header.Get("To") != r.To[0] {
			t.Errorf("envelope %s → %v, header To %q", r.From, r.To, p.Header.Get("To"))
		}
		seen[p.Subject()] = true
	}
	if len(seen) != n {
		t.Errorf("%d distinct messages, want %d", len(seen), n)
	}
}

func TestSetFailing(t *testing.T) {
	tests := []struct {
		code int
		temp bool
	}{{451, true}, {421, true}, {550, false}, {554, false}}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.code), func(t *testing.T) {
			srv := smtptest.Start(t)
			srv.SetFailing(tc.code)
			err := send(srv.Addr(), "r@example.com", "x")
			var se *smtp.SMTPError
			if !errors.As(err, &se) || se.Code != tc.code || se.Temporary() != tc.temp {
				t.Fatalf("send = %v, want SMTP %d", err, tc.code)
			}
			srv.SetFailing(0)
			if err := send(srv.Addr(), "r@example.com", "x"); err != nil {
				t.Fatal(err)
			}
			if got := len(srv.Messages()); got != 1 {
				t.Errorf("got %d messages, want only the accepted one", got)
			}
		})
	}
}

func TestSetFailingData(t *testing.T) {
	srv := smtptest.Start(t)
	srv.SetFailingData(554)
	var se *smtp.SMTPError
	if err := send(srv.Addr(), "r@example.com", "x"); !errors.As(err, &se) || se.Code != 554 {
		t.Fatalf("send = %v, want 554 at the end of data", err)
	}
	srv.SetFailingData(0)
	if err := send(srv.Addr(), "r@example.com", "x"); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Messages()); n != 1 {
		t.Errorf("got %d messages, want only the accepted one", n)
	}
}

func TestFailingAtData(t *testing.T) {
	srv := smtptest.Start(t)
	c, err := smtp.Dial(srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	if err := c.Mail("a@example.com", nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt("r@example.com", nil); err != nil {
		t.Fatal(err)
	}
	srv.SetFailing(552)
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte("Subject: x\r\n\r\nx\r\n")); err != nil {
		t.Fatal(err)
	}
	var se *smtp.SMTPError
	if err := w.Close(); !errors.As(err, &se) || se.Code != 552 {
		t.Fatalf("end of data = %v, want 552", err)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("refused message kept: %d", n)
	}
}

func TestStopRestart(t *testing.T) {
	srv := smtptest.Start(t)
	addr := srv.Addr()
	if err := send(addr, "r@example.com", "before"); err != nil {
		t.Fatal(err)
	}
	srv.Stop()
	srv.Stop()
	if err := send(addr, "r@example.com", "during"); err == nil {
		t.Fatal("a stopped server accepted mail")
	}
	srv.Restart()
	srv.Restart()
	if srv.Addr() != addr {
		t.Fatalf("address moved from %s to %s", addr, srv.Addr())
	}
	if err := send(addr, "r@example.com", "after"); err != nil {
		t.Fatal(err)
	}
	var subjects []string
	for _, r := range srv.Messages() {
		p, err := r.Parse()
		if err != nil {
			t.Fatal(err)
		}
		subjects = append(subjects, p.Subject())
	}
	if strings.Join(subjects, ",") != "before,after" {
		t.Errorf("messages %v, want before and after", subjects)
	}
	srv.Clear()
	if len(srv.Messages()) != 0 {
		t.Error("Clear kept messages")
	}
}

func TestWaitMessagesTimesOut(t *testing.T) {
	srv := smtptest.Start(t)
	start := time.Now()
	if got := srv.WaitMessages(1, 50*time.Millisecond); len(got) != 0 {
		t.Errorf("got %d messages from nowhere", len(got))
	}
	if time.Since(start) > 2*time.Second {
		t.Error("WaitMessages overslept")
	}
}

func TestParseMultipart(t *testing.T) {
	raw := "From: a@example.com\r\n" +
		"To: =?utf-8?q?Jos=C3=A9?= <j@example.com>\r\n" +
		"Subject: =?utf-8?q?Caf=C3=A9?=\r\n" +
		"Content-Type: multipart/mixed; boundary=outer\r\n\r\n" +
		"--outer\r\n" +
		"Content-Type: multipart/alternative; boundary=inner\r\n\r\n" +
		"--inner\r\n" +
		"Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"Caf=C3=A9 =\r\nau lait\r\n" +
		"--inner\r\n" +
		"Content-Type: text/html; charset=UTF-8\r\n\r\n<p>Café</p>\r\n" +
		"--inner--\r\n" +
		"--outer\r\n" +
		"Content-Type: text/calendar; method=REQUEST; name=\"a.ics\"\r\n" +
		"Content-Disposition: attachment; filename=\"a.ics\"\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
		"QkVHSU46\r\nVkNBTEVOREFS\r\n" +
		"--outer--\r\n"
	p, err := smtptest.Received{Data: []byte(raw)}.Parse()
	if err != nil {
		t.Fatal(err)
	}
	if p.Subject() != "Café" {
		t.Errorf("subject %q", p.Subject())
	}
	to, err := p.Addresses("To")
	if err != nil || to[0].Name != "José" {
		t.Errorf("To %v (%v)", to, err)
	}
	if p.Text() != "Café au lait" {
		t.Errorf("text %q", p.Text())
	}
	if p.HTML() != "<p>Café</p>" {
		t.Errorf("html %q", p.HTML())
	}
	atts := p.Attachments()
	if len(atts) != 1 || string(atts[0].Body) != "BEGIN:VCALENDAR" || atts[0].Params["method"] != "REQUEST" {
		t.Errorf("attachments %+v", atts)
	}
}
