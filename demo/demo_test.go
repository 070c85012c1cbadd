package demo

import (
	"bytes"
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/estate-agency/estate/demo/photos"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/sync/wire"
)

func allowedZip(zip string) bool {
	n, err := strconv.Atoi(zip)
	return err == nil && (n == 5550 || n == 5555 || n == 6800 || n >= 6820 && n <= 6880)
}

func byGoal(ld *wire.LangData) (sale, rent []wire.PropertyDetail) {
	for _, p := range ld.Properties {
		if p.Goal == 0 {
			sale = append(sale, p)
		} else {
			rent = append(rent, p)
		}
	}
	return sale, rent
}

func TestAgencyCounts(t *testing.T) {
	d := Agency()
	if len(d.Langs) != 2 {
		t.Fatalf("languages: %d", len(d.Langs))
	}
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		t.Run(string(l), func(t *testing.T) {
			ld := d.Lang(l)
			sale, rent := byGoal(ld)
			if len(sale) != 58 || len(rent) != 12 {
				t.Errorf("sale %d rent %d, want 58 and 12", len(sale), len(rent))
			}
			if len(ld.Projects) != 2 {
				t.Errorf("projects %d", len(ld.Projects))
			}
			if len(ld.Deleted) != 0 {
				t.Errorf("deleted %d", len(ld.Deleted))
			}
			towns := map[string]bool{}
			for _, p := range sale {
				towns[p.City+" "+p.Zip] = true
			}
			if len(towns) != 21 {
				t.Errorf("sale towns %d, want 21", len(towns))
			}
			if len(ld.Cities) != 21 {
				t.Errorf("cities %d, want 21", len(ld.Cities))
			}
			total := 0
			for _, c := range ld.Cities {
				total += c.PropertyCount
				if !allowedZip(c.Zip) {
					t.Errorf("city %s zip %s outside the allowed ranges", c.Name, c.Zip)
				}
				if c.CountryID != "10" || c.CountryName == "" {
					t.Errorf("city %s country %q %q", c.Name, c.CountryID, c.CountryName)
				}
				n := 0
				for _, p := range ld.Properties {
					if p.City == c.Name && p.Zip == c.Zip {
						n++
					}
				}
				if n != c.PropertyCount {
					t.Errorf("city %s count %d, listed %d", c.Name, c.PropertyCount, n)
				}
			}
			if total != 70 {
				t.Errorf("city counts sum to %d", total)
			}
			for _, p := range ld.Properties {
				if !allowedZip(p.Zip) {
					t.Errorf("%d zip %s", p.ID, p.Zip)
				}
				if p.GoogleX < 49.6 || p.GoogleX > 50.1 || p.GoogleY < 4.8 || p.GoogleY > 5.5 {
					t.Errorf("%d at %v,%v is not in the Ardennes", p.ID, p.GoogleX, p.GoogleY)
				}
			}
		})
	}
}

func ids[T any](items []T, id func(T) int) []int {
	out := make([]int, 0, len(items))
	for _, it := range items {
		out = append(out, id(it))
	}
	slices.Sort(out)
	return out
}

func TestAgencySameIDsInBothLanguages(t *testing.T) {
	d := Agency()
	nl, fr := d.Lang(listing.NL), d.Lang(listing.FR)
	tests := []struct {
		name   string
		nl, fr []int
	}{
		{"properties", ids(nl.Properties, func(p wire.PropertyDetail) int { return p.ID }), ids(fr.Properties, func(p wire.PropertyDetail) int { return p.ID })},
		{"projects", ids(nl.Projects, func(p wire.Project) int { return p.ID }), ids(fr.Projects, func(p wire.Project) int { return p.ID })},
		{"types", ids(nl.Types, func(p wire.PropertyType) int { return p.ID }), ids(fr.Types, func(p wire.PropertyType) int { return p.ID })},
		{"appointments", ids(nl.Appointments, func(a wire.Appointment) int { return a.ID }), ids(fr.Appointments, func(a wire.Appointment) int { return a.ID })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.nl) == 0 || !slices.Equal(tt.nl, tt.fr) {
				t.Errorf("nl %v\nfr %v", tt.nl, tt.fr)
			}
		})
	}
	for i, p := range nl.Properties {
		q := fr.Properties[i]
		if p.ID != q.ID || p.Price != q.Price || p.Goal != q.Goal || p.StatusID != q.StatusID || p.EnergyPerformance != q.EnergyPerformance {
			t.Errorf("%d differs between nl and fr", p.ID)
		}
		if p.Description == q.Description || p.Title == q.Title {
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
			top := map[string]int{}
			webOf := map[int]int{}
			sale, rent := 0, 0
			for _, ty := range ld.Types {
				if !ty.Sale || !ty.Rent {
					t.Errorf("%s: Sale %v Rent %v", ty.Name, ty.Sale, ty.Rent)
				}
				if ty.ParentID != 0 {
					continue
				}
				top[ty.Name] = ty.WebID
				webOf[ty.ID] = ty.WebID
				sale += ty.SaleCount
				rent += ty.RentCount
				n := [2]int{}
				for _, p := range ld.Properties {
					if p.WebID == ty.WebID {
						n[min(p.Goal, 1)]++
					}
				}
				if n != [2]int{ty.SaleCount, ty.RentCount} {
					t.Errorf("%s counts %d/%d, listed %v", ty.Name, ty.SaleCount, ty.RentCount, n)
				}
				if ty.SaleCount == 0 {
					t.Errorf("%s has nothing for sale", ty.Name)
				}
			}
			if !reflect.DeepEqual(top, want[l]) {
				t.Errorf("categories %v\nwant %v", top, want[l])
			}
			if sale != 58 || rent != 12 {
				t.Errorf("type counts %d/%d", sale, rent)
			}
			for _, p := range ld.Properties {
				if p.MainTypeName == "" || p.TypeDescription == "" || top[p.MainTypeName] != p.WebID {
					t.Errorf("%d: WebID %d, MainTypeName %q", p.ID, p.WebID, p.MainTypeName)
				}
				if !strings.HasPrefix(p.WebIDs, strconv.Itoa(p.WebID)) {
					t.Errorf("%d: WebIDs %q", p.ID, p.WebIDs)
				}
			}
		})
	}
}

func TestAgencyPictures(t *testing.T) {
	d := Agency()
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ld := d.Lang(l)
		for _, p := range ld.Properties {
			pics := ld.Pictures[p.ID]
			if len(pics) < 3 || len(pics) > 8 {
				t.Errorf("%s %d: %d pictures", l, p.ID, len(pics))
			}
			for _, pic := range pics {
				checkPicture(t, pic, strconv.Itoa(p.ID))
			}
			s := p.SmallPictureItem
			if s == nil || s.Width != 280 || s.Height != 187 || p.SmallPicture != s.Url || !strings.HasSuffix(s.Url, "/280.jpg") {
				t.Errorf("%s %d: small picture %q %+v", l, p.ID, p.SmallPicture, s)
			}
		}
		for _, pr := range ld.Projects {
			if len(pr.Pictures) < 3 {
				t.Errorf("project %d: %d pictures", pr.ID, len(pr.Pictures))
			}
			for _, pic := range pr.Pictures {
				checkPicture(t, pic, "p"+strconv.Itoa(pr.ID))
			}
		}
	}
}

func checkPicture(t *testing.T, pic wire.PictureItem, key string) {
	t.Helper()
	if pic.Width != 1600 || pic.Height != 1067 || pic.Name == "" || !strings.HasPrefix(pic.Url, "/demo/photos/"+key+"/") {
		t.Errorf("%s: picture %+v", key, pic)
	}
	var widths []int
	for _, v := range pic.Variants {
		widths = append(widths, v.Width)
		if v.Height != photos.Height(v.Width) || !strings.HasSuffix(v.Url, "/"+strconv.Itoa(v.Width)+".jpg") {
			t.Errorf("%s: variant %+v", key, v)
		}
	}
	if !slices.Equal(widths, []int{100, 280, 400, 600, 1360, 1600}) {
		t.Errorf("%s: variant widths %v", key, widths)
	}
}

// TestAgencyMix checks the listings the site's features need are there.
func TestAgencyMix(t *testing.T) {
	sale, rent := byGoal(Agency().Lang(listing.NL))
	count := func(ps []wire.PropertyDetail, f func(wire.PropertyDetail) bool) int {
		n := 0
		for _, p := range ps {
			if f(p) {
				n++
			}
		}
		return n
	}
	tests := []struct {
		name string
		got  int
		want int
	}{
		{"sold", count(sale, func(p wire.PropertyDetail) bool { return p.StatusID == wire.StatusSold && p.Marquee == 2 }), 5},
		{"option", count(sale, func(p wire.PropertyDetail) bool { return p.StatusID == wire.StatusOption && p.Marquee == 3 }), 2},
		{"new", count(sale, func(p wire.PropertyDetail) bool { return p.Marquee == 1 }), 6},
		{"price reduced", count(sale, func(p wire.PropertyDetail) bool { return p.Marquee == 10 }), 4},
		{"price not published", count(sale, func(p wire.PropertyDetail) bool { return !p.PublishPrice }), 4},
		{"address not published", count(sale, func(p wire.PropertyDetail) bool { return !p.PublishAddress && p.Street != "" && p.HouseNumber != "" }), 5},
		{"starting from", count(sale, func(p wire.PropertyDetail) bool { return p.PriceUnit == 7 && p.PriceUnitText == "vanaf" }), 3},
		{"video", count(sale, func(p wire.PropertyDetail) bool { return len(p.VideoLinks) > 0 }), 4},
		{"virtual tour", count(sale, func(p wire.PropertyDetail) bool {
			return strings.HasPrefix(p.VirtualTourUrl, "https://my.matterport.com/show/?m=") && len(p.VirtualTourUrl) == 45
		}), 4},
		{"rented", count(rent, func(p wire.PropertyDetail) bool { return p.StatusID == wire.StatusRented && p.Marquee == 2 }), 2},
		{"garage rent 60-90", count(rent, func(p wire.PropertyDetail) bool { return p.WebID == 5 && p.Price >= 60 && p.Price <= 90 }), 1},
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
		for _, doc := range p.Documents {
			docs++
			if !strings.HasPrefix(doc.Url, "/demo/documents/"+strconv.Itoa(p.ID)+"/") || doc.Name == "" || doc.Kind == "" {
				t.Errorf("%d: document %+v", p.ID, doc)
			}
		}
		if len(p.PointsOfInterest) > 0 {
			pois++
		}
		if p.ManagerName == "" || (len(p.ManagerPhone) != 9 && len(p.ManagerPhone) != 10) || !strings.Contains(p.ManagerEmail, "@") {
			t.Errorf("%d: manager %q %q %q", p.ID, p.ManagerName, p.ManagerPhone, p.ManagerEmail)
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
	for _, p := range Agency().Lang(listing.NL).Properties {
		built := p.WebID != 5 && p.WebID != 7
		if !built {
			if p.EnergyPerformance != 0 || p.EPCLabelText != "" {
				t.Errorf("%d: land or garage with EPC %v %q", p.ID, p.EnergyPerformance, p.EPCLabelText)
			}
			continue
		}
		if p.EnergyPerformance < 40 || p.EnergyPerformance > 600 || p.EPCLabelText != epcLabelText(listing.Wallonia, float64(p.EnergyPerformance)) {
			t.Errorf("%d: EPC %v %q", p.ID, p.EnergyPerformance, p.EPCLabelText)
		}
		seen[p.EPCLabelText] = true
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
		for _, pr := range ld.Projects {
			sold := 0
			for _, u := range pr.Units {
				if u.StatusID == wire.StatusSold {
					sold++
				}
				if float64(u.Price) < float64(pr.PriceMin) || float64(u.Price) > float64(pr.PriceMax) {
					t.Errorf("project %d unit %s price %v outside %v–%v", pr.ID, u.Name, u.Price, pr.PriceMin, pr.PriceMax)
				}
			}
			if len(pr.Units) < 6 || len(pr.Units) > 10 || sold == 0 || sold == len(pr.Units) || pr.SoldOut {
				t.Errorf("project %d: %d units, %d sold", pr.ID, len(pr.Units), sold)
			}
			if !allowedZip(pr.Zip) || pr.Delivery == "" || len(pr.Documents) == 0 || pr.ProjectNumber == "" || pr.Description == "" {
				t.Errorf("project %d incomplete: %+v", pr.ID, pr)
			}
		}
		props := map[int]bool{}
		full := 0
		for _, a := range ld.Appointments {
			props[a.PropertyID] = true
			if _, ok := ld.Property(a.PropertyID); !ok {
				t.Errorf("slot %d for unknown property %d", a.ID, a.PropertyID)
			}
			if !a.StartDate.After(exportedAt()) || !a.EndDate.After(a.StartDate.Time) || a.Booked > a.Capacity || a.Status != "confirmed" {
				t.Errorf("slot %+v", a)
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
	for _, p := range d.Lang(listing.NL).Properties {
		if p.ProjectID != 0 {
			// A listed unit: its project lists a unit of that id, at the same price, and lends it its address.
			units++
			pr, ok := d.Lang(listing.NL).Project(p.ProjectID)
			var unit *wire.Unit
			for i := range pr.Units {
				if pr.Units[i].ID == p.ID {
					unit = &pr.Units[i]
				}
			}
			if !ok || unit == nil || unit.Price != p.Price || unit.StatusID != p.StatusID || p.Street != pr.Street || p.Zip != pr.Zip {
				t.Errorf("%d: unit of project %d %+v, listing %v at %s %s", p.ID, p.ProjectID, unit, p.Price, p.Street, p.Zip)
			}
		}
		if p.CreatedDate.IsZero() || p.LastChangedDate.Before(p.CreatedDate.Time) || p.LastChangedDate.After(exportedAt()) ||
			p.CreatedDate.Year() != 2026 {
			t.Errorf("%d: created %v changed %v", p.ID, p.CreatedDate, p.LastChangedDate)
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
		for _, p := range d.Lang(l).Properties {
			for _, s := range []string{p.Title, p.DescriptionA, p.Description} {
				if strings.ContainsAny(s, "{}\x00") || strings.Contains(s, "  ") {
					t.Errorf("%s %d: template left in %q", l, p.ID, s)
				}
			}
			if n := len(p.DescriptionA); n < 20 || n > 250 {
				t.Errorf("%s %d: short description of %d bytes", l, p.ID, n)
			}
			if !strings.Contains(html.UnescapeString(p.Description), p.City) {
				t.Errorf("%s %d: description does not name %s", l, p.ID, p.City)
			}
			if strings.Contains(p.Description, "<p>") {
				markup++
			}
			if strings.Contains(p.Description, "&eacute;") || strings.Contains(p.Description, "&nbsp;") {
				entities++
			}
			if other, dup := seen[p.Description]; dup {
				t.Errorf("%s %d has the description of %d", l, p.ID, other)
			}
			seen[p.Description] = p.ID
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

func marshal(t *testing.T, d *wire.Dataset) []byte {
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
		gen  func() *wire.Dataset
	}{
		{"agency", Agency},
		{"sample", Sample},
		{"synthetic", func() *wire.Dataset { return Synthetic(300, []listing.Lang{listing.NL, listing.FR}, 42) }},
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
	d := Sample()
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ld := d.Lang(l)
		sale, rent := byGoal(ld)
		if len(sale) != 6 || len(rent) != 0 || len(ld.Projects) != 0 || len(ld.Appointments) != 0 {
			t.Errorf("%s: sale %d rent %d projects %d slots %d", l, len(sale), len(rent), len(ld.Projects), len(ld.Appointments))
		}
		total := 0
		for _, c := range ld.Cities {
			total += c.PropertyCount
		}
		if len(ld.Types) < 8 || len(ld.Cities) == 0 || total != 6 {
			t.Errorf("%s: %d types, %d cities counting %d", l, len(ld.Types), len(ld.Cities), total)
		}
	}
}

func TestSynthetic(t *testing.T) {
	d := Synthetic(1000, []listing.Lang{listing.NL, listing.FR}, 7)
	regions := map[listing.Region]int{}
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ld := d.Lang(l)
		if len(ld.Properties) != 1000 || len(ld.Pictures) != 1000 {
			t.Fatalf("%s: %d properties, %d picture lists", l, len(ld.Properties), len(ld.Pictures))
		}
		towns := map[string]bool{}
		for _, p := range ld.Properties {
			towns[p.Zip] = true
			region := regionOf(p.CountryID, p.Zip)
			regions[region]++
			if p.EnergyPerformance > 0 && p.EPCLabelText != epcLabelText(region, float64(p.EnergyPerformance)) {
				t.Errorf("%d: EPC %v %q in %s", p.ID, p.EnergyPerformance, p.EPCLabelText, region)
			}
			if n := len(ld.Pictures[p.ID]); n < 2 || n > 3 {
				t.Errorf("%d: %d pictures", p.ID, n)
			}
			if strings.ContainsAny(p.Description, "{}") || len(p.Description) < 300 && p.WebID != 5 || len(p.Description) < 150 {
				t.Errorf("%d: description %q", p.ID, p.Description)
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
	if en := Synthetic(3, []listing.Lang{listing.EN}, 1).Lang(listing.EN); len(en.Properties) != 3 || en.Properties[0].Description == "" {
		t.Error("no English synthetic data")
	}
}

// TestCommittedTestdata keeps testdata/ in step with the generator: edit the
// generator, then run `go generate ./demo` (or go run ./demo/gen).
func TestCommittedTestdata(t *testing.T) {
	tests := []struct {
		dir string
		gen func() *wire.Dataset
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
			committed, err := wire.LoadDir(tt.dir)
			if err != nil {
				t.Fatalf("%v (run go generate ./demo)", err)
			}
			fresh, err := wire.LoadDir(tmp)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(committed, fresh) {
				t.Fatalf("%s differs from the generator: run go generate ./demo", tt.dir)
			}
			// Byte for byte too, and no stale files beside the generated ones.
			want := files(t, tmp)
			got := files(t, tt.dir)
			for name, b := range want {
				if !bytes.Equal(got[name], b) {
					t.Errorf("%s/%s differs from the generator: run go generate ./demo", tt.dir, name)
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok && strings.HasSuffix(name, ".json") {
					t.Errorf("%s/%s is not generated: remove it or run go generate ./demo", tt.dir, name)
				}
			}
		})
	}
}

func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMediaURLsResolve checks that the photo and document URLs of the demo
// data are ones the photos handler serves.
func TestMediaURLsResolve(t *testing.T) {
	h := photos.Handler{}
	head := func(url string) int {
		req := httptest.NewRequest(http.MethodHead, url, nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	ld := Agency().Lang(listing.FR)
	var urls []string
	for _, p := range ld.Properties {
		for _, pic := range ld.Pictures[p.ID] {
			urls = append(urls, pic.Variants[0].Url) // the smallest renders fastest; the rest differ by width only
		}
		for _, doc := range p.Documents {
			urls = append(urls, doc.Url)
		}
	}
	for _, pr := range ld.Projects {
		urls = append(urls, pr.Pictures[0].Url, pr.PriceList)
		for _, doc := range pr.Documents {
			urls = append(urls, doc.Url)
		}
	}
	for _, u := range urls {
		if code := head(u); code != http.StatusOK {
			t.Errorf("%s: %d", u, code)
		}
	}
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
