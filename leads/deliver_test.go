package leads_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/internal/linkcheck"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/mail/smtptest"
	"github.com/estate-agency/estate/store"
)

const siteBase = "https://ardennes-immo.example"

// catalog is the agency's listings as the store would give them: site
// paths for the documents and photos, as the platform's demo sends them.
type catalog struct {
	props    map[int]listing.Property
	projects map[int]listing.Project
	slots    map[int][]listing.VisitSlot
}

func (c catalog) Property(l listing.Lang, id int) (listing.Property, error) {
	p, ok := c.props[id]
	if !ok {
		return listing.Property{}, store.ErrNotFound
	}
	p.Lang = l
	return p, nil
}

func (c catalog) Project(l listing.Lang, id int) (listing.Project, error) {
	p, ok := c.projects[id]
	if !ok {
		return listing.Project{}, store.ErrNotFound
	}
	p.Lang = l
	return p, nil
}

func (c catalog) VisitSlots(id int) ([]listing.VisitSlot, error) { return c.slots[id], nil }

func (c catalog) Types(listing.Lang) ([]listing.PropertyType, error) {
	return []listing.PropertyType{{ID: 3, Name: "Chalet"}, {ID: 5, Name: "Villa"}}, nil
}

var visitStart = time.Date(2026, 12, 12, 13, 0, 0, 0, time.UTC)

func demoCatalog() catalog {
	chalet := listing.Property{ID: 4003, Title: "Chalet met zicht op de Semois", Type: "Chalet", Goal: listing.Sale,
		Address: listing.Address{Street: "Rue du Moulin", HouseNumber: "4", Zip: "6830", City: "Bouillon", CountryID: listing.CountryBelgium, Published: true},
		Media: listing.Media{
			Pictures: []listing.Picture{{Image: listing.Image{URL: "/demo/photos/4003/1/400.jpg", Width: 400, Height: 300}}},
			Documents: []listing.Document{
				{Name: "EPB-certificaat", URL: "/demo/documents/4003/epb-certificaat.pdf"},
				{Name: "Grondplan", URL: "/demo/documents/4003/grondplan.pdf"},
				{Name: "Enkel op aanvraag"},
			},
		}}
	bare := listing.Property{ID: 4004, Title: "Bouwgrond", Type: "Grond", Goal: listing.Sale,
		Address: listing.Address{Zip: "6800", City: "Libramont", CountryID: listing.CountryBelgium}}
	return catalog{
		props:    map[int]listing.Property{4003: chalet, 4004: bare},
		projects: map[int]listing.Project{12: {ID: 12, Name: "Les Jardins"}},
		slots:    map[int][]listing.VisitSlot{4003: {{ID: 3, PropertyID: 4003, Start: visitStart, End: visitStart.Add(45 * time.Minute), Capacity: 4}}},
	}
}

func brussels(t testing.TB) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// smtpMailer is newMailer sending over SMTP to a test server.
func smtpMailer(t testing.TB) (*smtptest.Server, *leads.Mailer) {
	t.Helper()
	srv := smtptest.Start(t)
	sender, err := mail.NewSender(mail.Config{Host: srv.Host(), Port: srv.Port(), TLS: mail.TLSNone, From: "site@agency.example",
		AgencyTo: "office@agency.example", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return srv, newMailer(t, sender)
}

func newMailer(t testing.TB, sender leads.MailSender) *leads.Mailer {
	t.Helper()
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	return &leads.Mailer{Spec: spec, Sender: sender, Catalog: demoCatalog(), Links: links{}, Location: brussels(t),
		Agency:   mail.AgencyView{Name: "Ardenne Immo", Phone: "084 31 22 40", Email: "info@ardennes-immo.example", Website: siteBase + "/", BaseURL: siteBase},
		AgencyTo: mail.Address{Name: "Ardenne Immo", Email: "office@agency.example"}}
}

// filled is a lead of form that answered every field of the contract.
func filled(t *testing.T, spec *leads.Spec, form string) store.Lead {
	t.Helper()
	f, ok := spec.Form(form)
	if !ok {
		t.Fatalf("no form %s", form)
	}
	l := store.Lead{ID: 17, Form: form, Lang: "nl", Received: visitStart.AddDate(0, 0, -3), Email: "anna@example.com", Fields: map[string]any{}}
	for _, fl := range f.Fields {
		var v any = "Waarde van " + fl.Name
		switch fl.Type {
		case leads.TypeProperty:
			l.PropertyID = 4003
			continue
		case leads.TypeProject:
			l.ProjectID = 12
			continue
		case leads.TypeSlot:
			l.SlotID = 3
			continue
		case leads.TypePassword:
			continue
		case leads.TypeEmail:
			v = "anna@example.com"
		case leads.TypeURL:
			v = "https://anna.example/"
		case leads.TypeNumber:
			v = 2.0
		case leads.TypeCheckbox:
			v = true
		case leads.TypeArea:
			v = [][2]float64{{49.8, 5.0}, {49.9, 5.1}, {49.7, 5.2}}
		}
		if fl.Name == "types" {
			v = []any{"3", "5"}
		}
		if len(fl.Options) > 0 {
			v = fl.Options[0]
		}
		l.Fields[fl.Name] = v
	}
	return l
}

// Every mail of every form links absolutely: the agency's, the visitor's
// (the documents mail included) and the friend's, in text, HTML and the
// invitation, though the catalog gives site paths.
func TestEveryDeliveryLinksAbsolutely(t *testing.T) {
	srv, m := smtpMailer(t)
	for _, form := range m.Spec.Names() {
		kinds := []string{leads.KindAgency, leads.KindVisitor}
		if form == "send-to-friend" {
			kinds = []string{leads.KindAgency, leads.KindFriend}
		}
		for _, kind := range kinds {
			t.Run(form+"/"+kind, func(t *testing.T) {
				srv.Clear()
				l := filled(t, m.Spec, form)
				l.Fields["friendEmail"] = "lies@example.com"
				if err := m.Deliver(context.Background(), l, kind, 1); err != nil {
					t.Fatal(err)
				}
				msgs := srv.Wait(t, 1, 5*time.Second)
				p, err := msgs[0].Parse()
				if err != nil {
					t.Fatal(err)
				}
				if bad := linkcheck.HTML(p.HTML()); len(bad) > 0 {
					t.Errorf("the HTML links to %q", bad)
				}
				if bad := linkcheck.Text(p.Text()); len(bad) > 0 {
					t.Errorf("the text shows %q:\n%s", bad, p.Text())
				}
				for _, a := range p.Attachments() {
					if bad := linkcheck.Calendar(string(a.Body)); len(bad) > 0 {
						t.Errorf("%s links to %q", a.ContentType, bad)
					}
				}
				var want []string
				switch {
				case l.PropertyID > 0:
					want = append(want, siteBase+"/nl/p/4003/")
				case l.ProjectID > 0:
					want = append(want, siteBase+"/nl/pr/12/")
				}
				if form == "request-documents" {
					want = append(want, siteBase+"/demo/documents/4003/epb-certificaat.pdf", siteBase+"/demo/documents/4003/grondplan.pdf")
				}
				for _, w := range want {
					if !strings.Contains(p.Text(), w) || !strings.Contains(p.HTML(), `href="`+w+`"`) {
						t.Errorf("%s is not linked in both parts", w)
					}
				}
			})
		}
	}
}

// The visit's invitation is the same event in both mails: the property's
// address, its page, the words of the visitor's language.
func TestVisitInvitation(t *testing.T) {
	srv, m := smtpMailer(t)
	for _, lang := range []string{"nl", "fr"} {
		t.Run(lang, func(t *testing.T) {
			srv.Clear()
			l := filled(t, m.Spec, "contact-appointment")
			l.Lang = lang
			for i, kind := range []string{leads.KindAgency, leads.KindVisitor} {
				if err := m.Deliver(context.Background(), l, kind, uint64(i)); err != nil {
					t.Fatal(err)
				}
			}
			msgs := srv.WaitMessages(2, 5*time.Second)
			var events []string
			for _, r := range msgs {
				p, err := r.Parse()
				if err != nil {
					t.Fatal(err)
				}
				for _, a := range p.Attachments() {
					ev := string(a.Body)
					ev = ev[strings.Index(ev, "BEGIN:VEVENT"):strings.Index(ev, "ORGANIZER")]
					events = append(events, ev[strings.Index(ev, "DTSTART"):])
				}
			}
			if len(events) != 2 || events[0] != events[1] {
				t.Fatalf("the two invitations differ:\n%q", events)
			}
			summary := map[string]string{"nl": "SUMMARY:Bezoek", "fr": "SUMMARY:Visite"}[lang]
			for _, want := range []string{"DTSTART:20261212T130000Z", summary, ": Chalet met zicht op de Semois\r\n", "LOCATION:Rue du Moulin 4\\, 6830 Bouillon",
				"URL:" + siteBase + "/" + lang + "/p/4003/"} {
				if !strings.Contains(strings.ReplaceAll(events[0], "\r\n ", ""), want) {
					t.Errorf("missing %q in\n%s", want, events[0])
				}
			}
		})
	}
}

// A thank-you page learns from its token what the mails say: the visit, the
// property, whether documents come; never who sent the lead.
func TestReceipts(t *testing.T) {
	now := visitStart.AddDate(0, 0, -3)
	clock := func() time.Time { return now }
	key := []byte(strings.Repeat("k", 32))
	m := newMailer(t, nil)
	r, err := leads.NewReceipts(key, m, clock)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := leads.NewReceipts(key[:31], m, clock); err == nil {
		t.Error("a short key was accepted")
	}
	t.Run("visit", func(t *testing.T) {
		token := r.Issue(17, "contact-appointment", 4003, 0, 3)
		got, err := r.Receipt(listing.FR, token)
		if err != nil {
			t.Fatal(err)
		}
		if got.Form != "contact-appointment" || got.Subject == nil || got.Subject.Path != "/fr/p/4003/" || got.Subject.Title != "Chalet met zicht op de Semois" {
			t.Errorf("receipt %+v %+v", got, got.Subject)
		}
		if got.Visit == nil || !got.Visit.Start.Equal(visitStart) || got.Visit.Words.When != "samedi 12 décembre 2026 de 14h00 à 14h45" {
			t.Fatalf("visit %+v", got.Visit)
		}
		ics, err := r.Calendar(listing.FR, token)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"METHOD:PUBLISH\r\n", "UID:visit-17@estate\r\n", "DTSTART:20261212T130000Z\r\n"} {
			if !strings.Contains(string(ics), want) {
				t.Errorf("missing %q in\n%s", want, ics)
			}
		}
		if strings.Contains(string(ics), "ATTENDEE") || strings.Contains(string(ics), "anna") {
			t.Errorf("the download names the visitor:\n%s", ics)
		}
	})
	t.Run("documents", func(t *testing.T) {
		for id, want := range map[int]int{4003: 2, 4004: 0} {
			got, err := r.Receipt(listing.NL, r.Issue(18, "request-documents", id, 0, 0))
			if err != nil || got.Documents == nil || *got.Documents != want || got.Visit != nil {
				t.Errorf("%d: %+v, %v; want %d documents", id, got, err, want)
			}
			if _, err := r.Calendar(listing.NL, r.Issue(18, "request-documents", id, 0, 0)); err != leads.ErrNoVisit {
				t.Errorf("%d: a calendar without a visit: %v", id, err)
			}
		}
	})
	t.Run("project", func(t *testing.T) {
		got, err := r.Receipt(listing.NL, r.Issue(19, "contact-construction", 0, 12, 0))
		if err != nil || got.Subject == nil || got.Subject.Kind != "project" || got.Subject.Path != "/nl/pr/12/" {
			t.Errorf("%+v, %v", got, err)
		}
	})
	t.Run("nothing to show", func(t *testing.T) {
		if token := r.Issue(20, "site-contact", 0, 0, 0); token != "" {
			t.Errorf("token %q for a form about nothing", token)
		}
	})
	t.Run("refused", func(t *testing.T) {
		token := r.Issue(17, "contact-appointment", 4003, 0, 3)
		other, _ := leads.NewReceipts([]byte(strings.Repeat("x", 32)), m, clock)
		payload, sum, _ := strings.Cut(token, ".")
		_, otherSum, _ := strings.Cut(r.Issue(18, "contact-appointment", 4003, 0, 3), ".")
		late, _ := leads.NewReceipts(key, m, func() time.Time { return now.Add(leads.ReceiptTTL + time.Second) })
		tests := []struct {
			name  string
			r     *leads.Receipts
			token string
			want  error
		}{
			{"empty", r, "", leads.ErrNoReceipt},
			{"garbage", r, "abc", leads.ErrNoReceipt},
			{"another key", other, token, leads.ErrNoReceipt},
			{"altered", r, payload[:len(payload)-1] + map[bool]string{true: "B", false: "A"}[strings.HasSuffix(payload, "A")] + "." + sum, leads.ErrNoReceipt},
			{"another lead's signature", r, payload + "." + otherSum, leads.ErrNoReceipt},
			{"no signature", r, payload + ".", leads.ErrNoReceipt},
			{"expired", late, token, leads.ErrReceiptExpired},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				if _, err := tc.r.Receipt(listing.NL, tc.token); err != tc.want {
					t.Errorf("Receipt: %v, want %v", err, tc.want)
				}
				if _, err := tc.r.Calendar(listing.NL, tc.token); err != tc.want {
					t.Errorf("Calendar: %v, want %v", err, tc.want)
				}
			})
		}
	})
}
