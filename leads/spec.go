// Package leads turns what visitors send through the site's forms into
// leads the agency can rely on: validated against the form contract the UI
// shares (forms.json), stored with their outbox entries before the visitor
// hears "sent", then delivered by a relay that retries until it succeeds.
package leads

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/estate-agency/estate/internal/texts"
)

//go:embed forms.json
var formsJSON []byte

// FieldType is how a field's value is read and checked.
type FieldType string

// The field types of forms.json.
const (
	TypeText     FieldType = "text"
	TypeTextarea FieldType = "textarea"
	TypeEmail    FieldType = "email"
	TypePhone    FieldType = "phone"
	TypeZip      FieldType = "zip"
	TypeURL      FieldType = "url"
	TypePassword FieldType = "password"
	TypeNumber   FieldType = "number"
	TypeDate     FieldType = "date"
	TypeSelect   FieldType = "select"
	TypeMulti    FieldType = "multi"
	TypeList     FieldType = "list"
	TypeCheckbox FieldType = "checkbox"
	TypeProperty FieldType = "property"
	TypeProject  FieldType = "project"
	TypeSlot     FieldType = "slot"
	// TypeArea is a polygon drawn on a map: [lat, lng] points.
	TypeArea FieldType = "area"
)

var knownTypes = []FieldType{TypeText, TypeTextarea, TypeEmail, TypePhone, TypeZip, TypeURL, TypePassword, TypeNumber,
	TypeDate, TypeSelect, TypeMulti, TypeList, TypeCheckbox, TypeProperty, TypeProject, TypeSlot, TypeArea}

// Field is one input of a form.
type Field struct {
	Name     string    `json:"name"`
	Type     FieldType `json:"type"`
	Required bool      `json:"required"`
	Options  []string  `json:"options"`
	Match    string    `json:"match"`
	// Unless names a field that, filled, makes this required field optional.
	Unless string `json:"unless"`
	// Missing is the message code when neither this field nor its Unless is given.
	Missing string `json:"missing"`
	// NotBelow names a number field this one, when both are given, may not
	// be lower than (a maximum price and its minimum).
	NotBelow string `json:"notBelow"`
	// Items is what each entry of a list is: "postcode", or "" for free text.
	Items string   `json:"items"`
	Min   *float64 `json:"min"`
	Max   *float64 `json:"max"`
}

// ItemsPostcode makes a list's entries postcodes or town names (resolved
// by Service.Submit through the towns index).
const ItemsPostcode = "postcode"

// Form is one form: its fields in order, groups expanded.
type Form struct {
	Name string
	// Subject is what the form is about: "property", "project" or "".
	Subject string
	Fields  []Field
}

// Field returns the form's field called name.
func (f Form) Field(name string) (Field, bool) {
	for _, fd := range f.Fields {
		if fd.Name == name {
			return fd, true
		}
	}
	return Field{}, false
}

// BooksVisit tells whether a lead of the form books one of a property's
// visit slots: a property's form with a slot to choose. Its submission
// changes the free places the property's detail page shows.
func (f Form) BooksVisit() bool {
	_, slot := f.Field("slot")
	return f.Subject == "property" && slot
}

// Limits bound what a submission may hold.
type Limits struct {
	BodyBytes int `json:"bodyBytes"`
	Text      int `json:"text"`
	Textarea  int `json:"textarea"`
	List      int `json:"list"`
}

// Spec is the whole contract: every form, the limits and the messages.
type Spec struct {
	Limits Limits
	forms  map[string]Form
	names  []string
	// messages are what a visitor reads for a failed rule, by language.
	messages  *texts.Catalog
	postcodes []postcodeFormat
	town      *regexp.Regexp
}

// postcodeFormat is one way of writing a postcode and how it is stored.
type postcodeFormat struct {
	re    *regexp.Regexp
	write string
}

// Load reads the embedded forms.json.
func Load() (*Spec, error) { return Parse(formsJSON) }

// Parse reads a form contract, expanding field groups and refusing what
// the validator could not honour (unknown types, options missing, a match
// naming no field).
func Parse(raw []byte) (*Spec, error) {
	type entry struct {
		Field
		Group string `json:"group"`
		// With changes some fields of the group for this form.
		With map[string]map[string]any `json:"with"`
	}
	var doc struct {
		Limits   Limits `json:"limits"`
		Postcode struct {
			Formats []struct {
				Pattern string `json:"pattern"`
				Write   string `json:"write"`
			} `json:"formats"`
			Town string `json:"town"`
		} `json:"postcode"`
		Groups map[string][]map[string]any `json:"groups"`
		Forms  map[string]struct {
			Subject string  `json:"subject"`
			Fields  []entry `json:"fields"`
		} `json:"forms"`
		Messages json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("leads: forms.json: %w", err)
	}
	if doc.Limits.BodyBytes <= 0 || doc.Limits.Text <= 0 || doc.Limits.Textarea <= 0 || doc.Limits.List <= 0 {
		return nil, fmt.Errorf("leads: forms.json: every limit must be positive")
	}
	messages, err := texts.ParseByLanguage("leads/forms.json messages", doc.Messages)
	if err != nil {
		return nil, fmt.Errorf("leads: %w", err)
	}
	s := &Spec{Limits: doc.Limits, forms: map[string]Form{}, messages: messages}
	if len(doc.Postcode.Formats) == 0 || doc.Postcode.Town == "" {
		return nil, fmt.Errorf("leads: forms.json: postcode needs formats and a town pattern")
	}
	for _, f := range doc.Postcode.Formats {
		re, err := regexp.Compile(f.Pattern)
		if err != nil {
			return nil, fmt.Errorf("leads: forms.json: postcode pattern: %w", err)
		}
		s.postcodes = append(s.postcodes, postcodeFormat{re: re, write: f.Write})
	}
	town, err := regexp.Compile(doc.Postcode.Town)
	if err != nil {
		return nil, fmt.Errorf("leads: forms.json: town pattern: %w", err)
	}
	s.town = town
	for name, f := range doc.Forms {
		form := Form{Name: name, Subject: f.Subject}
		for _, e := range f.Fields {
			if e.Group == "" {
				form.Fields = append(form.Fields, e.Field)
				continue
			}
			g, ok := doc.Groups[e.Group]
			if !ok {
				return nil, fmt.Errorf("leads: form %s: unknown group %q", name, e.Group)
			}
			fields, err := groupFields(g, e.With)
			if err != nil {
				return nil, fmt.Errorf("leads: form %s: group %s: %w", name, e.Group, err)
			}
			form.Fields = append(form.Fields, fields...)
		}
		seen := map[string]bool{}
		for _, fd := range form.Fields {
			switch {
			case fd.Name == "" || seen[fd.Name]:
				return nil, fmt.Errorf("leads: form %s: field name %q missing or repeated", name, fd.Name)
			case !slices.Contains(knownTypes, fd.Type):
				return nil, fmt.Errorf("leads: form %s: field %s: unknown type %q", name, fd.Name, fd.Type)
			case fd.Type == TypeSelect && len(fd.Options) == 0:
				return nil, fmt.Errorf("leads: form %s: field %s: a select needs options", name, fd.Name)
			}
			seen[fd.Name] = true
		}
		for _, fd := range form.Fields {
			if fd.Match != "" && !seen[fd.Match] {
				return nil, fmt.Errorf("leads: form %s: field %s matches unknown field %q", name, fd.Name, fd.Match)
			}
			if fd.NotBelow != "" && (fd.Type != TypeNumber || !slices.ContainsFunc(form.Fields, func(o Field) bool { return o.Name == fd.NotBelow && o.Type == TypeNumber })) {
				return nil, fmt.Errorf("leads: form %s: field %s: notBelow needs two number fields, not %q", name, fd.Name, fd.NotBelow)
			}
			if fd.Unless != "" && !seen[fd.Unless] {
				return nil, fmt.Errorf("leads: form %s: field %s is optional unless unknown field %q", name, fd.Name, fd.Unless)
			}
			if fd.Missing != "" && !messages.Has(texts.Fallback, fd.Missing) {
				return nil, fmt.Errorf("leads: form %s: field %s: no message %q", name, fd.Name, fd.Missing)
			}
			if fd.Items != "" && (fd.Type != TypeList || fd.Items != ItemsPostcode) {
				return nil, fmt.Errorf("leads: form %s: field %s: items %q on a %s", name, fd.Name, fd.Items, fd.Type)
			}
		}
		s.forms[name] = form
		s.names = append(s.names, name)
	}
	slices.Sort(s.names)
	return s, nil
}

// groupFields are a group's fields with a form's changes: with maps a
// field name to the keys that differ in this form.
func groupFields(group []map[string]any, with map[string]map[string]any) ([]Field, error) {
	fields := make([]Field, 0, len(group))
	used := 0
	for _, g := range group {
		merged := maps.Clone(g)
		if change, ok := with[fmt.Sprint(g["name"])]; ok {
			maps.Copy(merged, change)
			used++
		}
		raw, err := json.Marshal(merged)
		if err != nil {
			return nil, err
		}
		var f Field
		if err := json.Unmarshal(raw, &f); err != nil {
			return nil, fmt.Errorf("field %v: %w", g["name"], err)
		}
		fields = append(fields, f)
	}
	if used != len(with) {
		return nil, fmt.Errorf("'with' names a field the group does not have")
	}
	return fields, nil
}

// Postcode writes a postcode the one way forms.json stores it ("b-6830"
// → "6830", "l 1234" → "L-1234"); false when v is no postcode.
func (s *Spec) Postcode(v string) (string, bool) {
	v = strings.ToUpper(strings.Join(strings.Fields(v), ""))
	for _, f := range s.postcodes {
		if m := f.re.FindStringSubmatchIndex(v); m != nil {
			return string(f.re.ExpandString(nil, f.write, v, m)), true
		}
	}
	return "", false
}

// LooksLikeTown tells an entry that may name a town (to look up in the
// towns index) from one that can only be a mistyped postcode.
func (s *Spec) LooksLikeTown(v string) bool { return s.town.MatchString(strings.TrimSpace(v)) }

// Form returns the form called name.
func (s *Spec) Form(name string) (Form, bool) {
	f, ok := s.forms[name]
	return f, ok
}

// Names lists the forms, sorted.
func (s *Spec) Names() []string { return slices.Clone(s.names) }

// Message is the visitor's text for a failed rule in lang (English when the
// language has none, "" when no language has it), with {{min}} and {{max}}
// filled.
func (s *Spec) Message(lang, code string, args map[string]string) string {
	text, _ := s.messages.Lookup(lang, code, args)
	return text
}

// Messages are the visitors' texts for failed rules, for the text lint.
func (s *Spec) Messages() *texts.Catalog { return s.messages }
