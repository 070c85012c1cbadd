package fakeplatform

import (
	"encoding/json"
	"reflect"
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
	// DamageHostile makes the property's detail as large and as nasty as a
	// record can be: every text field Damage.Size bytes of words, lists of
	// Damage.Items documents, photos, points of interest, video links and
	// web categories, and among their addresses javascript:, data: and
	// vbscript: ones (see Hostile).
	DamageHostile
)

var damageNames = map[DamageKind]string{
	DamageBadID: "bad-id", DamageNoID: "no-id", DamageOffGlobe: "off-globe", DamageHugeDescription: "huge-description",
	DamageNoDetail: "no-detail", DamageWrongType: "wrong-type", DamageHostile: "hostile",
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
	// Size is the length in bytes of DamageHugeDescription's text and of
	// each of DamageHostile's.
	Size int
	// Items is the length of DamageHostile's lists.
	Items int
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

// Hostile fills every text field of property's detail with size bytes of
// words and its lists with items entries each, a third of whose addresses
// are javascript:, data: or vbscript: links; the agent's photo, the virtual
// tour and the single photos are such links too.
func Hostile(property, size, items int) Damage {
	return Damage{Kind: DamageHostile, Property: property, Size: size, Items: items}
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
		case DamageHostile:
			raw, err = setMany(raw, hostileFields(d.Size, d.Items))
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

// Addresses no page may link to, in the forms a hostile record would use.
var hostileURLs = []string{
	"javascript:alert(document.domain)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
	" VBScript:msgbox(1)", "//evil.example/x.jpg",
}

// hostileFields are the fields DamageHostile sets: every text field of a
// property (found by its type, so a field added to platform.Property is
// spoiled too) and the lists.
func hostileFields(size, items int) map[string]any {
	text := words(size)
	fields := map[string]any{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case f.Anonymous:
				walk(f.Type)
			case f.Type == reflect.TypeFor[platform.Text]():
				fields[name] = text
			}
		}
	}
	walk(reflect.TypeFor[platform.Property]())
	// The single addresses: the agent's photo, the tour, the main photo.
	for i, name := range []string{"ManagerPhoto", "VirtualTour", "SmallPicture", "MediumPicture", "LargePicture"} {
		fields[name] = hostileURLs[i%len(hostileURLs)]
	}
	item := words(300) // over every bound of a list item's text
	url := func(i int, good string) string {
		if i%3 == 0 {
			return hostileURLs[(i/3)%len(hostileURLs)]
		}
		return good
	}
	docs, pois, pics, videos, webIDs := make([]any, items), make([]any, items), make([]any, items), make([]any, items), make([]any, items)
	for i := range items {
		docs[i] = map[string]any{"ID": i + 1, "Name": item, "Kind": item, "Url": url(i, "https://docs.example/"+strconv.Itoa(i)+".pdf")}
		pois[i] = map[string]any{"Kind": item, "Name": item, "Distance": i}
		pics[i] = map[string]any{"ID": i + 1, "Name": item, "Url": url(i, "https://photos.example/"+strconv.Itoa(i)+".jpg"), "Width": 1600, "Height": 1200}
		videos[i] = url(i, "https://www.youtube.com/watch?v=dQw4w9WgXcQ")
		webIDs[i] = i + 1
	}
	fields["Documents"], fields["PointsOfInterest"], fields["XLargePictureItems"] = docs, pois, pics
	fields["VideoLinks"], fields["WebIDs"] = videos, webIDs
	return fields
}
