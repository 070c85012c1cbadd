package demo

import (
	"bytes"
	"encoding/json"
	"errors"
	"html"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/estate-agency/estate/demo/photos"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

func allowedZip(zip string) bool {
	n, err := strconv.Atoi(zip)
	return err == nil && (n == 5550 || n == 5555 || n == 6800 || n >= 6820 && n <= 6880)
}

// decode decodes the records of an answer, each of which must decode.
func decode[T any](t *testing.T, what string, items []json.RawMessage) []T {
	t.Helper()
	rows := platform.DecodeRows[T](items)
	for _, b := range rows.Bad {
		t.Errorf("%s record %d (ID %d): %s", what, b.Row, b.ID, b.Reason)
	}
	return rows.Items
}

// properties are the GetPropertyList rows of a language, decoded.
func properties(t *testing.T, ld *platform.LangData) []platform.Property {
	t.Helper()
	return decode[platform.Property](t, "property", ld.Properties)
}

// published reports whether the site shows the property: the platform
// holds others (prospective, cancelled, inactive) that it lists too.
func published(p platform.Property) bool {
	return p.Status.Set && (p.Status.Value == platform.StatusActive || p.Status.Value == platform.StatusSold || p.Status.Value == platform.StatusRented)
}

// byGoal splits the published properties into those for sale and for rent.
func byGoal(t *testing.T, ld *platform.LangData) (sale, rent []platform.Property) {
	t.Helper()
	for _, p := range properties(t, ld) {
		switch {
		case !published(p):
		case p.Goal == platform.GoalSale:
			sale = append(sale, p)
		default:
			rent = append(rent, p)
		}
	}
	return sale, rent
}

// siteTown is a town the site derives from its listings.
type siteTown struct{ zip, city string }

func townsOf(ps []platform.Property) map[siteTown]int {
	out := map[siteTown]int{}
	for _, p := range ps {
		out[siteTown{p.Zip.String(), p.City.String()}]++
	}
	return out
}

// farTowns are the agency's towns outside the seed's postcode ranges, by
// postcode, with their country.
var farTowns = map[string]int{"1640": platform.CountryBelgium, "1050": platform.CountryBelgium, "9530": listing.CountryLuxembourg}

func TestAgencyCounts(t *testing.T) {
	d := Agency()
	if len(d.Langs) != 2 {
		t.Fatalf("languages: %d", len(d.Langs))
	}
	if len(d.DeletedProperties) != 0 || len(d.DeletedProjects) != 0 {
		t.Errorf("deleted: %d properties, %d projects", len(d.DeletedProperties), len(d.DeletedProjects))
	}
	wantOffSite := map[int]int{4090: platform.StatusProspective, 4091: platform.StatusCancelled, 4092: platform.StatusInactive}
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		t.Run(string(l), func(t *testing.T) {
			ld := d.Lang(l)
			all := properties(t, ld)
			if len(ld.Properties) != 79 || len(all) != 79 {
				t.Errorf("%d property rows (%d decoded), want 79", len(ld.Properties), len(all))
			}
			sale, rent := byGoal(t, ld)
			if len(sale) != 61 || len(rent) != 15 {
				t.Errorf("published: sale %d rent %d, want 61 and 15", len(sale), len(rent))
			}
			offSite := map[int]int{}
			for _, p := range all {
				if !p.Status.Set {
					t.Errorf("%d: no Status", p.ID)
				}
				if !published(p) {
					offSite[int(p.ID)] = p.Status.Value
				}
			}
			if !maps.Equal(offSite, wantOffSite) {
				t.Errorf("unpublished listings (id: Status) %v, want %v", offSite, wantOffSite)
			}
			if len(ld.Projects) != 2 || len(ld.ProjectDetails) != 2 {
				t.Errorf("projects: %d rows, %d details", len(ld.Projects), len(ld.ProjectDetails))
			}
			// No city list: the site derives its towns from the published listings.
			if towns := townsOf(sale); len(towns) != 24 {
				t.Errorf("sale towns %d, want 24", len(towns))
			}
			towns := townsOf(append(sale, rent...))
			if len(towns) != 24 {
				t.Errorf("towns %d, want 24: %v", len(towns), towns)
			}
			for tw := range towns {
				if _, far := farTowns[tw.zip]; (!far && !allowedZip(tw.zip)) || tw.city == "" {
					t.Errorf("town %q zip %q outside the allowed ranges", tw.city, tw.zip)
				}
			}
			for _, p := range all {
				if country, far := farTowns[p.Zip.String()]; far {
					if p.CountryID != platform.Int(country) || p.CountryName == "" {
						t.Errorf("%d in %s: country %d %q, want %d", p.ID, p.Zip, p.CountryID, p.CountryName, country)
					}
					continue
				}
				if !allowedZip(p.Zip.String()) {
					t.Errorf("%d zip %s", p.ID, p.Zip)
				}
				if p.CountryID != platform.CountryBelgium || p.CountryName == "" {
					t.Errorf("%d country %d %q", p.ID, p.CountryID, p.CountryName)
				}
				if p.GoogleX < 49.6 || p.GoogleX > 50.1 || p.GoogleY < 4.8 || p.GoogleY > 5.5 {
					t.Errorf("%d at %v,%v is not in the Ardennes", p.ID, p.GoogleX, p.GoogleY)
				}
			}
		})
	}
}

// TestAgencyRecordsRoundTrip checks that every record reads back as what
// it says: decoding and encoding a record gives its JSON again, so no field
// is lost to a type the site's records do not match.
func TestAgencyRecordsRoundTrip(t *testing.T) {
	d := Agency()
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ld := d.Lang(l)
		roundTrip(t, l, "property", decode[platform.Property](t, "property", ld.Properties), ld.Properties)
		roundTrip(t, l, "project row", decode[platform.ProjectRow](t, "project row", ld.Projects), ld.Projects)
		roundTrip(t, l, "project", decode[platform.Project](t, "project", ld.ProjectDetails), ld.ProjectDetails)
		roundTrip(t, l, "type", decode[platform.TypeOfProperty](t, "type", ld.Types), ld.Types)
		roundTrip(t, l, "web category", decode[platform.WebCategory](t, "web category", ld.WebCategories), ld.WebCategories)
		roundTrip(t, l, "appointment", decode[platform.Appointment](t, "appointment", ld.Appointments), ld.Appointments)
	}
}

func roundTrip[T any](t *testing.T, l listing.Lang, what string, items []T, raw []json.RawMessage) {
	t.Helper()
	if len(items) != len(raw) {
		return // decode reported the bad ones
	}
	for i, it := range items {
		if got := platform.Raw(it); !bytes.Equal(got, raw[i]) {
			t.Errorf("%s %s %d reads back as\n%s\nnot\n%s", l, what, platform.RecordID(raw[i]), got, raw[i])
		}
	}
}

func recordIDs(items []json.RawMessage) []int {
	out := make([]int, 0, len(items))
	for _, raw := range items {
		out = append(out, platform.RecordID(raw))
	}
	slices.Sort(out)
	return out
}

func pictureURLs(p platform.Pictures) []string {
	var out []string
	for _, size := range p.Sizes() {
		for _, pic := range size {
			out = append(out, pic.Url.String())
		}
	}
	return out
}

func TestAgencySameIDsInBothLanguages(t *testing.T) {
	d := Agency()
	nl, fr := d.Lang(listing.NL), d.Lang(listing.FR)
	tests := []struct {
		name   string
		nl, fr []int
	}{
		{"properties", recordIDs(nl.Properties), recordIDs(fr.Properties)},
		{"projects", recordIDs(nl.Projects), recordIDs(fr.Projects)},
		{"project details", recordIDs(nl.ProjectDetails), recordIDs(fr.ProjectDetails)},
		{"types", recordIDs(nl.Types), recordIDs(fr.Types)},
		{"web categories", recordIDs(nl.WebCategories), recordIDs(fr.WebCategories)},
		{"appointments", recordIDs(nl.Appointments), recordIDs(fr.Appointments)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.nl) == 0 || slices.Contains(tt.nl, 0) || !slices.Equal(tt.nl, tt.fr) {
				t.Errorf("nl %v\nfr %v", tt.nl, tt.fr)
			}
		})
	}
	if !slices.Equal(nl.PropertyIDs(), fr.PropertyIDs()) {
		t.Errorf("properties in another order:\nnl %v\nfr %v", nl.PropertyIDs(), fr.PropertyIDs())
	}
	// A visit slot has no text: the same in both languages.
	if !slices.EqualFunc(nl.Appointments, fr.Appointments, func(a, b json.RawMessage) bool { return bytes.Equal(a, b) }) {
		t.Error("appointments differ between nl and fr")
	}
	nlProps, frProps := properties(t, nl), properties(t, fr)
	if len(nlProps) != len(frProps) {
		t.Fatalf("%d nl properties, %d fr", len(nlProps), len(frProps))
	}
	for i, p := range nlProps {
		q := frProps[i]
		if p.ID != q.ID || p.Price != q.Price || p.Goal != q.Goal || p.Status != q.Status || p.Marquee != q.Marquee ||
			p.EnergyPerformance != q.EnergyPerformance || p.Zip != q.Zip || p.GoogleX != q.GoogleX || p.GoogleY != q.GoogleY ||
			!slices.Equal(pictureURLs(p.Pictures), pictureURLs(q.Pictures)) {
			t.Errorf("%d differs between nl and fr", p.ID)
		}
		if p.DescriptionB == q.DescriptionB || p.Ident == q.Ident {
			t.Errorf("%d: nl and fr texts are the same", p.ID)
		}
	}
}

func TestAgencyTypes(t *testing.T) {
	d := Agency()
	want := map[listing.Lang]map[string]int{
		listing.NL: {"Studio/Appartement": 1, "Chalet": 2, "Opbrengsteigendom": 3, "Appartementsgebouw": 4,
			"Garage/Parking": 5, "Handelspand": 6, "Grond": 7, "Villa/Huis/Hoeve": 8},
		listing.FR: {"Studio/Appartement": 1, "Chalet": 3, "Immeuble de rapport": 2, "Immeuble à appartements": 4,
			"Garage/Parking": 5, "Commerce": 6, "Terrain": 7, "Villa/Maison/Ferme": 8},
	}
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		t.Run(string(l), func(t *testing.T) {
			ld := d.Lang(l)

			// GetWebIDList: the categories, with their order and goals.
			cats := map[string]int{}
			catOf := map[int]int{} // category id → WebID
			orders := map[int]bool{}
			for _, c := range decode[platform.WebCategory](t, "web category", ld.WebCategories) {
				if !c.Sale || !c.Rent {
					t.Errorf("%s: Sale %v Rent %v", c.Name, c.Sale, c.Rent)
				}
				if c.ShowOrder <= 0 || orders[int(c.ShowOrder)] {
					t.Errorf("%s: ShowOrder %d", c.Name, c.ShowOrder)
				}
				orders[int(c.ShowOrder)] = true
				cats[c.Name.String()] = int(c.WebID)
				catOf[int(c.ID)] = int(c.WebID)
			}
			if !reflect.DeepEqual(cats, want[l]) {
				t.Errorf("web categories %v\nwant %v", cats, want[l])
			}

			// GetTypeOfPropertyList: the same categories at the top, the
			// house kinds under theirs.
			top := map[string]int{}
			topOf := map[int]int{} // type id → WebID
			var children []platform.TypeOfProperty
			for _, ty := range decode[platform.TypeOfProperty](t, "type", ld.Types) {
				if ty.ParentID != 0 {
					children = append(children, ty)
					continue
				}
				top[ty.Name.String()] = int(ty.WebID)
				topOf[int(ty.ID)] = int(ty.WebID)
			}
			if !reflect.DeepEqual(top, want[l]) {
				t.Errorf("top types %v\nwant %v", top, want[l])
			}
			if !maps.Equal(topOf, catOf) {
				t.Errorf("type ids → WebID %v, web categories %v", topOf, catOf)
			}
			childNames := map[string]bool{}
			for _, ty := range children {
				web, ok := topOf[int(ty.ParentID)]
				if !ok || int(ty.WebID) != web || ty.Name == "" {
					t.Errorf("child type %d %q: ParentID %d, WebID %d", ty.ID, ty.Name, ty.ParentID, ty.WebID)
				}
				childNames[ty.Name.String()] = true
			}
			if len(children) != 3 {
				t.Errorf("%d child types, want the 3 house kinds", len(children))
			}

			// Every category has listings for sale, and every listing a category.
			sale, rent := byGoal(t, ld)
			n := map[int][2]int{}
			for goal, ps := range [][]platform.Property{sale, rent} {
				for _, p := range ps {
					c := n[int(p.WebID)]
					c[goal]++
					n[int(p.WebID)] = c
				}
			}
			listed := [2]int{}
			for name, web := range want[l] {
				if n[web][0] == 0 {
					t.Errorf("%s has nothing for sale", name)
				}
				listed[0] += n[web][0]
				listed[1] += n[web][1]
			}
			if listed != [2]int{61, 15} {
				t.Errorf("listings in the categories %v", listed)
			}
			for _, p := range properties(t, ld) {
				if p.MainTypeName == "" || p.TypeDescription == "" || top[p.MainTypeName.String()] != int(p.WebID) || p.WebIDName != p.MainTypeName {
					t.Errorf("%d: WebID %d, MainTypeName %q, WebIDName %q", p.ID, p.WebID, p.MainTypeName, p.WebIDName)
				}
				if len(p.WebIDs) == 0 || p.WebIDs[0] != int(p.WebID) {
					t.Errorf("%d: WebIDs %v", p.ID, p.WebIDs)
				}
				if p.WebID == 8 && !childNames[p.TypeDescription.String()] {
					t.Errorf("%d: TypeDescription %q is not a type under %s", p.ID, p.TypeDescription, p.MainTypeName)
				}
			}
		})
	}
}

// The embedded picture sizes, smallest first (platform.Pictures.Sizes).
var pictureWidths = []int{280, 600, 1360, 1600}

func TestAgencyPictures(t *testing.T) {
	d := Agency()
	for _, w := range pictureWidths {
		if !slices.Contains(photos.Widths(), w) {
			t.Errorf("the photo server renders no width %d", w)
		}
	}
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ld := d.Lang(l)
		// The records embed their photos: no picture lists, no separate details.
		if len(ld.PropertyPictures) != 0 || len(ld.ProjectPictures) != 0 || ld.Details != nil {
			t.Errorf("%s: %d property picture lists, %d project picture lists, %d details",
				l, len(ld.PropertyPictures), len(ld.ProjectPictures), len(ld.Details))
		}
		for _, p := range properties(t, ld) {
			if n := checkPictures(t, strconv.Itoa(int(p.ID)), p.Pictures); n < 3 || n > 8 {
				t.Errorf("%s %d: %d pictures", l, p.ID, n)
			}
			s := p.SmallPictureItem
			if s == nil || s.Width != 280 || s.Height != 187 || p.SmallPicture != s.Url || !strings.HasSuffix(s.Url.String(), "/280.jpg") {
				t.Errorf("%s %d: small picture %q %+v", l, p.ID, p.SmallPicture, s)
			}
		}
		details := map[int]platform.Project{}
		for _, pr := range decode[platform.Project](t, "project", ld.ProjectDetails) {
			details[int(pr.ID)] = pr
			if n := checkPictures(t, "p"+strconv.Itoa(int(pr.ID)), pr.Pictures); n < 3 {
				t.Errorf("project %d: %d pictures", pr.ID, n)
			}
		}
		for _, row := range decode[platform.ProjectRow](t, "project row", ld.Projects) {
			pr, ok := details[int(row.ID)]
			if !ok || row.LargePicture == "" || row.LargePicture != pr.LargePicture || !row.PublishInternet.Set || !row.PublishInternet.Value {
				t.Errorf("%s project row %d: LargePicture %q (detail %q), PublishInternet %+v", l, row.ID, row.LargePicture, pr.LargePicture, row.PublishInternet)
			}
		}
	}
}

// checkPictures checks the embedded lists of a photo key (a property id,
// or "p" and a project id) and returns how many photos they hold: every
// size lists the same photos in the same order under the same ID and name,
// each at /demo/photos/{key}/{n}/{width}.jpg.
func checkPictures(t *testing.T, key string, pics platform.Pictures) int {
	t.Helper()
	xl := pics.XLargePictureItems
	prefix := photos.PhotosPrefix + key + "/"
	ids, ns := map[platform.Int]bool{}, map[string]bool{}
	for i, x := range xl {
		n, _, _ := strings.Cut(strings.TrimPrefix(x.Url.String(), prefix), "/")
		if v, err := strconv.Atoi(n); err != nil || v < 1 || v > photos.MaxN || strconv.Itoa(v) != n || ns[n] {
			t.Errorf("%s: picture %d %q", key, i+1, x.Url)
		}
		if ids[x.ID] || x.ID == 0 {
			t.Errorf("%s: picture ID %d twice", key, x.ID)
		}
		ns[n], ids[x.ID] = true, true
		for s, size := range pics.Sizes() {
			if i >= len(size) {
				continue
			}
			w, pic := pictureWidths[s], size[i]
			if pic.ID != x.ID || pic.Name == "" || pic.Name != x.Name || int(pic.Width) != w || int(pic.Height) != photos.Height(w) ||
				pic.Url.String() != prefix+n+"/"+strconv.Itoa(w)+".jpg" {
				t.Errorf("%s: picture %d of width %d %+v, of width 1600 %+v", key, i+1, w, pic, x)
			}
		}
	}
	for s, size := range pics.Sizes() {
		if len(size) != len(xl) {
			t.Errorf("%s: %d pictures of width %d, %d of width 1600", key, len(size), pictureWidths[s], len(xl))
		}
	}
	if len(xl) > 0 {
		if pics.SmallPictureItem == nil || *pics.SmallPictureItem != pics.SmallPictureItems[0] || pics.SmallPicture != pics.SmallPictureItems[0].Url {
			t.Errorf("%s: SmallPictureItem %+v, SmallPicture %q", key, pics.SmallPictureItem, pics.SmallPicture)
		}
		if len(pics.LargePictureItems) == 0 || pics.LargePicture != pics.LargePictureItems[0].Url {
			t.Errorf("%s: LargePicture %q", key, pics.LargePicture)
		}
	}
	return len(xl)
}

// TestAgencyMix checks the listings the site's features need are there.
func TestAgencyMix(t *testing.T) {
	ld := Agency().Lang(listing.NL)
	sale, rent := byGoal(t, ld)
	count := func(ps []platform.Property, f func(platform.Property) bool) int {
		n := 0
		for _, p := range ps {
			if f(p) {
				n++
			}
		}
		return n
	}
	status := func(p platform.Property) int { return p.Status.Value }
	tests := []struct {
		name string
		got  int
		want int
	}{
		{"sold", count(sale, func(p platform.Property) bool {
			return status(p) == platform.StatusSold && p.Marquee == 2 && p.MarqueeName == "Verkocht"
		}), 5},
		{"option", count(sale, func(p platform.Property) bool {
			return status(p) == platform.StatusActive && p.Marquee == 3 && p.MarqueeName == "Optie"
		}), 2},
		{"new", count(sale, func(p platform.Property) bool { return p.Marquee == 1 && p.MarqueeName == "Nieuw" }), 6},
		{"price reduced", count(sale, func(p platform.Property) bool { return p.Marquee == 10 && p.MarqueeName == "Prijsdaling" }), 4},
		{"price not published", count(sale, func(p platform.Property) bool { return !bool(p.PublishPrice) }), 4},
		{"address not published", count(sale, func(p platform.Property) bool {
			return !bool(p.PublishAddress) && p.Street != "" && p.HouseNumber != ""
		}), 5},
		{"starting from", count(sale, func(p platform.Property) bool {
			return p.PriceUnit == listing.PriceUnitStartingFrom && p.PriceUnitText == "vanaf"
		}), 3},
		{"video", count(sale, func(p platform.Property) bool { return len(p.VideoLinks) > 0 }), 4},
		{"virtual tour", count(sale, func(p platform.Property) bool {
			return strings.HasPrefix(p.VirtualTour.String(), "https://my.matterport.com/show/?m=") && len(p.VirtualTour) == 45
		}), 4},
		{"furnished", count(sale, func(p platform.Property) bool { return bool(p.HasFurnished) }), 2},
		{"rented", count(rent, func(p platform.Property) bool {
			return status(p) == platform.StatusRented && p.Marquee == 2 && p.MarqueeName == "Verhuurd"
		}), 2},
		{"garage rent 60-90", count(rent, func(p platform.Property) bool { return p.WebID == 5 && p.Price >= 60 && p.Price <= 90 }), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %d, want %d", tt.got, tt.want)
			}
		})
	}
	var videos []string
	docs, pois := 0, 0
	for _, p := range append(sale, rent...) {
		videos = append(videos, p.VideoLinks...)
		for _, doc := range allDocuments(t, ld, p) {
			docs++
			if !strings.HasPrefix(doc.Url.String(), "/demo/documents/"+strconv.Itoa(int(p.ID))+"/") || doc.Name == "" || doc.Kind == "" {
				t.Errorf("%d: document %+v", p.ID, doc)
			}
		}
		if len(p.PointsOfInterest) > 0 {
			pois++
		}
		if p.ManagerName == "" || (len(p.ManagerPhone) != 9 && len(p.ManagerPhone) != 10) || !strings.Contains(p.ManagerEmail.String(), "@") {
			t.Errorf("%d: manager %q %q %q", p.ID, p.ManagerName, p.ManagerPhone, p.ManagerEmail)
		}
		// The detail fields, under Omnicasa's names.
		built := p.WebID != 5 && p.WebID != 7
		if built && (p.HeatingName == "" || p.ConditionName == "") || p.PlanningInformation == "" {
			t.Errorf("%d: HeatingName %q ConditionName %q PlanningInformation %q", p.ID, p.HeatingName, p.ConditionName, p.PlanningInformation)
		}
		if p.WebID == 8 && (p.KitchenName == "" || p.ConstructionName == "") {
			t.Errorf("%d: KitchenName %q ConstructionName %q", p.ID, p.KitchenName, p.ConstructionName)
		}
		if bool(p.HasTerrace) != (p.OrientationT != "") {
			t.Errorf("%d: HasTerrace %v, OrientationT %q", p.ID, p.HasTerrace, p.OrientationT)
		}
		if p.WebID == 7 && !bool(p.HasDrainConnection) {
			t.Errorf("%d: land without HasDrainConnection", p.ID)
		}
		if p.Floor != "" {
			if f, err := strconv.Atoi(p.Floor.String()); err != nil || f < 1 || p.WebID != 1 {
				t.Errorf("%d: Floor %q of a WebID %d", p.ID, p.Floor, p.WebID)
			}
		}
	}
	for _, want := range []string{"youtube.com/watch?v=", "youtu.be/", "vimeo.com/", "fb.watch/"} {
		if !slices.ContainsFunc(videos, func(v string) bool { return strings.Contains(v, want) }) {
			t.Errorf("no video link like %q in %v", want, videos)
		}
	}
	if docs < 100 || pois < 10 {
		t.Errorf("%d documents, %d properties with points of interest", docs, pois)
	}
}

// TestAgencyMarquees checks the agency's banners by their names, which say
// what each Marquee means, and that the Status goes with them.
func TestAgencyMarquees(t *testing.T) {
	names := map[listing.Lang]map[int]string{
		listing.NL: {1: "Nieuw", 3: "Optie", 10: "Prijsdaling"},
		listing.FR: {1: "Nouveau", 3: "Sous option", 10: "Prix en baisse"},
	}
	closed := map[listing.Lang]map[int]string{ // Marquee 2 by Status
		listing.NL: {platform.StatusSold: "Verkocht", platform.StatusRented: "Verhuurd"},
		listing.FR: {platform.StatusSold: "Vendu", platform.StatusRented: "Loué"},
	}
	d := Agency()
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		for _, p := range properties(t, d.Lang(l)) {
			st, m, name := p.Status.Value, int(p.Marquee), p.MarqueeName.String()
			var ok bool
			switch {
			case !published(p):
				ok = m == 0 && name == ""
			case m == 2:
				ok = name == closed[l][st]
			case st == platform.StatusSold || st == platform.StatusRented:
				ok = false // a closed deal shows its banner
			case m == 0:
				ok = name == ""
			default:
				ok = name != "" && name == names[l][m]
			}
			if !ok {
				t.Errorf("%s %d: Status %d, Marquee %d %q", l, p.ID, st, m, name)
			}
		}
	}
}

func TestEPCLabels(t *testing.T) {
	tests := []struct {
		region listing.Region
		value  float64
		want   string
	}{
		{listing.Wallonia, 0, "A++"}, {listing.Wallonia, 45, "A+"}, {listing.Wallonia, 46, "A"}, {listing.Wallonia, 85, "A"},
		{listing.Wallonia, 86, "B"}, {listing.Wallonia, 170, "B"}, {listing.Wallonia, 255, "C"}, {listing.Wallonia, 340, "D"},
		{listing.Wallonia, 425, "E"}, {listing.Wallonia, 510, "F"}, {listing.Wallonia, 511, "G"},
		{listing.Flanders, 100, "A"}, {listing.Flanders, 501, "F"},
		{listing.Brussels, 23, "A"}, {listing.Brussels, 24, "A-"}, {listing.Brussels, 330, "F-"}, {listing.Brussels, 346, "G"},
		{listing.OtherLand, 100, ""},
	}
	for _, tt := range tests {
		t.Run(string(tt.region)+"/"+strconv.FormatFloat(tt.value, 'f', -1, 64), func(t *testing.T) {
			if got := epcLabelText(tt.region, tt.value); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	seen := map[string]bool{}
	for _, p := range properties(t, Agency().Lang(listing.NL)) {
		built := p.WebID != 5 && p.WebID != 7
		if !built {
			if p.EnergyPerformance != 0 || p.EPCLabelText != "" {
				t.Errorf("%d: land or garage with EPC %v %q", p.ID, p.EnergyPerformance, p.EPCLabelText)
			}
			continue
		}
		if mentionGaps[int(p.ID)] == gapPEBPending {
			if p.EnergyPerformance != 0 || p.EPCLabelText.String() != pebPending.nl {
				t.Errorf("%d: a pending certificate with EPC %v %q", p.ID, p.EnergyPerformance, p.EPCLabelText)
			}
			continue
		}
		region := regionOf(int(p.CountryID), p.Zip.String())
		want := epcLabelText(region, float64(p.EnergyPerformance))
		if region == listing.Luxembourg && mentionGaps[int(p.ID)] != gapPassportPair {
			// the passport's two classes, efficiency first
			want += "/" + insulationClass(want, int(p.ID))
		}
		if p.EnergyPerformance < 40 || p.EnergyPerformance > 600 || p.EPCLabelText.String() != want {
			t.Errorf("%d: EPC %v %q, want %q", p.ID, p.EnergyPerformance, p.EPCLabelText, want)
		}
		if region == listing.Wallonia {
			seen[p.EPCLabelText.String()] = true
		}
	}
	for _, l := range []string{"A+", "A", "B", "C", "D", "E", "F", "G"} {
		if !seen[l] {
			t.Errorf("no property with label %s", l)
		}
	}
}

func TestAgencyProjectsAndVisits(t *testing.T) {
	d := Agency()
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ld := d.Lang(l)
		projects := decode[platform.Project](t, "project", ld.ProjectDetails)
		rows := decode[platform.ProjectRow](t, "project row", ld.Projects)
		if len(rows) != len(projects) {
			t.Fatalf("%s: %d project rows, %d details", l, len(rows), len(projects))
		}
		for i, pr := range projects {
			if row := rows[i]; row.ID != pr.ID || row.Name != pr.Name || row.Description != pr.Description || row.LastChangedDate != pr.LastChangedDate {
				t.Errorf("project %d: row %d %q, detail %q", pr.ID, row.ID, row.Name, pr.Name)
			}
			sold := 0
			for _, u := range pr.Units {
				switch {
				case !u.Status.Set:
					t.Errorf("project %d unit %s has no Status", pr.ID, u.Name)
				case u.Status.Value == platform.StatusSold:
					sold++
				case u.Status.Value != platform.StatusActive:
					t.Errorf("project %d unit %s Status %d", pr.ID, u.Name, u.Status.Value)
				}
				if u.Price < pr.PriceMin || u.Price > pr.PriceMax {
					t.Errorf("project %d unit %s price %v outside %v–%v", pr.ID, u.Name, u.Price, pr.PriceMin, pr.PriceMax)
				}
			}
			if len(pr.Units) < 6 || len(pr.Units) > 10 || sold == 0 || sold == len(pr.Units) || bool(pr.SoldOut) {
				t.Errorf("project %d: %d units, %d sold", pr.ID, len(pr.Units), sold)
			}
			if !allowedZip(pr.Zip.String()) || pr.Delivery == "" || len(pr.Documents) == 0 || pr.ProjectNumber == "" || pr.Description == "" ||
				pr.DescriptionA == "" || pr.PriceList == "" || pr.PriceList != pr.Documents[0].Url {
				t.Errorf("project %d incomplete: %+v", pr.ID, pr)
			}
		}
		props := map[int]bool{}
		full := 0
		for _, a := range decode[platform.Appointment](t, "appointment", ld.Appointments) {
			props[a.Property()] = true
			if p, ok := ld.Property(a.Property()); !ok || !published(p) || a.ObjectID == 0 {
				t.Errorf("slot %d for unknown or unpublished property %d", a.ID, a.Property())
			}
			start, end := a.StartDate.In(brussels), a.EndDate.In(brussels)
			if !start.After(exportedAt()) || !end.After(start) || a.Booked > a.Capacity || a.Status != "confirmed" {
				t.Errorf("slot %d: %v–%v, %d of %d booked, %q", a.ID, start, end, a.Booked, a.Capacity, a.Status)
			}
			// The platform writes the agency's wall clock: the first visit is at 10:00 in Brussels.
			if first := time.Date(2026, time.December, 5, 10, 0, 0, 0, brussels); a.ID == 1 && (!start.Equal(first) || a.Property() != 4003) {
				t.Errorf("slot 1 of %d starts %v, want %v", a.Property(), start, first)
			}
			if a.Booked == a.Capacity {
				full++
			}
		}
		if len(props) < 3 || len(props) > 4 || full == 0 {
			t.Errorf("slots for %d properties, %d full", len(props), full)
		}
	}
	units := 0
	nl := d.Lang(listing.NL)
	projects := map[int]platform.Project{}
	for _, pr := range decode[platform.Project](t, "project", nl.ProjectDetails) {
		projects[int(pr.ID)] = pr
	}
	for _, p := range properties(t, nl) {
		if p.ProjectID != 0 {
			// A listed unit: its project lists a unit of that id, at the same price, and lends it its address.
			units++
			pr, ok := projects[int(p.ProjectID)]
			var unit *platform.Unit
			for i := range pr.Units {
				if pr.Units[i].ID == p.ID {
					unit = &pr.Units[i]
				}
			}
			if !ok || unit == nil || unit.Price != p.Price || unit.Status != p.Status || p.Street != pr.Street || p.HouseNumber != pr.HouseNumber || p.Zip != pr.Zip {
				t.Errorf("%d: unit of project %d %+v, listing %v at %s %s %s", p.ID, p.ProjectID, unit, p.Price, p.Street, p.HouseNumber, p.Zip)
			}
		}
		created, changed := p.CreatedDate.In(brussels), p.LastChangedDate.In(brussels)
		if created.IsZero() || changed.Before(created) || changed.After(exportedAt()) || created.Year() != 2026 {
			t.Errorf("%d: created %v changed %v", p.ID, created, changed)
		}
	}
	if units != 1 {
		t.Errorf("%d listed project units, want 1 (a unit's detail page is part of the demo)", units)
	}
}

func TestAgencyTexts(t *testing.T) {
	d := Agency()
	markup, entities := 0, 0
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		seen := map[string]int{}
		for _, p := range properties(t, d.Lang(l)) {
			long := string(p.DescriptionB)
			for _, s := range []string{string(p.Ident), string(p.DescriptionA), long} {
				if strings.ContainsAny(s, "{}\x00") || strings.Contains(s, "  ") {
					t.Errorf("%s %d: template left in %q", l, p.ID, s)
				}
			}
			if n := len(p.DescriptionA); n < 20 || n > 250 {
				t.Errorf("%s %d: short description of %d bytes", l, p.ID, n)
			}
			if !strings.Contains(html.UnescapeString(long), p.City.String()) {
				t.Errorf("%s %d: description does not name %s", l, p.ID, p.City)
			}
			if strings.Contains(long, "<p>") {
				markup++
			}
			if strings.Contains(long, "&eacute;") || strings.Contains(long, "&nbsp;") {
				entities++
			}
			if other, dup := seen[long]; dup {
				t.Errorf("%s %d has the description of %d", l, p.ID, other)
			}
			seen[long] = int(p.ID)
		}
	}
	if markup < 20 || entities < 5 {
		t.Errorf("%d HTML descriptions, %d with entities", markup, entities)
	}
}

func TestElision(t *testing.T) {
	tests := []struct{ in, want string }{
		{"au centre de Alle.", "au centre d'Alle."},
		{"Appartement de une chambre", "Appartement d'une chambre"},
		{"rue calme de Bouillon", "rue calme de Bouillon"},
		{"garde de Ixelles", "garde d'Ixelles"},
		{"monde entier", "monde entier"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := elideFrench(tt.in); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func marshal(t *testing.T, d *platform.Dataset) []byte {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDeterministic(t *testing.T) {
	tests := []struct {
		name string
		gen  func() *platform.Dataset
	}{
		{"agency", Agency},
		{"sample", Sample},
		{"synthetic", func() *platform.Dataset { return Synthetic(300, []listing.Lang{listing.NL, listing.FR}, 42) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !bytes.Equal(marshal(t, tt.gen()), marshal(t, tt.gen())) {
				t.Error("two calls give different JSON")
			}
		})
	}
}

func TestSample(t *testing.T) {
	d, agency := Sample(), Agency()
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ld, full := d.Lang(l), agency.Lang(l)
		sale, rent := byGoal(t, ld)
		if len(ld.Properties) != 6 || len(sale) != 6 || len(rent) != 0 || len(ld.Projects) != 0 || len(ld.ProjectDetails) != 0 || len(ld.Appointments) != 0 {
			t.Errorf("%s: %d rows, sale %d rent %d projects %d slots %d", l, len(ld.Properties), len(sale), len(rent), len(ld.Projects), len(ld.Appointments))
		}
		if towns := townsOf(sale); len(ld.Types) < 8 || len(ld.WebCategories) < 8 || len(towns) == 0 {
			t.Errorf("%s: %d types, %d web categories, %d towns", l, len(ld.Types), len(ld.WebCategories), len(towns))
		}
		// The full type list, and the agency's listings as they are.
		eq := func(a, b json.RawMessage) bool { return bytes.Equal(a, b) }
		if !slices.EqualFunc(ld.Types, full.Types, eq) || !slices.EqualFunc(ld.WebCategories, full.WebCategories, eq) {
			t.Errorf("%s: the sample's types differ from the agency's", l)
		}
		for _, raw := range ld.Properties {
			id := platform.RecordID(raw)
			i := slices.Index(full.PropertyIDs(), id)
			if i < 0 || !bytes.Equal(raw, full.Properties[i]) {
				t.Errorf("%s: sample property %d differs from the agency's", l, id)
			}
		}
	}
}

func TestSynthetic(t *testing.T) {
	d := Synthetic(1000, []listing.Lang{listing.NL, listing.FR}, 7)
	regions := map[listing.Region]int{}
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ld := d.Lang(l)
		props := properties(t, ld)
		if len(ld.Properties) != 1000 || len(props) != 1000 || len(ld.PropertyPictures) != 0 {
			t.Fatalf("%s: %d properties (%d decoded), %d picture lists", l, len(ld.Properties), len(props), len(ld.PropertyPictures))
		}
		towns := map[string]bool{}
		for _, p := range props {
			towns[p.Zip.String()] = true
			region := regionOf(int(p.CountryID), p.Zip.String())
			regions[region]++
			if p.EnergyPerformance > 0 && p.EPCLabelText.String() != epcLabelText(region, float64(p.EnergyPerformance)) {
				t.Errorf("%d: EPC %v %q in %s", p.ID, p.EnergyPerformance, p.EPCLabelText, region)
			}
			if n := len(p.XLargePictureItems); n < 2 || n > 3 {
				t.Errorf("%d: %d pictures", p.ID, n)
			}
			for _, size := range p.Sizes() {
				if len(size) != len(p.XLargePictureItems) {
					t.Errorf("%d: picture lists of %d and %d", p.ID, len(size), len(p.XLargePictureItems))
				}
			}
			long := string(p.DescriptionB)
			if strings.ContainsAny(long, "{}") || len(long) < 300 && p.WebID != 5 || len(long) < 150 {
				t.Errorf("%d: description %q", p.ID, long)
			}
		}
		if len(towns) < 60 {
			t.Errorf("%s: only %d postcodes", l, len(towns))
		}
	}
	for _, r := range []listing.Region{listing.Flanders, listing.Brussels, listing.Wallonia, listing.Luxembourg} {
		if regions[r] == 0 {
			t.Errorf("no property in %s", r)
		}
	}
	if bytes.Equal(marshal(t, Synthetic(50, []listing.Lang{listing.NL, listing.FR}, 1)), marshal(t, Synthetic(50, []listing.Lang{listing.NL, listing.FR}, 2))) {
		t.Error("different seeds give the same data")
	}
	en := properties(t, Synthetic(3, []listing.Lang{listing.EN}, 1).Lang(listing.EN))
	if len(en) != 3 || en[0].DescriptionB == "" {
		t.Error("no English synthetic data")
	}
}

// TestCommittedTestdata keeps testdata/ in step with the generator: edit the
// generator, then run `go run ./demo/gen` (or go generate ./demo).
func TestCommittedTestdata(t *testing.T) {
	tests := []struct {
		dir string
		gen func() *platform.Dataset
	}{
		{"../testdata/platform", Agency},
		{"../testdata/platform-sample", Sample},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.dir), func(t *testing.T) {
			tmp := t.TempDir()
			if err := tt.gen().WriteDir(tmp); err != nil {
				t.Fatal(err)
			}
			committed, err := platform.LoadDir(tt.dir)
			if err != nil {
				t.Fatalf("%v (run go run ./demo/gen)", err)
			}
			fresh, err := platform.LoadDir(tmp)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(marshal(t, committed), marshal(t, fresh)) {
				t.Fatalf("%s differs from the generator: run go run ./demo/gen", tt.dir)
			}
			// Byte for byte too, and no stale files among the generated ones.
			want := datasetFiles(t, tmp)
			got := datasetFiles(t, tt.dir)
			for name, b := range want {
				if !bytes.Equal(got[name], b) {
					t.Errorf("%s/%s differs from the generator: run go run ./demo/gen", tt.dir, name)
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s/%s is not generated: run go run ./demo/gen, which removes it", tt.dir, name)
				}
			}
			// JSON outside the layout (an older layout's method, say) is
			// not the generator's, which leaves it; a README may stay.
			err = filepath.WalkDir(tt.dir, func(path string, e fs.DirEntry, err error) error {
				if err != nil || e.IsDir() || !strings.HasSuffix(path, ".json") {
					return err
				}
				rel, _ := filepath.Rel(tt.dir, path)
				if _, ok := got[filepath.ToSlash(rel)]; !ok {
					t.Errorf("%s is not part of the dataset layout: remove it", path)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// datasetFiles reads the files of a dataset's layout (platform.DatasetFiles)
// under dir, by their slash-separated path relative to dir.
func datasetFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, name := range platform.DatasetFiles {
		root := filepath.Join(dir, name)
		err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			rel, _ := filepath.Rel(dir, path)
			out[filepath.ToSlash(rel)] = b
			return err
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	return out
}

// TestMediaURLsResolve checks that the photo and document URLs of the demo
// data are ones the photos handler serves.
func TestMediaURLsResolve(t *testing.T) {
	ld := Agency().Lang(listing.FR)
	seen := map[string]bool{}
	var urls []string
	add := func(us ...string) {
		for _, u := range us {
			if !seen[u] {
				seen[u] = true
				urls = append(urls, u)
			}
		}
	}
	addPictures := func(p platform.Pictures) {
		add(pictureURLs(p)...)
		add(p.SmallPicture.String(), p.LargePicture.String())
	}
	for _, p := range properties(t, ld) {
		addPictures(p.Pictures)
		for _, doc := range allDocuments(t, ld, p) {
			add(doc.Url.String())
		}
	}
	for _, row := range decode[platform.ProjectRow](t, "project row", ld.Projects) {
		add(row.LargePicture.String())
	}
	for _, pr := range decode[platform.Project](t, "project", ld.ProjectDetails) {
		addPictures(pr.Pictures)
		add(pr.PriceList.String())
		for _, doc := range pr.Documents {
			add(doc.Url.String())
		}
	}
	// A photo's response depends on its key, number and width alone
	// (photos.Handler): each photo is drawn at the smallest size, and each
	// larger size for one property photo and one project photo; a URL of a
	// larger size resolves when its photo does at the smallest size and its
	// size does. (Drawing every photo at every size takes half a minute,
	// and ten under the race detector.)
	var heads []string
	sizeDrawn := map[string]bool{}
	for _, u := range urls {
		key, _, width, ok := photoURL(u)
		if ok && width != strconv.Itoa(pictureWidths[0]) {
			kind := "property"
			if strings.HasPrefix(key, "p") {
				kind = "project"
			}
			if sizeDrawn[kind+" "+width] {
				continue
			}
			sizeDrawn[kind+" "+width] = true
		}
		heads = append(heads, u)
	}
	h := photos.Handler{}
	var mu sync.Mutex
	codes := map[string]int{}
	work := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for u := range work {
				req := httptest.NewRequest(http.MethodHead, u, nil)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				mu.Lock()
				codes[u] = rec.Code
				mu.Unlock()
			}
		})
	}
	for _, u := range heads {
		work <- u
	}
	close(work)
	wg.Wait()
	served := map[string]bool{} // the sizes drawn
	for u, code := range codes {
		if _, _, width, ok := photoURL(u); ok && code == http.StatusOK {
			served[width] = true
		}
	}
	for _, u := range urls {
		if code, drawn := codes[u]; drawn {
			if code != http.StatusOK {
				t.Errorf("%s: %d", u, code)
			}
			continue
		}
		if _, smallest, width, _ := photoURL(u); codes[smallest] != http.StatusOK || !served[width] {
			t.Errorf("%s: %s gives %d (0: not in the data), width %s served %v", u, smallest, codes[smallest], width, served[width])
		}
	}
}

// photoURL splits a photo URL /demo/photos/{key}/{n}/{width}.jpg into its
// key and width, with the URL of the photo at the smallest embedded size.
func photoURL(u string) (key, smallest, width string, ok bool) {
	rest, ok := strings.CutPrefix(u, photos.PhotosPrefix)
	parts := strings.Split(rest, "/")
	if !ok || len(parts) != 3 || !strings.HasSuffix(parts[2], ".jpg") {
		return "", "", "", false
	}
	width = strings.TrimSuffix(parts[2], ".jpg")
	smallest = photos.PhotosPrefix + parts[0] + "/" + parts[1] + "/" + strconv.Itoa(pictureWidths[0]) + ".jpg"
	return parts[0], smallest, width, true
}

func BenchmarkSynthetic(b *testing.B) {
	for _, n := range []int{10000, 50000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				Synthetic(n, []listing.Lang{listing.NL, listing.FR}, 1)
			}
		})
	}
}

func BenchmarkAgency(b *testing.B) {
	for b.Loop() {
		Agency()
	}
}
