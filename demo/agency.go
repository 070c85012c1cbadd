package demo

import (
	"encoding/json"
	"slices"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// Agency returns the demo agency as its platform answers: nl and fr with
// the same ids, 61 properties for sale and 15 for rent per language in 21
// towns of the Semois valley and the Ardennes plateau and one each in
// Flanders, Brussels and Luxembourg, 3 more the platform
// holds but does not publish (prospective, cancelled, inactive), 2
// new-build projects, visit slots for 4 properties, no deleted ids. The
// result is the same at every call, down to the bytes of its JSON.
func Agency() *platform.Dataset {
	d := build([]listing.Lang{listing.NL, listing.FR}, agencyProps(), agencyProjects(), agencyAppointments())
	d.Owner = ownerStats() // the demo owner's platform statistics (ownerstats.go)
	return d
}

// Sample returns a small dataset with the seed sample's quirks: nl and fr,
// six properties for sale, nothing for rent, no projects, and the full type
// list — for empty states.
func Sample() *platform.Dataset {
	keep := []int{4002, 4010, 4017, 4026, 4037, 4045}
	var props []*prop
	for _, p := range agencyProps() {
		if slices.Contains(keep, p.id) {
			props = append(props, p)
		}
	}
	return build([]listing.Lang{listing.NL, listing.FR}, props, nil, nil)
}

func build(langs []listing.Lang, props []*prop, projects []*project, appts []platform.Appointment) *platform.Dataset {
	d := &platform.Dataset{Langs: map[listing.Lang]*platform.LangData{}}
	// A unit listed as a property has the unit's id, and the project's address.
	unitOf := map[int]*project{}
	for _, pr := range projects {
		for _, u := range pr.units {
			unitOf[u.id] = pr
		}
	}
	for _, p := range props {
		if pr, ok := unitOf[p.id]; ok {
			p.project, p.street, p.number, p.box = pr.id, pr.street, pr.houseNumber, ""
		}
	}
	for _, l := range langs {
		ld := &platform.LangData{
			WebCategories: platform.RawAll(webCategories(l)),
			Types:         platform.RawAll(types(l)),
			Properties:    make([]json.RawMessage, 0, len(props)),
		}
		for _, p := range props {
			ld.Properties = append(ld.Properties, platform.Raw(p.record(l)))
		}
		ld.PropertyDocuments = listedDocuments(props, l)
		for _, pr := range projects {
			ld.Projects = append(ld.Projects, platform.Raw(pr.row(l)))
			ld.ProjectDetails = append(ld.ProjectDetails, platform.Raw(pr.render(l)))
		}
		if appts != nil {
			ld.Appointments = platform.RawAll(appts)
		}
		d.Langs[l] = ld
	}
	return d
}

// agencyProps is the demo agency's listing table. Prices, rooms, surfaces
// (living, ground in m²), construction and renovation years and EPC values
// (kWh/m².year) are chosen for the region; everything else is derived.
func agencyProps() []*prop {
	type row struct {
		id, town         int
		kind             kind
		price, beds      int
		living, ground   int
		year, renov, epc int
		feat             feat
		titleNL, titleFR string
		units            int
	}
	rows := []row{
		// for sale
		{4001, tVresse, kChalet, 139000, 2, 62, 780, 1978, 0, 390, fWoods | fTerrace | fFurnished | fGarden,
			"Gezellige chalet met zicht op de bossen", "Chalet chaleureux avec vue sur les bois", 0},
		{4002, tVresse, kFarm, 425000, 4, 240, 6200, 1850, 2008, 295, fGarden | fOutbuildings | fStone | fStove | fCellar | fValley | fGarage | mYouTube,
			"Gerenoveerde Ardense hoeve op 62 are", "Ferme ardennaise rénovée sur 62 ares", 0},
		{4003, tVresse, kHouse, 265000, 3, 145, 610, 1962, 2019, 210, fGarden | fTerrace | fCellar | fQuiet | mNew,
			"Instapklare gezinswoning met tuin", "Maison familiale prête à vivre avec jardin", 0},
		{4004, tVresse, kLand, 49000, 0, 0, 1150, 0, 0, 0, fValley,
			"Bouwgrond met zicht op de Semois", "Terrain à bâtir avec vue sur la Semois", 0},
		{4005, tAlle, kChalet, 118000, 2, 55, 640, 1985, 0, 430, fWoods | fTerrace,
			"Chalet in een rustig vakantiedomein", "Chalet dans un domaine de vacances paisible", 0},
		{4006, tAlle, kHouse, 235000, 3, 130, 520, 1955, 2015, 240, fGarden | fCellar | fAttic | fRiverside | mSold,
			"Halfopen woning vlak bij de Semois", "Maison trois façades près de la Semois", 0},
		{4007, tAlle, kHoreca, 395000, 0, 260, 900, 1930, 2010, 280, fTerrace | fRiverside | fParking | fValley,
			"Café-restaurant met terras aan de Semois", "Café-restaurant avec terrasse au bord de la Semois", 0},
		{4008, tBohan, kChalet, 99000, 2, 48, 900, 1972, 0, 520, fWoods | fToRenovate,
			"Houten chalet in het groen, op te frissen", "Chalet en bois dans la verdure, à rafraîchir", 0},
		{4009, tBohan, kHouse, 189000, 3, 120, 450, 1900, 0, 360, fGarden | fStone | fCellar | fAttic | fStove | mReduced,
			"Dorpswoning met karakter", "Maison de village de caractère", 0},
		{4010, tMembre, kVilla, 595000, 4, 260, 3400, 2006, 0, 120, fGarden | fTerrace | fGarage | fValley | fStove | fCellar | mHideAddress | mTour,
			"Prachtige villa met panoramisch uitzicht", "Superbe villa avec vue panoramique", 0},
		{4011, tMembre, kLand, 38000, 0, 0, 950, 0, 0, 0, fWoods,
			"Bouwgrond aan de rand van het dorp", "Terrain à bâtir en bordure du village", 0},
		{4012, tBievre, kHouse, 249000, 3, 150, 720, 1975, 2016, 195, fGarden | fGarage | fCellar | fVeranda,
			"Ruime woning met garage en tuin", "Maison spacieuse avec garage et jardin", 0},
		{4013, tBievre, kFarm, 385000, 5, 280, 9800, 1880, 2005, 330, fGarden | fOutbuildings | fStone | fWoods | fCellar,
			"Hoeve met schuur en weiland van bijna een hectare", "Ferme avec grange et prairie de près d'un hectare", 0},
		{4014, tBievre, kLand, 42000, 0, 0, 800, 0, 0, 0, mFrom,
			"Bouwgronden in een nieuwe verkaveling", "Terrains à bâtir dans un nouveau lotissement", 0},
		{4015, tGraide, kHouse, 215000, 3, 135, 900, 1968, 0, 290, fGarden | fGarage | fAttic | mSold,
			"Vrijstaande woning op een ruim perceel", "Maison quatre façades sur un grand terrain", 0},
		{4016, tGraide, kFarm, 349000, 4, 230, 5200, 1870, 1998, 410, fGarden | fOutbuildings | fStone | fStove,
			"Charmante hoeve met grote tuin", "Charmante ferme avec grand jardin", 0},
		{4017, tLibramont, kApartment, 198000, 2, 88, 0, 2015, 0, 78, fTerrace | fLift | fParking,
			"Modern appartement vlak bij het station", "Appartement moderne proche de la gare", 0},
		{4018, tLibramont, kVilla, 545000, 5, 290, 1850, 2012, 0, 92, fGarden | fTerrace | fGarage | fSolar | mNew | mHideAddress | mYouTuBe,
			"Hedendaagse villa met vijf slaapkamers", "Villa contemporaine de cinq chambres", 0},
		{4019, tLibramont, kBuilding, 890000, 8, 480, 620, 1995, 0, 160, fParking | fCellar | mNoPrice,
			"Appartementsgebouw met zes woongelegenheden", "Immeuble de six appartements", 6},
		{4020, tLibramont, kGarage, 19500, 0, 0, 18, 2024, 0, 0, mFrom,
			"Garageboxen in een beveiligd complex", "Boxes de garage dans un complexe sécurisé", 0},
		{4021, tLibramont, kHouse, 319000, 4, 175, 690, 2003, 0, 140, fGarden | fTerrace | fGarage | fQuiet,
			"Vrijstaande woning in een rustige wijk", "Maison quatre façades dans un quartier calme", 0},
		{4022, tRecogne, kHouse, 279000, 3, 140, 560, 1988, 2020, 170, fGarden | fSolar | fGarage | mOption,
			"Gerenoveerde woning met zonnepanelen", "Maison rénovée avec panneaux solaires", 0},
		{4023, tRecogne, kLand, 69000, 0, 0, 720, 0, 0, 0, mFrom,
			"Bouwgronden op wandelafstand van Libramont", "Terrains à bâtir à deux pas de Libramont", 0},
		{4024, tFlorenville, kDuplex, 175000, 2, 95, 0, 2008, 0, 150, fValley | fTerrace | fParking,
			"Duplexappartement met zicht op de vallei", "Duplex avec vue sur la vallée", 0},
		{4025, tFlorenville, kIncome, 459000, 5, 310, 380, 1910, 2012, 230, fCellar,
			"Opbrengsteigendom met drie appartementen", "Immeuble de rapport de trois appartements", 3},
		{4026, tFlorenville, kHouse, 229000, 3, 128, 410, 1958, 0, 325, fGarden | fCellar | fAttic | mReduced,
			"Gezinswoning in het centrum", "Maison familiale au centre", 0},
		{4027, tFlorenville, kVilla, 489000, 4, 230, 2400, 1998, 2021, 110, fGarden | fTerrace | fGarage | fWoods | mTour,
			"Villa met grote tuin en dubbele garage", "Villa avec grand jardin et double garage", 0},
		{4028, tMuno, kFarm, 365000, 4, 220, 11200, 1842, 2010, 305, fGarden | fOutbuildings | fWoods | fStone | fStove | mHideAddress,
			"Afgelegen hoeve omringd door bossen", "Ferme isolée entourée de forêts", 0},
		{4029, tMuno, kHouse, 198000, 3, 118, 640, 1972, 0, 345, fGarden | fGarage | mSold,
			"Woning met tuin in een rustig dorp", "Maison avec jardin dans un village calme", 0},
		{4030, tChassepierre, kHouse, 289000, 3, 155, 530, 1890, 2017, 250, fStone | fGarden | fCellar | fStove | mNew,
			"Stenen woning in een van de mooiste dorpen van Wallonië", "Maison en pierre dans l'un des plus beaux villages de Wallonie", 0},
		{4031, tChassepierre, kVilla, 619000, 5, 300, 4100, 2009, 0, 85, fGarden | fTerrace | fGarage | fValley | fSolar | mVimeo,
			"Exclusieve villa op ruim 40 are", "Villa d'exception sur plus de 40 ares", 0},
		{4032, tBouillon, kApartment, 215000, 2, 92, 0, 2027, 0, 62, fValley | fTerrace | fLift | fParking,
			"Nieuwbouwappartement met zicht op het kasteel", "Appartement neuf avec vue sur le château", 0},
		{4033, tBouillon, kStudio, 99000, 0, 38, 0, 1985, 2018, 190, 0,
			"Gerenoveerde studio in het centrum", "Studio rénové au centre-ville", 0},
		{4034, tBouillon, kShop, 285000, 0, 140, 160, 1900, 2011, 260, fCellar | mNoPrice,
			"Handelspand in de winkelstraat", "Commerce dans la rue commerçante", 0},
		{4035, tBouillon, kHouse, 299000, 4, 170, 380, 1925, 2014, 275, fGarden | fRiverside | fValley | fCellar | fAttic,
			"Herenwoning met tuin aan de Semois", "Maison de maître avec jardin sur la Semois", 0},
		{4036, tBouillon, kIncome, 535000, 6, 360, 420, 1935, 2016, 205, fMixedUse | fCellar,
			"Opbrengsteigendom met handelsgelijkvloers", "Immeuble de rapport avec rez commercial", 3},
		{4037, tRochehaut, kChalet, 179000, 3, 78, 1100, 2001, 0, 240, fValley | fTerrace | fGarden | fFurnished,
			"Chalet met adembenemend uitzicht op de Semois", "Chalet avec vue imprenable sur la Semois", 0},
		{4038, tRochehaut, kVilla, 720000, 5, 320, 5200, 2015, 0, 48, fValley | fGarden | fTerrace | fGarage | fSolar | mNoPrice | mHideAddress | mTour,
			"Architectenvilla met panoramisch zicht", "Villa d'architecte avec vue panoramique", 0},
		{4039, tCorbion, kChalet, 125000, 2, 58, 720, 1981, 0, 460, fWoods | fGarden | mSold,
			"Chalet in een bosrijke omgeving", "Chalet dans un cadre boisé", 0},
		{4040, tCorbion, kHouse, 209000, 3, 125, 980, 1960, 0, 380, fGarden | fGarage | fCellar | mReduced,
			"Woning met grote tuin bij de Franse grens", "Maison avec grand jardin près de la frontière", 0},
		{4041, tNoirefontaine, kFarm, 690000, 6, 380, 24000, 1820, 2012, 180, fOutbuildings | fGarden | fStone | fWoods | fStove | fGarage | mNoPrice,
			"Uitzonderlijk hoevecomplex op 2,4 hectare", "Exceptionnel corps de ferme sur 2,4 hectares", 0},
		{4042, tNeufchateau, kHouse, 239000, 3, 140, 540, 1978, 0, 300, fGarden | fGarage | fCellar,
			"Halfopen woning met tuin en garage", "Maison trois façades avec jardin et garage", 0},
		{4043, tNeufchateau, kApartment, 169000, 2, 82, 0, 2011, 0, 125, fTerrace | fLift | fParking,
			"Appartement met terras in het centrum", "Appartement avec terrasse au centre", 0},
		{4044, tNeufchateau, kHouse, 345000, 4, 185, 820, 2024, 0, 40, fGarden | fTerrace | fSolar | fGarage | mNew,
			"Nieuwbouwwoning met lage energiefactuur", "Maison neuve basse énergie", 0},
		{4045, tNeufchateau, kLand, 85000, 0, 0, 1250, 0, 0, 0, fQuiet,
			"Ruime bouwgrond voor een open bebouwing", "Grand terrain à bâtir pour une quatre façades", 0},
		{4046, tPaliseul, kHouse, 219000, 3, 132, 650, 1970, 2012, 265, fGarden | fVeranda | fGarage,
			"Instapklare woning met veranda", "Maison prête à vivre avec véranda", 0},
		{4047, tPaliseul, kVilla, 429000, 4, 215, 1900, 2004, 0, 135, fGarden | fTerrace | fGarage | fQuiet | mOption | mTour,
			"Villa met verzorgde tuin en terras op het zuiden", "Villa avec jardin soigné et terrasse plein sud", 0},
		{4048, tPaliseul, kHouse, 185000, 2, 105, 420, 1935, 0, 550, fToRenovate | fGarden | fAttic | fCellar,
			"Te renoveren woning met potentieel", "Maison à rénover avec potentiel", 0},
		{4049, tSaintHubert, kHouse, 199000, 3, 125, 310, 1912, 2010, 315, fGarden | fCellar | fStone | mReduced,
			"Herenhuis vlak bij de basiliek", "Maison de maître près de la basilique", 0},
		{4050, tSaintHubert, kFarm, 455000, 5, 260, 15800, 1860, 2015, 220, fOutbuildings | fWoods | fGarden | fStove | mHideAddress,
			"Hoeve met paardenweiden aan de bosrand", "Ferme avec prés pour chevaux à l'orée du bois", 0},
		{4051, tSaintHubert, kApartment, 149000, 2, 78, 0, 1998, 2021, 180, fLift | fCellar,
			"Appartement met twee slaapkamers en lift", "Appartement deux chambres avec ascenseur", 0},
		{4052, tBertrix, kHouse, 259000, 3, 150, 760, 1992, 0, 205, fGarden | fGarage | fTerrace,
			"Vrijstaande woning met grote garage", "Maison quatre façades avec grand garage", 0},
		{4053, tBertrix, kHouse, 225000, 3, 130, 580, 1965, 2011, 270, fGarden | fCellar | mSold,
			"Gezinswoning vlak bij scholen en station", "Maison familiale proche des écoles et de la gare", 0},
		{4054, tBertrix, kVilla, 475000, 4, 240, 1650, 2021, 0, 55, fGarden | fTerrace | fSolar | fGarage | mNew | mFacebook,
			"Recente villa met warmtepomp en zonnepanelen", "Villa récente avec pompe à chaleur et panneaux solaires", 0},
		{4055, tBertrix, kLand, 72000, 0, 0, 980, 0, 0, 0, fQuiet,
			"Bouwgrond in een residentiële wijk", "Terrain à bâtir dans un quartier résidentiel", 0},
		{4056, tAuby, kChalet, 149000, 2, 65, 1300, 1995, 0, 350, fWoods | fGarden | fTerrace,
			"Chalet op een groot bosperceel", "Chalet sur un grand terrain boisé", 0},
		{4057, tAuby, kHouse, 275000, 3, 148, 1200, 1930, 2022, 160, fGarden | fValley | fStone | fStove | mNew,
			"Volledig gerenoveerde dorpswoning", "Maison de village entièrement rénovée", 0},
		{4058, tLacuisine, kFarm, 499000, 5, 295, 7400, 1845, 2019, 190, fOutbuildings | fGarden | fRiverside | fValley | fStone,
			"Karaktervolle hoeve aan de oever van de Semois", "Ferme de caractère au bord de la Semois", 0},
		// for clients who moved away: one listing each in Flanders, Brussels
		// and Luxembourg, for their region's legal mentions
		{4059, tRode, kVilla, 595000, 4, 190, 1150, 1978, 2012, 310, fGarden | fTerrace | fGarage | fCellar | fWoods,
			"Vrijstaande villa aan de rand van het Zoniënwoud", "Villa quatre façades en lisière de la forêt de Soignes", 0},
		{4060, tElsene, kApartment, 445000, 2, 98, 0, 1930, 2016, 180, fTerrace | fLift | fCellar,
			"Art-decoappartement vlak bij de Vijvers van Elsene", "Appartement Art déco près des étangs d'Ixelles", 0},
		{4061, tWiltz, kHouse, 685000, 4, 175, 620, 1996, 2018, 140, fGarden | fTerrace | fGarage | fCellar | fValley,
			"Gezinswoning met tuin boven de vallei van de Wiltz", "Maison familiale avec jardin au-dessus de la vallée de la Wiltz", 0},

		// for rent (price is the monthly rent)
		{4101, tLibramont, kApartment, 795, 2, 85, 0, 2014, 0, 95, fTerrace | fLift | fParking,
			"Lichtrijk appartement met twee slaapkamers", "Appartement lumineux de deux chambres", 0},
		{4102, tBouillon, kApartment, 690, 1, 62, 0, 1990, 2017, 180, fValley | mRented,
			"Appartement met zicht op de Semois", "Appartement avec vue sur la Semois", 0},
		{4103, tBertrix, kStudio, 550, 0, 35, 0, 2005, 0, 210, fFurnished,
			"Studio vlak bij het station", "Studio proche de la gare", 0},
		{4104, tPaliseul, kHouse, 950, 3, 140, 600, 1975, 2015, 260, fGarden | fGarage | fCellar,
			"Gezinswoning met tuin", "Maison familiale avec jardin", 0},
		{4105, tNeufchateau, kHouse, 1150, 4, 175, 700, 2010, 0, 115, fGarden | fTerrace | fGarage,
			"Ruime woning met vier slaapkamers", "Maison spacieuse de quatre chambres", 0},
		{4106, tFlorenville, kApartment, 740, 2, 80, 0, 2002, 0, 165, fTerrace | fGarage,
			"Appartement met terras en garage", "Appartement avec terrasse et garage", 0},
		{4107, tLibramont, kGarage, 75, 0, 0, 15, 1998, 0, 0, 0,
			"Garagebox in het centrum", "Box de garage au centre", 0},
		{4108, tBertrix, kShop, 1250, 0, 120, 0, 1960, 2019, 240, 0,
			"Winkelruimte in de hoofdstraat", "Surface commerciale dans la rue principale", 0},
		{4109, tSaintHubert, kHouse, 890, 3, 130, 250, 1950, 2013, 310, fGarden | fCellar | mRented,
			"Dorpswoning met koer", "Maison de village avec cour", 0},
		{4110, tRecogne, kApartment, 820, 2, 90, 0, 2020, 0, 70, fTerrace | fParking | fLift,
			"Nieuw appartement met terras", "Appartement neuf avec terrasse", 0},
		{4111, tVresse, kChalet, 650, 2, 55, 600, 1990, 0, 400, fFurnished | fWoods | fTerrace,
			"Gemeubelde chalet aan de bosrand", "Chalet meublé en lisière de forêt", 0},
		{4112, tBievre, kHouse, 980, 3, 135, 520, 1985, 2016, 230, fGarden | fGarage,
			"Halfopen woning met garage", "Maison trois façades avec garage", 0},
		{4113, tRode, kApartment, 1150, 2, 90, 0, 2008, 0, 150, fTerrace | fLift | fParking | mHideAddress,
			"Appartement met twee slaapkamers en terras", "Appartement deux chambres avec terrasse", 0},
		{4114, tElsene, kApartment, 1350, 2, 85, 0, 1910, 2019, 160, fLift | fCellar,
			"Gerenoveerd appartement vlak bij het Flageyplein", "Appartement rénové près de la place Flagey", 0},
		{4115, tWiltz, kApartment, 1450, 2, 80, 0, 2012, 0, 100, fTerrace | fParking | fLift,
			"Appartement met terras in het centrum van Wiltz", "Appartement avec terrasse au centre de Wiltz", 0},
	}
	props := make([]*prop, 0, len(rows)+len(offSite))
	for _, r := range rows {
		goal := 0
		if r.id > 4100 {
			goal = 1
		}
		p := &prop{
			id: r.id, goal: goal, kind: r.kind, town: agencyTowns[r.town], price: r.price, beds: r.beds,
			living: r.living, ground: r.ground, year: r.year, renov: r.renov, epc: r.epc, feat: r.feat,
			title: both(r.titleNL, r.titleFR), units: r.units,
		}
		p.derive()
		p.completeMentions()
		props = append(props, p)
	}
	for _, o := range offSite {
		p := &prop{
			id: o.id, kind: o.kind, town: agencyTowns[o.town], price: o.price, beds: o.beds, living: o.living, ground: o.ground,
			year: o.year, epc: o.epc, feat: fGarden, title: both(o.titleNL, o.titleFR), offSite: true, offSiteStatus: o.status,
		}
		p.derive()
		props = append(props, p)
	}
	return props
}

// offSite are listings the platform holds that the agency does not publish:
// one still being prepared, one whose mandate was cancelled, one put aside.
// GetPropertyList lists them with the others; the site must not.
var offSite = []struct {
	id, town, status int
	kind             kind
	price, beds      int
	living, ground   int
	year, epc        int
	titleNL, titleFR string
}{
	{4090, tBouillon, platform.StatusProspective, kHouse, 259000, 3, 140, 450, 1965, 280,
		"Woning in voorbereiding", "Maison en préparation"},
	{4091, tLibramont, platform.StatusCancelled, kApartment, 189000, 2, 85, 0, 2004, 150,
		"Appartement, opdracht ingetrokken", "Appartement, mandat retiré"},
	{4092, tBertrix, platform.StatusInactive, kHouse, 205000, 3, 125, 600, 1972, 320,
		"Woning, tijdelijk niet te koop", "Maison, temporairement retirée de la vente"},
}
