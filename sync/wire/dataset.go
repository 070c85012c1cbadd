package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/estate-agency/estate/listing"
)

// Dataset is everything a platform holds for an agency, per language, in wire
// form. On disk (testdata/platform) it is one folder per method and one JSON
// file per language:
//
//	GetTypeOfPropertyList/{lang}.json   List[PropertyType]
//	GetCityListOfObjects/{lang}.json    List[City]
//	GetProperty/{lang}.json             []PropertyDetail (GetPropertyList rows are their list part)
//	GetPropertyPictureList/{lang}.json  {"<property id>": []PictureItem}
//	GetProject/{lang}.json              []Project (GetProjectList rows are derived)
//	GetDeletedPropertyIDs/{lang}.json   List[Deleted]
//	GetAppointmentObject/{lang}.json    List[Appointment]
//
// A missing file is an empty list, so a small fixture only holds what it needs.
type Dataset struct {
	Langs map[listing.Lang]*LangData
}

// LangData is the dataset of one language.
type LangData struct {
	Types        []PropertyType
	Cities       []City
	Properties   []PropertyDetail
	Pictures     map[int][]PictureItem
	Projects     []Project
	Deleted      []Deleted
	Appointments []Appointment
}

// Deleted is one row of GetDeletedPropertyIDs.
type Deleted struct {
	ID          int  `json:"ID"`
	DeletedDate Date `json:"DeletedDate"`
}

// Lang returns the data of a language, empty when the dataset has none.
func (d *Dataset) Lang(l listing.Lang) *LangData {
	if ld, ok := d.Langs[l]; ok {
		return ld
	}
	return &LangData{}
}

// PropertyList returns the list rows changed at or after since (all when since
// is zero), ordered by ID as the platform does.
func (ld *LangData) PropertyList(since time.Time) []PropertyListItem {
	out := make([]PropertyListItem, 0, len(ld.Properties))
	for _, p := range ld.Properties {
		if !since.IsZero() && p.LastChangedDate.Before(since) {
			continue
		}
		out = append(out, p.PropertyListItem)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Property returns the detail of one property.
func (ld *LangData) Property(id int) (PropertyDetail, bool) {
	for _, p := range ld.Properties {
		if p.ID == id {
			return p, true
		}
	}
	return PropertyDetail{}, false
}

// ProjectList returns the project rows.
func (ld *LangData) ProjectList() []ProjectListItem {
	out := make([]ProjectListItem, 0, len(ld.Projects))
	for _, p := range ld.Projects {
		out = append(out, ProjectListItem{ID: p.ID, Name: p.Name, LastChangedDate: p.LastChangedDate})
	}
	return out
}

// Project returns one project.
func (ld *LangData) Project(id int) (Project, bool) {
	for _, p := range ld.Projects {
		if p.ID == id {
			return p, true
		}
	}
	return Project{}, false
}

// DeletedSince returns the ids deleted at or after since.
func (ld *LangData) DeletedSince(since time.Time) []int {
	var out []int
	for _, d := range ld.Deleted {
		if since.IsZero() || !d.DeletedDate.Before(since) {
			out = append(out, d.ID)
		}
	}
	return out
}

// LoadDir reads a dataset written by WriteDir (or by hand) from dir.
func LoadDir(dir string) (*Dataset, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("wire: dataset %s: %w", dir, err)
	}
	d := &Dataset{Langs: map[listing.Lang]*LangData{}}
	for _, l := range []listing.Lang{listing.NL, listing.FR, listing.EN, listing.DE} {
		ld, err := LoadLang(dir, l)
		if errors.Is(err, ErrNoLanguage) {
			continue
		}
		if err != nil {
			return nil, err
		}
		d.Langs[l] = ld
	}
	if len(d.Langs) == 0 {
		return nil, fmt.Errorf("wire: dataset %s holds no language", dir)
	}
	return d, nil
}

// ErrNoLanguage means a dataset folder has no file for a language.
var ErrNoLanguage = errors.New("wire: no data for the language")

// LoadLang reads one language of a dataset, so a reader holds only what it
// works on.
func LoadLang(dir string, l listing.Lang) (*LangData, error) {
	ld := &LangData{}
	var types List[PropertyType]
	var cities List[City]
	var deleted List[Deleted]
	var appts List[Appointment]
	found := false
	for _, f := range []struct {
		method string
		into   any
	}{
		{MethodTypeList, &types},
		{MethodCityList, &cities},
		{MethodProperty, &ld.Properties},
		{MethodPictureList, &ld.Pictures},
		{MethodProject, &ld.Projects},
		{MethodDeletedProperties, &deleted},
		{MethodAppointments, &appts},
	} {
		ok, err := readJSON(filepath.Join(dir, f.method, string(l)+".json"), f.into)
		if err != nil {
			return nil, err
		}
		found = found || ok
	}
	if !found {
		return nil, fmt.Errorf("%w: %s in %s", ErrNoLanguage, l, dir)
	}
	ld.Types, ld.Cities, ld.Deleted, ld.Appointments = types.Items, cities.Items, deleted.Items, appts.Items
	return ld, nil
}

func readJSON(path string, into any) (bool, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("wire: read %s: %w", path, err)
	}
	if err := json.Unmarshal(b, into); err != nil {
		return false, fmt.Errorf("wire: decode %s: %w", path, err)
	}
	return true, nil
}

// WriteDir writes the dataset in the layout LoadDir reads, indented so diffs
// of the committed demo data stay readable.
func (d *Dataset) WriteDir(dir string) error {
	for l, ld := range d.Langs {
		for _, f := range []struct {
			method string
			value  any
			skip   bool
		}{
			{MethodTypeList, List[PropertyType]{Items: ld.Types, RowsCount: len(ld.Types)}, false},
			{MethodCityList, List[City]{Items: ld.Cities, RowsCount: len(ld.Cities)}, false},
			{MethodProperty, ld.Properties, false},
			{MethodPictureList, ld.Pictures, len(ld.Pictures) == 0},
			{MethodProject, ld.Projects, len(ld.Projects) == 0},
			{MethodDeletedProperties, List[Deleted]{Items: ld.Deleted, RowsCount: len(ld.Deleted)}, len(ld.Deleted) == 0},
			{MethodAppointments, List[Appointment]{Items: ld.Appointments, RowsCount: len(ld.Appointments)}, len(ld.Appointments) == 0},
		} {
			if f.skip {
				continue
			}
			path := filepath.Join(dir, f.method, string(l)+".json")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return fmt.Errorf("wire: %w", err)
			}
			b, err := json.MarshalIndent(f.value, "", " ")
			if err != nil {
				return fmt.Errorf("wire: encode %s: %w", path, err)
			}
			if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
				return fmt.Errorf("wire: %w", err)
			}
		}
	}
	return nil
}
