package demo

import (
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// category is one of the seed's eight top categories (GetTypeOfPropertyList
// rows with ParentID 0).
type category int

const (
	catApartment category = iota
	catChalet
	catIncome
	catBuilding
	catGarage
	catCommercial
	catLand
	catHouse
	categoryCount
)

type categoryInfo struct {
	id int
	// The seed's WebIDs 2 and 3 swap between languages: in nl the chalet is
	// category 2 and the income property 3, in fr the other way round.
	webNL, webFR int
	name         text
}

var categories = [categoryCount]categoryInfo{
	catApartment:  {1, 1, 1, text{"Studio/Appartement", "Studio/Appartement", "Studio/Apartment", "Studio/Wohnung"}},
	catChalet:     {2, 2, 3, text{"Chalet", "Chalet", "Chalet", "Chalet"}},
	catIncome:     {3, 3, 2, text{"Opbrengsteigendom", "Immeuble de rapport", "Income property", "Renditeobjekt"}},
	catBuilding:   {4, 4, 4, text{"Appartementsgebouw", "Immeuble à appartements", "Apartment building", "Mehrfamilienhaus"}},
	catGarage:     {5, 5, 5, text{"Garage/Parking", "Garage/Parking", "Garage/Parking", "Garage/Stellplatz"}},
	catCommercial: {6, 6, 6, text{"Handelspand", "Commerce", "Commercial premises", "Gewerbeimmobilie"}},
	catLand:       {7, 7, 7, text{"Grond", "Terrain", "Land", "Grundstück"}},
	catHouse:      {8, 8, 8, text{"Villa/Huis/Hoeve", "Villa/Maison/Ferme", "Villa/House/Farm", "Villa/Haus/Bauernhof"}},
}

// webID is the category's WebID in a language (languages other than nl and
// fr follow nl).
func (c category) webID(l listing.Lang) int {
	if l == listing.FR {
		return categories[c].webFR
	}
	return categories[c].webNL
}

// kind is what a property is, finer than its category. The three house kinds
// are also child types (ParentID 8) of the type list.
type kind int

const (
	kVilla kind = iota
	kHouse
	kFarm
	kApartment
	kStudio
	kDuplex
	kChalet
	kIncome
	kBuilding
	kGarage
	kShop
	kHoreca
	kLand
	kindCount
)

type kindInfo struct {
	cat    category
	typeID int  // child type id, 0 when the kind is listed under its category
	name   text // TypeDescription, also the noun of short descriptions
	// scenes are the photo numbers, best first (see photos.SceneOf).
	scenes []int
	// Dutch het-words and French masculine nouns take other adjective forms.
	het, masc bool
}

var kinds = [kindCount]kindInfo{
	kVilla:     {catHouse, 81, text{"Villa", "Villa", "Villa", "Villa"}, []int{15, 2, 4, 3, 5, 7, 6, 8}, false, false},
	kHouse:     {catHouse, 82, text{"Woning", "Maison", "House", "Haus"}, []int{1, 2, 4, 5, 3, 7, 8, 6}, false, false},
	kFarm:      {catHouse, 83, text{"Hoeve", "Ferme", "Farmhouse", "Bauernhof"}, []int{14, 3, 2, 4, 5, 8, 6, 7}, false, false},
	kApartment: {catApartment, 0, text{"Appartement", "Appartement", "Apartment", "Wohnung"}, []int{12, 2, 4, 5, 7, 6}, true, true},
	kStudio:    {catApartment, 0, text{"Studio", "Studio", "Studio", "Studio"}, []int{12, 2, 7, 4}, false, true},
	kDuplex:    {catApartment, 0, text{"Duplex", "Duplex", "Duplex", "Maisonette"}, []int{12, 2, 4, 5, 6, 7}, false, true},
	kChalet:    {catChalet, 0, text{"Chalet", "Chalet", "Chalet", "Chalet"}, []int{13, 2, 5, 8, 6, 4}, false, true},
	kIncome:    {catIncome, 0, text{"Opbrengsteigendom", "Immeuble de rapport", "Investment property", "Renditeobjekt"}, []int{12, 2, 4, 3, 5}, true, true},
	kBuilding:  {catBuilding, 0, text{"Appartementsgebouw", "Immeuble à appartements", "Apartment building", "Mehrfamilienhaus"}, []int{12, 2, 8, 4}, true, true},
	kGarage:    {catGarage, 0, text{"Garagebox", "Box de garage", "Garage box", "Garage"}, []int{10, 8, 12}, false, true},
	kShop:      {catCommercial, 0, text{"Handelspand", "Surface commerciale", "Commercial premises", "Ladenlokal"}, []int{11, 2, 8}, true, false},
	kHoreca:    {catCommercial, 0, text{"Café-restaurant", "Café-restaurant", "Café-restaurant", "Café-Restaurant"}, []int{11, 2, 4, 6}, true, true},
	kLand:      {catLand, 0, text{"Bouwgrond", "Terrain à bâtir", "Building plot", "Baugrundstück"}, []int{9, 6, 8}, false, true},
}

func (k kind) info() kindInfo { return kinds[k] }

// houseLike kinds get rooms, gardens and a layout sentence.
func (k kind) houseLike() bool { return k == kVilla || k == kHouse || k == kFarm }

func (k kind) flat() bool { return k == kApartment || k == kStudio || k == kDuplex }

// built kinds have an EPC, heating and utilities.
func (k kind) built() bool { return k != kLand && k != kGarage }

// types builds GetTypeOfPropertyList of a language: the eight categories
// (ParentID 0) and the three house kinds under "Villa/Huis/Hoeve".
func types(l listing.Lang) []platform.TypeOfProperty {
	out := make([]platform.TypeOfProperty, 0, int(categoryCount)+3)
	for c := range categoryCount {
		ci := categories[c]
		out = append(out, platform.TypeOfProperty{ID: platform.Int(ci.id), WebID: platform.Int(c.webID(l)), Name: platform.Text(ci.name.in(l))})
	}
	for _, k := range []kind{kVilla, kHouse, kFarm} {
		ki := k.info()
		out = append(out, platform.TypeOfProperty{
			ID: platform.Int(ki.typeID), ParentID: platform.Int(categories[catHouse].id), WebID: platform.Int(catHouse.webID(l)), Name: platform.Text(ki.name.in(l)),
		})
	}
	return out
}

// webCategories builds GetWebIDList of a language: each category with its
// order and both goals, as the seed's sample has them.
func webCategories(l listing.Lang) []platform.WebCategory {
	out := make([]platform.WebCategory, 0, int(categoryCount))
	for c := range categoryCount {
		ci := categories[c]
		out = append(out, platform.WebCategory{
			ID: platform.Int(ci.id), WebID: platform.Int(c.webID(l)), Name: platform.Text(ci.name.in(l)), ShowOrder: platform.Int(int(c) + 1),
			Sale: true, Rent: true,
		})
	}
	return out
}

// feat is a bit set of what a property has or how it is marketed.
type feat uint64

const (
	fGarden feat = 1 << iota
	fTerrace
	fGarage
	fCellar
	fAttic
	fValley // view over the valley (the Semois where the town lies on it)
	fWoods  // view on the woods
	fStove  // wood stove
	fStone  // built in local stone
	fToRenovate
	fOutbuildings
	fSolar
	fQuiet
	fLift
	fFurnished
	fParking
	fRiverside // on the river bank: in a low flood-risk zone
	fVeranda
	fMixedUse // a shop on the ground floor of an income property

	// marketing
	mNew
	mReduced
	mSold
	mOption
	mRented
	mNoPrice
	mHideAddress
	mFrom
	mYouTube
	mYouTuBe // youtu.be short link
	mVimeo
	mFacebook
	mTour
)

func (f feat) has(x feat) bool { return f&x != 0 }

// choice is an enumerated detail value in every language.
type choice struct{ field, phrase text }

var heatings = [...]choice{
	{text{"Stookolie", "Mazout", "Heating oil", "Heizöl"}, text{"een condensatieketel op stookolie", "une chaudière à condensation au mazout", "an oil-fired condensing boiler", ""}},
	{text{"Pellets", "Pellets", "Pellets", "Pellets"}, text{"een pelletketel", "une chaudière à pellets", "a pellet boiler", ""}},
	{text{"Warmtepomp", "Pompe à chaleur", "Heat pump", "Wärmepumpe"}, text{"een lucht-waterwarmtepomp", "une pompe à chaleur air-eau", "an air-to-water heat pump", ""}},
	{text{"Elektrisch", "Électrique", "Electric", "Elektrisch"}, text{"elektrische accumulatoren", "des accumulateurs électriques", "electric storage heaters", ""}},
	{text{"Hout", "Bois", "Wood", "Holz"}, text{"een houtketel", "une chaudière à bois", "a wood-fired boiler", ""}},
	{text{"Aardgas", "Gaz naturel", "Natural gas", "Erdgas"}, text{"een condensatieketel op aardgas", "une chaudière à condensation au gaz", "a gas condensing boiler", ""}},
	{text{"Propaan", "Propane", "Propane", "Propan"}, text{"een propaangasketel", "une chaudière au propane", "a propane boiler", ""}},
}

const (
	heatOil = iota
	heatPellets
	heatPump
	heatElectric
	heatWood
	heatGas
	heatPropane
)

var kitchens = [...]choice{
	{text{"Volledig uitgerust", "Entièrement équipée", "Fully fitted", "Komplett ausgestattet"}, text{"volledig uitgeruste keuken", "cuisine entièrement équipée", "fully fitted kitchen", ""}},
	{text{"Half uitgerust", "Semi-équipée", "Partly fitted", "Teilweise ausgestattet"}, text{"half uitgeruste keuken", "cuisine semi-équipée", "partly fitted kitchen", ""}},
	{text{"Open keuken", "Cuisine ouverte", "Open-plan kitchen", "Offene Küche"}, text{"open keuken met eiland", "cuisine ouverte avec îlot", "open-plan kitchen with an island", ""}},
	{text{"Landelijke keuken", "Cuisine campagnarde", "Country kitchen", "Landhausküche"}, text{"landelijke keuken", "cuisine campagnarde", "country-style kitchen", ""}},
}

var orientations = [...]text{
	{"Zuid", "Sud", "South", "Süd"}, {"Zuidwest", "Sud-ouest", "South-west", "Südwest"},
	{"West", "Ouest", "West", "West"}, {"Zuidoost", "Sud-est", "South-east", "Südost"},
	{"Oost", "Est", "East", "Ost"},
}

// orientation phrases inside sentences ("op het zuidwesten gericht").
var orientationPhrases = [...]text{
	{"zuiden", "plein sud", "south", ""}, {"zuidwesten", "sud-ouest", "south-west", ""},
	{"westen", "ouest", "west", ""}, {"zuidoosten", "sud-est", "south-east", ""},
	{"oosten", "est", "east", ""},
}

var roofs = [...]text{
	{"Leien", "Ardoises", "Slate", "Schiefer"},
	{"Kunstleien", "Ardoises artificielles", "Fibre-cement slate", "Kunstschiefer"},
	{"Pannen", "Tuiles", "Tiles", "Ziegel"},
}

var frames = [...]text{
	{"PVC", "PVC", "PVC", "PVC"}, {"Hout", "Bois", "Wood", "Holz"}, {"Aluminium", "Aluminium", "Aluminium", "Aluminium"},
}

var floorings = [...]text{
	{"Tegels en parket", "Carrelage et parquet", "Tiles and parquet", "Fliesen und Parkett"},
	{"Laminaat", "Stratifié", "Laminate", "Laminat"},
	{"Natuursteen", "Pierre naturelle", "Natural stone", "Naturstein"},
	{"Parket", "Parquet", "Parquet", "Parkett"},
}

var comforts = [...]text{
	{"Dubbele beglazing, alarm", "Double vitrage, alarme", "Double glazing, alarm", "Doppelverglasung, Alarmanlage"},
	{"Glasvezel, videofoon", "Fibre optique, vidéophone", "Fibre broadband, video intercom", "Glasfaser, Videosprechanlage"},
	{"Zonnepanelen, laadpaal", "Panneaux photovoltaïques, borne de recharge", "Solar panels, EV charger", "Photovoltaik, Ladestation"},
	{"Regenwaterput, houtkachel", "Citerne d'eau de pluie, poêle à bois", "Rainwater tank, wood stove", "Regenwasserzisterne, Holzofen"},
}

func marqueeName(m int) (text, bool) {
	switch m {
	case 1:
		return text{"Nieuw", "Nouveau", "New", "Neu"}, true
	case 2:
		return text{"Verkocht", "Vendu", "Sold", "Verkauft"}, true
	case 3:
		return text{"Optie", "Sous option", "Under option", "Reserviert"}, true
	case 10:
		return text{"Prijsdaling", "Prix en baisse", "Price reduced", "Preis gesenkt"}, true
	}
	return text{}, false
}

var rentedName = text{"Verhuurd", "Loué", "Let", "Vermietet"}

// The demo's Marquees: the agency's own list, whose names (not numbers)
// say what each one means.
const (
	marqueeNew          = 1
	marqueeClosed       = 2
	marqueeOption       = 3
	marqueePriceReduced = 10
)

// conditions are the ConditionName values of built properties.
var (
	conditionNew        = text{"Nieuwbouw", "Neuf", "New build", "Neubau"}
	conditionRenovated  = text{"Gerenoveerd", "Rénové", "Renovated", "Renoviert"}
	conditionGood       = text{"Goede staat", "Bon état", "Good condition", "Guter Zustand"}
	conditionToRenovate = text{"Te renoveren", "À rénover", "To renovate", "Renovierungsbedürftig"}
)

// constructions are the ConstructionName values by number of facades.
var constructions = map[int]text{
	4: {"Open bebouwing", "Quatre façades", "Detached", "Freistehend"},
	3: {"Halfopen bebouwing", "Trois façades", "Semi-detached", "Doppelhaushälfte"},
	2: {"Gesloten bebouwing", "Deux façades", "Terraced", "Reihenhaus"},
}

var startingFrom = text{"vanaf", "à partir de", "from", "ab"}

var sceneNames = [...]text{
	1:  {"Voorgevel", "Façade", "Front", "Vorderansicht"},
	2:  {"Woonkamer", "Séjour", "Living room", "Wohnzimmer"},
	3:  {"Tuin", "Jardin", "Garden", "Garten"},
	4:  {"Keuken", "Cuisine", "Kitchen", "Küche"},
	5:  {"Slaapkamer", "Chambre", "Bedroom", "Schlafzimmer"},
	6:  {"Uitzicht", "Vue", "View", "Aussicht"},
	7:  {"Badkamer", "Salle de bains", "Bathroom", "Badezimmer"},
	8:  {"Omgeving", "Environs", "Surroundings", "Umgebung"},
	9:  {"Perceel", "Terrain", "Plot", "Grundstück"},
	10: {"Garage", "Garage", "Garage", "Garage"},
	11: {"Gevel", "Devanture", "Shop front", "Fassade"},
	12: {"Gebouw", "Immeuble", "Building", "Gebäude"},
	13: {"Chalet", "Chalet", "Chalet", "Chalet"},
	14: {"Voorgevel", "Façade", "Front", "Vorderansicht"},
	15: {"Voorgevel", "Façade", "Front", "Vorderansicht"},
}

// document kinds: name and URL slug per language.
type docKind struct {
	kind       string
	name, slug text
}

var docKinds = [...]docKind{
	{"epc", text{"EPB-certificaat", "Certificat PEB", "EPC certificate", "Energieausweis"}, text{"epb-certificaat", "certificat-peb", "epc-certificate", "energieausweis"}},
	{"plan", text{"Grondplan", "Plan", "Floor plan", "Grundriss"}, text{"grondplan", "plan", "floor-plan", "grundriss"}},
	{"cadastre", text{"Kadastraal uittreksel", "Extrait cadastral", "Cadastral extract", "Katasterauszug"}, text{"kadastraal-uittreksel", "extrait-cadastral", "cadastral-extract", "katasterauszug"}},
	{"urbanism", text{"Stedenbouwkundige inlichtingen", "Renseignements urbanistiques", "Planning information", "Bauplanungsauskunft"}, text{"stedenbouwkundige-inlichtingen", "renseignements-urbanistiques", "planning-information", "bauplanungsauskunft"}},
}

const (
	docEPC = iota
	docPlan
	docCadastre
	docUrbanism
)

type agent struct{ name, phone, email string }

// agents of the demo agency: one mobile (10 digits) and one office line (9
// digits), so both phone formats of the spec show up.
var agents = [...]agent{
	{"Sophie Lambert", "0475123456", "sophie.lambert@ardennes-immo.example"},
	{"Thomas Renard", "061223344", "thomas.renard@ardennes-immo.example"},
}

// legal texts of Belgian listings.
var (
	legalNoFlood    = text{"Niet overstromingsgevoelig", "Non inondable", "Not in a flood zone", "Kein Überschwemmungsgebiet"}
	legalFloodLow   = text{"Overstromingsgevoelig gebied (laag risico)", "Zone d'aléa d'inondation faible", "Flood-prone area (low risk)", ""}
	legalRiskLow    = text{"Laag", "Faible", "Low", "Gering"}
	legalPermit     = text{"Stedenbouwkundige vergunning verkregen", "Permis d'urbanisme délivré", "Planning permission granted", ""}
	legalNoPermit   = text{"Geen stedenbouwkundige vergunning", "Pas de permis d'urbanisme", "No planning permission", ""}
	legalAllotment  = text{"Verkavelingsvergunning verkregen", "Permis d'urbanisation délivré", "Allotment permit granted", ""}
	legalNoAllot    = text{"Geen verkavelingsvergunning", "Pas de permis d'urbanisation", "No allotment permit", ""}
	legalNoSummons  = text{"Geen dagvaarding uitgebracht", "Aucune citation", "No summons", ""}
	legalNoPreempt  = text{"Geen voorkooprecht", "Pas de droit de préemption", "No pre-emption right", ""}
	legalRegistered = text{"Registratierechten", "Droits d'enregistrement", "Registration duties", "Registrierungsgebühren"}
	legalNoRight    = text{"Geen", "Aucun", "None", "Keine"}
	availDeed       = text{"Bij akte", "À l'acte", "At deed", "Bei Beurkundung"}
	availNow        = text{"Onmiddellijk", "Immédiatement", "Immediately", "Sofort"}
	availAgreed     = text{"In overleg", "À convenir", "By arrangement", "Nach Vereinbarung"}
	availDate       = text{"Vanaf datum", "À partir de la date", "From date", "Ab Datum"}
	extraOffice     = text{"Bureau, wasplaats", "Bureau, buanderie", "Study, utility room", "Arbeitszimmer, Waschküche"}
	extraAttic      = text{"Zolder, berging", "Grenier, débarras", "Attic, storeroom", "Dachboden, Abstellraum"}
	roofGood        = text{"Goed", "Bon", "Good", "Gut"}
	roofVeryGood    = text{"Zeer goed", "Très bon", "Very good", "Sehr gut"}
	roofRenew       = text{"Te vernieuwen", "À renouveler", "To be renewed", "Zu erneuern"}
	glazingDouble   = text{"Dubbel glas", "Double vitrage", "Double glazing", "Doppelverglasung"}
	glazingTriple   = text{"Driedubbel glas", "Triple vitrage", "Triple glazing", "Dreifachverglasung"}
	glazingSingle   = text{"Enkel glas", "Simple vitrage", "Single glazing", "Einfachverglasung"}
)

// plannings are zoning categories of the Walloon plan de secteur (Flemish
// gewestplan for Synthetic properties in Flanders).
var (
	zoneHousing = text{"Woongebied", "Zone d'habitat", "Residential area", "Wohngebiet"}
	zoneRural   = text{"Woongebied met landelijk karakter", "Zone d'habitat à caractère rural", "Rural residential area", "Ländliches Wohngebiet"}
	zoneLeisure = text{"Recreatiegebied", "Zone de loisirs", "Leisure area", "Erholungsgebiet"}
	zoneFarm    = text{"Agrarisch gebied", "Zone agricole", "Agricultural area", "Landwirtschaftsgebiet"}
)

func countryName(id int) text {
	if id == listing.CountryLuxembourg {
		return text{"Luxemburg", "Luxembourg", "Luxembourg", "Luxemburg"}
	}
	return text{"België", "Belgique", "Belgium", "Belgien"}
}
