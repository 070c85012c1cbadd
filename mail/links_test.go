package mail_test

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/internal/linkcheck"
	"github.com/estate-agency/estate/mail"
)

// siteBase is the site's address the mails' links are made absolute against (server.base_url).
const siteBase = "https://ardennes-immo.example"

// siteAgency is the agency as the server passes it: its site's address, links elsewhere as paths.
func siteAgency() mail.AgencyView {
	a := agency()
	a.BaseURL = siteBase
	return a
}

// rendered is one mail: its parts and the site paths it was given, which must come out absolute.
type rendered struct {
	name          string
	subject, text string
	html          string
	err           error
	paths         []string // shown in both parts
	photos        []string // shown in the HTML only
}

// leadMails renders a mail kind for every form that sends it, as a lead that filled every field and whose
// property, documents and visit the server gives as site paths.
func leadMails(t *testing.T, kind mail.Kind, lang string, agency mail.AgencyView) []rendered {
	var out []rendered
	received := time.Date(2026, 3, 1, 8, 30, 0, 0, time.UTC)
	for form, spec := range contractForms(t) {
		if !slices.Contains(spec.mails, kind) {
			continue
		}
		v := mail.LeadView{Form: form, Lang: lang, Received: received, Agency: agency, Location: brussels(t)}
		var paths []string
		for _, name := range spec.fields {
			value := "value-of-" + name
			switch name {
			case "email", "friendEmail":
				value = "anna@example.com"
			case "website":
				value = "https://anna.example/"
			}
			v.Fields = append(v.Fields, mail.FieldView{Name: name, Value: value})
		}
		switch spec.subject {
		case "property":
			v.Subject = &mail.SubjectView{Kind: "property", ID: 4003, Title: "Chalet in Bouillon", URL: "/" + lang + "/te-koop/bouillon/chalet/4003/"}
			paths = append(paths, v.Subject.URL)
		case "project":
			v.Subject = &mail.SubjectView{Kind: "project", ID: 12, Title: "Les Jardins", URL: "/" + lang + "/projecten/les-jardins/12/"}
			paths = append(paths, v.Subject.URL)
		}
		if form == "contact-appointment" {
			v.Slot = &mail.SlotView{Start: received.AddDate(0, 0, 3), End: received.AddDate(0, 0, 3).Add(45 * time.Minute)}
		}
		if form == "request-documents" {
			v.SendsDocuments = true
			v.Documents = []mail.LinkView{
				{Title: "EPB-certificaat", URL: "/demo/documents/4003/epb-certificaat.pdf"},
				{Title: "Grondplan", URL: "/demo/documents/4003/grondplan.pdf"},
			}
			if kind == mail.VisitorConfirmation || kind == mail.AgencyNotice {
				paths = append(paths, v.Documents[0].URL, v.Documents[1].URL)
			}
		}
		s, text, html, err := mail.Render(kind, lang, v)
		out = append(out, rendered{name: form, subject: s, text: text, html: html, err: err, paths: paths})
	}
	return out
}

// renderers render every mail a template file makes, with realistic data whose own links are site paths.
var renderers = map[string]func(t *testing.T, lang string, agency mail.AgencyView) []rendered{
	string(mail.AgencyNotice): func(t *testing.T, lang string, a mail.AgencyView) []rendered {
		return leadMails(t, mail.AgencyNotice, lang, a)
	},
	string(mail.VisitorConfirmation): func(t *testing.T, lang string, a mail.AgencyView) []rendered {
		return leadMails(t, mail.VisitorConfirmation, lang, a)
	},
	string(mail.FriendMessage): func(t *testing.T, lang string, a mail.AgencyView) []rendered {
		return leadMails(t, mail.FriendMessage, lang, a)
	},
	"alert": func(t *testing.T, lang string, a mail.AgencyView) []rendered {
		item := func(id, kind string) mail.AlertItem {
			return mail.AlertItem{Kind: kind, Title: "Chalet", City: "Bouillon", PriceText: "€ 245.000", OldPriceText: "€ 259.000",
				URL: "/" + lang + "/te-koop/bouillon/chalet/" + id + "/", PhotoURL: "/demo/photos/" + id + "/1/400.jpg", PhotoWidth: 400, PhotoHeight: 300}
		}
		v := mail.AlertView{Agency: a, Items: []mail.AlertItem{item("4003", mail.AlertNew), item("4030", mail.AlertPriceDrop)},
			AccountURL: "/" + lang + "/mijn-zoekprofiel/", UnsubscribeURL: "/" + lang + "/uitschrijven/#token=abc.def"}
		var out []rendered
		for _, digest := range []bool{false, true} {
			v.Digest = digest
			s, text, html, err := mail.RenderAlert(lang, v)
			out = append(out, rendered{name: map[bool]string{false: "alert", true: "digest"}[digest], subject: s, text: text, html: html, err: err,
				paths: []string{v.Items[0].URL, v.AccountURL, v.UnsubscribeURL}, photos: []string{v.Items[1].PhotoURL}})
		}
		return out
	},
	string(mail.DemandConfirmation): func(t *testing.T, lang string, a mail.AgencyView) []rendered {
		var out []rendered
		for _, existing := range []bool{false, true} {
			v := mail.LeadView{Form: "demand-register", Lang: lang, Received: time.Date(2026, 3, 1, 8, 30, 0, 0, time.UTC), Agency: a,
				Fields: []mail.FieldView{{Name: "firstName", Value: "Anne"}, {Name: "email", Value: "anne@example.be"}, {Name: "budget", Value: "€ 400.000"}},
				Confirm: &mail.ConfirmView{ConfirmURL: "/" + lang + "/zoekprofiel-bevestigen/#token=t0k3n", ValidFor: 48 * time.Hour,
					LoginURL: "/" + lang + "/login/", ProfileURL: "/" + lang + "/mijn-zoekprofiel/", Email: "anne@example.be", Existing: existing}}
			s, text, html, err := mail.Render(mail.DemandConfirmation, lang, v)
			out = append(out, rendered{name: "demand-confirmation", subject: s, text: text, html: html, err: err,
				paths: []string{v.Confirm.ConfirmURL, v.Confirm.LoginURL, v.Confirm.ProfileURL}})
		}
		return out
	},
	"password-reset": func(t *testing.T, lang string, a mail.AgencyView) []rendered {
		v := mail.ResetView{Agency: a, ResetURL: "/" + lang + "/login/nieuw-wachtwoord/#token=t0k3n", ValidFor: time.Hour}
		s, text, html, err := mail.RenderPasswordReset(lang, v)
		return []rendered{{name: "reset", subject: s, text: text, html: html, err: err, paths: []string{v.ResetURL}}}
	},
}

// templateNames are the mails of each language's template folder, each a .txt and an .html file: a template
// added later is found here, and fails the tests below until they render it.
func templateNames(t *testing.T) map[string][]string {
	t.Helper()
	files, err := fs.Glob(os.DirFS("templates"), "*/*")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string][]string{}
	for _, f := range files {
		lang, file := path.Split(f)
		name := strings.TrimSuffix(strings.TrimSuffix(file, ".txt"), ".html")
		if lang = strings.TrimSuffix(lang, "/"); !slices.Contains(names[lang], name) {
			names[lang] = append(names[lang], name)
		}
	}
	if len(names) != len(mail.Languages()) {
		t.Fatalf("template folders %v, languages %v", names, mail.Languages())
	}
	return names
}

// Every link of every mail is absolute, in the text and the HTML part, whatever form of link the server gave.
func TestEveryTemplateLinksAbsolutely(t *testing.T) {
	eachRendered(t, siteAgency(), func(t *testing.T, m rendered) {
		if m.err != nil {
			t.Fatalf("%s: %v", m.name, m.err)
		}
		if bad := linkcheck.HTML(m.html); len(bad) > 0 {
			t.Errorf("%s: the HTML links to %q", m.name, bad)
		}
		if bad := linkcheck.Text(m.text); len(bad) > 0 {
			t.Errorf("%s: the text shows %q\n%s", m.name, bad, m.text)
		}
		for _, p := range m.paths {
			abs := siteBase + p
			if !strings.Contains(m.text, abs) || !strings.Contains(m.html, `"`+strings.ReplaceAll(abs, "&", "&amp;")) {
				t.Errorf("%s: %s is not in both parts", m.name, abs)
			}
		}
		for _, p := range m.photos {
			if !strings.Contains(m.html, `src="`+siteBase+p+`"`) {
				t.Errorf("%s: the photo %s is not absolute", m.name, p)
			}
		}
	})
}

// A site path with no site address to resolve it against fails the mail instead of going out relative.
func TestEveryTemplateRefusesARelativeLinkWithoutTheSiteAddress(t *testing.T) {
	eachRendered(t, agency(), func(t *testing.T, m rendered) {
		if len(m.paths)+len(m.photos) > 0 && !errors.Is(m.err, mail.ErrRelativeLink) {
			t.Errorf("%s: err = %v, want ErrRelativeLink", m.name, m.err)
		}
	})
}

// eachRendered renders every template in every language for agency, in a
// subtest per template, and checks each mail it renders with check.
func eachRendered(t *testing.T, agency mail.AgencyView, check func(t *testing.T, m rendered)) {
	for lang, names := range templateNames(t) {
		for _, name := range names {
			t.Run(lang+"/"+name, func(t *testing.T) {
				render, ok := renderers[name]
				if !ok {
					t.Fatalf("templates/%s/%s has no renderer in this test: add one with realistic data", lang, name)
				}
				for _, m := range render(t, lang, agency) {
					check(t, m)
				}
			})
		}
	}
}

func TestRenderRefusesABadSiteAddress(t *testing.T) {
	for _, base := range []string{"localhost:8080", "/relative", "ftp://a.example", "https://"} {
		a := agency()
		a.BaseURL = base
		if _, _, _, err := mail.RenderPasswordReset("nl", mail.ResetView{Agency: a, ResetURL: "/nl/login/nieuw-wachtwoord/#token=x", ValidFor: time.Hour}); err == nil {
			t.Errorf("base %q accepted", base)
		}
	}
}
