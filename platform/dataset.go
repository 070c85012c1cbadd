package platform

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/estate-agency/estate/listing"
)

// Dataset is what a platform holds for an agency, as its answers carry it:
// every record is the JSON the platform sends (numbers where it sends
// numbers, fields the site does not read), so a recorded answer replays
// exactly. The demo agency, `estate platform check --record` and the fake
// platform of the tests all use it. On disk (testdata/platform) it is one
// file per method and language, each holding what that method answers:
//
//	GetWebIDList/{lang}.json            the list Value: {From, Items, RowsCount, To}
//	GetTypeOfPropertyList/{lang}.json   the list Value
//	GetPropertyList/{lang}.json         the list Value (every row, one page)
//	GetPropertiesByIDs/{lang}.json      the details, a plain array; absent: the rows are the details
//	GetPropertyPictureList/{lang}.json  {"<ObjectID>": [items]}
//	GetDocumentList/{lang}.json         {"<ObjectID>": [items]}
//	GetProjectList/{lang}.json          the list Value
//	GetProject/{lang}.json              the GetProject Values, a plain array; absent: the rows
//	GetProjectPictureList/{lang}.json   {"<ProjectID>": [items]}
//	GetAppointmentObject/{lang}.json    the Value
//	GetDeletedPropertyIDs.json          the Value: a plain array of ids
//	GetDeletedProjectIDs.json           the Value
//	GetVisitStatisticOfProperty.json …  the owner statistics (OwnerData): counts and media, not per language
//	GetCalendarHistories/{lang}.json    the owner histories, per language (their kinds and statuses are texts)
//	GetAutomaticHistories/{lang}.json
//
// A missing file is an empty answer, so a small fixture only holds what it
// needs.
type Dataset struct {
	Langs             map[listing.Lang]*LangData
	DeletedProperties []json.RawMessage
	DeletedProjects   []json.RawMessage
	Owner             OwnerData // the owners' statistics (dataset_owner.go)
}

// LangData is the part of a dataset that comes per LanguageId.
type LangData struct {
	WebCategories    []json.RawMessage
	Types            []json.RawMessage
	Properties       []json.RawMessage // GetPropertyList rows
	Details          []json.RawMessage // GetPropertiesByIDs items; nil: the rows
	PropertyPictures map[int][]json.RawMessage
	Projects         []json.RawMessage // GetProjectList rows
	ProjectDetails   []json.RawMessage // GetProject values; nil: the rows
	ProjectPictures  map[int][]json.RawMessage
	Appointments     []json.RawMessage

	// PropertyDocuments are GetDocumentList's items by ObjectID.
	PropertyDocuments map[int][]json.RawMessage
}

// PropertyDetails are the details GetPropertiesByIDs answers.
func (ld *LangData) PropertyDetails() []json.RawMessage {
	if ld.Details != nil {
		return ld.Details
	}
	return ld.Properties
}

// ProjectValues are what GetProject answers.
func (ld *LangData) ProjectValues() []json.RawMessage {
	if ld.ProjectDetails != nil {
		return ld.ProjectDetails
	}
	return ld.Projects
}

// Lang returns the data of a language, empty when the dataset has none.
func (d *Dataset) Lang(l listing.Lang) *LangData {
	if ld, ok := d.Langs[l]; ok && ld != nil {
		return ld
	}
	return &LangData{}
}

// Raw encodes v as a record of a dataset, HTML as it is (the platform's
// descriptions hold markup).
func Raw(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("platform: encode record: %v", err))
	}
	return bytes.TrimSpace(b.Bytes())
}

// RawAll encodes every record.
func RawAll[T any](vs []T) []json.RawMessage {
	out := make([]json.RawMessage, len(vs))
	for i, v := range vs {
		out[i] = Raw(v)
	}
	return out
}

// DatasetFiles are the folders (one file per language) and files of the
// layout, relative to the dataset's folder.
var DatasetFiles = []string{
	MethodWebCategories, MethodTypes, MethodPropertyList, MethodPropertiesByIDs, MethodPropertyPictures, MethodDocumentList,
	MethodProjectList, MethodProject, MethodProjectPictures, MethodAppointments,
	MethodDeletedProperties + ".json", MethodDeletedProjects + ".json",
	ownerFiles[0], ownerFiles[1], ownerFiles[2], ownerFiles[3], ownerFiles[4],
}

// ErrNoLanguage means a dataset folder has no file for a language.
var ErrNoLanguage = errors.New("platform: no data for the language")

var languages = []listing.Lang{listing.NL, listing.FR, listing.EN, listing.DE}

// LoadDir reads a dataset written by WriteDir (or recorded) from dir.
func LoadDir(dir string) (*Dataset, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("platform: dataset %s: %w", dir, err)
	}
	d := &Dataset{Langs: map[listing.Lang]*LangData{}}
	for _, l := range languages {
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
		return nil, fmt.Errorf("platform: dataset %s holds no language", dir)
	}
	var err error
	if d.DeletedProperties, err = LoadDeleted(dir, MethodDeletedProperties); err != nil {
		return nil, err
	}
	if d.DeletedProjects, err = LoadDeleted(dir, MethodDeletedProjects); err != nil {
		return nil, err
	}
	if d.Owner, err = LoadOwnerData(dir); err != nil {
		return nil, err
	}
	return d, nil
}

// HasDataset reports whether dir holds a dataset (some language's
// property list).
func HasDataset(dir string) bool {
	matches, err := filepath.Glob(filepath.Join(dir, MethodPropertyList, "*.json"))
	return err == nil && len(matches) > 0
}

// LoadDeleted reads a deleted-ids answer; a missing file is none.
func LoadDeleted(dir, method string) ([]json.RawMessage, error) {
	var items []json.RawMessage
	if _, err := readList(filepath.Join(dir, method+".json"), method, &items); err != nil {
		return nil, err
	}
	return items, nil
}

// LoadLang reads one language of a dataset, so a reader holds only what it
// works on.
func LoadLang(dir string, l listing.Lang) (*LangData, error) {
	ld := &LangData{}
	found := false
	file := func(method string) string { return filepath.Join(dir, method, string(l)+".json") }
	for _, f := range []struct {
		method string
		into   *[]json.RawMessage
	}{
		{MethodWebCategories, &ld.WebCategories},
		{MethodTypes, &ld.Types},
		{MethodPropertyList, &ld.Properties},
		{MethodPropertiesByIDs, &ld.Details},
		{MethodProjectList, &ld.Projects},
		{MethodProject, &ld.ProjectDetails},
		{MethodAppointments, &ld.Appointments},
	} {
		ok, err := readList(file(f.method), f.method, f.into)
		if err != nil {
			return nil, err
		}
		found = found || ok
	}
	for _, f := range []struct {
		method string
		into   *map[int][]json.RawMessage
	}{
		{MethodPropertyPictures, &ld.PropertyPictures},
		{MethodDocumentList, &ld.PropertyDocuments},
		{MethodProjectPictures, &ld.ProjectPictures},
	} {
		ok, err := readByID(file(f.method), f.into)
		if err != nil {
			return nil, err
		}
		found = found || ok
	}
	if !found {
		return nil, fmt.Errorf("%w: %s in %s", ErrNoLanguage, l, dir)
	}
	return ld, nil
}

// readList reads a file holding a list Value ({Items…} or an array).
func readList(path, method string, into *[]json.RawMessage) (bool, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("platform: read %s: %w", path, err)
	}
	items, _, _, err := decodeList(method, b)
	if err != nil {
		return false, fmt.Errorf("platform: %s: %w", path, err)
	}
	if items == nil {
		items = []json.RawMessage{}
	}
	*into = items
	return true, nil
}

// readByID reads a file of answers keyed by the id they were asked for.
func readByID(path string, into *map[int][]json.RawMessage) (bool, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("platform: read %s: %w", path, err)
	}
	var byKey map[string]json.RawMessage
	if err := json.Unmarshal(b, &byKey); err != nil {
		return false, fmt.Errorf("platform: decode %s: %w", path, err)
	}
	out := make(map[int][]json.RawMessage, len(byKey))
	for k, v := range byKey {
		id, err := strconv.Atoi(k)
		if err != nil {
			return false, fmt.Errorf("platform: %s: key %q is not an id", path, k)
		}
		items, _, _, err := decodeList("", v)
		if err != nil {
			return false, fmt.Errorf("platform: %s[%s]: %w", path, k, err)
		}
		out[id] = items
	}
	*into = out
	return true, nil
}

// WriteDir writes the dataset in the layout LoadDir reads, indented so diffs
// of committed data stay readable.
func (d *Dataset) WriteDir(dir string) error {
	write := func(path string, v any) error {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("platform: %w", err)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", " ")
		if err := enc.Encode(v); err != nil {
			return fmt.Errorf("platform: encode %s: %w", path, err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("platform: %w", err)
		}
		return nil
	}
	for _, l := range slices.Sorted(maps.Keys(d.Langs)) {
		ld := d.Langs[l]
		if ld == nil {
			continue
		}
		file := func(method string) string { return filepath.Join(dir, method, string(l)+".json") }
		for _, f := range []struct {
			method string
			items  []json.RawMessage
			paged  bool
		}{
			{MethodWebCategories, ld.WebCategories, true},
			{MethodTypes, ld.Types, true},
			{MethodPropertyList, ld.Properties, true},
			{MethodPropertiesByIDs, ld.Details, false},
			{MethodProjectList, ld.Projects, true},
			{MethodProject, ld.ProjectDetails, false},
			{MethodAppointments, ld.Appointments, false},
		} {
			if f.items == nil {
				continue
			}
			var v any = f.items
			if f.paged {
				v = Page(f.items, 1, len(f.items), len(f.items))
			}
			if err := write(file(f.method), v); err != nil {
				return err
			}
		}
		for _, f := range []struct {
			method string
			byID   map[int][]json.RawMessage
		}{
			{MethodPropertyPictures, ld.PropertyPictures},
			{MethodDocumentList, ld.PropertyDocuments},
			{MethodProjectPictures, ld.ProjectPictures},
		} {
			if len(f.byID) == 0 {
				continue
			}
			byKey := make(map[string][]json.RawMessage, len(f.byID))
			for id, items := range f.byID {
				byKey[strconv.Itoa(id)] = items
			}
			if err := write(file(f.method), byKey); err != nil {
				return err
			}
		}
	}
	for _, f := range []struct {
		method string
		items  []json.RawMessage
	}{
		{MethodDeletedProperties, d.DeletedProperties},
		{MethodDeletedProjects, d.DeletedProjects},
	} {
		if f.items == nil {
			continue
		}
		if err := write(filepath.Join(dir, f.method+".json"), f.items); err != nil {
			return err
		}
	}
	return d.Owner.write(dir, write)
}

// ListPage is a paged list's Value (fw4 tests/responses/GetCountryList.json).
type ListPage struct {
	From      int               `json:"From"`
	Items     []json.RawMessage `json:"Items"`
	RowsCount int               `json:"RowsCount"`
	To        int               `json:"To"`
}

// Page is the Value of one page: To echoes the asked Limit2 even on a
// short last page, as the platform does.
func Page(items []json.RawMessage, from, to, rows int) ListPage {
	if items == nil {
		items = []json.RawMessage{}
	}
	return ListPage{From: from, Items: items, RowsCount: rows, To: to}
}

// PropertyIDs are the ids of the property rows, in their order.
func (ld *LangData) PropertyIDs() []int {
	ids := make([]int, len(ld.Properties))
	for i, raw := range ld.Properties {
		ids[i] = RecordID(raw)
	}
	return ids
}

// Property returns the property row of id, decoded.
func (ld *LangData) Property(id int) (Property, bool) {
	for _, raw := range ld.Properties {
		if RecordID(raw) == id {
			var p Property
			return p, json.Unmarshal(raw, &p) == nil
		}
	}
	return Property{}, false
}

// EditProperty applies edit to the property of id, as an agent changing it
// on the platform would, in its row and (when they are kept apart) its
// detail, and reports whether it is there. The record is written back as
// Property encodes it: fields Property does not know are dropped.
func (ld *LangData) EditProperty(id int, edit func(*Property)) bool {
	found := false
	for _, records := range []*[]json.RawMessage{&ld.Properties, &ld.Details} {
		for i, raw := range *records {
			if RecordID(raw) != id {
				continue
			}
			var p Property
			if err := json.Unmarshal(raw, &p); err != nil {
				continue
			}
			edit(&p)
			(*records)[i] = Raw(p)
			found = true
		}
	}
	return found
}

// RemoveProperty takes the property of id out of the rows and details, as
// a platform that deleted it would, and reports whether it was there.
func (ld *LangData) RemoveProperty(id int) bool {
	n := len(ld.Properties)
	ld.Properties = slices.DeleteFunc(ld.Properties, func(raw json.RawMessage) bool { return RecordID(raw) == id })
	if ld.Details != nil {
		ld.Details = slices.DeleteFunc(ld.Details, func(raw json.RawMessage) bool { return RecordID(raw) == id })
	}
	return len(ld.Properties) < n
}

// AddProperty lists p as a new property (row and, when they are kept
// apart, detail).
func (ld *LangData) AddProperty(p Property) {
	ld.Properties = append(ld.Properties, Raw(p))
	if ld.Details != nil {
		ld.Details = append(ld.Details, Raw(p))
	}
}
