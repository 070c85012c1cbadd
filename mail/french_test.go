package mail_test

import (
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/internal/french"
	"github.com/estate-agency/estate/mail"
)

// frenchMail fails on every place where a rendered French mail breaks French typography or grammar.
func frenchMail(t *testing.T, subject, text, html string) {
	t.Helper()
	for part, body := range map[string]string{"subject": subject, "text": text, "html": html} {
		for _, p := range french.Check(body) {
			t.Errorf("%s: %s: %q", part, p.Rule, p.At)
		}
	}
}

// TestFrenchMails renders every French mail about a project whose name starts with an article, from an agency
// whose name does too: « des Jardins », « au Comptoir », « réf. », no-break spaces before : ; ? ! kept from the
// templates to the subject.
func TestFrenchMails(t *testing.T) {
	a := agency()
	a.Name = "Le Comptoir ardennais"
	for form, spec := range contractForms(t) {
		v := mail.LeadView{Form: form, Lang: "fr", Received: time.Date(2026, 3, 1, 8, 30, 0, 0, time.UTC), Agency: a}
		for _, name := range spec.fields {
			v.Fields = append(v.Fields, mail.FieldView{Name: name, Value: "valeur"})
		}
		if spec.subject != "" {
			v.Subject = &mail.SubjectView{Kind: spec.subject, ID: 7001, Title: "Les Jardins de Libramont", URL: "https://ardennes-immo.example/fr/neuf/7001/"}
		}
		if form == "contact-appointment" {
			v.Slot = &mail.SlotView{Start: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)}
		}
		if form == "request-documents" {
			v.SendsDocuments = true
			v.Documents = []mail.LinkView{{Title: "Liste de prix", URL: "https://ardennes-immo.example/docs/prix.pdf"}}
		}
		for _, kind := range spec.mails {
			t.Run(form+"/"+string(kind), func(t *testing.T) {
				subject, text, html, err := mail.Render(kind, "fr", v)
				if err != nil {
					t.Fatal(err)
				}
				frenchMail(t, subject, text, html)
				if v.Subject != nil && !strings.Contains(text, "(réf.\u00a07001)") && !strings.Contains(text, "(réf. 7001)") {
					t.Errorf("no « réf. 7001 » in:\n%s", text)
				}
			})
		}
	}
	t.Run("documents subject", func(t *testing.T) {
		v := mail.LeadView{Form: "request-documents", SendsDocuments: true, Lang: "fr", Received: time.Now(), Agency: a,
			Subject:   &mail.SubjectView{Kind: "project", ID: 7002, Title: "Les Jardins de Libramont", URL: "https://ardennes-immo.example/fr/neuf/7002/"},
			Documents: []mail.LinkView{{Title: "Plans", URL: "https://ardennes-immo.example/docs/plans.pdf"}}}
		subject, _, _, err := mail.Render(mail.VisitorConfirmation, "fr", v)
		if err != nil {
			t.Fatal(err)
		}
		if want := "Les documents des Jardins de Libramont"; subject != want {
			t.Errorf("subject %q, want %q", subject, want)
		}
	})
	t.Run("subject keeps its no-break space", func(t *testing.T) {
		v := mail.LeadView{Form: "site-contact", Lang: "fr", Received: time.Now(), Agency: a}
		subject, _, _, err := mail.Render(mail.AgencyNotice, "fr", v)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(subject, "Nouvelle demande\u00a0: ") {
			t.Errorf("subject %q", subject)
		}
	})
	for _, digest := range []bool{false, true} {
		for _, n := range []int{1, 2} {
			t.Run("alert", func(t *testing.T) {
				v := mail.AlertView{Agency: a, Digest: digest, UnsubscribeURL: "https://ardennes-immo.example/fr/desinscription/?token=x",
					AccountURL: "https://ardennes-immo.example/fr/mon-profil/"}
				for i := range n {
					v.Items = append(v.Items, alertItem(i+1, mail.AlertNew))
				}
				subject, text, html, err := mail.RenderAlert("fr", v)
				if err != nil {
					t.Fatal(err)
				}
				frenchMail(t, subject, text, html)
				if !strings.Contains(text, "demandé au Comptoir ardennais de") {
					t.Errorf("the agency's name is not contracted:\n%s", text)
				}
			})
		}
	}
	t.Run("password reset", func(t *testing.T) {
		subject, text, html, err := mail.RenderPasswordReset("fr", mail.ResetView{Agency: a, ResetURL: "https://ardennes-immo.example/fr/login/nouveau/#token=x", ValidFor: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		frenchMail(t, subject, text, html)
	})
}
