package demo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/demo/photos"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// exportedAt is when the demo data was taken from the platform: every date of
// the listings lies before it, visit slots after it.
func exportedAt() time.Time { return time.Date(2026, time.November, 18, 16, 0, 0, 0, time.UTC) }

// prop is a property independent of language; detail renders it in one.
type prop struct {
	// given
	id          int
	goal        int // 0 sale, 1 rent
	kind        kind
	town        town
	price       int // sale price or monthly rent
	beds        int
	living      int // m²
	ground      int // m²
	year        int
	renov       int
	epc         int // kWh/m².year, 0 for none
	feat        feat
	title       text
	seed        uint64 // varies the derived details between Synthetic datasets
	maxPictures int    // 0: as many as the kind has
	project     int    // the new-build project this property is a unit of, 0 for none
	// offSite is set for a listing the platform holds but does not publish:
	// its Status is then offSiteStatus (prospective, cancelled, inactive).
	offSite       bool
	offSiteStatus int

	// derived (derive)
	region                                   listing.Region
	country                                  int
	epcText                                  string
	street, number, box                      string
	floor, units, lots, rentIncome           int
	lat, lng                                 float64
	created, changed, availFrom, certDate    time.Time
	agent                                    int
	heating, kitchen, orient, roof, frame    int
	flooring, comfort                        int
	baths, showers, toilets, garages         int
	parkings, extParkings, floors, facades   int
	frontWidth, cadastral, charges, terrace  int
	planning                                 text
	intro                                    text
	layout, place, closing, style, shortForm int
	sentences                                []text
	scenes                                   []int
	docs                                     []int
	pois                                     []poi
	videos                                   []string
	tour                                     string
	certNo                                   string
	status, marquee                          int
	availability                             text
	notary                                   int
	glazing, roofState, extra, gscore, asbes text
	pscore                                   text
	mobiscore                                float64

	// completeMentions
	noEnergyTotal, pebPending bool
}

// derive fills in everything the table does not say, from a generator
// seeded per property so one listing never shifts another.
func (p *prop) derive() {
	r := rand.New(rand.NewPCG(uint64(p.id), 0x5eed_de40^p.seed))
	k := p.kind
	p.country = p.town.country
	if p.country == 0 {
		p.country = listing.CountryBelgium
	}
	p.region = regionOf(p.country, p.town.zip)
	if k.built() && p.epc > 0 {
		p.epcText = epcLabelText(p.region, float64(p.epc))
	} else {
		p.epc = 0
	}
	p.agent = p.town.agent

	// place
	local := streets[:]
	if len(p.town.streets) > 0 {
		local = p.town.streets
	}
	p.street = local[r.IntN(len(local))]
	p.number = strconv.Itoa(1 + r.IntN(120))
	p.lat = round6(p.town.lat + (r.Float64()-0.5)*0.02)
	p.lng = round6(p.town.lng + (r.Float64()-0.5)*0.03)
	if k.flat() {
		p.floor = r.IntN(4)
		if k == kDuplex {
			p.floor = 2 + r.IntN(2)
		}
		p.box = strconv.Itoa(p.floor*10 + 1 + r.IntN(3))
	}

	// dates
	day := 24 * time.Hour
	if p.feat.has(mNew) {
		p.created = time.Date(2026, time.October, 12, 9, 0, 0, 0, time.UTC).Add(time.Duration(r.IntN(30)) * day)
	} else {
		p.created = time.Date(2026, time.January, 6, 9, 0, 0, 0, time.UTC).Add(time.Duration(r.IntN(270)) * day)
	}
	p.created = p.created.Add(time.Duration(r.IntN(8*60)) * time.Minute)
	p.changed = p.created.Add(time.Duration(r.IntN(50))*day + time.Duration(r.IntN(300))*time.Minute)
	if p.feat.has(mSold|mOption|mRented|mReduced) || p.changed.After(exportedAt()) {
		// a status or price change is recent news
		p.changed = exportedAt().Add(-time.Duration(1+r.IntN(20))*day - time.Duration(r.IntN(400))*time.Minute)
		if p.changed.Before(p.created) {
			p.changed = p.created.Add(time.Hour)
		}
	}
	if p.goal != 0 && r.IntN(3) != 0 {
		p.availFrom = time.Date(2026, time.December+time.Month(r.IntN(3)), 1, 0, 0, 0, 0, time.UTC)
	}

	// building
	p.heating = pickHeating(r, p)
	p.kitchen = r.IntN(len(kitchens))
	if k.flat() {
		p.kitchen = r.IntN(3) // no country kitchens in town flats
	}
	if k == kFarm || k == kChalet {
		p.kitchen = []int{0, 3}[r.IntN(2)]
	}
	p.orient = r.IntN(len(orientations))
	p.roof = []int{0, 0, 0, 1, 2}[r.IntN(5)]
	p.frame = r.IntN(len(frames))
	p.flooring = r.IntN(len(floorings))
	p.comfort = r.IntN(len(comforts))
	switch {
	case p.feat.has(fToRenovate):
		p.glazing, p.roofState = glazingSingle, roofRenew
	case p.year >= 2015 || p.renov >= 2018:
		p.glazing, p.roofState = glazingTriple, roofVeryGood
	default:
		p.glazing, p.roofState = glazingDouble, roofGood
	}
	p.layoutCounts(r)
	p.frontWidth = 8 + r.IntN(12)
	if k == kLand {
		p.frontWidth = int(math.Sqrt(float64(p.ground)) * (0.7 + r.Float64()*0.4))
	}
	switch {
	case k == kLand:
		p.cadastral = 10 + r.IntN(40)
	case k == kGarage:
		p.cadastral = 60 + r.IntN(40)
	default:
		p.cadastral = int(float64(p.living)*(4+r.Float64()*4)/5) * 5
	}
	if p.goal != 0 && (k.flat() || k == kGarage) {
		p.charges = 30 + 10*r.IntN(9)
		if k == kGarage {
			p.charges = 0
		}
	}
	if p.feat.has(fTerrace) {
		p.terrace = 12 + r.IntN(30)
	}
	switch k {
	case kIncome, kBuilding:
		if p.units == 0 {
			p.units = 3
			if k == kBuilding {
				p.units = 4 + r.IntN(6)
			}
		}
		p.rentIncome = int(float64(p.price)*(0.045+r.Float64()*0.02)/12/10) * 10
	case kLand:
		if p.feat.has(mFrom) {
			p.lots = 6 + r.IntN(8)
		}
	}
	p.planning = p.zone(r)
	p.notary = int(1200+float64(p.price)*0.005) / 10 * 10
	switch {
	case p.goal != 0 && p.availFrom.IsZero():
		p.availability = availNow
	case p.goal != 0:
		p.availability = availDate
	default:
		p.availability = []text{availDeed, availDeed, availNow, availAgreed}[r.IntN(4)]
	}
	if p.houseOrFarm() && r.IntN(3) == 0 {
		p.extra = []text{extraOffice, extraAttic}[r.IntN(2)]
	}
	if p.epc > 0 {
		p.certDate = time.Date(2016, time.January, 4, 0, 0, 0, 0, time.UTC).Add(time.Duration(r.IntN(3900)) * day)
		if p.certDate.After(p.created) {
			p.certDate = p.created.Add(-time.Duration(5+r.IntN(60)) * day).Truncate(day)
		}
		p.certNo = fmt.Sprintf("%s%06d", p.certDate.Format("20060102"), r.IntN(1000000))
	}
	if p.region == listing.Flanders {
		p.gscore = []text{same("A"), same("B"), same("C")}[r.IntN(3)]
		// The plot's score is drawn apart, from the id, so that adding it
		// left every other drawn value as it was.
		p.pscore = []text{same("A"), same("A"), same("B"), same("C")}[(p.id/7)%4]
		p.mobiscore = float64(40+r.IntN(56)) / 10
		if p.year > 0 && p.year < 2001 && k.built() {
			p.asbes = flemishAsbestos
		}
	}

	// status: the platform's Status, and the agency's Marquee on top
	switch {
	case p.feat.has(mSold):
		p.status, p.marquee = platform.StatusSold, marqueeClosed
	case p.feat.has(mRented):
		p.status, p.marquee = platform.StatusRented, marqueeClosed
	case p.feat.has(mOption):
		p.status, p.marquee = platform.StatusActive, marqueeOption
	case p.feat.has(mNew):
		p.status, p.marquee = platform.StatusActive, marqueeNew
	case p.feat.has(mReduced):
		p.status, p.marquee = platform.StatusActive, marqueePriceReduced
	default:
		p.status = platform.StatusActive
	}
	if p.offSite {
		p.status, p.marquee = p.offSiteStatus, 0
	}

	// story
	p.intro = p.chooseIntro(r)
	p.layout = r.IntN(2)
	p.place = r.IntN(len(genericPlaces))
	p.closing = r.IntN(len(saleClosings))
	p.style = r.IntN(4)
	p.shortForm = r.IntN(2)
	p.sentences = p.chooseSentences(r)

	// media
	p.scenes = p.chooseScenes(r)
	p.docs = p.chooseDocs(r)
	if k != kLand && k != kGarage && r.IntN(2) == 0 {
		p.pois = p.choosePOIs(r)
	}
	p.videos, p.tour = p.media(r)
}

func (p *prop) houseOrFarm() bool { return p.kind.houseLike() }

func round6(f float64) float64 { return math.Round(f*1e6) / 1e6 }

func pickHeating(r *rand.Rand, p *prop) int {
	switch {
	case p.kind == kLand || p.kind == kGarage:
		return 0
	case p.feat.has(fSolar) || (p.year >= 2015 && p.epc > 0 && p.epc < 120):
		return heatPump
	case p.kind.flat() && p.region != listing.Wallonia:
		return heatGas
	case p.kind.flat() || p.kind == kStudio:
		return []int{heatElectric, heatOil, heatGas}[r.IntN(3)]
	case p.kind == kChalet:
		return []int{heatElectric, heatWood, heatPropane}[r.IntN(3)]
	case p.region == listing.Flanders || p.region == listing.Brussels:
		return []int{heatGas, heatGas, heatGas, heatOil, heatPump}[r.IntN(5)]
	}
	return []int{heatOil, heatOil, heatOil, heatPellets, heatWood, heatElectric, heatPropane}[r.IntN(7)]
}

func (p *prop) layoutCounts(r *rand.Rand) {
	k := p.kind
	switch {
	case k.houseLike():
		p.baths = 1
		if p.beds >= 4 {
			p.baths = 2
		}
		if k == kVilla || r.IntN(3) == 0 {
			p.showers = 1
		}
		p.toilets = p.baths + 1
		p.floors = 2
		if k == kHouse && r.IntN(4) == 0 {
			p.floors = 1 + 2*r.IntN(2)
		}
		p.extParkings = r.IntN(3)
		switch k {
		case kVilla, kFarm:
			p.facades = 4
		default:
			p.facades = 2 + r.IntN(3)
		}
	case k == kStudio:
		p.showers, p.toilets = 1, 1
	case k.flat():
		p.baths, p.toilets = 1, 1+r.IntN(2)
		p.floors = 3 + r.IntN(3)
	case k == kChalet:
		p.showers, p.toilets, p.floors, p.facades = 1, 1, 1, 4
		p.extParkings = 1 + r.IntN(2)
	case k == kIncome || k == kBuilding:
		p.baths, p.toilets, p.floors, p.facades = p.units, p.units+1, 3, 2+r.IntN(2)
	case k == kShop || k == kHoreca:
		p.toilets, p.floors, p.facades = 2, 2, 2
	}
	if p.feat.has(fGarage) {
		p.garages = 1
		if k == kVilla || k == kFarm {
			p.garages = 1 + r.IntN(2)
		}
	}
	if p.feat.has(fParking) {
		p.parkings = 1
	}
}

func (p *prop) zone(r *rand.Rand) text {
	switch {
	case p.kind == kChalet:
		return zoneLeisure
	case p.kind == kFarm && r.IntN(2) == 0:
		return zoneFarm
	case p.kind.houseLike() || p.kind == kLand:
		return []text{zoneRural, zoneRural, zoneHousing}[r.IntN(3)]
	}
	return zoneHousing
}

func (p *prop) chooseIntro(r *rand.Rand) text {
	k, f := p.kind, p.feat
	switch {
	case k == kHouse && f.has(fToRenovate):
		return introToRenovate
	case k == kHouse && f.has(fStone):
		return introStone
	case k == kChalet && p.town.semois && p.goal == 0 && r.IntN(2) == 0:
		return introChaletSemois
	case k == kHoreca && p.town.semois:
		return introHorecaSemois
	case k == kIncome && f.has(fMixedUse):
		return introMixed
	case k == kLand && f.has(mFrom):
		return introAllotment
	case k == kGarage && f.has(mFrom):
		return introGarages
	}
	list := intros[k]
	if p.goal != 0 || (k == kHouse && p.ground == 0) {
		return list[0] // the others speak of a sale or of the plot
	}
	return list[r.IntN(len(list))]
}

// chooseSentences takes up to three feature sentences in a shuffled order,
// then the renovation and zoning remarks that apply.
func (p *prop) chooseSentences(r *rand.Rand) []text {
	var have []text
	for _, s := range featureSentences {
		if p.feat.has(s.f) {
			have = append(have, s.t)
		}
	}
	r.Shuffle(len(have), func(i, j int) { have[i], have[j] = have[j], have[i] })
	if len(have) > 3 {
		have = have[:3]
	}
	if p.renov > 0 {
		if p.kind.flat() {
			have = append(have, renovatedFlat)
		} else if p.kind.built() {
			have = append(have, renovatedHouse)
		}
	}
	if p.kind == kChalet && p.goal == 0 {
		have = append(have, leisureZone)
	}
	return have
}

func (p *prop) chooseScenes(r *rand.Rand) []int {
	var scenes []int
	for _, s := range p.kind.info().scenes {
		if s == int(photos.Garden) && p.kind.houseLike() && !p.feat.has(fGarden) {
			continue
		}
		scenes = append(scenes, s)
	}
	// Detached houses get the most photos; the counts also keep the
	// committed testdata to a reviewable size.
	lo, hi := 3, 5
	switch p.kind {
	case kVilla, kFarm:
		lo, hi = 5, 8
	case kHouse:
		lo, hi = 4, 6
	}
	hi = min(hi, len(scenes))
	lo = min(lo, hi)
	n := lo + r.IntN(hi-lo+1)
	if p.maxPictures > 0 {
		n = min(n, p.maxPictures)
	}
	return scenes[:n]
}

func (p *prop) chooseDocs(r *rand.Rand) []int {
	var docs []int
	if p.epc > 0 {
		docs = append(docs, docEPC)
	}
	if (p.kind.houseLike() || p.kind.flat() || p.kind == kChalet) && r.IntN(3) != 0 {
		docs = append(docs, docPlan)
	}
	if p.goal == 0 && (p.kind == kLand || r.IntN(2) == 0) {
		docs = append(docs, docCadastre)
	}
	if p.goal == 0 && (p.kind == kLand || r.IntN(3) == 0) {
		docs = append(docs, docUrbanism)
	}
	return docs
}

type poi struct {
	kind string
	name text
	dist int // metres
}

func (p *prop) choosePOIs(r *rand.Rand) []poi {
	all := []poi{
		{"school", text{"Basisschool", "École primaire", "Primary school", "Grundschule"}, 0},
		{"shop", text{"Supermarkt", "Supermarché", "Supermarket", "Supermarkt"}, 0},
		{"bakery", text{"Bakkerij", "Boulangerie", "Bakery", "Bäckerei"}, 0},
		{"bus", text{"Bushalte", "Arrêt de bus", "Bus stop", "Bushaltestelle"}, 0},
		{"doctor", text{"Huisarts", "Médecin généraliste", "GP", "Hausarzt"}, 0},
		{"pharmacy", text{"Apotheek", "Pharmacie", "Pharmacy", "Apotheke"}, 0},
	}
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	n := 3 + r.IntN(2)
	out := make([]poi, 0, n+1)
	if p.town.station {
		t := p.town.name
		out = append(out, poi{"station", text{"Station " + t.nl, "Gare de " + t.fr, t.en + " station", "Bahnhof " + t.de}, 800 + 100*r.IntN(40)})
	}
	for _, x := range all[:n] {
		x.dist = 150 + 50*r.IntN(60)
		out = append(out, x)
	}
	return out
}

func (p *prop) media(r *rand.Rand) ([]string, string) {
	var videos []string
	if p.feat.has(mYouTube) {
		videos = append(videos, "https://www.youtube.com/watch?v=M7lc1UVf-VE")
	}
	if p.feat.has(mYouTuBe) {
		videos = append(videos, "https://youtu.be/aqz-KE-bpKQ")
	}
	if p.feat.has(mVimeo) {
		videos = append(videos, "https://vimeo.com/76979871")
	}
	if p.feat.has(mFacebook) {
		// The site has no video files of its own to serve, so the demo's
		// fourth video kind is a Facebook one.
		videos = append(videos, "https://fb.watch/nQ2xY7dK1a/")
	}
	tour := ""
	if p.feat.has(mTour) {
		const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
		var b strings.Builder
		for range 11 {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		tour = "https://my.matterport.com/show/?m=" + b.String()
	}
	return videos, tour
}
