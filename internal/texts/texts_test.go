package texts

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

const doc = `{
  "$comment": "not a text",
  "en": {
    "hello": "Hello {{name}}",
    "only": "English only",
    "minutes": {"one": "{{count}} minute", "other": "{{count}} minutes"},
    "options": {"kind": {"house": "house", "other": "other"}},
    "weekdays": ["Sunday", "Monday"],
    "braces": "{title} and {{ missing }}"
  },
  "nl": {
    "hello": "Hallo {{name}}",
    "minutes": {"one": "{{count}} minuut", "other": "{{count}} minuten"},
    "options": {"kind": {"house": "woning", "other": "ander"}},
    "weekdays": ["zondag", "maandag"],
    "braces": "{title} en {{ missing }}"
  },
  "fr": {
    "hello": "Bonjour {{name}}",
    "only": "Français",
    "minutes": {"one": "{{count}} minute", "many": "{{count}} de minutes", "other": "{{count}} minutes"},
    "options": {"kind": {"house": "maison", "other": "autre"}},
    "weekdays": ["dimanche", "lundi"],
    "braces": "{title} et {{ missing }}"
  }
}`

func mustParse(t *testing.T) *Catalog {
	t.Helper()
	c, err := ParseByLanguage("test.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestText(t *testing.T) {
	c := mustParse(t)
	tests := []struct {
		name, lang, id string
		args           Args
		want           string
	}{
		{"own language", "nl", "hello", Args{"name": "Jan"}, "Hallo Jan"},
		{"nested id", "fr", "options.kind.house", nil, "maison"},
		{"an option named other is no plural", "nl", "options.kind.other", nil, "ander"},
		{"array index", "nl", "weekdays.1", nil, "maandag"},
		{"text the language lacks: English", "nl", "only", nil, "English only"},
		{"language without texts: English", "de", "hello", Args{"name": "Jan"}, "Hello Jan"},
		{"region is another language: English", "fr-BE", "only", nil, "English only"},
		{"unknown id: the id", "fr", "nothing.here", nil, "nothing.here"},
		{"single braces and missing args stay", "fr", "braces", nil, "{title} et {{ missing }}"},
		{"comment is no text", "en", "$comment", nil, "$comment"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Text(tt.lang, tt.id, tt.args); got != tt.want {
				t.Errorf("Text(%s, %s) = %q, want %q", tt.lang, tt.id, got, tt.want)
			}
		})
	}
	if _, ok := c.Lookup("nl", "nothing.here", nil); ok {
		t.Error("Lookup found an unknown id")
	}
}

func TestCountFollowsEachLanguagesPluralRules(t *testing.T) {
	c := mustParse(t)
	tests := []struct {
		lang string
		n    int
		want string
	}{
		{"nl", 0, "0 minuten"},
		{"nl", 1, "1 minuut"},
		{"nl", 2, "2 minuten"},
		{"nl", 60, "60 minuten"},
		{"fr", 0, "0 minute"}, // French counts 0 as one
		{"fr", 1, "1 minute"},
		{"fr", 2, "2 minutes"},
		{"fr", 1000000, "1000000 de minutes"}, // and a round million as many
		{"en", 0, "0 minutes"},
		{"en", 1, "1 minute"},
		{"de", 1, "1 minute"}, // no German: English
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+strings.ReplaceAll(tt.want, " ", "_"), func(t *testing.T) {
			if got := c.Count(tt.lang, "minutes", tt.n, nil); got != tt.want {
				t.Errorf("Count(%s, %d) = %q, want %q", tt.lang, tt.n, got, tt.want)
			}
		})
	}
}

func TestMissingNamesWhatALanguageLacks(t *testing.T) {
	c := mustParse(t)
	missing := c.Missing()
	if got := missing["nl"]; !slices.Equal(got, []string{"only"}) {
		t.Errorf("nl misses %v, want [only]", got)
	}
	for _, lang := range []string{"en", "fr"} {
		if len(missing[lang]) > 0 {
			t.Errorf("%s misses %v", lang, missing[lang])
		}
	}
	if got := c.Languages(); !slices.Equal(got, []string{"en", "fr", "nl"}) {
		t.Errorf("languages %v", got)
	}
	if !c.Has("fr", "minutes") || c.Has("nl", "only") {
		t.Error("Has is wrong")
	}
	if w := c.Written("fr"); w["minutes.many"] != "{{count}} de minutes" || w["weekdays.0"] != "dimanche" {
		t.Errorf("Written: %v", w)
	}
}

func TestParseRefuses(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"no fallback", `{"nl": {"a": "b"}}`, "needs an en set"},
		{"empty text", `{"en": {"a": ""}}`, "a: empty text"},
		{"number", `{"en": {"a": 1}}`, "a: 1 is not a text"},
		{"bad language", `{"en": {"a": "b"}, "not a language": {"a": "b"}}`, "language"},
		{"not an object", `{"en": ["a"]}`, "not an object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseByLanguage("x.json", []byte(tt.doc))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want %q", err, tt.want)
			}
		})
	}
}

func TestParseI18nextReadsTheUIsLocaleFiles(t *testing.T) {
	files := fstest.MapFS{
		"en/pages.json":  {Data: []byte(`{"notFound": {"heading": "Oops"}, "count_one": "{{count}} property", "count_other": "{{count}} properties", "count": "properties", "under_score": "kept"}`)},
		"fr/pages.json":  {Data: []byte(`{"notFound": {"heading": "Oups"}, "count_one": "{{count}} bien", "count_many": "{{count}} de biens", "count_other": "{{count}} biens", "under_score": "gardé"}`)},
		"fr/common.json": {Data: []byte(`{"yes": "oui"}`)},
	}
	c, err := ParseI18next("locales", files)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, lang, id string
		n              int // counted when > 0
		want           string
	}{
		{"namespace and nested key", "fr", "pages:notFound.heading", 0, "Oups"},
		{"other namespace", "fr", "common:yes", 0, "oui"},
		{"fallback", "nl", "pages:notFound.heading", 0, "Oops"},
		{"an underscore that is no plural", "fr", "pages:under_score", 0, "gardé"},
		{"plural one", "fr", "pages:count", 1, "1 bien"},
		{"plural other", "fr", "pages:count", 3, "3 biens"},
		{"plural many", "fr", "pages:count", 1000000, "1000000 de biens"},
		{"the plain key gives way to the plural", "en", "pages:count", 2, "2 properties"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Text(tt.lang, tt.id, nil)
			if tt.n > 0 {
				got = c.Count(tt.lang, tt.id, tt.n, nil)
			}
			if got != tt.want {
				t.Errorf("%s %s: %q, want %q", tt.lang, tt.id, got, tt.want)
			}
		})
	}
	if !c.Has("fr", "pages:count") || !c.Has("en", "pages:notFound.heading") {
		t.Errorf("ids: %v", c.IDs("fr"))
	}
	if got := c.Missing()["en"]; !slices.Equal(got, []string{"common:yes"}) {
		t.Errorf("en misses %v", got)
	}
}
