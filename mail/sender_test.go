package mail_test

import (
	"bytes"
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/mail/smtptest"
)

const (
	agencyFrom = "noreply@ardennes-immo.example"
	agencyTo   = "info@ardennes-immo.example"
)

func newSender(t *testing.T, srv *smtptest.Server) *mail.Sender {
	t.Helper()
	s, err := mail.NewSender(mail.Config{
		Host:     srv.Host(),
		Port:     srv.Port(),
		From:     agencyFrom,
		FromName: "Ardenne Immo",
		TLS:      mail.TLSNone,
		Timeout:  5 * time.Second,
		AgencyTo: agencyTo,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func brussels(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func agency() mail.AgencyView {
	return mail.AgencyView{
		Name:    "Ardenne Immo",
		Phone:   "+32 84 31 22 40",
		Email:   agencyTo,
		Website: "https://ardennes-immo.example/",
	}
}

func appointmentLead(t *testing.T, lang string) mail.LeadView {
	return mail.LeadView{
		Form:     "contact-appointment",
		Lang:     lang,
		Received: time.Date(2026, 11, 22, 9, 5, 0, 0, time.UTC),
		Location: brussels(t),
		Subject: &mail.SubjectView{
			Kind: "property", ID: 4711, Title: "Villa met zicht op de Ourthe",
			URL: "https://ardennes-immo.example/" + lang + "/4711/",
		},
		Fields: []mail.FieldView{
			{Name: "property", Value: "4711"},
			{Name: "slot", Value: "s-17"},
			{Name: "title", Value: "Mevrouw"},
			{Name: "firstName", Value: "Anna"},
			{Name: "lastName", Value: "Claes"},
			{Name: "email", Value: "anna@example.com"},
			{Name: "phone", Value: "+32 470 12 34 56"},
			{Name: "remark", Value: "Kan ik met de hond komen?\nDank u."},
			{Name: "privacy", Value: "ja"},
		},
		Agency: agency(),
		Slot: &mail.SlotView{
			Start: time.Date(2026, 12, 1, 13, 0, 0, 0, time.UTC),
			End:   time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC),
		},
	}
}

func friendLead(t *testing.T, lang string) mail.LeadView {
	return mail.LeadView{
		Form:     "send-to-friend",
		Lang:     lang,
		Received: time.Date(2026, 11, 22, 9, 5, 0, 0, time.UTC),
		Location: brussels(t),
		Subject:  &mail.SubjectView{Kind: "property", ID: 4711, Title: "Villa", URL: "https://ardennes-immo.example/4711/"},
		Fields: []mail.FieldView{
			{Name: "property", Value: "4711"},
			{Name: "firstName", Value: "Anna"},
			{Name: "lastName", Value: "Claes"},
			{Name: "email", Value: "anna@example.com"},
			{Name: "friendFirstName", Value: "Bram"},
			{Name: "friendLastName", Value: "Maes"},
			{Name: "friendEmail", Value: "bram@example.com"},
			{Name: "message", Value: "Iets voor jou?"},
			{Name: "privacy", Value: "ja"},
		},
		Agency: agency(),
	}
}

// TestSendEachKind holds a real SMTP conversation for every kind of mail in nl and fr and reads the result the
// way a mail client would.
func TestSendEachKind(t *testing.T) {
	srv := smtptest.Start(t)
	sender := newSender(t, srv)
	visitor := mail.Address{Name: "Anna Claes", Email: "anna@example.com"}
	friend := mail.Address{Name: "Bram Maes", Email: "bram@example.com"}
	agencyBox := mail.Address{Name: "Ardenne Immo", Email: agencyTo}

	tests := []struct {
		name      string
		kind      mail.Kind
		lang      string
		lead      func(*testing.T, string) mail.LeadView
		to        mail.Address
		replyTo   mail.Address
		subject   string // a word only the right language's subject has
		text      string // a sentence only the right language's text has
		calendar  bool
		noReplyTo bool
	}{
		{name: "agency nl", kind: mail.AgencyNotice, lang: "nl", lead: appointmentLead, to: agencyBox, replyTo: visitor,
			subject: "Nieuwe aanvraag", text: "Ingevulde gegevens"},
		{name: "agency fr", kind: mail.AgencyNotice, lang: "fr", lead: appointmentLead, to: agencyBox, replyTo: visitor,
			subject: "Nouvelle demande", text: "Données envoyées"},
		{name: "visitor nl", kind: mail.VisitorConfirmation, lang: "nl", lead: appointmentLead, to: visitor,
			subject: "Bevestiging van uw afspraak", text: "Dit hebt u ons gestuurd", calendar: true, noReplyTo: true},
		{name: "visitor fr", kind: mail.VisitorConfirmation, lang: "fr", lead: appointmentLead, to: visitor,
			subject: "Confirmation de votre rendez-vous", text: "Voici ce que vous nous avez envoyé", calendar: true,
			noReplyTo: true},
		{name: "friend nl", kind: mail.FriendMessage, lang: "nl", lead: friendLead, to: friend, replyTo: visitor,
			subject: "raadt u dit pand aan", text: "Bericht van Anna Claes"},
		{name: "friend fr", kind: mail.FriendMessage, lang: "fr", lead: friendLead, to: friend, replyTo: visitor,
			subject: "vous recommande ce bien", text: "Anna Claes vous écrit"},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv.Clear()
			lead := tc.lead(t, tc.lang)
			subject, text, html, err := mail.Render(tc.kind, tc.lang, lead)
			if err != nil {
				t.Fatal(err)
			}
			id := "lead-42." + string(tc.kind) + "." + tc.lang
			m := mail.Message{ID: id, To: tc.to, Subject: subject, Text: text, HTML: html}
			if !tc.noReplyTo {
				m.ReplyTo = tc.replyTo
			}
			if tc.calendar {
				ical, err := mail.Invitation(mail.Event{UID: "slot-s-17-lead-42@ardennes-immo.example", Start: lead.Slot.Start, End: lead.Slot.End,
					Summary: lead.Subject.Title, Location: "Rue du Moulin 1, 6900 Marche-en-Famenne", URL: lead.Subject.URL,
					Organizer: "Ardenne Immo <" + agencyTo + ">"}, "Anna Claes <anna@example.com>")
				if err != nil {
					t.Fatal(err)
				}
				m.Attachments = []mail.Attachment{{Name: "afspraak.ics", ContentType: mail.InvitationContentType, Data: ical}}
			}
			if err := sender.Send(context.Background(), m); err != nil {
				t.Fatalf("send %d: %v", i, err)
			}

			got := srv.Messages()
			if len(got) != 1 {
				t.Fatalf("server got %d messages, want 1", len(got))
			}
			rcv := got[0]
			if rcv.From != agencyFrom {
				t.Errorf("envelope from %q, want %q", rcv.From, agencyFrom)
			}
			if len(rcv.To) != 1 || rcv.To[0] != tc.to.Email {
				t.Errorf("envelope to %q, want only %q", rcv.To, tc.to.Email)
			}
			p, err := rcv.Parse()
			if err != nil {
				t.Fatal(err)
			}
			assertAddress(t, p, "To", tc.to)
			if tc.noReplyTo {
				if v := p.Header.Get("Reply-To"); v != "" {
					t.Errorf("Reply-To %q, want none", v)
				}
			} else {
				assertAddress(t, p, "Reply-To", tc.replyTo)
			}
			from, err := p.Addresses("From")
			if err != nil || len(from) != 1 || from[0].Address != agencyFrom || from[0].Name != "Ardenne Immo" {
				t.Errorf("From %v (%v)", from, err)
			}
			if got, want := p.Header.Get("Message-Id"), "<"+id+"@ardennes-immo.example>"; got != want {
				t.Errorf("Message-ID %q, want %q", got, want)
			}
			if got := p.Subject(); got != subject || !strings.Contains(got, tc.subject) {
				t.Errorf("Subject %q, want %q containing %q", got, subject, tc.subject)
			}
			if got := p.Text(); !strings.Contains(got, tc.text) || !strings.Contains(got, "Anna Claes") {
				t.Errorf("text part lacks %q:\n%s", tc.text, got)
			}
			if got := p.HTML(); !strings.Contains(got, `<html lang="`+tc.lang+`">`) || !strings.Contains(got, tc.text) {
				t.Errorf("HTML part lacks lang %s or %q:\n%s", tc.lang, tc.text, got)
			}

			atts := p.Attachments()
			if !tc.calendar {
				if len(atts) != 0 {
					t.Errorf("unexpected attachments %v", atts)
				}
				return
			}
			if len(atts) != 1 {
				t.Fatalf("got %d attachments, want the invitation", len(atts))
			}
			a := atts[0]
			if a.ContentType != "text/calendar" || a.Params["method"] != "REQUEST" || a.Filename != "afspraak.ics" {
				t.Errorf("attachment %s %v %q", a.ContentType, a.Params, a.Filename)
			}
			cal, err := ics.ParseCalendar(bytes.NewReader(a.Body))
			if err != nil {
				t.Fatal(err)
			}
			ev := cal.Events()
			if len(ev) != 1 || ev[0].Id() != "slot-s-17-lead-42@ardennes-immo.example" {
				t.Errorf("calendar events %v", ev)
			}
		})
	}
}

func assertAddress(t *testing.T, p *smtptest.Parsed, key string, want mail.Address) {
	t.Helper()
	got, err := p.Addresses(key)
	if err != nil {
		t.Errorf("%s: %v (raw %q)", key, err, p.Header.Get(key))
		return
	}
	if len(got) != 1 || got[0].Address != want.Email || got[0].Name != want.Name {
		t.Errorf("%s = %v, want %s <%s>", key, got, want.Name, want.Email)
	}
}

// TestHeaderInjection sends what an attacker types into name and subject fields and checks on the wire that
// no header and no recipient was added.
func TestHeaderInjection(t *testing.T) {
	srv := smtptest.Start(t)
	sender := newSender(t, srv)
	tests := []struct {
		name   string
		modify func(*mail.Message)
	}{
		{"CRLF in the recipient's name", func(m *mail.Message) { m.To.Name = "Eve\r\nBcc: victim@example.com" }},
		{"LF in the recipient's name", func(m *mail.Message) { m.To.Name = "Eve\nBcc: victim@example.com" }},
		{"quote and CRLF in the name", func(m *mail.Message) { m.To.Name = "Eve\" <victim@example.com>\r\nBcc: victim@example.com" }},
		{"CRLF in the Reply-To name", func(m *mail.Message) { m.ReplyTo.Name = "Eve\r\nBcc: victim@example.com" }},
		{"CRLF in the subject", func(m *mail.Message) { m.Subject = "Hello\r\nBcc: victim@example.com\r\nX-Injected: yes" }},
		{"CR alone in the subject", func(m *mail.Message) { m.Subject = "Hello\rBcc: victim@example.com" }},
		{"body break in the subject", func(m *mail.Message) { m.Subject = "Hello\r\n\r\nBcc: victim@example.com" }},
		{"CRLF in an extra header", func(m *mail.Message) {
			m.Headers = map[string]string{"List-Unsubscribe": "<https://x.example/u>\r\nBcc: victim@example.com"}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv.Clear()
			m := mail.Message{
				ID:      "inject-1",
				To:      mail.Address{Name: "Visitor", Email: "visitor@example.com"},
				ReplyTo: mail.Address{Name: "Agency", Email: agencyTo},
				Subject: "Hello",
				Text:    "Body",
			}
			tc.modify(&m)
			if err := sender.Send(context.Background(), m); err != nil {
				t.Fatal(err)
			}
			got := srv.Messages()
			if len(got) != 1 {
				t.Fatalf("got %d messages", len(got))
			}
			if len(got[0].To) != 1 || got[0].To[0] != "visitor@example.com" {
				t.Errorf("envelope recipients %q", got[0].To)
			}
			p, err := got[0].Parse()
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range []string{"Bcc", "Cc", "X-Injected"} {
				if v, ok := p.Header[h]; ok {
					t.Errorf("injected header %s: %q", h, v)
				}
			}
			head, _, _ := bytes.Cut(got[0].Data, []byte("\r\n\r\n"))
			for _, line := range strings.Split(string(head), "\r\n") {
				if strings.HasPrefix(strings.ToLower(line), "bcc:") {
					t.Errorf("raw header line %q", line)
				}
			}
			if strings.Contains(string(head), "\n\n") || strings.Contains(strings.ReplaceAll(string(head), "\r\n", ""), "\r") {
				t.Errorf("stray line break in header block:\n%s", head)
			}
			if p.Text() != "Body" && strings.TrimSpace(p.Text()) != "Body" {
				t.Errorf("body %q", p.Text())
			}
			to, err := p.Addresses("To")
			if err != nil || len(to) != 1 || to[0].Address != "visitor@example.com" {
				t.Errorf("To %v (%v)", to, err)
			}
		})
	}
}

func TestIsPermanent(t *testing.T) {
	msg := mail.Message{ID: "p-1", To: mail.Address{Email: "visitor@example.com"}, Subject: "s", Text: "t"}
	tests := []struct {
		name      string
		setup     func(*smtptest.Server)
		msg       func(mail.Message) mail.Message
		permanent bool
	}{
		{name: "550 is permanent", setup: func(s *smtptest.Server) { s.SetFailing(550) }, permanent: true},
		{name: "554 is permanent", setup: func(s *smtptest.Server) { s.SetFailing(554) }, permanent: true},
		{name: "451 is temporary", setup: func(s *smtptest.Server) { s.SetFailing(451) }},
		{name: "421 is temporary", setup: func(s *smtptest.Server) { s.SetFailing(421) }},
		{name: "554 after the content is permanent", setup: func(s *smtptest.Server) { s.SetFailingData(554) }, permanent: true},
		{name: "452 after the content is temporary", setup: func(s *smtptest.Server) { s.SetFailingData(452) }},
		{name: "connection refused is temporary", setup: func(s *smtptest.Server) { s.Stop() }},
		{name: "an invalid recipient is permanent", permanent: true,
			msg: func(m mail.Message) mail.Message { m.To.Email = "not an address"; return m }},
		{name: "a message without body is permanent", permanent: true,
			msg: func(m mail.Message) mail.Message { m.Text = ""; return m }},
		{name: "a reserved extra header is permanent", permanent: true,
			msg: func(m mail.Message) mail.Message { m.Headers = map[string]string{"Bcc": "x@example.com"}; return m }},
		{name: "an ID with a space is permanent", permanent: true,
			msg: func(m mail.Message) mail.Message { m.ID = "a b"; return m }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := smtptest.Start(t)
			sender := newSender(t, srv)
			if tc.setup != nil {
				tc.setup(srv)
			}
			m := msg
			if tc.msg != nil {
				m = tc.msg(m)
			}
			err := sender.Send(context.Background(), m)
			if err == nil {
				t.Fatal("Send succeeded")
			}
			if got := mail.IsPermanent(err); got != tc.permanent {
				t.Errorf("IsPermanent(%v) = %v, want %v", err, got, tc.permanent)
			}
			if n := len(srv.Messages()); n != 0 {
				t.Errorf("server kept %d messages", n)
			}
		})
	}
	if mail.IsPermanent(nil) || mail.IsPermanent(errors.New("boom")) || mail.IsPermanent(context.Canceled) {
		t.Error("IsPermanent is true for an error that is not an SMTP answer")
	}
}

// TestOutage is the shape of the fault test: mails sent while the server is down fail as temporary,
// and once it is back on the same address each retry is delivered once.
func TestOutage(t *testing.T) {
	srv := smtptest.Start(t)
	sender := newSender(t, srv)
	srv.Stop()
	const n = 20
	pending := map[string]bool{}
	for i := range n {
		id := "outage-" + string(rune('a'+i))
		err := sender.Send(context.Background(), mail.Message{ID: id, To: mail.Address{Email: "v@example.com"}, Subject: id, Text: id})
		if err == nil || mail.IsPermanent(err) {
			t.Fatalf("send while down: %v (permanent %v)", err, mail.IsPermanent(err))
		}
		pending[id] = true
	}
	srv.Restart()
	srv.SetFailing(451)
	for id := range pending {
		err := sender.Send(context.Background(), mail.Message{ID: id, To: mail.Address{Email: "v@example.com"}, Subject: id, Text: id})
		if err == nil || mail.IsPermanent(err) {
			t.Fatalf("send while greylisted: %v", err)
		}
	}
	srv.SetFailing(0)
	for id := range pending {
		if err := sender.Send(context.Background(), mail.Message{ID: id, To: mail.Address{Email: "v@example.com"}, Subject: id, Text: id}); err != nil {
			t.Fatal(err)
		}
	}
	got := srv.WaitMessages(n, 5*time.Second)
	seen := map[string]int{}
	for _, r := range got {
		p, err := r.Parse()
		if err != nil {
			t.Fatal(err)
		}
		seen[p.Subject()]++
	}
	for id := range pending {
		if seen[id] != 1 {
			t.Errorf("%s delivered %d times", id, seen[id])
		}
	}
	if len(got) != n {
		t.Errorf("server got %d messages, want %d", len(got), n)
	}
}

func TestSendHonoursContext(t *testing.T) {
	srv := smtptest.Start(t)
	sender := newSender(t, srv)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := sender.Send(ctx, mail.Message{ID: "c-1", To: mail.Address{Email: "v@example.com"}, Subject: "s", Text: "t"})
	if err == nil || mail.IsPermanent(err) || !errors.Is(err, context.Canceled) {
		t.Errorf("Send with a cancelled context: %v", err)
	}
}

// TestSendCancelledMidSession uses a server that accepts the connection and never answers: Send must return when
// ctx ends, not when the much longer step timeout does.
func TestSendCancelledMidSession(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer func() { _ = c.Close() }()
		}
	}()
	port := l.Addr().(*net.TCPAddr).Port
	sender, err := mail.NewSender(mail.Config{
		Host: "127.0.0.1", Port: port, TLS: mail.TLSNone, From: agencyFrom, AgencyTo: agencyTo, Timeout: time.Minute,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = sender.Send(ctx, mail.Message{ID: "slow-1", To: mail.Address{Email: "v@example.com"}, Subject: "s", Text: "t"})
	if err == nil || mail.IsPermanent(err) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Send = %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Send took %v after its context ended", d)
	}
}

func TestSendExtraHeadersAndAttachmentNames(t *testing.T) {
	srv := smtptest.Start(t)
	sender := newSender(t, srv)
	err := sender.Send(context.Background(), mail.Message{
		ID:      "h-1@lists.ardennes-immo.example",
		To:      mail.Address{Email: "v@example.com"},
		Subject: "Nieuwsbrief – één",
		HTML:    "<p>Hallo</p>",
		Headers: map[string]string{"List-Unsubscribe": "<https://ardennes-immo.example/u/1>"},
		Attachments: []mail.Attachment{
			{Name: "../../etc/passwd\r\nX-Evil: 1", Data: []byte("x")},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	p, err := srv.Messages()[0].Parse()
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Header.Get("List-Unsubscribe"); got != "<https://ardennes-immo.example/u/1>" {
		t.Errorf("List-Unsubscribe %q", got)
	}
	if got := p.Header.Get("Message-Id"); got != "<h-1@lists.ardennes-immo.example>" {
		t.Errorf("Message-ID %q", got)
	}
	if got := p.Subject(); got != "Nieuwsbrief – één" {
		t.Errorf("Subject %q", got)
	}
	if p.HTML() != "<p>Hallo</p>" || p.Text() != "" {
		t.Errorf("HTML-only body: html %q text %q", p.HTML(), p.Text())
	}
	atts := p.Attachments()
	if len(atts) != 1 || strings.ContainsAny(atts[0].Filename, "/\r\n") || atts[0].ContentType != "application/octet-stream" {
		t.Errorf("attachment %+v", atts)
	}
	if _, ok := p.Header["X-Evil"]; ok {
		t.Error("attachment name added a header")
	}
}

func TestConfigValidate(t *testing.T) {
	ok := mail.Config{Host: "smtp.example.be", From: agencyFrom, AgencyTo: agencyTo}
	tests := []struct {
		name   string
		modify func(*mail.Config)
		valid  bool
	}{
		{"defaults", func(*mail.Config) {}, true},
		{"tls none", func(c *mail.Config) { c.TLS = mail.TLSNone }, true},
		{"implicit tls", func(c *mail.Config) { c.TLS = mail.TLSImplicit; c.Port = 465 }, true},
		{"no host", func(c *mail.Config) { c.Host = "" }, false},
		{"bad tls", func(c *mail.Config) { c.TLS = "ssl" }, false},
		{"bad port", func(c *mail.Config) { c.Port = 70000 }, false},
		{"from with a name", func(c *mail.Config) { c.From = "Agency <" + agencyFrom + ">" }, false},
		{"no agency address", func(c *mail.Config) { c.AgencyTo = "" }, false},
		{"password without user", func(c *mail.Config) { c.Password = "secret" }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.modify(&c)
			err := c.Validate()
			if (err == nil) != tc.valid {
				t.Errorf("Validate() = %v, want valid %v", err, tc.valid)
			}
			if _, err := mail.NewSender(c); (err == nil) != tc.valid {
				t.Errorf("NewSender: %v", err)
			}
		})
	}
}
