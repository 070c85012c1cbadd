package platform

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// OwnerData are a dataset's statistics of properties for their owners.
// They are not per language (counts, dates and media names), so each
// method is one file at the top of the dataset's folder, keyed by the
// property's id, as the pictures are:
//
//	GetVisitStatisticOfProperty.json        {"<ID>": Value}
//	GetMediaObjectStatisticsGraphList.json  {"<ObjectID>": [rows]}
//	GetMediaOnlineHistories.json            {"<ObjectID>": [rows]}
//	GetCalendarHistories.json               {"<ObjectID>": [rows]}
//	GetAutomaticHistories.json              {"<ObjectID>": [rows]}
//
// The records are in the canonical names of owner_stats.go (our decision:
// no public source shows these answers).
type OwnerData struct {
	VisitStatistics    map[int]json.RawMessage
	MediaStatistics    map[int][]json.RawMessage
	MediaOnline        map[int][]json.RawMessage
	CalendarHistories  map[int][]json.RawMessage
	AutomaticHistories map[int][]json.RawMessage
}

// ownerFiles are the files of OwnerData in DatasetFiles.
var ownerFiles = []string{
	MethodVisitStatistic + ".json", MethodMediaStatistics + ".json", MethodMediaOnline + ".json",
	MethodCalendarHistories + ".json", MethodAutomaticHistories + ".json",
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
		{MethodCalendarHistories, &o.CalendarHistories},
		{MethodAutomaticHistories, &o.AutomaticHistories},
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
	return o, nil
}

// LoadOwnerFile reads the file of one owner method into o; a missing file
// leaves it empty.
func LoadOwnerFile(dir, method string, o *OwnerData) error {
	path := filepath.Join(dir, method+".json")
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
	return nil
}
