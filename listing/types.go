// Package listing holds the domain of the site: properties, projects, types and
// towns as the visitor sees them, and the pure business rules that turn
// platform values into what is shown (EPC grade, region, prices, phone
// numbers, descriptions, video links, addresses).
//
// It depends on nothing else in the project so every layer can share it.
package listing

import (
	"strconv"
	"time"
)

// Lang is a two-letter site language code ("nl", "fr", "en", "de").
type Lang string

// Languages the platform knows, with the platform's LanguageId.
const (
	NL Lang = "nl"
	FR Lang = "fr"
	EN Lang = "en"
	DE Lang = "de"
)

// PlatformLanguageID is the platform's numeric id for a language.
func PlatformLanguageID(l Lang) (int, bool) {
	switch l {
	case NL:
		return 1, true
	case FR:
		return 2, true
	case EN:
		return 3, true
	case DE:
		return 4, true
	}
	return 0, false
}

// Goal says whether a property is offered for sale or for rent.
type Goal string

const (
	Sale Goal = "sale"
	Rent Goal = "rent"
)

// GoalFromPlatform maps the platform's Goal: 0 is for sale, anything else for rent.
func GoalFromPlatform(g int) Goal {
	if g == 0 {
		return Sale
	}
	return Rent
}

// Status is the availability of a property or a project unit.
type Status string

const (
	Available Status = "available"
	Option    Status = "option"
	Sold      Status = "sold"
	Rented    Status = "rented"
)

// Region is where a property lies, which decides its EPC scale.
type Region string

const (
	Flanders   Region = "flanders"
	Brussels   Region = "brussels"
	Wallonia   Region = "wallonia"
	Luxembourg Region = "luxembourg"
	OtherLand  Region = "other"
)

// Country ids used by the platform (GetCountryList).
const (
	CountryBelgium    = 10
	CountryLuxembourg = 50
)

// Property is one listing in one language, as stored and served.
type Property struct {
	ID       int    `json:"id"`
	Lang     Lang   `json:"lang"`
	WebID    int    `json:"webId"`            // category (PropertyType.WebID)
	WebIDs   []int  `json:"webIds,omitempty"` // every category the property belongs to
	Goal     Goal   `json:"goal"`
	Title    string `json:"title"`              // used for the detail URL slug
	Type     string `json:"type"`               // TypeDescription, e.g. "Villa"
	MainType string `json:"mainType,omitempty"` // MainTypeName, e.g. "Huis"
	TypeID   int    `json:"typeId,omitempty"`
	// ProjectID links a unit of a new-build project to its project.
	ProjectID int `json:"projectId,omitempty"`

	Status Status `json:"status"`
	// Marquee and MarqueeName are the agency's own banner on the platform
	// (its Marquee, else its SubStatus); Badge is what the card shows of
	// it and of Status (BadgeRules.Shown).
	Marquee     int     `json:"marquee"`
	MarqueeName string  `json:"marqueeName,omitempty"`
	Badge       Badge   `json:"badge,omitempty"`
	Address     Address `json:"address"`
	Geo         *Geo    `json:"geo,omitempty"` // exact point; see DisplayGeo for what visitors get

	Price    Price      `json:"price"`
	Costs    Costs      `json:"costs"`
	Surfaces Surfaces   `json:"surfaces"`
	Layout   Layout     `json:"layout"`
	Energy   Energy     `json:"energy"`
	Comfort  Comfort    `json:"comfort"`
	Legal    Legal      `json:"legal"`
	Flags    Flags      `json:"flags"`
	Viager   *Viager    `json:"viager,omitempty"`
	Media    Media      `json:"media"`
	Agent    *Agent     `json:"agent,omitempty"`
	POIs     []POI      `json:"pointsOfInterest,omitempty"`
	Summary  string     `json:"summary,omitempty"` // short description (platform's DescriptionA)
	Body     string     `json:"description,omitempty"`
	Avail    string     `json:"availability,omitempty"` // free text: "immediately", "at deed", ...
	AvailAt  *time.Time `json:"availableFrom,omitempty"`
	Created  time.Time  `json:"createdAt"`
	Changed  time.Time  `json:"changedAt"`

	// PreviousPrice is the last published amount above Price, kept by the
	// store across syncs (NextPreviousPrice): the platform has no history.
	PreviousPrice float64 `json:"previousPrice,omitempty"`

	// Withdrawn is set when the platform no longer lists the property. The
	// record stays so the detail page can answer 410 and owners keep their
	// history; it leaves the search index.
	Withdrawn   bool       `json:"withdrawn,omitempty"`
	WithdrawnAt *time.Time `json:"withdrawnAt,omitempty"`
}

// Address is the postal address as the platform gives it.
type Address struct {
	Street      string `json:"street,omitempty"`
	HouseNumber string `json:"houseNumber,omitempty"`
	Box         string `json:"box,omitempty"`
	Zip         string `json:"zip"`
	City        string `json:"city"`
	CountryID   int    `json:"countryId"`
	CountryName string `json:"countryName,omitempty"`
	// Published is false when the owner does not want street and number shown.
	Published bool `json:"published"`
}

// Geo is a WGS84 point.
type Geo struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Price holds the asking price or rent.
type Price struct {
	Amount    float64 `json:"amount"`         // price for sale, monthly rent for rent
	Published bool    `json:"published"`      // false: 'price on request'
	Unit      int     `json:"unit,omitempty"` // PriceUnit; 7 means 'starting from'
	UnitText  string  `json:"unitText,omitempty"`
}

// StartingFrom reports whether the price is a lower bound ('starting from').
func (p Price) StartingFrom() bool { return p.Unit == PriceUnitStartingFrom }

// PriceUnitStartingFrom is the platform's PriceUnit for 'starting from'.
const PriceUnitStartingFrom = 7

// Costs are the money figures beside the price.
type Costs struct {
	ChargesOwner     float64 `json:"chargesOwner,omitempty"`
	ChargesRenter    float64 `json:"chargesRenter,omitempty"`
	TotalCost        float64 `json:"totalCost,omitempty"`
	Deposit          float64 `json:"deposit,omitempty"`
	NotaryFee        float64 `json:"notaryFee,omitempty"`
	NotaryFeeVAT     float64 `json:"notaryFeeVat,omitempty"`
	RegistrationType string  `json:"registrationType,omitempty"`
	VATValue         float64 `json:"vatValue,omitempty"`
	VATRegime        bool    `json:"vatRegime,omitempty"`
	RealEstateTax    float64 `json:"realEstateTax,omitempty"` // cadastral income
}

// Surfaces are in m², widths in m.
type Surfaces struct {
	Total       float64 `json:"total,omitempty"`
	Living      float64 `json:"living,omitempty"`
	Ground      float64 `json:"ground,omitempty"`
	Terrace     float64 `json:"terrace,omitempty"`
	Garden      float64 `json:"garden,omitempty"`
	Office      float64 `json:"office,omitempty"`
	Constructed float64 `json:"constructed,omitempty"`
	PlotWidth   float64 `json:"plotWidth,omitempty"`
	FrontWidth  float64 `json:"frontWidth,omitempty"`
}

// Layout counts rooms and describes the building.
type Layout struct {
	Facades          int    `json:"facades,omitempty"` // 4 open, 3 half-open, 2 closed
	Bedrooms         int    `json:"bedrooms,omitempty"`
	Bathrooms        int    `json:"bathrooms,omitempty"`
	ShowerRooms      int    `json:"showerRooms,omitempty"`
	Toilets          int    `json:"toilets,omitempty"`
	Garages          int    `json:"garages,omitempty"`
	Parkings         int    `json:"parkings,omitempty"`
	ExternalParkings int    `json:"externalParkings,omitempty"`
	Floors           int    `json:"floors,omitempty"`
	Floor            string `json:"floor,omitempty"` // the floor a flat is on
	ExtraRooms       string `json:"extraRooms,omitempty"`
	ConstructionYear int    `json:"constructionYear,omitempty"`
	RenovationYear   int    `json:"renovationYear,omitempty"`
}

// Energy is the energy performance certificate (EPC) and related figures.
type Energy struct {
	Value      float64    `json:"value,omitempty"` // kWh/m²·year
	Total      float64    `json:"total,omitempty"` // kWh/year
	LabelText  string     `json:"labelText,omitempty"`
	Label      string     `json:"label,omitempty"` // derived grade, e.g. "b", "a_plus"; empty when none
	Region     Region     `json:"region,omitempty"`
	Expiry     *time.Time `json:"expiry,omitempty"`
	CO2        float64    `json:"co2,omitempty"`
	ELevel     float64    `json:"eLevel,omitempty"`
	Heating    string     `json:"heating,omitempty"`
	CertNumber string     `json:"certNumber,omitempty"`
}

// Comfort describes the finish and equipment of the building.
type Comfort struct {
	Condition          string `json:"condition,omitempty"`    // "Renovated", "To renovate", ...
	Construction       string `json:"construction,omitempty"` // "Detached", "Terraced", ...
	Kitchen            string `json:"kitchen,omitempty"`
	Comfort            string `json:"comfort,omitempty"`
	RoofMaterial       string `json:"roofMaterial,omitempty"`
	RoofCondition      string `json:"roofCondition,omitempty"`
	WindowFrame        string `json:"windowFrame,omitempty"`
	WindowGlazing      string `json:"windowGlazing,omitempty"`
	FloorCovering      string `json:"floorCovering,omitempty"`
	OrientationTerrace string `json:"orientationTerrace,omitempty"`
	OrientationGarden  string `json:"orientationGarden,omitempty"`
}

// Legal holds the urbanism and legal information Belgian law asks to publish.
type Legal struct {
	FloodZone        string     `json:"floodZone,omitempty"`
	RiparianZone     bool       `json:"riparianZone,omitempty"`
	FloodRisk        string     `json:"floodRisk,omitempty"`
	GScore           string     `json:"gScore,omitempty"`
	PScore           string     `json:"pScore,omitempty"`
	AsbestosType     string     `json:"asbestosType,omitempty"`
	AsbestosDate     *time.Time `json:"asbestosDate,omitempty"`
	Mobiscore        float64    `json:"mobiscore,omitempty"`
	RegisteredRight  string     `json:"registeredRight,omitempty"`
	Planning         string     `json:"planning,omitempty"`
	Permit           string     `json:"permit,omitempty"`
	AllotmentPermit  string     `json:"allotmentPermit,omitempty"`
	Summons          string     `json:"summons,omitempty"`
	PreemptiveRights string     `json:"preemptiveRights,omitempty"`
	JudicialDecision int        `json:"judicialDecision,omitempty"` // 0 none, 1 yes, 2 pending
}

// Flags are the yes/no equipment of a property.
type Flags struct {
	Gas         bool `json:"gas,omitempty"`
	Water       bool `json:"water,omitempty"`
	Lift        bool `json:"lift,omitempty"`
	Cellar      bool `json:"cellar,omitempty"`
	Garden      bool `json:"garden,omitempty"`
	Terrace     bool `json:"terrace,omitempty"`
	Attic       bool `json:"attic,omitempty"`
	Furnished   bool `json:"furnished,omitempty"`
	Garage      bool `json:"garage,omitempty"`
	Parking     bool `json:"parking,omitempty"`
	Electricity bool `json:"electricity,omitempty"`
	Drain       bool `json:"drain,omitempty"`
}

// Features lists the set flags by stable name, for facets ("garden", "terrace", ...).
func (f Flags) Features() []string {
	var out []string
	for _, x := range []struct {
		on   bool
		name string
	}{
		{f.Gas, "gas"}, {f.Water, "water"}, {f.Lift, "lift"}, {f.Cellar, "cellar"},
		{f.Garden, "garden"}, {f.Terrace, "terrace"}, {f.Attic, "attic"}, {f.Furnished, "furnished"},
		{f.Garage, "garage"}, {f.Parking, "parking"}, {f.Electricity, "electricity"}, {f.Drain, "drain"},
	} {
		if x.on {
			out = append(out, x.name)
		}
	}
	return out
}

// Viager is a life-annuity sale (bouquet plus monthly rent).
type Viager struct {
	Bouquet     float64 `json:"bouquet,omitempty"`
	MonthlyRent float64 `json:"monthlyRent,omitempty"`
	Ages        string  `json:"ages,omitempty"`
}

// Media are the photos, videos, tours and documents of a property or project.
type Media struct {
	Pictures  []Picture  `json:"pictures,omitempty"`
	Videos    []Video    `json:"videos,omitempty"`
	Documents []Document `json:"documents,omitempty"`
}

// Thumbnail is the card picture: the first picture's variant closest to
// 280 px wide (when the platform gives no widths, its smallest size), with
// the picture's own-origin renditions when it has them.
func (m Media) Thumbnail() *Image {
	if len(m.Pictures) == 0 {
		return nil
	}
	p := m.Pictures[0]
	best := p.Image
	if best.Width == 0 && len(p.Variants) > 0 {
		best = p.Variants[0]
	}
	for _, v := range p.Variants {
		if v.Width > 0 && (best.Width == 0 || abs(v.Width-ThumbnailWidth) < abs(best.Width-ThumbnailWidth)) {
			best = v
		}
	}
	best.Optimized = p.Optimized
	return &best
}

// ThumbnailWidth is the card picture's target width.
const ThumbnailWidth = 280

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Image is one rendition of a picture.
type Image struct {
	URL    string `json:"url"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
	// Optimized is the picture as the site's image pipeline serves it, set
	// when the site reads a record (package images), never stored: nil
	// until the pipeline has processed the picture, which is then shown
	// from URL.
	Optimized *Optimized `json:"optimized,omitempty"`
}

// Optimized are the renditions of a picture on the site's own origin: every
// width in every format, at Base + width + "." + format ("/img/ab/ab…/400.avif").
type Optimized struct {
	Base string `json:"base"`
	// Width and Height are the largest rendition's, in pixels.
	Width  int `json:"width"`
	Height int `json:"height"`
	// Widths are ascending, the largest the original's (or the cap's).
	Widths []int `json:"widths"`
	// Formats are file extensions, best first ("avif", "webp", "jpg"); jpg
	// is always there, the fallback every browser shows.
	Formats []string `json:"formats"`
}

// Rendition is the address of one width in one format.
func (o Optimized) Rendition(width int, format string) string {
	return o.Base + strconv.Itoa(width) + "." + format
}

// Picture is a photo with its renditions for responsive images: Image is
// the largest the platform gives, Variants every size it gives, smallest
// first.
type Picture struct {
	Image
	ID       int     `json:"id,omitempty"`
	Alt      string  `json:"alt,omitempty"`
	Variants []Image `json:"variants,omitempty"`
}

// Video is a recognised video, tour or partner link (see ParseVideo).
type Video struct {
	Kind VideoKind `json:"kind"`
	URL  string    `json:"url"`
	ID   string    `json:"id,omitempty"` // YouTube or Vimeo id
}

// Document is a downloadable file of a property or project.
type Document struct {
	ID   int    `json:"id,omitempty"`
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
	Kind string `json:"kind,omitempty"`
}

// Agent is the manager shown as contact for a property.
type Agent struct {
	Name  string `json:"name"`
	Phone string `json:"phone,omitempty"`
	Email string `json:"email,omitempty"`
	Photo string `json:"photo,omitempty"`
}

// POI is a point of interest near a property.
type POI struct {
	Kind     string  `json:"kind"`
	Name     string  `json:"name"`
	Distance float64 `json:"distance,omitempty"` // metres
}

// Project is a new-build project with its units.
type Project struct {
	ID        int       `json:"id"`
	Lang      Lang      `json:"lang"`
	Number    string    `json:"number,omitempty"` // project number
	Name      string    `json:"name"`
	Summary   string    `json:"summary,omitempty"`
	Body      string    `json:"description,omitempty"`
	Address   Address   `json:"address"`
	Geo       *Geo      `json:"geo,omitempty"`
	PriceMin  float64   `json:"priceMin,omitempty"`
	PriceMax  float64   `json:"priceMax,omitempty"`
	PriceList string    `json:"priceList,omitempty"`
	Delivery  string    `json:"delivery,omitempty"`
	Types     []string  `json:"types,omitempty"`
	SoldOut   bool      `json:"soldOut,omitempty"`
	Units     []Unit    `json:"units,omitempty"`
	Media     Media     `json:"media"`
	Agent     *Agent    `json:"agent,omitempty"`
	Changed   time.Time `json:"changedAt"`
	Withdrawn bool      `json:"withdrawn,omitempty"`
}

// Unit is one lot of a project.
type Unit struct {
	ID       int     `json:"id"` // property id of the unit when it is listed
	Name     string  `json:"name"`
	Floor    string  `json:"floor,omitempty"`
	Price    float64 `json:"price,omitempty"`
	Bedrooms int     `json:"bedrooms,omitempty"`
	Surface  float64 `json:"surface,omitempty"`
	Status   Status  `json:"status"`
}

// PropertyType is a category of the type tree in one language.
type PropertyType struct {
	ID        int    `json:"id"`
	ParentID  int    `json:"parentId,omitempty"`
	WebID     int    `json:"webId"`
	Name      string `json:"name"`
	ShowOrder int    `json:"showOrder"`
	Sale      bool   `json:"sale"`
	Rent      bool   `json:"rent"`
	Lang      Lang   `json:"lang"`
}

// City is a town that has listings, in one language.
type City struct {
	Name          string `json:"name"`
	Zip           string `json:"zip"`
	CountryID     int    `json:"countryId"`
	CountryName   string `json:"countryName,omitempty"`
	PropertyCount int    `json:"propertyCount"`
	Lang          Lang   `json:"lang"`
}

// VisitSlot is a bookable visit for a property.
type VisitSlot struct {
	ID         int       `json:"id"`
	PropertyID int       `json:"propertyId"`
	Start      time.Time `json:"start"`
	End        time.Time `json:"end"`
	Capacity   int       `json:"capacity"`
	Booked     int       `json:"booked"`
	Status     string    `json:"status,omitempty"` // "confirmed", ...
}

// Full reports whether nobody else can book this slot ('The appointments are full').
func (s VisitSlot) Full() bool { return s.Capacity > 0 && s.Booked >= s.Capacity }

// VideoKind says how a media link is shown.
type VideoKind string

const (
	VideoFile     VideoKind = "file"     // a direct video file (mp4, webm, ...)
	VideoYouTube  VideoKind = "youtube"  // ID holds the 11-character video id
	VideoVimeo    VideoKind = "vimeo"    // ID holds the numeric video id
	VideoFacebook VideoKind = "facebook" // facebook.com video or fb.watch link
	VirtualTour   VideoKind = "tour"     // a 3D tour host from config
	PartnerMedia  VideoKind = "partner"  // own-partner content (tvl.be or a host from config)
)
