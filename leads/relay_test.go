package leads_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/mail/smtptest"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

// links gives the site paths mails point to.
type links struct{}

func (links) PropertyPath(p listing.Property, l listing.Lang) string {
	return fmt.Sprintf("/%s/p/%d/", l, p.ID)
}
func (links) ProjectPath(p listing.Project, l listing.Lang) string {
	return fmt.Sprintf("/%s/pr/%d/", l, p.ID)
}

type relayEnv struct {
	store *store.Store
	svc   *leads.Service
	smtp  *smtptest.Server
	relay *leads.Relay
}

func newRelayEnv(t testing.TB) *relayEnv {
	t.Helper()
	st := storetest.Open(t, listing.NL, listing.FR)
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	srv := smtptest.Start(t)
	sender, err := mail.NewSender(mail.Config{Host: srv.Host(), Port: srv.Port(), TLS: mail.TLSNone, From: "site@agency.example",
		FromName: "Ardenne Immo", AgencyTo: "office@agency.example", Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	m := &leads.Mailer{Spec: spec, Sender: sender, Catalog: st, Links: links{}, Location: time.UTC,
		Agency:   mail.AgencyView{Name: "Ardenne Immo", Phone: "084 31 22 40", Email: "office@agency.example"},
		AgencyTo: mail.Address{Name: "Ardenne Immo", Email: "office@agency.example"}}
	relay := leads.NewRelay(st, m, leads.RetryPolicy{MaxAttempts: 100, Base: 20 * time.Millisecond, Max: 200 * time.Millisecond, Timeout: 2 * time.Second},
		slog.New(slog.DiscardHandler))
	return &relayEnv{store: st, svc: leads.NewService(spec, st, st, false, nil), smtp: srv, relay: relay}
}

func (e *relayEnv) submit(t testing.TB, lang listing.Lang, i int, lastName string) uint64 {
	t.Helper()
	fields := map[string]any{"title": "ms", "firstName": "An", "lastName": lastName, "email": fmt.Sprintf("visitor%d@example.be", i),
		"phone": "0470 12 34 56", "street": "Kerkstraat 1", "zip": "6830", "city": "Bouillon", "remark": fmt.Sprintf("Vraag %d", i),
		"timeSlots": []string{"afternoon"}, "privacy": true}
	raw := map[string]json.RawMessage{}
	for k, v := range fields {
		raw[k], _ = json.Marshal(v)
	}
	out, err := e.svc.Submit(context.Background(), leads.Submission{Form: "site-contact", Lang: lang, Fields: raw})
	if err != nil {
		t.Fatalf("submit: %v", err)
	}
	return out.Lead
}

func (e *relayEnv) run(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.relay.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// waitDrained waits until the outbox is empty.
func (e *relayEnv) waitDrained(t testing.TB, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		pending, dead, err := e.store.OutboxSize()
		if err != nil {
			t.Fatal(err)
		}
		if dead > 0 {
			letters, _ := e.store.DeadLetters()
			t.Fatalf("%d deliveries dead: %+v", dead, letters)
		}
		if pending == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d deliveries still waiting after %s", pending, within)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestAgencyMailAndConfirmationOverSMTP(t *testing.T) {
	e := newRelayEnv(t)
	e.run(t)
	tests := []struct {
		lang                      listing.Lang
		agencySubject, visitorSub string
		slot                      string
	}{
		{listing.NL, "Nieuwe aanvraag", "Bevestiging", "13:00–16:00"},
		{listing.FR, "Nouvelle demande", "Confirmation", "14:00–16:00"},
	}
	for i, tt := range tests {
		t.Run(string(tt.lang), func(t *testing.T) {
			e.smtp.Clear()
			e.submit(t, tt.lang, i, "Peeters")
			e.relay.Wake()
			msgs := e.smtp.Wait(t, 2, 5*time.Second)
			for _, r := range msgs {
				p, err := r.Parse()
				if err != nil {
					t.Fatal(err)
				}
				switch r.To[0] {
				case "office@agency.example":
					reply, _ := p.Addresses("Reply-To")
					if !strings.HasPrefix(p.Subject(), tt.agencySubject) || len(reply) != 1 || reply[0].Address != fmt.Sprintf("visitor%d@example.be", i) {
						t.Errorf("agency mail: subject %q reply-to %v", p.Subject(), reply)
					}
					if !strings.Contains(p.Text(), "Vraag") || !strings.Contains(p.Text(), tt.slot) || !strings.Contains(p.HTML(), "Peeters") {
						t.Errorf("agency mail text:\n%s", p.Text())
					}
				case fmt.Sprintf("visitor%d@example.be", i):
					if !strings.HasPrefix(p.Subject(), tt.visitorSub) || p.Decoded("Reply-To") != "" {
						t.Errorf("visitor mail: subject %q reply-to %q", p.Subject(), p.Decoded("Reply-To"))
					}
				default:
					t.Errorf("mail to %v", r.To)
				}
			}
		})
	}
}

// SMTP is down while 100 forms come in, then back: every mail arrives once.
func TestSMTPOutageLosesAndRepeatsNothing(t *testing.T) {
	e := newRelayEnv(t)
	e.smtp.Stop()
	e.run(t)
	const n = 100
	for i := range n {
		e.submit(t, []listing.Lang{listing.NL, listing.FR}[i%2], i, "Janssens")
		e.relay.Wake()
	}
	// The relay meets the outage: deliveries are tried and fail (it backs off
	// as a whole, so not every one need be tried yet).
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		due, err := e.store.DueOutbox(time.Now().Add(24*time.Hour), 4*n)
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(due, func(d store.OutboxEntry) bool { return d.Attempts > 0 && d.LastError != "" }) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no delivery was tried during the outage")
		}
	}
	if pending, _, _ := e.store.OutboxSize(); pending != 2*n {
		t.Fatalf("%d waiting during the outage, want %d", pending, 2*n)
	}
	e.smtp.Restart()
	e.waitDrained(t, 20*time.Second)
	msgs := e.smtp.Messages()
	seen := map[string]int{}
	for _, r := range msgs {
		p, err := r.Parse()
		if err != nil {
			t.Fatal(err)
		}
		seen[p.Decoded("Message-Id")+" "+strings.Join(r.To, ",")]++
	}
	if len(msgs) != 2*n || len(seen) != 2*n {
		t.Fatalf("%d mails, %d distinct; want %d", len(msgs), len(seen), 2*n)
	}
	retried := 0
	err := e.store.EachLead(func(l store.Lead) error {
		for _, d := range l.Deliveries {
			if d.Status != store.DeliverySent {
				t.Errorf("lead %d %s: %+v", l.ID, d.Kind, d)
			}
			if d.Attempts > 1 {
				retried++
			}
		}
		return nil
	})
	if err != nil || retried == 0 {
		t.Fatalf("retried deliveries %d, err %v", retried, err)
	}
}

// A refused mailbox (550) is not retried: the entry is a dead letter at once.
func TestPermanentRefusalIsADeadLetter(t *testing.T) {
	e := newRelayEnv(t)
	e.smtp.SetFailing(550)
	e.run(t)
	e.submit(t, listing.NL, 1, "Maes")
	e.relay.Wake()
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, dead, _ := e.store.OutboxSize()
		if dead == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("dead letters %d", dead)
		}
		time.Sleep(20 * time.Millisecond)
	}
	letters, _ := e.store.DeadLetters()
	if letters[0].Attempts != 1 || !strings.Contains(letters[0].LastError, "550") {
		t.Fatalf("dead letter %+v", letters[0])
	}
}
