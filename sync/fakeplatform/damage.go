package fakeplatform

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/sync/wire"
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
	// DamageHugeDescription gives the property's detail a Description of
	// Damage.Size bytes of words.
	DamageHugeDescription
	// DamageNoDetail keeps the property in the list but leaves it out of
	// GetPropertiesByIDs and answers 404 to GetProperty.
	DamageNoDetail
)

var damageNames = map[DamageKind]string{
	DamageBadID: "bad-id", DamageNoID: "no-id", DamageOffGlobe: "off-globe", DamageHugeDescription: "huge-description",
	DamageNoDetail: "no-detail",
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
// OffGlobe or HugeDescription and add it with Server.Damage.
type Damage struct {
	Kind DamageKind
	// Property is the real ID of the spoiled property.
	Property int
	// ID is what DamageBadID answers as the row's ID.
	ID int
	// Size is the length in bytes of DamageHugeDescription's text.
	Size int
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

func (d Damage) String() string {
	return d.Kind.String() + " on property " + strconv.Itoa(d.Property)
}

// Off-globe coordinates of DamageOffGlobe.
const (
	offGlobeX = 123.4
	offGlobeY = 200
)

// damageRows spoils the list rows named by damage. A row without an ID
// field cannot be a struct, so rows are returned as values to encode.
func damageRows(rows []wire.PropertyListItem, damage []Damage) ([]any, error) {
	out := make([]any, len(rows))
	for i, r := range rows {
		var drop bool
		for _, d := range damage {
			if d.Property != r.ID {
				continue
			}
			switch d.Kind {
			case DamageBadID:
				r.ID = d.ID
			case DamageNoID:
				drop = true
			case DamageOffGlobe:
				r.GoogleX, r.GoogleY = offGlobeX, offGlobeY
			}
		}
		out[i] = r
		if drop {
			m, err := withoutID(r)
			if err != nil {
				return nil, err
			}
			out[i] = m
		}
	}
	return out, nil
}

// withoutID is the JSON object of a row minus its ID field.
func withoutID(r wire.PropertyListItem) (map[string]json.RawMessage, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	delete(m, "ID")
	return m, nil
}

// damageDetail spoils a detail named by damage, false when there is none to
// answer. The ID of a detail is left alone: the platform answers the ID it
// was asked for.
func damageDetail(p wire.PropertyDetail, damage []Damage) (wire.PropertyDetail, bool) {
	for _, d := range damage {
		if d.Property != p.ID {
			continue
		}
		switch d.Kind {
		case DamageOffGlobe:
			p.GoogleX, p.GoogleY = offGlobeX, offGlobeY
		case DamageHugeDescription:
			p.Description = words(d.Size)
		case DamageNoDetail:
			return p, false
		}
	}
	return p, true
}

// words is n bytes of text: words and spaces, as a pasted document would be.
func words(n int) string {
	const word = "lorem ipsum dolor sit amet "
	return strings.Repeat(word, n/len(word)+1)[:n]
}
