// Package leads turns what visitors send through the site's forms into
// leads the agency can rely on: validated against the form contract the UI
// shares (forms.json), stored with their outbox entries before the visitor
// hears "sent", then delivered by a relay that retries until it succeeds.
package leads

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
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
	Unless string   `json:"unless"`
	Min    *float64 `json:"min"`
	Max    *float64 `json:"max"`
}

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
	// messages[lang][code] is what a visitor reads for a failed rule.
	messages map[string]map[string]string
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
	}
	var doc struct {
		Limits Limits             `json:"limits"`
		Groups map[string][]Field `json:"groups"`
		Forms  map[string]struct {
			Subject string  `json:"subject"`
			Fields  []entry `json:"fields"`
		} `json:"forms"`
		Messages map[string]map[string]string `json:"messages"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("leads: forms.json: %w", err)
	}
	if doc.Limits.BodyBytes <= 0 || doc.Limits.Text <= 0 || doc.Limits.Textarea <= 0 || doc.Limits.List <= 0 {
		return nil, fmt.Errorf("leads: forms.json: every limit must be positive")
	}
	if _, ok := doc.Messages["en"]; !ok {
		return nil, fmt.Errorf("leads: forms.json: messages need an en set, the fallback")
	}
	s := &Spec{Limits: doc.Limits, forms: map[string]Form{}, messages: doc.Messages}
	for name, f := range doc.Forms {
		form := Form{Name: name, Subject: f.Subject}
		for _, e := range f.Fields {
			if e.Group != "" {
				g, ok := doc.Groups[e.Group]
				if !ok {
					return nil, fmt.Errorf("leads: form %s: unknown group %q", name, e.Group)
				}
				form.Fields = append(form.Fields, g...)
				continue
			}
			form.Fields = append(form.Fields, e.Field)
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
			if fd.Unless != "" && !seen[fd.Unless] {
				return nil, fmt.Errorf("leads: form %s: field %s is optional unless unknown field %q", name, fd.Name, fd.Unless)
			}
		}
		s.forms[name] = form
		s.names = append(s.names, name)
	}
	slices.Sort(s.names)
	return s, nil
}

// Form returns the form called name.
func (s *Spec) Form(name string) (Form, bool) {
	f, ok := s.forms[name]
	return f, ok
}

// Names lists the forms, sorted.
func (s *Spec) Names() []string { return slices.Clone(s.names) }

// Message is the visitor's text for a failed rule in lang (English when the
// language has none), with {{min}} and {{max}} filled.
func (s *Spec) Message(lang, code string, args map[string]string) string {
	text, ok := s.messages[lang][code]
	if !ok {
		text = s.messages["en"][code]
	}
	for k, v := range args {
		text = strings.ReplaceAll(text, "{{"+k+"}}", v)
	}
	return text
}
