package fakeplatform

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/platform"
)

// DamageKind is how a Damage spoils a record.
type DamageKind int

// Damage kinds.
const (
	// DamageBadID makes the property's list row answer Damage.ID (0, -1)
	// instead of its own.
	DamageBadID DamageKind = iota + 1
	// DamageNoID leaves the ID field out of the property's list row.
	DamageNoID
	// DamageOffGlobe puts the property at GoogleX 123.4, GoogleY 200 (no
	// latitude is over 90) in its list row and its detail.
	DamageOffGlobe
	// DamageHugeDescription gives the property's detail a DescriptionB of
	// Damage.Size bytes of words.
	DamageHugeDescription
	// DamageNoDetail keeps the property in the list but leaves it out of
	// GetPropertiesByIDs.
	DamageNoDetail
	// DamageWrongType gives Damage.Field of the property's row and detail
	// a value of a type it cannot mean (an object), as a changed platform
	// version or a broken export would.
	DamageWrongType
)

var damageNames = map[DamageKind]string{
	DamageBadID: "bad-id", DamageNoID: "no-id", DamageOffGlobe: "off-globe", DamageHugeDescription: "huge-description",
	DamageNoDetail: "no-detail", DamageWrongType: "wrong-type",
}

func (k DamageKind) String() string {
	if s, ok := damageNames[k]; ok {
		return s
	}
	return "damage(" + strconv.Itoa(int(k)) + ")"
}

// Damage spoils one property's record wherever the platform answers it, the
// way one broken record in the agency's database shows up in every call,
// while the rest of the answer is sound. Build one with BadID, NoID,
// OffGlobe, HugeDescription, NoDetail or WrongType and add it with
// Server.Damage.
type Damage struct {
	Kind DamageKind
	// Property is the real ID of the spoiled property.
	Property int
	// ID is what DamageBadID answers as the row's ID.
	ID int
	// Size is the length in bytes of DamageHugeDescription's text.
	Size int
	// Field is the field DamageWrongType spoils.
	Field string
}

// BadID makes the list row of property answer id (0 or negative) instead.
func BadID(property, id int) Damage { return Damage{Kind: DamageBadID, Property: property, ID: id} }

// NoID leaves the ID field out of property's list row.
func NoID(property int) Damage { return Damage{Kind: DamageNoID, Property: property} }

// OffGlobe puts property at a position no place on earth has.
func OffGlobe(property int) Damage { return Damage{Kind: DamageOffGlobe, Property: property} }

// HugeDescription gives property's detail a description of size bytes.
func HugeDescription(property, size int) Damage {
	return Damage{Kind: DamageHugeDescription, Property: property, Size: size}
}

// NoDetail lists property but answers no detail for it.
func NoDetail(property int) Damage { return Damage{Kind: DamageNoDetail, Property: property} }

// WrongType makes field of property an object.
func WrongType(property int, field string) Damage {
	return Damage{Kind: DamageWrongType, Property: property, Field: field}
}

func (d Damage) String() string {
	return d.Kind.String() + " on property " + strconv.Itoa(d.Property)
}

// Off-globe coordinates of DamageOffGlobe.
const (
	offGlobeX = 123.4
	offGlobeY = 200
)

// damageRows spoils the list rows named by damage.
func damageRows(rows []json.RawMessage, damage []Damage) ([]json.RawMessage, error) {
	if len(damage) == 0 {
		return rows, nil
	}
	out := make([]json.RawMessage, len(rows))
	for i, raw := range rows {
		id := platform.RecordID(raw)
		out[i] = raw
		for _, d := range damage {
			if d.Property != id {
				continue
			}
			var err error
			switch d.Kind {
			case DamageBadID:
				out[i], err = set(out[i], "ID", d.ID)
			case DamageNoID:
				out[i], err = set(out[i], "ID", nil)
			case DamageOffGlobe:
				out[i], err = setMany(out[i], map[string]any{"GoogleX": offGlobeX, "GoogleY": offGlobeY})
			case DamageWrongType:
				out[i], err = set(out[i], d.Field, map[string]any{"unexpected": true})
			}
			if err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// damageDetail spoils a detail named by damage, false when there is none to
// answer. The ID of a detail is left alone: the platform answers the ID it
// was asked for.
func damageDetail(id int, raw json.RawMessage, damage []Damage) (json.RawMessage, bool) {
	for _, d := range damage {
		if d.Property != id {
			continue
		}
		var err error
		switch d.Kind {
		case DamageOffGlobe:
			raw, err = setMany(raw, map[string]any{"GoogleX": offGlobeX, "GoogleY": offGlobeY})
		case DamageHugeDescription:
			raw, err = set(raw, "DescriptionB", words(d.Size))
		case DamageWrongType:
			raw, err = set(raw, d.Field, map[string]any{"unexpected": true})
		case DamageNoDetail:
			return nil, false
		}
		if err != nil {
			return nil, false
		}
	}
	return raw, true
}

// set returns raw with field set to v, or removed when v is nil.
func set(raw json.RawMessage, field string, v any) (json.RawMessage, error) {
	return setMany(raw, map[string]any{field: v})
}

func setMany(raw json.RawMessage, fields map[string]any) (json.RawMessage, error) {
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	for k, v := range fields {
		for old := range m {
			if strings.EqualFold(old, k) {
				delete(m, old)
			}
		}
		if v != nil {
			m[k] = v
		}
	}
	return json.Marshal(m)
}

// words is n bytes of text: words and spaces, as a pasted document would be.
func words(n int) string {
	const word = "a long text pasted twice over "
	return strings.Repeat(word, n/len(word)+1)[:n]
}
