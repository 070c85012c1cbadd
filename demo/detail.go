package demo

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/estate-agency/estate/demo/photos"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// brussels is the agency's clock: the platform writes its dates on it,
// without a zone.
var brussels = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		panic(err)
	}
	return loc
}()

// date is t as the platform writes it.
func date(t time.Time) platform.Date { return platform.WallClock(t.In(brussels)) }

// record renders the property as the platform lists it in language l, the
// photos embedded in every size (the rows of GetPropertyList are whole
// listings; the demo answers GetPropertiesByIDs with the same records).
func (p *prop) record(l listing.Lang) platform.Property {
	k, ki := p.kind, p.kind.info()
	ci := categories[ki.cat]
	webIDs := platform.IDs{ki.cat.webID(l)}
	if p.feat.has(fMixedUse) {
		webIDs = append(webIDs, catCommercial.webID(l))
	}
	short, long := p.descriptions(l)
	s := func(v string) platform.Text { return platform.Text(v) }
	n := func(v int) platform.Number { return platform.Number(v) }
	d := platform.Property{
		ID: platform.Int(p.id), Ident: s(p.title.in(l)), Status: platform.Is(p.status),
		Goal: platform.Int(p.goal), WebID: platform.Int(ki.cat.webID(l)), WebIDName: s(ci.name.in(l)), WebIDs: webIDs,
		TypeDescription: s(ki.name.in(l)), MainTypeName: s(ci.name.in(l)),
		RecordFile: s(fmt.Sprintf("%d/%04d", p.created.Year(), p.id)), ProjectID: platform.Int(p.project),
		CreatedDate: date(p.created), LastChangedDate: date(p.changed),
		DescriptionA: s(short), DescriptionB: s(long),
		Price: n(p.price), PublishPrice: platform.Bool(!p.feat.has(mNoPrice)),

		Street: s(p.street), HouseNumber: s(p.number), BoxNr: s(p.box), Zip: s(p.town.zip), City: s(p.town.name.in(l)),
		CountryID: platform.Int(p.country), CountryName: s(countryName(p.country).in(l)),
		PublishAddress: platform.Bool(!p.feat.has(mHideAddress)),
		GoogleX:        platform.Number(p.lat), GoogleY: platform.Number(p.lng),

		SurfaceLiving: n(p.living), SurfaceGround: n(p.ground),
		NumberOfBedRooms: platform.Int(p.beds), NumberOfBathRooms: platform.Int(p.baths), NumberOfShowerRooms: platform.Int(p.showers),
		NumberOfToilets: platform.Int(p.toilets), NumberOfGarages: platform.Int(p.garages), NumberOfParkings: platform.Int(p.parkings),

		HasGarden: platform.Bool(p.feat.has(fGarden)), HasTerrace: platform.Bool(p.feat.has(fTerrace)),
		HasLift: platform.Bool(p.feat.has(fLift)), HasCellar: platform.Bool(p.feat.has(fCellar)),
		HasAttic: platform.Bool(p.feat.has(fAttic)), HasFurnished: platform.Bool(p.feat.has(fFurnished)),
		VirtualTour: s(p.tour),

		EnergyPerformance: n(p.epc), EPCLabelText: s(p.epcText),

		RealEstateTax:            n(p.cadastral),
		Facades:                  platform.Int(p.facades),
		NumberOfExternalParkings: platform.Int(p.extParkings),
		NumberOfFloors:           platform.Int(p.floors),
		ExtraRooms:               s(p.extra.in(l)),
		ConstructionYear:         platform.Int(p.year),
		RenovationYear:           platform.Int(p.renov),
		Availability:             s(p.availability.in(l)),
		HasGarage:                platform.Bool(p.feat.has(fGarage)),
		HasParking:               platform.Bool(p.feat.has(fParking)),
		VideoLinks:               platform.Texts(p.videos),
		ManagerName:              s(agents[p.agent].name),
		ManagerPhone:             s(agents[p.agent].phone),
		ManagerEmail:             s(agents[p.agent].email),
		Pictures:                 p.embedded(l),
	}
	if p.marquee != 0 {
		name, _ := marqueeName(p.marquee)
		if p.status == platform.StatusRented {
			name = rentedName
		}
		d.Marquee, d.MarqueeName = platform.Int(p.marquee), s(name.in(l))
	}
	if p.feat.has(mFrom) {
		d.PriceUnit, d.PriceUnitText = listing.PriceUnitStartingFrom, s(startingFrom.in(l))
	}
	if k.flat() && p.floor > 0 {
		d.Floor = s(strconv.Itoa(p.floor))
	}

	// surfaces
	if k.built() {
		d.SurfaceTotal = n(p.living)
		d.SurfaceConstructed = platform.Number(math.Round(float64(p.living) * 1.2))
		d.HasWater, d.HasElectricity, d.HasDrainConnection = true, true, platform.Bool(p.kind != kChalet)
		d.HasGas = platform.Bool(p.heating == heatGas)
		d.ConditionName = s(p.condition().in(l))
	}
	if c, ok := constructions[p.facades]; ok && k.houseLike() {
		d.ConstructionName = s(c.in(l))
	}
	if k == kLand {
		d.PlotWidth = n(p.frontWidth)
		d.HasWater, d.HasElectricity, d.HasDrainConnection = true, true, true
	} else if k.houseLike() || k == kShop || k == kHoreca || k == kIncome {
		d.FrontWidth = n(p.frontWidth)
	}
	if p.feat.has(fGarden) && p.ground > p.living {
		d.SurfaceGarden = n(p.ground - p.living*2/max(p.floors, 1))
		d.OrientationGarden = s(orientations[p.orient].in(l))
	}
	if p.terrace > 0 {
		d.SurfaceTerrace = n(p.terrace)
		d.OrientationT = s(orientations[p.orient].in(l))
	}
	if k == kShop || k == kHoreca {
		d.SurfaceOffice = n(p.living / 4)
	}

	// energy and comfort
	if k.built() {
		d.HeatingName = s(heatings[p.heating].field.in(l))
		d.WindowFrame = s(frames[p.frame].in(l))
		d.WindowGlazing = s(p.glazing.in(l))
		d.RoofMaterial = s(roofs[p.roof].in(l))
		d.RoofCondition = s(p.roofState.in(l))
		d.FloorCovering = s(floorings[p.flooring].in(l))
		d.Comfort = s(comforts[p.comfort].in(l))
		if k != kBuilding && k != kIncome && k != kShop {
			d.KitchenName = s(kitchens[p.kitchen].field.in(l))
		}
	}
	if p.pebPending {
		d.EPCLabelText = s(pebPending.in(l))
	}
	if p.epc > 0 {
		if !p.noEnergyTotal {
			d.EnergyTotal = n(p.epc * p.living)
		}
		d.CO2Emission = platform.Number(math.Round(float64(p.epc) * 0.21))
		d.EPCCertNumber = s(p.certNo)
		d.EPCExpiryDate = date(p.certDate.AddDate(10, 0, 0))
		if p.year >= 2010 {
			d.ELevel = n(30 + p.epc/4)
		}
	}

	// legal; since 2023 the P- and G-scores say a Flemish plot's flood
	// risk, and the former flood-zone wording would only contradict them
	if p.region != listing.Flanders {
		d.FloodZone = s(legalNoFlood.in(l))
		if p.feat.has(fRiverside) {
			d.FloodZone, d.FloodRisk = s(legalFloodLow.in(l)), s(legalRiskLow.in(l))
		}
	}
	d.PlanningInformation = s(p.planning.in(l))
	d.Summons = s(legalNoSummons.in(l))
	d.PreemptiveRights = s(legalNoPreempt.in(l))
	d.RegisteredRight = s(legalNoRight.in(l))
	switch {
	case k == kLand:
		d.Permit = s(legalNoPermit.in(l))
	case p.region == listing.Flanders:
		d.Permit = s(flemishPermit.in(l))
	default:
		d.Permit = s(legalPermit.in(l))
	}
	if k == kLand && p.feat.has(mFrom) {
		d.AllotmentPermit = s(legalAllotment.in(l))
	} else {
		d.AllotmentPermit = s(legalNoAllot.in(l))
	}
	if p.region == listing.Flanders {
		d.PScore, d.Summons = s(p.pscore.in(l)), s(flemishSummons.in(l))
		if k.built() {
			d.GScore = s(p.gscore.in(l))
		}
		d.Mobiscore = platform.Number(p.mobiscore)
		if p.asbes.nl != "" {
			d.AsbestosType = s(p.asbes.in(l))
			d.AsbestosDate = date(p.certDate)
		}
	}

	// money
	if p.goal == 0 {
		// A project's unit is sold under VAT, the rest with registration duties.
		if p.project != 0 {
			d.VATRegime = true
		} else {
			d.RegistrationType = s(legalRegistered.in(l))
		}
		d.NotaryFee = n(p.notary)
		d.NotaryFeeVAT = platform.Number(math.Round(float64(p.notary) * 0.21))
	} else {
		d.ChargesRenter = n(p.charges)
		d.TotalCost = n(p.price + p.charges)
		d.Deposit = n(3 * p.price)
		if !p.availFrom.IsZero() {
			d.AvailableFrom = date(p.availFrom)
		}
	}

	d.Documents = p.embeddedDocuments(l) // the others come from GetDocumentList (documents.go)
	for _, x := range p.pois {
		d.PointsOfInterest = append(d.PointsOfInterest, platform.POI{Kind: s(x.kind), Name: s(x.name.in(l)), Distance: n(x.dist)})
	}
	return d
}

// condition is the ConditionName of a built property.
func (p *prop) condition() text {
	switch {
	case p.feat.has(fToRenovate):
		return conditionToRenovate
	case p.year >= 2020:
		return conditionNew
	case p.renov > 0:
		return conditionRenovated
	}
	return conditionGood
}

// embedded lists the property's photos in every size it has.
func (p *prop) embedded(l listing.Lang) platform.Pictures {
	return pictureSet(strconv.Itoa(p.id), p.id*100, p.scenes, l)
}

// The platform's picture sizes and the demo rendition each one is.
var pictureSizes = struct{ small, medium, large, xlarge int }{280, 600, 1360, photos.OriginalWidth}

// pictureSet builds the embedded picture lists of a photo key (a property
// id, or "p" and a project id): picture n shows photos.SceneOf(n) and is
// served at /demo/photos/{key}/{n}/{width}.jpg. Every size lists the same
// photos in the same order under the same ID, as SmallPictureItem does
// for the first (seed: Url, Width about 280, Height, ID, Name).
func pictureSet(key string, firstID int, scenes []int, l listing.Lang) platform.Pictures {
	var set platform.Pictures
	item := func(i, n, width int) platform.PictureItem {
		return platform.PictureItem{
			ID: platform.Int(firstID + i + 1), Name: platform.Text(sceneNames[photos.SceneOf(n)].in(l)),
			Url:   platform.Text(photos.PhotosPrefix + key + "/" + strconv.Itoa(n) + "/" + strconv.Itoa(width) + ".jpg"),
			Width: platform.Int(width), Height: platform.Int(photos.Height(width)),
		}
	}
	for i, n := range scenes {
		set.SmallPictureItems = append(set.SmallPictureItems, item(i, n, pictureSizes.small))
		set.MediumPictureItems = append(set.MediumPictureItems, item(i, n, pictureSizes.medium))
		set.LargePictureItems = append(set.LargePictureItems, item(i, n, pictureSizes.large))
		set.XLargePictureItems = append(set.XLargePictureItems, item(i, n, pictureSizes.xlarge))
	}
	if len(scenes) > 0 {
		first := set.SmallPictureItems[0]
		set.SmallPictureItem = &first
		set.SmallPicture = first.Url
		set.MediumPicture = set.MediumPictureItems[0].Url
		set.LargePicture = set.LargePictureItems[0].Url
	}
	return set
}
