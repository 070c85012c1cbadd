package demo

import "github.com/estate-agency/estate/listing"

// town is a place with listings. Walloon towns keep their French name in
// Dutch; bilingual ones carry both.
type town struct {
	name     text
	zip      string
	country  int
	lat, lng float64
	semois   bool // on the Semois, which the descriptions mention
	station  bool
	agent    int  // index in agents
	about    text // a sentence about the place, for the agency's descriptions
	// streets are the place's own street names; empty for the Walloon
	// villages, which share streets.
	streets []string
}

// agencyTowns are the demo agency's 24 towns: 21 in the seed's postcode
// ranges (5550, 5555, 6800, 6820–6880), then one in Flanders, one in
// Brussels and one in Luxembourg, where the agency sells for clients who
// moved away and whose listings carry their region's legal mentions.
var agencyTowns = [...]town{
	{name: same("Vresse-sur-Semois"), zip: "5550", lat: 49.8719, lng: 4.9336, semois: true, about: text{
		nl: "Vresse-sur-Semois is bekend om zijn tabaksdrogerijen, de kajaktochten en de wandelpaden langs de Semois.",
		fr: "Vresse-sur-Semois est réputée pour ses séchoirs à tabac, ses descentes en kayak et ses promenades le long de la Semois."}},
	{name: same("Alle"), zip: "5550", lat: 49.8434, lng: 4.9682, semois: true, about: text{
		nl: "Alle is een levendig dorp aan de Semois, met een bakker, een supermarkt en een basisschool.",
		fr: "Alle est un village animé au bord de la Semois, avec boulangerie, supérette et école primaire."}},
	{name: same("Bohan"), zip: "5550", lat: 49.8643, lng: 4.8856, semois: true, about: text{
		nl: "Bohan ligt in een meander van de Semois, vlak bij de Franse grens en omringd door bossen.",
		fr: "Bohan se niche dans un méandre de la Semois, tout près de la frontière française et entouré de forêts."}},
	{name: same("Membre"), zip: "5550", lat: 49.8682, lng: 4.8998, semois: true, about: text{
		nl: "Membre is een rustig dorp aan de Semois en het vertrekpunt van talrijke wandelingen naar de uitkijkpunten.",
		fr: "Membre est un village paisible au bord de la Semois, point de départ de nombreuses balades vers les points de vue."}},
	{name: same("Bièvre"), zip: "5555", lat: 49.9394, lng: 5.0158, about: text{
		nl: "Bièvre biedt alle voorzieningen, van scholen tot sporthal, op twintig minuten van de E411.",
		fr: "Bièvre offre tous les services, des écoles au hall sportif, à vingt minutes de l'E411."}},
	{name: same("Graide"), zip: "5555", lat: 49.9383, lng: 5.0700, about: text{
		nl: "Graide is een landelijk dorp van de gemeente Bièvre, met weilanden en bossen zover het oog reikt.",
		fr: "Graide est un village rural de la commune de Bièvre, entouré de prairies et de forêts à perte de vue."}},
	{name: same("Libramont-Chevigny"), zip: "6800", lat: 49.9203, lng: 5.3788, station: true, agent: 1, about: text{
		nl: "Libramont is het economische hart van de provincie, met een station, een ziekenhuis, scholen en de bekende landbouwbeurs.",
		fr: "Libramont est le cœur économique de la province, avec sa gare, son hôpital, ses écoles et sa célèbre Foire agricole."}},
	{name: same("Recogne"), zip: "6800", lat: 49.9161, lng: 5.3502, agent: 1, about: text{
		nl: "Recogne grenst aan Libramont en ligt op enkele minuten van het station en de E411.",
		fr: "Recogne jouxte Libramont, à quelques minutes de la gare et de l'E411."}},
	{name: same("Florenville"), zip: "6820", lat: 49.6997, lng: 5.3096, station: true, about: text{
		nl: "Florenville, met zijn kerk en zijn uitkijkpunt over de Semoisvallei, heeft winkels en scholen binnen handbereik.",
		fr: "Florenville, avec son église et son belvédère sur la vallée de la Semois, offre commerces et écoles à portée de main."}},
	{name: same("Muno"), zip: "6820", lat: 49.7199, lng: 5.1702, about: text{
		nl: "Muno is een rustig grensdorp, omringd door uitgestrekte bossen en op korte afstand van Florenville.",
		fr: "Muno est un paisible village frontalier, entouré de vastes forêts et proche de Florenville."}},
	{name: same("Chassepierre"), zip: "6824", lat: 49.7092, lng: 5.2621, semois: true, about: text{
		nl: "Chassepierre, een van de mooiste dorpen van Wallonië, staat bekend om zijn straattheaterfestival.",
		fr: "Chassepierre, l'un des plus beaux villages de Wallonie, est connu pour son festival des arts de la rue."}},
	{name: same("Bouillon"), zip: "6830", lat: 49.7937, lng: 5.0661, semois: true, about: text{
		nl: "Bouillon, aan de voet van de burcht van Godfried van Bouillon, biedt winkels, restaurants en alle diensten.",
		fr: "Bouillon, au pied du château de Godefroid de Bouillon, offre commerces, restaurants et tous les services."}},
	{name: same("Rochehaut"), zip: "6830", lat: 49.8380, lng: 5.0055, semois: true, about: text{
		nl: "Rochehaut ligt hoog boven de Semois en biedt een van de mooiste panorama's van de Ardennen.",
		fr: "Perché au-dessus de la Semois, Rochehaut offre l'un des plus beaux panoramas des Ardennes."}},
	{name: same("Corbion"), zip: "6838", lat: 49.7956, lng: 5.0017, semois: true, about: text{
		nl: "Corbion is een rustig grensdorp op enkele kilometers van Bouillon, met wandelpaden tot aan de Semois.",
		fr: "Corbion est un village frontalier tranquille à quelques kilomètres de Bouillon, avec des sentiers jusqu'à la Semois."}},
	{name: same("Noirefontaine"), zip: "6831", lat: 49.8129, lng: 5.0913, about: text{
		nl: "Noirefontaine is een rustig dorp op het plateau, op vijf minuten van Bouillon.",
		fr: "Noirefontaine est un village calme sur le plateau, à cinq minutes de Bouillon."}},
	{name: same("Neufchâteau"), zip: "6840", lat: 49.8413, lng: 5.4354, agent: 1, about: text{
		nl: "Neufchâteau biedt scholen, winkels en een vlotte verbinding met de E411 en de E25.",
		fr: "Neufchâteau offre écoles et commerces ainsi qu'un accès rapide aux autoroutes E411 et E25."}},
	{name: same("Paliseul"), zip: "6850", lat: 49.9040, lng: 5.1344, station: true, about: text{
		nl: "Paliseul is een levendige gemeente met alle voorzieningen, op een kwartier van Bouillon en Libramont.",
		fr: "Paliseul est une commune animée qui dispose de tous les services, à un quart d'heure de Bouillon et de Libramont."}},
	{name: same("Saint-Hubert"), zip: "6870", lat: 50.0260, lng: 5.3743, agent: 1, about: text{
		nl: "Saint-Hubert, de Europese hoofdstad van de jacht en de natuur, ligt midden in een uitgestrekt bosmassief.",
		fr: "Saint-Hubert, capitale européenne de la chasse et de la nature, est entourée d'un vaste massif forestier."}},
	{name: same("Bertrix"), zip: "6880", lat: 49.8551, lng: 5.2528, station: true, agent: 1, about: text{
		nl: "Bertrix is een dynamische gemeente met een station, winkels, scholen en een sportcentrum.",
		fr: "Bertrix est une commune dynamique avec gare, commerces, écoles et centre sportif."}},
	{name: same("Auby-sur-Semois"), zip: "6880", lat: 49.8220, lng: 5.1790, semois: true, agent: 1, about: text{
		nl: "Auby-sur-Semois is een klein dorp in een bocht van de Semois, op enkele minuten van Bertrix.",
		fr: "Auby-sur-Semois est un petit village niché dans une boucle de la Semois, à quelques minutes de Bertrix."}},
	{name: same("Lacuisine"), zip: "6821", lat: 49.7172, lng: 5.3270, semois: true, about: text{
		nl: "Lacuisine ligt langs de Semois, op wandelafstand van Florenville en omringd door bossen.",
		fr: "Lacuisine s'étire le long de la Semois, à distance de promenade de Florenville, entourée de forêts."}},
	{name: text{"Sint-Genesius-Rode", "Rhode-Saint-Genèse", "Sint-Genesius-Rode", "Sint-Genesius-Rode"}, zip: "1640",
		lat: 50.7486, lng: 4.3569, station: true, streets: []string{"Bevrijdingslaan", "Kerkstraat", "Zoniënwoudlaan", "Lindenberg", "Dennenboslaan"},
		about: text{
			nl: "Sint-Genesius-Rode ligt aan de rand van het Zoniënwoud, met een station en op tien minuten van de Brusselse Ring.",
			fr: "Rhode-Saint-Genèse borde la forêt de Soignes, avec sa gare et à dix minutes du Ring de Bruxelles."}},
	{name: text{"Elsene", "Ixelles", "Ixelles", "Ixelles"}, zip: "1050", lat: 50.8275, lng: 4.3725,
		streets: []string{"Rue Gachard", "Rue de la Brasserie", "Rue du Serpentin", "Rue Lesbroussart"},
		about: text{
			nl: "Elsene is een levendige Brusselse gemeente, met de Vijvers, het Flageyplein en tram en bus voor de deur.",
			fr: "Ixelles est une commune bruxelloise animée, avec ses étangs, la place Flagey et trams et bus à la porte."}},
	{name: same("Wiltz"), zip: "9530", country: listing.CountryLuxembourg, lat: 49.9660, lng: 5.9320, station: true, agent: 1,
		streets: []string{"Grand-Rue", "Rue du Château", "Avenue Nicolas Kreins", "Rue des Tondeurs"},
		about: text{
			nl: "Wiltz, in het noorden van het Groothertogdom, heeft een station, scholen en winkels op een half uur van Bastogne.",
			fr: "Wiltz, au nord du Grand-Duché, dispose d'une gare, d'écoles et de commerces, à une demi-heure de Bastogne."}},
}

// Indices in agencyTowns, for the property table.
const (
	tVresse = iota
	tAlle
	tBohan
	tMembre
	tBievre
	tGraide
	tLibramont
	tRecogne
	tFlorenville
	tMuno
	tChassepierre
	tBouillon
	tRochehaut
	tCorbion
	tNoirefontaine
	tNeufchateau
	tPaliseul
	tSaintHubert
	tBertrix
	tAuby
	tLacuisine
	tRode
	tElsene
	tWiltz
)

// ardennesTowns are the first agencyTowns, those of the seed's postcode
// ranges.
const ardennesTowns = tRode

func same(name string) text { return text{name, name, name, name} }

func both(nl, fr string) text { return text{nl: nl, fr: fr} }

// streets are street names of Walloon villages, used for the demo addresses.
var streets = [...]string{
	"Rue du Moulin", "Rue de l'Église", "Rue des Écoles", "Grand-Rue", "Rue du Château", "Rue de la Gare",
	"Chemin des Crêtes", "Rue des Tilleuls", "Rue du Centre", "Rue des Sorbiers", "Rue de la Fontaine",
	"Rue du Bois", "Rue des Prés", "Place communale", "Rue Saint-Roch", "Rue des Hêtres", "Route de France",
	"Rue du Tilleul", "Rue des Ardoisières", "Rue de la Chapelle",
}

// belgium are towns all over Belgium (and three in Luxembourg) for Synthetic,
// so its facets and EPC scales cover every region.
var belgium = [...]town{
	// Brussels
	{name: text{"Brussel", "Bruxelles", "Brussels", "Brüssel"}, zip: "1000", lat: 50.8467, lng: 4.3525},
	{name: text{"Elsene", "Ixelles", "Ixelles", ""}, zip: "1050", lat: 50.8333, lng: 4.3667},
	{name: text{"Schaarbeek", "Schaerbeek", "Schaerbeek", ""}, zip: "1030", lat: 50.8676, lng: 4.3737},
	{name: text{"Ukkel", "Uccle", "Uccle", ""}, zip: "1180", lat: 50.8000, lng: 4.3333},
	{name: same("Etterbeek"), zip: "1040", lat: 50.8361, lng: 4.3861},
	{name: same("Anderlecht"), zip: "1070", lat: 50.8333, lng: 4.3072},
	{name: text{"Sint-Gillis", "Saint-Gilles", "Saint-Gilles", ""}, zip: "1060", lat: 50.8261, lng: 4.3456},
	{name: text{"Sint-Lambrechts-Woluwe", "Woluwe-Saint-Lambert", "Woluwe-Saint-Lambert", ""}, zip: "1200", lat: 50.8474, lng: 4.4250},
	{name: text{"Oudergem", "Auderghem", "Auderghem", ""}, zip: "1160", lat: 50.8156, lng: 4.4331},
	{name: same("Jette"), zip: "1090", lat: 50.8772, lng: 4.3289},
	{name: text{"Vorst", "Forest", "Forest", ""}, zip: "1190", lat: 50.8100, lng: 4.3180},
	// Flanders
	{name: text{"Antwerpen", "Anvers", "Antwerp", "Antwerpen"}, zip: "2000", lat: 51.2194, lng: 4.4025},
	{name: text{"Gent", "Gand", "Ghent", "Gent"}, zip: "9000", lat: 51.0543, lng: 3.7174},
	{name: text{"Brugge", "Bruges", "Bruges", "Brügge"}, zip: "8000", lat: 51.2093, lng: 3.2247},
	{name: text{"Leuven", "Louvain", "Leuven", "Löwen"}, zip: "3000", lat: 50.8798, lng: 4.7005},
	{name: text{"Mechelen", "Malines", "Mechelen", ""}, zip: "2800", lat: 51.0259, lng: 4.4776},
	{name: same("Hasselt"), zip: "3500", lat: 50.9307, lng: 5.3325},
	{name: text{"Kortrijk", "Courtrai", "Kortrijk", ""}, zip: "8500", lat: 50.8280, lng: 3.2649},
	{name: text{"Oostende", "Ostende", "Ostend", ""}, zip: "8400", lat: 51.2154, lng: 2.9287},
	{name: text{"Aalst", "Alost", "Aalst", ""}, zip: "9300", lat: 50.9378, lng: 4.0403},
	{name: same("Genk"), zip: "3600", lat: 50.9650, lng: 5.5008},
	{name: text{"Sint-Niklaas", "Saint-Nicolas", "Sint-Niklaas", ""}, zip: "9100", lat: 51.1650, lng: 4.1437},
	{name: same("Turnhout"), zip: "2300", lat: 51.3227, lng: 4.9446},
	{name: text{"Roeselare", "Roulers", "Roeselare", ""}, zip: "8800", lat: 50.9465, lng: 3.1227},
	{name: text{"Ieper", "Ypres", "Ypres", "Ypern"}, zip: "8900", lat: 50.8503, lng: 2.8856},
	{name: text{"Lier", "Lierre", "Lier", ""}, zip: "2500", lat: 51.1315, lng: 4.5700},
	{name: text{"Tongeren", "Tongres", "Tongeren", ""}, zip: "3700", lat: 50.7805, lng: 5.4645},
	{name: text{"Dendermonde", "Termonde", "Dendermonde", ""}, zip: "9200", lat: 51.0286, lng: 4.1010},
	{name: same("Knokke-Heist"), zip: "8300", lat: 51.3500, lng: 3.2650},
	{name: same("Geel"), zip: "2440", lat: 51.1620, lng: 4.9900},
	{name: text{"Halle", "Hal", "Halle", ""}, zip: "1500", lat: 50.7339, lng: 4.2345},
	{name: text{"Vilvoorde", "Vilvorde", "Vilvoorde", ""}, zip: "1800", lat: 50.9281, lng: 4.4253},
	{name: same("Zaventem"), zip: "1930", lat: 50.8836, lng: 4.4727},
	{name: text{"Tienen", "Tirlemont", "Tienen", ""}, zip: "3300", lat: 50.8072, lng: 4.9380},
	{name: same("Diest"), zip: "3290", lat: 50.9839, lng: 5.0514},
	{name: same("Lokeren"), zip: "9160", lat: 51.1036, lng: 3.9936},
	{name: same("Waregem"), zip: "8790", lat: 50.8889, lng: 3.4275},
	{name: text{"Oudenaarde", "Audenarde", "Oudenaarde", ""}, zip: "9700", lat: 50.8439, lng: 3.6050},
	{name: text{"Sint-Truiden", "Saint-Trond", "Sint-Truiden", ""}, zip: "3800", lat: 50.8167, lng: 5.1864},
	{name: same("Mol"), zip: "2400", lat: 51.1911, lng: 5.1166},
	{name: same("Herentals"), zip: "2200", lat: 51.1766, lng: 4.8357},
	{name: same("Bree"), zip: "3960", lat: 51.1410, lng: 5.5970},
	{name: same("Maasmechelen"), zip: "3630", lat: 50.9656, lng: 5.6947},
	{name: text{"De Panne", "La Panne", "De Panne", ""}, zip: "8660", lat: 51.1000, lng: 2.5917},
	{name: same("Ninove"), zip: "9400", lat: 50.8281, lng: 4.0250},
	{name: same("Zottegem"), zip: "9620", lat: 50.8694, lng: 3.8100},
	{name: same("Brasschaat"), zip: "2930", lat: 51.2910, lng: 4.4918},
	{name: same("Tervuren"), zip: "3080", lat: 50.8238, lng: 4.5142},
	{name: same("Overijse"), zip: "3090", lat: 50.7741, lng: 4.5357},
	// Wallonia
	{name: text{"Luik", "Liège", "Liège", "Lüttich"}, zip: "4000", lat: 50.6326, lng: 5.5797},
	{name: text{"Namen", "Namur", "Namur", "Namür"}, zip: "5000", lat: 50.4674, lng: 4.8720},
	{name: text{"Bergen", "Mons", "Mons", ""}, zip: "7000", lat: 50.4542, lng: 3.9567},
	{name: same("Charleroi"), zip: "6000", lat: 50.4108, lng: 4.4446},
	{name: text{"Doornik", "Tournai", "Tournai", ""}, zip: "7500", lat: 50.6056, lng: 3.3878},
	{name: text{"Waver", "Wavre", "Wavre", ""}, zip: "1300", lat: 50.7170, lng: 4.6010},
	{name: text{"Nijvel", "Nivelles", "Nivelles", ""}, zip: "1400", lat: 50.5975, lng: 4.3286},
	{name: text{"Aarlen", "Arlon", "Arlon", ""}, zip: "6700", lat: 49.6833, lng: 5.8167},
	{name: text{"Bastenaken", "Bastogne", "Bastogne", ""}, zip: "6600", lat: 50.0000, lng: 5.7167},
	{name: same("Marche-en-Famenne"), zip: "6900", lat: 50.2269, lng: 5.3442},
	{name: same("Dinant"), zip: "5500", lat: 50.2606, lng: 4.9122},
	{name: same("Spa"), zip: "4900", lat: 50.4925, lng: 5.8650},
	{name: same("Verviers"), zip: "4800", lat: 50.5891, lng: 5.8630},
	{name: text{"Hoei", "Huy", "Huy", ""}, zip: "4500", lat: 50.5183, lng: 5.2394},
	{name: same("Durbuy"), zip: "6940", lat: 50.3524, lng: 5.4564},
	{name: same("La Roche-en-Ardenne"), zip: "6980", lat: 50.1833, lng: 5.5758},
	{name: same("Malmedy"), zip: "4960", lat: 50.4264, lng: 6.0275},
	{name: same("Eupen"), zip: "4700", lat: 50.6300, lng: 6.0331},
	{name: same("Ottignies-Louvain-la-Neuve"), zip: "1340", lat: 50.6667, lng: 4.5667},
	{name: same("Waterloo"), zip: "1410", lat: 50.7167, lng: 4.4000},
	{name: text{"Eigenbrakel", "Braine-l'Alleud", "Braine-l'Alleud", ""}, zip: "1420", lat: 50.6833, lng: 4.3667},
	{name: text{"Aat", "Ath", "Ath", ""}, zip: "7800", lat: 50.6292, lng: 3.7780},
	{name: text{"Moeskroen", "Mouscron", "Mouscron", ""}, zip: "7700", lat: 50.7440, lng: 3.2140},
	{name: same("Ciney"), zip: "5590", lat: 50.2944, lng: 5.1000},
	{name: same("Philippeville"), zip: "5600", lat: 50.1950, lng: 4.5433},
	{name: same("Chimay"), zip: "6460", lat: 50.0483, lng: 4.3169},
	{name: same("Virton"), zip: "6760", lat: 49.5667, lng: 5.5333},
	{name: text{"Gembloers", "Gembloux", "Gembloux", ""}, zip: "5030", lat: 50.5611, lng: 4.6986},
	{name: same("Rochefort"), zip: "5580", lat: 50.1597, lng: 5.2228},
	{name: same("Houffalize"), zip: "6660", lat: 50.1325, lng: 5.7897},
	{name: same("Stavelot"), zip: "4970", lat: 50.3939, lng: 5.9311},
	{name: same("Vielsalm"), zip: "6690", lat: 50.2842, lng: 5.9136},
	// Luxembourg
	{name: text{"Luxemburg", "Luxembourg", "Luxembourg", "Luxemburg"}, zip: "1450", country: listing.CountryLuxembourg, lat: 49.6116, lng: 6.1319},
	{name: same("Esch-sur-Alzette"), zip: "4001", country: listing.CountryLuxembourg, lat: 49.4958, lng: 5.9806},
	{name: text{"Ettelbruck", "Ettelbruck", "Ettelbruck", "Ettelbrück"}, zip: "9010", country: listing.CountryLuxembourg, lat: 49.8475, lng: 6.1042},
}

// regionOf follows the spec's postcode ranges: 1000–1299 Brussels, 1300–1499
// and 4000–7999 Wallonia, the rest of Belgium Flanders.
func regionOf(country int, zip string) listing.Region {
	switch country {
	case listing.CountryLuxembourg:
		return listing.Luxembourg
	case listing.CountryBelgium, 0:
	default:
		return listing.OtherLand
	}
	n := 0
	for _, c := range zip {
		if c < '0' || c > '9' {
			return listing.OtherLand
		}
		n = n*10 + int(c-'0')
	}
	switch {
	case n >= 1000 && n <= 1299:
		return listing.Brussels
	case n >= 1300 && n <= 1499, n >= 4000 && n <= 7999:
		return listing.Wallonia
	case n >= 1500 && n <= 9999:
		return listing.Flanders
	}
	return listing.OtherLand
}
