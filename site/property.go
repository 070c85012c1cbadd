package site

import (
	"cmp"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/estate-agency/estate/compliance"
	"github.com/estate-agency/estate/listing"
)

// ProjectLink names a project and its detail page.
type ProjectLink struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// VisitSlot is a visit a visitor can book (contact-appointment): Free is
// how many places are left when the page was built; the booking itself
// checks again.
type VisitSlot struct {
	ID    string    `json:"id"`
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
	Free  int       `json:"free"`
}

// PropertyView (PropertyDetail in ui/src/lib/api/types.ts) is what a visitor may see of a property, grouped for the
// detail page, with the display values the UI must not recompute (price
// text, EPC image, formatted address, phone and dates, video embeds). What
// the owner keeps private never gets here: the street of an unpublished
// address, its exact point, the amount of a price on request.
type PropertyView struct {
	ID          int            `json:"id"`
	Goal        listing.Goal   `json:"goal"`
	Type        string         `json:"type"`
	MainType    string         `json:"mainType"`
	Title       string         `json:"title"`
	City        string         `json:"city"`
	Zip         string         `json:"zip"`
	PriceText   string         `json:"priceText"`
	Description string         `json:"description"` // plain text cut for cards and meta
	Paragraphs  []string       `json:"paragraphs"`  // the full description as plain-text paragraphs
	Status      listing.Status `json:"status"`
	Withdrawn   bool           `json:"withdrawn"`
	Marquee     int            `json:"marquee"`
	MarqueeName string         `json:"marqueeName"`
	Badge       listing.Badge  `json:"badge,omitempty"`
	ProjectID   int            `json:"projectId"`
	// Project is the new-build project this listing is a unit of, when the
	// site shows it (the pages fill it in: it needs the route table).
	Project *ProjectLink `json:"project"`
	Photo   *Image       `json:"photo"` // the first photo, its original rendition
	// VisitSlots are the visits still to come, full ones included (the
	// pages fill them in from the store).
	VisitSlots []VisitSlot `json:"visitSlots"`

	Address DetailAddress `json:"address"`
	Geo     *DetailGeo    `json:"geo"`
	Price   DetailPrice   `json:"price"`

	// PreviousPrice is the amount a 'price reduced' listing dropped from
	// (listing.PreviousPriceShown), with its text; nil and "" otherwise.
	PreviousPrice     *float64 `json:"previousPrice"`
	PreviousPriceText string   `json:"previousPriceText"`

	Costs    listing.Costs    `json:"costs"`
	Surfaces listing.Surfaces `json:"surfaces"`
	Layout   listing.Layout   `json:"layout"`
	Energy   DetailEnergy     `json:"energy"`
	Comfort  listing.Comfort  `json:"comfort"`
	Legal    DetailLegal      `json:"legal"`
	Features []string         `json:"features"` // set flags by key: "garden", "lift", ...
	Viager   *listing.Viager  `json:"viager"`
	// Mentions are the legal mentions of the property's region
	// (compliance.BlockOf); nil outside Belgium and Luxembourg. The pages
	// rebuild it with the agency's new-build price option.
	Mentions *compliance.Block `json:"mentions"`

	Availability  string `json:"availability"`  // the platform's free text
	AvailableFrom string `json:"availableFrom"` // d/m/yyyy or ""
	CreatedAt     string `json:"createdAt"`     // d/m/yyyy
	ChangedAt     string `json:"changedAt"`     // d/m/yyyy

	// Head-only: the dates as times, for JSON-LD.
	Posted   time.Time `json:"-"`
	Modified time.Time `json:"-"`

	Photos    []DetailPhoto      `json:"photos"`
	Videos    []DetailVideo      `json:"videos"`
	Documents []listing.Document `json:"documents"`
	Agent     *DetailAgent       `json:"agent"`
	POIs      []listing.POI      `json:"pointsOfInterest"`
}

// StatusWithdrawn is the status a withdrawn listing's view states instead of
// its last availability: it is no longer offered at all.
const StatusWithdrawn listing.Status = "withdrawn"

// DetailAddress is the address as published: Street, HouseNumber and Box
// are empty when the owner keeps them private.
type DetailAddress struct {
	Street      string `json:"street"`
	HouseNumber string `json:"houseNumber"`
	Box         string `json:"box"`
	Zip         string `json:"zip"`
	City        string `json:"city"`
	CountryID   int    `json:"countryId"`
	CountryName string `json:"countryName"`
	Published   bool   `json:"published"`
	Formatted   string `json:"formatted"` // listing.FormatAddress
}

// DetailGeo is listing.DisplayGeo: the exact point for a published
// address, a rounded one (Approximate) otherwise.
type DetailGeo struct {
	Lat         float64 `json:"lat"`
	Lng         float64 `json:"lng"`
	Approximate bool    `json:"approximate"`
}

// DetailPrice holds the amount only when it is published.
type DetailPrice struct {
	Amount       *float64 `json:"amount"`
	Published    bool     `json:"published"`
	StartingFrom bool     `json:"startingFrom"`
	Text         string   `json:"text"` // listing.PriceText
}

// DetailEnergy is the EPC with its derived grade, region and image.
type DetailEnergy struct {
	Value      float64        `json:"value"`
	Total      float64        `json:"total"`
	LabelText  string         `json:"labelText"`
	Label      string         `json:"label"`     // "b", "a_plus", ...; "" when none
	Region     listing.Region `json:"region"`    // which scale the label belongs to
	ImagePath  string         `json:"imagePath"` // "/images/epc/{region}/{label}.png" or ""
	Expiry     string         `json:"expiry"`    // d/m/yyyy or ""
	CO2        float64        `json:"co2"`
	ELevel     float64        `json:"eLevel"`
	Heating    string         `json:"heating"`
	CertNumber string         `json:"certNumber"`
	// RenovationNotice is listing.RenovationObligation: a Flemish home for
	// sale with an E or F label, which its buyer must renovate to D or
	// better within years (5, 6 in the German text: the UI's translations
	// say it).
	RenovationNotice bool `json:"renovationNotice"`
}

// DetailLegal is listing.Legal with the asbestos certificate's date
// formatted. The outer AsbestosDate shadows the embedded one in JSON.
type DetailLegal struct {
	listing.Legal
	AsbestosDate string `json:"asbestosDate"` // d/m/yyyy or ""
}

// DetailPhoto is a photo with its renditions, smallest first, for srcset.
type DetailPhoto struct {
	URL      string          `json:"url"`
	Width    int             `json:"width"`
	Height   int             `json:"height"`
	Alt      string          `json:"alt"`
	Variants []listing.Image `json:"variants"`
	// Optimized are the renditions on the site's origin, when processed.
	Optimized *listing.Optimized `json:"optimized,omitempty"`
}

// DetailVideo is a recognised video link with the address to embed:
// an iframe source for youtube, vimeo, facebook, tour and partner, the
// file itself for a <video> element.
type DetailVideo struct {
	Kind     listing.VideoKind `json:"kind"`
	URL      string            `json:"url"`
	EmbedURL string            `json:"embedUrl"`
}

// DetailAgent is the property's contact with the phone formatted.
type DetailAgent struct {
	Name      string `json:"name"`
	Phone     string `json:"phone"`     // "0475 12 34 56"
	PhoneHref string `json:"phoneHref"` // "tel:+32475123456"
	Email     string `json:"email"`
	Photo     string `json:"photo"`
}

// NewPropertyView builds the visitor-safe detail of a property in lang.
func NewPropertyView(prop listing.Property, lang listing.Lang) PropertyView {
	a := prop.Address
	d := PropertyView{
		ID: prop.ID, Goal: prop.Goal, Type: prop.Type, MainType: prop.MainType, Title: prop.Title,
		City: a.City, Zip: a.Zip, PriceText: listing.PriceText(prop.Price, prop.Goal, lang),
		Description: listing.CleanDescription(cmpOr(prop.Summary, prop.Body), listing.CardDescriptionLimit),
		Paragraphs:  paragraphs(cmpOr(prop.Body, prop.Summary)),
		Status:      prop.Status, Withdrawn: prop.Withdrawn, Marquee: prop.Marquee, MarqueeName: prop.MarqueeName, Badge: prop.Badge,
		ProjectID: prop.ProjectID,
		Address: DetailAddress{
			Zip: a.Zip, City: a.City, CountryID: a.CountryID, CountryName: a.CountryName,
			Published: a.Published, Formatted: listing.FormatAddress(a),
		},
		Price: DetailPrice{
			Published: prop.Price.Published, StartingFrom: prop.Price.StartingFrom(),
			Text: listing.PriceText(prop.Price, prop.Goal, lang),
		},
		Costs: prop.Costs, Surfaces: prop.Surfaces, Layout: prop.Layout, Comfort: prop.Comfort,
		Energy:        energy(prop),
		Legal:         DetailLegal{Legal: prop.Legal, AsbestosDate: formatDate(prop.Legal.AsbestosDate)},
		Features:      nonNil(prop.Flags.Features()),
		Viager:        prop.Viager,
		Mentions:      compliance.BlockOf(&prop, compliance.Options{}),
		Availability:  prop.Avail,
		AvailableFrom: formatDate(prop.AvailAt),
		CreatedAt:     formatDate(&prop.Created),
		ChangedAt:     formatDate(&prop.Changed),
		Posted:        prop.Created,
		Modified:      prop.Changed,
		Photos:        photos(prop.Media),
		Videos:        videos(prop.Media),
		Documents:     nonNil(prop.Media.Documents),
		POIs:          nonNil(prop.POIs),
	}
	if a.Published {
		d.Address.Street, d.Address.HouseNumber, d.Address.Box = a.Street, a.HouseNumber, a.Box
	}
	if g := listing.DisplayGeo(prop.Geo, a.Published); g != nil {
		d.Geo = &DetailGeo{Lat: g.Lat, Lng: g.Lng, Approximate: !a.Published}
	}
	if prop.Price.Published && prop.Price.Amount > 0 {
		amount := prop.Price.Amount
		d.Price.Amount = &amount
	}
	if !prop.Price.Published {
		d.Costs = withoutPriceDerived(d.Costs)
	}
	if prev := listing.PreviousPriceShown(prop); prev > 0 {
		was := prop.Price
		was.Amount = prev
		d.PreviousPrice, d.PreviousPriceText = &prev, listing.PriceText(was, prop.Goal, lang)
	}
	if len(prop.Media.Pictures) > 0 {
		p := prop.Media.Pictures[0]
		d.Photo = &Image{Src: p.URL, Width: p.Width, Height: p.Height, Alt: p.Alt}
	}
	d.Agent = agent(prop.Agent)
	if prop.Withdrawn {
		d.withdraw()
	}
	return d
}

// withdraw leaves out what only an offer has. A listing the platform no
// longer lists has no price, costs, availability, banner or documents to
// request any more: stating its last ones ("available", "new", the price)
// above "no longer offered" would be false. What it was (title, place,
// figures, photo) stays, so the visitor recognises it, with the agent to ask.
func (d *PropertyView) withdraw() {
	d.Status = StatusWithdrawn
	d.PriceText, d.Price = "", DetailPrice{}
	d.PreviousPrice, d.PreviousPriceText = nil, ""
	d.Marquee, d.MarqueeName, d.Badge = 0, "", listing.BadgeNone
	d.Costs, d.Viager = listing.Costs{}, nil
	if d.Mentions != nil {
		d.Mentions.PriceNote = "" // no price is shown
	}
	d.Availability, d.AvailableFrom = "", ""
	d.Energy.RenovationNotice = false
	d.Documents, d.Videos, d.VisitSlots = []listing.Document{}, []DetailVideo{}, nil
}

// withoutPriceDerived drops the costs a price on request could be worked
// back from: the notary fee follows a legal scale of the price, a VAT amount
// is a share of it, a rental's deposit and total cost are multiples of the
// rent. Charges and the cadastral income do not follow the price.
func withoutPriceDerived(c listing.Costs) listing.Costs {
	c.NotaryFee, c.NotaryFeeVAT, c.VATValue = 0, 0, 0
	c.TotalCost, c.Deposit = 0, 0
	return c
}

func photos(m listing.Media) []DetailPhoto {
	out := []DetailPhoto{}
	for _, p := range m.Pictures {
		out = append(out, DetailPhoto{URL: p.URL, Width: p.Width, Height: p.Height, Alt: p.Alt, Variants: nonNil(p.Variants), Optimized: p.Optimized})
	}
	return out
}

func videos(m listing.Media) []DetailVideo {
	out := []DetailVideo{}
	for _, v := range m.Videos {
		if embed := embedURL(v); embed != "" {
			out = append(out, DetailVideo{Kind: v.Kind, URL: v.URL, EmbedURL: embed})
		}
	}
	return out
}

func agent(ag *listing.Agent) *DetailAgent {
	if ag == nil {
		return nil
	}
	return &DetailAgent{
		Name: ag.Name, Phone: listing.FormatPhone(nationalPhone(ag.Phone)), PhoneHref: internationalHref(ag.Phone),
		Email: ag.Email, Photo: ag.Photo,
	}
}

func energy(prop listing.Property) DetailEnergy {
	e := prop.Energy
	region := e.Region
	if region == "" {
		region = listing.RegionOf(prop.Address.CountryID, prop.Address.Zip)
	}
	label := e.Label
	if label == "" {
		label = listing.EPCLabel(region, e.Value, e.LabelText)
	}
	out := DetailEnergy{
		Value: e.Value, Total: e.Total, LabelText: e.LabelText, Label: label, Region: region,
		ImagePath: listing.EPCImagePath(region, label), Expiry: formatDate(e.Expiry),
		CO2: e.CO2, ELevel: e.ELevel, Heating: e.Heating, CertNumber: e.CertNumber,
	}
	out.RenovationNotice = listing.RenovationObligation(region, label, prop.Goal)
	return out
}

// internationalHref dials a Belgian national number ("0475…") from
// abroad too: the agency's numbers are Belgian.
func internationalHref(phone string) string {
	d := phoneDigits(phone)
	if strings.HasPrefix(d, "0") && !strings.HasPrefix(d, "00") {
		d = "+32" + d[1:]
	}
	return phoneHref(d)
}

func formatDate(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return listing.FormatDate(*t)
}

// embedURL is where a recognised video plays in the page; "" for a link
// the site cannot embed.
func embedURL(v listing.Video) string {
	switch v.Kind {
	case listing.VideoYouTube:
		if v.ID != "" {
			// The no-cookie host sets no tracking cookie until the visitor plays.
			return "https://www.youtube-nocookie.com/embed/" + url.PathEscape(v.ID)
		}
	case listing.VideoVimeo:
		if v.ID != "" {
			return "https://player.vimeo.com/video/" + url.PathEscape(v.ID) + "?dnt=1"
		}
	case listing.VideoFacebook:
		return "https://www.facebook.com/plugins/video.php?href=" + url.QueryEscape(v.URL)
	case listing.VideoFile, listing.VirtualTour, listing.PartnerMedia:
		return v.URL
	}
	return ""
}

// blockEnd ends a paragraph of the platform's description HTML.
var blockEnd = regexp.MustCompile(`(?i)</(p|div|li|h[1-6]|blockquote|tr)\s*>|<br\s*/?>|\n\s*\n`)

// paragraphs splits description HTML at block ends and line breaks into
// plain-text paragraphs, dropping empty ones.
func paragraphs(s string) []string {
	out := []string{}
	for _, part := range blockEnd.Split(s, -1) {
		if text := listing.CleanDescription(part, 0); text != "" {
			out = append(out, text)
		}
	}
	return out
}

// SimilarCard is a listing offered beside a property (the detail page and
// the 410 page of a withdrawn one).
type SimilarCard struct {
	ID        int            `json:"id"`
	URL       string         `json:"url"`
	Type      string         `json:"type"`
	City      string         `json:"city"`
	PriceText string         `json:"priceText"`
	Thumbnail *listing.Image `json:"thumbnail"`
	Status    listing.Status `json:"status"`
}

// SimilarLimit is how many similar properties a detail page shows.
const SimilarLimit = 4

// Similar picks up to SimilarLimit listings like prop among candidates (the
// active listings of prop's language): same goal, same type first, then the
// nearest price; prop itself, withdrawn ones and other languages are left
// out. A price on request counts as the farthest price, so published prices
// come first; ties keep the lower id, so the choice is stable.
func Similar(prop listing.Property, candidates []listing.Property, lang listing.Lang) []SimilarCard {
	type scored struct {
		p        listing.Property
		sameType bool
		dist     float64
	}
	var pool []scored
	for _, c := range candidates {
		if c.ID == prop.ID || c.Withdrawn || c.Goal != prop.Goal || c.Lang != prop.Lang {
			continue
		}
		dist := math.Inf(1)
		if c.Price.Published && prop.Price.Published {
			dist = math.Abs(c.Price.Amount - prop.Price.Amount)
		} else if !c.Price.Published && !prop.Price.Published {
			dist = 0
		}
		pool = append(pool, scored{p: c, sameType: sameType(c, prop), dist: dist})
	}
	slices.SortFunc(pool, func(a, b scored) int {
		switch {
		case a.sameType != b.sameType:
			if a.sameType {
				return -1
			}
			return 1
		case a.dist != b.dist:
			if a.dist < b.dist {
				return -1
			}
			return 1
		}
		// Then the index's newest order (undated last), so that its windows
		// hold the winners of a tie.
		if c := cmp.Compare(createdKey(b.p), createdKey(a.p)); c != 0 {
			return c
		}
		return a.p.ID - b.p.ID
	})
	out := []SimilarCard{}
	for _, s := range pool[:min(len(pool), SimilarLimit)] {
		out = append(out, Card(s.p, lang))
	}
	return out
}

// Card is a listing as a small card: photo, type, town, price and status.
func Card(p listing.Property, lang listing.Lang) SimilarCard {
	return SimilarCard{
		ID: p.ID, URL: CanonicalDetail(p, lang), Type: p.Type, City: p.Address.City,
		PriceText: listing.PriceText(p.Price, p.Goal, lang), Thumbnail: p.Media.Thumbnail(), Status: p.Status,
	}
}

// createdKey orders by creation; an undated listing sorts as the oldest.
func createdKey(p listing.Property) int64 {
	if p.Created.IsZero() || p.Created.Unix() <= 0 {
		return 0
	}
	return p.Created.Unix()
}

// sameType compares the platform's type id, or the type's name when a
// listing has none.
func sameType(a, b listing.Property) bool {
	if a.TypeID != 0 && b.TypeID != 0 {
		return a.TypeID == b.TypeID
	}
	return a.Type == b.Type
}
