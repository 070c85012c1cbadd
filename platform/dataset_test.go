package platform_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func sameRaws(t *testing.T, what string, got, want []json.RawMessage) {
	t.Helper()
	if (got == nil) != (want == nil) || len(got) != len(want) {
		t.Errorf("%s: %d records (nil %v), want %d (nil %v)", what, len(got), got == nil, len(want), want == nil)
		return
	}
	for i := range want {
		if !sameJSON(t, got[i], want[i]) {
			t.Errorf("%s[%d] = %s, want %s", what, i, got[i], want[i])
		}
	}
}

// roundTripDataset holds every part of a dataset, records as the platform
// writes them: a numeric Zip, a string CountryID, HTML, a .NET date.
func roundTripDataset() *platform.Dataset {
	nl := &platform.LangData{
		WebCategories: raws(`{"ID":1,"WebID":1,"Name":"Huis","ShowOrder":1,"Sale":true,"Rent":false}`),
		Types:         raws(`{"ID":1,"Name":"Villa","WebID":1,"Abbr":"V","OriginalAbbr":"VIL","ParentID":0}`),
		Properties: raws(
			`{"ID":1,"Zip":6830,"CountryID":"10","Price":"250000","GoogleX":50.8503,"LastChangedDate":"2024-01-02 09:30:00","Extra":{"kept":[1,2]}}`,
			`{"ID":2,"Zip":"9000","CountryID":10,"LastChangedDate":"/Date(1773480600000+0100)/"}`,
		),
		Details: raws(`{"ID":1,"DescriptionB":"<p>Lang & <b>breed</b></p>","Zip":6830}`),
		PropertyPictures: map[int][]json.RawMessage{
			1: raws(`{"ID":11,"Url":"https://img/11.jpg"}`, `{"ID":12,"Url":"https://img/12.jpg"}`),
			2: raws(`{"ID":21,"Url":"https://img/21.jpg"}`),
		},
		Projects:        raws(`{"ID":7,"Name":"Zon","PublishInternet":true}`),
		ProjectDetails:  raws(`{"ID":7,"Name":"Zon","ProjectNumber":"P7","Units":[{"ID":71,"Name":"A1"}]}`),
		ProjectPictures: map[int][]json.RawMessage{7: raws(`{"ID":71,"Url":"https://img/71.jpg"}`)},
		Appointments:    raws(`{"ID":1,"ObjectID":1,"StartDate":"2024-07-01 10:00:00","EndDate":"2024-07-01 11:00:00"}`),
	}
	fr := &platform.LangData{Properties: raws(`{"ID":1,"Zip":6830,"City":"Gand"}`)}
	return &platform.Dataset{
		Langs:             map[listing.Lang]*platform.LangData{listing.NL: nl, listing.FR: fr, listing.DE: {}},
		DeletedProperties: raws(`90`, `"91"`, `{"ID":92}`),
		DeletedProjects:   raws(`6`),
	}
}

func TestDatasetRoundTrip(t *testing.T) {
	ds := roundTripDataset()
	dir := t.TempDir()
	if err := ds.WriteDir(dir); err != nil {
		t.Fatal(err)
	}

	t.Run("layout", func(t *testing.T) {
		for _, f := range []string{
			"GetWebIDList/nl.json", "GetTypeOfPropertyList/nl.json", "GetPropertyList/nl.json", "GetPropertiesByIDs/nl.json",
			"GetPropertyPictureList/nl.json", "GetProjectList/nl.json", "GetProject/nl.json", "GetProjectPictureList/nl.json",
			"GetAppointmentObject/nl.json", "GetPropertyList/fr.json", "GetDeletedPropertyIDs.json", "GetDeletedProjectIDs.json",
		} {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("%s not written: %v", f, err)
			}
		}
		for _, f := range []string{"GetPropertiesByIDs/fr.json", "GetTypeOfPropertyList/fr.json", "GetPropertyList/de.json", "GetPropertyList/en.json"} {
			if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
				t.Errorf("%s written for data the dataset does not hold", f)
			}
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !slices.Contains(platform.DatasetFiles, e.Name()) {
				t.Errorf("%s is not in DatasetFiles", e.Name())
			}
		}
		b, err := os.ReadFile(filepath.Join(dir, "GetPropertyList/nl.json"))
		if err != nil {
			t.Fatal(err)
		}
		var page platform.ListPage
		if err := json.Unmarshal(b, &page); err != nil || page.From != 1 || page.To != 2 || page.RowsCount != 2 || len(page.Items) != 2 {
			t.Errorf("a list file holds %+v, %v; want the one page Value", page, err)
		}
		if !bytes.Contains(b, []byte("\n ")) {
			t.Errorf("list file not indented:\n%s", b)
		}
		d, err := os.ReadFile(filepath.Join(dir, "GetPropertiesByIDs/nl.json"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(d, []byte("<p>Lang & <b>breed</b></p>")) {
			t.Errorf("HTML escaped in the file:\n%s", d)
		}
		if d := bytes.TrimSpace(d); d[0] != '[' {
			t.Errorf("details file is not a plain array:\n%s", d)
		}
	})

	got, err := platform.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("languages", func(t *testing.T) {
		if len(got.Langs) != 2 || got.Langs[listing.NL] == nil || got.Langs[listing.FR] == nil {
			t.Fatalf("languages %v, want nl and fr", slices.Sorted(maps.Keys(got.Langs)))
		}
		if _, ok := got.Langs[listing.DE]; ok {
			t.Error("a language without files was loaded")
		}
		if de := got.Lang(listing.DE); de == nil || de.Properties != nil || len(de.PropertyDetails()) != 0 {
			t.Errorf("Lang(de) = %+v, want empty data", de)
		}
	})
	t.Run("records", func(t *testing.T) {
		want, nl := ds.Langs[listing.NL], got.Lang(listing.NL)
		sameRaws(t, "WebCategories", nl.WebCategories, want.WebCategories)
		sameRaws(t, "Types", nl.Types, want.Types)
		sameRaws(t, "Properties", nl.Properties, want.Properties)
		sameRaws(t, "Details", nl.Details, want.Details)
		sameRaws(t, "Projects", nl.Projects, want.Projects)
		sameRaws(t, "ProjectDetails", nl.ProjectDetails, want.ProjectDetails)
		sameRaws(t, "Appointments", nl.Appointments, want.Appointments)
		if len(nl.PropertyPictures) != 2 {
			t.Errorf("PropertyPictures keyed %v", nl.PropertyPictures)
		}
		for id, items := range want.PropertyPictures {
			sameRaws(t, "PropertyPictures", nl.PropertyPictures[id], items)
		}
		sameRaws(t, "ProjectPictures", nl.ProjectPictures[7], want.ProjectPictures[7])
		sameRaws(t, "DeletedProperties", got.DeletedProperties, ds.DeletedProperties)
		sameRaws(t, "DeletedProjects", got.DeletedProjects, ds.DeletedProjects)

		fr := got.Lang(listing.FR)
		sameRaws(t, "fr Properties", fr.Properties, ds.Langs[listing.FR].Properties)
		if fr.Details != nil || fr.PropertyPictures != nil {
			t.Errorf("fr has data it was not given: %+v", fr)
		}
		sameRaws(t, "fr PropertyDetails", fr.PropertyDetails(), fr.Properties)
		sameRaws(t, "fr ProjectValues", fr.ProjectValues(), nil)
	})
	t.Run("numbers stay numbers", func(t *testing.T) {
		row := got.Lang(listing.NL).Properties[0]
		var m map[string]json.RawMessage
		if err := json.Unmarshal(row, &m); err != nil {
			t.Fatal(err)
		}
		if string(m["Zip"]) != "6830" || string(m["CountryID"]) != `"10"` || string(m["GoogleX"]) != "50.8503" {
			t.Errorf("Zip %s CountryID %s GoogleX %s, want them as the platform wrote them", m["Zip"], m["CountryID"], m["GoogleX"])
		}
	})
	t.Run("written again, the same files", func(t *testing.T) {
		again := t.TempDir()
		if err := got.WriteDir(again); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"GetPropertyList/nl.json", "GetPropertyPictureList/nl.json", "GetDeletedPropertyIDs.json"} {
			a, _ := os.ReadFile(filepath.Join(dir, f))
			b, _ := os.ReadFile(filepath.Join(again, f))
			if !bytes.Equal(a, b) {
				t.Errorf("%s differs:\n%s\n---\n%s", f, a, b)
			}
		}
	})
}

// TestDatasetServed: a dataset written and loaded serves the same answers,
// and a missing file is an empty answer.
func TestDatasetServed(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "GetPropertyList/nl.json"), `[{"ID":1,"Zip":6830,"LastChangedDate":"2024-01-02 09:30:00"},{"ID":2}]`)
	writeFile(t, filepath.Join(dir, "GetPropertyPictureList/nl.json"), `{"1":{"Items":[{"ID":11,"Url":"u"}],"RowsCount":1}}`)
	ds, err := platform.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	nl := ds.Lang(listing.NL)
	if nl.Types != nil || nl.Details != nil || ds.DeletedProperties != nil || len(nl.PropertyPictures[1]) != 1 {
		t.Fatalf("loaded %+v", nl)
	}

	fake := fakeplatform.New(ds, testCustomer, testPassword)
	srv := httptest.NewServer(fake)
	defer srv.Close()
	c, _ := newClient(t, testConfig(t, srv.URL))
	ctx := context.Background()

	rows, err := c.PropertyList(ctx, listing.NL, time.Time{})
	if err != nil || !slices.Equal(propertyIDs(rows), []int{1, 2}) || rows.Items[0].Zip != "6830" {
		t.Fatalf("PropertyList = %+v, %v", rows, err)
	}
	details, err := c.Properties(ctx, listing.NL, []int{2})
	if err != nil || !slices.Equal(propertyIDs(details), []int{2}) {
		t.Errorf("details without a details file are the rows: %+v, %v", details, err)
	}
	if types, err := c.Types(ctx, listing.NL); err != nil || len(types.Items) != 0 {
		t.Errorf("Types = %+v, %v; want an empty answer", types, err)
	}
	if del, err := c.DeletedPropertyIDs(ctx); err != nil || len(del) != 0 {
		t.Errorf("DeletedPropertyIDs = %v, %v; want none", del, err)
	}
	if pics, err := c.PropertyPictures(ctx, listing.NL, 1); err != nil || len(pics.Items) != 1 {
		t.Errorf("PropertyPictures(1) = %+v, %v", pics, err)
	}
	if pics, err := c.PropertyPictures(ctx, listing.NL, 2); err != nil || len(pics.Items) != 0 {
		t.Errorf("PropertyPictures(2) = %+v, %v; want none", pics, err)
	}
	if slots, err := c.Appointments(ctx, listing.NL, 0); err != nil || len(slots.Items) != 0 {
		t.Errorf("Appointments = %+v, %v", slots, err)
	}
	if rows, err := c.PropertyList(ctx, listing.FR, time.Time{}); err != nil || len(rows.Items) != 0 {
		t.Errorf("a language not in the folder: %+v, %v", rows, err)
	}
}

func TestLoadDirErrors(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		wantErr string
	}{
		{"no folder", nil, "no such file"},
		{"no language", map[string]string{"GetDeletedPropertyIDs.json": `[1]`}, "holds no language"},
		{"invalid JSON", map[string]string{"GetPropertyList/nl.json": `{"Items":[`}, "GetPropertyList"},
		{"a list that is no list", map[string]string{"GetTypeOfPropertyList/nl.json": `{"Foo":1}`}, "neither a list"},
		{"pictures keyed by a name", map[string]string{"GetPropertyPictureList/nl.json": `{"first":[]}`}, `key "first" is not an id`},
		{"pictures not an object", map[string]string{"GetPropertyPictureList/nl.json": `[1]`}, "GetPropertyPictureList"},
		{"pictures not a list", map[string]string{"GetProjectPictureList/fr.json": `{"7":{"Foo":1}}`}, "[7]"},
		{"invalid deleted ids", map[string]string{"GetPropertyList/nl.json": `[]`, "GetDeletedProjectIDs.json": `{`}, "GetDeletedProjectIDs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.files == nil {
				dir = filepath.Join(dir, "missing")
			}
			for name, content := range tt.files {
				writeFile(t, filepath.Join(dir, name), content)
			}
			ds, err := platform.LoadDir(dir)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("LoadDir = %+v, %v; want an error saying %q", ds, err, tt.wantErr)
			}
		})
	}
}

func TestLoadLangAndDeleted(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "GetAppointmentObject/fr.json"), `[{"ID":1}]`)
	if ld, err := platform.LoadLang(dir, listing.FR); err != nil || len(ld.Appointments) != 1 || ld.Properties != nil {
		t.Errorf("LoadLang(fr) = %+v, %v", ld, err)
	}
	if _, err := platform.LoadLang(dir, listing.NL); !errors.Is(err, platform.ErrNoLanguage) {
		t.Errorf("LoadLang(nl) err = %v, want ErrNoLanguage", err)
	}
	if items, err := platform.LoadDeleted(dir, platform.MethodDeletedProperties); err != nil || items != nil {
		t.Errorf("LoadDeleted of a missing file = %v, %v; want none", items, err)
	}
	writeFile(t, filepath.Join(dir, "GetDeletedPropertyIDs.json"), `[]`)
	if items, err := platform.LoadDeleted(dir, platform.MethodDeletedProperties); err != nil || items == nil || len(items) != 0 {
		t.Errorf("LoadDeleted of [] = %v, %v; want an empty list", items, err)
	}
}

func TestHasDataset(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		want  bool
	}{
		{"property list", []string{"GetPropertyList/nl.json"}, true},
		{"another language's property list", []string{"GetPropertyList/de.json"}, true},
		{"empty folder", nil, false},
		{"types only", []string{"GetTypeOfPropertyList/nl.json", "GetDeletedPropertyIDs.json"}, false},
		{"not JSON", []string{"GetPropertyList/nl.txt"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tt.files {
				writeFile(t, filepath.Join(dir, f), `[]`)
			}
			if got := platform.HasDataset(dir); got != tt.want {
				t.Errorf("HasDataset = %v, want %v", got, tt.want)
			}
		})
	}
	if platform.HasDataset(filepath.Join(t.TempDir(), "missing")) {
		t.Error("a missing folder holds a dataset")
	}
}

func TestRawAndPage(t *testing.T) {
	t.Run("Raw keeps HTML as it is", func(t *testing.T) {
		got := platform.Raw(platform.Property{ID: 1, DescriptionB: "<p>a & b</p>"})
		if !bytes.Contains(got, []byte(`"DescriptionB":"<p>a & b</p>"`)) || bytes.HasSuffix(got, []byte("\n")) {
			t.Errorf("Raw = %s", got)
		}
	})
	t.Run("Raw leaves unset fields out", func(t *testing.T) {
		got := string(platform.Raw(platform.ProjectRow{ID: 7, Name: "Zon"}))
		if strings.Contains(got, "PublishInternet") || strings.Contains(got, "LastChangedDate") {
			t.Errorf("Raw = %s", got)
		}
		got = string(platform.Raw(platform.ProjectRow{ID: 7, PublishInternet: platform.Has(false)}))
		if !strings.Contains(got, `"PublishInternet":false`) {
			t.Errorf("Raw = %s", got)
		}
	})
	t.Run("Raw of what cannot be encoded panics", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("no panic")
			}
		}()
		platform.Raw(make(chan int))
	})
	t.Run("RawAll", func(t *testing.T) {
		got := platform.RawAll([]platform.TypeOfProperty{{ID: 1}, {ID: 2}})
		if len(got) != 2 || platform.RecordID(got[1]) != 2 {
			t.Errorf("RawAll = %s", got)
		}
		if got := platform.RawAll[platform.TypeOfProperty](nil); got == nil || len(got) != 0 {
			t.Errorf("RawAll(nil) = %v", got)
		}
	})
	t.Run("Page", func(t *testing.T) {
		p := platform.Page(nil, 5, 6, 5)
		b, err := json.Marshal(p)
		if err != nil || string(b) != `{"From":5,"Items":[],"RowsCount":5,"To":6}` {
			t.Errorf("Page = %s, %v", b, err)
		}
	})
	t.Run("WriteDir of a nil entry", func(t *testing.T) {
		ds := &platform.Dataset{Langs: map[listing.Lang]*platform.LangData{listing.NL: nil, listing.FR: {Properties: raws(`{"ID":1}`)}}}
		dir := t.TempDir()
		if err := ds.WriteDir(dir); err != nil {
			t.Fatal(err)
		}
		if !platform.HasDataset(dir) {
			t.Error("the French rows were not written")
		}
	})
	t.Run("Lang of a nil entry", func(t *testing.T) {
		ds := &platform.Dataset{Langs: map[listing.Lang]*platform.LangData{listing.NL: nil}}
		if ld := ds.Lang(listing.NL); ld == nil {
			t.Error("Lang returned nil")
		}
		if ld := (&platform.Dataset{}).Lang(listing.FR); ld == nil {
			t.Error("Lang of an empty dataset returned nil")
		}
	})
}

func TestLangDataEdits(t *testing.T) {
	fresh := func(withDetails bool) *platform.LangData {
		ld := &platform.LangData{Properties: raws(`{"ID":2,"City":"Gent","Extra":1}`, `{"ID":1,"City":"Brugge"}`)}
		if withDetails {
			ld.Details = raws(`{"ID":1,"City":"Brugge","DescriptionB":"lang"}`, `{"ID":2,"City":"Gent","DescriptionB":"lang"}`)
		}
		return ld
	}

	t.Run("PropertyIDs and Property", func(t *testing.T) {
		ld := fresh(false)
		if got := ld.PropertyIDs(); !slices.Equal(got, []int{2, 1}) {
			t.Errorf("PropertyIDs = %v, want the rows' order", got)
		}
		if p, ok := ld.Property(1); !ok || p.City != "Brugge" {
			t.Errorf("Property(1) = %+v, %v", p, ok)
		}
		if _, ok := ld.Property(3); ok {
			t.Error("Property(3) found")
		}
		bad := &platform.LangData{Properties: raws(`{"ID":4,"Price":{"x":1}}`)}
		if _, ok := bad.Property(4); ok {
			t.Error("a row that does not decode is no property")
		}
	})
	t.Run("EditProperty", func(t *testing.T) {
		for _, withDetails := range []bool{false, true} {
			ld := fresh(withDetails)
			if !ld.EditProperty(2, func(p *platform.Property) { p.Price = 350000; p.City = "Gent-Zuid" }) {
				t.Fatal("property 2 not found")
			}
			if p, _ := ld.Property(2); p.Price != 350000 || p.City != "Gent-Zuid" {
				t.Errorf("row after the edit %+v", p)
			}
			if strings.Contains(string(ld.Properties[0]), "Extra") {
				t.Errorf("row %s kept a field Property does not know", ld.Properties[0])
			}
			if withDetails {
				var d platform.Property
				if err := json.Unmarshal(ld.Details[1], &d); err != nil || d.Price != 350000 || d.DescriptionB != "lang" {
					t.Errorf("detail after the edit %+v, %v", d, err)
				}
			}
			if p, _ := ld.Property(1); p.City != "Brugge" {
				t.Errorf("another property edited: %+v", p)
			}
			if ld.EditProperty(3, func(*platform.Property) { t.Error("edit called for a missing property") }) {
				t.Error("property 3 found")
			}
		}
	})
	t.Run("RemoveProperty", func(t *testing.T) {
		for _, withDetails := range []bool{false, true} {
			ld := fresh(withDetails)
			if !ld.RemoveProperty(2) || !slices.Equal(ld.PropertyIDs(), []int{1}) {
				t.Errorf("after removing 2: %v", ld.PropertyIDs())
			}
			if withDetails && (len(ld.Details) != 1 || platform.RecordID(ld.Details[0]) != 1) {
				t.Errorf("details %s", ld.Details)
			}
			if !withDetails && ld.Details != nil {
				t.Errorf("details made up: %s", ld.Details)
			}
			if ld.RemoveProperty(2) {
				t.Error("removed twice")
			}
		}
	})
	t.Run("AddProperty", func(t *testing.T) {
		for _, withDetails := range []bool{false, true} {
			ld := fresh(withDetails)
			ld.AddProperty(platform.Property{ID: 9, City: "Aalst"})
			if got := ld.PropertyIDs(); !slices.Equal(got, []int{2, 1, 9}) {
				t.Errorf("PropertyIDs = %v", got)
			}
			if withDetails && (len(ld.Details) != 3 || platform.RecordID(ld.Details[2]) != 9) {
				t.Errorf("details %s", ld.Details)
			}
			if !withDetails && ld.Details != nil {
				t.Errorf("details made up: %s", ld.Details)
			}
		}
	})
}
