package demo

import (
	"math/rand/v2"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// SyntheticFirstID is the id of the first Synthetic property; the rest follow.
const SyntheticFirstID = 100001

// Synthetic returns n made-up properties per language (ids from
// SyntheticFirstID) spread over about a hundred towns of Flanders, Brussels,
// Wallonia and Luxembourg, about four in five for sale, with the same fields
// as the demo agency, two or three photos each and descriptions from the same
// templates (languages other than nl and fr get the English texts). No
// projects. The same n, langs and seed give the same data.
func Synthetic(n int, langs []listing.Lang, seed int64) *platform.Dataset {
	r := rand.New(rand.NewPCG(uint64(seed), 0x7a11_0c8e))
	props := make([]*prop, 0, max(n, 0))
	for i := range max(n, 0) {
		props = append(props, syntheticProp(r, SyntheticFirstID+i, uint64(seed)))
	}
	return build(langs, props, nil, nil)
}

type weighted[T any] struct {
	w int
	v T
}

func pick[T any](r *rand.Rand, items []weighted[T]) T {
	total := 0
	for _, it := range items {
		total += it.w
	}
	x := r.IntN(total)
	for _, it := range items {
		if x < it.w {
			return it.v
		}
		x -= it.w
	}
	return items[len(items)-1].v
}

var (
	saleKinds = []weighted[kind]{
		{35, kHouse}, {10, kVilla}, {4, kFarm}, {20, kApartment}, {4, kStudio}, {3, kDuplex}, {3, kChalet},
		{3, kIncome}, {1, kBuilding}, {4, kGarage}, {3, kShop}, {1, kHoreca}, {9, kLand},
	}
	rentKinds = []weighted[kind]{
		{40, kApartment}, {10, kStudio}, {5, kDuplex}, {25, kHouse}, {3, kVilla}, {8, kGarage}, {6, kShop}, {3, kChalet},
	}
)

// syntheticRange is a kind's price range (sale in euros, rent per month),
// bedrooms and plot size.
type syntheticRange struct {
	saleLo, saleHi, rentLo, rentHi int
	bedsLo, bedsHi                 int
	groundLo, groundHi             int
}

var syntheticRanges = [kindCount]syntheticRange{
	kVilla:     {350000, 900000, 1500, 2800, 3, 6, 800, 5000},
	kHouse:     {180000, 450000, 900, 1800, 2, 5, 150, 1500},
	kFarm:      {250000, 750000, 0, 0, 3, 6, 2000, 30000},
	kApartment: {150000, 400000, 650, 1300, 1, 3, 0, 0},
	kStudio:    {80000, 180000, 500, 800, 0, 0, 0, 0},
	kDuplex:    {180000, 380000, 800, 1400, 2, 3, 0, 0},
	kChalet:    {80000, 200000, 550, 900, 1, 3, 300, 1500},
	kIncome:    {300000, 900000, 0, 0, 3, 8, 100, 500},
	kBuilding:  {600000, 2000000, 0, 0, 6, 14, 300, 1000},
	kGarage:    {15000, 45000, 60, 120, 0, 0, 15, 20},
	kShop:      {150000, 600000, 800, 3000, 0, 0, 0, 300},
	kHoreca:    {200000, 700000, 0, 0, 0, 0, 200, 1000},
	kLand:      {25000, 250000, 0, 0, 0, 0, 400, 3000},
}

func between(r *rand.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + r.IntN(hi-lo+1)
}

func syntheticProp(r *rand.Rand, id int, seed uint64) *prop {
	var t town
	// belgium covers the other regions; of the agency's towns only the
	// Ardennes ones are drawn, as the Synthetic mix was made with them.
	if i := r.IntN(len(belgium) + ardennesTowns); i < len(belgium) {
		t = belgium[i]
	} else {
		t = agencyTowns[i-len(belgium)]
	}
	goal := 0
	if r.IntN(5) == 0 {
		goal = 1
	}
	var k kind
	if goal == 0 {
		k = pick(r, saleKinds)
	} else {
		k = pick(r, rentKinds)
	}
	rg := syntheticRanges[k]
	region := regionOf(max(t.country, listing.CountryBelgium), t.zip)
	p := &prop{id: id, goal: goal, kind: k, town: t, seed: seed, maxPictures: 2 + r.IntN(2)}

	factor := 0.9
	switch region {
	case listing.Brussels:
		factor = 1.4
	case listing.Flanders:
		factor = 1.15
	case listing.Luxembourg:
		factor = 2.2
	}
	if goal == 0 {
		p.price = int(float64(between(r, rg.saleLo, rg.saleHi))*factor/1000) * 1000
	} else {
		p.price = int(float64(between(r, rg.rentLo, rg.rentHi))*factor/10) * 10
	}
	p.beds = between(r, rg.bedsLo, rg.bedsHi)
	switch {
	case k == kLand || k == kGarage:
	case k == kStudio:
		p.living = between(r, 28, 45)
	case k.flat():
		p.living = 40 + 22*p.beds + r.IntN(25)
	case k == kShop || k == kHoreca:
		p.living = between(r, 60, 300)
	case k == kIncome || k == kBuilding:
		p.living = 45 * p.beds
	default:
		p.living = 70 + 25*p.beds + r.IntN(60)
	}
	if rg.groundHi > 0 {
		p.ground = between(r, rg.groundLo, rg.groundHi)
	}
	if k != kLand {
		p.year = pick(r, []weighted[int]{{15, between(r, 1850, 1945)}, {35, between(r, 1946, 1999)}, {30, between(r, 2000, 2019)}, {20, between(r, 2020, 2026)}})
		if p.year < 2005 && r.IntN(3) == 0 {
			p.renov = between(r, max(p.year+20, 2000), 2025)
		}
	}
	if k.built() {
		switch {
		case p.year >= 2015:
			p.epc = between(r, 20, 120)
		case p.year >= 2000:
			p.epc = between(r, 90, 230)
		case p.renov > 0:
			p.epc = between(r, 120, 300)
		case p.year >= 1970:
			p.epc = between(r, 180, 400)
		default:
			p.epc = between(r, 250, 620)
		}
	}
	p.feat = syntheticFeatures(r, p, region)
	p.title = syntheticTitle(r, p)
	p.derive()
	return p
}

func syntheticFeatures(r *rand.Rand, p *prop, region listing.Region) feat {
	chance := func(percent int) bool { return r.IntN(100) < percent }
	var f feat
	k := p.kind
	add := func(x feat, percent int) {
		if chance(percent) {
			f |= x
		}
	}
	switch {
	case k.houseLike():
		add(fGarden, 85)
		add(fTerrace, 50)
		add(fGarage, 50)
		add(fCellar, 40)
		add(fAttic, 30)
		add(fStove, 20)
		add(fSolar, 15)
		add(fQuiet, 15)
		add(fVeranda, 10)
		if region == listing.Wallonia {
			add(fWoods, 20)
			add(fValley, 10)
			if p.year < 1930 {
				add(fStone, 50)
			}
		}
		if k == kFarm {
			add(fOutbuildings, 90)
		}
		if p.year < 1960 && p.renov == 0 {
			add(fToRenovate, 30)
		}
	case k.flat():
		add(fTerrace, 60)
		add(fLift, 60)
		add(fParking, 50)
		add(fCellar, 40)
		if k == kStudio {
			add(fFurnished, 30)
		}
	case k == kChalet:
		add(fWoods, 70)
		add(fTerrace, 60)
		add(fGarden, 50)
		add(fFurnished, 40)
	case k == kLand:
		add(fQuiet, 20)
		add(fWoods, 15)
	case k == kIncome || k == kBuilding:
		add(fCellar, 50)
		add(fParking, 30)
	}
	if p.goal == 0 {
		add(mSold, 5)
		if !f.has(mSold) {
			add(mOption, 2)
		}
		if k == kLand || k == kGarage {
			add(mFrom, 20)
		}
	} else {
		add(mRented, 5)
	}
	if !f.has(mSold | mRented | mOption) {
		add(mNew, 8)
		if !f.has(mNew) {
			add(mReduced, 5)
		}
	}
	add(mNoPrice, 3)
	add(mHideAddress, 5)
	if k.built() {
		add(mYouTube, 2)
		add(mVimeo, 1)
		add(mTour, 3)
	}
	return f
}

type adjective struct{ deNL, hetNL, femFR, mascFR, en string }

var titleAdjectives = [...]adjective{
	{"Ruime", "Ruim", "Grande", "Grand", "Spacious"},
	{"Charmante", "Charmant", "Charmante", "Charmant", "Charming"},
	{"Mooie", "Mooi", "Jolie", "Joli", "Lovely"},
	{"Prachtige", "Prachtig", "Magnifique", "Magnifique", "Superb"},
}

var titleComplements = []struct {
	f feat
	t text
}{
	{fValley, text{"met zicht op de vallei", "avec vue sur la vallée", "with valley views", "mit Talblick"}},
	{fWoods, text{"met zicht op de bossen", "avec vue sur les bois", "with woodland views", "mit Waldblick"}},
	{fGarden, text{"met tuin", "avec jardin", "with garden", "mit Garten"}},
	{fTerrace, text{"met terras", "avec terrasse", "with terrace", "mit Terrasse"}},
	{fGarage, text{"met garage", "avec garage", "with garage", "mit Garage"}},
}

// syntheticTitle composes a title like "Charmante woning met tuin"; kinds
// that read oddly with an adjective (a 'lovely garage box') go without.
func syntheticTitle(r *rand.Rand, p *prop) text {
	ki := p.kind.info()
	noun := ki.name
	var t text
	if p.kind.houseLike() || p.kind.flat() || p.kind == kChalet {
		a := titleAdjectives[r.IntN(len(titleAdjectives))]
		if p.feat.has(fToRenovate) {
			a = titleAdjectives[0] // 'superb' would oversell a house to renovate
		}
		nl, fr := a.deNL, a.femFR
		if ki.het {
			nl = a.hetNL
		}
		if ki.masc {
			fr = a.mascFR
		}
		t = text{nl + " " + lowerFirst(noun.nl), fr + " " + lowerFirst(noun.fr), a.en + " " + lowerFirst(noun.en), ""}
	} else {
		t = text{noun.nl, noun.fr, noun.en, noun.de}
	}
	for _, c := range titleComplements {
		if p.feat.has(c.f) && r.IntN(2) == 0 {
			return text{t.nl + " " + c.t.nl, t.fr + " " + c.t.fr, t.en + " " + c.t.en, ""}
		}
	}
	name := p.town.name
	return text{t.nl + " in " + name.nl, t.fr + " à " + name.fr, t.en + " in " + name.en, ""}
}
