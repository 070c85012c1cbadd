package platformsync

import (
	"fmt"
	"unicode/utf8"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
)

// Bounds of a record's fields, by kind of field, so that one record with a
// 10 MB text pasted on the platform, or a list of ten thousand photos, does
// not make a 10 MB page, search answer or list. Each is far above what the
// agency's real records hold (testdata/platform, the demo generator): a
// real street or town is a few dozen characters, a description a few
// thousand, a listing a few dozen photos.
const (
	maxLineRunes  = 200    // one line: a street, a town, a type, a label, a name
	maxShortRunes = 500    // a short text: the title, the availability, the extra rooms
	maxNoteRunes  = 4_000  // a comfort or legal text
	maxTextRunes  = 20_000 // a description
	// maxURLBytes bounds an address the site links to: a longer one is
	// dropped, not cut, as a cut address leads nowhere.
	maxURLBytes = 1_024

	maxPictures  = 100
	maxDocuments = 50
	maxPOIs      = 50
	maxVideos    = 20
	maxUnits     = 500 // lots of one project
	maxNames     = 50  // a project's types, a listing's web categories
)

// freeText is a text field of a record that the platform fills freely.
type freeText struct {
	field string // as named in the record's JSON
	text  *string
}

// bounder bounds the fields of one record and collects what it cut or
// dropped, one entry per field: the values of a field of a list's items
// ("media.pictures[].alt") share one.
type bounder struct {
	kind string
	id   int
	cuts []store.Truncated
	at   map[string]int // field → its entry in cuts
	n    map[string]int // field → how many values it cut or dropped
}

func newBounder(kind string, id int) *bounder {
	return &bounder{kind: kind, id: id, at: map[string]int{}, n: map[string]int{}}
}

// entry returns the field's entry, adding it on first use.
func (b *bounder) entry(field string) *store.Truncated {
	i, ok := b.at[field]
	if !ok {
		i = len(b.cuts)
		b.at[field] = i
		b.cuts = append(b.cuts, store.Truncated{Kind: b.kind, ID: b.id, Field: field})
	}
	return &b.cuts[i]
}

// counted adds one value to the field's entry, which says how many only
// when more than one.
func (b *bounder) counted(field string) *store.Truncated {
	e := b.entry(field)
	if b.n[field]++; b.n[field] > 1 {
		e.Count = b.n[field]
	}
	return e
}

// text cuts *s over limit runes at a word boundary (listing.CutAtWord, as
// the descriptions always were).
func (b *bounder) text(field string, s *string, limit int) {
	cut, ok := listing.CutAtWord(*s, limit)
	if !ok {
		return
	}
	from := utf8.RuneCountInString(*s)
	e := b.counted(field)
	if from > e.From {
		e.From, e.To = from, utf8.RuneCountInString(cut)
	}
	*s = cut
}

// url keeps *s when the site may link to it (platform.LinkURL, the check
// documents always had) and it is not absurdly long, else empties it and
// reports the drop. It reports whether an address is left.
func (b *bounder) url(field string, s *string) bool {
	if *s == "" {
		return false
	}
	reason := ""
	switch u, ok := platform.LinkURL(*s); {
	case !ok:
		reason = "not an http(s) address or a path of the site"
	case len(u) > maxURLBytes:
		reason = fmt.Sprintf("address longer than %d bytes", maxURLBytes)
	default:
		*s = u
		return true
	}
	e := b.counted(field)
	e.Dropped = reason
	*s = ""
	return false
}

// list reports a list of n items cut to limit and returns the length to keep.
func (b *bounder) list(field string, n, limit int) int {
	if n <= limit {
		return n
	}
	e := b.entry(field)
	e.From, e.To, e.Unit = n, limit, store.UnitItems
	return limit
}

func cutList[T any](b *bounder, field string, l []T, limit int) []T {
	return l[:b.list(field, len(l), limit)]
}

// boundProperty bounds every free text and list of a property that reaches
// a page, the search index or a list answer, and drops every address the
// site may not link to; it returns what it cut and dropped.
func boundProperty(p *listing.Property) []store.Truncated {
	b := newBounder(store.KindProperty, p.ID)
	b.text("title", &p.Title, maxShortRunes)
	b.text("summary", &p.Summary, maxTextRunes)
	b.text("description", &p.Body, maxTextRunes)
	b.text("availability", &p.Avail, maxShortRunes)
	for _, t := range []freeText{
		{"type", &p.Type}, {"mainType", &p.MainType}, {"marqueeName", &p.MarqueeName},
		{"price.unitText", &p.Price.UnitText}, {"costs.registrationType", &p.Costs.RegistrationType},
		{"layout.floor", &p.Layout.Floor},
		{"energy.labelText", &p.Energy.LabelText}, {"energy.label", &p.Energy.Label}, {"energy.heating", &p.Energy.Heating}, {"energy.certNumber", &p.Energy.CertNumber},
		{"comfort.condition", &p.Comfort.Condition}, {"comfort.construction", &p.Comfort.Construction},
		{"comfort.kitchen", &p.Comfort.Kitchen},
	} {
		b.text(t.field, t.text, maxLineRunes)
	}
	b.text("layout.extraRooms", &p.Layout.ExtraRooms, maxShortRunes)
	for _, t := range []freeText{
		{"comfort.comfort", &p.Comfort.Comfort}, {"comfort.roofMaterial", &p.Comfort.RoofMaterial},
		{"comfort.roofCondition", &p.Comfort.RoofCondition}, {"comfort.windowFrame", &p.Comfort.WindowFrame},
		{"comfort.windowGlazing", &p.Comfort.WindowGlazing}, {"comfort.floorCovering", &p.Comfort.FloorCovering},
		{"comfort.orientationTerrace", &p.Comfort.OrientationTerrace}, {"comfort.orientationGarden", &p.Comfort.OrientationGarden},
		{"legal.floodZone", &p.Legal.FloodZone}, {"legal.floodRisk", &p.Legal.FloodRisk}, {"legal.gScore", &p.Legal.GScore},
		{"legal.pScore", &p.Legal.PScore}, {"legal.asbestosType", &p.Legal.AsbestosType},
		{"legal.registeredRight", &p.Legal.RegisteredRight}, {"legal.planning", &p.Legal.Planning},
		{"legal.permit", &p.Legal.Permit}, {"legal.allotmentPermit", &p.Legal.AllotmentPermit},
		{"legal.summons", &p.Legal.Summons}, {"legal.preemptiveRights", &p.Legal.PreemptiveRights},
	} {
		b.text(t.field, t.text, maxNoteRunes)
	}
	if p.Viager != nil {
		b.text("viager.ages", &p.Viager.Ages, maxLineRunes)
	}
	p.WebIDs = cutList(b, "webIds", p.WebIDs, maxNames)
	b.address(&p.Address)
	b.media(&p.Media)
	p.Agent = b.agent(p.Agent)
	p.POIs = cutList(b, "pointsOfInterest", p.POIs, maxPOIs)
	for i := range p.POIs {
		b.text("pointsOfInterest[].kind", &p.POIs[i].Kind, maxLineRunes)
		b.text("pointsOfInterest[].name", &p.POIs[i].Name, maxLineRunes)
	}
	return b.cuts
}

// boundProject is boundProperty for a project.
func boundProject(p *listing.Project) []store.Truncated {
	b := newBounder(store.KindProject, p.ID)
	b.text("name", &p.Name, maxShortRunes)
	b.text("number", &p.Number, maxLineRunes)
	b.text("summary", &p.Summary, maxTextRunes)
	b.text("description", &p.Body, maxTextRunes)
	b.text("delivery", &p.Delivery, maxShortRunes)
	b.url("priceList", &p.PriceList)
	p.Types = cutList(b, "types", p.Types, maxNames)
	for i := range p.Types {
		b.text("types[]", &p.Types[i], maxLineRunes)
	}
	p.Units = cutList(b, "units", p.Units, maxUnits)
	for i := range p.Units {
		b.text("units[].name", &p.Units[i].Name, maxLineRunes)
		b.text("units[].floor", &p.Units[i].Floor, maxLineRunes)
	}
	b.address(&p.Address)
	b.media(&p.Media)
	p.Agent = b.agent(p.Agent)
	return b.cuts
}

// boundType bounds the name of a category of the type tree, which the
// search page lists.
func boundType(t *listing.PropertyType) []store.Truncated {
	b := newBounder(store.KindType, t.ID)
	b.text("name", &t.Name, maxLineRunes)
	return b.cuts
}

func (b *bounder) address(a *listing.Address) {
	for _, t := range []freeText{
		{"address.street", &a.Street}, {"address.houseNumber", &a.HouseNumber}, {"address.box", &a.Box},
		{"address.zip", &a.Zip}, {"address.city", &a.City}, {"address.countryName", &a.CountryName},
	} {
		b.text(t.field, t.text, maxLineRunes)
	}
}

// media keeps the photos, videos and documents the site may link to, each
// list bounded. A photo keeps the renditions with a good address (the
// mapping gives at most seven), the largest of them as the photo; one
// without any is dropped. Own-origin renditions are the image pipeline's,
// set as the site reads a record: none is ever stored.
func (b *bounder) media(m *listing.Media) {
	pics := m.Pictures[:0]
	for _, pic := range m.Pictures {
		variants := pic.Variants[:0]
		for _, v := range pic.Variants {
			v.Optimized = nil
			if b.url("media.pictures[].url", &v.URL) {
				variants = append(variants, v)
			}
		}
		if len(variants) == 0 {
			continue
		}
		pic.Variants, pic.Image = variants, variants[len(variants)-1]
		pics = append(pics, pic)
	}
	m.Pictures = cutList(b, "media.pictures", pics, maxPictures)
	for i := range m.Pictures {
		b.text("media.pictures[].alt", &m.Pictures[i].Alt, maxLineRunes)
	}

	videos := m.Videos[:0]
	for _, v := range m.Videos {
		if b.url("media.videos[].url", &v.URL) {
			videos = append(videos, v)
		}
	}
	m.Videos = cutList(b, "media.videos", videos, maxVideos)
	for i := range m.Videos {
		b.text("media.videos[].id", &m.Videos[i].ID, maxLineRunes)
	}

	// A document without an address is kept (its name is shown); one with
	// an address the site may not link to is not.
	docs := m.Documents[:0]
	for _, d := range m.Documents {
		if d.URL == "" || b.url("media.documents[].url", &d.URL) {
			docs = append(docs, d)
		}
	}
	m.Documents = cutList(b, "media.documents", docs, maxDocuments)
	for i := range m.Documents {
		b.text("media.documents[].name", &m.Documents[i].Name, maxLineRunes)
		b.text("media.documents[].kind", &m.Documents[i].Kind, maxLineRunes)
	}
}

// agent bounds the contact's fields and drops a photo the site may not show.
func (b *bounder) agent(a *listing.Agent) *listing.Agent {
	if a == nil {
		return nil
	}
	b.text("agent.name", &a.Name, maxLineRunes)
	b.text("agent.phone", &a.Phone, maxLineRunes)
	b.text("agent.email", &a.Email, maxLineRunes)
	b.url("agent.photo", &a.Photo)
	return a
}
