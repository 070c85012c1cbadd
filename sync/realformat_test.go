package platformsync_test

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/store"
	platformsync "github.com/estate-agency/estate/sync"
)

// These tests feed the sync the platform's answers as the public Omnicasa
// clients read them (../shared/platform/OMNICASA.md), not as the demo
// generator writes them: raw JSON, numbers where a platform may send
// strings and the other way round.

// rawDataset is a Dutch-only dataset of raw records, with the web
// categories and types a listing needs.
func rawDataset(t *testing.T, props ...string) *platform.Dataset {
	t.Helper()
	ld := &platform.LangData{
		WebCategories: raws(t, `{"ID":1,"WebID":8,"Name":"Villa/Huis/Hoeve","ShowOrder":1,"Sale":true,"Rent":false}`,
			`{"ID":2,"WebID":1,"Name":"Studio/Appartement","ShowOrder":"2","Sale":"1","Rent":"1"}`),
		Types: raws(t, `{"ID":8,"Name":"Villa/Huis/Hoeve","WebID":8,"Abbr":"VHH","OriginalAbbr":"VHH","ParentID":0}`,
			`{"ID":82,"Name":"Woning","WebID":8,"ParentID":8}`,
			`{"ID":1,"Name":"Studio/Appartement","WebID":"1","ParentID":"0"}`),
		Properties: raws(t, props...),
	}
	return &platform.Dataset{Langs: map[listing.Lang]*platform.LangData{listing.NL: ld}}
}

func raws(t *testing.T, records ...string) []json.RawMessage {
	t.Helper()
	out := make([]json.RawMessage, len(records))
	for i, r := range records {
		if !json.Valid([]byte(r)) {
			t.Fatalf("record %d is not JSON: %s", i, r)
		}
		out[i] = json.RawMessage(r)
	}
	return out
}

// TestRecordsAsThePlatformTypesThem: numbers as strings and strings as
// numbers, countries by id, abbreviation, name or not at all, .NET dates:
// every Belgian listing gets its region and EPC label, and nothing is
// refused for the type a value came in.
func TestRecordsAsThePlatformTypesThem(t *testing.T) {
	ds := rawDataset(t,
		`{"ID":1,"Ident":"Woning in Bouillon","Status":1,"Goal":0,"WebID":8,"TypeDescription":"Woning","Zip":6830,"City":"Bouillon",
		  "CountryID":"10","Price":"249000","PublishPrice":"1","PublishAddress":1,"EnergyPerformance":"250","GoogleX":"49,7936","GoogleY":5.0664,
		  "NumberOfBedRooms":"3","HasGarden":"true","CreatedDate":"/Date(1763456400000+0100)/","LastChangedDate":"2026-11-18 10:00:00"}`,
		`{"ID":2,"Ident":"Appartement in Libramont","Status":"1","Goal":"1","WebID":1,"TypeDescription":"Appartement","Zip":"6800","City":"Libramont",
		  "CountryAbbr":"B","Price":795,"PublishPrice":true,"EnergyPerformance":95,"LastChangedDate":"2026-11-18 10:00:00"}`,
		`{"ID":3,"Ident":"Appartement in Brussel","Status":1,"Goal":0,"WebID":1,"Zip":"1000","City":"Brussel","CountryName":"Belgique",
		  "Price":350000,"PublishPrice":true,"EnergyPerformance":120,"LastChangedDate":"2026-11-18 10:00:00"}`,
		`{"ID":4,"Ident":"Woning in Gent","Status":1,"Goal":0,"WebID":8,"Zip":"9000","City":"Gent","Price":420000,"PublishPrice":true,
		  "EnergyPerformance":150,"LastChangedDate":"2026-11-18 10:00:00"}`,
		`{"ID":5,"Ident":"Maison à Wemperhardt","Status":1,"Goal":0,"WebID":8,"Zip":"L-9999","City":"Wemperhardt","Price":615000,"PublishPrice":true,
		  "EPCLabelText":"C","LastChangedDate":"2026-11-18 10:00:00"}`,
		`{"ID":6,"Ident":"Appartement à Paris","Status":1,"Goal":0,"WebID":1,"Zip":"75001","City":"Paris","CountryID":33,"Price":900000,
		  "PublishPrice":true,"EnergyPerformance":150,"LastChangedDate":"2026-11-18 10:00:00"}`,
	)
	e := newEnv(t, ds)
	run, err := e.run(true)
	if err != nil || run.Languages[0].Added != 6 || len(run.Languages[0].Quarantined) != 0 {
		t.Fatalf("run = %+v, %v\n%s", run, err, e.logs)
	}
	tests := []struct {
		id      int
		region  listing.Region
		label   string
		country int
		typeID  int
	}{
		{1, listing.Wallonia, "c", listing.CountryBelgium, 82},
		{2, listing.Wallonia, "b", listing.CountryBelgium, 1},
		{3, listing.Brussels, "c", listing.CountryBelgium, 1},
		{4, listing.Flanders, "b", listing.CountryBelgium, 8},
		{5, listing.Luxembourg, "c", listing.CountryLuxembourg, 8},
		{6, listing.OtherLand, "", 33, 1},
	}
	for _, tt := range tests {
		p, err := e.store.Property(listing.NL, tt.id)
		if err != nil {
			t.Fatal(err)
		}
		if p.Energy.Region != tt.region || p.Energy.Label != tt.label || p.Address.CountryID != tt.country || p.TypeID != tt.typeID {
			t.Errorf("%d (%s %s): region %q label %q country %d type %d; want %q %q %d %d", tt.id, p.Address.Zip, p.Address.City,
				p.Energy.Region, p.Energy.Label, p.Address.CountryID, p.TypeID, tt.region, tt.label, tt.country, tt.typeID)
		}
	}
	p, _ := e.store.Property(listing.NL, 1)
	created := time.Date(2025, 11, 18, 9, 0, 0, 0, time.UTC) // 1763456400000 ms
	if p.Price.Amount != 249000 || !p.Price.Published || p.Geo == nil || p.Geo.Lat != 49.7936 || p.Layout.Bedrooms != 3 ||
		!p.Flags.Garden || !p.Created.Equal(created) || p.Changed.Format(time.RFC3339) != "2026-11-18T10:00:00+01:00" {
		t.Errorf("listing 1 = price %v published %v geo %+v bedrooms %d garden %v created %v changed %v",
			p.Price.Amount, p.Price.Published, p.Geo, p.Layout.Bedrooms, p.Flags.Garden, p.Created, p.Changed)
	}
	if p, _ := e.store.Property(listing.NL, 2); p.Goal != listing.Rent || p.Address.Zip != "6800" {
		t.Errorf("listing 2 = goal %q zip %q", p.Goal, p.Address.Zip)
	}

	// GetWebIDList says which categories are offered for which goal.
	types, err := e.store.Types(listing.NL)
	if err != nil {
		t.Fatal(err)
	}
	for _, ty := range types {
		wantRent := ty.WebID == 1
		if !ty.Sale || ty.Rent != wantRent {
			t.Errorf("type %d %q (web %d): sale %v rent %v; want sale and rent %v", ty.ID, ty.Name, ty.WebID, ty.Sale, ty.Rent, wantRent)
		}
	}
	// The towns are the listings'.
	if cities, _ := e.store.Cities(listing.NL); len(cities) != 6 {
		t.Errorf("towns %+v, want the six of the listings", cities)
	}
}

// TestStatusDecidesPublication: the platform lists prospective, cancelled
// and inactive listings with the others; the site never shows them, and
// withdraws (410) a listing it showed once its Status says so. Sold and
// rented stay shown as such; references only when the site says so.
func TestStatusDecidesPublication(t *testing.T) {
	ds := loadDemo(t)
	e := syncedEnv(t, ds)
	offSite := []int{4090, 4091, 4092}
	for _, l := range langs {
		for _, id := range offSite {
			if _, err := e.store.Property(l, id); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s: listing %d the platform holds off the site was stored (%v)", l, id, err)
			}
			if e.searchable(l, id) {
				t.Errorf("%s: listing %d the platform holds off the site is searchable", l, id)
			}
		}
	}
	if p, _ := e.store.Property(listing.NL, 4006); p.Status != listing.Sold {
		t.Errorf("the sold demo listing reads %q", p.Status)
	}

	at := platform.WallClock(e.now.Add(5 * time.Minute).In(brussels))
	setStatus := func(id, status int) {
		for _, l := range langs {
			ds.Lang(l).EditProperty(id, func(p *platform.Property) { p.Status, p.LastChangedDate = platform.Is(status), at })
		}
	}
	setStatus(4003, platform.StatusCancelled)
	setStatus(4012, platform.StatusProspective)
	setStatus(4017, platform.StatusReference)
	setStatus(4021, platform.StatusSold)
	setStatus(4090, platform.StatusActive) // ready at last
	e.platform.SetDataset(ds)
	run, err := e.run(false)
	if err != nil {
		t.Fatalf("run = %+v, %v", run, err)
	}
	if run.Removed != 6 || run.Added != 2 || run.Changed != 2 {
		t.Errorf("run = %+v; want 3 withdrawn, 1 added, 1 changed per language", run)
	}
	for _, id := range []int{4003, 4012, 4017} {
		p, err := e.store.Property(listing.NL, id)
		if err != nil || !p.Withdrawn {
			t.Errorf("%d stays published: withdrawn %v, %v", id, p.Withdrawn, err)
		}
		if status, _, _ := e.page(listing.NL, id); status != http.StatusGone {
			t.Errorf("page of %d answers %d, want 410", id, status)
		}
	}
	if p, _ := e.store.Property(listing.FR, 4021); p.Status != listing.Sold || p.Badge != listing.BadgeSold || p.Withdrawn {
		t.Errorf("4021 sold on the platform: status %q badge %q withdrawn %v", p.Status, p.Badge, p.Withdrawn)
	}
	if p, err := e.store.Property(listing.NL, 4090); err != nil || p.Withdrawn || !e.searchable(listing.NL, 4090) {
		t.Errorf("4090 made active is not published: %+v, %v", p.Withdrawn, err)
	}

	// An agency that shows its references gets them as sold listings.
	refs := newEnv(t, ds)
	refs.syncer = platformsync.NewSyncer(refs.source, refs.store, refs.index, slog.New(slog.DiscardHandler), platformsync.Options{
		Languages: langs, Zone: brussels, ShowReferences: true, Now: func() time.Time { return refs.now },
	})
	if _, err := refs.run(true); err != nil {
		t.Fatal(err)
	}
	if p, err := refs.store.Property(listing.NL, 4017); err != nil || p.Withdrawn || p.Status != listing.Sold {
		t.Errorf("a reference shown: %+v status %q, %v", p.Withdrawn, p.Status, err)
	}
}

// TestPicturesComeFromWhereThePlatformPutsThem: rows that embed their
// photos give every one in every size, without a picture call; a row
// without them asks GetPropertyPictureList by ObjectID.
func TestPicturesComeFromWhereThePlatformPutsThem(t *testing.T) {
	item := func(id int, size string, w int) string {
		return `{"ID":` + itoa(id) + `,"Name":"Foto","Url":"https://cdn.example/` + itoa(id) + `-` + size + `.jpg","Width":` + itoa(w) + `,"Height":` + itoa(w*2/3) + `}`
	}
	ds := rawDataset(t,
		`{"ID":1,"Ident":"A","Status":1,"WebID":8,"Zip":"6830","City":"Bouillon","LastChangedDate":"2026-11-18 10:00:00",
		  "LargePictureItems":[`+item(11, "l", 400)+`,`+item(12, "l", 400)+`,`+item(13, "l", 400)+`],
		  "XLargePictureItems":[`+item(11, "xl", 1920)+`,`+item(12, "xl", 1920)+`,`+item(13, "xl", 1920)+`]}`,
		`{"ID":2,"Ident":"B","Status":1,"WebID":8,"Zip":"6830","City":"Bouillon","LastChangedDate":"2026-11-18 10:00:00",
		  "SmallPictureItem":`+item(21, "s", 280)+`,"LargePicture":"https://cdn.example/21-l.jpg"}`,
		`{"ID":3,"Ident":"C","Status":1,"WebID":8,"Zip":"6830","City":"Bouillon","LastChangedDate":"2026-11-18 10:00:00"}`,
	)
	ds.Lang(listing.NL).PropertyPictures = map[int][]json.RawMessage{
		2: raws(t, `{"ID":21,"Url":"https://cdn.example/21.jpg"}`, `{"ID":22,"Url":"https://cdn.example/22.jpg"}`,
			`{"ID":23,"Url":"https://cdn.example/23.jpg","XLargeUrl":"https://cdn.example/23-xl.jpg"}`, `{"ID":24,"Url":"https://cdn.example/24.jpg"}`),
	}
	e := newEnv(t, ds)
	if _, err := e.run(true); err != nil {
		t.Fatalf("%v\n%s", err, e.logs)
	}
	a, _ := e.store.Property(listing.NL, 1)
	if len(a.Media.Pictures) != 3 {
		t.Fatalf("embedded: %d pictures, want 3", len(a.Media.Pictures))
	}
	for i, p := range a.Media.Pictures {
		if p.URL != "https://cdn.example/"+itoa(11+i)+"-xl.jpg" || p.Width != 1920 || len(p.Variants) != 2 || p.Variants[0].Width != 400 {
			t.Errorf("picture %d = %+v", i, p)
		}
	}
	b, _ := e.store.Property(listing.NL, 2)
	if len(b.Media.Pictures) != 4 || b.Media.Pictures[2].URL != "https://cdn.example/23-xl.jpg" || len(b.Media.Pictures[2].Variants) != 2 {
		t.Errorf("listed: %+v", b.Media.Pictures)
	}
	if c, _ := e.store.Property(listing.NL, 3); len(c.Media.Pictures) != 0 {
		t.Errorf("no pictures at all: %+v", c.Media.Pictures)
	}
	if n := e.platform.Calls(platform.MethodPropertyPictures); n != 2 {
		t.Errorf("%d picture calls, want 2: the rows that embed none", n)
	}
	if p, _ := e.platform.LastParams(platform.MethodPropertyPictures); !p.Has("ObjectID") || p.Has("ID") {
		t.Errorf("GetPropertyPictureList asked with %v; the public clients name the property ObjectID", p.Names())
	}
}

// TestRowAndDetailAreMerged: a list row and its detail may each hold what
// the other lacks; the listing has both.
func TestRowAndDetailAreMerged(t *testing.T) {
	ds := rawDataset(t,
		`{"ID":1,"Ident":"Woning","Status":1,"WebID":8,"Zip":"6830","City":"Bouillon","DescriptionA":"Kort.","LastChangedDate":"2026-11-18 10:00:00",
		  "XLargePictureItems":[{"ID":1,"Url":"https://cdn.example/1.jpg"}]}`)
	ds.Lang(listing.NL).Details = raws(t, `{"ID":1,"DescriptionA":"","DescriptionB":"<p>Lang.</p>","KitchenName":"Open keuken",
		"HeatingName":"Warmtepomp","OrientationT":"Zuid","HasFurnished":true,"ConditionName":"Gerenoveerd","VirtualTour":"https://my.matterport.com/show/?m=abc123"}`)
	e := newEnv(t, ds)
	if _, err := e.run(true); err != nil {
		t.Fatal(err)
	}
	p, _ := e.store.Property(listing.NL, 1)
	if p.Summary != "Kort." || p.Body != "<p>Lang.</p>" || len(p.Media.Pictures) != 1 || p.Comfort.Kitchen != "Open keuken" ||
		p.Energy.Heating != "Warmtepomp" || p.Comfort.OrientationTerrace != "Zuid" || !p.Flags.Furnished || p.Comfort.Condition != "Gerenoveerd" ||
		len(p.Media.Videos) != 1 || p.Media.Videos[0].Kind != listing.VirtualTour {
		t.Errorf("merged listing = summary %q body %q pictures %d comfort %+v heating %q furnished %v videos %+v",
			p.Summary, p.Body, len(p.Media.Pictures), p.Comfort, p.Energy.Heating, p.Flags.Furnished, p.Media.Videos)
	}
	// And the detail page says it.
	status, _, page := e.page(listing.NL, 1)
	v := page.Property
	if status != http.StatusOK || v == nil || len(v.Paragraphs) != 1 || v.Paragraphs[0] != "Lang." || v.Comfort.Kitchen != "Open keuken" ||
		v.Comfort.Condition != "Gerenoveerd" || v.Energy.Heating != "Warmtepomp" || !slices.Contains(v.Features, "furnished") ||
		len(v.Videos) != 1 || len(v.Photos) != 1 {
		t.Errorf("detail page %d: %+v", status, v)
	}
}

// TestProjectsHonourPublishInternet: a project the agency keeps off the
// internet leaves the site; one that embeds no photos gets them from
// GetProjectPictureList by ProjectID.
func TestProjectsHonourPublishInternet(t *testing.T) {
	ds := loadDemo(t)
	e := syncedEnv(t, ds)
	for _, l := range langs {
		ld := ds.Lang(l)
		ld.Projects[1] = withField(t, ld.Projects[1], "PublishInternet", false)
		// Project 7001 without embedded photos, in its row and its
		// detail: the picture list has them.
		for _, records := range [][]json.RawMessage{ld.Projects, ld.ProjectDetails} {
			var m map[string]any
			if err := json.Unmarshal(records[0], &m); err != nil {
				t.Fatal(err)
			}
			for k := range m {
				if strings.HasSuffix(k, "PictureItems") {
					delete(m, k)
				}
			}
			records[0] = platform.Raw(m)
		}
		ld.ProjectPictures = map[int][]json.RawMessage{7001: raws(t, `{"ID":1,"Url":"https://cdn.example/p1.jpg"}`, `{"ID":2,"Url":"https://cdn.example/p2.jpg"}`)}
	}
	e.platform.SetDataset(ds)
	if _, err := e.run(false); err != nil {
		t.Fatal(err)
	}
	for _, l := range langs {
		if p, err := e.store.Project(l, 7002); err != nil || !p.Withdrawn {
			t.Errorf("%s: 7002 off the internet: withdrawn %v, %v", l, p.Withdrawn, err)
		}
		p, err := e.store.Project(l, 7001)
		if err != nil || p.Withdrawn || len(p.Media.Pictures) != 2 {
			t.Errorf("%s: 7001 = withdrawn %v, %d pictures, %v", l, p.Withdrawn, len(p.Media.Pictures), err)
		}
	}
	if p, _ := e.platform.LastParams(platform.MethodProjectPictures); p.Int("ProjectID") != 7001 {
		t.Errorf("GetProjectPictureList asked with %v", p.Names())
	}
	if n := e.platform.Calls(platform.MethodProject); n != 2*2+2 {
		t.Errorf("GetProject called %d times; a project off the internet needs no detail", n)
	}
}

// TestVisitSlotsPerListing: a platform that answers GetAppointmentObject
// only per ObjectID (fw4's getAppointmentObject(int)) gets asked per
// listing, and its slots, naming no property, are the asked listing's.
func TestVisitSlotsPerListing(t *testing.T) {
	for name, perObject := range map[string]func(*fakeplatform.Server){
		"refused without ObjectID": (*fakeplatform.Server).SlotsPerObject,
		"nothing without ObjectID": (*fakeplatform.Server).SlotsPerObjectSilently,
	} {
		t.Run(name, func(t *testing.T) { visitSlotsPerListing(t, perObject) })
	}
}

func visitSlotsPerListing(t *testing.T, perObject func(*fakeplatform.Server)) {
	e := newEnv(t, loadDemo(t))
	perObject(e.platform)
	run, err := e.run(true)
	if err != nil || len(run.Quarantined) != 0 {
		t.Fatalf("run = %+v, %v", run, err)
	}
	slots, err := e.store.VisitSlots(4003)
	if err != nil || len(slots) != 4 {
		t.Errorf("4003 has %d slots (%v), want its 4", len(slots), err)
	}
	if n, _ := e.store.CountVisitSlots(); n != 15 {
		t.Errorf("%d slots, want the demo's 15", n)
	}
	if n := e.platform.Calls(platform.MethodAppointments); n != 1+76 {
		t.Errorf("%d calls of GetAppointmentObject, want 1 and one per published listing", n)
	}
}

// TestWebCategoriesRefused: GetWebIDList only says which categories are for
// sale or rent; a platform that refuses it still syncs, every type offered
// for both. A failure that may pass (a 500) still refuses the run.
func TestWebCategoriesRefused(t *testing.T) {
	e := newEnv(t, loadDemo(t))
	e.platform.Fail(fakeplatform.SuccessFalse().For(platform.MethodWebCategories))
	if _, err := e.run(true); err != nil {
		t.Fatal(err)
	}
	types, _ := e.store.Types(listing.NL)
	for _, ty := range types {
		if !ty.Sale || !ty.Rent {
			t.Errorf("type %d %q: sale %v rent %v", ty.ID, ty.Name, ty.Sale, ty.Rent)
		}
	}
	if len(types) != 11 || !strings.Contains(e.logs.String(), "refuses GetWebIDList") {
		t.Errorf("%d types; the refusal is not logged:\n%s", len(types), e.logs)
	}
}
