package leads

import (
	"encoding/json"
	"testing"
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
	for code := range s.messages["en"] {
		for _, lang := range []string{"nl", "fr", "de"} {
			if s.messages[lang][code] == "" {
				t.Errorf("message %s has no %s text", code, lang)
			}
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
		{"email missing", "site-contact", "email", `""`, "required", nil},
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
