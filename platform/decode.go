package platform

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Rows are the records of an answer, each decoded on its own: a record
// with a value of an unexpected type is one bad record, reported with its
// place and (when it has one) its ID, and the others are kept. Raw holds
// every good record's JSON beside it, for merging a list row with its detail.
type Rows[T any] struct {
	Items []T
	Raw   []json.RawMessage
	Bad   []BadRecord
}

// BadRecord is a record that did not decode.
type BadRecord struct {
	Row    int // 1-based place in the answer
	ID     int // 0 when the record has no usable ID
	Reason string
}

// DecodeRows decodes each item into T.
func DecodeRows[T any](items []json.RawMessage) Rows[T] {
	rows := Rows[T]{Items: make([]T, 0, len(items)), Raw: make([]json.RawMessage, 0, len(items))}
	for i, raw := range items {
		var v T
		if err := json.Unmarshal(raw, &v); err != nil {
			rows.Bad = append(rows.Bad, BadRecord{Row: i + 1, ID: RecordID(raw), Reason: decodeReason(err)})
			continue
		}
		rows.Items = append(rows.Items, v)
		rows.Raw = append(rows.Raw, raw)
	}
	return rows
}

// decodeReason names the field a decoding error is about and what it held.
func decodeReason(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		// The embedded structs are the record's own fields on the wire.
		where := te.Field
		for _, embedded := range []string{"Pictures.", "ProjectRow.", "PictureItem."} {
			where = strings.ReplaceAll(where, embedded, "")
		}
		if where == "" {
			where = "the record"
		}
		return fmt.Sprintf("%s: %s is not %s", where, te.Value, typeWords(te.Type))
	}
	return "undecodable record: " + err.Error()
}

// typeWords says what a field should hold, for an admin reading a reason.
func typeWords(t reflect.Type) string {
	switch t {
	case reflect.TypeFor[Int](), reflect.TypeFor[Enum]():
		return "a whole number"
	case reflect.TypeFor[Number]():
		return "a number"
	case reflect.TypeFor[Text]():
		return "a text"
	case reflect.TypeFor[Bool](), reflect.TypeFor[Flag]():
		return "a yes or no"
	case reflect.TypeFor[Date]():
		return "a date"
	case reflect.TypeFor[IDs]():
		return "a list of ids"
	case reflect.TypeFor[Texts]():
		return "a text or a list of texts"
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map, reflect.Pointer:
		return "an object"
	}
	return "a " + t.String()
}

// RecordID is a record's ID, read leniently (a number or a numeric string);
// 0 when it has none or the JSON is not an object. It reads the object's
// keys only up to ID, which comes first in the platform's records, and
// checks nothing after it (the answer it came in was decoded already):
// every list is walked by ID, and a whole decode of each record would be
// most of a sync's work.
func RecordID(raw json.RawMessage) int {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return 0
	}
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return 0
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return 0
		}
		if strings.EqualFold(key, "ID") {
			var id Int
			if id.UnmarshalJSON(v) != nil {
				return 0
			}
			return int(id)
		}
	}
	return 0
}

// Merge lays the fields of over on base (a list row under its detail),
// names compared without regard to case, and returns the merged object.
// A field over holds as null, "" or an empty list does not hide base's.
func Merge(base, over json.RawMessage) (json.RawMessage, error) {
	var b, o map[string]json.RawMessage
	if err := json.Unmarshal(base, &b); err != nil {
		return nil, fmt.Errorf("platform: merge: %w", err)
	}
	if err := json.Unmarshal(over, &o); err != nil {
		return nil, fmt.Errorf("platform: merge: %w", err)
	}
	if b == nil { // a row of null
		b = map[string]json.RawMessage{}
	}
	byFold := make(map[string]string, len(b))
	for k := range b {
		byFold[strings.ToLower(k)] = k
	}
	for k, v := range o {
		if empty(v) {
			continue
		}
		if old, ok := byFold[strings.ToLower(k)]; ok && old != k {
			delete(b, old)
		}
		b[k] = v
	}
	return json.Marshal(b)
}

// Decode lays over on base (a detail on its list row; base nil for none)
// and decodes the record; the error says why it cannot be one, as a sync
// quarantines it.
func Decode[T any](base, over json.RawMessage) (T, error) {
	var zero T
	raw := over
	if base != nil {
		var err error
		if raw, err = Merge(base, over); err != nil {
			return zero, err
		}
	}
	rows := DecodeRows[T]([]json.RawMessage{raw})
	if len(rows.Bad) > 0 {
		return zero, errors.New(rows.Bad[0].Reason)
	}
	return rows.Items[0], nil
}

func empty(v json.RawMessage) bool {
	v = bytes.TrimSpace(v)
	switch string(v) {
	case "", "null", `""`:
		return true
	}
	var list []json.RawMessage
	return v[0] == '[' && json.Unmarshal(v, &list) == nil && len(list) == 0
}

// Fields says, for one record, which of its fields the site maps, which it
// ignores and which of those it expects are missing: what `estate platform
// check` prints so an agency's first answer settles what the public
// sources leave open.
type Fields struct {
	Mapped, Ignored, Missing []string
}

// FieldsOf compares the JSON object of a record with the fields of T
// (their json names, embedded structs flattened) and the names expected.
func FieldsOf[T any](raw json.RawMessage, expected []string) Fields {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return Fields{Missing: slices.Clone(expected)}
	}
	known := knownFields(reflect.TypeFor[T]())
	present := map[string]bool{}
	var f Fields
	for k := range obj {
		present[strings.ToLower(k)] = true
		if known[strings.ToLower(k)] {
			f.Mapped = append(f.Mapped, k)
		} else {
			f.Ignored = append(f.Ignored, k)
		}
	}
	for _, e := range expected {
		if !present[strings.ToLower(e)] {
			f.Missing = append(f.Missing, e)
		}
	}
	slices.Sort(f.Mapped)
	slices.Sort(f.Ignored)
	return f
}

var knownCache sync.Map // reflect.Type → map[string]bool

// knownFields are the lower-cased json names of t's fields.
func knownFields(t reflect.Type) map[string]bool {
	if v, ok := knownCache.Load(t); ok {
		return v.(map[string]bool)
	}
	out := map[string]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for f := range t.Fields() {
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			out[strings.ToLower(name)] = true
		}
	}
	walk(t)
	knownCache.Store(t, out)
	return out
}
