package mail_test

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/mail"
)

// contractForms reads leads/forms.json: each form's subject kind and field names, groups expanded.
func contractForms(t *testing.T) map[string]struct {
	subject string
	fields  []string
	mails   []mail.Kind
} {
	t.Helper()
	raw, err := os.ReadFile("../leads/forms.json")
	if err != nil {
		t.Fatal(err)
	}
	type field struct{ Name, Group string }
	var c struct {
		Groups map[string][]field
		Forms  map[string]struct {
			Subject string
			Fields  []field
			Mails   []string
		}
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	out := map[string]struct {
		subject string
		fields  []string
		mails   []mail.Kind
	}{}
	for name, f := range c.Forms {
		var names []string
		for _, fl := range f.Fields {
			if fl.Group == "" {
				names = append(names, fl.Name)
				continue
			}
			for _, g := range c.Groups[fl.Group] {
				names = append(names, g.Name)
			}
		}
		// The outbox's kinds of mail (leads.KindAgency…) and the templates they render.
		kinds := map[string]mail.Kind{"agency": mail.AgencyNotice, "visitor": mail.VisitorConfirmation, "friend": mail.FriendMessage}
		mails := []mail.Kind{mail.AgencyNotice, mail.VisitorConfirmation}
		if f.Mails != nil {
			mails = nil
			for _, m := range f.Mails {
				mails = append(mails, kinds[m])
			}
		}
		out[name] = struct {
			subject string
			fields  []string
			mails   []mail.Kind
		}{f.Subject, names, mails}
	}
	return out
}

// TestRenderEveryForm renders each mail of each form in each language from a lead that filled every field.
func TestRenderEveryForm(t *testing.T) {
	for form, spec := range contractForms(t) {
		v := mail.LeadView{Form: form, Lang: "nl", Received: time.Date(2026, 3, 1, 8, 30, 0, 0, time.UTC), Agency: agency()}
		for _, name := range spec.fields {
			v.Fields = append(v.Fields, mail.FieldView{Name: name, Value: "value-of-" + name})
		}
		if spec.subject != "" {
			v.Subject = &mail.SubjectView{Kind: spec.subject, ID: 7, Title: "Title-7", URL: "https://ardennes-immo.example/7/"}
		}
		if form == "contact-appointment" {
			v.Slot = &mail.SlotView{Start: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)}
		}
		if form == "request-documents" {
			v.SendsDocuments = true
			v.Documents = []mail.LinkView{{Title: "EPC", URL: "https://ardennes-immo.example/docs/epc.pdf"}}
		}
		for _, lang := range mail.Languages() {
			for _, kind := range spec.mails {
				t.Run(form+"/"+lang+"/"+string(kind), func(t *testing.T) {
					subject, text, html, err := mail.Render(kind, lang, v)
					if err != nil {
						t.Fatal(err)
					}
					if subject == "" || strings.ContainsAny(subject, "\r\n") {
						t.Errorf("subject %q", subject)
					}
					for part, body := range map[string]string{"text": text, "html": html} {
						for _, bad := range []string{"<no value>", "%!", "ZgotmplZ", "value-of-password"} {
							if strings.Contains(body, bad) {
								t.Errorf("%s contains %q:\n%s", part, bad, body)
							}
						}
					}
					if kind == mail.FriendMessage {
						if !strings.Contains(text, "value-of-message") || strings.Contains(text, "value-of-friendEmail") {
							t.Errorf("friend mail shows the wrong fields:\n%s", text)
						}
						return
					}
					if !strings.Contains(subject, mail.FormTitle(lang, form)) && form != "request-documents" && form != "contact-appointment" {
						t.Errorf("subject %q lacks the form title %q", subject, mail.FormTitle(lang, form))
					}
					for _, name := range spec.fields {
						hidden := name == "password" || name == "passwordConfirm" ||
							(name == "property" || name == "project") && v.Subject != nil || name == "slot" && v.Slot != nil
						label := mail.Label(lang, form, name) + map[bool]string{true: "\u00a0: ", false: ": "}[lang == "fr"]
						shown := strings.Contains(text, label+"value-of-"+name)
						if shown == hidden {
							t.Errorf("field %s: shown %v, want %v (label %q)", name, shown, !hidden, label)
						}
					}
					if v.Subject != nil && (!strings.Contains(text, "Title-7") || !strings.Contains(html, `href="https://ardennes-immo.example/7/"`)) {
						t.Errorf("the %s and its link are missing", v.Subject.Kind)
					}
				})
			}
		}
	}
}

func TestRenderEscapesHTML(t *testing.T) {
	v := mail.LeadView{
		Form: "contact-me", Lang: "fr", Received: time.Now(), Agency: agency(),
		Subject: &mail.SubjectView{Kind: "property", ID: 1, Title: `<img src=x onerror=alert(1)>`, URL: "javascript:alert(1)"},
		Fields: []mail.FieldView{
			{Name: "firstName", Value: "<script>alert(1)</script>"},
			{Name: "lastName", Value: `"><b>bold</b>`},
			{Name: "remark", Value: "<script>alert(2)</script>\n<a href=\"https://evil.example\">x</a>"},
		},
		Documents: []mail.LinkView{{Title: "<i>doc</i>", URL: "javascript:alert(3)"}},
	}
	for _, kind := range []mail.Kind{mail.AgencyNotice, mail.VisitorConfirmation} {
		for _, lang := range []string{"nl", "fr"} {
			t.Run(string(kind)+"/"+lang, func(t *testing.T) {
				_, text, html, err := mail.Render(kind, lang, v)
				if err != nil {
					t.Fatal(err)
				}
				for _, bad := range []string{"<script", "<img", "<b>", "<i>", "javascript:", `href="https://evil.example"`} {
					if strings.Contains(html, bad) {
						t.Errorf("HTML contains %q", bad)
					}
				}
				if !strings.Contains(html, "&lt;script&gt;alert(1)&lt;/script&gt;") {
					t.Error("the escaped value is missing from the HTML")
				}
				if !strings.Contains(text, "<script>alert(1)</script>") {
					t.Error("the plain text does not show the value as typed")
				}
			})
		}
	}
}

func TestRenderDates(t *testing.T) {
	start := time.Date(2026, 12, 1, 13, 0, 0, 0, time.UTC)
	tests := []struct{ lang, received, slot string }{
		{"nl", "zondag 22 november 2026 om 10.05 uur", "dinsdag 1 december 2026 van 14.00 tot 15.00 uur"},
		{"fr", "dimanche 22 novembre 2026 à 10h05", "mardi 1er décembre 2026 de 14h00 à 15h00"},
		{"en", "Sunday 22 November 2026 at 10:05", "Tuesday 1 December 2026 from 14:00 to 15:00"},
		{"de", "Sonntag, 22. November 2026 um 10:05 Uhr", "Dienstag, 1. Dezember 2026 von 14:00 bis 15:00 Uhr"},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			v := appointmentLead(t, tc.lang)
			v.Slot = &mail.SlotView{Start: start, End: start.Add(time.Hour)}
			subject, text, _, err := mail.Render(mail.AgencyNotice, tc.lang, v)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text, tc.received) || !strings.Contains(text, tc.slot) {
				t.Errorf("want %q and %q in:\n%s", tc.received, tc.slot, text)
			}
			if !strings.Contains(subject, "Villa") {
				t.Errorf("subject %q", subject)
			}
		})
	}
}

func TestRenderLanguageFallback(t *testing.T) {
	v := appointmentLead(t, "es")
	for _, lang := range []string{"es", "", "NL-be"} {
		s1, t1, h1, err1 := mail.Render(mail.VisitorConfirmation, lang, v)
		s2, t2, h2, err2 := mail.Render(mail.VisitorConfirmation, "en", v)
		if err1 != nil || err2 != nil || s1 != s2 || t1 != t2 || h1 != h2 {
			t.Errorf("%q does not fall back to English (%v, %v)", lang, err1, err2)
		}
	}
	if got := mail.Label("xx", "", "email"); got != "Email" {
		t.Errorf("Label falls back to %q", got)
	}
	if got := mail.Label("fr", "offer", "deposit"); got != "Accord sur un acompte de 10\u202f%" {
		t.Errorf("offer deposit label %q", got)
	}
	if got := mail.Label("nl", "", "unknownField"); got != "unknownField" {
		t.Errorf("unknown field label %q", got)
	}
	if !slices.Equal(mail.Languages(), []string{"nl", "fr", "en", "de"}) {
		t.Errorf("Languages() = %v", mail.Languages())
	}
}

// Which mails a form sends is the form's to say (leads/forms.json "mails"); a kind without templates is refused.
func TestRenderRefusesUnknownKinds(t *testing.T) {
	for _, kind := range []mail.Kind{"newsletter", ""} {
		t.Run(string(kind), func(t *testing.T) {
			_, _, _, err := mail.Render(kind, "nl", mail.LeadView{Form: "contact-me"})
			if !errors.Is(err, mail.ErrUnknownKind) {
				t.Errorf("Render = %v, want ErrUnknownKind", err)
			}
		})
	}
}

// TestRequestDocuments checks the visitor mail of request-documents is the documents mail.
func TestRequestDocuments(t *testing.T) {
	docs := []mail.LinkView{
		{Title: "EPC-attest", URL: "https://ardennes-immo.example/docs/4711/epc.pdf"},
		{Title: "Stedenbouwkundig uittreksel", URL: "https://ardennes-immo.example/docs/4711/urb.pdf"},
	}
	tests := []struct {
		lang, subject, none string
		docs                []mail.LinkView
	}{
		{"nl", "De documenten van Villa", "", docs},
		{"fr", "Les documents de Villa", "", docs},
		{"nl", "De documenten van Villa", "geen documenten beschikbaar", nil},
		{"fr", "Les documents de Villa", "Aucun document", nil},
	}
	for _, tc := range tests {
		t.Run(tc.lang+"/"+tc.none, func(t *testing.T) {
			v := mail.LeadView{
				Form: "request-documents", SendsDocuments: true, Lang: tc.lang, Received: time.Now(), Agency: agency(), Documents: tc.docs,
				Subject: &mail.SubjectView{Kind: "property", ID: 4711, Title: "Villa", URL: "https://ardennes-immo.example/4711/"},
				Fields:  []mail.FieldView{{Name: "firstName", Value: "Anna"}, {Name: "lastName", Value: "Claes"}},
			}
			subject, text, html, err := mail.Render(mail.VisitorConfirmation, tc.lang, v)
			if err != nil {
				t.Fatal(err)
			}
			if subject != tc.subject {
				t.Errorf("subject %q, want %q", subject, tc.subject)
			}
			for _, d := range tc.docs {
				if !strings.Contains(text, d.Title) || !strings.Contains(text, d.URL) || !strings.Contains(html, `<a href="`+d.URL+`"`) {
					t.Errorf("document %s is missing", d.Title)
				}
			}
			if tc.none != "" && (!strings.Contains(text, tc.none) || !strings.Contains(html, tc.none)) {
				t.Errorf("want %q when there are no documents:\n%s", tc.none, text)
			}
		})
	}
}

func TestRenderSubjectIsOneLine(t *testing.T) {
	v := appointmentLead(t, "nl")
	v.Subject.Title = "Villa\r\nBcc: victim@example.com"
	v.Fields = append(v.Fields, mail.FieldView{Name: "firstName", Value: "Eve\r\nX-Injected: 1"})
	for _, kind := range []mail.Kind{mail.AgencyNotice, mail.VisitorConfirmation} {
		subject, _, _, err := mail.Render(kind, "nl", v)
		if err != nil {
			t.Fatal(err)
		}
		if strings.ContainsAny(subject, "\r\n") {
			t.Errorf("%s subject %q spans lines", kind, subject)
		}
	}
}
