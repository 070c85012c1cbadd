// Package wire holds the JSON shapes of the agency's listing platform (an
// Omnicasa-style web API): request parameters, the result envelope and the
// items of each method. The HTTP client, the dir source and the fake platform
// of the tests all speak these types, so the demo exercises the same mapping
// code as production.
package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Methods of the platform API used by the site.
const (
	MethodPropertyList      = "GetPropertyList"
	MethodProperty          = "GetProperty"
	MethodPropertiesByIDs   = "GetPropertiesByIDs"
	MethodPictureList       = "GetPropertyPictureList"
	MethodTypeList          = "GetTypeOfPropertyList"
	MethodCityList          = "GetCityListOfObjects"
	MethodProjectList       = "GetProjectList"
	MethodProject           = "GetProject"
	MethodDeletedProperties = "GetDeletedPropertyIDs"
	MethodAppointments      = "GetAppointmentObject"
	// The calls that hand the platform what visitors sent.
	MethodContactOnMe    = "ContactOnMe"
	MethodDemandRegister = "DemandRegister"
)

// Request is the JSON object passed URL-encoded in the `json` query parameter.
// Fields a method does not use are left out.
type Request struct {
	CustomerName     string `json:"CustomerName"`
	CustomerPassword string `json:"CustomerPassword"`
	LanguageId       int    `json:"LanguageId"`

	Limit1      int    `json:"Limit1,omitempty"` // 1-based first row, inclusive
	Limit2      int    `json:"Limit2,omitempty"` // last row, inclusive
	ChangeSince string `json:"ChangeSince,omitempty"`
	Goal        *int   `json:"Goal,omitempty"`
	ID          int    `json:"ID,omitempty"`
	IDs         string `json:"IDs,omitempty"` // comma-separated

	// Lead is the visitor's request of ContactOnMe and DemandRegister.
	Lead *Lead `json:"Lead,omitempty"`
}

// Lead is a form submission as the platform takes it. ExternalID is the
// site's lead id: a push repeated after a lost answer carries the same one,
// so the platform can tell it already has it.
type Lead struct {
	ExternalID string `json:"ExternalID"`
	Form       string `json:"Form"`
	Salutation string `json:"Salutation,omitempty"` // mr, ms, miss
	FirstName  string `json:"FirstName,omitempty"`
	LastName   string `json:"LastName,omitempty"`
	Email      string `json:"Email,omitempty"`
	Phone      string `json:"Phone,omitempty"`
	Street     string `json:"Street,omitempty"`
	Zip        string `json:"Zip,omitempty"`
	City       string `json:"City,omitempty"`
	Comment    string `json:"Comment,omitempty"`
	PropertyID int    `json:"PropertyID,omitempty"`
	ProjectID  int    `json:"ProjectID,omitempty"`
	// DemandRegister's criteria.
	Goal     string  `json:"Goal,omitempty"` // buy, rent
	MinPrice float64 `json:"MinPrice,omitempty"`
	MaxPrice float64 `json:"MaxPrice,omitempty"`
	MinRooms float64 `json:"MinRooms,omitempty"`
	TypeIDs  string  `json:"TypeIDs,omitempty"` // comma-separated
	Zips     string  `json:"Zips,omitempty"`    // comma-separated
	// Fields are every submitted field, for what has no column of its own.
	Fields map[string]string `json:"Fields,omitempty"`
}

// Pushed is the Value of ContactOnMe and DemandRegister: the platform's id
// of the contact it recorded.
type Pushed struct {
	ID int `json:"ID"`
}

// Result is the wrapper of every answer, under the key {Method}JsonResult.
type Result struct {
	Success bool            `json:"Success"`
	Code    int             `json:"Code"`
	Message string          `json:"Message"`
	Value   json.RawMessage `json:"Value"`
}

// ResultKey is the top-level key of a method's answer.
func ResultKey(method string) string { return method + "JsonResult" }

// List is the Value of list methods.
type List[T any] struct {
	Items     []T `json:"Items"`
	RowsCount int `json:"RowsCount"`
}

// PictureItem is one photo rendition set.
type PictureItem struct {
	ID       int       `json:"ID"`
	Name     string    `json:"Name,omitempty"`
	Url      string    `json:"Url"`
	Width    int       `json:"Width,omitempty"`
	Height   int       `json:"Height,omitempty"`
	Order    int       `json:"Order,omitempty"`
	Variants []Variant `json:"Variants,omitempty"`
}

// Variant is a resized rendition of a picture.
type Variant struct {
	Width  int    `json:"Width"`
	Height int    `json:"Height"`
	Url    string `json:"Url"`
}

// PropertyListItem is one row of GetPropertyList.
type PropertyListItem struct {
	ID                int          `json:"ID"`
	WebID             int          `json:"WebID"`
	WebIDs            string       `json:"WebIDs,omitempty"`
	Goal              int          `json:"Goal"`
	TypeDescription   string       `json:"TypeDescription"`
	MainTypeName      string       `json:"MainTypeName,omitempty"`
	TypeID            int          `json:"TypeID,omitempty"`
	SmallPicture      string       `json:"SmallPicture,omitempty"`
	SmallPictureItem  *PictureItem `json:"SmallPictureItem,omitempty"`
	City              string       `json:"City"`
	Zip               string       `json:"Zip"`
	Street            string       `json:"Street,omitempty"`
	HouseNumber       string       `json:"HouseNumber,omitempty"`
	BoxNr             string       `json:"BoxNr,omitempty"`
	CountryID         int          `json:"CountryID"`
	CountryName       string       `json:"CountryName,omitempty"`
	PublishAddress    bool         `json:"PublishAddress"`
	PublishPrice      bool         `json:"PublishPrice"`
	Price             Number       `json:"Price"`
	PriceUnit         int          `json:"PriceUnit,omitempty"`
	PriceUnitText     string       `json:"PriceUnitText,omitempty"`
	Marquee           int          `json:"Marquee"`
	MarqueeName       string       `json:"MarqueeName,omitempty"`
	StatusID          int          `json:"StatusID,omitempty"` // 1 available, 2 option, 3 sold, 4 rented
	EnergyPerformance Number       `json:"EnergyPerformance,omitempty"`
	EPCLabelText      string       `json:"EPCLabelText,omitempty"`
	RecordFile        string       `json:"RecordFile,omitempty"`
	ProjectID         int          `json:"ProjectID,omitempty"`
	GoogleX           Number       `json:"GoogleX,omitempty"` // latitude
	GoogleY           Number       `json:"GoogleY,omitempty"` // longitude
	NumberOfBedRooms  int          `json:"NumberOfBedRooms,omitempty"`
	SurfaceLiving     Number       `json:"SurfaceLiving,omitempty"`
	SurfaceGround     Number       `json:"SurfaceGround,omitempty"`
	Title             string       `json:"Title,omitempty"`
	DescriptionA      string       `json:"DescriptionA,omitempty"` // short description
	CreatedDate       Date         `json:"CreatedDate,omitzero"`
	LastChangedDate   Date         `json:"LastChangedDate"`
}

// StatusID values of the platform.
const (
	StatusAvailable = 1
	StatusOption    = 2
	StatusSold      = 3
	StatusRented    = 4
)

// PropertyDetail is the Value of GetProperty and an item of GetPropertiesByIDs:
// every list field plus the detail fields.
type PropertyDetail struct {
	PropertyListItem

	Description string `json:"Description,omitempty"` // long description, may hold HTML

	// price and costs
	ChargesOwner     Number `json:"ChargesOwner,omitempty"`
	ChargesRenter    Number `json:"ChargesRenter,omitempty"`
	TotalCost        Number `json:"TotalCost,omitempty"`
	Deposit          Number `json:"Deposit,omitempty"`
	NotaryFee        Number `json:"NotaryFee,omitempty"`
	NotaryFeeVAT     Number `json:"NotaryFeeVAT,omitempty"`
	RegistrationType string `json:"RegistrationType,omitempty"`
	VATValue         Number `json:"VATValue,omitempty"`
	VATRegime        bool   `json:"VATRegime,omitempty"`
	RealEstateTax    Number `json:"RealEstateTax,omitempty"`

	// surfaces
	SurfaceTotal       Number `json:"SurfaceTotal,omitempty"`
	SurfaceTerrace     Number `json:"SurfaceTerrace,omitempty"`
	SurfaceGarden      Number `json:"SurfaceGarden,omitempty"`
	SurfaceOffice      Number `json:"SurfaceOffice,omitempty"`
	SurfaceConstructed Number `json:"SurfaceConstructed,omitempty"`
	PlotWidth          Number `json:"PlotWidth,omitempty"`
	FrontWidth         Number `json:"FrontWidth,omitempty"`

	// layout
	Facades                  int    `json:"Facades,omitempty"`
	NumberOfBathRooms        int    `json:"NumberOfBathRooms,omitempty"`
	NumberOfShowerRooms      int    `json:"NumberOfShowerRooms,omitempty"`
	NumberOfToilets          int    `json:"NumberOfToilets,omitempty"`
	NumberOfGarages          int    `json:"NumberOfGarages,omitempty"`
	NumberOfParkings         int    `json:"NumberOfParkings,omitempty"`
	NumberOfExternalParkings int    `json:"NumberOfExternalParkings,omitempty"`
	NumberOfFloors           int    `json:"NumberOfFloors,omitempty"`
	ExtraRooms               string `json:"ExtraRooms,omitempty"`
	ConstructionYear         int    `json:"ConstructionYear,omitempty"`
	RenovationYear           int    `json:"RenovationYear,omitempty"`

	// energy
	EnergyTotal   Number `json:"EnergyTotal,omitempty"`
	EPCExpiryDate Date   `json:"EPCExpiryDate,omitzero"`
	EPCCertNumber string `json:"EPCCertNumber,omitempty"`
	CO2Emission   Number `json:"CO2Emission,omitempty"`
	ELevel        Number `json:"ELevel,omitempty"`
	Heating       string `json:"Heating,omitempty"`

	// comfort
	Kitchen            string `json:"Kitchen,omitempty"`
	Comfort            string `json:"Comfort,omitempty"`
	RoofMaterial       string `json:"RoofMaterial,omitempty"`
	RoofCondition      string `json:"RoofCondition,omitempty"`
	WindowFrame        string `json:"WindowFrame,omitempty"`
	WindowGlazing      string `json:"WindowGlazing,omitempty"`
	FloorCovering      string `json:"FloorCovering,omitempty"`
	OrientationTerrace string `json:"OrientationTerrace,omitempty"`
	OrientationGarden  string `json:"OrientationGarden,omitempty"`

	// urbanism and legal
	FloodZone        string `json:"FloodZone,omitempty"`
	RiparianZone     bool   `json:"RiparianZone,omitempty"`
	FloodRisk        string `json:"FloodRisk,omitempty"`
	GScore           string `json:"GScore,omitempty"`
	PScore           string `json:"PScore,omitempty"`
	AsbestosType     string `json:"AsbestosType,omitempty"`
	AsbestosDate     Date   `json:"AsbestosDate,omitzero"`
	Mobiscore        Number `json:"Mobiscore,omitempty"`
	RegisteredRight  string `json:"RegisteredRight,omitempty"`
	Planning         string `json:"PlanningInformation,omitempty"`
	Permit           string `json:"Permit,omitempty"`
	AllotmentPermit  string `json:"AllotmentPermit,omitempty"`
	Summons          string `json:"Summons,omitempty"`
	PreemptiveRights string `json:"PreemptiveRights,omitempty"`
	JudicialDecision int    `json:"JudicialDecision,omitempty"`

	// viager (life annuity)
	ViagerBouquet     Number `json:"ViagerBouquet,omitempty"`
	ViagerMonthlyRent Number `json:"ViagerMonthlyRent,omitempty"`
	ViagerAges        string `json:"ViagerAges,omitempty"`

	// availability
	Availability  string `json:"Availability,omitempty"`
	AvailableFrom Date   `json:"AvailableFrom,omitzero"`

	// flags
	HasGas         bool `json:"HasGas,omitempty"`
	HasWater       bool `json:"HasWater,omitempty"`
	HasLift        bool `json:"HasLift,omitempty"`
	HasCellar      bool `json:"HasCellar,omitempty"`
	HasGarden      bool `json:"HasGarden,omitempty"`
	HasTerrace     bool `json:"HasTerrace,omitempty"`
	HasAttic       bool `json:"HasAttic,omitempty"`
	IsFurnished    bool `json:"IsFurnished,omitempty"`
	HasGarage      bool `json:"HasGarage,omitempty"`
	HasParking     bool `json:"HasParking,omitempty"`
	HasElectricity bool `json:"HasElectricity,omitempty"`
	HasDrain       bool `json:"HasDrainConnection,omitempty"`

	// media
	VideoLinks       []string   `json:"VideoLinks,omitempty"`
	VirtualTourUrl   string     `json:"VirtualTourUrl,omitempty"`
	Documents        []Document `json:"Documents,omitempty"`
	PointsOfInterest []POI      `json:"PointsOfInterest,omitempty"`

	// contact
	ManagerName  string `json:"ManagerName,omitempty"`
	ManagerPhone string `json:"ManagerPhone,omitempty"`
	ManagerEmail string `json:"ManagerEmail,omitempty"`
	ManagerPhoto string `json:"ManagerPhoto,omitempty"`
}

// Document is a file attached to a property or project.
type Document struct {
	ID   int    `json:"ID"`
	Name string `json:"Name"`
	Url  string `json:"Url,omitempty"`
	Kind string `json:"Kind,omitempty"`
}

// POI is a point of interest near a property.
type POI struct {
	Kind     string `json:"Kind"`
	Name     string `json:"Name"`
	Distance Number `json:"Distance,omitempty"`
}

// PropertyType is one row of GetTypeOfPropertyList.
type PropertyType struct {
	ID        int    `json:"ID"`
	ParentID  int    `json:"ParentID"`
	WebID     int    `json:"WebID"`
	Name      string `json:"Name"`
	ShowOrder int    `json:"ShowOrder"`
	Sale      bool   `json:"Sale"`
	Rent      bool   `json:"Rent"`
	SaleCount int    `json:"SaleCount"`
	RentCount int    `json:"RentCount"`
}

// City is one row of GetCityListOfObjects.
type City struct {
	Name          string `json:"Name"`
	Zip           string `json:"Zip"`
	CountryID     string `json:"CountryID"` // the platform sends a string, e.g. "10"
	CountryName   string `json:"CountryName,omitempty"`
	PropertyCount int    `json:"PropertyCount"`
}

// ProjectListItem is one row of GetProjectList.
type ProjectListItem struct {
	ID              int    `json:"ID"`
	Name            string `json:"Name"`
	LastChangedDate Date   `json:"LastChangedDate"`
}

// Project is the Value of GetProject.
type Project struct {
	ID              int           `json:"ID"`
	ProjectNumber   string        `json:"ProjectNumber,omitempty"`
	Name            string        `json:"Name"`
	DescriptionA    string        `json:"DescriptionA,omitempty"`
	Description     string        `json:"Description,omitempty"`
	PublicAddress   bool          `json:"PublicAddress"`
	Street          string        `json:"Street,omitempty"`
	HouseNumber     string        `json:"HouseNumber,omitempty"`
	BoxNr           string        `json:"BoxNr,omitempty"`
	Zip             string        `json:"Zip"`
	City            string        `json:"City"`
	CountryID       int           `json:"CountryID"`
	CountryName     string        `json:"CountryName,omitempty"`
	GoogleX         Number        `json:"GoogleX,omitempty"`
	GoogleY         Number        `json:"GoogleY,omitempty"`
	PriceMin        Number        `json:"PriceMin,omitempty"`
	PriceMax        Number        `json:"PriceMax,omitempty"`
	PriceList       string        `json:"PriceList,omitempty"`
	Delivery        string        `json:"Delivery,omitempty"`
	Types           []string      `json:"Types,omitempty"`
	SoldOut         bool          `json:"SoldOut,omitempty"`
	Units           []Unit        `json:"Units,omitempty"`
	Pictures        []PictureItem `json:"Pictures,omitempty"`
	Documents       []Document    `json:"Documents,omitempty"`
	ManagerName     string        `json:"ManagerName,omitempty"`
	ManagerPhone    string        `json:"ManagerPhone,omitempty"`
	ManagerEmail    string        `json:"ManagerEmail,omitempty"`
	LastChangedDate Date          `json:"LastChangedDate"`
}

// Unit is one lot of a project.
type Unit struct {
	ID       int    `json:"ID"`
	Name     string `json:"Name"`
	Floor    string `json:"Floor,omitempty"`
	Price    Number `json:"Price,omitempty"`
	Bedrooms int    `json:"Bedrooms,omitempty"`
	Surface  Number `json:"Surface,omitempty"`
	StatusID int    `json:"StatusID"`
}

// Appointment is a visit slot of GetAppointmentObject.
type Appointment struct {
	ID         int    `json:"ID"`
	PropertyID int    `json:"PropertyID"`
	StartDate  Date   `json:"StartDate"`
	EndDate    Date   `json:"EndDate"`
	Capacity   int    `json:"Capacity"`
	Booked     int    `json:"Booked"`
	Status     string `json:"Status,omitempty"`
}

// Number accepts a JSON number, a numeric string ("250000", "50,123") or
// null, because platforms are not consistent about numeric fields.
type Number float64

// UnmarshalJSON implements json.Unmarshaler.
func (n *Number) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*n = 0
		return nil
	}
	s := string(b)
	if b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		s = strings.TrimSpace(strings.ReplaceAll(s, ",", "."))
		if s == "" {
			*n = 0
			return nil
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("wire: number %s: %w", b, err)
	}
	*n = Number(f)
	return nil
}

// Date accepts the platform's date forms: "/Date(1700000000000+0100)/" (.NET
// JSON), RFC 3339, "2006-01-02T15:04:05" without zone, "2006-01-02", empty or
// null. It marshals as RFC 3339, which it also reads back.
type Date struct{ time.Time }

// UnmarshalJSON implements json.Unmarshaler.
func (d *Date) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		d.Time = time.Time{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("wire: date %s: %w", b, err)
	}
	t, err := ParseDate(s)
	if err != nil {
		return err
	}
	d.Time = t
	return nil
}

// MarshalJSON implements json.Marshaler.
func (d Date) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte(`""`), nil
	}
	return json.Marshal(d.Format(time.RFC3339))
}

// IsZero lets `omitempty`-minded callers test for absence.
func (d Date) IsZero() bool { return d.Time.IsZero() }

// ParseDate parses one of the platform's date forms; "" is the zero time.
func ParseDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if strings.HasPrefix(s, "/Date(") && strings.HasSuffix(s, ")/") {
		inner := s[len("/Date(") : len(s)-2]
		// The offset only says how the sender would display it; the
		// milliseconds are already UTC.
		if i := strings.IndexAny(inner[1:], "+-"); i >= 0 {
			inner = inner[:i+1]
		}
		ms, err := strconv.ParseInt(inner, 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("wire: date %q: %w", s, err)
		}
		return time.UnixMilli(ms).UTC(), nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("wire: date %q: unknown format", s)
}

// FormatChangeSince is how ChangeSince is sent to the platform.
func FormatChangeSince(t time.Time) string { return t.UTC().Format(time.RFC3339) }
