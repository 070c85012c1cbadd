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

func TestFieldRules(t *testing.T) {
	s := mustSpec(t)
	form := func(name string) Form { f, _ := s.Form(name); return f }
	tests := []struct {
		name, form, field, value string
		code                     string // "" means accepted
		want                     any
	}{
		{"email", "site-contact", "email", `"an@example.be"`, "", "an@example.be"},
		{"email without domain dot", "site-contact", "email", `"an@example"`, "email", nil},
		{"email with a name", "site-contact", "email", `"An <an@example.be>"`, "email", nil},
		{"email missing", "request-documents", "email", `""`, "required", nil},
		{"phone of 9 digits", "site-contact", "phone", `"061 23 45 67"`, "", "061 23 45 67"},
		{"international phone", "site-contact", "phone", `"+32 470 12 34 56"`, "", "+32 470 12 34 56"},
		{"phone too short", "site-contact", "phone", `"1234"`, "phone", nil},
		{"phone with letters", "site-contact", "phone", `"0470 ABC"`, "phone", nil},
		{"Belgian zip", "site-contact", "zip", `"6830"`, "", "6830"},
		{"Luxembourg zip", "site-contact", "zip", `"l-9990"`, "", "L-9990"},
		{"zip of 3 digits", "site-contact", "zip", `"683"`, "zip", nil},
		{"title option", "site-contact", "title", `"miss"`, "", "miss"},
		{"title not an option", "site-contact", "title", `"dr"`, "option", nil},
		{"privacy not ticked", "site-contact", "privacy", `false`, "accept", nil},
		{"privacy as text", "site-contact", "privacy", `"yes"`, "invalid", nil},
		{"text too long", "site-contact", "city", `"` + string(make([]byte, 0)) + repeat("a", 201) + `"`, "tooLong", nil},
		{"control character", "site-contact", "city", `"Bouillon\u0000"`, "invalid", nil},
		{"line break in a one-line field", "site-contact", "lastName", `"X\r\nBcc: a@b.c"`, "invalid", nil},
		{"line break in a textarea", "site-contact", "remark", `"a\nb"`, "", "a\nb"},
		{"number as text", "offer", "amount", `"250000"`, "", 250000.0},
		{"number below min", "offer", "amount", `0`, "min", nil},
		{"number not a number", "offer", "amount", `"lots"`, "number", nil},
		{"date", "rent-application", "moveDate", `"2027-02-28"`, "", "2027-02-28"},
		{"date impossible", "rent-application", "moveDate", `"2027-02-30"`, "date", nil},
		{"date incomplete", "rent-application", "moveDate", `"2027-02"`, "date", nil},
		{"url", "contact-testimonial", "website", `"https://example.be/"`, "", "https://example.be/"},
		{"url script", "contact-testimonial", "website", `"javascript:alert(1)"`, "url", nil},
		{"multi none when required", "demand-register", "types", `[]`, "requiredOne", nil},
		{"multi option", "site-contact", "timeSlots", `["morning","evening","morning"]`, "", []string{"morning", "evening"}},
		{"multi unknown option", "site-contact", "timeSlots", `["night"]`, "option", nil},
		{"list of postcodes", "demand-register", "zones", `["6830"," 6880 "]`, "", []string{"6830", "6880"}},
		{"property id as text", "contact-me", "property", `"4030"`, "", 4030},
		{"property id negative", "contact-me", "property", `-1`, "invalid", nil},
		{"password too short", "demand-register", "password", `"short"`, "minLength", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vals, probs := s.Validate(form(tt.form), map[string]json.RawMessage{tt.field: json.RawMessage(tt.value)})
			if got := probs[tt.field].Code; got != tt.code {
				t.Fatalf("code %q, want %q", got, tt.code)
			}
			if tt.code == "" && toJSON(vals[tt.field]) != toJSON(tt.want) {
				t.Fatalf("value %#v, want %#v", vals[tt.field], tt.want)
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

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
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

// Postcodes are required unless an area is drawn; an empty area is none.
func TestZonesOrArea(t *testing.T) {
	s := mustSpec(t)
	form, _ := s.Form("demand-register")
	square := `[[50.1,5.1],[50.1,5.3],[50.3,5.3],[50.3,5.1]]`
	tests := []struct {
		name, zones, area string
		zonesCode         string
		areaCode          string
	}{
		{"postcodes only", `["6830"]`, ``, "", ""},
		{"area only", `[]`, square, "", ""},
		{"both", `["6830"]`, square, "", ""},
		{"neither", `[]`, ``, "zone", ""},
		{"empty area is no area", `[]`, `[]`, "zone", ""},
		{"null area", ``, `null`, "zone", ""},
		{"two points", `["6830"]`, `[[50.1,5.1],[50.2,5.2]]`, "", "area"},
		{"outside Belgium", `["6830"]`, `[[40.1,5.1],[40.1,5.3],[40.3,5.3]]`, "", "area"},
		{"not points", `["6830"]`, `"somewhere"`, "", "area"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw := map[string]json.RawMessage{}
			if tc.zones != "" {
				raw["zones"] = json.RawMessage(tc.zones)
			}
			if tc.area != "" {
				raw["area"] = json.RawMessage(tc.area)
			}
			_, probs := s.Validate(form, raw)
			if got := probs["zones"].Code; got != tc.zonesCode {
				t.Errorf("zones: %q, want %q", got, tc.zonesCode)
			}
			if got := probs["area"].Code; got != tc.areaCode {
				t.Errorf("area: %q, want %q", got, tc.areaCode)
			}
		})
	}
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
// (ui/src/forms/postcode.test.ts) reads the same file.
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
		raw, err := os.ReadFile(filepath.Join("..", "testdata", "platform", "GetCityListOfObjects", string(l)+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct{ Items []struct{ Name, Zip string } }
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		for _, c := range doc.Items {
			tw[l] = append(tw[l], listing.City{Name: c.Name, Zip: c.Zip, CountryID: listing.CountryBelgium, Lang: l})
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

// The information request and the office contact ask a name, an e-mail
// address or a phone number, and the message; the free valuation keeps
// the address of the property to value.
func TestWhatEachFormRequires(t *testing.T) {
	s := mustSpec(t)
	inquiry := []string{"email:emailOrPhone", "firstName:required", "lastName:required", "phone:emailOrPhone", "privacy:accept", "remark:required"}
	tests := []struct {
		form   string
		fields string
		want   []string
	}{
		{"contact-me", `{}`, append([]string{"property:required", "request:required"}, inquiry...)},
		{"site-contact", `{}`, inquiry},
		{"contact-construction", `{}`, append([]string{"project:required"}, inquiry...)},
		{"site-contact", `{"firstName":"Els","lastName":"Peeters","phone":"0475 12 34 56","remark":"Open?","privacy":true}`, nil},
		{"site-contact", `{"firstName":"Els","lastName":"Peeters","email":"els@example.be","remark":"Open?","privacy":true}`, nil},
		{"contact-me", `{"property":4001,"request":"info","firstName":"Els","lastName":"Peeters","email":"els@","remark":"?","privacy":true}`, []string{"email:email"}},
		{"contact-me", `{"property":4001,"request":"info","firstName":"Els","lastName":"Peeters","phone":"12","remark":"?","privacy":true}`, []string{"phone:phone"}},
		// A maximum below the minimum is told as such, not as "at least 0".
		{"demand-register", `{"minPrice":300000,"maxPrice":200000}`, []string{"email:required", "firstName:required", "goal:required", "lastName:required", "maxPrice:belowMin",
			"password:required", "passwordConfirm:required", "phone:required", "privacy:accept", "title:required", "types:requiredOne", "zones:zone"}},
		// The spec asks only the friend's address: the mail greets a friend
		// without a name as well.
		{"send-to-friend", `{}`, []string{"email:required", "firstName:required", "friendEmail:required", "lastName:required", "privacy:accept", "property:required"}},
		{"contact-demand", `{}`, []string{"email:required", "firstName:required", "lastName:required", "phone:required", "privacy:accept",
			"title:required", "valuationCity:required", "valuationStreet:required", "valuationZip:required"}},
	}
	for _, tc := range tests {
		t.Run(tc.form+" "+tc.fields, func(t *testing.T) {
			form, _ := s.Form(tc.form)
			var raw map[string]json.RawMessage
			if err := json.Unmarshal([]byte(tc.fields), &raw); err != nil {
				t.Fatal(err)
			}
			_, probs := s.Validate(form, raw)
			var got []string
			for field, p := range probs {
				got = append(got, field+":"+p.Code)
			}
			slices.Sort(got)
			slices.Sort(tc.want)
			if !slices.Equal(got, tc.want) {
				t.Errorf("problems\n got %v\nwant %v", got, tc.want)
			}
		})
	}
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
