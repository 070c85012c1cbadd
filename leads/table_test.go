package leads_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/mail/smtptest"
	"github.com/estate-agency/estate/ownerreport"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

// withAddedForm is the shipped table plus testdata/added-form.json's form:
// what an agency gets by writing a new form into forms.json and nothing else.
func withAddedForm(t *testing.T) (*leads.Spec, string) {
	t.Helper()
	shipped, err := os.ReadFile("forms.json")
	if err != nil {
		t.Fatal(err)
	}
	added, err := os.ReadFile(filepath.Join("testdata", "added-form.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	var forms map[string]json.RawMessage
	var entry struct {
		Name string          `json:"name"`
		Form json.RawMessage `json:"form"`
	}
	if err := errors.Join(json.Unmarshal(shipped, &doc), json.Unmarshal(doc["forms"], &forms), json.Unmarshal(added, &entry)); err != nil {
		t.Fatal(err)
	}
	if _, ok := forms[entry.Name]; ok {
		t.Fatalf("forms.json has a form %s already: the fixture must add one", entry.Name)
	}
	forms[entry.Name] = entry.Form
	var merr error
	doc["forms"], merr = json.Marshal(forms)
	raw, err := json.Marshal(doc)
	if err := errors.Join(merr, err); err != nil {
		t.Fatal(err)
	}
	spec, err := leads.Parse(raw)
	if err != nil {
		t.Fatalf("the table with the added form: %v", err)
	}
	return spec, entry.Name
}

// A form written into the table alone is validated, delivered (its mails
// and the platform call it names), reported to the owner and thanked with
// its receipt, by the code every form runs through.
func TestFormAddedThroughTheTable(t *testing.T) {
	spec, name := withAddedForm(t)
	now := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }

	st := storetest.Open(t, listing.NL, listing.FR)
	house := listing.Property{ID: 4101, Lang: listing.NL, Title: "Huis met tuin", Type: "Huis", Goal: listing.Rent,
		Address: listing.Address{Zip: "6830", City: "Bouillon", CountryID: listing.CountryBelgium},
		Media: listing.Media{Documents: []listing.Document{
			{Name: "Huurcontract", URL: "/demo/documents/4120/huurcontract.pdf"},
			{Name: "Plaatsbeschrijving", URL: "/demo/documents/4120/plaatsbeschrijving.pdf"},
		}}}
	if _, err := st.ApplyLanguage(store.LangUpdate{Lang: listing.NL, Upsert: []listing.Property{house}, Now: now}); err != nil {
		t.Fatal(err)
	}

	ds, err := platform.LoadDir(filepath.Join("..", "testdata", "platform"))
	if err != nil {
		t.Fatal(err)
	}
	fake := fakeplatform.New(ds, "demo", "demo-platform-pw")
	psrv := httptest.NewServer(fake)
	t.Cleanup(psrv.Close)
	log := slog.New(slog.DiscardHandler)
	client, err := platform.New(platform.Config{BaseURL: psrv.URL, Customer: "demo", Password: "demo-platform-pw", RetryMax: -1}, log)
	if err != nil {
		t.Fatal(err)
	}
	smtp := smtptest.Start(t)
	sender, err := mail.NewSender(mail.Config{Host: smtp.Host(), Port: smtp.Port(), TLS: mail.TLSNone, From: "site@agency.example",
		AgencyTo: "office@agency.example", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	m := &leads.Mailer{Spec: spec, Sender: sender, Catalog: st, Links: links{}, Platform: client, Location: time.UTC,
		Agency:   mail.AgencyView{Name: "Ardenne Immo", Email: "info@agency.example", BaseURL: siteBase},
		AgencyTo: mail.Address{Name: "Ardenne Immo", Email: "office@agency.example"}}
	receipts, err := leads.NewReceipts(bytes.Repeat([]byte("r"), 32), m, clock)
	if err != nil {
		t.Fatal(err)
	}
	relay := leads.NewRelay(st, m, leads.RetryPolicy{MaxAttempts: 3, Base: 10 * time.Millisecond, Timeout: 5 * time.Second}, log)
	svc := leads.NewService(spec, st, st, true, clock)
	svc.Use(leads.Helpers{Relay: relay, Receipts: receipts})
	env := &relayEnv{store: st, svc: svc, smtp: smtp, relay: relay}
	env.run(t)

	fields := func(drop string) map[string]json.RawMessage {
		raw := map[string]json.RawMessage{}
		for k, v := range map[string]any{"property": house.ID, "title": "ms", "firstName": "An", "lastName": "Peeters",
			"email": "An@Example.be", "phone": "0470 12 34 56", "adults": 2, "moveDate": "2027-01-01", "privacy": true} {
			if k != drop {
				raw[k], _ = json.Marshal(v)
			}
		}
		return raw
	}
	submit := func(raw map[string]json.RawMessage) (leads.Accepted, error) {
		return svc.Submit(context.Background(), leads.Submission{Form: name, Lang: listing.NL, Fields: raw})
	}

	t.Run("validated", func(t *testing.T) {
		_, err := submit(fields("adults"))
		var refused *leads.Refusal
		if !errors.As(err, &refused) || refused.Problems["adults"].Code != "required" {
			t.Fatalf("without its required field: %v", err)
		}
	})

	out, err := submit(fields(""))
	if err != nil {
		t.Fatalf("submit: %v", err)
	}

	t.Run("delivered", func(t *testing.T) {
		l, err := st.Lead(out.Lead)
		if err != nil {
			t.Fatal(err)
		}
		var kinds []string
		for _, d := range l.Deliveries {
			kinds = append(kinds, d.Kind)
		}
		if want := []string{leads.KindAgency, leads.KindVisitor, leads.KindPlatform}; !slices.Equal(kinds, want) {
			t.Errorf("outbox kinds %v, want %v", kinds, want)
		}
		env.waitDrained(t, 10*time.Second)
		pushed := fake.Writes(platform.MethodContactOnMe)
		if n := fake.Calls(platform.MethodContactOnMe); n != 1 || len(pushed) != 1 || pushed[0].Params.Int("ObjectID") != house.ID {
			t.Fatalf("%d %s calls, contacts %+v; want the one lead", n, platform.MethodContactOnMe, pushed)
		}
		p := pushed[0].Params
		for k, want := range map[string]string{"Name": "Peeters", "FirstName": "An", "Email": "an@example.be", "GSM": "0470 12 34 56",
			"LanguageIdFromParameter": "1", "CustomStr5": platform.LeadReference(out.Lead)} {
			if got := p.String(k); got != want {
				t.Errorf("%s = %q, want %q", k, got, want)
			}
		}
		if p.String("Subject") == "" || !strings.Contains(p.String("Content"), "2") {
			t.Errorf("Subject %q, Content %q: want the form named and its answers", p.String("Subject"), p.String("Content"))
		}
		var documents bool
		for _, msg := range smtp.Messages() {
			p, err := msg.Parse()
			if err != nil {
				t.Fatal(err)
			}
			documents = documents || msg.To[0] == "an@example.be" && strings.Contains(p.Text(), siteBase+"/demo/documents/4120/huurcontract.pdf")
		}
		if len(smtp.Messages()) != 2 || !documents {
			t.Errorf("%d mails; the visitor's has the documents: %v", len(smtp.Messages()), documents)
		}
	})

	t.Run("once per its window", func(t *testing.T) {
		_, err := submit(fields(""))
		var refused *leads.Refusal
		if !errors.As(err, &refused) || refused.Message != "duplicateDocuments" || len(refused.Problems) != 0 {
			t.Fatalf("asked again within its days: %v", err)
		}
	})

	t.Run("reported", func(t *testing.T) {
		d, err := ownerreport.New(spec, st, st, time.UTC, clock).Detail(listing.NL, house.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.History) != 1 || d.History[0].Kind != "documents" {
			t.Errorf("owner's history %+v, want one documents request", d.History)
		}
	})

	t.Run("thanked", func(t *testing.T) {
		if out.Receipt == "" {
			t.Fatal("no receipt for its thank-you page")
		}
		r, err := receipts.Receipt(listing.NL, out.Receipt)
		if err != nil {
			t.Fatal(err)
		}
		if r.Form != name || r.Subject == nil || r.Subject.ID != house.ID || r.Documents == nil || *r.Documents != 2 {
			t.Errorf("receipt %+v", r)
		}
	})
}

// Parse refuses traits the code could not honour, naming the form.
func TestParseRefusesBadTraits(t *testing.T) {
	tests := []struct {
		name, traits, want string
	}{
		{"unknown platform call", `"platform": "SendFax"`, "unknown platform call"},
		{"unknown mail", `"mails": ["agency", "owner"]`, "mail \"owner\""},
		{"a friend mail without its address", `"mails": ["agency", "friend"]`, "friend mail"},
		{"once per an unknown field", `"once": {"per": ["email", "iban"], "name": "x", "days": 3, "message": "failed"}`, "unknown field \"iban\""},
		{"once without a message", `"once": {"per": ["email"], "name": "x", "days": 3, "message": "nope"}`, "once needs"},
		{"owner kind nobody reads", `"ownerKind": "gossip"`, "not one of ownerKinds"},
		{"owner kind by a free field", `"ownerKindBy": {"email": {"x": "offer"}}`, "select field"},
		{"section of an unknown field", `"sections": {"household": ["pets"]}`, "unknown field \"pets\""},
		{"a goal for a form about nothing", `"goal": "rent"`, "goal"},
		{"an account without a password", `"opensAccount": true`, "opensAccount"},
		{"a place neither on a page nor a request", `"places": [{"order": 1}]`, "a place needs a page or a request"},
		{"a page's place without a title", `"places": [{"page": "office", "order": 3}]`, "needs a section"},
		{"a request nobody can make", `"places": [{"request": "haggle"}]`, "not one of the requests"},
		{"whenSlots on a form without slots", `"subject": "property", "places": [{"request": "visit", "whenSlots": true}]`, "whenSlots"},
		{"a default of no field", `"subject": "property", "places": [{"request": "friend", "defaults": {"request": "x"}}]`, "default request"},
		{"a page's place another form holds", `"places": [{"page": "guestbook", "section": "x"}]`, "as form contact-testimonial"},
		{"a request another form answers", `"subject": "property", "places": [{"request": "offer"}]`, "as form offer"},
		{"a second testimonial form", `"testimonial": true`, "testimonial, as form contact-testimonial"},
		{"a search profile without an account", `"searchProfile": true`, "searchProfile needs"},
	}
	shipped, err := os.ReadFile("forms.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := `"probe": {` + tt.traits + `, "fields": [{"name": "email", "type": "email", "required": true}]},`
			raw := bytes.Replace(shipped, []byte(`"forms": {`), []byte(`"forms": {`+form), 1)
			_, err := leads.Parse(raw)
			if err == nil || !strings.Contains(err.Error(), "form probe") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse = %v, want an error of form probe with %q", err, tt.want)
			}
		})
	}
}
