package index

import (
	"math"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/estate-agency/estate/listing"
)

// Documents are plain maps rather than structs so that an absent value stays absent: a struct
// would index "" as a keyword (an empty facet bucket) and 0 as a price. The mapping's TypeField
// ("kind") picks the document mapping.
type doc = map[string]any

// Internal document ids carry the kind, so a property and a project with the same platform id can
// live in one index.
const (
	prefixProperty = "p:"
	prefixProject  = "j:"
	prefixCity     = "c:"
)

func propertyDocID(id int) string { return prefixProperty + strconv.Itoa(id) }
func projectDocID(id int) string  { return prefixProject + strconv.Itoa(id) }
func cityDocID(c listing.City) string {
	return prefixCity + cityID(c)
}

// cityID is the public id of a town document: "zip|name", as a zip can hold several towns
// (6800 Libramont, 6800 Recogne) and a name can exist under several zips.
func cityID(c listing.City) string { return c.Zip + "|" + c.Name }

// setStr, setNum and setPos leave the field out for empty or zero values, which for the listing
// data means 'unknown' (0 bedrooms is 'not given' on the platform).
func setStr(d doc, field, v string) {
	if v = strings.TrimSpace(v); v != "" {
		d[field] = v
	}
}

func setPos(d doc, field string, v float64) {
	if v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) {
		d[field] = v
	}
}

func setTime(d doc, field string, unix int64) {
	if unix > 0 {
		d[field] = float64(unix)
	}
}

func propertyDoc(p listing.Property) doc {
	d := doc{
		fKind:  kindProperty,
		fID:    strconv.Itoa(p.ID),
		fIDNum: float64(p.ID),
	}
	setStr(d, fGoal, string(p.Goal))
	setStr(d, fType, p.Type)
	setStr(d, fTypeText, strings.TrimSpace(p.Type+" "+p.MainType))
	setPos(d, fTypeID, float64(p.TypeID))
	setPos(d, fWebID, float64(p.WebID))
	if len(p.WebIDs) > 0 {
		ids := make([]any, 0, len(p.WebIDs))
		for _, w := range p.WebIDs {
			ids = append(ids, float64(w))
		}
		d[fWebIDs] = ids
	}
	addAddress(d, p.Address)
	// Never index an unpublished street: a search for it would reveal where the property is.
	if p.Address.Published {
		setStr(d, fStreet, p.Address.Street)
	}
	setStr(d, fRegion, string(p.Energy.Region))
	setStr(d, fDescription, stripHTML(p.Summary+"\n"+p.Body))
	// 'Price on request' must not be findable by a price range nor sort as 0 (§3: price absent).
	if p.Price.Published {
		setPos(d, fPrice, p.Price.Amount)
	}
	setPos(d, fBedrooms, float64(p.Layout.Bedrooms))
	setPos(d, fBathrooms, float64(p.Layout.Bathrooms))
	setPos(d, fGarages, float64(p.Layout.Garages))
	setPos(d, fSurfaceLiving, p.Surfaces.Living)
	setPos(d, fSurfaceGround, p.Surfaces.Ground)
	setPos(d, fEPCValue, p.Energy.Value)
	setStr(d, fEPCLabel, p.Energy.Label)
	setStr(d, fStatus, string(p.Status))
	// Marquee 0 is a real value ('no banner') that sorts and filters, so it is always indexed.
	d[fMarquee] = float64(p.Marquee)
	if feats := p.Flags.Features(); len(feats) > 0 {
		d[fFeatures] = toAny(feats)
	}
	setTime(d, fCreatedAt, p.Created.Unix())
	setTime(d, fChangedAt, p.Changed.Unix())
	if g := geoPoint(p.Geo, p.Address.Published); g != nil {
		d[fGeo] = g
	}
	setPos(d, fProjectID, float64(p.ProjectID))
	return d
}

func projectDoc(pr listing.Project) doc {
	d := doc{
		fKind:  kindProject,
		fID:    strconv.Itoa(pr.ID),
		fIDNum: float64(pr.ID),
	}
	setStr(d, fName, pr.Name)
	setStr(d, fNameText, pr.Name)
	addAddress(d, pr.Address)
	setStr(d, fDescription, stripHTML(pr.Summary+"\n"+pr.Body))
	setPos(d, fPriceMin, pr.PriceMin)
	setPos(d, fPriceMax, pr.PriceMax)
	d[fSoldOut] = pr.SoldOut
	setTime(d, fChangedAt, pr.Changed.Unix())
	if g := geoPoint(pr.Geo, pr.Address.Published); g != nil {
		d[fGeo] = g
	}
	return d
}

func cityDoc(c listing.City) doc {
	d := doc{
		fKind: kindCity,
		fID:   cityID(c),
	}
	setStr(d, fName, c.Name)
	setStr(d, fCity, c.Name)
	setStr(d, fCityText, c.Name)
	setStr(d, fCityKey, c.Name)
	setStr(d, fZip, c.Zip)
	setPos(d, fCountryID, float64(c.CountryID))
	d[fPropertyCount] = float64(c.PropertyCount)
	return d
}

// addAddress indexes the town three ways: city (the raw name, for facets and display), cityText
// (words, folded: "liege" and typos find "Liège") and cityKey (whole name, folded: the filter that
// accepts "Liège", "liege" or "LIEGE" alike but not "Liège-Sud").
func addAddress(d doc, a listing.Address) {
	setStr(d, fCity, a.City)
	setStr(d, fCityText, a.City)
	setStr(d, fCityKey, a.City)
	setStr(d, fZip, a.Zip)
	setPos(d, fCountryID, float64(a.CountryID))
}

// geoPoint is the point visitors may see (listing.DisplayGeo: rounded when
// the address is not published, so the index never leaks the house) in the
// map form Bleve reads, with "lat" and "lon".
func geoPoint(g *listing.Geo, addressPublished bool) map[string]any {
	d := listing.DisplayGeo(g, addressPublished)
	if d == nil || (d.Lat == 0 && d.Lng == 0) {
		return nil
	}
	return map[string]any{"lat": d.Lat, "lon": d.Lng}
}

// stripHTML keeps the text of an HTML fragment for indexing, with entities decoded and tags and
// script/style contents dropped. It is deliberately independent of listing.CleanDescription (which
// also truncates for display): the index needs all words, not a presentable summary.
func stripHTML(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return strings.TrimSpace(s)
	}
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	skip := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			// io.EOF: a strings.Reader has no other error to report.
			return strings.TrimSpace(b.String())
		case html.StartTagToken:
			if name, _ := z.TagName(); isRawTextTag(name) {
				skip++
			}
			b.WriteByte(' ') // <br>, <p>, <li> separate words
		case html.EndTagToken:
			if name, _ := z.TagName(); isRawTextTag(name) && skip > 0 {
				skip--
			}
			b.WriteByte(' ')
		case html.SelfClosingTagToken:
			b.WriteByte(' ')
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		}
	}
}

func isRawTextTag(name []byte) bool {
	n := string(name)
	return n == "script" || n == "style"
}
