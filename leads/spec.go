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
	"time"

	"github.com/estate-agency/estate/internal/texts"
	"github.com/estate-agency/estate/platform"
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

// Form is one form: its fields in order, groups expanded, and its traits:
// what its leads do besides being stored (forms.json's $comment).
type Form struct {
	Name string
	// Subject is what the form is about: "property", "project" or "".
	Subject string
	// Goal is the goal of the properties the form is for: "sale", "rent" or "".
	Goal   string
	Fields []Field
	// Platform is the platform call that takes the form's leads
	// (platform.MethodContactOnMe, MethodDemandRegister), "" for none.
	Platform string
	// PlatformAddress, when set, is the address the platform gets instead
	// of the person's: the fields whose values make each part.
	PlatformAddress *AddressFields
	// Mails are the mail deliveries a lead owes: KindAgency, KindVisitor, KindFriend.
	Mails []string
	// SendsDocuments makes the visitor's mail the one with the property's documents.
	SendsDocuments bool
	// Once, when set, refuses the same request again within its window.
	Once *OnceRule
	// OpensAccount makes a lead open a searcher account with its password.
	OpensAccount bool
	// OwnerKind is what an owner reads of a lead (OwnerKindOther when unset);
	// OwnerKindBy changes it by a select field's value: field → value → kind.
	OwnerKind   string
	OwnerKindBy map[string]map[string]string
	// Sections group fields under one legend in the UI: name → fields.
	Sections map[string][]string
	// Places are where the UI shows the form.
	Places []Place
	// Testimonial makes the form's leads testimonials, pending the agency's
	// approval before the guestbook shows them.
	Testimonial bool
	// SearchProfile makes the form's search fields the ones a searcher edits
	// in their account.
	SearchProfile bool
}

// Place is one place the UI shows a form: in the body of a view's pages
// (Page; among that page's forms by Order; under the title and text of
// Section, a key of the UI's texts), or in the dialog of a request about
// the form's subject (Request; WhenSlots when the property has visit slots
// to book; Defaults the values some fields start with).
type Place struct {
	Page      string            `json:"page"`
	Order     int               `json:"order"`
	Section   string            `json:"section"`
	Request   string            `json:"request"`
	WhenSlots bool              `json:"whenSlots"`
	Defaults  map[string]string `json:"defaults"`
}

// AddressFields name the fields whose values, joined with a space, make
// each part of an address.
type AddressFields struct {
	Street []string `json:"street"`
	Zip    []string `json:"zip"`
	City   []string `json:"city"`
}

// OnceRule refuses a second lead with the same values of fields Per within
// Days days; the visitor reads Message.
type OnceRule struct {
	Per []string `json:"per"`
	// Name keeps the keys of one rule apart from another's.
	Name    string `json:"name"`
	Days    int    `json:"days"`
	Message string `json:"message"`
}

// Window is how long a request stands.
func (o OnceRule) Window() time.Duration { return time.Duration(o.Days) * 24 * time.Hour }

// OwnerKindOther is what an owner reads of a lead whose form has no ownerKind.
const OwnerKindOther = "other"

// OwnerKindOf is what an owner reads of a lead of the form with these fields.
func (f Form) OwnerKindOf(fields map[string]any) string {
	for field, kinds := range f.OwnerKindBy {
		if v, ok := fields[field].(string); ok && kinds[v] != "" {
			return kinds[v]
		}
	}
	if f.OwnerKind != "" {
		return f.OwnerKind
	}
	return OwnerKindOther
}

// accountPassword is the password field an account opens with: the one
// that repeats no other.
func (f Form) accountPassword() (Field, bool) {
	for _, fd := range f.Fields {
		if fd.Type == TypePassword && fd.Match == "" {
			return fd, true
		}
	}
	return Field{}, false
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
// visit slots: a property's form with a slot to choose (a trait its fields
// already say, so the table does not repeat it). Its submission changes
// the free places the property's detail page shows.
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
	// ownerKinds are the kinds of request owners read, in the order equal
	// counts are listed.
	ownerKinds []string
	// requests are the requests a visitor can make about each subject.
	requests map[string][]string
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
		OwnerKinds []string                    `json:"ownerKinds"`
		Requests   map[string][]string         `json:"requests"`
		Groups     map[string][]map[string]any `json:"groups"`
		Forms      map[string]struct {
			Subject         string                       `json:"subject"`
			Goal            string                       `json:"goal"`
			Platform        string                       `json:"platform"`
			PlatformAddress *AddressFields               `json:"platformAddress"`
			Mails           []string                     `json:"mails"`
			SendsDocuments  bool                         `json:"sendsDocuments"`
			Once            *OnceRule                    `json:"once"`
			OpensAccount    bool                         `json:"opensAccount"`
			OwnerKind       string                       `json:"ownerKind"`
			OwnerKindBy     map[string]map[string]string `json:"ownerKindBy"`
			Sections        map[string][]string          `json:"sections"`
			Places          []Place                      `json:"places"`
			Testimonial     bool                         `json:"testimonial"`
			SearchProfile   bool                         `json:"searchProfile"`
			Fields          []entry                      `json:"fields"`
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
	s := &Spec{Limits: doc.Limits, forms: map[string]Form{}, messages: messages, ownerKinds: doc.OwnerKinds, requests: doc.Requests}
	switch {
	case len(s.ownerKinds) == 0:
		s.ownerKinds = []string{OwnerKindOther} // a table whose forms owners read nothing of
	case !slices.Contains(s.ownerKinds, OwnerKindOther):
		return nil, fmt.Errorf("leads: forms.json: ownerKinds must list %q", OwnerKindOther)
	}
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
		form := Form{Name: name, Subject: f.Subject, Goal: f.Goal, Platform: f.Platform, PlatformAddress: f.PlatformAddress,
			Mails: f.Mails, SendsDocuments: f.SendsDocuments, Once: f.Once, OpensAccount: f.OpensAccount,
			OwnerKind: f.OwnerKind, OwnerKindBy: f.OwnerKindBy, Sections: f.Sections,
			Places: f.Places, Testimonial: f.Testimonial, SearchProfile: f.SearchProfile}
		if form.Mails == nil {
			form.Mails = []string{KindAgency, KindVisitor}
		}
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
		if err := s.checkTraits(form); err != nil {
			return nil, fmt.Errorf("leads: form %s: %w", name, err)
		}
		s.forms[name] = form
		s.names = append(s.names, name)
	}
	slices.Sort(s.names)
	if err := s.checkPlaces(); err != nil {
		return nil, err
	}
	return s, nil
}

// checkPlaces refuses what one form may hold that another holds too: a
// page's place and order, a request's dialog, the testimonial and search
// profile traits. The later form in name order is the one named.
func (s *Spec) checkPlaces() error {
	taken := map[string]string{} // place → the form that holds it
	take := func(form, key, what string) error {
		if other, ok := taken[key]; ok {
			return fmt.Errorf("leads: form %s: %s, as form %s", form, what, other)
		}
		taken[key] = form
		return nil
	}
	for _, name := range s.names {
		f := s.forms[name]
		for _, p := range f.Places {
			key, what := fmt.Sprintf("page %s %d", p.Page, p.Order), fmt.Sprintf("shown on page %s in order %d", p.Page, p.Order)
			if p.Request != "" {
				key = fmt.Sprintf("request %s %s %t", f.Subject, p.Request, p.WhenSlots)
				what = fmt.Sprintf("opened by the %s request %s (whenSlots %t)", f.Subject, p.Request, p.WhenSlots)
			}
			if err := take(name, key, what); err != nil {
				return err
			}
		}
		if f.Testimonial {
			if err := take(name, "testimonial", "testimonial"); err != nil {
				return err
			}
		}
		if f.SearchProfile {
			if err := take(name, "searchProfile", "searchProfile"); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkTraits refuses traits the code could not honour: an unknown
// platform call or mail, a rule or section naming no field, a message or
// owner kind nobody wrote.
func (s *Spec) checkTraits(f Form) error {
	has := func(name string, types ...FieldType) bool {
		fd, ok := f.Field(name)
		return ok && (len(types) == 0 || slices.Contains(types, fd.Type))
	}
	switch {
	case !slices.Contains([]string{"", "property", "project"}, f.Subject):
		return fmt.Errorf("unknown subject %q", f.Subject)
	case !slices.Contains([]string{"", "sale", "rent"}, f.Goal) || f.Goal != "" && f.Subject != "property":
		return fmt.Errorf("goal %q needs a property's form and is sale or rent", f.Goal)
	case !slices.Contains([]string{"", platform.MethodContactOnMe, platform.MethodDemandRegister}, f.Platform):
		return fmt.Errorf("unknown platform call %q", f.Platform)
	case f.PlatformAddress != nil && f.Platform == "":
		return fmt.Errorf("a platformAddress needs a platform call")
	case f.OpensAccount && (!has("email", TypeEmail) || !func() bool { _, ok := f.accountPassword(); return ok }()):
		return fmt.Errorf("opensAccount needs an email and a password field")
	case f.SendsDocuments && f.Subject != "property":
		return fmt.Errorf("sendsDocuments needs a property's form")
	case f.OwnerKind != "" && !slices.Contains(s.ownerKinds, f.OwnerKind):
		return fmt.Errorf("ownerKind %q is not one of ownerKinds", f.OwnerKind)
	}
	for _, p := range f.Places {
		if err := s.checkPlace(f, p); err != nil {
			return err
		}
	}
	if f.SearchProfile && !f.OpensAccount {
		return fmt.Errorf("searchProfile needs a form that opensAccount")
	}
	if a := f.PlatformAddress; a != nil {
		for _, name := range slices.Concat(a.Street, a.Zip, a.City) {
			if !has(name) {
				return fmt.Errorf("platformAddress names unknown field %q", name)
			}
		}
	}
	for _, m := range f.Mails {
		switch {
		case !slices.Contains([]string{KindAgency, KindVisitor, KindFriend}, m) || countOf(f.Mails, m) > 1:
			return fmt.Errorf("mail %q unknown or repeated", m)
		case m == KindVisitor && !has("email", TypeEmail), m == KindFriend && !has("friendEmail", TypeEmail):
			return fmt.Errorf("the %s mail needs its address field", m)
		}
	}
	if o := f.Once; o != nil {
		if len(o.Per) == 0 || o.Name == "" || o.Days <= 0 || !s.messages.Has(texts.Fallback, o.Message) {
			return fmt.Errorf("once needs per, a name, days and a message")
		}
		for _, name := range o.Per {
			if !has(name) {
				return fmt.Errorf("once per unknown field %q", name)
			}
		}
	}
	for field, kinds := range f.OwnerKindBy {
		fd, ok := f.Field(field)
		if !ok || fd.Type != TypeSelect {
			return fmt.Errorf("ownerKindBy needs a select field, not %q", field)
		}
		for value, kind := range kinds {
			if !slices.Contains(fd.Options, value) || !slices.Contains(s.ownerKinds, kind) {
				return fmt.Errorf("ownerKindBy %s: %q → %q is no option or no owner kind", field, value, kind)
			}
		}
	}
	seen := map[string]string{}
	for section, fields := range f.Sections {
		for _, name := range fields {
			switch {
			case !has(name):
				return fmt.Errorf("section %s names unknown field %q", section, name)
			case seen[name] != "":
				return fmt.Errorf("field %s is in sections %s and %s", name, seen[name], section)
			}
			seen[name] = section
		}
	}
	return nil
}

// checkPlace refuses a place the UI could not find or fill: neither or
// both of a page and a request, a request the form's subject does not
// offer, whenSlots on a form that books no visit (or missing on one that
// does), defaults for fields or options the form does not have.
func (s *Spec) checkPlace(f Form, p Place) error {
	switch {
	case (p.Page == "") == (p.Request == ""):
		return fmt.Errorf("a place needs a page or a request, not %+v", p)
	case p.Page != "" && p.Section == "":
		return fmt.Errorf("place on page %s needs a section", p.Page)
	case p.Request != "" && p.Section != "":
		return fmt.Errorf("request %s: a section is a page's", p.Request)
	case p.Page != "" && (p.WhenSlots || p.Defaults != nil):
		return fmt.Errorf("place on page %s: whenSlots and defaults are a request's", p.Page)
	case p.Request != "" && p.Order != 0:
		return fmt.Errorf("request %s: order is a page's", p.Request)
	case p.Request != "" && !slices.Contains(s.requests[f.Subject], p.Request):
		return fmt.Errorf("request %q is not one of the requests about subject %q", p.Request, f.Subject)
	case p.Request != "" && p.WhenSlots != f.BooksVisit():
		return fmt.Errorf("request %s: whenSlots is for, and only for, a form that books a visit", p.Request)
	}
	for name, v := range p.Defaults {
		fd, ok := f.Field(name)
		if !ok || fd.Type == TypeSelect && !slices.Contains(fd.Options, v) {
			return fmt.Errorf("request %s: default %s=%q names no field or option", p.Request, name, v)
		}
	}
	return nil
}

func countOf(list []string, v string) int {
	n := 0
	for _, x := range list {
		if x == v {
			n++
		}
	}
	return n
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

// OwnerKinds are the kinds of request owners read, in the order equal
// counts are listed.
func (s *Spec) OwnerKinds() []string { return slices.Clone(s.ownerKinds) }

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
