package platform

// The records the platform answers, named as its public clients read them.
// Where a field comes from is said per group; the seed specification's
// names (../shared/spec/seed-spec.md §3) are Omnicasa's too. encoding/json
// matches names without regard to case, as fw4-bvba/omnicasa-api does
// ("Properties on both requests and responses are implemented case
// insensitively", its README).

// Property is a row of GetPropertyList and an item of GetPropertiesByIDs:
// production clients build whole listings from the list rows alone
// (tombroucke/otomaties-omnicasa-sync app/Services/SyncService.php
// syncProperties, modmore/Omnicasa elements/tasks/synchronise.php), so both
// carry the same fields and the syncer merges them.
type Property struct {
	// Identity and state: tombroucke SyncService.php (Ident as the title,
	// Status filtered on app/Enums/Status.php, CreatedDate,
	// LastChangedDate), fw4 src/Models/Status.php and Goal.php, modmore
	// omnicasa.mysql.schema.xml (SubStatus, SubStatusName, WebIDName).
	ID               Int    `json:"ID"`
	Ident            Text   `json:"Ident,omitempty"`
	Status           Enum   `json:"Status,omitzero"`
	SubStatus        Int    `json:"SubStatus,omitempty"`
	SubStatusName    Text   `json:"SubStatusName,omitempty"`
	Marquee          Int    `json:"Marquee,omitempty"`
	MarqueeName      Text   `json:"MarqueeName,omitempty"`
	MarqueeShowOrder Int    `json:"MarqueeShowOrder,omitempty"`
	Goal             Int    `json:"Goal"`
	WebID            Int    `json:"WebID,omitempty"`
	WebIDName        Text   `json:"WebIDName,omitempty"`
	WebIDs           IDs    `json:"WebIDs,omitempty"`
	TypeDescription  Text   `json:"TypeDescription,omitempty"`
	MainTypeName     Text   `json:"MainTypeName,omitempty"`
	RecordFile       Text   `json:"RecordFile,omitempty"`
	ProjectID        Int    `json:"ProjectID,omitempty"`
	CreatedDate      Date   `json:"CreatedDate,omitzero"`
	LastChangedDate  Date   `json:"LastChangedDate,omitzero"`
	DescriptionA     Text   `json:"DescriptionA,omitempty"` // short description (tombroucke's post_content)
	DescriptionB     Text   `json:"DescriptionB,omitempty"` // long description, may hold HTML
	Availability     Text   `json:"Availability,omitempty"`
	AvailableFrom    Date   `json:"AvailableFrom,omitzero"`
	Price            Number `json:"Price,omitempty"`
	StartPrice       Number `json:"StartPrice,omitempty"`
	PublishPrice     Bool   `json:"PublishPrice"`
	PriceUnit        Int    `json:"PriceUnit,omitempty"` // 7: 'starting from' (seed)
	PriceUnitText    Text   `json:"PriceUnitText,omitempty"`

	// Address: modmore schema (Street, HouseNumber, City, Zip, District,
	// GoogleX, GoogleY, CountryAbbr, CountryName), tombroucke
	// app/Models/Property.php address(); the seed adds BoxNr, CountryID
	// and PublishAddress. GoogleX is the latitude (seed, and every public
	// map of Omnicasa data).
	Street         Text   `json:"Street,omitempty"`
	HouseNumber    Text   `json:"HouseNumber,omitempty"`
	BoxNr          Text   `json:"BoxNr,omitempty"`
	Zip            Text   `json:"Zip,omitempty"`
	City           Text   `json:"City,omitempty"`
	District       Text   `json:"District,omitempty"`
	CountryID      Int    `json:"CountryID,omitempty"`
	CountryAbbr    Text   `json:"CountryAbbr,omitempty"`
	CountryName    Text   `json:"CountryName,omitempty"`
	PublishAddress Bool   `json:"PublishAddress"`
	GoogleX        Number `json:"GoogleX,omitempty"`
	GoogleY        Number `json:"GoogleY,omitempty"`

	// Surfaces and rooms: modmore schema.
	SurfaceTotal        Number `json:"SurfaceTotal,omitempty"`
	SurfaceLiving       Number `json:"SurfaceLiving,omitempty"`
	SurfaceGround       Number `json:"SurfaceGround,omitempty"`
	SurfaceGarden       Number `json:"SurfaceGarden,omitempty"`
	SurfaceTerrace      Number `json:"SurfaceTerrace,omitempty"`
	SurfaceConstructed  Number `json:"SurfaceConstructed,omitempty"`
	SurfaceOffice       Number `json:"SurfaceOffice,omitempty"`
	NumberOfBedRooms    Int    `json:"NumberOfBedRooms,omitempty"`
	NumberOfBathRooms   Int    `json:"NumberOfBathRooms,omitempty"`
	NumberOfShowerRooms Int    `json:"NumberOfShowerRooms,omitempty"`
	NumberOfToilets     Int    `json:"NumberOfToilets,omitempty"`
	NumberOfGarages     Int    `json:"NumberOfGarages,omitempty"`
	NumberOfParkings    Int    `json:"NumberOfParkings,omitempty"`
	Floor               Text   `json:"Floor,omitempty"`

	// Comfort: the names OMNICASA.md lists from production clients
	// (KitchenName, HeatingName, ConditionName, ConstructionName,
	// OrientationT, WindowGlazing, HasFurnished and the other Has* flags of
	// the modmore schema, VirtualTour); fw4 src/Models holds the ids behind
	// the names (Kitchen, Heating, Condition, Construction), which the site
	// does not need.
	KitchenName      Text `json:"KitchenName,omitempty"`
	HeatingName      Text `json:"HeatingName,omitempty"`
	ConditionName    Text `json:"ConditionName,omitempty"`
	ConstructionName Text `json:"ConstructionName,omitempty"`
	OrientationT     Text `json:"OrientationT,omitempty"` // of the terrace
	WindowGlazing    Text `json:"WindowGlazing,omitempty"`
	HasGarden        Bool `json:"HasGarden,omitempty"`
	HasTerrace       Bool `json:"HasTerrace,omitempty"`
	HasLift          Bool `json:"HasLift,omitempty"`
	HasCellar        Bool `json:"HasCellar,omitempty"`
	HasAttic         Bool `json:"HasAttic,omitempty"`
	HasFurnished     Bool `json:"HasFurnished,omitempty"`
	VirtualTour      Text `json:"VirtualTour,omitempty"`

	// Energy: EnergyPerformance and EPCLabelText are the seed's list fields;
	// CO2Emission and the E-level are how Omnicasa's own mobile client
	// reads them (bulubuloa/OmnicasaNative Models/PropertyModel.swift).
	EnergyPerformance Number `json:"EnergyPerformance,omitempty"`
	EPCLabelText      Text   `json:"EPCLabelText,omitempty"`
	CO2Emission       Number `json:"CO2Emission,omitempty"`
	ELevel            Number `json:"ELevel,omitempty"`

	// The seed's detail fields (§3 "Property (detail, as labelled)"); no
	// public client reads them, so their names are the seed's labels.
	ChargesOwner             Number     `json:"ChargesOwner,omitempty"`
	ChargesRenter            Number     `json:"ChargesRenter,omitempty"`
	TotalCost                Number     `json:"TotalCost,omitempty"`
	Deposit                  Number     `json:"Deposit,omitempty"`
	NotaryFee                Number     `json:"NotaryFee,omitempty"`
	NotaryFeeVAT             Number     `json:"NotaryFeeVAT,omitempty"`
	RegistrationType         Text       `json:"RegistrationType,omitempty"`
	VATValue                 Number     `json:"VATValue,omitempty"`
	VATRegime                Bool       `json:"VATRegime,omitempty"`
	RealEstateTax            Number     `json:"RealEstateTax,omitempty"`
	PlotWidth                Number     `json:"PlotWidth,omitempty"`
	FrontWidth               Number     `json:"FrontWidth,omitempty"`
	Facades                  Int        `json:"Facades,omitempty"`
	NumberOfExternalParkings Int        `json:"NumberOfExternalParkings,omitempty"`
	NumberOfFloors           Int        `json:"NumberOfFloors,omitempty"`
	ExtraRooms               Text       `json:"ExtraRooms,omitempty"`
	ConstructionYear         Int        `json:"ConstructionYear,omitempty"`
	RenovationYear           Int        `json:"RenovationYear,omitempty"`
	EnergyTotal              Number     `json:"EnergyTotal,omitempty"`
	EPCExpiryDate            Date       `json:"EPCExpiryDate,omitzero"`
	EPCCertNumber            Text       `json:"EPCCertNumber,omitempty"`
	Comfort                  Text       `json:"Comfort,omitempty"`
	RoofMaterial             Text       `json:"RoofMaterial,omitempty"`
	RoofCondition            Text       `json:"RoofCondition,omitempty"`
	WindowFrame              Text       `json:"WindowFrame,omitempty"`
	FloorCovering            Text       `json:"FloorCovering,omitempty"`
	OrientationGarden        Text       `json:"OrientationGarden,omitempty"`
	FloodZone                Text       `json:"FloodZone,omitempty"`
	RiparianZone             Bool       `json:"RiparianZone,omitempty"`
	FloodRisk                Text       `json:"FloodRisk,omitempty"`
	GScore                   Text       `json:"GScore,omitempty"`
	PScore                   Text       `json:"PScore,omitempty"`
	AsbestosType             Text       `json:"AsbestosType,omitempty"`
	AsbestosDate             Date       `json:"AsbestosDate,omitzero"`
	Mobiscore                Number     `json:"Mobiscore,omitempty"`
	RegisteredRight          Text       `json:"RegisteredRight,omitempty"`
	PlanningInformation      Text       `json:"PlanningInformation,omitempty"`
	Permit                   Text       `json:"Permit,omitempty"`
	AllotmentPermit          Text       `json:"AllotmentPermit,omitempty"`
	Summons                  Text       `json:"Summons,omitempty"`
	PreemptiveRights         Text       `json:"PreemptiveRights,omitempty"`
	JudicialDecision         Int        `json:"JudicialDecision,omitempty"` // 0 none, 1 yes, 2 pending
	ViagerBouquet            Number     `json:"ViagerBouquet,omitempty"`
	ViagerMonthlyRent        Number     `json:"ViagerMonthlyRent,omitempty"`
	ViagerAges               Text       `json:"ViagerAges,omitempty"`
	HasGas                   Bool       `json:"HasGas,omitempty"`
	HasWater                 Bool       `json:"HasWater,omitempty"`
	HasGarage                Bool       `json:"HasGarage,omitempty"`
	HasParking               Bool       `json:"HasParking,omitempty"`
	HasElectricity           Bool       `json:"HasElectricity,omitempty"`
	HasDrainConnection       Bool       `json:"HasDrainConnection,omitempty"`
	VideoLinks               Texts      `json:"VideoLinks,omitempty"`
	Documents                []Document `json:"Documents,omitempty"`
	PointsOfInterest         []POI      `json:"PointsOfInterest,omitempty"`
	ManagerName              Text       `json:"ManagerName,omitempty"`
	ManagerPhone             Text       `json:"ManagerPhone,omitempty"`
	ManagerEmail             Text       `json:"ManagerEmail,omitempty"`
	ManagerPhoto             Text       `json:"ManagerPhoto,omitempty"`

	Pictures
}

// Pictures are the photos a property or project row embeds, each list in
// the platform's order: tombroucke SyncService.php imports LargePicture and
// XLargePictureItems and names every list it leaves out of its meta
// (buildMeta); modmore elements/snippets/single.snippet.php shows
// MediumPictureItems as thumbnails and XLargePictureItems as images. The
// seed gives SmallPictureItem's fields: ID, Name, Url, Width, Height.
type Pictures struct {
	SmallPicture       Text          `json:"SmallPicture,omitempty"`
	MediumPicture      Text          `json:"MediumPicture,omitempty"`
	LargePicture       Text          `json:"LargePicture,omitempty"`
	SmallPictures      Texts         `json:"SmallPictures,omitempty"`
	MediumPictures     Texts         `json:"MediumPictures,omitempty"`
	LargePictures      Texts         `json:"LargePictures,omitempty"`
	SmallPictureItem   *PictureItem  `json:"SmallPictureItem,omitempty"`
	MediumPictureItem  *PictureItem  `json:"MediumPictureItem,omitempty"`
	LargePictureItem   *PictureItem  `json:"LargePictureItem,omitempty"`
	XLargePictureItem  *PictureItem  `json:"XLargePictureItem,omitempty"`
	SmallPictureItems  []PictureItem `json:"SmallPictureItems,omitempty"`
	MediumPictureItems []PictureItem `json:"MediumPictureItems,omitempty"`
	LargePictureItems  []PictureItem `json:"LargePictureItems,omitempty"`
	XLargePictureItems []PictureItem `json:"XLargePictureItems,omitempty"`
}

// Embedded reports whether the record lists its photos, so that no
// GetPropertyPictureList call is needed. The single items and addresses
// are the card's or the main photo, not the list.
func (p Pictures) Embedded() bool {
	return len(p.SmallPictureItems)+len(p.MediumPictureItems)+len(p.LargePictureItems)+len(p.XLargePictureItems)+
		len(p.SmallPictures)+len(p.MediumPictures)+len(p.LargePictures) > 0
}

// Sizes returns the embedded lists, smallest first. A size the record
// gives only as a list of addresses (LargePictures) counts, its photos
// paired with the other sizes' by place.
func (p Pictures) Sizes() [][]PictureItem {
	urls := func(ts Texts) []PictureItem {
		items := make([]PictureItem, len(ts))
		for i, u := range ts {
			items[i] = PictureItem{Url: Text(u)}
		}
		return items
	}
	or := func(items []PictureItem, ts Texts) []PictureItem {
		if len(items) > 0 {
			return items
		}
		return urls(ts)
	}
	return [][]PictureItem{or(p.SmallPictureItems, p.SmallPictures), or(p.MediumPictureItems, p.MediumPictures),
		or(p.LargePictureItems, p.LargePictures), p.XLargePictureItems}
}

// PictureItem is one photo in one size (the seed's SmallPictureItem).
type PictureItem struct {
	ID     Int  `json:"ID"`
	Name   Text `json:"Name,omitempty"`
	Url    Text `json:"Url"`
	Width  Int  `json:"Width,omitempty"`
	Height Int  `json:"Height,omitempty"`
}

// ListedPicture is an item of GetPropertyPictureList and
// GetProjectPictureList (fw4 src/Request/Property/GetPropertyPictureListRequest.php,
// Construction/GetProjectPictureListRequest.php). No public source shows
// the items; they are read as PictureItem, with the size addresses some
// platforms add beside the main one.
type ListedPicture struct {
	PictureItem
	Description Text `json:"Description,omitempty"`
	SmallUrl    Text `json:"SmallUrl,omitempty"`
	MediumUrl   Text `json:"MediumUrl,omitempty"`
	LargeUrl    Text `json:"LargeUrl,omitempty"`
	XLargeUrl   Text `json:"XLargeUrl,omitempty"`
}

// Document is a file of a property or project.
type Document struct {
	ID   Int  `json:"ID"`
	Name Text `json:"Name"`
	Url  Text `json:"Url,omitempty"`
	Kind Text `json:"Kind,omitempty"`
}

// POI is a point of interest near a property.
type POI struct {
	Kind     Text   `json:"Kind"`
	Name     Text   `json:"Name"`
	Distance Number `json:"Distance,omitempty"`
}

// TypeOfProperty is a row of GetTypeOfPropertyList: "ID, Name, WebID,
// Abbr, OriginalAbbr, ParentID" (tombroucke SyncService.php
// syncPropertyTypes, Database/PropertyType.php).
type TypeOfProperty struct {
	ID           Int  `json:"ID"`
	Name         Text `json:"Name"`
	WebID        Int  `json:"WebID"`
	Abbr         Text `json:"Abbr,omitempty"`
	OriginalAbbr Text `json:"OriginalAbbr,omitempty"`
	ParentID     Int  `json:"ParentID"`
}

// WebCategory is a row of GetWebIDList: "ID, WebID, Name, ShowOrder, Sale,
// Rent" (tombroucke SyncService.php syncWebIds, Database/WebId.php).
type WebCategory struct {
	ID        Int  `json:"ID"`
	WebID     Int  `json:"WebID"`
	Name      Text `json:"Name"`
	ShowOrder Int  `json:"ShowOrder"`
	Sale      Bool `json:"Sale"`
	Rent      Bool `json:"Rent"`
}

// ProjectRow is a row of GetProjectList: tombroucke SyncService.php
// syncProjects reads ID, Name, Description, PublishInternet, LargePicture
// and XLargePictureItems; maneuver-agency/omnicasa-php-lib
// src/Collections/ProjectCollection.php SubstatusID and ShowOrder.
type ProjectRow struct {
	ID              Int  `json:"ID"`
	Name            Text `json:"Name"`
	Description     Text `json:"Description,omitempty"`
	PublishInternet Flag `json:"PublishInternet,omitzero"`
	SubstatusID     Int  `json:"SubstatusID,omitempty"`
	ShowOrder       Int  `json:"ShowOrder,omitempty"`
	LastChangedDate Date `json:"LastChangedDate,omitzero"`
	Pictures
}

// Project is the Value of GetProject (fw4
// src/Request/Construction/GetProjectRequest.php): the row's fields and the
// seed's project fields (§3 "Project": project number, price list or range,
// units, delivery, types, documents, photos, sold out, PublicAddress,
// Street, HouseNumber, BoxNr, Zip, City, CountryID, CountryName).
type Project struct {
	ProjectRow
	ProjectNumber Text       `json:"ProjectNumber,omitempty"`
	DescriptionA  Text       `json:"DescriptionA,omitempty"`
	PublicAddress Bool       `json:"PublicAddress"`
	Street        Text       `json:"Street,omitempty"`
	HouseNumber   Text       `json:"HouseNumber,omitempty"`
	BoxNr         Text       `json:"BoxNr,omitempty"`
	Zip           Text       `json:"Zip,omitempty"`
	City          Text       `json:"City,omitempty"`
	CountryID     Int        `json:"CountryID,omitempty"`
	CountryAbbr   Text       `json:"CountryAbbr,omitempty"`
	CountryName   Text       `json:"CountryName,omitempty"`
	GoogleX       Number     `json:"GoogleX,omitempty"`
	GoogleY       Number     `json:"GoogleY,omitempty"`
	PriceMin      Number     `json:"PriceMin,omitempty"`
	PriceMax      Number     `json:"PriceMax,omitempty"`
	PriceList     Text       `json:"PriceList,omitempty"`
	Delivery      Text       `json:"Delivery,omitempty"`
	Types         Texts      `json:"Types,omitempty"`
	SoldOut       Bool       `json:"SoldOut,omitempty"`
	Units         []Unit     `json:"Units,omitempty"`
	Documents     []Document `json:"Documents,omitempty"`
	ManagerName   Text       `json:"ManagerName,omitempty"`
	ManagerPhone  Text       `json:"ManagerPhone,omitempty"`
	ManagerEmail  Text       `json:"ManagerEmail,omitempty"`
}

// Unit is a lot of a project (seed: name, floor, price; sold). Its Status
// is the property Status of fw4 src/Models/Status.php.
type Unit struct {
	ID       Int    `json:"ID"` // the property id of a unit that is listed
	Name     Text   `json:"Name"`
	Floor    Text   `json:"Floor,omitempty"`
	Price    Number `json:"Price,omitempty"`
	Bedrooms Int    `json:"Bedrooms,omitempty"`
	Surface  Number `json:"Surface,omitempty"`
	Status   Enum   `json:"Status,omitzero"`
}

// Appointment is an item of GetAppointmentObject (fw4
// src/Request/Property/GetAppointmentObjectRequest.php: ObjectID, SiteIDs).
// No public source shows the items: a visit slot with its property (as
// ObjectID, the request's name, or PropertyID), start, end and places.
type Appointment struct {
	ID         Int  `json:"ID"`
	ObjectID   Int  `json:"ObjectID,omitempty"`
	PropertyID Int  `json:"PropertyID,omitempty"`
	StartDate  Date `json:"StartDate"`
	EndDate    Date `json:"EndDate"`
	Capacity   Int  `json:"Capacity,omitempty"`
	Booked     Int  `json:"Booked,omitempty"`
	Status     Text `json:"Status,omitempty"`
}

// Property returns the slot's property, whichever name carried it.
func (a Appointment) Property() int {
	if a.ObjectID > 0 {
		return int(a.ObjectID)
	}
	return int(a.PropertyID)
}

// Status values of a property (fw4-bvba/omnicasa-api src/Models/Status.php).
const (
	StatusProspective = 0
	StatusActive      = 1
	StatusSold        = 2
	StatusCancelled   = 3
	StatusRented      = 4
	StatusInactive    = 5
	StatusReference   = 6
)

// Goal values (fw4 src/Models/Goal.php): 0 sale, 1 rent, 2 take-over.
const (
	GoalSale     = 0
	GoalRent     = 1
	GoalTakeOver = 2
)

// Country ids of GetCountryList (fw4 tests/responses/GetCountryList.json:
// 10 "België" Abbr "B" Code "BEL", 50 "Luxemburg" Abbr "L" Code "LUX").
const (
	CountryBelgium    = 10
	CountryLuxembourg = 50
)
