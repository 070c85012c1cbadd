package mail_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/mail"
)

const unsubscribeURL = "https://ardennes-immo.example/nl/uitschrijven/#token=abc.def"

func alertView(items ...mail.AlertItem) mail.AlertView {
	return mail.AlertView{
		Agency: agency(), Items: items,
		AccountURL:     "https://ardennes-immo.example/nl/mijn-zoekprofiel/",
		UnsubscribeURL: unsubscribeURL,
	}
}

func alertItem(id int, kind string) mail.AlertItem {
	it := mail.AlertItem{
		Kind: kind, Title: "Villa " + strconv.Itoa(id), City: "Durbuy", PriceText: "€ 325.000",
		URL:      "https://ardennes-immo.example/nl/te-koop/durbuy/villa/" + strconv.Itoa(id) + "/",
		PhotoURL: "https://ardennes-immo.example/media/" + strconv.Itoa(id) + "-280.jpg", PhotoWidth: 280, PhotoHeight: 210,
	}
	if kind == mail.AlertPriceDrop {
		it.PriceText, it.OldPriceText = "€ 299.000", "€ 325.000"
	}
	return it
}

// clean fails when a template left a trace of a missing value or a refused URL.
func clean(t *testing.T, parts map[string]string) {
	t.Helper()
	for part, body := range parts {
		for _, bad := range []string{"<no value>", "%!", "ZgotmplZ", "{{"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s contains %q:\n%s", part, bad, body)
			}
		}
	}
}

func TestRenderAlertEveryLanguage(t *testing.T) {
	v := alertView(alertItem(1, mail.AlertNew), alertItem(2, mail.AlertPriceDrop), alertItem(3, mail.AlertStatus))
	words := map[string][]string{
		"en": {"Price drop", "Back on the market", "Change your search", "Unsubscribe", "was"},
		"nl": {"Prijsdaling", "Opnieuw beschikbaar", "Uw zoekprofiel wijzigen", "Uitschrijven", "voorheen"},
		"fr": {"Baisse de prix", "De nouveau disponible", "Modifier votre recherche", "Se désinscrire", "au lieu de"},
		"de": {"Preissenkung", "Wieder verfügbar", "Suche ändern", "Abmelden", "vorher"},
	}
	for _, lang := range mail.Languages() {
		t.Run(lang, func(t *testing.T) {
			subject, text, html, err := mail.RenderAlert(lang, v)
			if err != nil {
				t.Fatal(err)
			}
			clean(t, map[string]string{"subject": subject, "text": text, "html": html})
			if !strings.HasPrefix(subject, "3 ") {
				t.Errorf("subject %q does not count the listings", subject)
			}
			for _, w := range words[lang] {
				if !strings.Contains(html, w) {
					t.Errorf("html lacks %q", w)
				}
			}
			if !strings.Contains(html, `lang="`+lang+`"`) {
				t.Error("html lacks its language")
			}
			for _, id := range []string{"1", "2", "3"} {
				link := "https://ardennes-immo.example/nl/te-koop/durbuy/villa/" + id + "/"
				if !strings.Contains(text, link) || !strings.Contains(html, `href="`+link+`"`) {
					t.Errorf("listing %s: link missing", id)
				}
				img := `<img src="https://ardennes-immo.example/media/` + id + `-280.jpg" width="160" height="120" alt="Villa ` + id + `, Durbuy"`
				if !strings.Contains(html, img) {
					t.Errorf("listing %s: photo missing or without its size and alt", id)
				}
			}
			if !strings.Contains(html, "<del>€ 325.000</del>") || !strings.Contains(text, "€ 299.000 ("+words[lang][4]+" € 325.000)") {
				t.Errorf("the old price of the drop is not struck:\n%s", text)
			}
			if strings.Count(html, "<del>") != 1 {
				t.Error("only a price drop shows an old price")
			}
			if !strings.Contains(text, v.AccountURL) || !strings.Contains(html, `href="`+v.AccountURL+`"`) {
				t.Error("the link to change the search is missing")
			}
		})
	}
}

func TestRenderAlertSubjectPlural(t *testing.T) {
	tests := []struct {
		lang  string
		items []mail.AlertItem
		want  string
	}{
		{"en", []mail.AlertItem{alertItem(1, mail.AlertNew)}, "1 new property matches your search"},
		{"en", []mail.AlertItem{alertItem(1, mail.AlertNew), alertItem(2, mail.AlertNew), alertItem(3, mail.AlertStatus)}, "3 properties match your search"},
		{"en", []mail.AlertItem{alertItem(1, mail.AlertPriceDrop)}, "Price drop on a property that matches your search"},
		{"en", []mail.AlertItem{alertItem(1, mail.AlertStatus)}, "A property that matches your search is back on the market"},
		{"nl", []mail.AlertItem{alertItem(1, mail.AlertNew)}, "1 nieuw pand voldoet aan uw zoekprofiel"},
		{"nl", []mail.AlertItem{alertItem(1, mail.AlertNew), alertItem(2, mail.AlertNew)}, "2 panden voldoen aan uw zoekprofiel"},
		{"fr", []mail.AlertItem{alertItem(1, mail.AlertNew)}, "1 nouveau bien correspond à votre recherche"},
		{"fr", []mail.AlertItem{alertItem(1, mail.AlertNew), alertItem(2, mail.AlertNew)}, "2 biens correspondent à votre recherche"},
		{"de", []mail.AlertItem{alertItem(1, mail.AlertNew)}, "1 neue Immobilie entspricht Ihrer Suche"},
		{"de", []mail.AlertItem{alertItem(1, mail.AlertNew), alertItem(2, mail.AlertNew)}, "2 Immobilien entsprechen Ihrer Suche"},
		{"xx", []mail.AlertItem{alertItem(1, mail.AlertNew)}, "1 new property matches your search"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.want, func(t *testing.T) {
			subject, _, html, err := mail.RenderAlert(tt.lang, alertView(tt.items...))
			if err != nil {
				t.Fatal(err)
			}
			if subject != tt.want {
				t.Errorf("subject %q, want %q", subject, tt.want)
			}
			if !strings.Contains(html, "<title>"+tt.want+"</title>") {
				t.Error("the html title is not the subject")
			}
		})
	}
}

func TestRenderAlertShowsTenAtMost(t *testing.T) {
	var items []mail.AlertItem
	for i := range 13 {
		items = append(items, alertItem(100+i, mail.AlertNew))
	}
	subject, text, html, err := mail.RenderAlert("en", alertView(items...))
	if err != nil {
		t.Fatal(err)
	}
	if subject != "10 properties match your search" {
		t.Errorf("subject %q", subject)
	}
	if strings.Contains(text, "villa/110/") || strings.Contains(html, "villa/110/") || !strings.Contains(text, "villa/109/") {
		t.Error("more than the first 10 listings are shown")
	}
}

func TestRenderAlertUnsubscribeInBothParts(t *testing.T) {
	for _, lang := range mail.Languages() {
		t.Run(lang, func(t *testing.T) {
			_, text, html, err := mail.RenderAlert(lang, alertView(alertItem(1, mail.AlertNew)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text, unsubscribeURL) {
				t.Errorf("text lacks the unsubscribe link:\n%s", text)
			}
			if !strings.Contains(html, `href="https://ardennes-immo.example/nl/uitschrijven/#token=abc.def"`) {
				t.Errorf("html lacks the unsubscribe link")
			}
			if !strings.Contains(text, "Ardenne Immo") {
				t.Error("the mail does not say who sends it")
			}
		})
	}
	_, _, _, err := mail.RenderAlert("en", mail.AlertView{Items: []mail.AlertItem{alertItem(1, mail.AlertNew)}})
	if !errors.Is(err, mail.ErrNoUnsubscribe) {
		t.Errorf("an alert without an unsubscribe link: err = %v", err)
	}
	_, _, _, err = mail.RenderAlert("en", mail.AlertView{UnsubscribeURL: unsubscribeURL})
	if !errors.Is(err, mail.ErrNoItems) {
		t.Errorf("an alert without listings: err = %v", err)
	}
}

func TestRenderAlertEscapes(t *testing.T) {
	it := alertItem(1, mail.AlertPriceDrop)
	it.Title = `<script>alert(1)</script>`
	it.City = `Durbuy"><b>`
	it.OldPriceText = `<i>€ 1</i>`
	it.URL = "javascript:alert(1)"
	it.PhotoURL = `https://x.example/a.jpg" onerror="alert(1)`
	v := alertView(it)
	v.Agency.Name = "Ardenne <Immo>"
	subject, text, html, err := mail.RenderAlert("fr", v)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script>", "<b>", "<i>", "javascript:", `" onerror=`, "<Immo>"} {
		if strings.Contains(html, bad) {
			t.Errorf("html carries %q unescaped", bad)
		}
	}
	if !strings.Contains(html, "&lt;script&gt;alert(1)&lt;/script&gt;") || !strings.Contains(html, "Ardenne &lt;Immo&gt;") {
		t.Error("the values are not shown escaped")
	}
	if !strings.Contains(text, "<script>alert(1)</script>") {
		t.Error("the plain text must keep the title as typed")
	}
	if strings.ContainsAny(subject, "\r\n") {
		t.Errorf("subject %q", subject)
	}
}

func TestRenderAlertDigest(t *testing.T) {
	v := alertView(alertItem(1, mail.AlertNew))
	v.Digest = true
	subject, text, _, err := mail.RenderAlert("nl", v)
	if err != nil {
		t.Fatal(err)
	}
	if subject != "Uw dagelijkse selectie: 1 pand voldoet aan uw zoekprofiel" {
		t.Errorf("digest subject %q", subject)
	}
	if !strings.Contains(text, "selectie van vandaag") {
		t.Errorf("the digest does not say so:\n%s", text)
	}
}

func TestRenderPasswordReset(t *testing.T) {
	const link = "https://ardennes-immo.example/nl/login/nieuw-wachtwoord/#token=t0k3n"
	tests := []struct {
		lang     string
		validFor time.Duration
		subject  string
		words    []string
	}{
		{"en", time.Hour, "Choose a new password", []string{"valid for 60 minutes", "only once", "your password stays unchanged"}},
		{"nl", 30 * time.Minute, "Kies een nieuw wachtwoord", []string{"30 minuten geldig", "maar één keer", "uw wachtwoord blijft ongewijzigd"}},
		{"fr", time.Minute, "Choisissez un nouveau mot de passe", []string{"valable 1 minute", "une seule fois", "votre mot de passe reste inchangé"}},
		{"de", 7 * 24 * time.Hour, "Wählen Sie ein neues Passwort", []string{"7 Tage lang gültig", "nur ein einziges Mal", "Ihr Passwort bleibt unverändert"}},
		{"en", 3 * time.Hour, "Choose a new password", []string{"valid for 3 hours"}},
		{"nl", 24 * time.Hour, "Kies een nieuw wachtwoord", []string{"24 uur geldig"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.validFor.String(), func(t *testing.T) {
			subject, text, html, err := mail.RenderPasswordReset(tt.lang, mail.ResetView{Agency: agency(), ResetURL: link, ValidFor: tt.validFor})
			if err != nil {
				t.Fatal(err)
			}
			clean(t, map[string]string{"subject": subject, "text": text, "html": html})
			if subject != tt.subject {
				t.Errorf("subject %q, want %q", subject, tt.subject)
			}
			for _, w := range tt.words {
				if !strings.Contains(text, w) || !strings.Contains(html, w) {
					t.Errorf("%q missing in text or html:\n%s", w, text)
				}
			}
			if !strings.Contains(text, link) || !strings.Contains(html, `href="`+link+`"`) {
				t.Error("the link is missing")
			}
		})
	}
	_, _, _, err := mail.RenderPasswordReset("en", mail.ResetView{ResetURL: link})
	if !errors.Is(err, mail.ErrNoResetLink) {
		t.Errorf("a link valid for no time: err = %v", err)
	}
}

func TestRenderPasswordResetEscapes(t *testing.T) {
	a := agency()
	a.Name = `<script>x</script>`
	_, _, html, err := mail.RenderPasswordReset("en", mail.ResetView{Agency: a, ResetURL: "https://ardennes-immo.example/en/login/new-password/#token=a\"b", ValidFor: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html, "<script>") || strings.Contains(html, `a"b`) {
		t.Error("html carries a value unescaped")
	}
	// A link a mail client would run rather than open is no link to send.
	if _, _, _, err := mail.RenderPasswordReset("en", mail.ResetView{Agency: a, ResetURL: `javascript:alert(1)`, ValidFor: time.Hour}); !errors.Is(err, mail.ErrNoResetLink) {
		t.Errorf("a javascript: link: err = %v, want ErrNoResetLink", err)
	}
}
