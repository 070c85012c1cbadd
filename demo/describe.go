package demo

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/estate-agency/estate/listing"
)

// The descriptions are composed from sentence templates chosen per property
// (the choice is made once, so every language tells the same story) and
// filled with its figures. The {name} fields are listed in prop.vars.

var intros = [kindCount][]text{
	kVilla: {
		{nl: "Deze ruime villa met {bedrooms} ligt in een groene, residentiële wijk van {town}.",
			fr: "Cette vaste villa de {bedrooms} se situe dans un quartier résidentiel verdoyant de {town}.",
			en: "This spacious villa with {bedrooms} stands in a leafy residential area of {town}."},
		{nl: "Uitzonderlijke villa op een perceel van {ground}, met een weids uitzicht over de bossen rond {town}.",
			fr: "Villa d'exception sur une parcelle de {ground}, avec une vue dégagée sur les forêts autour de {town}.",
			en: "An exceptional villa on a {ground} plot with sweeping views over the forests around {town}."},
		{nl: "Hedendaagse villa met een verzorgde afwerking, rustig gelegen op enkele minuten van het centrum van {town}.",
			fr: "Villa contemporaine aux finitions soignées, au calme à quelques minutes du centre de {town}.",
			en: "A contemporary villa with quality finishes, quietly set a few minutes from the centre of {town}."},
	},
	kHouse: {
		{nl: "In een rustige straat van {town} staat deze verzorgde gezinswoning met {bedrooms}.",
			fr: "Dans une rue calme de {town}, cette maison familiale soignée compte {bedrooms}.",
			en: "On a quiet street in {town}, this well-kept family home offers {bedrooms}."},
		{nl: "Op een zonnig perceel van {ground} aan de rand van {town} vindt u deze woning met {bedrooms}.",
			fr: "Sur une parcelle ensoleillée de {ground} en bordure de {town}, découvrez cette maison de {bedrooms}.",
			en: "On a sunny {ground} plot on the edge of {town}, this house offers {bedrooms}."},
		{nl: "Deze ruime woning met {bedrooms} ligt op wandelafstand van de winkels en scholen van {town}.",
			fr: "Cette maison spacieuse de {bedrooms} se trouve à distance de marche des commerces et des écoles de {town}.",
			en: "This roomy house with {bedrooms} is within walking distance of the shops and schools of {town}."},
	},
	kFarm: {
		{nl: "Authentieke Ardense hoeve in natuursteen, gelegen op een perceel van {ground} in {town}.",
			fr: "Authentique ferme ardennaise en pierre du pays, sur une parcelle de {ground} à {town}.",
			en: "An authentic Ardennes farmhouse in local stone, set on {ground} of land in {town}."},
		{nl: "Voormalige hoeve met schuur en bijgebouwen, ideaal voor wie ruimte en rust zoekt in {town}.",
			fr: "Ancienne ferme avec grange et dépendances, idéale pour qui cherche de l'espace et du calme à {town}.",
			en: "A former farm with a barn and outbuildings, ideal for anyone looking for space and peace in {town}."},
		{nl: "Deze karaktervolle hoeve uit {year} ligt aan de rand van {town}, op een perceel van {ground}.",
			fr: "Cette ferme de caractère datant de {year} se trouve en bordure de {town}, sur une parcelle de {ground}.",
			en: "Dating from {year}, this farmhouse full of character lies on the edge of {town}, on {ground} of land."},
	},
	kApartment: {
		{nl: "Lichtrijk appartement {floor} van een kleine residentie in het centrum van {town}.",
			fr: "Appartement lumineux {floor} d'une petite résidence au centre de {town}.",
			en: "A bright apartment {floor} of a small residence in the centre of {town}."},
		{nl: "Instapklaar appartement met {bedrooms}, vlak bij de winkels en scholen van {town}.",
			fr: "Appartement prêt à vivre de {bedrooms}, proche des commerces et des écoles de {town}.",
			en: "A move-in ready apartment with {bedrooms}, close to the shops and schools of {town}."},
	},
	kStudio: {
		{nl: "Gezellige studio {floor} in {town}, ideaal voor een student of een alleenstaande.",
			fr: "Studio cosy {floor} à {town}, idéal pour un étudiant ou une personne seule.",
			en: "A cosy studio {floor} in {town}, ideal for a student or a single person."},
		{nl: "Gezellige studio {floor}, ideaal als eerste woning of als investering, in {town}.",
			fr: "Studio cosy {floor}, idéal comme premier logement ou comme investissement, à {town}.",
			en: "A cosy studio {floor}, ideal as a first home or as an investment, in {town}."},
	},
	kDuplex: {
		{nl: "Ruim duplexappartement onder het dak, met zicht op de heuvels rond {town}.",
			fr: "Spacieux duplex sous toiture, avec vue sur les collines autour de {town}.",
			en: "A spacious top-floor duplex with views over the hills around {town}."},
	},
	kChalet: {
		{nl: "Houten chalet in een rustig vakantiedomein bij {town}, omringd door sparren en loofbos.",
			fr: "Chalet en bois dans un domaine de vacances paisible près de {town}, entouré de sapins et de feuillus.",
			en: "A timber chalet in a quiet holiday park near {town}, surrounded by spruce and broadleaf woods."},
		{nl: "Instapklare chalet, perfect als tweede verblijf of voor toeristische verhuur in {town}.",
			fr: "Chalet prêt à l'emploi, parfait comme résidence secondaire ou pour la location touristique à {town}.",
			en: "A ready-to-use chalet, perfect as a second home or as a holiday let in {town}."},
	},
	kIncome: {
		{nl: "Opbrengsteigendom met {units} verhuurde appartementen in het centrum van {town}: een solide belegging met een bruto rendement van ongeveer {yield}.",
			fr: "Immeuble de rapport comprenant {units} appartements loués au centre de {town}\u00a0: un placement solide avec un rendement brut d'environ {yield}.",
			en: "An investment property with {units} let apartments in the centre of {town}: a sound investment with a gross yield of about {yield}."},
	},
	kBuilding: {
		{nl: "Appartementsgebouw uit {year} met {units} woongelegenheden, alle verhuurd, in een rustige straat van {town}.",
			fr: "Immeuble à appartements de {year} comprenant {units} logements, tous loués, dans une rue calme de {town}.",
			en: "A {year} apartment building with {units} units, all let, on a quiet street in {town}."},
	},
	kGarage: {
		{nl: "Afgesloten garagebox in een beveiligd complex in {town}, met sectionale poort.",
			fr: "Box de garage fermé dans un complexe sécurisé à {town}, avec porte sectionnelle.",
			en: "A closed garage box in a secure complex in {town}, with a sectional door."},
	},
	kShop: {
		{nl: "Handelspand op een drukke as in het centrum van {town}, met een brede etalage en een goede zichtbaarheid.",
			fr: "Surface commerciale sur un axe passant au centre de {town}, avec une large vitrine et une belle visibilité.",
			en: "Commercial premises on a busy street in the centre of {town}, with a wide shop window and great visibility."},
	},
	kHoreca: {
		{nl: "Café-restaurant met terras in het centrum van {town}, verkocht met volledige inventaris.",
			fr: "Café-restaurant avec terrasse au centre de {town}, vendu avec l'ensemble du matériel.",
			en: "A café-restaurant with a terrace in the centre of {town}, sold with all its equipment."},
	},
	kLand: {
		{nl: "Bouwgrond van {ground} in een rustige woonwijk van {town}, geschikt voor een open bebouwing.",
			fr: "Terrain à bâtir de {ground} dans un quartier résidentiel calme de {town}, pour une construction quatre façades.",
			en: "A {ground} building plot in a quiet residential area of {town}, suitable for a detached house."},
		{nl: "Mooi georiënteerd perceel van {ground} met zicht op de bossen, aan een uitgeruste weg in {town}.",
			fr: "Belle parcelle de {ground} bien orientée avec vue sur les bois, le long d'une voirie équipée à {town}.",
			en: "A well-oriented {ground} plot with views of the woods, on a fully serviced road in {town}."},
	},
}

// Intros used instead when the property's situation calls for them.
var (
	introStone = text{nl: "Deze charmante woning in Ardense natuursteen ligt in het hart van {town}.",
		fr: "Cette charmante maison en pierre du pays se trouve au cœur de {town}.",
		en: "This charming house in local Ardennes stone sits in the heart of {town}."}
	introToRenovate = text{nl: "Te renoveren woning met veel potentieel in {town}: ideaal voor wie zijn eigen stempel wil drukken.",
		fr: "Maison à rénover au fort potentiel à {town}\u00a0: idéale pour qui souhaite y apporter sa touche personnelle.",
		en: "A house to renovate with plenty of potential in {town}: ideal for buyers who want to make their mark."}
	introChaletSemois = text{nl: "Charmant weekendverblijf op een beboste helling boven de Semois, in {town}.",
		fr: "Charmant pied-à-terre sur un versant boisé surplombant la Semois, à {town}.",
		en: "A charming weekend retreat on a wooded slope above the Semois, in {town}."}
	introHorecaSemois = text{nl: "Café-restaurant met terras aan de oever van de Semois in {town}, verkocht met volledige inventaris.",
		fr: "Café-restaurant avec terrasse au bord de la Semois à {town}, vendu avec l'ensemble du matériel.",
		en: "A café-restaurant with a terrace on the banks of the Semois in {town}, sold with all its equipment."}
	introMixed = text{nl: "Opbrengsteigendom met een handelsgelijkvloers en {units} appartementen op de verdiepingen, in de winkelstraat van {town}.",
		fr: "Immeuble de rapport avec un rez-de-chaussée commercial et {units} appartements aux étages, dans la rue commerçante de {town}.",
		en: "An investment building with a shop on the ground floor and {units} apartments above, on the main shopping street of {town}."}
	introAllotment = text{nl: "Nieuwe verkaveling van {lots} loten in {town}: bouwgronden van {ground} tot ruim {ground2}.",
		fr: "Nouveau lotissement de {lots} lots à {town}\u00a0: terrains de {ground} à plus de {ground2}.",
		en: "A new allotment of {lots} lots in {town}: plots from {ground} to over {ground2}."}
	introGarages = text{nl: "Nog enkele garageboxen te koop in een nieuw complex in {town}, vlak bij het centrum.",
		fr: "Encore quelques boxes de garage à vendre dans un nouveau complexe à {town}, tout près du centre.",
		en: "A few garage boxes still for sale in a new complex in {town}, close to the centre."}
)

// layouts describe the rooms; houses have two variants.
var layouts = [kindCount][]text{
	kVilla: houseLayouts, kHouse: houseLayouts, kFarm: houseLayouts,
	kApartment: {{nl: "Het appartement omvat een inkomhal, een lichte leefruimte, een {kitchen}, {bedrooms} en {baths} ({living}).",
		fr: "L'appartement comprend un hall d'entrée, un séjour lumineux, une {kitchen}, {bedrooms} et {baths} ({living}).",
		en: "The apartment comprises an entrance hall, a bright living room, a {kitchen}, {bedrooms} and {baths} ({living})."}},
	kDuplex: {{nl: "Beneden liggen de leefruimte en de {kitchen}; boven vindt u {bedrooms} en {baths}, samen goed voor {living}.",
		fr: "Le niveau inférieur accueille le séjour et la {kitchen}\u202f; à l'étage se trouvent {bedrooms} et {baths}, pour un total de {living}.",
		en: "The lower level holds the living room and the {kitchen}; upstairs are {bedrooms} and {baths}, {living} in all."}},
	kStudio: {{nl: "De studio ({living}) bestaat uit een leefruimte met kitchenette, een doucheruimte en voldoende bergruimte.",
		fr: "Le studio ({living}) se compose d'une pièce de vie avec kitchenette, d'une salle de douche et de rangements.",
		en: "The studio ({living}) has a living area with kitchenette, a shower room and plenty of storage."}},
	kChalet: {{nl: "De chalet ({living}) omvat een leefruimte met open keuken, {bedrooms} en een doucheruimte.",
		fr: "Le chalet ({living}) comprend un séjour avec cuisine ouverte, {bedrooms} et une salle de douche.",
		en: "The chalet ({living}) offers a living room with an open kitchen, {bedrooms} and a shower room."}},
	kIncome: {{nl: "De huidige huurinkomsten bedragen {rent} per maand; alle huurcontracten zijn geregistreerd.",
		fr: "Les revenus locatifs actuels s'élèvent à {rent} par mois\u202f; tous les baux sont enregistrés.",
		en: "Current rental income is {rent} per month; all leases are registered."}},
	kBuilding: {{nl: "Elke woongelegenheid beschikt over eigen meters, een kelderberging en een parkeerplaats.",
		fr: "Chaque logement dispose de ses propres compteurs, d'une cave et d'un emplacement de parking.",
		en: "Each unit has its own meters, a cellar storage room and a parking space."}},
	kGarage: {{nl: "Binnenafmetingen: 3 m op 6 m; elektriciteit aanwezig.",
		fr: "Dimensions intérieures\u00a0: 3 m sur 6 m\u202f; électricité disponible.",
		en: "Inside dimensions: 3 m by 6 m; electricity available."}},
	kShop: {{nl: "Het pand biedt {living} verkoopruimte, een berging en sanitair; de verdieping kan als woonst of kantoor dienen.",
		fr: "Le bien offre {living} de surface de vente, une réserve et des sanitaires\u202f; l'étage peut servir de logement ou de bureau.",
		en: "The premises offer {living} of sales floor, a storeroom and toilets; the upper floor can serve as a home or office."}},
	kHoreca: {{nl: "De zaak beschikt over een gelagzaal van {living}, een professionele keuken en een woonst op de verdieping.",
		fr: "L'établissement dispose d'une salle de {living}, d'une cuisine professionnelle et d'un logement à l'étage.",
		en: "The business has a {living} dining room, a professional kitchen and living quarters upstairs."}},
	kLand: {{nl: "De grond ligt in {planning} volgens het gewestplan; water, elektriciteit en riolering liggen aan de straat.",
		fr: "Le terrain est situé en {planning} au plan de secteur\u202f; eau, électricité et égouts sont disponibles en voirie.",
		en: "The plot is zoned as {planning} on the regional plan; water, electricity and sewer are available in the street."}},
}

var houseLayouts = []text{
	{nl: "Op het gelijkvloers: een inkomhal, een ruime leefruimte{stove}, een {kitchen} en een berging. Op de verdieping liggen {bedrooms} en {baths}.",
		fr: "Le rez-de-chaussée comprend un hall d'entrée, un vaste séjour{stove}, une {kitchen} et une buanderie. À l'étage se trouvent {bedrooms} et {baths}.",
		en: "The ground floor has an entrance hall, a generous living room{stove}, a {kitchen} and a utility room. Upstairs are {bedrooms} and {baths}."},
	{nl: "{Noun} telt {bedrooms}, {baths} en een {kitchen}, voor een bewoonbare oppervlakte van ongeveer {living}.",
		fr: "{Noun} compte {bedrooms}, {baths} et une {kitchen}, pour une surface habitable d'environ {living}.",
		en: "{Noun} has {bedrooms}, {baths} and a {kitchen}, with about {living} of living space."},
}

var landFrontage = text{nl: "Frontbreedte van {front} m; geen bouwverplichting.",
	fr: "Largeur de façade de {front} m\u202f; pas d'obligation de bâtir.",
	en: "Street frontage of {front} m; no obligation to build."}

// featureSentences say what a property has; a property uses up to three.
var featureSentences = []struct {
	f feat
	t text
}{
	{fValley, text{nl: "Vanuit de leefruimte geniet u van een prachtig uitzicht over de vallei{ofriver}.",
		fr: "Depuis le séjour, vous profitez d'une vue magnifique sur la vallée{ofriver}.",
		en: "The living room enjoys a magnificent view over the{river} valley."}},
	{fWoods, text{nl: "Het uitzicht op de omliggende bossen is prachtig, zeker in de herfst.",
		fr: "La vue sur les forêts environnantes est superbe, surtout en automne.",
		en: "The view of the surrounding forests is superb, especially in autumn."}},
	{fGarden, text{nl: "De tuin is op het {orient} gericht en biedt veel privacy.",
		fr: "Le jardin, orienté {orient}, offre beaucoup d'intimité.",
		en: "The {orient}-facing garden offers plenty of privacy."}},
	{fOutbuildings, text{nl: "De schuur en de stallen bieden talloze mogelijkheden: atelier, gastenverblijf of B&B.",
		fr: "La grange et les étables offrent de nombreuses possibilités\u00a0: atelier, gîte ou chambres d'hôtes.",
		en: "The barn and stables offer countless possibilities: workshop, guest cottage or B&B."}},
	{fTerrace, text{nl: "Een ruim terras sluit aan op de leefruimte.",
		fr: "Une grande terrasse prolonge les pièces de vie.",
		en: "A large terrace opens off the living area."}},
	{fVeranda, text{nl: "Een lichte veranda verbindt de keuken met de tuin.",
		fr: "Une véranda lumineuse relie la cuisine au jardin.",
		en: "A bright veranda links the kitchen to the garden."}},
	{fGarage, text{nl: "Een garage en een oprit bieden plaats voor meerdere wagens.",
		fr: "Un garage et une allée permettent de garer plusieurs véhicules.",
		en: "A garage and a driveway provide parking for several cars."}},
	{fParking, text{nl: "Een private parkeerplaats hoort bij het goed.",
		fr: "Un emplacement de parking privatif complète le bien.",
		en: "A private parking space comes with the property."}},
	{fLift, text{nl: "Het gebouw beschikt over een lift en een afgesloten fietsenberging.",
		fr: "L'immeuble dispose d'un ascenseur et d'un local vélos fermé.",
		en: "The building has a lift and a closed bike store."}},
	{fCellar, text{nl: "De kelder biedt extra bergruimte en huisvest de stookplaats.",
		fr: "La cave offre un espace de rangement supplémentaire et abrite la chaufferie.",
		en: "The cellar provides extra storage and houses the boiler room."}},
	{fAttic, text{nl: "De zolder kan nog worden ingericht als extra slaapkamer of bureau.",
		fr: "Le grenier peut encore être aménagé en chambre supplémentaire ou en bureau.",
		en: "The attic could be converted into an extra bedroom or a home office."}},
	{fSolar, text{nl: "Zonnepanelen en een goede isolatie houden de energiefactuur laag.",
		fr: "Des panneaux photovoltaïques et une bonne isolation limitent la facture énergétique.",
		en: "Solar panels and good insulation keep energy bills low."}},
	{fQuiet, text{nl: "De ligging in een doodlopende straat garandeert rust.",
		fr: "La situation dans une impasse garantit le calme.",
		en: "Its position on a cul-de-sac guarantees peace and quiet."}},
	{fFurnished, text{nl: "Het goed wordt volledig gemeubeld aangeboden.",
		fr: "Le bien est proposé entièrement meublé.",
		en: "The property is offered fully furnished."}},
	{fToRenovate, text{nl: "Er zijn renovatiewerken te voorzien, wat de scherpe prijs verklaart.",
		fr: "Des travaux de rénovation sont à prévoir, ce qui explique le prix attractif.",
		en: "Some renovation work is needed, which explains the keen price."}},
}

var (
	renovatedHouse = text{nl: "In {renov} werden dak, ramen, elektriciteit en sanitair vernieuwd.",
		fr: "En {renov}, la toiture, les châssis, l'électricité et les sanitaires ont été renouvelés.",
		en: "The roof, windows, wiring and plumbing were renewed in {renov}."}
	renovatedFlat = text{nl: "De keuken en de badkamer werden in {renov} vernieuwd.",
		fr: "La cuisine et la salle de bains ont été renouvelées en {renov}.",
		en: "The kitchen and bathroom were renewed in {renov}."}
	leisureZone = text{nl: "Let op: de chalet ligt in recreatiegebied, domiciliëring is er niet mogelijk.",
		fr: "Attention\u00a0: le chalet est situé en zone de loisirs, la domiciliation n'y est pas autorisée.",
		en: "Please note: the chalet lies in a leisure zone, so it cannot be registered as a main residence."}
	energySentence = text{nl: "De verwarming gebeurt met {heating}; het energiecertificaat vermeldt label {epc} ({epcv} kWh/m² per jaar).",
		fr: "Le chauffage est assuré par {heating}\u202f; le certificat énergétique affiche la classe {epc} ({epcv} kWh/m² par an).",
		en: "Heating is provided by {heating}; the energy certificate shows label {epc} ({epcv} kWh/m² a year)."}
	genericPlaces = []text{
		{nl: "{town} biedt alle voorzieningen op korte afstand: scholen, winkels en openbaar vervoer.",
			fr: "{town} offre tous les services à proximité\u00a0: écoles, commerces et transports en commun.",
			en: "{town} has all amenities close at hand: schools, shops and public transport."},
		{nl: "Het goed ligt op enkele minuten van het centrum van {town} en de grote verbindingswegen.",
			fr: "Le bien se situe à quelques minutes du centre de {town} et des grands axes routiers.",
			en: "The property is a few minutes from the centre of {town} and the main roads."},
	}
	saleClosings = []text{
		{nl: "Bezoek uitsluitend op afspraak.", fr: "Visites uniquement sur rendez-vous.", en: "Viewings by appointment only."},
		{nl: "Aarzel niet om ons te contacteren voor meer informatie of een bezoek.",
			fr: "N'hésitez pas à nous contacter pour plus d'informations ou pour une visite.",
			en: "Do not hesitate to contact us for more information or a viewing."},
		{nl: "Een zeldzame kans in deze geliefde streek!", fr: "Une occasion rare dans cette région prisée\u202f!",
			en: "A rare opportunity in this sought-after area!"},
		{nl: "Vrij bij akte.", fr: "Libre à l'acte.", en: "Available on signing of the deed."},
	}
	rentAvailable = text{nl: "Beschikbaar vanaf {avail}; de huurwaarborg bedraagt drie maanden huur.",
		fr: "Disponible à partir du {avail}\u202f; la garantie locative s'élève à trois mois de loyer.",
		en: "Available from {avail}; the deposit is three months' rent."}
	rentNow = text{nl: "Onmiddellijk beschikbaar; de huurwaarborg bedraagt drie maanden huur.",
		fr: "Disponible immédiatement\u202f; la garantie locative s'élève à trois mois de loyer.",
		en: "Available immediately; the deposit is three months' rent."}
	rentClosing = text{nl: "Kandidaat-huurders met een stabiel inkomen kunnen ons contacteren voor een bezoek.",
		fr: "Les candidats locataires disposant de revenus stables peuvent nous contacter pour une visite.",
		en: "Prospective tenants with a stable income are welcome to contact us for a viewing."}
)

// Short descriptions (DescriptionA).
var (
	shortRooms = text{nl: "{Kind} met {bedrooms} ({living}) in {town}.", fr: "{Kind} de {bedrooms} ({living}) à {town}.",
		en: "{Kind} with {bedrooms} ({living}) in {town}."}
	shortRoomsGround = text{nl: "{Kind} met {bedrooms} op een perceel van {ground} in {town}.",
		fr: "{Kind} de {bedrooms} sur une parcelle de {ground} à {town}.",
		en: "{Kind} with {bedrooms} on a {ground} plot in {town}."}
	shortRoomsTown = text{nl: "In {town}: {kind} met {bedrooms} en {living} woonoppervlakte.",
		fr: "À {town}\u00a0: {kind} de {bedrooms} offrant {living} habitables.",
		en: "In {town}: {kind} with {bedrooms} and {living} of living space."}
	shortRoomsGroundTown = text{nl: "In {town}: {kind} met {bedrooms} op {ground}.",
		fr: "À {town}\u00a0: {kind} de {bedrooms} sur {ground}.",
		en: "In {town}: {kind} with {bedrooms} on {ground}."}
	shortSurface = text{nl: "{Kind} van {living} in {town}.", fr: "{Kind} de {living} à {town}.", en: "{Kind} of {living} in {town}."}
	shortLand    = text{nl: "{Kind} van {ground} in {town}.", fr: "{Kind} de {ground} à {town}.", en: "{Kind} of {ground} in {town}."}
	shortGarage  = text{nl: "{Kind} in {town}.", fr: "{Kind} à {town}.", en: "{Kind} in {town}."}
)

// highlights end the short description with the property's best asset.
var highlights = []struct {
	f feat
	t text
}{
	{fValley, text{nl: "Uitzicht over de vallei{ofriver}.", fr: "Vue sur la vallée{ofriver}.", en: "Views over the{river} valley."}},
	{fWoods, text{nl: "Zicht op de bossen.", fr: "Vue sur les bois.", en: "Woodland views."}},
	{fOutbuildings, text{nl: "Met schuur en bijgebouwen.", fr: "Avec grange et dépendances.", en: "With barn and outbuildings."}},
	{fSolar, text{nl: "Zuinig dankzij zonnepanelen.", fr: "Économe grâce aux panneaux photovoltaïques.", en: "Low energy bills thanks to solar panels."}},
	{fGarden, text{nl: "Met tuin op het {orient}.", fr: "Avec jardin orienté {orient}.", en: "With a {orient}-facing garden."}},
	{fTerrace, text{nl: "Met ruim terras.", fr: "Avec grande terrasse.", en: "With a large terrace."}},
	{fToRenovate, text{nl: "Te renoveren.", fr: "À rénover.", en: "To renovate."}},
}

var floorNames = [...]text{
	{nl: "op het gelijkvloers", fr: "au rez-de-chaussée", en: "on the ground floor"},
	{nl: "op de eerste verdieping", fr: "au premier étage", en: "on the first floor"},
	{nl: "op de tweede verdieping", fr: "au deuxième étage", en: "on the second floor"},
	{nl: "op de derde verdieping", fr: "au troisième étage", en: "on the third floor"},
	{nl: "op de vierde verdieping", fr: "au quatrième étage", en: "on the fourth floor"},
}

var (
	bedroomOne  = text{"slaapkamer", "chambre", "bedroom", "Schlafzimmer"}
	bedroomMany = text{"slaapkamers", "chambres", "bedrooms", "Schlafzimmer"}
	bathOne     = text{"badkamer", "salle de bains", "bathroom", "Badezimmer"}
	bathMany    = text{"badkamers", "salles de bains", "bathrooms", "Badezimmer"}
)

// vars resolves the {name} fields of the templates for one language.
func (p *prop) vars(l listing.Lang) func(string) (string, bool) {
	return func(name string) (string, bool) {
		switch name {
		case "town":
			return p.town.name.in(l), true
		case "bedrooms":
			return count(l, p.beds, bedroomOne, bedroomMany), true
		case "baths":
			if p.baths <= 1 {
				return text{"een badkamer", "une salle de bains", "a bathroom", "ein Badezimmer"}.in(l), true
			}
			return count(l, p.baths, bathOne, bathMany), true
		case "theBedrooms":
			if p.beds == 1 {
				return text{"de slaapkamer", "la chambre", "the bedroom", "das Schlafzimmer"}.in(l), true
			}
			return text{"de slaapkamers", "les chambres", "the bedrooms", "die Schlafzimmer"}.in(l), true
		case "living":
			return m2(l, p.living), true
		case "ground":
			return area(l, p.ground), true
		case "ground2":
			return area(l, p.ground*8/5), true
		case "year":
			return strconv.Itoa(p.year), true
		case "renov":
			return strconv.Itoa(p.renov), true
		case "kitchen":
			return kitchens[p.kitchen].phrase.in(l), true
		case "heating":
			return heatings[p.heating].phrase.in(l), true
		case "orient":
			return orientationPhrases[p.orient].in(l), true
		case "floor":
			return floorNames[min(p.floor, len(floorNames)-1)].in(l), true
		case "units":
			if p.units < len(numberWords) {
				return numberWords[p.units].in(l), true
			}
			return strconv.Itoa(p.units), true
		case "lots":
			return strconv.Itoa(p.lots), true
		case "yield":
			y := decimal(l, float64(p.rentIncome*12*1000/p.price)/10)
			if l == listing.EN {
				return y + "%", true
			}
			return y + "\u00a0%", true
		case "rent":
			return euros(l, p.rentIncome), true
		case "planning":
			return lowerFirst(p.planning.in(l)), true
		case "front":
			return strconv.Itoa(p.frontWidth), true
		case "epc":
			return p.epcText, true
		case "epcv":
			return strconv.Itoa(p.epc), true
		case "avail":
			return longDate(l, p.availFrom), true
		case "stove":
			if !p.feat.has(fStove) {
				return "", true
			}
			return text{nl: " met houtkachel", fr: " avec poêle à bois", en: " with a wood stove"}.in(l), true
		case "ofriver":
			if !p.town.semois {
				return "", true
			}
			return text{nl: " van de Semois", fr: " de la Semois", en: ""}.in(l), true
		case "river":
			if !p.town.semois || l != listing.EN {
				return "", true
			}
			return " Semois", true
		case "Noun":
			return text{nl: "De " + strings.ToLower(p.kind.info().name.nl), fr: "La " + strings.ToLower(p.kind.info().name.fr),
				en: "The " + strings.ToLower(p.kind.info().name.en)}.in(l), true
		case "Kind":
			return p.kind.info().name.in(l), true
		case "kind":
			return lowerFirst(p.kind.info().name.in(l)), true
		}
		return "", false
	}
}

// say expands a template and fixes the articles the templates cannot know.
func (p *prop) say(l listing.Lang, t text) string {
	s := expand(t.in(l), p.vars(l))
	switch l {
	case listing.FR:
		s = elideFrench(s)
	case listing.EN:
		s = articleEnglish(s)
	}
	return s
}

// elideFrench turns "de Alle", "de une" into "d'Alle", "d'une".
func elideFrench(s string) string {
	if !strings.Contains(s, "de ") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "de ")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		r, _ := utf8.DecodeRuneInString(s[i+3:])
		startOfWord := i == 0 || s[i-1] == ' '
		if startOfWord && strings.ContainsRune("AEIOUÉÈaeiouéè", r) {
			b.WriteString(s[:i])
			b.WriteString("d'")
			s = s[i+3:]
			continue
		}
		b.WriteString(s[:i+3])
		s = s[i+3:]
	}
}

// articleEnglish turns "a open" into "an open".
func articleEnglish(s string) string {
	for _, v := range []string{"a", "e", "i", "o", "u", "A", "E", "I", "O", "U"} {
		s = strings.ReplaceAll(s, " a "+v, " an "+v)
	}
	return s
}

// descriptions returns the short (DescriptionA) and long (Description)
// texts in one language.
func (p *prop) descriptions(l listing.Lang) (short, long string) {
	k := p.kind
	// short
	var st text
	switch {
	case k == kLand:
		st = shortLand
	case k == kGarage:
		st = shortGarage
	case k == kStudio || k == kShop || k == kHoreca || k == kIncome || k == kBuilding:
		st = shortSurface
	case k.houseLike() && p.ground > 0:
		st = []text{shortRoomsGround, shortRoomsGroundTown}[p.shortForm]
	default:
		st = []text{shortRooms, shortRoomsTown}[p.shortForm]
	}
	short = p.say(l, st)
	for _, h := range highlights {
		if p.feat.has(h.f) {
			short += " " + p.say(l, h.t)
			break
		}
	}

	// long: three paragraphs of sentences
	var paras [3][]string
	paras[0] = append(paras[0], p.say(l, p.intro))
	if lay := layouts[k]; len(lay) > 0 {
		t := lay[p.layout%len(lay)]
		if strings.Contains(p.intro.nl, "{bedrooms}") {
			// the intro counted the bedrooms already
			t = lay[0]
			t = text{
				strings.Replace(t.nl, "{bedrooms}", "{theBedrooms}", 1), strings.Replace(t.fr, "{bedrooms}", "{theBedrooms}", 1),
				strings.Replace(t.en, "{bedrooms}", "{theBedrooms}", 1), strings.Replace(t.de, "{bedrooms}", "{theBedrooms}", 1),
			}
		}
		paras[0] = append(paras[0], p.say(l, t))
	}
	if k == kLand && p.frontWidth > 0 {
		paras[0] = append(paras[0], p.say(l, landFrontage))
	}
	for _, f := range p.sentences {
		paras[1] = append(paras[1], p.say(l, f))
	}
	if p.epc > 0 {
		paras[1] = append(paras[1], p.say(l, energySentence))
	}
	if p.town.about.nl != "" && (l == listing.NL || l == listing.FR) {
		paras[2] = append(paras[2], p.town.about.in(l))
	} else {
		paras[2] = append(paras[2], p.say(l, genericPlaces[p.place%len(genericPlaces)]))
	}
	if p.goal == 0 {
		paras[2] = append(paras[2], p.say(l, saleClosings[p.closing%len(saleClosings)]))
	} else {
		if p.availFrom.IsZero() {
			paras[2] = append(paras[2], p.say(l, rentNow))
		} else {
			paras[2] = append(paras[2], p.say(l, rentAvailable))
		}
		paras[2] = append(paras[2], p.say(l, rentClosing))
	}
	return short, p.markup(l, paras)
}

// markup lays the paragraphs out in one of the forms platform descriptions
// come in: plain text, paragraphs, a bold title with line breaks, or HTML
// with entities for accented letters.
func (p *prop) markup(l listing.Lang, paras [3][]string) string {
	var b strings.Builder
	esc := func(s string) string {
		s = htmlReplacer.Replace(s)
		if p.style == 3 {
			s = entityReplacer.Replace(s)
		}
		return s
	}
	for i, para := range paras {
		if len(para) == 0 {
			continue
		}
		switch p.style {
		case 0:
			if b.Len() > 0 {
				b.WriteString("\n\n")
			}
			b.WriteString(strings.Join(para, " "))
		case 2:
			if i == 0 {
				b.WriteString("<p><strong>" + esc(p.title.in(l)) + "</strong></p>")
			}
			b.WriteString("<p>")
			for j, s := range para {
				if j > 0 {
					if i == 1 {
						b.WriteString("<br>")
					} else {
						b.WriteString(" ")
					}
				}
				b.WriteString(esc(s))
			}
			b.WriteString("</p>")
		default:
			b.WriteString("<p>" + esc(strings.Join(para, " ")) + "</p>")
		}
	}
	return b.String()
}
