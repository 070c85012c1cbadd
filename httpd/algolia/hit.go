package algolia

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// Hit is one search result: its attributes in a fixed order (stable JSON,
// readable responses), then _highlightResult and _snippetResult. Absent
// attributes are not in it at all: a hidden price is no key, not null.
type Hit struct {
	fields []hitField
}

type hitField struct {
	name  string
	value any
}

// Get returns an attribute's value.
func (h Hit) Get(name string) (any, bool) {
	for _, f := range h.fields {
		if f.name == name {
			return f.value, true
		}
	}
	return nil, false
}

// Set adds an attribute or replaces its value.
func (h *Hit) Set(name string, value any) {
	for i := range h.fields {
		if h.fields[i].name == name {
			h.fields[i].value = value
			return
		}
	}
	h.fields = append(h.fields, hitField{name, value})
}

// Names are the attributes of the hit, in order.
func (h Hit) Names() []string {
	names := make([]string, len(h.fields))
	for i, f := range h.fields {
		names[i] = f.name
	}
	return names
}

// MarshalJSON writes the attributes in order. It leaves <, > and & as they
// are: the encoder that calls it escapes them or not (gin's JSON does, its
// PureJSON does not), as it would for any other value.
func (h Hit) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteByte('{')
	for i, f := range h.fields {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := enc.Encode(f.name); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1) // Encode ends with a newline
		b.WriteByte(':')
		if err := enc.Encode(f.value); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Retrieve keeps the attributes of attributesToRetrieve: nil or "*" keep
// all, "-attr" next to "*" leaves attr out, a list keeps the attributes
// named. objectID is always kept, as in Algolia.
func (h Hit) Retrieve(attrs []string) Hit {
	if attrs == nil {
		return h
	}
	all := slices.Contains(attrs, "*")
	var out Hit
	for _, f := range h.fields {
		keep := f.name == "objectID"
		switch {
		case keep:
		case all:
			keep = !slices.Contains(attrs, "-"+f.name)
		default:
			keep = slices.Contains(attrs, f.name)
		}
		if keep {
			out.fields = append(out.fields, f)
		}
	}
	return out
}

// PropertyHit is the hit of a property in a language (ARCHITECTURE.md §3).
// What the owner did not publish stays out: the price when it is on request,
// the street and number when the address is hidden, the exact position
// (rounded then). Zero counts and surfaces mean "not given" on the platform
// and are left out, as the index leaves them out of facets and filters.
func PropertyHit(p listing.Property, lang listing.Lang) Hit {
	var h Hit
	h.Set("objectID", strconv.Itoa(p.ID))
	h.Set("id", p.ID)
	setString(&h, "goal", string(p.Goal))
	setString(&h, "type", p.Type)
	setPositive(&h, "typeId", float64(p.TypeID))
	setString(&h, "city", p.Address.City)
	setString(&h, "zip", p.Address.Zip)
	setString(&h, "region", string(p.Energy.Region))
	setPositive(&h, "countryId", float64(p.Address.CountryID))
	if p.Price.Published {
		setPositive(&h, "price", p.Price.Amount)
	}
	h.Set("priceText", listing.PriceText(p.Price, p.Goal, lang))
	// A rent is advertised with its common charges (the regions' rent rules):
	// the card shows both, so the hit carries the monthly charges of a rental.
	if p.Goal == listing.Rent {
		setPositive(&h, "charges", p.Costs.ChargesRenter)
	}
	setPositive(&h, "bedrooms", float64(p.Layout.Bedrooms))
	setPositive(&h, "bathrooms", float64(p.Layout.Bathrooms))
	setPositive(&h, "garages", float64(p.Layout.Garages))
	setPositive(&h, "surfaceLiving", p.Surfaces.Living)
	setPositive(&h, "surfaceGround", p.Surfaces.Ground)
	setPositive(&h, "epcValue", p.Energy.Value)
	setString(&h, "epcLabel", p.Energy.Label)
	setString(&h, "status", string(p.Status))
	h.Set("marquee", p.Marquee)
	setString(&h, "badge", string(p.Badge))
	features := p.Flags.Features()
	if features == nil {
		features = []string{}
	}
	h.Set("features", features)
	h.Set("url", listing.DetailPath(p, lang))
	setMedia(&h, p.Media, p.Summary, p.Body)
	setPlace(&h, p.Geo, p.Address)
	if !p.Created.IsZero() {
		h.Set("createdAt", p.Created.Unix())
	}
	return h
}

// setPlace sets where a listing is: its point on the map (rounded when the
// address is not published) and, when published, its street and number.
func setPlace(h *Hit, geo *listing.Geo, a listing.Address) {
	if g := listing.DisplayGeo(geo, a.Published); g != nil {
		h.Set("_geoloc", g)
	}
	if a.Published {
		setString(h, "street", a.Street)
		setString(h, "houseNumber", a.HouseNumber)
	}
}

// ProjectHit is the hit of a new-build project. The language is unused
// until projects get a localized detail page (then: url, as for properties).
func ProjectHit(p listing.Project, _ listing.Lang) Hit {
	var h Hit
	h.Set("objectID", strconv.Itoa(p.ID))
	h.Set("id", p.ID)
	setString(&h, "name", p.Name)
	setString(&h, "number", p.Number)
	setString(&h, "city", p.Address.City)
	setString(&h, "zip", p.Address.Zip)
	setPositive(&h, "countryId", float64(p.Address.CountryID))
	setPositive(&h, "priceMin", p.PriceMin)
	setPositive(&h, "priceMax", p.PriceMax)
	setString(&h, "delivery", p.Delivery)
	types := slices.Clone(p.Types)
	if types == nil {
		types = []string{}
	}
	h.Set("types", types)
	h.Set("soldOut", p.SoldOut)
	h.Set("unitCount", len(p.Units))
	setMedia(&h, p.Media, p.Summary, p.Body)
	setPlace(&h, p.Geo, p.Address)
	return h
}

// CityHit is the hit of a town with its number of listings for sale and
// for rent. Its objectID is "zip|name", the index's id of a town.
func CityHit(c listing.City, sale, rent int) Hit {
	var h Hit
	h.Set("objectID", c.Zip+"|"+c.Name)
	h.Set("name", c.Name)
	h.Set("zip", c.Zip)
	setPositive(&h, "countryId", float64(c.CountryID))
	h.Set("saleCount", sale)
	h.Set("rentCount", rent)
	h.Set("propertyCount", c.PropertyCount)
	return h
}

// setMedia adds the card picture and the descriptions: the card's (250
// characters) and the quick search's (100), from the summary or else the
// full description.
func setMedia(h *Hit, m listing.Media, summary, body string) {
	if t := m.Thumbnail(); t != nil {
		h.Set("thumbnail", t)
	}
	text := summary
	if strings.TrimSpace(listing.CleanDescription(text, 0)) == "" {
		text = body
	}
	setString(h, "description", listing.CleanDescription(text, listing.CardDescriptionLimit))
	setString(h, "descriptionShort", listing.CleanDescription(text, listing.QuickSearchDescriptionLimit))
}

func setString(h *Hit, name, v string) {
	if v = strings.TrimSpace(v); v != "" {
		h.Set(name, v)
	}
}

// setPositive adds a positive finite number, as an integer when it is one
// (JSON 3, not 3.0, though both read the same).
func setPositive(h *Hit, name string, v float64) {
	if !(v > 0) || math.IsInf(v, 0) {
		return
	}
	if v == math.Trunc(v) && v < 1<<53 {
		h.Set(name, int64(v))
		return
	}
	h.Set(name, v)
}
