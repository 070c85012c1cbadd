package leads

import (
	"bytes"
	"encoding/json"
	"math"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Problem is why a field was refused: a message code of forms.json and the
// values its text needs.
type Problem struct {
	Code string
	Args map[string]string
}

// Problems are the refused fields by name.
type Problems map[string]Problem

// Values are a submission's accepted fields, read into Go values: string,
// float64 (number), int (property, project, slot), bool (checkbox) and
// []string (multi, list). Empty optional fields are left out.
type Values map[string]any

// String returns the field's text, "" when absent.
func (v Values) String(name string) string {
	s, _ := v[name].(string)
	return s
}

// Int returns an id field, 0 when absent.
func (v Values) Int(name string) int {
	n, _ := v[name].(int)
	return n
}

var phoneRE = regexp.MustCompile(`^\+?[0-9 ./()\-]+$`)

// decimalRE is a number as a visitor types it (after a decimal comma became
// a point): no hexadecimal, digit separators, Inf or NaN, which ParseFloat
// would take but the UI's rules (ui/src/features/forms/rules.ts) refuse.
var decimalRE = regexp.MustCompile(`^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$`)

// Validate reads a form's fields as the visitor sent them. Every field of
// the form is checked, so the visitor sees every problem at once; fields
// the form does not have are dropped.
func (s *Spec) Validate(form Form, raw map[string]json.RawMessage) (Values, Problems) {
	vals, probs := Values{}, Problems{}
	for _, f := range form.Fields {
		if f.Unless != "" && filled(raw[f.Unless]) {
			f.Required = false
		}
		v, p := s.field(f, raw[f.Name])
		if p != nil && f.Missing != "" && (p.Code == "required" || p.Code == "requiredOne") {
			p = problem(f.Missing)
		}
		if p != nil {
			probs[f.Name] = *p
			continue
		}
		if v != nil {
			vals[f.Name] = v
		}
	}
	for _, f := range form.Fields {
		if f.Match == "" || probs[f.Name].Code != "" {
			continue
		}
		if vals[f.Name] != vals[f.Match] {
			probs[f.Name] = Problem{Code: "match"}
			delete(vals, f.Name)
		}
	}
	for _, f := range form.Fields {
		if f.NotBelow == "" {
			continue
		}
		v, ok1 := vals[f.Name].(float64)
		floor, ok2 := vals[f.NotBelow].(float64)
		if ok1 && ok2 && v < floor {
			probs[f.Name] = Problem{Code: "belowMin"}
			delete(vals, f.Name)
		}
	}
	return vals, probs
}

func problem(code string) *Problem { return &Problem{Code: code} }

// absent reports a missing value: no key, null, "" or only spaces.
func absent(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return true
	}
	var s string
	return json.Unmarshal(t, &s) == nil && strings.TrimSpace(s) == ""
}

// filled reports a value that counts as given: not absent, not an empty list.
func filled(raw json.RawMessage) bool {
	if absent(raw) {
		return false
	}
	var list []json.RawMessage
	return json.Unmarshal(raw, &list) != nil || len(list) > 0
}

func (s *Spec) field(f Field, raw json.RawMessage) (any, *Problem) {
	switch f.Type {
	case TypeCheckbox:
		var b bool
		if !absent(raw) && json.Unmarshal(raw, &b) != nil {
			return nil, problem("invalid")
		}
		if f.Required && !b {
			return nil, problem("accept")
		}
		return b, nil
	case TypeMulti, TypeList:
		return s.items(f, raw)
	case TypeArea:
		return area(raw)
	}
	if absent(raw) {
		if f.Required {
			return nil, problem("required")
		}
		return nil, nil
	}
	switch f.Type {
	case TypeNumber:
		return number(f, raw)
	case TypeProperty, TypeProject, TypeSlot:
		return id(raw)
	}
	var str string
	if json.Unmarshal(raw, &str) != nil {
		return nil, problem("invalid")
	}
	str = strings.TrimSpace(str)
	limit := s.Limits.Text
	if f.Type == TypeTextarea {
		limit = s.Limits.Textarea
	}
	if f.Max != nil && f.Type != TypeNumber {
		limit = int(*f.Max)
	}
	if utf8.RuneCountInString(str) > limit {
		return nil, problem("tooLong")
	}
	if hasControl(str, f.Type == TypeTextarea) {
		return nil, problem("invalid")
	}
	switch f.Type {
	case TypeEmail:
		if !validEmail(str) {
			return nil, problem("email")
		}
	case TypePhone:
		if !validPhone(str) {
			return nil, problem("phone")
		}
	case TypeZip:
		zip, ok := s.Postcode(str)
		if !ok {
			return nil, problem("zip")
		}
		str = zip
	case TypeURL:
		if u, err := url.Parse(str); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return nil, problem("url")
		}
	case TypeDate:
		if _, err := time.Parse(time.DateOnly, str); err != nil {
			return nil, problem("date")
		}
	case TypeSelect:
		if !slices.Contains(f.Options, str) {
			return nil, problem("option")
		}
	case TypePassword:
		if f.Min != nil && utf8.RuneCountInString(str) < int(*f.Min) {
			return nil, &Problem{Code: "minLength", Args: map[string]string{"min": fmtNum(*f.Min)}}
		}
	}
	return str, nil
}

func (s *Spec) items(f Field, raw json.RawMessage) (any, *Problem) {
	var list []string
	if !absent(raw) && json.Unmarshal(raw, &list) != nil {
		return nil, problem("invalid")
	}
	if len(list) > s.Limits.List {
		return nil, problem("tooLong")
	}
	out := make([]string, 0, len(list))
	for _, item := range list {
		item = strings.TrimSpace(item)
		switch {
		case item == "":
			continue
		case utf8.RuneCountInString(item) > 100 || hasControl(item, false):
			return nil, problem("invalid")
		case len(f.Options) > 0 && !slices.Contains(f.Options, item):
			return nil, problem("option")
		case f.Items == ItemsPostcode:
			// A town name stays for Service.Submit to look up.
			if zip, ok := s.Postcode(item); ok {
				item = zip
			} else if !s.LooksLikeTown(item) {
				return nil, problem("zip")
			}
		}
		if !slices.Contains(out, item) {
			out = append(out, item)
		}
	}
	if len(out) == 0 {
		if f.Required {
			return nil, problem("requiredOne")
		}
		return nil, nil
	}
	return out, nil
}

// Area bounds: 3 to 100 points around Belgium and Luxembourg, where the
// agency's listings are.
const (
	areaMinPoints = 3
	areaMaxPoints = 100
)

// area reads a polygon as [[lat, lng], …]; an empty list is no area.
func area(raw json.RawMessage) (any, *Problem) {
	if absent(raw) {
		return nil, nil
	}
	var pts [][2]float64
	if err := json.Unmarshal(raw, &pts); err != nil {
		return nil, problem("area")
	}
	if len(pts) == 0 {
		return nil, nil
	}
	if len(pts) < areaMinPoints || len(pts) > areaMaxPoints {
		return nil, problem("area")
	}
	for _, p := range pts {
		if p[0] < 49 || p[0] > 52 || p[1] < 2 || p[1] > 7 {
			return nil, problem("area")
		}
	}
	return pts, nil
}

// number accepts a JSON number or a string holding one, as form inputs
// give text.
func number(f Field, raw json.RawMessage) (any, *Problem) {
	var n float64
	if err := json.Unmarshal(raw, &n); err != nil {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil, problem("number")
		}
		s = strings.ReplaceAll(strings.TrimSpace(s), ",", ".")
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !decimalRE.MatchString(s) {
			return nil, problem("number")
		}
		n = v
	}
	switch {
	case math.IsNaN(n) || math.IsInf(n, 0):
		return nil, problem("number")
	case f.Min != nil && n < *f.Min:
		return nil, &Problem{Code: "min", Args: map[string]string{"min": fmtNum(*f.Min)}}
	case f.Max != nil && n > *f.Max:
		return nil, &Problem{Code: "max", Args: map[string]string{"max": fmtNum(*f.Max)}}
	}
	return n, nil
}

// id reads a record's id, a positive integer sent as number or string.
func id(raw json.RawMessage) (any, *Problem) {
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil, problem("invalid")
		}
		n = json.Number(strings.TrimSpace(s))
	}
	v, err := strconv.Atoi(n.String())
	if err != nil || v <= 0 {
		return nil, problem("invalid")
	}
	return v, nil
}

func validEmail(s string) bool {
	if len(s) > 254 {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".") && !strings.HasSuffix(s, ".")
}

func validPhone(s string) bool {
	if !phoneRE.MatchString(s) {
		return false
	}
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return digits >= 8 && digits <= 15
}

// hasControl reports control characters, which no form input produces and
// which could split a mail header (only a textarea keeps line breaks and tabs).
func hasControl(s string, multiline bool) bool {
	for _, r := range s {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return true
		}
	}
	return false
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
