package demo

import (
	"fmt"
	"math"
	"strconv"

	"github.com/estate-agency/estate/demo/photos"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/sync/wire"
)

// detail renders the property as the platform sends it in language l; pics
// are its pictures in that language (for the card thumbnail).
func (p *prop) detail(l listing.Lang, pics []wire.PictureItem) wire.PropertyDetail {
	k, ki := p.kind, p.kind.info()
	ci := categories[ki.cat]
	typeID := ki.typeID
	if typeID == 0 {
		typeID = ci.id
	}
	webIDs := strconv.Itoa(ki.cat.webID(l))
	if p.feat.has(fMixedUse) {
		webIDs += "," + strconv.Itoa(catCommercial.webID(l))
	}
	short, long := p.descriptions(l)
	d := wire.PropertyDetail{
		PropertyListItem: wire.PropertyListItem{
			ID: p.id, WebID: ki.cat.webID(l), WebIDs: webIDs, Goal: p.goal,
			TypeDescription: ki.name.in(l), MainTypeName: ci.name.in(l), TypeID: typeID,
			City: p.town.name.in(l), Zip: p.town.zip, Street: p.street, HouseNumber: p.number, BoxNr: p.box,
			CountryID: p.country, CountryName: countryName(p.country).in(l),
			PublishAddress: !p.feat.has(mHideAddress), PublishPrice: !p.feat.has(mNoPrice),
			Price: wire.Number(p.price), Marquee: p.marquee, StatusID: p.status,
			EnergyPerformance: wire.Number(p.epc), EPCLabelText: p.epcText,
			RecordFile: fmt.Sprintf("%d/%04d", p.created.Year(), p.id),
			GoogleX:    wire.Number(p.lat), GoogleY: wire.Number(p.lng),
			NumberOfBedRooms: p.beds, SurfaceLiving: wire.Number(p.living), SurfaceGround: wire.Number(p.ground),
			Title: p.title.in(l), DescriptionA: short,
			CreatedDate: wire.Date{Time: p.created}, LastChangedDate: wire.Date{Time: p.changed},
			ProjectID: p.project,
		},
		Description: long,

		RealEstateTax: wire.Number(p.cadastral),

		Facades:                  p.facades,
		NumberOfBathRooms:        p.baths,
		NumberOfShowerRooms:      p.showers,
		NumberOfToilets:          p.toilets,
		NumberOfGarages:          p.garages,
		NumberOfParkings:         p.parkings,
		NumberOfExternalParkings: p.extParkings,
		NumberOfFloors:           p.floors,
		ExtraRooms:               p.extra.in(l),
		ConstructionYear:         p.year,
		RenovationYear:           p.renov,

		Availability: p.availability.in(l),

		HasGarden:   p.feat.has(fGarden),
		HasTerrace:  p.feat.has(fTerrace),
		HasGarage:   p.feat.has(fGarage),
		HasCellar:   p.feat.has(fCellar),
		HasAttic:    p.feat.has(fAttic),
		HasLift:     p.feat.has(fLift),
		IsFurnished: p.feat.has(fFurnished),
		HasParking:  p.feat.has(fParking),

		VideoLinks:     p.videos,
		VirtualTourUrl: p.tour,

		ManagerName:  agents[p.agent].name,
		ManagerPhone: agents[p.agent].phone,
		ManagerEmail: agents[p.agent].email,
	}
	if name, ok := marqueeName(p.marquee); ok {
		if p.status == wire.StatusRented {
			name = rentedName
		}
		d.MarqueeName = name.in(l)
	}
	if p.feat.has(mFrom) {
		d.PriceUnit, d.PriceUnitText = listing.PriceUnitStartingFrom, startingFrom.in(l)
	}
	if thumb, ok := thumbnail(pics); ok {
		d.SmallPicture = thumb.Url
		d.SmallPictureItem = &wire.PictureItem{ID: pics[0].ID, Name: pics[0].Name, Url: thumb.Url, Width: thumb.Width, Height: thumb.Height}
	}

	// surfaces
	if k.built() {
		d.SurfaceTotal = wire.Number(p.living)
		d.SurfaceConstructed = wire.Number(math.Round(float64(p.living) * 1.2))
		d.HasWater, d.HasElectricity, d.HasDrain = true, true, p.kind != kChalet
		d.HasGas = p.heating == heatGas
	}
	if k == kLand {
		d.PlotWidth = wire.Number(p.frontWidth)
		d.HasWater, d.HasElectricity, d.HasDrain = true, true, true
	} else if k.houseLike() || k == kShop || k == kHoreca || k == kIncome {
		d.FrontWidth = wire.Number(p.frontWidth)
	}
	if p.feat.has(fGarden) && p.ground > p.living {
		d.SurfaceGarden = wire.Number(p.ground - p.living*2/max(p.floors, 1))
		d.OrientationGarden = orientations[p.orient].in(l)
	}
	if p.terrace > 0 {
		d.SurfaceTerrace = wire.Number(p.terrace)
		d.OrientationTerrace = orientations[p.orient].in(l)
	}
	if k == kShop || k == kHoreca {
		d.SurfaceOffice = wire.Number(p.living / 4)
	}

	// energy and comfort
	if k.built() {
		d.Heating = heatings[p.heating].field.in(l)
		d.WindowFrame = frames[p.frame].in(l)
		d.WindowGlazing = p.glazing.in(l)
		d.RoofMaterial = roofs[p.roof].in(l)
		d.RoofCondition = p.roofState.in(l)
		d.FloorCovering = floorings[p.flooring].in(l)
		d.Comfort = comforts[p.comfort].in(l)
		if k != kBuilding && k != kIncome && k != kShop {
			d.Kitchen = kitchens[p.kitchen].field.in(l)
		}
	}
	if p.epc > 0 {
		d.EnergyTotal = wire.Number(p.epc * p.living)
		d.CO2Emission = wire.Number(math.Round(float64(p.epc) * 0.21))
		d.EPCCertNumber = p.certNo
		d.EPCExpiryDate = wire.Date{Time: p.certDate.AddDate(10, 0, 0)}
		if p.year >= 2010 {
			d.ELevel = wire.Number(30 + p.epc/4)
		}
	}

	// legal
	d.FloodZone = legalNoFlood.in(l)
	if p.feat.has(fRiverside) {
		d.FloodZone, d.FloodRisk = legalFloodLow.in(l), legalRiskLow.in(l)
	}
	d.Planning = p.planning.in(l)
	d.Summons = legalNoSummons.in(l)
	d.PreemptiveRights = legalNoPreempt.in(l)
	d.RegisteredRight = legalNoRight.in(l)
	if k == kLand {
		d.Permit = legalNoPermit.in(l)
	} else {
		d.Permit = legalPermit.in(l)
	}
	if k == kLand && p.feat.has(mFrom) {
		d.AllotmentPermit = legalAllotment.in(l)
	} else {
		d.AllotmentPermit = legalNoAllot.in(l)
	}
	if p.region == listing.Flanders {
		d.GScore, d.PScore = p.gscore.in(l), p.gscore.in(l)
		d.Mobiscore = wire.Number(p.mobiscore)
		if p.asbes.nl != "" {
			d.AsbestosType = p.asbes.in(l)
			d.AsbestosDate = wire.Date{Time: p.certDate}
		}
	}

	// money
	if p.goal == 0 {
		d.RegistrationType = legalRegistered.in(l)
		d.NotaryFee = wire.Number(p.notary)
		d.NotaryFeeVAT = wire.Number(math.Round(float64(p.notary) * 0.21))
	} else {
		d.ChargesRenter = wire.Number(p.charges)
		d.TotalCost = wire.Number(p.price + p.charges)
		d.Deposit = wire.Number(3 * p.price)
		if !p.availFrom.IsZero() {
			d.AvailableFrom = wire.Date{Time: p.availFrom}
		}
	}

	for _, i := range p.docs {
		dk := docKinds[i]
		d.Documents = append(d.Documents, wire.Document{
			ID: p.id*10 + i + 1, Name: dk.name.in(l), Kind: dk.kind,
			Url: fmt.Sprintf("/demo/documents/%d/%s.pdf", p.id, dk.slug.in(l)),
		})
	}
	for _, x := range p.pois {
		d.PointsOfInterest = append(d.PointsOfInterest, wire.POI{Kind: x.kind, Name: x.name.in(l), Distance: wire.Number(x.dist)})
	}
	return d
}

// thumbnail is the card picture: the 280 px rendition of the first photo.
func thumbnail(pics []wire.PictureItem) (wire.Variant, bool) {
	if len(pics) == 0 {
		return wire.Variant{}, false
	}
	for _, v := range pics[0].Variants {
		if v.Width == listing.ThumbnailWidth {
			return v, true
		}
	}
	return wire.Variant{}, false
}

// pictures lists the property's photos with every rendition.
func (p *prop) pictures(l listing.Lang) []wire.PictureItem {
	return pictureSet(strconv.Itoa(p.id), p.id*100, p.scenes, l)
}

// pictureSet builds the picture items of a photo key (a property id, or
// "p" and a project id): picture n shows photos.SceneOf(n) and is served at
// /demo/photos/{key}/{n}/{width}.jpg.
func pictureSet(key string, firstID int, scenes []int, l listing.Lang) []wire.PictureItem {
	out := make([]wire.PictureItem, 0, len(scenes))
	for i, n := range scenes {
		base := photos.PhotosPrefix + key + "/" + strconv.Itoa(n) + "/"
		url := func(w int) string { return base + strconv.Itoa(w) + ".jpg" }
		widths := photos.Widths()
		vs := make([]wire.Variant, len(widths))
		for j, w := range widths {
			vs[j] = wire.Variant{Width: w, Height: photos.Height(w), Url: url(w)}
		}
		out = append(out, wire.PictureItem{
			ID: firstID + i + 1, Name: sceneNames[photos.SceneOf(n)].in(l), Order: i + 1,
			Url: url(photos.OriginalWidth), Width: photos.OriginalWidth, Height: photos.Height(photos.OriginalWidth),
			Variants: vs,
		})
	}
	return out
}
