package platform

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The public clients do not settle the JSON types of the platform's values:
// fw4-bvba/omnicasa-api (src/Response/ResponseObject.php) keeps whatever
// json_decode gives, modmore/Omnicasa stores GoogleX, Zip and the ids in
// varchar columns (omnicasa.mysql.schema.xml), and the seed sends CountryID
// as "10". So every scalar of a record takes both spellings, and a value of
// a type it cannot mean (an object for a price) is an error for that one
// record, which the syncer quarantines.

// Int is an id, a count or an enum: a JSON number, a numeric string, or
// null / "" for zero.
type Int int

// UnmarshalJSON implements json.Unmarshaler.
func (n *Int) UnmarshalJSON(b []byte) error {
	s, ok, err := scalar(b)
	if err != nil {
		return typeError[Int](b)
	}
	if !ok {
		*n = 0
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != float64(int64(f)) || f > 1<<53 || f < -(1<<53) {
		return typeError[Int](b)
	}
	*n = Int(f)
	return nil
}

// Number is a price, a surface or a coordinate: a JSON number, a numeric
// string ("250000", "49,8123", "1.250,50"), or null / "" for zero.
type Number float64

// UnmarshalJSON implements json.Unmarshaler.
func (n *Number) UnmarshalJSON(b []byte) error {
	s, ok, err := scalar(b)
	if err != nil {
		return typeError[Number](b)
	}
	if !ok {
		*n = 0
		return nil
	}
	if strings.Contains(s, ",") {
		// Belgian notation: "." groups thousands, "," marks the decimals.
		s = strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), ",", ".")
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return typeError[Number](b)
	}
	*n = Number(f)
	return nil
}

// Text is a string the platform may also send as a number (a Zip of 6830).
// null is "".
type Text string

// UnmarshalJSON implements json.Unmarshaler.
func (t *Text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		*t = ""
		return nil
	case b[0] == '"':
		// Most texts have no escape: no second parse for them, one per field of every record.
		if len(b) >= 2 && b[len(b)-1] == '"' && plainJSONString(b[1:len(b)-1]) {
			*t = Text(b[1 : len(b)-1])
			return nil
		}
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = Text(s)
		return nil
	case b[0] == '-' || (b[0] >= '0' && b[0] <= '9'):
		var num json.Number
		if err := json.Unmarshal(b, &num); err != nil {
			return err
		}
		*t = Text(num.String())
		return nil
	}
	return typeError[Text](b)
}

// plainJSONString reports whether the inside of a JSON string literal
// means itself: no escape, no quote, no control character, valid UTF-8.
func plainJSONString(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return utf8.Valid(b)
}

// String returns the text with surrounding space trimmed.
func (t Text) String() string { return strings.TrimSpace(string(t)) }

// Bool is a flag: true/false, 1/0 or their strings, null or "" for false.
type Bool bool

// UnmarshalJSON implements json.Unmarshaler.
func (v *Bool) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "1", "yes", "-1":
		*v = true
	case "false", "0", "no", "", "null":
		*v = false
	default:
		return typeError[Bool](b)
	}
	return nil
}

// Flag is a Bool that remembers whether the platform sent it at all, for
// fields whose absence must not read as "no" (PublishInternet: a platform
// that leaves it out publishes its projects).
type Flag struct {
	Set   bool
	Value bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (f *Flag) UnmarshalJSON(b []byte) error {
	if s := string(bytes.TrimSpace(b)); s == "null" || s == `""` {
		*f = Flag{}
		return nil
	}
	var v Bool
	if err := v.UnmarshalJSON(b); err != nil {
		return err
	}
	*f = Flag{Set: true, Value: bool(v)}
	return nil
}

// MarshalJSON implements json.Marshaler.
func (f Flag) MarshalJSON() ([]byte, error) {
	if !f.Set {
		return []byte("null"), nil
	}
	return json.Marshal(f.Value)
}

// IsZero lets omitzero leave an unset flag out.
func (f Flag) IsZero() bool { return !f.Set }

// Has returns a set flag.
func Has(v bool) Flag { return Flag{Set: true, Value: v} }

// Enum is an Int that remembers whether it was sent: Status 0 means
// prospective, which an absent Status must not.
type Enum struct {
	Set   bool
	Value int
}

// UnmarshalJSON implements json.Unmarshaler.
func (e *Enum) UnmarshalJSON(b []byte) error {
	if s := string(bytes.TrimSpace(b)); s == "null" || s == `""` {
		*e = Enum{}
		return nil
	}
	var n Int
	if err := n.UnmarshalJSON(b); err != nil {
		return err
	}
	*e = Enum{Set: true, Value: int(n)}
	return nil
}

// MarshalJSON implements json.Marshaler.
func (e Enum) MarshalJSON() ([]byte, error) {
	if !e.Set {
		return []byte("null"), nil
	}
	return json.Marshal(e.Value)
}

// IsZero lets omitzero leave an unset enum out.
func (e Enum) IsZero() bool { return !e.Set }

// Is returns a set enum.
func Is(v int) Enum { return Enum{Set: true, Value: v} }

// IDs is a list of ids: the seed's comma-joined "1,3" (WebIDs), a JSON
// array of numbers or strings, or a single number.
type IDs []int

// UnmarshalJSON implements json.Unmarshaler.
func (ids *IDs) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*ids = nil
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	if b[0] == '[' {
		var items []Int
		if err := json.Unmarshal(b, &items); err != nil {
			return err
		}
		for _, it := range items {
			*ids = append(*ids, int(it))
		}
		return nil
	}
	s, _, err := scalar(b)
	if err != nil {
		return typeError[IDs](b)
	}
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		n, err := strconv.Atoi(part)
		if err != nil {
			return typeError[IDs](b)
		}
		*ids = append(*ids, n)
	}
	return nil
}

// MarshalJSON writes the seed's comma-joined form.
func (ids IDs) MarshalJSON() ([]byte, error) {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.Itoa(id)
	}
	return json.Marshal(strings.Join(parts, ","))
}

// Texts is a list of strings: a JSON array, or one string.
type Texts []string

// UnmarshalJSON implements json.Unmarshaler.
func (ts *Texts) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*ts = nil
	if len(b) > 0 && b[0] == '[' {
		var items []Text
		if err := json.Unmarshal(b, &items); err != nil {
			return err
		}
		for _, it := range items {
			if s := it.String(); s != "" {
				*ts = append(*ts, s)
			}
		}
		return nil
	}
	var one Text
	if err := one.UnmarshalJSON(b); err != nil {
		return err
	}
	if s := one.String(); s != "" {
		*ts = Texts{s}
	}
	return nil
}

// scalar returns the text of a JSON number or string, trimmed; ok is false
// for null and "".
func scalar(b []byte) (s string, ok bool, err error) {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		return "", false, nil
	case b[0] == '"':
		if err := json.Unmarshal(b, &s); err != nil {
			return "", false, err
		}
		s = strings.TrimSpace(s)
		return s, s != "", nil
	case b[0] == '-' || (b[0] >= '0' && b[0] <= '9'):
		return string(b), true, nil
	}
	return "", false, errNotScalar
}

// errNotScalar is scalar's error; each type reports it as its own.
var errNotScalar = errors.New("platform: not a number or a string")

// Date is a date of the platform. Its answers write dates as "Y-m-d H:i:s"
// (fw4-bvba/omnicasa-api src/Response/ResponseObject.php parseValue, for
// fields named *Date or Date*): a wall clock with no zone, most likely the
// agency's. "/Date(ms±hhmm)/" (same file) is an instant. A Date keeps which
// one it holds, and In gives the time in the agency's zone.
type Date struct {
	t       time.Time // a wall clock's fields in UTC, or the instant
	instant bool
}

// WallClock is the date the platform writes as "Y-m-d H:i:s" for t's wall
// clock in t's location.
func WallClock(t time.Time) Date {
	if t.IsZero() {
		return Date{}
	}
	return Date{t: time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)}
}

// Instant is the date of an instant.
func Instant(t time.Time) Date {
	if t.IsZero() {
		return Date{}
	}
	return Date{t: t.UTC(), instant: true}
}

// IsZero reports an absent date.
func (d Date) IsZero() bool { return d.t.IsZero() }

// In returns the time in loc, reading a wall clock as loc's (nil is UTC).
func (d Date) In(loc *time.Location) time.Time {
	switch {
	case d.t.IsZero():
		return time.Time{}
	case loc == nil:
		return d.t
	case d.instant:
		return d.t.In(loc)
	}
	return time.Date(d.t.Year(), d.t.Month(), d.t.Day(), d.t.Hour(), d.t.Minute(), d.t.Second(), d.t.Nanosecond(), loc)
}

// DateLayout is how the platform writes a date, in answers and in DateTime
// parameters (fw4-bvba/omnicasa-api src/Request/RequestObject.php
// jsonSerialize: format('Y-m-d H:i:s')).
const DateLayout = "2006-01-02 15:04:05"

// FormatDate writes t as a DateTime parameter, on the wall clock of loc.
func FormatDate(t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	return t.In(loc).Format(DateLayout)
}

// UnmarshalJSON implements json.Unmarshaler.
func (d *Date) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		*d = Date{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return typeError[Date](b)
	}
	v, err := ParseDate(s)
	if err != nil {
		return typeError[Date](b)
	}
	*d = v
	return nil
}

// MarshalJSON writes a wall clock as the platform does, an instant in the
// .NET form.
func (d Date) MarshalJSON() ([]byte, error) {
	switch {
	case d.t.IsZero():
		return []byte(`""`), nil
	case d.instant:
		return json.Marshal("/Date(" + strconv.FormatInt(d.t.UnixMilli(), 10) + "+0000)/")
	}
	return json.Marshal(d.t.Format(DateLayout))
}

// ParseDate reads one of the platform's date forms; "" and .NET's empty
// dates (years before 1800, "0000-00-00") are the zero Date.
func ParseDate(s string) (Date, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasPrefix(s, "0000-00-00") {
		return Date{}, nil
	}
	if inner, ok := strings.CutPrefix(s, "/Date("); ok {
		inner, ok = strings.CutSuffix(inner, ")/")
		if !ok || inner == "" {
			return Date{}, fmt.Errorf("platform: date %q: unknown format", s)
		}
		// The offset only says how the sender would display it; the
		// milliseconds count from the epoch in UTC.
		if i := strings.IndexAny(inner[1:], "+-"); i >= 0 {
			inner = inner[:i+1]
		}
		ms, err := strconv.ParseInt(inner, 10, 64)
		if err != nil {
			return Date{}, fmt.Errorf("platform: date %q: %w", s, err)
		}
		return Instant(time.UnixMilli(ms)), nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return sane(Instant(t)), nil
	}
	for _, layout := range []string{DateLayout, "2006-01-02T15:04:05", "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return sane(Date{t: t}), nil
		}
	}
	return Date{}, fmt.Errorf("platform: date %q: unknown format", s)
}

// sane drops .NET's DateTime.MinValue and the like, which mean "no date".
func sane(d Date) Date {
	if d.t.Year() < 1800 {
		return Date{}
	}
	return d
}

// typeError is the error of a value T cannot hold. encoding/json names the
// record's field in it (UnmarshalTypeError.Field), which a quarantine
// reason then states.
func typeError[T any](b []byte) error {
	return &json.UnmarshalTypeError{Value: snippet(bytes.TrimSpace(b)), Type: reflect.TypeFor[T]()}
}

func snippet(b []byte) string {
	const n = 60
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
