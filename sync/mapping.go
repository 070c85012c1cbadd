package platformsync

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// mapper turns the platform's records of one language into the domain,
// deriving what the site shows (publication, status and banner, region,
// EPC grade, media, type).
type mapper struct {
	lang           listing.Lang
	zone           *time.Location
	hosts          listing.VideoHosts
	badges         listing.BadgeRules
	showReferences bool
	types          typeIndex
}

// property maps a merged property record and its listed pictures (used
// when the record embeds none). The Offer says whether the platform's
// Status publishes it; an error says why the record cannot be a listing
// (no ID, a position off the globe): the Syncer quarantines that one record.
func (m *mapper) property(d platform.Property, listed []platform.ListedPicture) (listing.Property, listing.Offer, error) {
	if d.ID <= 0 {
		return listing.Property{}, listing.Unpublished, errors.New(idProblem(int(d.ID)))
	}
	goal := listing.GoalFromPlatform(int(d.Goal))
	zip := d.Zip.String()
	country := listing.CountryOf(int(d.CountryID), d.CountryAbbr.String(), d.CountryName.String(), zip)
	region := listing.RegionOf(country, zip)
	if country == 0 {
		country = int(d.CountryID)
	}
	offer := listing.OfferOf(d.Status.Value, d.Status.Set, m.showReferences)
	meaning := m.badges.Of(int(d.Marquee), d.MarqueeName.String(), int(d.SubStatus), d.SubStatusName.String())
	status := listing.AvailabilityFrom(offer, meaning, goal)
	price := float64(d.Price)
	if price == 0 {
		price = float64(d.StartPrice)
	}
	p := listing.Property{
		ID:          int(d.ID),
		Lang:        m.lang,
		WebID:       int(d.WebID),
		WebIDs:      []int(d.WebIDs),
		Goal:        goal,
		Title:       title(d),
		Type:        d.TypeDescription.String(),
		MainType:    cmp.Or(d.MainTypeName.String(), d.WebIDName.String()),
		TypeID:      m.types.of(d),
		ProjectID:   int(d.ProjectID),
		Status:      status,
		Marquee:     int(d.Marquee),
		MarqueeName: d.MarqueeName.String(),
		Badge:       m.badges.Shown(status, meaning, int(d.Marquee)),
		Address: listing.Address{
			Street:      d.Street.String(),
			HouseNumber: d.HouseNumber.String(),
			Box:         d.BoxNr.String(),
			Zip:         zip,
			City:        d.City.String(),
			CountryID:   country,
			CountryName: d.CountryName.String(),
			Published:   bool(d.PublishAddress),
		},
		Price: listing.Price{
			Amount:    price,
			Published: bool(d.PublishPrice),
			Unit:      int(d.PriceUnit),
			UnitText:  d.PriceUnitText.String(),
		},
		Costs: listing.Costs{
			ChargesOwner:     float64(d.ChargesOwner),
			ChargesRenter:    float64(d.ChargesRenter),
			TotalCost:        float64(d.TotalCost),
			Deposit:          float64(d.Deposit),
			NotaryFee:        float64(d.NotaryFee),
			NotaryFeeVAT:     float64(d.NotaryFeeVAT),
			RegistrationType: d.RegistrationType.String(),
			VATValue:         float64(d.VATValue),
			VATRegime:        bool(d.VATRegime),
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
			Facades:          int(d.Facades),
			Bedrooms:         int(d.NumberOfBedRooms),
			Bathrooms:        int(d.NumberOfBathRooms),
			ShowerRooms:      int(d.NumberOfShowerRooms),
			Toilets:          int(d.NumberOfToilets),
			Garages:          int(d.NumberOfGarages),
			Parkings:         int(d.NumberOfParkings),
			ExternalParkings: int(d.NumberOfExternalParkings),
			Floors:           int(d.NumberOfFloors),
			Floor:            d.Floor.String(),
			ExtraRooms:       d.ExtraRooms.String(),
			ConstructionYear: int(d.ConstructionYear),
			RenovationYear:   int(d.RenovationYear),
		},
		Energy: listing.Energy{
			Value:      float64(d.EnergyPerformance),
			Total:      float64(d.EnergyTotal),
			LabelText:  d.EPCLabelText.String(),
			Label:      listing.EPCLabel(region, float64(d.EnergyPerformance), d.EPCLabelText.String()),
			Region:     region,
			Expiry:     m.timePtr(d.EPCExpiryDate),
			CO2:        float64(d.CO2Emission),
			ELevel:     float64(d.ELevel),
			Heating:    d.HeatingName.String(),
			CertNumber: d.EPCCertNumber.String(),
		},
		Comfort: listing.Comfort{
			Condition:          d.ConditionName.String(),
			Construction:       d.ConstructionName.String(),
			Kitchen:            d.KitchenName.String(),
			Comfort:            d.Comfort.String(),
			RoofMaterial:       d.RoofMaterial.String(),
			RoofCondition:      d.RoofCondition.String(),
			WindowFrame:        d.WindowFrame.String(),
			WindowGlazing:      d.WindowGlazing.String(),
			FloorCovering:      d.FloorCovering.String(),
			OrientationTerrace: d.OrientationT.String(),
			OrientationGarden:  d.OrientationGarden.String(),
		},
		Legal: listing.Legal{
			FloodZone:        d.FloodZone.String(),
			RiparianZone:     bool(d.RiparianZone),
			FloodRisk:        d.FloodRisk.String(),
			GScore:           d.GScore.String(),
			PScore:           d.PScore.String(),
			AsbestosType:     d.AsbestosType.String(),
			AsbestosDate:     m.timePtr(d.AsbestosDate),
			Mobiscore:        float64(d.Mobiscore),
			RegisteredRight:  d.RegisteredRight.String(),
			Planning:         d.PlanningInformation.String(),
			Permit:           d.Permit.String(),
			AllotmentPermit:  d.AllotmentPermit.String(),
			Summons:          d.Summons.String(),
			PreemptiveRights: d.PreemptiveRights.String(),
			JudicialDecision: int(d.JudicialDecision),
		},
		Flags: listing.Flags{
			Gas: bool(d.HasGas), Water: bool(d.HasWater), Lift: bool(d.HasLift), Cellar: bool(d.HasCellar),
			Garden: bool(d.HasGarden), Terrace: bool(d.HasTerrace), Attic: bool(d.HasAttic), Furnished: bool(d.HasFurnished),
			Garage: bool(d.HasGarage), Parking: bool(d.HasParking), Electricity: bool(d.HasElectricity), Drain: bool(d.HasDrainConnection),
		},
		Summary: d.DescriptionA.String(),
		Body:    d.DescriptionB.String(),
		Avail:   d.Availability.String(),
		AvailAt: m.timePtr(d.AvailableFrom),
		Created: d.CreatedDate.In(m.zone),
		Changed: d.LastChangedDate.In(m.zone),
	}
	if d.ViagerBouquet != 0 || d.ViagerMonthlyRent != 0 {
		p.Viager = &listing.Viager{Bouquet: float64(d.ViagerBouquet), MonthlyRent: float64(d.ViagerMonthlyRent), Ages: d.ViagerAges.String()}
	}
	geo, err := mapGeo(d.GoogleX, d.GoogleY)
	if err != nil {
		return listing.Property{}, offer, err
	}
	p.Geo = geo
	p.Media = listing.Media{
		Pictures:  mapPictures(d.Pictures, listed),
		Videos:    mapVideos(append(slices.Clone([]string(d.VideoLinks)), d.VirtualTour.String()), m.hosts),
		Documents: mapDocuments(d.Documents),
	}
	p.Agent = mapAgent(d.ManagerName, d.ManagerPhone, d.ManagerEmail, d.ManagerPhoto)
	for _, poi := range d.PointsOfInterest {
		p.POIs = append(p.POIs, listing.POI{Kind: poi.Kind.String(), Name: poi.Name.String(), Distance: float64(poi.Distance)})
	}
	if p.Created.IsZero() {
		p.Created = p.Changed
	}
	return p, offer, nil
}

// title is what the site calls a listing: Ident, as production clients
// title their posts (tombroucke SyncService.php: 'post_title' =>
// $property->Ident); a record without one is named by its type and town.
func title(d platform.Property) string {
	if t := d.Ident.String(); t != "" {
		return t
	}
	return strings.TrimSpace(d.TypeDescription.String() + " " + d.City.String())
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
func mapGeo(lat, lng platform.Number) (*listing.Geo, error) {
	if lat == 0 && lng == 0 {
		return nil, nil
	}
	if math.IsNaN(float64(lat)) || math.IsNaN(float64(lng)) || math.Abs(float64(lat)) > 90 || math.Abs(float64(lng)) > 180 {
		return nil, fmt.Errorf("position %v,%v is off the globe", lat, lng)
	}
	return &listing.Geo{Lat: float64(lat), Lng: float64(lng)}, nil
}

func (m *mapper) timePtr(d platform.Date) *time.Time {
	if d.IsZero() {
		return nil
	}
	t := d.In(m.zone)
	return &t
}

// mapPictures lists every photo of a record. The embedded lists give each
// photo in up to four sizes (paired by ID, or by place when a list has
// items without one): the largest is the photo, every size a rendition.
// Without them, the listed pictures are the photos; without those, the
// record's single card or main picture.
func mapPictures(emb platform.Pictures, listed []platform.ListedPicture) []listing.Picture {
	if emb.Embedded() {
		return embeddedPictures(emb.Sizes())
	}
	if len(listed) > 0 {
		out := make([]listing.Picture, 0, len(listed))
		for _, lp := range listed {
			// By their names the sizes go small to extra large; the
			// picture's own Url is taken as the size before the largest.
			sizes := []listing.Image{{URL: lp.SmallUrl.String()}, {URL: lp.MediumUrl.String()}, {URL: lp.LargeUrl.String()},
				{URL: lp.Url.String(), Width: int(lp.Width), Height: int(lp.Height)}, {URL: lp.XLargeUrl.String()}}
			if pic, ok := picture(int(lp.ID), cmp.Or(lp.Name.String(), lp.Description.String()), sizes); ok {
				out = append(out, pic)
			}
		}
		return out
	}
	// The main photo alone, in the sizes the record gives of it.
	var sizes []listing.Image
	for _, size := range []struct {
		item *platform.PictureItem
		url  platform.Text
	}{{emb.SmallPictureItem, emb.SmallPicture}, {emb.MediumPictureItem, emb.MediumPicture},
		{emb.LargePictureItem, emb.LargePicture}, {emb.XLargePictureItem, ""}} {
		if it := size.item; it != nil {
			sizes = append(sizes, listing.Image{URL: it.Url.String(), Width: int(it.Width), Height: int(it.Height)})
		}
		sizes = append(sizes, listing.Image{URL: size.url.String()})
	}
	if pic, ok := picture(0, "", sizes); ok {
		return []listing.Picture{pic}
	}
	return nil
}

func embeddedPictures(lists [][]platform.PictureItem) []listing.Picture {
	byID := true
	longest := 0
	for _, l := range lists {
		longest = max(longest, len(l))
		for _, it := range l {
			byID = byID && it.ID > 0
		}
	}
	type photo struct {
		id    int
		name  string
		sizes []listing.Image
	}
	var photos []*photo
	index := map[int]*photo{}
	// The largest size's list sets the order; a photo only in a smaller
	// list comes after.
	for i := len(lists) - 1; i >= 0; i-- {
		for pos, it := range lists[i] {
			key := pos
			if byID {
				key = int(it.ID)
			}
			ph, ok := index[key]
			if !ok {
				ph = &photo{id: int(it.ID)}
				index[key] = ph
				photos = append(photos, ph)
			}
			if ph.name == "" {
				ph.name = it.Name.String()
			}
			// Smallest first: prepend, as the lists are walked from the largest.
			ph.sizes = append([]listing.Image{{URL: it.Url.String(), Width: int(it.Width), Height: int(it.Height)}}, ph.sizes...)
		}
	}
	out := make([]listing.Picture, 0, len(photos))
	for _, ph := range photos {
		if pic, ok := picture(ph.id, ph.name, ph.sizes); ok {
			out = append(out, pic)
		}
	}
	return out
}

// picture makes a photo of its sizes, smallest first: those without an
// address or repeating one are dropped, the largest is the photo. Widths,
// when every size has one, order the renditions.
func picture(id int, alt string, sizes []listing.Image) (listing.Picture, bool) {
	var variants []listing.Image
	seen := map[string]bool{}
	for _, s := range sizes {
		s.URL = strings.TrimSpace(s.URL)
		if s.URL == "" || seen[s.URL] {
			continue
		}
		seen[s.URL] = true
		variants = append(variants, s)
	}
	if len(variants) == 0 {
		return listing.Picture{}, false
	}
	if !slices.ContainsFunc(variants, func(v listing.Image) bool { return v.Width == 0 }) {
		slices.SortStableFunc(variants, func(a, b listing.Image) int { return cmp.Compare(a.Width, b.Width) })
	}
	return listing.Picture{Image: variants[len(variants)-1], ID: id, Alt: alt, Variants: variants}, true
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

func mapDocuments(docs []platform.Document) []listing.Document {
	var out []listing.Document
	for _, d := range docs {
		out = append(out, listing.Document{ID: int(d.ID), Name: d.Name.String(), URL: d.Url.String(), Kind: d.Kind.String()})
	}
	return out
}

func mapAgent(name, phone, email, photo platform.Text) *listing.Agent {
	if name.String() == "" {
		return nil
	}
	return &listing.Agent{Name: name.String(), Phone: phone.String(), Email: email.String(), Photo: photo.String()}
}

// mapTypes joins the type rows with their web category (GetWebIDList),
// which says whether a category is offered for sale or rent and in which
// order (tombroucke Database/WebId.php: show_order, sale, rent). A type
// whose category the platform does not list is offered for both.
func mapTypes(rows []platform.TypeOfProperty, cats []platform.WebCategory, lang listing.Lang) []listing.PropertyType {
	byWebID := make(map[int]platform.WebCategory, len(cats))
	for _, c := range cats {
		byWebID[int(c.WebID)] = c
	}
	out := make([]listing.PropertyType, 0, len(rows))
	for _, t := range rows {
		pt := listing.PropertyType{
			ID: int(t.ID), ParentID: int(t.ParentID), WebID: int(t.WebID), Name: t.Name.String(), Lang: lang,
			Sale: true, Rent: true,
		}
		if c, ok := byWebID[int(t.WebID)]; ok {
			pt.ShowOrder, pt.Sale, pt.Rent = int(c.ShowOrder), bool(c.Sale), bool(c.Rent)
		}
		out = append(out, pt)
	}
	return out
}

// typeIndex finds a listing's place in the type tree. No public source
// shows a property carrying the id of its GetTypeOfPropertyList row, so the
// type is the row named as the listing's TypeDescription (or MainTypeName)
// within its web category, else that category's own row.
type typeIndex struct {
	byName     map[string][]listing.PropertyType
	categoryOf map[int]int // WebID → id of its row without a parent
}

func typeKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func newTypeIndex(types []listing.PropertyType) typeIndex {
	ix := typeIndex{byName: map[string][]listing.PropertyType{}, categoryOf: map[int]int{}}
	for _, t := range types {
		k := typeKey(t.Name)
		ix.byName[k] = append(ix.byName[k], t)
		if _, ok := ix.categoryOf[t.WebID]; (t.ParentID == 0 || t.ParentID == t.ID) && !ok {
			ix.categoryOf[t.WebID] = t.ID
		}
	}
	return ix
}

func (ix typeIndex) of(d platform.Property) int {
	for _, name := range []string{d.TypeDescription.String(), d.MainTypeName.String()} {
		cands := ix.byName[typeKey(name)]
		for _, t := range cands {
			if t.WebID == int(d.WebID) {
				return t.ID
			}
		}
		if len(cands) == 1 && d.WebID == 0 {
			return cands[0].ID
		}
	}
	return ix.categoryOf[int(d.WebID)]
}

// project maps a project's merged record and its listed pictures. Its
// publication is PublishInternet (tombroucke SyncService.php syncProjects
// filters on it); a record without the field is published.
func (m *mapper) project(p platform.Project, listed []platform.ListedPicture) (listing.Project, bool, error) {
	if p.ID <= 0 {
		return listing.Project{}, false, errors.New(idProblem(int(p.ID)))
	}
	geo, err := mapGeo(p.GoogleX, p.GoogleY)
	if err != nil {
		return listing.Project{}, false, err
	}
	zip := p.Zip.String()
	country := listing.CountryOf(int(p.CountryID), p.CountryAbbr.String(), p.CountryName.String(), zip)
	if country == 0 {
		country = int(p.CountryID)
	}
	out := listing.Project{
		ID: int(p.ID), Lang: m.lang, Number: p.ProjectNumber.String(), Name: p.Name.String(),
		Summary: p.DescriptionA.String(), Body: p.Description.String(),
		Address: listing.Address{
			Street: p.Street.String(), HouseNumber: p.HouseNumber.String(), Box: p.BoxNr.String(), Zip: zip, City: p.City.String(),
			CountryID: country, CountryName: p.CountryName.String(), Published: bool(p.PublicAddress),
		},
		Geo:       geo,
		PriceMin:  float64(p.PriceMin),
		PriceMax:  float64(p.PriceMax),
		PriceList: p.PriceList.String(),
		Delivery:  p.Delivery.String(),
		Types:     []string(p.Types),
		SoldOut:   bool(p.SoldOut),
		Media:     listing.Media{Pictures: mapPictures(p.Pictures, listed), Documents: mapDocuments(p.Documents)},
		Agent:     mapAgent(p.ManagerName, p.ManagerPhone, p.ManagerEmail, ""),
		Changed:   p.LastChangedDate.In(m.zone),
	}
	allSold := len(p.Units) > 0
	for _, u := range p.Units {
		st := listing.Available
		if listing.OfferOf(u.Status.Value, u.Status.Set, true) == listing.Closed {
			st = listing.Sold
		}
		allSold = allSold && st == listing.Sold
		out.Units = append(out.Units, listing.Unit{
			ID: int(u.ID), Name: u.Name.String(), Floor: u.Floor.String(), Price: float64(u.Price), Bedrooms: int(u.Bedrooms),
			Surface: float64(u.Surface), Status: st,
		})
	}
	// The platform's flag can lag behind its units.
	out.SoldOut = out.SoldOut || allSold
	published := !p.PublishInternet.Set || p.PublishInternet.Value
	return out, published, nil
}

func (m *mapper) slot(a platform.Appointment) listing.VisitSlot {
	return listing.VisitSlot{
		ID: int(a.ID), PropertyID: a.Property(), Start: a.StartDate.In(m.zone), End: a.EndDate.In(m.zone),
		Capacity: int(a.Capacity), Booked: int(a.Booked), Status: a.Status.String(),
	}
}
