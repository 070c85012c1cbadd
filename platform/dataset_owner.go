package platform

import (
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

// OwnerData are a dataset's statistics of properties for their owners.
// Counts, dates and media names are not per language, so each of those
// methods is one file at the top of the dataset's folder, keyed by the
// property's id, as the pictures are. The histories carry the platform's
// texts (an appointment's kind and status, a communication's kind), which
// the platform answers in the call's LanguageId: they are one file per
// language, as the other per-language methods (dataset.go):
//
//	GetVisitStatisticOfProperty.json        {"<ID>": Value}
//	GetMediaObjectStatisticsGraphList.json  {"<ObjectID>": [rows]}
//	GetMediaOnlineHistories.json            {"<ObjectID>": [rows]}
//	GetCalendarHistories/{lang}.json        {"<ObjectID>": [rows]}
//	GetAutomaticHistories/{lang}.json       {"<ObjectID>": [rows]}
//
// A language without a history file answers empty histories, as a missing
// file is an empty answer. The records are in the canonical names of
// owner_stats.go (our decision: no public source shows these answers).
type OwnerData struct {
	VisitStatistics map[int]json.RawMessage
	MediaStatistics map[int][]json.RawMessage
	MediaOnline     map[int][]json.RawMessage
	// The histories by language, then by ObjectID.
	CalendarHistories  map[listing.Lang]map[int][]json.RawMessage
	AutomaticHistories map[listing.Lang]map[int][]json.RawMessage
}

// ownerFiles are the files and folders of OwnerData in DatasetFiles.
var ownerFiles = []string{
	MethodVisitStatistic + ".json", MethodMediaStatistics + ".json", MethodMediaOnline + ".json",
	MethodCalendarHistories, MethodAutomaticHistories,
}

// Histories are the entries of a history method (GetCalendarHistories or
// GetAutomaticHistories) of a language, by ObjectID; nil for another
// method or a language without them.
func (o *OwnerData) Histories(method string, lang listing.Lang) map[int][]json.RawMessage {
	if by := o.histories(method); by != nil {
		return (*by)[lang]
	}
	return nil
}

// SetHistories replaces the entries of a history method in a language.
func (o *OwnerData) SetHistories(method string, lang listing.Lang, byID map[int][]json.RawMessage) {
	by := o.histories(method)
	if by == nil {
		return
	}
	if *by == nil {
		*by = map[listing.Lang]map[int][]json.RawMessage{}
	}
	(*by)[lang] = byID
}

func (o *OwnerData) histories(method string) *map[listing.Lang]map[int][]json.RawMessage {
	switch method {
	case MethodCalendarHistories:
		return &o.CalendarHistories
	case MethodAutomaticHistories:
		return &o.AutomaticHistories
	}
	return nil
}

// isHistory reports whether method is one of the per-language histories.
func isHistory(method string) bool {
	return method == MethodCalendarHistories || method == MethodAutomaticHistories
}

func (o *OwnerData) lists() []struct {
	method string
	byID   *map[int][]json.RawMessage
} {
	return []struct {
		method string
		byID   *map[int][]json.RawMessage
	}{
		{MethodMediaStatistics, &o.MediaStatistics},
		{MethodMediaOnline, &o.MediaOnline},
	}
}

// LoadOwnerData reads the owner statistics of a dataset folder; missing
// files are none.
func LoadOwnerData(dir string) (OwnerData, error) {
	var o OwnerData
	if err := LoadOwnerFile(dir, MethodVisitStatistic, &o); err != nil {
		return o, err
	}
	for _, f := range o.lists() {
		if err := LoadOwnerFile(dir, f.method, &o); err != nil {
			return o, err
		}
	}
	for _, m := range []string{MethodCalendarHistories, MethodAutomaticHistories} {
		for _, l := range languages {
			if err := LoadHistoryFile(dir, m, l, &o); err != nil {
				return o, err
			}
		}
	}
	return o, nil
}

// LoadHistoryFile reads the file of a history method in one language into
// o; a missing file leaves that language without entries.
func LoadHistoryFile(dir, method string, lang listing.Lang, o *OwnerData) error {
	if !isHistory(method) {
		return fmt.Errorf("platform: %s is not a history method", method)
	}
	var byID map[int][]json.RawMessage
	ok, err := readByID(filepath.Join(dir, method, string(lang)+".json"), &byID)
	if err != nil || !ok {
		return err
	}
	o.SetHistories(method, lang, byID)
	return nil
}

// LoadOwnerFile reads the file of one owner method that is not per
// language into o; a missing file leaves it empty.
func LoadOwnerFile(dir, method string, o *OwnerData) error {
	path := filepath.Join(dir, method+".json")
	if isHistory(method) {
		return fmt.Errorf("platform: %s is per language (LoadHistoryFile)", method)
	}
	if method != MethodVisitStatistic {
		for _, f := range o.lists() {
			if f.method == method {
				_, err := readByID(path, f.byID)
				return err
			}
		}
		return fmt.Errorf("platform: %s is not an owner statistics method", method)
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("platform: read %s: %w", path, err)
	}
	var byKey map[string]json.RawMessage
	if err := json.Unmarshal(b, &byKey); err != nil {
		return fmt.Errorf("platform: decode %s: %w", path, err)
	}
	o.VisitStatistics = make(map[int]json.RawMessage, len(byKey))
	for k, v := range byKey {
		id, err := strconv.Atoi(k)
		if err != nil {
			return fmt.Errorf("platform: %s: key %q is not an id", path, k)
		}
		o.VisitStatistics[id] = v
	}
	return nil
}

// writeOwnerData writes the files of o that hold something.
func (o *OwnerData) write(dir string, write func(path string, v any) error) error {
	if len(o.VisitStatistics) > 0 {
		byKey := make(map[string]json.RawMessage, len(o.VisitStatistics))
		for id, v := range o.VisitStatistics {
			byKey[strconv.Itoa(id)] = v
		}
		if err := write(filepath.Join(dir, MethodVisitStatistic+".json"), byKey); err != nil {
			return err
		}
	}
	for _, f := range o.lists() {
		if len(*f.byID) == 0 {
			continue
		}
		byKey := make(map[string][]json.RawMessage, len(*f.byID))
		for id, items := range *f.byID {
			byKey[strconv.Itoa(id)] = items
		}
		if err := write(filepath.Join(dir, f.method+".json"), byKey); err != nil {
			return err
		}
	}
	for _, m := range []string{MethodCalendarHistories, MethodAutomaticHistories} {
		by := *o.histories(m)
		for _, l := range slices.Sorted(maps.Keys(by)) {
			if len(by[l]) == 0 {
				continue
			}
			byKey := make(map[string][]json.RawMessage, len(by[l]))
			for id, items := range by[l] {
				byKey[strconv.Itoa(id)] = items
			}
			if err := write(filepath.Join(dir, m, string(l)+".json"), byKey); err != nil {
				return err
			}
		}
	}
	return nil
}
