package platformsync

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/sync/wire"
)

// mapProperty turns a platform detail and its pictures into the domain
// property, deriving what the site shows (region, EPC grade, status, media).
// An error says why the detail cannot be a listing (no ID, a position off
// the globe): the Syncer quarantines that one record.
func mapProperty(lang listing.Lang, d wire.PropertyDetail, pics []wire.PictureItem, hosts listing.VideoHosts) (listing.Property, error) {
	if d.ID <= 0 {
		return listing.Property{}, errors.New(idProblem(d.ID))
	}
	goal := listing.GoalFromPlatform(d.Goal)
	region := listing.RegionOf(d.CountryID, d.Zip)
	p := listing.Property{
		ID:          d.ID,
		Lang:        lang,
		WebID:       d.WebID,
		WebIDs:      parseIDs(d.WebIDs),
		Goal:        goal,
		Title:       strings.TrimSpace(d.Title),
		Type:        strings.TrimSpace(d.TypeDescription),
		MainType:    strings.TrimSpace(d.MainTypeName),
		TypeID:      d.TypeID,
		ProjectID:   d.ProjectID,
		Status:      listing.AvailabilityFrom(d.StatusID, d.Marquee, goal),
		Marquee:     d.Marquee,
		MarqueeName: d.MarqueeName,
		Address: listing.Address{
			Street:      strings.TrimSpace(d.Street),
			HouseNumber: strings.TrimSpace(d.HouseNumber),
			Box:         strings.TrimSpace(d.BoxNr),
			Zip:         strings.TrimSpace(d.Zip),
			City:        strings.TrimSpace(d.City),
			CountryID:   d.CountryID,
			CountryName: d.CountryName,
			Published:   d.PublishAddress,
		},
		Price: listing.Price{
			Amount:    float64(d.Price),
			Published: d.PublishPrice,
			Unit:      d.PriceUnit,
			UnitText:  d.PriceUnitText,
		},
		Costs: listing.Costs{
			ChargesOwner:     float64(d.ChargesOwner),
			ChargesRenter:    float64(d.ChargesRenter),
			TotalCost:        float64(d.TotalCost),
			Deposit:          float64(d.Deposit),
			NotaryFee:        float64(d.NotaryFee),
			NotaryFeeVAT:     float64(d.NotaryFeeVAT),
			RegistrationType: d.RegistrationType,
			VATValue:         float64(d.VATValue),
			VATRegime:        d.VATRegime,
			RealEstateTax:    float64(d.RealEstateTax),
		},
		Surfaces: listing.Surfaces{
			Total:       float64(d.SurfaceTotal),
			Living:      float64(d.SurfaceLiving),
			Ground:      float64(d.SurfaceGround),
			Terrace:     float64(d.SurfaceTerrace),
			Garden:      float64(d.SurfaceGarden),
			Office:      float64(d.SurfaceOffice),
			Constructed: float64(d.SurfaceConstructed),
			PlotWidth:   float64(d.PlotWidth),
			FrontWidth:  float64(d.FrontWidth),
		},
		Layout: listing.Layout{
			Facades:          d.Facades,
			Bedrooms:         d.NumberOfBedRooms,
			Bathrooms:        d.NumberOfBathRooms,
			ShowerRooms:      d.NumberOfShowerRooms,
			Toilets:          d.NumberOfToilets,
			Garages:          d.NumberOfGarages,
			Parkings:         d.NumberOfParkings,
			ExternalParkings: d.NumberOfExternalParkings,
			Floors:           d.NumberOfFloors,
			ExtraRooms:       d.ExtraRooms,
			ConstructionYear: d.ConstructionYear,
			RenovationYear:   d.RenovationYear,
		},
		Energy: listing.Energy{
			Value:      float64(d.EnergyPerformance),
			Total:      float64(d.EnergyTotal),
			LabelText:  strings.TrimSpace(d.EPCLabelText),
			Label:      listing.EPCLabel(region, float64(d.EnergyPerformance), d.EPCLabelText),
			Region:     region,
			Expiry:     timePtr(d.EPCExpiryDate),
			CO2:        float64(d.CO2Emission),
			ELevel:     float64(d.ELevel),
			Heating:    d.Heating,
			CertNumber: d.EPCCertNumber,
		},
		Comfort: listing.Comfort{
			Kitchen:            d.Kitchen,
			Comfort:            d.Comfort,
			RoofMaterial:       d.RoofMaterial,
			RoofCondition:      d.RoofCondition,
			WindowFrame:        d.WindowFrame,
			WindowGlazing:      d.WindowGlazing,
			FloorCovering:      d.FloorCovering,
			OrientationTerrace: d.OrientationTerrace,
			OrientationGarden:  d.OrientationGarden,
		},
		Legal: listing.Legal{
			FloodZone:        d.FloodZone,
			RiparianZone:     d.RiparianZone,
			FloodRisk:        d.FloodRisk,
			GScore:           d.GScore,
			PScore:           d.PScore,
			AsbestosType:     d.AsbestosType,
			AsbestosDate:     timePtr(d.AsbestosDate),
			Mobiscore:        float64(d.Mobiscore),
			RegisteredRight:  d.RegisteredRight,
			Planning:         d.Planning,
			Permit:           d.Permit,
			AllotmentPermit:  d.AllotmentPermit,
			Summons:          d.Summons,
			PreemptiveRights: d.PreemptiveRights,
			JudicialDecision: d.JudicialDecision,
		},
		Flags: listing.Flags{
			Gas: d.HasGas, Water: d.HasWater, Lift: d.HasLift, Cellar: d.HasCellar,
			Garden: d.HasGarden, Terrace: d.HasTerrace, Attic: d.HasAttic, Furnished: d.IsFurnished,
			Garage: d.HasGarage, Parking: d.HasParking, Electricity: d.HasElectricity, Drain: d.HasDrain,
		},
		Summary: strings.TrimSpace(d.DescriptionA),
		Body:    strings.TrimSpace(d.Description),
		Avail:   d.Availability,
		AvailAt: timePtr(d.AvailableFrom),
		Created: d.CreatedDate.Time,
		Changed: d.LastChangedDate.Time,
	}
	if d.ViagerBouquet != 0 || d.ViagerMonthlyRent != 0 {
		p.Viager = &listing.Viager{Bouquet: float64(d.ViagerBouquet), MonthlyRent: float64(d.ViagerMonthlyRent), Ages: d.ViagerAges}
	}
	geo, err := mapGeo(d.GoogleX, d.GoogleY)
	if err != nil {
		return listing.Property{}, err
	}
	p.Geo = geo
	p.Media = listing.Media{
		Pictures:  mapPictures(pics),
		Videos:    mapVideos(append(append([]string{}, d.VideoLinks...), d.VirtualTourUrl), hosts),
		Documents: mapDocuments(d.Documents),
	}
	if len(p.Media.Pictures) == 0 && d.SmallPictureItem != nil {
		p.Media.Pictures = mapPictures([]wire.PictureItem{*d.SmallPictureItem})
	}
	p.Agent = mapAgent(d.ManagerName, d.ManagerPhone, d.ManagerEmail, d.ManagerPhoto)
	for _, poi := range d.PointsOfInterest {
		p.POIs = append(p.POIs, listing.POI{Kind: poi.Kind, Name: poi.Name, Distance: float64(poi.Distance)})
	}
	if p.Created.IsZero() {
		p.Created = p.Changed
	}
	return p, nil
}

// idProblem says what is wrong with an ID that is not positive.
func idProblem(id int) string {
	if id == 0 {
		return "no ID"
	}
	return fmt.Sprintf("invalid ID %d", id)
}

// mapGeo reads GoogleX (latitude) and GoogleY (longitude). Zero means the
// platform has no position; a value off the globe means a broken record.
func mapGeo(lat, lng wire.Number) (*listing.Geo, error) {
	if lat == 0 && lng == 0 {
		return nil, nil
	}
	if math.IsNaN(float64(lat)) || math.IsNaN(float64(lng)) || math.Abs(float64(lat)) > 90 || math.Abs(float64(lng)) > 180 {
		return nil, fmt.Errorf("position %v,%v is off the globe", lat, lng)
	}
	return &listing.Geo{Lat: float64(lat), Lng: float64(lng)}, nil
}

func timePtr(d wire.Date) *time.Time {
	if d.IsZero() {
		return nil
	}
	t := d.Time
	return &t
}

func parseIDs(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func mapPictures(items []wire.PictureItem) []listing.Picture {
	sorted := append([]wire.PictureItem(nil), items...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Order < sorted[j].Order })
	out := make([]listing.Picture, 0, len(sorted))
	for _, it := range sorted {
		if strings.TrimSpace(it.Url) == "" {
			continue
		}
		pic := listing.Picture{
			Image: listing.Image{URL: it.Url, Width: it.Width, Height: it.Height},
			ID:    it.ID,
			Alt:   it.Name,
		}
		for _, v := range it.Variants {
			pic.Variants = append(pic.Variants, listing.Image{URL: v.Url, Width: v.Width, Height: v.Height})
		}
		sort.Slice(pic.Variants, func(i, j int) bool { return pic.Variants[i].Width < pic.Variants[j].Width })
		out = append(out, pic)
	}
	return out
}

func mapVideos(links []string, hosts listing.VideoHosts) []listing.Video {
	var out []listing.Video
	for _, l := range links {
		if v, ok := listing.ParseVideo(l, hosts); ok {
			out = append(out, v)
		}
	}
	return out
}

func mapDocuments(docs []wire.Document) []listing.Document {
	var out []listing.Document
	for _, d := range docs {
		out = append(out, listing.Document{ID: d.ID, Name: d.Name, URL: d.Url, Kind: d.Kind})
	}
	return out
}

func mapAgent(name, phone, email, photo string) *listing.Agent {
	if strings.TrimSpace(name) == "" {
		return nil
	}
	return &listing.Agent{Name: strings.TrimSpace(name), Phone: phone, Email: strings.TrimSpace(email), Photo: photo}
}

func mapType(t wire.PropertyType, lang listing.Lang) listing.PropertyType {
	return listing.PropertyType{
		ID: t.ID, ParentID: t.ParentID, WebID: t.WebID, Name: strings.TrimSpace(t.Name), ShowOrder: t.ShowOrder,
		Sale: t.Sale, Rent: t.Rent, Lang: lang, SaleCount: t.SaleCount, RentCount: t.RentCount,
	}
}

func mapCity(c wire.City, lang listing.Lang) listing.City {
	country, _ := strconv.Atoi(strings.TrimSpace(c.CountryID))
	return listing.City{
		Name: strings.TrimSpace(c.Name), Zip: strings.TrimSpace(c.Zip), CountryID: country,
		CountryName: c.CountryName, PropertyCount: c.PropertyCount, Lang: lang,
	}
}

func mapProject(p wire.Project, lang listing.Lang) (listing.Project, error) {
	if p.ID <= 0 {
		return listing.Project{}, errors.New(idProblem(p.ID))
	}
	geo, err := mapGeo(p.GoogleX, p.GoogleY)
	if err != nil {
		return listing.Project{}, err
	}
	out := listing.Project{
		ID: p.ID, Lang: lang, Number: p.ProjectNumber, Name: strings.TrimSpace(p.Name),
		Summary: p.DescriptionA, Body: p.Description,
		Address: listing.Address{
			Street: p.Street, HouseNumber: p.HouseNumber, Box: p.BoxNr, Zip: p.Zip, City: p.City,
			CountryID: p.CountryID, CountryName: p.CountryName, Published: p.PublicAddress,
		},
		Geo:       geo,
		PriceMin:  float64(p.PriceMin),
		PriceMax:  float64(p.PriceMax),
		PriceList: p.PriceList,
		Delivery:  p.Delivery,
		Types:     p.Types,
		SoldOut:   p.SoldOut,
		Media:     listing.Media{Pictures: mapPictures(p.Pictures), Documents: mapDocuments(p.Documents)},
		Agent:     mapAgent(p.ManagerName, p.ManagerPhone, p.ManagerEmail, ""),
		Changed:   p.LastChangedDate.Time,
	}
	allSold := len(p.Units) > 0
	for _, u := range p.Units {
		st := listing.AvailabilityFrom(u.StatusID, 0, listing.Sale)
		allSold = allSold && st == listing.Sold
		out.Units = append(out.Units, listing.Unit{
			ID: u.ID, Name: u.Name, Floor: u.Floor, Price: float64(u.Price), Bedrooms: u.Bedrooms,
			Surface: float64(u.Surface), Status: st,
		})
	}
	// The platform's flag can lag behind its units.
	out.SoldOut = out.SoldOut || allSold
	return out, nil
}

func mapSlot(a wire.Appointment) listing.VisitSlot {
	return listing.VisitSlot{
		ID: a.ID, PropertyID: a.PropertyID, Start: a.StartDate.Time, End: a.EndDate.Time,
		Capacity: a.Capacity, Booked: a.Booked, Status: a.Status,
	}
}
