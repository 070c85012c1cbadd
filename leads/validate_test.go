package leads

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

func mustSpec(t testing.TB) *Spec {
	t.Helper()
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestEveryFormHasPrivacyAndEveryMessageEveryLanguage(t *testing.T) {
	s := mustSpec(t)
	if len(s.Names()) != 12 {
		t.Fatalf("forms %v", s.Names())
	}
	for _, name := range s.Names() {
		f, _ := s.Form(name)
		if p, ok := f.Field("privacy"); !ok || !p.Required || p.Type != TypeCheckbox {
			t.Errorf("%s: no required privacy checkbox", name)
		}
	}
	if got := s.Messages().Languages(); !slices.Equal(got, []string{"de", "en", "fr", "nl"}) {
		t.Errorf("messages in %v", got)
	}
	for lang, codes := range s.Messages().Missing() {
		for _, code := range codes {
			t.Errorf("message %s has no %s text", code, lang)
		}
	}
}

// validateCase is a case of testdata/validate-cases.json, which the UI's
// test (ui/src/features/forms/validate.test.ts) runs too; its $comment says how to
// read one.
type validateCase struct {
	Name   string                       `json:"name"`
	Form   string                       `json:"form"`
	Lang   string                       `json:"lang"`
	All    bool                         `json:"all"`
	Fields map[string]json.RawMessage   `json:"fields"`
	Errors map[string]string            `json:"errors"`
	Args   map[string]map[string]string `json:"args"`
	Values map[string]json.RawMessage   `json:"values"`
	Side   string                       `json:"side"`
	Why    string                       `json:"$comment"`
}

// expand writes out a {"$text": s, "times": n} or {"$list": v, "times": n}
// value of a case; any other value stays as it is.
func expand(raw json.RawMessage) json.RawMessage {
	var rep struct {
		Text  *string         `json:"$text"`
		List  json.RawMessage `json:"$list"`
		Times int             `json:"times"`
	}
	if json.Unmarshal(raw, &rep) != nil || rep.Times == 0 {
		return raw
	}
	if rep.Text != nil {
		return json.RawMessage(toJSON(strings.Repeat(*rep.Text, rep.Times)))
	}
	items := make([]json.RawMessage, rep.Times)
	for i := range items {
		items[i] = rep.List
	}
	return json.RawMessage(toJSON(items))
}

// The shared cases: every rule of forms.json, the problems and their
// message in the case's language, and the values the server stores.
func TestValidateSharedCases(t *testing.T) {
	s := mustSpec(t)
	raw, err := os.ReadFile("testdata/validate-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Cases []validateCase }
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tc := range doc.Cases {
		if names[tc.Name] {
			t.Errorf("case %q is listed twice", tc.Name)
		}
		names[tc.Name] = true
		if tc.Side != "" && (tc.Side != "go" && tc.Side != "ui" || tc.Why == "") {
			t.Errorf("case %q: side %q needs to be go or ui, with a $comment saying why", tc.Name, tc.Side)
		}
		if tc.Side == "ui" {
			continue
		}
		t.Run(tc.Name, func(t *testing.T) {
			form, ok := s.Form(tc.Form)
			if !ok {
				t.Fatalf("no form %q", tc.Form)
			}
			fields := map[string]json.RawMessage{}
			for k, v := range tc.Fields {
				fields[k] = expand(v)
			}
			vals, probs := s.Validate(form, fields)
			var scope []string
			for _, f := range form.Fields {
				_, sent := tc.Fields[f.Name]
				_, refused := tc.Errors[f.Name]
				if tc.All || sent || refused {
					scope = append(scope, f.Name)
				}
			}
			for name := range tc.Errors {
				if _, ok := form.Field(name); !ok {
					t.Errorf("the form has no field %s", name)
				}
			}
			for _, name := range scope {
				got, want := probs[name], tc.Errors[name]
				if got.Code != want {
					t.Errorf("%s: problem %q %v, want %q", name, got.Code, got.Args, want)
					continue
				}
				if want != "" && s.Message(tc.Lang, got.Code, got.Args) != s.Message(tc.Lang, want, tc.Args[name]) {
					t.Errorf("%s: message %q, want %q", name, s.Message(tc.Lang, got.Code, got.Args), s.Message(tc.Lang, want, tc.Args[name]))
				}
			}
			for name, want := range tc.Values {
				var w any
				if err := json.Unmarshal(want, &w); err != nil {
					t.Fatal(err)
				}
				if toJSON(vals[name]) != toJSON(w) {
					t.Errorf("%s: value %s, want %s", name, toJSON(vals[name]), toJSON(w))
				}
			}
		})
	}
}

func TestMessagesAreLocalized(t *testing.T) {
	s := mustSpec(t)
	tests := []struct{ lang, code, want string }{
		{"nl", "failed", "Contactformulier mislukt: gegevens niet verzonden, controleer de rode velden"},
		{"fr", "slotFull", "Les rendez-vous sont complets"},
		{"en", "minLength", "Use at least 8 characters."},
		{"xx", "required", "This field is required."},
	}
	for _, tt := range tests {
		if got := s.Message(tt.lang, tt.code, map[string]string{"min": "8"}); got != tt.want {
			t.Errorf("%s %s: %q", tt.lang, tt.code, got)
		}
	}
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// FuzzValidate feeds any body to every form: validation never panics, and
// what it accepts holds no control character outside a textarea.
func FuzzValidate(f *testing.F) {
	s := mustSpec(f)
	f.Add([]byte(`{"email":"an@example.be","privacy":true,"title":"mr"}`))
	f.Add([]byte(`{"amount":"1e309","moveDate":"2027-13-01","zones":["6830",""]}`))
	f.Add([]byte(`{"property":"4030","types":[1,2],"password":"\u0000"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil {
			return
		}
		for _, name := range s.Names() {
			form, _ := s.Form(name)
			vals, _ := s.Validate(form, fields)
			for k, v := range vals {
				fd, _ := form.Field(k)
				if str, ok := v.(string); ok && fd.Type != TypeTextarea && hasControl(str, false) {
					t.Fatalf("%s.%s accepted a control character: %q", name, k, str)
				}
			}
		}
	})
}

func TestAreaTextListsThePoints(t *testing.T) {
	stored := []any{[]any{50.1, 5.1}, []any{50.1, 5.3}, []any{50.3, 5.3}}
	if got, want := areaText(stored), "50.10000,5.10000\n50.10000,5.30000\n50.30000,5.30000"; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
	if got := areaText([][2]float64{{50.5, 5.5}}); got != "50.50000,5.50000" {
		t.Fatalf("fresh value: %q", got)
	}
}

// postcodeCases are the shared cases of the postcode rule: the UI's test
// (ui/src/features/forms/postcode.test.ts) reads the same file.
type postcodeCase struct {
	Typed    string `json:"typed"`
	Postcode string `json:"postcode"`
	Town     bool   `json:"town"`
}

func postcodeCases(t *testing.T) []postcodeCase {
	t.Helper()
	raw, err := os.ReadFile("testdata/postcodes.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Cases []postcodeCase }
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Cases
}

// A postcode is Belgian (1000–9999) or Luxembourg (L-1000–L-9999), in
// one written form; in a list of postcodes a town name waits to be looked
// up, in a zip field it is refused.
func TestPostcodeRule(t *testing.T) {
	s := mustSpec(t)
	register, _ := s.Form("demand-register")
	valuation, _ := s.Form("contact-demand")
	for _, tc := range postcodeCases(t) {
		t.Run(tc.Typed, func(t *testing.T) {
			got, ok := s.Postcode(tc.Typed)
			if got != tc.Postcode || ok != (tc.Postcode != "") {
				t.Errorf("Postcode = %q, %v; want %q", got, ok, tc.Postcode)
			}
			if tc.Postcode == "" && s.LooksLikeTown(tc.Typed) != tc.Town {
				t.Errorf("LooksLikeTown = %v, want %v", !tc.Town, tc.Town)
			}

			raw := map[string]json.RawMessage{"valuationZip": json.RawMessage(toJSON(tc.Typed)), "zones": json.RawMessage(toJSON([]string{tc.Typed}))}
			vals, probs := s.Validate(valuation, raw)
			if tc.Postcode != "" && vals["valuationZip"] != tc.Postcode || tc.Postcode == "" && probs["valuationZip"].Code != "zip" {
				t.Errorf("zip field: %v %v", vals["valuationZip"], probs["valuationZip"])
			}
			vals, probs = s.Validate(register, raw)
			switch {
			case tc.Postcode != "":
				if toJSON(vals["zones"]) != toJSON([]string{tc.Postcode}) {
					t.Errorf("zones: %v %v", vals["zones"], probs["zones"])
				}
			case tc.Town:
				if toJSON(vals["zones"]) != toJSON([]string{strings.TrimSpace(tc.Typed)}) {
					t.Errorf("zones: a town name is kept for the lookup, got %v %v", vals["zones"], probs["zones"])
				}
			default:
				if probs["zones"].Code != "zip" {
					t.Errorf("zones: %v %v", vals["zones"], probs["zones"])
				}
			}
		})
	}
}

// towns is a towns index: the demo's towns (Belgian, the same names in
// both languages), a town whose names differ by language and a
// Luxembourg one written without its "L-", as the platform sends them.
type towns map[listing.Lang][]listing.City

func (tw towns) Cities(l listing.Lang) ([]listing.City, error) {
	c, ok := tw[l]
	if !ok {
		return nil, fmt.Errorf("no %s: %w", l, store.ErrNotFound)
	}
	return c, nil
}

func demoTowns(t *testing.T) towns {
	t.Helper()
	tw := towns{}
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		// The towns are those of the demo's listings, as the store keeps them.
		raw, err := os.ReadFile(filepath.Join("..", "testdata", "platform", "GetPropertyList", string(l)+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct{ Items []struct{ City, Zip string } }
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, c := range doc.Items {
			if seen[c.Zip+c.City] {
				continue
			}
			seen[c.Zip+c.City] = true
			tw[l] = append(tw[l], listing.City{Name: c.City, Zip: c.Zip, CountryID: listing.CountryBelgium, Lang: l})
		}
	}
	tw[listing.NL] = append(tw[listing.NL], listing.City{Name: "Luik", Zip: "4000", CountryID: listing.CountryBelgium},
		listing.City{Name: "Luxemburg", Zip: "1450", CountryID: listing.CountryLuxembourg})
	tw[listing.FR] = append(tw[listing.FR], listing.City{Name: "Liège", Zip: "4000", CountryID: listing.CountryBelgium},
		listing.City{Name: "Luxembourg", Zip: "1450", CountryID: listing.CountryLuxembourg})
	return tw
}

// A town name becomes its postcodes, whatever the language, case or
// accents; a name no town has is refused with the name.
func TestResolveTowns(t *testing.T) {
	s := mustSpec(t)
	tw := demoTowns(t)
	tests := []struct {
		name  string
		items []string
		want  []string
		code  string
		town  string
	}{
		{"postcodes stay", []string{"6830", "l 1450"}, []string{"6830", "L-1450"}, "", ""},
		{"a town", []string{"Bertrix"}, []string{"6880"}, "", ""},
		{"case and accents", []string{"BOUILLON", "bievre"}, []string{"6830", "5555"}, "", ""},
		{"hyphens as spaces", []string{"saint hubert"}, []string{"6870"}, "", ""},
		{"a town and its postcode once", []string{"6830", "Bouillon", "Rochehaut"}, []string{"6830"}, "", ""},
		{"the Dutch name", []string{"Luik"}, []string{"4000"}, "", ""},
		{"the French name", []string{"Liège"}, []string{"4000"}, "", ""},
		{"a Luxembourg town", []string{"Luxemburg"}, []string{"L-1450"}, "", ""},
		{"blank entries", []string{" ", "6880"}, []string{"6880"}, "", ""},
		{"a name no town has", []string{"6830", "Nergensdorp"}, nil, "unknownTown", "Nergensdorp"},
		{"a town without listings", []string{"Herbeumont"}, nil, "unknownTown", "Herbeumont"},
		{"a mistyped postcode", []string{"999"}, nil, "zip", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, p, err := s.ResolveTowns(tc.items, tw)
			if err != nil {
				t.Fatal(err)
			}
			if tc.code != "" {
				if p == nil || p.Code != tc.code || p.Args["town"] != tc.town {
					t.Fatalf("problem %+v, want %s %q", p, tc.code, tc.town)
				}
				return
			}
			if p != nil || !slices.Equal(got, tc.want) {
				t.Fatalf("%v %+v, want %v", got, p, tc.want)
			}
		})
	}
	t.Run("the unknown town's message names it", func(t *testing.T) {
		_, p, _ := s.ResolveTowns([]string{"Nergensdorp"}, tw)
		for lang, want := range map[string]string{
			"nl": "De gemeente ‘Nergensdorp’ kennen we niet",
			"fr": "Nous ne connaissons pas la localité «\u00a0Nergensdorp\u00a0»",
		} {
			if got := s.Message(lang, p.Code, p.Args); !strings.HasPrefix(got, want) {
				t.Errorf("%s: %q", lang, got)
			}
		}
	})
}

// A group's fields change for one form only.
func TestGroupChangesStayInTheirForm(t *testing.T) {
	s := mustSpec(t)
	for form, want := range map[string]bool{"site-contact": false, "contact-me": false, "offer": true, "rent-application": true} {
		f, _ := s.Form(form)
		street, _ := f.Field("street")
		title, _ := f.Field("title")
		if street.Required != want || title.Required != want {
			t.Errorf("%s: street required %v, title required %v, want %v", form, street.Required, title.Required, want)
		}
	}
	bad := []byte(`{"limits":{"bodyBytes":1,"text":1,"textarea":1,"list":1},"postcode":{"formats":[{"pattern":"^1$","write":"$0"}],"town":"^a$"},` +
		`"groups":{"g":[{"name":"a","type":"text"}]},"forms":{"f":{"fields":[{"group":"g","with":{"b":{"required":true}}}]}},"messages":{"en":{}}}`)
	if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "with") {
		t.Errorf("a change of a field the group lacks: %v", err)
	}
}
