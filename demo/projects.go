package demo

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// project is a new-build project. Project ids (7001, 7002) are outside the
// property id ranges so document URLs, keyed by id, never collide; their
// photos use the key "p{id}" (/demo/photos/p7001/...).
type project struct {
	id                  int
	number              string
	name, short, long   text
	town                town
	street, houseNumber string
	public              bool
	delivery            text // as the agency types it: a quarter is T1–T4 in French (trimestre)
	types               []text
	units               []unit
	scenes              []int
	agent               int
	changed             time.Time
}

type unit struct {
	id       int
	name     string
	floor    text
	price    int
	bedrooms int
	surface  int
	sold     bool
}

var (
	floorGround = text{"Gelijkvloers", "Rez-de-chaussée", "Ground floor", "Erdgeschoss"}
	floorFirst  = text{"1e verdieping", "1er étage", "First floor", "1. Stock"}
	floorSecond = text{"2e verdieping", "2e étage", "Second floor", "2. Stock"}
	floorTop    = text{"Dakverdieping", "Dernier étage", "Top floor", "Dachgeschoss"}
)

func agencyProjects() []*project {
	apartment := text{"Appartement", "Appartement", "Apartment", "Wohnung"}
	return []*project{
		{
			id: 7001, number: "PRJ-2026-01", name: both("Residentie Semois", "Résidence Semois"),
			short: both("Zes appartementen en twee penthouses aan de oever van de Semois, op wandelafstand van het centrum van Bouillon.",
				"Six appartements et deux penthouses au bord de la Semois, à quelques pas du centre de Bouillon."),
			long: both("<p>Residentie Semois is een kleinschalig nieuwbouwproject aan de kaaien van Bouillon, met zicht op de rivier en de burcht.</p>"+
				"<p>De appartementen hebben één tot drie slaapkamers, een ruim terras en een kelderberging; de penthouses op de dakverdieping genieten van een panoramisch uitzicht. "+
				"Alle woningen zijn bijna-energieneutraal (BEN) met een warmtepomp, zonnepanelen en ventilatie met warmteterugwinning.</p>"+
				"<p>Ondergrondse parking, lift en fietsenberging. Oplevering voorzien in het derde kwartaal van 2027.</p>",
				"<p>La Résidence Semois est un projet neuf à taille humaine sur les quais de Bouillon, avec vue sur la rivière et le château.</p>"+
					"<p>Les appartements comptent d'une à trois chambres, une grande terrasse et une cave\u202f; les penthouses du dernier étage profitent d'une vue panoramique. "+
					"Tous les logements sont Q-ZEN, avec pompe à chaleur, panneaux photovoltaïques et ventilation double flux.</p>"+
					"<p>Parking souterrain, ascenseur et local vélos. Livraison prévue au troisième trimestre 2027.</p>"),
			town: agencyTowns[tBouillon], street: "Quai des Saulx", houseNumber: "14", public: true,
			delivery: text{"Q3 2027", "T3 2027", "Q3 2027", "Q3 2027"}, types: []text{apartment, same("Penthouse")},
			units: []unit{
				{700101, "A1", floorGround, 239000, 2, 92, true},
				// A2 is also listed for sale (property 4032), as platforms list the units they market.
				{4032, "A2", floorGround, 215000, 2, 92, false},
				{700103, "A3", floorFirst, 249000, 2, 95, true},
				{700104, "A4", floorFirst, 298000, 3, 118, false},
				{700105, "A5", floorSecond, 259000, 2, 96, false},
				{700106, "A6", floorSecond, 265000, 2, 99, true},
				{700107, "P1", floorTop, 379000, 3, 135, false},
				{700108, "P2", floorTop, 349000, 2, 121, false},
			},
			scenes: []int{12, 2, 4, 6, 5}, agent: 0,
			changed: time.Date(2026, time.November, 3, 10, 15, 0, 0, time.UTC),
		},
		{
			id: 7002, number: "PRJ-2026-02", name: same("Les Jardins de Libramont"),
			short: both("Vier energiezuinige woningen en zes appartementen in een groene wijk, vlak bij het station van Libramont.",
				"Quatre maisons basse énergie et six appartements dans un quartier verdoyant, tout près de la gare de Libramont."),
			long: both("<p>Les Jardins de Libramont brengt vier halfopen woningen en een kleine residentie met zes appartementen samen rond een gemeenschappelijke boomgaard.</p>"+
				"<p>De woningen hebben drie slaapkamers, een tuin en een carport; de appartementen hebben een terras of een private tuin. "+
				"Warmtepomp, driedubbele beglazing en zonnepanelen zijn standaard.</p>"+
				"<p>Het station, de scholen en de winkels van Libramont liggen op wandelafstand. Oplevering voorzien in het eerste kwartaal van 2028.</p>",
				"<p>Les Jardins de Libramont réunissent quatre maisons trois façades et une petite résidence de six appartements autour d'un verger commun.</p>"+
					"<p>Les maisons comptent trois chambres, un jardin et un car-port\u202f; les appartements disposent d'une terrasse ou d'un jardin privatif. "+
					"Pompe à chaleur, triple vitrage et panneaux photovoltaïques sont de série.</p>"+
					"<p>La gare, les écoles et les commerces de Libramont sont accessibles à pied. Livraison prévue au premier trimestre 2028.</p>"),
			town: agencyTowns[tLibramont], street: "Avenue de Houffalize", houseNumber: "52", public: false,
			delivery: text{"Q1 2028", "T1 2028", "Q1 2028", "Q1 2028"}, types: []text{{"Huis", "Maison", "House", "Haus"}, apartment},
			units: []unit{
				{700201, "M1", text{}, 329000, 3, 135, true},
				{700202, "M2", text{}, 335000, 3, 138, true},
				{700203, "M3", text{}, 339000, 3, 140, false},
				{700204, "M4", text{}, 359000, 3, 150, false},
				{700205, "B1", floorGround, 195000, 1, 70, false},
				{700206, "B2", floorGround, 235000, 2, 88, true},
				{700207, "B3", floorFirst, 209000, 1, 72, false},
				{700208, "B4", floorFirst, 249000, 2, 92, false},
				{700209, "B5", floorSecond, 215000, 1, 74, false},
				{700210, "B6", floorSecond, 259000, 2, 95, false},
			},
			scenes: []int{1, 12, 3, 2, 5}, agent: 1,
			changed: time.Date(2026, time.November, 10, 14, 40, 0, 0, time.UTC),
		},
	}
}

var projectDocs = [...]docKind{
	{"pricelist", text{"Prijslijst", "Liste de prix", "Price list", "Preisliste"}, text{"prijslijst", "liste-de-prix", "price-list", "preisliste"}},
	{"specifications", text{"Lastenboek", "Cahier des charges", "Specifications", "Baubeschreibung"}, text{"lastenboek", "cahier-des-charges", "specifications", "baubeschreibung"}},
	{"plan", text{"Plannen", "Plans", "Plans", "Pläne"}, text{"plannen", "plans", "plans", "plaene"}},
}

// row is the project as GetProjectList lists it (tombroucke
// SyncService.php syncProjects reads ID, Name, Description,
// PublishInternet, LargePicture).
func (pr *project) row(l listing.Lang) platform.ProjectRow {
	key := "p" + strconv.Itoa(pr.id)
	return platform.ProjectRow{
		ID: platform.Int(pr.id), Name: platform.Text(pr.name.in(l)), Description: platform.Text(pr.long.in(l)),
		PublishInternet: platform.Has(true), ShowOrder: platform.Int(pr.id - 7000), LastChangedDate: date(pr.changed),
		Pictures: rowPictures(pictureSet(key, pr.id*100, pr.scenes, l)),
	}
}

// rowPictures are what a GetProjectList row embeds of the photos (the two
// fields tombroucke reads from the rows).
func rowPictures(all platform.Pictures) platform.Pictures {
	return platform.Pictures{LargePicture: all.LargePicture, XLargePictureItems: all.XLargePictureItems}
}

// render is the project as GetProject answers it.
func (pr *project) render(l listing.Lang) platform.Project {
	key := "p" + strconv.Itoa(pr.id)
	s := func(v string) platform.Text { return platform.Text(v) }
	lo, hi, sold := math.MaxInt, 0, 0
	units := make([]platform.Unit, 0, len(pr.units))
	for _, u := range pr.units {
		lo, hi = min(lo, u.price), max(hi, u.price)
		status := platform.StatusActive
		if u.sold {
			status = platform.StatusSold
			sold++
		}
		units = append(units, platform.Unit{ID: platform.Int(u.id), Name: s(u.name), Floor: s(u.floor.in(l)), Price: platform.Number(u.price),
			Bedrooms: platform.Int(u.bedrooms), Surface: platform.Number(u.surface), Status: platform.Is(status)})
	}
	docs := make([]platform.Document, 0, len(projectDocs))
	for i, dk := range projectDocs {
		docs = append(docs, platform.Document{ID: platform.Int(pr.id*10 + i + 1), Name: s(dk.name.in(l)), Kind: s(dk.kind),
			Url: s(fmt.Sprintf("/demo/documents/%s/%s.pdf", key, dk.slug.in(l)))})
	}
	types := make(platform.Texts, len(pr.types))
	for i, t := range pr.types {
		types[i] = t.in(l)
	}
	a := agents[pr.agent]
	row := pr.row(l)
	row.Pictures = pictureSet(key, pr.id*100, pr.scenes, l)
	return platform.Project{
		ProjectRow: row, ProjectNumber: s(pr.number), DescriptionA: s(pr.short.in(l)),
		PublicAddress: platform.Bool(pr.public), Street: s(pr.street), HouseNumber: s(pr.houseNumber),
		Zip: s(pr.town.zip), City: s(pr.town.name.in(l)), CountryID: listing.CountryBelgium, CountryName: s(countryName(listing.CountryBelgium).in(l)),
		GoogleX: platform.Number(round6(pr.town.lat + 0.0021)), GoogleY: platform.Number(round6(pr.town.lng - 0.0034)),
		PriceMin: platform.Number(lo), PriceMax: platform.Number(hi), PriceList: docs[0].Url,
		Delivery: s(pr.delivery.in(l)), Types: types, SoldOut: platform.Bool(sold == len(pr.units)), Units: units,
		Documents: docs, ManagerName: s(a.name), ManagerPhone: s(a.phone), ManagerEmail: s(a.email),
	}
}

// agencyAppointments are the visit slots of four properties in December
// 2026 and January 2027, Brussels winter time; some are already full.
func agencyAppointments() []platform.Appointment {
	cet := time.FixedZone("CET", 3600)
	slots := []struct {
		property         int
		month, day, hour int
		capacity, booked int
	}{
		{4003, 12, 5, 10, 2, 2}, {4003, 12, 5, 11, 2, 1}, {4003, 12, 12, 14, 3, 0}, {4003, 1, 9, 10, 2, 0},
		{4012, 12, 8, 17, 1, 1}, {4012, 12, 15, 17, 1, 0}, {4012, 12, 19, 10, 2, 2}, {4012, 1, 16, 11, 2, 0},
		{4021, 12, 12, 10, 3, 3}, {4021, 12, 12, 11, 3, 1}, {4021, 1, 9, 14, 3, 0},
		{4101, 12, 3, 18, 1, 1}, {4101, 12, 10, 18, 1, 0}, {4101, 12, 17, 18, 2, 1}, {4101, 1, 7, 18, 2, 0},
	}
	out := make([]platform.Appointment, 0, len(slots))
	for i, s := range slots {
		year := 2026
		if s.month == 1 {
			year = 2027
		}
		start := time.Date(year, time.Month(s.month), s.day, s.hour, 0, 0, 0, cet)
		out = append(out, platform.Appointment{
			ID: platform.Int(i + 1), ObjectID: platform.Int(s.property), StartDate: date(start), EndDate: date(start.Add(45 * time.Minute)),
			Capacity: platform.Int(s.capacity), Booked: platform.Int(s.booked), Status: "confirmed",
		})
	}
	return out
}
