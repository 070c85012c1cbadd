package mail

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"
)

// formsFile is the form contract the server and the UI share; every field it names must have a label here.
const formsFile = "../leads/forms.json"

type contractField struct {
	Name  string `json:"name"`
	Group string `json:"group"`
}

type contract struct {
	Groups map[string][]contractField `json:"groups"`
	Forms  map[string]struct {
		Fields []contractField `json:"fields"`
		// Mails are the form's mails; absent: the agency's and the visitor's.
		Mails []string `json:"mails"`
	} `json:"forms"`
}

// visitorMails tells the forms whose visitor gets a confirmation mail.
func visitorMails(t *testing.T) map[string]bool {
	t.Helper()
	raw, err := os.ReadFile(formsFile)
	if err != nil {
		t.Fatal(err)
	}
	var c contract
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for name, f := range c.Forms {
		out[name] = f.Mails == nil || slices.Contains(f.Mails, "visitor")
	}
	return out
}

// readContract returns every form with the names of its fields, groups expanded.
func readContract(t *testing.T) map[string][]string {
	t.Helper()
	raw, err := os.ReadFile(formsFile)
	if err != nil {
		t.Fatal(err)
	}
	var c contract
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	forms := map[string][]string{}
	for name, f := range c.Forms {
		for _, field := range f.Fields {
			if field.Group == "" {
				forms[name] = append(forms[name], field.Name)
				continue
			}
			group, ok := c.Groups[field.Group]
			if !ok {
				t.Fatalf("form %s uses unknown group %q", name, field.Group)
			}
			for _, g := range group {
				forms[name] = append(forms[name], g.Name)
			}
		}
	}
	if len(forms) == 0 {
		t.Fatal("no forms in " + formsFile)
	}
	return forms
}

func TestTextsCoverEveryFormAndField(t *testing.T) {
	forms := readContract(t)
	visitor := visitorMails(t)
	c, err := loadTexts()
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Languages(); !slices.Equal(got, slices.Sorted(slices.Values(languages))) {
		t.Errorf("texts in %v, mails in %v", got, languages)
	}
	// An id only some languages have is a translation someone forgot to make or to remove.
	for lang, ids := range c.Missing() {
		for _, id := range ids {
			t.Errorf("%s has no %s", lang, id)
		}
	}
	for _, lang := range languages {
		t.Run(lang, func(t *testing.T) {
			need := []string{"thanks.default", "subjects.property", "subjects.project", "colon", "reference",
				"formats.date", "formats.firstDay", "formats.time", "formats.dateTime", "formats.slot",
				"visit.summary", "visit.booked", "visit.calendar", "account.was", "account.view"}
			for i := range 7 {
				need = append(need, fmt.Sprintf("weekdays.%d", i))
			}
			for i := range 12 {
				need = append(need, fmt.Sprintf("months.%d", i))
			}
			for _, kind := range []string{AlertNew, AlertPriceDrop, AlertStatus} {
				need = append(need, "account.kinds."+kind)
			}
			for _, unit := range []string{"minute", "hour", "day"} {
				need = append(need, "account.units."+unit)
			}
			for form, fields := range forms {
				need = append(need, "forms."+form)
				if visitor[form] {
					need = append(need, "next."+form)
				}
				for _, field := range fields {
					need = append(need, "fields."+field)
				}
			}
			for _, id := range need {
				if !c.Has(lang, id) {
					t.Errorf("no %s", id)
				}
			}
		})
	}
}

func TestValidForSaysTheCountInItsPluralForm(t *testing.T) {
	c, err := loadTexts()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang string
		d    time.Duration
		want string
	}{
		{"nl", time.Minute, "1 minuut"},
		{"nl", 30 * time.Minute, "30 minuten"},
		{"nl", time.Hour, "60 minuten"},
		{"nl", 3 * time.Hour, "3 uur"},
		{"nl", 24 * time.Hour, "24 uur"},
		{"nl", 72 * time.Hour, "3 dagen"},
		{"fr", time.Minute, "1 minute"},
		{"fr", 90 * time.Minute, "90 minutes"},
		{"fr", 5 * time.Hour, "5 heures"},
		{"fr", 48 * time.Hour, "2 jours"},
		{"fr", 10 * time.Second, "1 minute"}, // never less than one
		{"de", 72 * time.Hour, "3 Tage"},
		{"en", 2 * time.Hour, "2 hours"},
		{"xx", 2 * time.Hour, "2 hours"}, // a language mails are not written in: English
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.d.String(), func(t *testing.T) {
			if got := duration(words{c: c, lang: resolveLang(tt.lang)}, tt.d); got != tt.want {
				t.Errorf("%v in %s: %q, want %q", tt.d, tt.lang, got, tt.want)
			}
		})
	}
}

func TestAlertWordsFollowThePluralRules(t *testing.T) {
	c, err := loadTexts()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang          string
		n             int
		single        string
		digest        bool
		subject, text string
	}{
		{"nl", 1, AlertNew, false, "1 nieuw pand voldoet aan uw zoekprofiel", "Dit pand voldoet aan uw zoekprofiel."},
		{"nl", 3, "", false, "3 panden voldoen aan uw zoekprofiel", "Deze panden voldoen aan uw zoekprofiel."},
		{"nl", 1, AlertPriceDrop, false, "Prijsdaling voor een pand dat aan uw zoekprofiel voldoet", "Dit pand voldoet aan uw zoekprofiel."},
		{"nl", 1, AlertNew, true, "Uw dagelijkse selectie: 1 pand voldoet aan uw zoekprofiel", "Dit is de selectie van vandaag: panden die aan uw zoekprofiel voldoen."},
		{"nl", 10, "", true, "Uw dagelijkse selectie: 10 panden voldoen aan uw zoekprofiel", "Dit is de selectie van vandaag: panden die aan uw zoekprofiel voldoen."},
		{"fr", 1, AlertNew, false, "1 nouveau bien correspond à votre recherche", "Ce bien correspond à votre recherche."},
		{"fr", 2, "", false, "2 biens correspondent à votre recherche", "Ces biens correspondent à votre recherche."},
		{"fr", 1, AlertStatus, false, "Un bien qui correspond à votre recherche est de nouveau disponible", "Ce bien correspond à votre recherche."},
		{"fr", 1, AlertNew, true, "Votre sélection du jour\u00a0: 1 bien correspond à votre recherche", "Voici la sélection du jour\u00a0: les biens qui correspondent à votre recherche."},
		{"fr", 4, "", true, "Votre sélection du jour\u00a0: 4 biens correspondent à votre recherche", "Voici la sélection du jour\u00a0: les biens qui correspondent à votre recherche."},
		{"de", 2, "", false, "2 Immobilien entsprechen Ihrer Suche", "diese Immobilien entsprechen Ihrer Suche."},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d/%s/digest=%v", tt.lang, tt.n, tt.single, tt.digest), func(t *testing.T) {
			subject, text := alertWords(words{c: c, lang: tt.lang}, tt.n, tt.single, tt.digest)
			if subject != tt.subject || text != tt.text {
				t.Errorf("got %q, %q\nwant %q, %q", subject, text, tt.subject, tt.text)
			}
		})
	}
}
